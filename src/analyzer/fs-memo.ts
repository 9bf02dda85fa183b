// One discovery asks the disk the same questions several times: the tree walk and the tsconfig
// file listing (tsconfig-files.ts) list the same directories, and the symlink containment asks
// every listed file whether it is a link and every directory for its real path. Inside `withFsMemo` each directory is
// listed once, its entries' kinds answer "is it a link" without an lstat, and each real path is
// resolved once. Discovery never writes, so one answer holds for the whole call; outside it nothing
// is remembered (a later run, or a reader after discovery, asks the disk again).
import fs from 'node:fs';
import path from 'node:path';

interface Listing {
  entries: fs.Dirent[];
  /** The names of the entries that are links. */
  links: Set<string>;
}

interface Memo {
  listings: Map<string, Listing | Error>;
  realpaths: Map<string, string | undefined>;
}

let memo: Memo | undefined;

/** Runs `run` with the memo on (a nested call shares the outer one). */
export function withFsMemo<T>(run: () => T): T {
  if (memo) return run();
  memo = { listings: new Map(), realpaths: new Map() };
  try {
    return run();
  } finally {
    memo = undefined;
  }
}

/** `readdirSync(dir, { withFileTypes: true })`, once per directory under the memo; throws as it does. */
export function listDirectory(dir: string): fs.Dirent[] {
  if (!memo) return fs.readdirSync(dir, { withFileTypes: true });
  const key = path.resolve(dir);
  let listed = memo.listings.get(key);
  if (listed === undefined) {
    try {
      const entries = fs.readdirSync(key, { withFileTypes: true });
      listed = { entries, links: new Set(entries.filter((entry) => entry.isSymbolicLink()).map((entry) => entry.name)) };
    } catch (error) {
      listed = error as Error;
    }
    memo.listings.set(key, listed);
  }
  if (listed instanceof Error) throw listed;
  return listed.entries;
}

/**
 * Whether `abs` is a symbolic link, when its directory was listed under the memo (an entry that is
 * not there is no link); undefined when nothing listed says.
 */
export function listedIsSymlink(abs: string): boolean | undefined {
  if (!memo) return undefined;
  const resolved = path.resolve(abs);
  const listed = memo.listings.get(path.dirname(resolved));
  if (listed === undefined || listed instanceof Error) return undefined;
  return listed.links.has(path.basename(resolved));
}

/** `realpathSync.native`, undefined where it fails; once per path under the memo. */
export function realpath(p: string): string | undefined {
  const compute = (): string | undefined => {
    try {
      return fs.realpathSync.native(p);
    } catch {
      return undefined;
    }
  };
  if (!memo) return compute();
  const key = path.resolve(p);
  if (memo.realpaths.has(key)) return memo.realpaths.get(key);
  const real = compute();
  memo.realpaths.set(key, real);
  return real;
}
