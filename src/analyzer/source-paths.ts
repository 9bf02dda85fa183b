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
