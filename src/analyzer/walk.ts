// Glob-mode discovery (no tsconfig): a directory walk filtered with picomatch, the matcher
// tinyglobby itself uses. tinyglobby is not used for the walk because it hides symbolic links that
// matter here: with `followSymbolicLinks: false` it drops every symlink, and with `true` it skips a
// symlink loop silently. This walker lists a looping or dangling symlink whose name matches the
// include globs so the reader can report it (`symlink-loop` / `unreadable`), follows symlinked
// directories at most once per real directory (so a directory loop cannot recurse), does not follow
// a link out of the audited directory (`symlink-outside-root`), and never throws for an unreadable
// directory. `.gitignore` files are honoured on the way down.
import fs from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import type { ToolDiagnostic } from '../checks/finding.js';
import { outsideRootDiagnostic, type Containment } from './containment.js';
import { noteProbe, noteRead } from './fs-inputs.js';
import { listDirectory, realpath } from './fs-memo.js';
import { EMPTY_CHAIN, extendChain, isIgnored, type IgnoreChain } from './gitignore.js';
import { hasSourceExtension, relativePosix } from './source-paths.js';

export interface DiscoveredFile {
  abs: string;
  /** Relative to `cwd`, POSIX separators. */
  rel: string;
  /** The directory entry is a symbolic link (the reader resolves or reports it). */
  symlink: boolean;
}

export interface GlobFilter {
  /** A file (relative POSIX path) that should be analysed. */
  matchesFile(rel: string): boolean;
  /** A directory that is not worth entering. */
  prunesDir(rel: string): boolean;
}

/** Strips `./` and any leading `../` (paths outside `cwd` are matched from their own root). */
function matchKey(rel: string): string {
  return rel.replace(/^(\.\.\/)+/, '');
}

function normalizePattern(pattern: string): string {
  return pattern.replace(/\\/g, '/').replace(/^\.\//, '');
}

export function createGlobFilter(include: readonly string[], exclude: readonly string[]): GlobFilter {
  const includeMatch = include.length > 0 ? picomatch(include.map(normalizePattern), { dot: false }) : () => false;
  const excludeMatch = exclude.length > 0 ? picomatch(exclude.map(normalizePattern), { dot: true }) : () => false;
  // Dot directories (.git, .cache) can only hold matches when an include pattern names one.
  const allowDotDirs = include.some((p) => /(^|\/)\.(?!\.?\/)/.test(normalizePattern(p)));
  return {
    matchesFile(rel) {
      const key = matchKey(rel);
      return hasSourceExtension(key) && includeMatch(key) && !excludeMatch(key);
    },
    prunesDir(rel) {
      const key = matchKey(rel);
      if (key === '') return false;
      if (!allowDotDirs && path.posix.basename(key).startsWith('.')) return true;
      // picomatch's globstar matches zero segments: `**/dist/**` matches the directory `dist` itself.
      return excludeMatch(key);
    },
  };
}

export function unreadableDirectory(rel: string, code: string): ToolDiagnostic {
  return { file: rel, kind: code === 'ELOOP' ? 'symlink-loop' : 'unreadable', message: `Cannot read directory (${code}).` };
}

function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException | undefined)?.code ?? 'EUNKNOWN';
}

function realpathOrSelf(abs: string): string {
  return realpath(abs) ?? abs;
}

export interface WalkOptions {
  /** Read `.gitignore` files in the walked directories and skip what they ignore. */
  gitignore: boolean;
  /** Directories (relative to `cwd`, POSIX) not entered: other projects own them. */
  skipDirs?: ReadonlySet<string>;
  /** The .gitignore chain that applies at `rootAbs` (from the directories above it). */
  chain?: IgnoreChain;
  /** Links that lead out of the audited directory are reported, not followed. */
  containment?: Containment;
  /** Called with each directory's entry names before they are judged (tree.ts finds projects there). */
  onDirectory?(dirAbs: string, names: ReadonlySet<string>): void;
  /** Entries left out beyond the filter and .gitignore (what the governing tsconfig excludes). */
  excluded?(rel: string, abs: string, isDirectory: boolean): boolean;
}

