// The files a tsconfig lists, as `tsc --listFilesOnly` roots them, without the compiler's own walk
// (`getFileNamesFromConfigSpecs`/`matchFiles`, a regular expression per absolute path and a
// realpath per directory). The compiler still parses the tsconfig and hands over, through its
// host's `readDirectory`, the include/exclude specs after `extends` and the extensions its options
// allow; this walks the same directories in the same order (each listed once through fs-memo and
// noted as an input of discovery), and keeps the same files in the same order: `files` first, then
// the include matches by spec and depth first with names sorted, a `.ts` winning over a `.js` or
// `.d.ts` of the same name, JSON only through a spec ending in `.json`.
import fs from 'node:fs';
import path from 'node:path';
import { noteProbe, noteRead } from './fs-inputs.js';
import { listDirectory } from './fs-memo.js';
import { realpathOrUndefined } from './fs-probes.js';
import { escapeRegExp } from '../facts/reg-exp.js';
import { isRooted, normalizedSegments, SpecSet, type SpecState } from './spec-pattern.js';

/** What the compiler asks its host's `readDirectory` for when it lists a tsconfig's files. */
export interface DirectoryRequest {
  /** The tsconfig's directory, absolute with `/` separators. */
  basePath: string;
  extensions: readonly string[];
  excludes: readonly string[] | undefined;
  includes: readonly string[];
}

export interface ListOptions {
  caseSensitive: boolean;
  /** A directory that exists and cannot be listed (one that is gone holds nothing, as for tsc). */
  onUnreadable(dir: string, code: string): void;
}

/** Same-name files: an earlier extension of a group hides the later ones (tsc's supported extensions, by priority). */
const EXTENSION_GROUPS = [
  ['.ts', '.tsx', '.d.ts', '.js', '.jsx'],
  ['.cts', '.d.cts', '.cjs'],
  ['.mts', '.d.mts', '.mjs'],
];
/** The longest of those extensions a name ends with (leftmost match: `.d.ts` before `.ts`). */
const SOURCE_EXTENSION = /\.(?:d\.[cm]?ts|tsx|jsx|[cm]?ts|[cm]?js)$/;

interface Twins {
  /** Extensions whose same-name file hides this one. */
  higher: string[];
  /** Extensions whose same-name file this one hides. */
  lower: string[];
}

/**
 * For each extension, its twins among the `allowed` ones: a file is hidden by one with an extension
 * before the first of its group it ends with (for `x.d.ts` that is `.d.ts`, not `.ts`; for `x.d.cts`
 * it is `.cts`, so nothing hides it), a `.d.ts` never hiding a `.js` or `.jsx`; it hides those after
 * the last one it ends with.
 */
function twinsByExtension(allowed: readonly string[]): Map<string, Twins> {
  const twins = new Map<string, Twins>();
  for (const group of EXTENSION_GROUPS.map((g) => g.filter((ext) => allowed.includes(ext)))) {
    for (const ext of group) {
      const endsWith = group.map((other) => ext.endsWith(other));
      const first = group.findIndex((other, i) => endsWith[i] === true && !(other === '.ts' && ext === '.d.ts'));
      const js = ext === '.js' || ext === '.jsx';
      twins.set(ext, {
        higher: group.slice(0, first).filter((other) => !(other === '.d.ts' && js)),
        lower: group.slice(endsWith.lastIndexOf(true) + 1),
      });
    }
  }
  return twins;
}

/**
 * The tsconfig's file names: `literal` (its `files`, as the compiler resolved them) and, when it
 * asked for a directory listing, what `request` selects.
 */
