// Whether a path (relative POSIX) is a source file on disk that discovery could list: inside the
// project root (also through links), a source file, not a declaration file, nor in `node_modules`
// or `dist`, nor left out by the user's `include`/`exclude`. For files reached from analysed ones
// but never walked (relative imports followed, packages of a narrowed run reached by name).
import { statSync } from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import { createContainment } from './containment.js';
import { DEFAULT_EXCLUDE } from './discover-defaults.js';

const SOURCE_FILE = /\.(?:[cm]?[jt]sx?)$/;
const NEVER_FOLLOWED = picomatch(DEFAULT_EXCLUDE as string[], { dot: true });

/** One stat per path asked for (memoised). */
export function sourceOnDisk(cwd: string, globs: { include?: readonly string[] | undefined; exclude?: readonly string[] | undefined }): (rel: string) => boolean {
  const included = globs.include && globs.include.length > 0 ? picomatch([...globs.include], { dot: false }) : undefined;
  const excluded = globs.exclude && globs.exclude.length > 0 ? picomatch([...globs.exclude], { dot: true }) : undefined;
  const containment = createContainment(cwd, []);
  const known = new Map<string, boolean>();
  return (rel) => {
    let found = known.get(rel);
    if (found === undefined) {
      found =
        !rel.startsWith('../') &&
        SOURCE_FILE.test(rel) &&
        !NEVER_FOLLOWED(rel) &&
        (!included || included(rel)) &&
        !excluded?.(rel) &&
        isFile(path.join(cwd, rel)) &&
        containment.escape(path.join(cwd, rel)) === undefined;
      known.set(rel, found);
    }
    return found;
  };
}

function isFile(abs: string): boolean {
  try {
    // Most paths asked are an import's candidate extensions that do not exist: no exception for those.
    return statSync(abs, { throwIfNoEntry: false })?.isFile() === true;
  } catch {
    return false;
  }
}