/**
 * Walks `rootAbs` depth first, adding matching files to `out` (keyed by relative path).
 * `visitedReal` holds real paths of directories already walked: shared across roots it keeps
 * overlapping `paths` and symlinked directories from being walked twice.
 */
export function walkFiles(
  rootAbs: string,
  cwd: string,
  filter: GlobFilter,
  visitedReal: Set<string>,
  out: Map<string, DiscoveredFile>,
  problems: ToolDiagnostic[],
  options: WalkOptions = { gitignore: false },
): void {
  // A directory's real path is its parent's plus its name unless it was reached through a link:
  // resolved only for the root and for linked directories (once per directory was a tenth of
  // discovering a 9,000-directory monorepo).
  const stack: Array<{ dir: string; chain: IgnoreChain; real?: string }> = [{ dir: rootAbs, chain: options.chain ?? EMPTY_CHAIN }];
  while (stack.length > 0) {
    const { dir, chain: parentChain, real: known } = stack.pop()!;
    const real = known ?? realpathOrSelf(dir);
    if (visitedReal.has(real)) continue;
    visitedReal.add(real);
    let entries: fs.Dirent[];
    try {
      entries = listDirectory(dir);
      noteRead(dir);
    } catch (error) {
      noteProbe(dir);
      problems.push(unreadableDirectory(relativePosix(cwd, dir), errorCode(error)));
      continue;
    }
    const chain =
      options.gitignore && entries.some((entry) => entry.name === '.gitignore' && !entry.isDirectory())
        ? extendChain(parentChain, dir, relativePosix(cwd, dir))
        : parentChain;
    options.onDirectory?.(dir, new Set(entries.map((entry) => entry.name)));
    const ignored = (rel: string, isDirectory: boolean): boolean =>
      (isDirectory && options.skipDirs?.has(rel) === true) ||
      (chain.length > 0 && isIgnored(chain, rel, isDirectory)) ||
      options.excluded?.(rel, path.join(cwd, rel), isDirectory) === true;
    const subdirs: Array<{ abs: string; real?: string }> = [];
    const realBase = real.endsWith(path.sep) ? real : real + path.sep;
    for (const entry of entries) {
      const abs = path.join(dir, entry.name);
      const rel = relativePosix(cwd, abs);
      if (entry.isDirectory()) {
        if (!filter.prunesDir(rel) && !ignored(rel, true)) subdirs.push({ abs, real: realBase + entry.name });
      } else if (entry.isSymbolicLink()) {
        let stat: fs.Stats | undefined;
        noteProbe(abs);
        try {
          stat = fs.statSync(abs);
        } catch {
          // A loop or a dangling link: listed when its name matches, so the reader reports it.
          if (filter.matchesFile(rel) && !ignored(rel, false)) out.set(rel, { abs, rel, symlink: true });
          continue;
        }
        const wanted = stat.isDirectory() ? !filter.prunesDir(rel) && !ignored(rel, true) : filter.matchesFile(rel) && !ignored(rel, false);
        if (!wanted) continue;
        if (options.containment?.escape(abs) !== undefined) problems.push(outsideRootDiagnostic(cwd, rel));
        else if (stat.isDirectory()) subdirs.push({ abs });
        else out.set(rel, { abs, rel, symlink: true });
      } else if (filter.matchesFile(rel) && !ignored(rel, false)) {
        // Regular files, and FIFOs or sockets with a source name (the reader refuses those).
        out.set(rel, { abs, rel, symlink: false });
      }
    }
    // Reverse so the stack pops directories in name order (the final list is sorted anyway).
    subdirs.sort((a, b) => (a.abs < b.abs ? -1 : a.abs > b.abs ? 1 : 0)).reverse();
    for (const sub of subdirs) stack.push({ dir: sub.abs, chain, ...(sub.real === undefined ? {} : { real: sub.real }) });
  }
}
