// Module resolution for the linker, against the set of analysed files only: pure string work, no
// file-system calls per lookup. Relative and absolute specifiers with the compiler's extension
// rules (`./x.js` → x.ts, `./dir` → dir/index.ts, .mjs → .mts, .cjs → .cts), tsconfig `paths`
// and `baseUrl`, and workspace packages by name (their entry points mapped back to sources, see
// package-entry.ts). Other bare specifiers resolve to nothing (dependencies are never analysed).
import path from 'node:path';
import type { LayoutPackage } from './layout.js';
import { entryCandidates } from './package-entry.js';
import type { AliasConfig } from './tsconfig.js';
import { toPosix } from './source-paths.js';

export type ResolveModule = (fromFile: string, specifier: string) => string | undefined;

/** Tried in order for a specifier written with a JavaScript extension (the compiler's order). */
const EXTENSION_SWAPS: Readonly<Record<string, readonly string[]>> = {
  '.js': ['.ts', '.tsx', '.js', '.jsx'],
  '.jsx': ['.tsx', '.jsx'],
  '.mjs': ['.mts', '.mjs'],
  '.cjs': ['.cts', '.cjs'],
};
/** Tried for an extensionless specifier, then as `<dir>/index<ext>`. */
const IMPLICIT_EXTENSIONS = ['.ts', '.tsx', '.js', '.jsx'] as const;
/** Tried for a package entry point stem (its extension was dropped with the build directory). */
const ENTRY_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'] as const;

/**
 * @param files relative POSIX paths of the analysed files (the keys of `FileFacts.file`)
 * @param cwd absolute project root, for absolute specifiers
 * @param aliasesFor the tsconfig aliases that apply to a file, if any
 * @param packages workspace packages importable by name (tsconfig `paths` win over them)
 * @param exists also accept a path outside `files` when this says it exists (import following)
 */
