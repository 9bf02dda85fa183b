// Phase "discover": the files to analyse, from the tsconfig (and the projects it references) when
// there is one, else from include/exclude globs; restricted to `paths`; symlinked duplicates of
// files already listed dropped; sorted by relative path.
import fs from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import type { ToolDiagnostic } from '../checks/finding.js';
import { compareStrings } from '../checks/finding.js';
import { isDirectory, isSymlink, realpathOrUndefined } from './fs-probes.js';
import { AnalyzerConfigError } from './errors.js';
import { hasSourceExtension, isDeclarationFile, isWithin, relativePosix } from './source-paths.js';
import { findTsconfig, loadTsconfigProjects, type AliasConfig, type UnreadableDirectory } from './tsconfig.js';
import { createGlobFilter, unreadableDirectory, walkFiles, type DiscoveredFile } from './walk.js';

export type { DiscoveredFile } from './walk.js';

export const DEFAULT_INCLUDE: readonly string[] = ['**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}'];
export const DEFAULT_EXCLUDE: readonly string[] = ['**/node_modules/**', '**/dist/**', '**/*.d.ts'];

export interface DiscoverOptions {
  cwd: string;
  paths?: readonly string[] | undefined;
  tsconfig?: string | undefined;
  include?: readonly string[] | undefined;
  exclude?: readonly string[] | undefined;
}

export interface Discovery {
  /** Sorted by `rel` (code-point order), no duplicates. */
  files: DiscoveredFile[];
  /** Directories that could not be listed. */
  diagnostics: ToolDiagnostic[];
  /** The tsconfig used, absolute; undefined in glob mode. */
  tsconfig: string | undefined;
  /** Module aliases for a file (from the tsconfig project that lists it). */
  aliasesFor(rel: string): AliasConfig | undefined;
}

interface Target {
  abs: string;
  rel: string;
  directory: boolean;
}

export function discoverFiles(options: DiscoverOptions): Discovery {
  const cwd = path.resolve(options.cwd);
  if (!isDirectory(cwd)) throw new AnalyzerConfigError(`Project directory ${cwd} does not exist.`, cwd);
  const targets = (options.paths && options.paths.length > 0 ? options.paths : ['.']).map((p) => target(cwd, p));
  const tsconfig = findTsconfig(cwd, options.tsconfig);
  const diagnostics: ToolDiagnostic[] = [];
  const found = new Map<string, DiscoveredFile>();
  const aliases = new Map<string, AliasConfig>();

  if (tsconfig !== undefined) {
    // Globs given explicitly narrow the tsconfig's list further.
    const include = options.include ? picomatch(options.include.map(stripDot), { dot: true }) : undefined;
    const exclude = options.exclude && options.exclude.length > 0 ? picomatch(options.exclude.map(stripDot), { dot: true }) : undefined;
    const unreadable = new Map<string, UnreadableDirectory>();
    const projects = loadTsconfigProjects(tsconfig, cwd, unreadable);
    for (const { dir, code } of unreadable.values()) {
      if (targets.some((t) => isWithin(dir, t.rel) || isWithin(t.rel, dir))) diagnostics.push(unreadableDirectory(dir, code));
    }
    for (const project of projects) {
      for (const abs of project.fileNames) {
        const rel = relativePosix(cwd, abs);
        if (found.has(rel) || !hasSourceExtension(rel) || isDeclarationFile(rel)) continue;
        if (!targets.some((t) => (t.directory ? isWithin(rel, t.rel) : rel === t.rel))) continue;
        if ((include && !include(rel)) || exclude?.(rel)) continue;
        found.set(rel, { abs, rel, symlink: isSymlink(abs) });
        if (project.aliases) aliases.set(rel, project.aliases);
      }
    }
  } else {
    const filter = createGlobFilter(options.include ?? DEFAULT_INCLUDE, options.exclude ?? DEFAULT_EXCLUDE);
    const visited = new Set<string>();
    for (const t of targets) {
      if (t.directory) walkFiles(t.abs, cwd, filter, visited, found, diagnostics);
      else if (filter.matchesFile(t.rel)) found.set(t.rel, { abs: t.abs, rel: t.rel, symlink: isSymlink(t.abs) });
    }
  }

  const files = dropSymlinkDuplicates(cwd, [...found.values()]).sort((a, b) => compareStrings(a.rel, b.rel));
  return { files, diagnostics, tsconfig, aliasesFor: (rel) => aliases.get(rel) };
}

function target(cwd: string, p: string): Target {
  const abs = path.resolve(cwd, p);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(abs);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // A looping symlink named explicitly is still a file to report, not a usage error.
    if (code === 'ELOOP') return { abs, rel: relativePosix(cwd, abs), directory: false };
    throw new AnalyzerConfigError(`Path ${p} does not exist (${code ?? 'error'}).`, p, { cause: error });
  }
  return { abs, rel: relativePosix(cwd, abs), directory: stat.isDirectory() };
}

/**
 * A symlink whose target is another listed file would be analysed twice (and collide with
 * itself): keep the real file. Costs one realpath per symlink, nothing for regular files.
 */
function dropSymlinkDuplicates(cwd: string, files: DiscoveredFile[]): DiscoveredFile[] {
  if (!files.some((f) => f.symlink)) return files;
  const realCwd = realpathOrUndefined(cwd) ?? cwd;
  const seen = new Set(files.filter((f) => !f.symlink).map((f) => path.join(realCwd, f.rel)));
  const kept: DiscoveredFile[] = [];
  for (const file of [...files].sort((a, b) => compareStrings(a.rel, b.rel))) {
    if (file.symlink) {
      const real = realpathOrUndefined(file.abs);
      if (real !== undefined) {
        if (seen.has(real)) continue;
        seen.add(real);
      }
    }
    kept.push(file);
  }
  return kept;
}

function stripDot(pattern: string): string {
  return pattern.replace(/\\/g, '/').replace(/^\.\//, '');
}



