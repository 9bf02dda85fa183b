// Where the resident server of one installation listens, and what identifies its code. Read by the
// launcher on every run (bin.ts) before the CLI is loaded: a few stats, and a hash (the launcher
// loads node:crypto anyway, for its code cache).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { codeStamp } from '../analyzer/code-stamp.js';
import { sha256 } from '../analyzer/sha256.js';

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
    socket: path.join(directory, `${sha256(path.resolve(launcherFile)).slice(0, 16)}.sock`),
    directory,
    fingerprint: `${version}:${codeStamp(codeFile)}`,
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
