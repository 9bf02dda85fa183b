// Questions about paths that must never throw: a missing or unreadable path simply answers no.
// A missing path is asked without an exception (`throwIfNoEntry: false`): most probes are misses
// (an import's candidate extensions), and building the error cost more than the stat.
import fs from 'node:fs';
import { noteProbe } from './fs-inputs.js';
import { listedIsSymlink, realpath } from './fs-memo.js';

export function isFile(p: string): boolean {
  noteProbe(p);
  try {
    return fs.statSync(p, { throwIfNoEntry: false })?.isFile() === true;
  } catch {
    return false;
  }
}

export function isDirectory(p: string): boolean {
  noteProbe(p);
  try {
    return fs.statSync(p, { throwIfNoEntry: false })?.isDirectory() === true;
  } catch {
    return false;
  }
}

export function isSymlink(p: string): boolean {
  noteProbe(p);
  const listed = listedIsSymlink(p);
  if (listed !== undefined) return listed;
  try {
    return fs.lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}

/** The real path, or undefined when it cannot be resolved (dangling link, loop, permissions). */
export function realpathOrUndefined(p: string): string | undefined {
  noteProbe(p);
  return realpath(p);
}
