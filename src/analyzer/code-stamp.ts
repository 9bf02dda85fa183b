// What identifies a module's code without reading it: its size and modification time. The facts
// cache salts with it (cache-salt.ts) and the resident server knows its own code by it
// (cli/server-place.ts); a rebuild or an upgrade changes it.
import fs from 'node:fs';

/** A module's size and time; '' when it cannot be statted. */
export function codeStamp(file: string): string {
  try {
    const stat = fs.statSync(file);
    return `${stat.size}\0${stat.mtimeMs}`;
  } catch {
    return '';
  }
}