export function configFileNames(request: DirectoryRequest | undefined, literal: readonly string[], options: ListOptions): string[] {
  if (!request) return [...literal];
  const key = options.caseSensitive ? (p: string): string => p : toFileNameLowerCase;
  const literalKeys = new Set(literal.map(key));
  const twins = twinsByExtension(request.extensions);
  // The stems of the files kept so far: a file whose stem is new has no twin to look for.
  const stems = new Set<string>();
  const stemOf = (file: string): { stem: string; twins: Twins } | undefined => {
    const ext = SOURCE_EXTENSION.exec(file)?.[0];
    const found = ext === undefined ? undefined : twins.get(ext);
    return ext === undefined || found === undefined ? undefined : { stem: key(file.slice(0, file.length - ext.length)), twins: found };
  };
  for (const file of literal) {
    const stem = stemOf(file)?.stem;
    if (stem !== undefined) stems.add(stem);
  }
  const wildcard = new Map<string, string>();
  const json = new Map<string, string>();
  for (const { file, jsonSpec } of matchingFiles(request, options)) {
    const fileKey = key(file);
    if (file.endsWith('.json')) {
      if (jsonSpec && !literalKeys.has(fileKey) && !json.has(fileKey)) json.set(fileKey, file);
      continue;
    }
    const own = stemOf(file);
    if (own && stems.has(own.stem)) {
      const { stem, twins: { higher, lower } } = own;
      if (higher.some((ext) => literalKeys.has(stem + ext) || wildcard.has(stem + ext))) continue;
      for (const ext of lower) wildcard.delete(stem + ext);
    }
    if (own) stems.add(own.stem);
    if (!literalKeys.has(fileKey) && !wildcard.has(fileKey)) wildcard.set(fileKey, file);
  }
  return [...literal, ...wildcard.values(), ...json.values()];
}

interface Match {
  file: string;
  /** A spec ending in `.json` matches it (a JSON file is listed only then). */
  jsonSpec: boolean;
}

/** What the compiler's `readDirectory` would answer: matches grouped by the first spec they match, each group in walk order. */
function matchingFiles(request: DirectoryRequest, options: ListOptions): Match[] {
  const { basePath, extensions } = request;
  const { caseSensitive } = options;
  const includes = new SpecSet(request.includes, basePath, 'include', caseSensitive);
  const excludes = new SpecSet(request.excludes ?? [], basePath, 'exclude', caseSensitive);
  const jsonSpecs = includes.kept.map((spec) => spec.endsWith('.json'));
  const extension = new RegExp(`(?:${extensions.map(escapeRegExp).join('|')})$`);
  const bySpec: Match[][] = includes.kept.map(() => []);
  const canonical = caseSensitive ? (p: string): string => p : toFileNameLowerCase;
  const visited = new Set<string>();

  // With no usable include (all empty) every directory is entered and nothing matches, as in tsc.
  const enterAll = includes.size === 0;
  const visit = (dir: string, real: string, included: SpecState, excluded: SpecState, excludedAll: boolean): void => {
    const realKey = canonical(real);
    if (visited.has(realKey)) return;
    visited.add(realKey);
    const { files, directories, links } = listing(dir, options.onUnreadable);
    for (const name of files.sort()) {
      if (!extension.test(name)) continue;
      if (excludedAll || excludes.firstMatch(excluded, name) >= 0) continue;
      const spec = includes.firstMatch(included, name);
      if (spec < 0) continue;
      const file = join(dir, name);
      bySpec[spec]?.push({ file, jsonSpec: name.endsWith('.json') && includes.firstMatch(included, name, jsonSpecs) >= 0 });
    }
    for (const name of directories.sort()) {
      const inside = includes.step(included, name);
      if (!enterAll && !includes.live(inside)) continue;
      if (excludedAll) continue;
      const excludedInside = excludes.step(excluded, name);
      if (excludes.complete(excludedInside)) continue;
      const child = join(dir, name);
      // A real directory's real path is its parent's and its name; a link is resolved.
      visit(child, links.has(name) ? realpathOf(child) : join(real, name), inside, excludedInside, false);
    }
  };
  for (const base of basePaths(basePath, request.includes, caseSensitive)) {
    const included = includes.walk(base).state;
    const excluded = excludes.walk(base);
    visit(base, realpathOf(base), included, excluded.state, excluded.matched);
  }
  return bySpec.flat();
}

