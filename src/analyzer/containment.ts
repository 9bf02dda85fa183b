// Symbolic links that lead out of the audited directory are not followed: a link to a home
// directory, a mounted volume or `/` would otherwise pull unrelated (or huge, or private) trees into
// the run. Only links are judged: a path that lies outside the roots to begin with (a tsconfig that
// includes `../shared`) was asked for. The roots are the working directory and the paths the run
// was given, each by its own spelling and by its real path.
import fs from 'node:fs';
import path from 'node:path';
import type { ToolDiagnostic } from '../checks/finding.js';
import { isSymlink, realpathOrUndefined } from './fs-probes.js';
import { isInsideDirectory, relativePosix } from './source-paths.js';

export interface Containment {
  /**
   * The link (relative to cwd, POSIX) through which `abs` leaves the roots; undefined when `abs`
   * stays inside, lies outside them to begin with, or cannot be resolved (the reader reports
   * dangling links and loops).
   */
  escape(abs: string): string | undefined;
}

export function createContainment(cwd: string, roots: readonly string[]): Containment {
  const lexical = [cwd, ...roots].map((root) => path.resolve(cwd, root));
  const real = lexical.map((root) => realpathOrUndefined(root) ?? root);
  const realDirs = new Map<string, string | undefined>();
  const realDir = (dir: string): string | undefined => {
    if (!realDirs.has(dir)) realDirs.set(dir, realpathOrUndefined(dir));
    return realDirs.get(dir);
  };
  const insideReal = (p: string): boolean => real.some((root) => isInsideDirectory(p, root));
  return {
    escape(abs) {
      const root = lexical.find((r) => isInsideDirectory(abs, r));
      if (root === undefined) return undefined;
      // One realpath per directory; the file's own one only when it is a link.
      const dir = realDir(path.dirname(abs));
      if (dir === undefined) return undefined;
      const target = isSymlink(abs) ? realpathOrUndefined(abs) : path.join(dir, path.basename(abs));
      if (target === undefined || insideReal(target)) return undefined;
      // The outermost link on the way that leads out names the problem (the directory link, not
      // every file below it).
      const parts = path.relative(root, abs).split(path.sep);
      for (let i = 1; i <= parts.length; i++) {
        const step = path.join(root, ...parts.slice(0, i));
        if (!isSymlink(step)) continue;
        const resolved = realpathOrUndefined(step);
        if (resolved !== undefined && !insideReal(resolved)) return relativePosix(cwd, step);
      }
      return relativePosix(cwd, abs);
    },
  };
}

/** The warning for a link that is not followed, with the target as the link spells it. */
export function outsideRootDiagnostic(cwd: string, rel: string): ToolDiagnostic {
  let target = '';
  try {
    target = ` (to ${fs.readlinkSync(path.join(cwd, rel))})`;
  } catch {
    // A directory link further up the path: the diagnostic names the path without its target.
  }
  return { file: rel, kind: 'symlink-outside-root', message: `Symbolic link leads out of the audited directory${target}: not followed.` };
}
