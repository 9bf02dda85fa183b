// Path helpers shared by discovery, reading and module resolution: which files are analysable
// source and how an absolute path becomes the relative POSIX path used in facts and findings.
import path from 'node:path';

/** Extensions the analyzer parses; anything else a glob or tsconfig yields is dropped. */
export const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'] as const;

/** `x.d.ts`, `x.d.mts`, `x.d.cts` and `x.d.css.ts` (arbitrary-extension declarations). */
const DECLARATION_FILE = /\.d(\.[^/.]+)?\.[cm]?ts$/i;

export function hasSourceExtension(file: string): boolean {
  const ext = path.posix.extname(file).toLowerCase();
  return (SOURCE_EXTENSIONS as readonly string[]).includes(ext);
}

export function isDeclarationFile(file: string): boolean {
  return DECLARATION_FILE.test(file);
}

/** A path with `/` separators whatever the platform. */
export function toPosix(p: string): string {
  return path.sep === '/' ? p : p.split(path.sep).join('/');
}

/**
 * `path.join(cwd, rel)` for many relative paths: a plain one (no `.`/`..` segment, no empty one) is
 * appended as it is, which is what joining gives, without normalising it anew (a tenth of a warm
 * run's loop over thousands of cached paths); any other, and every path on Windows, is joined.
 */
export function joinerFrom(cwd: string): (rel: string) => string {
  const base = cwd.endsWith('/') ? cwd : `${cwd}/`;
  const direct = path.sep === '/' && path.isAbsolute(cwd) && path.normalize(cwd) === cwd;
  return (rel) => (direct && rel !== '' && !rel.startsWith('/') && !NOT_PLAIN.test(rel) ? base + rel : path.join(cwd, rel));
}

/** A `.` or `..` segment, or an empty one (`a//b`). */
const NOT_PLAIN = /(?:^|\/)\.{1,2}(?:\/|$)|\/\//;

/** `abs` relative to `cwd`, POSIX separators; `''` for `cwd` itself. */
export function relativePosix(cwd: string, abs: string): string {
  return toPosix(path.relative(cwd, abs));
}

/** True when `file` (relative POSIX) is `dir` or inside it; `dir === ''` contains everything. */
export function isWithin(file: string, dir: string): boolean {
  return dir === '' || file === dir || file.startsWith(dir.endsWith('/') ? dir : `${dir}/`);
}

/** True when the absolute path `p` is `dir` or inside it (a sibling named `..x` is inside too). */
export function isInsideDirectory(p: string, dir: string): boolean {
  const rel = path.relative(dir, p);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}