export function createModuleResolver(
  files: Iterable<string>,
  cwd: string,
  aliasesFor: (file: string) => AliasConfig | undefined = () => undefined,
  packages: readonly LayoutPackage[] = [],
  exists?: (rel: string) => boolean,
): ResolveModule {
  const listed = new Set(files);
  const known = exists ? { has: (rel: string): boolean => listed.has(rel) || exists(rel) } : listed;
  const byName = new Map(packages.map((p) => [p.manifest.name, p]));
  const root = toPosix(path.resolve(cwd));
  const memo = new Map<string, string | undefined>();

  const asFile = (base: string): string | undefined => {
    if (base === '') return indexFile('');
    const ext = path.posix.extname(base);
    const swaps = EXTENSION_SWAPS[ext];
    if (swaps) {
      const stem = base.slice(0, -ext.length);
      for (const swap of swaps) if (known.has(stem + swap)) return stem + swap;
    }
    if (known.has(base)) return base;
    for (const e of IMPLICIT_EXTENSIONS) if (known.has(base + e)) return base + e;
    return indexFile(`${base}/`);
  };
  const indexFile = (dirPrefix: string): string | undefined => {
    for (const e of IMPLICIT_EXTENSIONS) if (known.has(`${dirPrefix}index${e}`)) return `${dirPrefix}index${e}`;
    return undefined;
  };
  // `''` is the project root itself.
  const lookup = (joined: string): string | undefined => asFile(normalize(joined));

  const viaAliases = (specifier: string, aliases: AliasConfig): string | undefined => {
    if (aliases.paths) {
      const match = matchPattern(Object.keys(aliases.paths), specifier);
      if (match) {
        for (const substitution of aliases.paths[match.pattern] ?? []) {
          const replaced = substitution.includes('*') ? substitution.replace('*', match.star) : substitution;
          const found = lookup(path.posix.join(aliases.pathsBase, toPosix(replaced)));
          if (found) return found;
        }
      }
    }
    return aliases.baseUrl === undefined ? undefined : lookup(path.posix.join(aliases.baseUrl, specifier));
  };

  const stemFile = (stem: string): string | undefined => {
    for (const e of ENTRY_EXTENSIONS) if (known.has(stem + e)) return stem + e;
    for (const e of ENTRY_EXTENSIONS) if (known.has(`${stem}/index${e}`)) return `${stem}/index${e}`;
    return undefined;
  };
  const viaPackage = (specifier: string): string | undefined => {
    const parts = specifier.split('/');
    const nameLength = specifier.startsWith('@') ? 2 : 1;
    const pkg = byName.get(parts.slice(0, nameLength).join('/'));
    if (!pkg) return undefined;
    const subpath = parts.length > nameLength ? `./${parts.slice(nameLength).join('/')}` : '.';
    const memoKey = `\0pkg\0${specifier}`;
    if (memo.has(memoKey)) return memo.get(memoKey);
    let result: string | undefined;
    for (const stem of entryCandidates(pkg.manifest, subpath)) {
      result = stemFile(normalize(path.posix.join(pkg.dir, stem)));
      if (result) break;
    }
    memo.set(memoKey, result);
    return result;
  };

  return (fromFile, specifier) => {
    if (specifier === '') return undefined;
    const relative = specifier === '.' || specifier === '..' || specifier.startsWith('./') || specifier.startsWith('../');
    const fromDir = path.posix.dirname(fromFile);
    const aliases = relative || specifier.startsWith('/') ? undefined : aliasesFor(fromFile);
    if (!relative && !specifier.startsWith('/') && !aliases) return viaPackage(specifier);
    // Relative lookups depend on the directory, alias lookups on the alias table (shared per tsconfig).
    const key = relative ? `${fromDir}\0${specifier}` : `${specifier}\0${aliases ? aliasKey(aliases) : ''}`;
    if (memo.has(key)) return memo.get(key);
    let result: string | undefined;
    if (relative) result = lookup(path.posix.join(fromDir, specifier));
    else if (specifier.startsWith('/')) result = lookup(path.posix.relative(root, specifier));
    else if (aliases) result = viaAliases(specifier, aliases) ?? viaPackage(specifier);
    memo.set(key, result);
    return result;
  };
}

const aliasKeys = new WeakMap<AliasConfig, string>();
let nextAliasKey = 0;
function aliasKey(aliases: AliasConfig): string {
  let key = aliasKeys.get(aliases);
  if (key === undefined) {
    key = String(nextAliasKey++);
    aliasKeys.set(aliases, key);
  }
  return key;
}

/** `a/./b/../c/` → `a/c`; the root is `''`. */
function normalize(p: string): string {
  const normalized = path.posix.normalize(p).replace(/\/+$/, '');
  return normalized === '.' ? '' : normalized.replace(/^\.\//, '');
}

/**
 * The compiler's `paths` matching: an exact key wins; else the `prefix*suffix` pattern with the
 * longest prefix that matches.
 */
function matchPattern(patterns: readonly string[], specifier: string): { pattern: string; star: string } | undefined {
  let best: { pattern: string; star: string; prefixLength: number } | undefined;
  for (const pattern of patterns) {
    const star = pattern.indexOf('*');
    if (star === -1) {
      if (pattern === specifier) return { pattern, star: '' };
      continue;
    }
    if (pattern.indexOf('*', star + 1) !== -1) continue; // invalid: at most one '*'
    const prefix = pattern.slice(0, star);
    const suffix = pattern.slice(star + 1);
    if (
      specifier.length >= prefix.length + suffix.length &&
      specifier.startsWith(prefix) &&
      specifier.endsWith(suffix) &&
      (!best || prefix.length > best.prefixLength)
    ) {
      best = { pattern, star: specifier.slice(prefix.length, specifier.length - suffix.length), prefixLength: prefix.length };
    }
  }
  return best && { pattern: best.pattern, star: best.star };
}
