// Where an import of a workspace package by name (`@acme/tools`, `@acme/tools/search`) leads: the
// targets its package.json names (`exports`, else `types`/`module`/`main`), and, since those
// usually point at build output that a fresh clone does not have, the source paths they were built
// from (`dist/esm/index.mjs` → `src/index.ts`). Pure string work; the module resolver checks the
// candidates against the analysed files.
import path from 'node:path';
import type { PackageManifest } from './workspaces.js';

/** Leading directories of build output, stripped to find the source a target was built from. */
const OUTPUT_DIRS = new Set(['dist', 'build', 'lib', 'out', 'esm', 'cjs', 'es', 'mjs', 'types', 'dts']);
/** Declaration and script extensions a target may carry. */
const TARGET_EXTENSION = /(\.d)?\.[cm]?[jt]sx?$/;

/**
 * Stems (relative to the package directory, POSIX, no extension) to try for `subpath` (`.` or
 * `./search`), most likely first. Empty when the package's `exports` do not export the subpath.
 */
export function entryCandidates(manifest: PackageManifest, subpath: string): string[] {
  const targets = manifest.exports !== undefined && manifest.exports !== null ? exportTargets(manifest.exports, subpath) : legacyTargets(manifest, subpath);
  const stems: string[] = [];
  const push = (stem: string): void => {
    if (!stems.includes(stem)) stems.push(stem);
  };
  // The targets as written first (a package that points at its sources), then built-from guesses.
  for (const target of targets) push(stemOf(target));
  for (const target of targets) for (const source of sourcesOf(stemOf(target))) push(source);
  return stems;
}

function legacyTargets(manifest: PackageManifest, subpath: string): string[] {
  if (subpath !== '.') return [subpath.slice(2), `src/${subpath.slice(2)}`];
  const named = [manifest.types, manifest.module, manifest.main].filter((t): t is string => t !== undefined);
  return [...named, 'src/index', 'index'];
}

/** Node's `exports` rules: a string or conditions object for `.`, or a map of subpaths (`./*` patterns). */
function exportTargets(exports: unknown, subpath: string): string[] {
  if (typeof exports === 'string' || Array.isArray(exports)) return subpath === '.' ? leaves(exports) : [];
  if (!isRecord(exports)) return [];
  const keys = Object.keys(exports);
  if (!keys.some((key) => key.startsWith('.'))) return subpath === '.' ? leaves(exports) : [];
  if (Object.hasOwn(exports, subpath)) return leaves(exports[subpath]);
  // The pattern with the longest prefix before its `*` wins.
  let best: { key: string; star: string } | undefined;
  for (const key of keys) {
    const star = key.indexOf('*');
    if (star === -1) continue;
    const prefix = key.slice(0, star);
    const suffix = key.slice(star + 1);
    if (subpath.length >= prefix.length + suffix.length && subpath.startsWith(prefix) && subpath.endsWith(suffix)) {
      if (!best || prefix.length > best.key.indexOf('*')) best = { key, star: subpath.slice(prefix.length, subpath.length - suffix.length) };
    }
  }
  return best ? leaves(exports[best.key]).map((target) => target.split('*').join(best.star)) : [];
}

/** Every target string in a conditions tree, in the order written (`null` excludes). */
function leaves(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(leaves);
  if (isRecord(value)) return Object.values(value).flatMap(leaves);
  return [];
}

/** `./dist/index.d.ts` → `dist/index`. */
function stemOf(target: string): string {
  return path.posix.normalize(target.replace(/\\/g, '/')).replace(/^\.\//, '').replace(TARGET_EXTENSION, '');
}

/** `dist/esm/index` → `src/esm/index`, `esm/index`, `src/index`, `index`. */
function sourcesOf(stem: string): string[] {
  const parts = stem.split('/');
  const out: string[] = [];
  for (let strip = 1; strip < parts.length && OUTPUT_DIRS.has(parts[strip - 1] as string); strip++) {
    const rest = parts.slice(strip).join('/');
    out.push(`src/${rest}`, rest);
  }
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
