// Where the resident server of one installation listens, and what identifies its code. Read by the
// launcher on every run (bin.ts) before anything else is loaded: only Node's own modules, no hash
// library, a few stats.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface ServerPlace {
  /** The socket a server of this installation listens on. */
  socket: string;
  /** The directory of the socket, private to the user. */
  directory: string;
  /**
   * The code's identity: the package version and the time and size of the CLI's code. A server
   * whose code differs from the client's (the package was rebuilt or upgraded) stops instead of
   * answering.
   */
  fingerprint: string;
  /** The command that starts this CLI: Node and the launcher. */
  launcher: readonly string[];
}

/**
 * The place of the server of the CLI started as `launcherFile`, whose code is `codeFile` (the
 * bundle, or the ES module entry where the build made none). One server per user and installation:
 * two checkouts, or two versions, never share one. Undefined on Windows: a named pipe's creator
 * cannot be checked from Node, and a pipe another user made first would receive the runs'
 * environments.
 */
export function serverPlace(launcherFile: string, codeFile: string, version: string): ServerPlace | undefined {
  if (typeof process.getuid !== 'function') return undefined;
  // Short: a socket path has a limit of about 100 bytes, and macOS's temporary directory is long.
  const directory = path.join(os.tmpdir(), `tia-${process.getuid()}`);
  return {
    socket: path.join(directory, `${hashText(path.resolve(launcherFile))}.sock`),
    directory,
    fingerprint: `${version}:${stampOf(codeFile)}`,
    launcher: [process.execPath, launcherFile],
  };
}

/**
 * Whether the socket's directory is this user's own, not a link, and closed to everyone else: in a
 * shared temporary directory another user could have made it first, to receive the runs.
 */
export function isPrivateDirectory(directory: string): boolean {
  const stat = fs.lstatSync(directory, { throwIfNoEntry: false });
  return stat !== undefined && stat.isDirectory() && stat.uid === process.getuid?.() && (stat.mode & 0o077) === 0;
}

function stampOf(file: string): string {
  try {
    const stat = fs.statSync(file);
    return `${stat.mtimeMs}:${stat.size}`;
  } catch {
    return '-';
  }
}

/** FNV-1a (32 bits, twice with different offsets) in base 36: a name, not a secret. */
function hashText(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x01000193) >>> 0;
  }
  return a.toString(36).padStart(7, '0') + b.toString(36).padStart(7, '0');
}