/**
 * Where the compiler starts walking: the tsconfig's directory, then each include's directory part
 * (up to its first wildcard; a file's directory) that is not inside one already taken, in order.
 */
function basePaths(basePath: string, includes: readonly string[], caseSensitive: boolean): string[] {
  const bases = [basePath];
  const starts = includes.map((include) => includeBase(isRooted(include) ? include : normalizedSegments(`${basePath}/${include}`).join('/') || '/'));
  const fold = (s: string): string => (caseSensitive ? s : s.toUpperCase());
  starts.sort((a, b) => (fold(a) < fold(b) ? -1 : fold(a) > fold(b) ? 1 : 0));
  for (const start of starts) if (bases.every((base) => !containsPath(base, start, caseSensitive))) bases.push(start);
  return bases;
}

function includeBase(absolute: string): string {
  const wildcard = absolute.search(/[*?]/);
  if (wildcard >= 0) return absolute.slice(0, absolute.lastIndexOf('/', wildcard));
  const trimmed = absolute.length > 1 ? absolute.replace(/\/+$/, '') : absolute;
  const slash = trimmed.lastIndexOf('/');
  if (!trimmed.slice(slash + 1).includes('.')) return absolute;
  // A file: its directory (the root stays the root).
  return slash <= 0 ? trimmed.slice(0, slash + 1) || '/' : trimmed.slice(0, slash);
}

/** `child` is `parent` or below it (roots compared without case, as the compiler does). */
function containsPath(parent: string, child: string, caseSensitive: boolean): boolean {
  if (parent === child) return true;
  const a = normalizedSegments(parent);
  const b = normalizedSegments(child);
  if (b.length < a.length) return false;
  return a.every((segment, i) => {
    const other = b[i] ?? '';
    return caseSensitive && i > 0 ? segment === other : segment === other || segment.toUpperCase() === other.toUpperCase();
  });
}

function join(dir: string, name: string): string {
  return dir.endsWith('/') ? dir + name : `${dir}/${name}`;
}

/** With `/` separators, as the paths it is compared with (the compiler's real path of what cannot be resolved is the path). */
function realpathOf(dir: string): string {
  return (realpathOrUndefined(dir) ?? dir).replace(/\\/g, '/');
}

/**
 * A directory's files and subdirectories, links sorted by what they point to; a looping or dangling
 * link is kept as a file, so the reader reports it rather than the listing dropping it silently.
 */
function listing(dir: string, onUnreadable: (dir: string, code: string) => void): { files: string[]; directories: string[]; links: Set<string> } {
  const files: string[] = [];
  const directories: string[] = [];
  const links = new Set<string>();
  let entries: fs.Dirent[];
  try {
    entries = listDirectory(dir || '.');
    noteRead(dir || '.');
  } catch (error) {
    noteProbe(dir || '.');
    const code = (error as NodeJS.ErrnoException).code ?? 'EUNKNOWN';
    if (code !== 'ENOENT' && code !== 'ENOTDIR') onUnreadable(dir, code);
    return { files, directories, links };
  }
  for (const entry of entries) {
    if (entry.isDirectory()) {
      directories.push(entry.name);
    } else if (entry.isSymbolicLink()) {
      const abs = path.join(dir, entry.name);
      noteProbe(abs);
      try {
        if (fs.statSync(abs).isDirectory()) {
          directories.push(entry.name);
          links.add(entry.name);
        } else {
          files.push(entry.name);
        }
      } catch {
        files.push(entry.name);
      }
    } else {
      files.push(entry.name);
    }
  }
  return { files, directories, links };
}

/** The compiler's case folding of file names for a case-insensitive host (three characters keep their case). */
function toFileNameLowerCase(p: string): string {
  return p.replace(/[^\u0130\u0131\u00DF]+/g, (run) => run.toLowerCase());
}
