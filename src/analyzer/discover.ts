// Phase "discover": the files to analyse, project by project (see layout.ts: tsconfigs, their
// references, workspace members, default globs for the rest); restricted to `paths`; symlinked
// duplicates of files already listed dropped; sorted by relative path.
import fs from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import type { ToolDiagnostic } from '../checks/finding.js';
import { compareStrings } from '../checks/finding.js';
import { createContainment, outsideRootDiagnostic, type Containment } from './containment.js';
import { isDirectory, isSymlink, realpathOrUndefined } from './fs-probes.js';
import { AnalyzerConfigError } from './errors.js';
import { hasSourceExtension, isDeclarationFile, isWithin, relativePosix } from './source-paths.js';
import { EMPTY_CHAIN, extendChain, type IgnoreChain } from './gitignore.js';
import { planLayout, type LayoutPackage, type LayoutProject } from './layout.js';
import { findTsconfig, type AliasConfig, type UnreadableDirectory } from './tsconfig.js';
import { createGlobFilter, unreadableDirectory, walkFiles, type DiscoveredFile, type GlobFilter } from './walk.js';

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
  /** Directories that could not be listed, configuration that could not be read. */
  diagnostics: ToolDiagnostic[];
  /** The tsconfig the run started from, absolute; undefined without one. */
  tsconfig: string | undefined;
  /** Each project in the order it was found, with the number of files it contributed. */
  projects: ProjectReport[];
  /** Workspace packages other packages import by name. */
  packages: LayoutPackage[];
  /** Module aliases for a file (from the tsconfig project that lists it). */
  aliasesFor(rel: string): AliasConfig | undefined;
}

export interface ProjectReport {
  /** Its tsconfig, or `<dir> (default globs)`, relative to cwd. */
  label: string;
  /** Files it contributed (a file listed by two projects counts for the one nearest to it). */
  files: number;
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
  const unreadable = new Map<string, UnreadableDirectory>();
  const layout = planLayout(cwd, tsconfig, options.tsconfig !== undefined, unreadable);
  const diagnostics: ToolDiagnostic[] = [...layout.diagnostics];
  for (const { dir, code } of unreadable.values()) {
    if (targets.some((t) => isWithin(dir, t.rel) || isWithin(t.rel, dir))) diagnostics.push(unreadableDirectory(dir, code));
  }

  // Globs given explicitly narrow a tsconfig's list further; in glob mode they replace the defaults.
  const include = options.include ? picomatch(options.include.map(stripDot), { dot: true }) : undefined;
  const exclude = options.exclude && options.exclude.length > 0 ? picomatch(options.exclude.map(stripDot), { dot: true }) : undefined;
  const filter = createGlobFilter(options.include ?? DEFAULT_INCLUDE, options.exclude ?? DEFAULT_EXCLUDE);
  const inTargets = (rel: string): boolean => targets.some((t) => (t.directory ? isWithin(rel, t.rel) : rel === t.rel));

  // Links out of the working directory and the paths given are reported once, not followed.
  const containment = createContainment(cwd, targets.map((t) => t.abs));
  const outside = new Set<string>();
  const found = new Map<string, DiscoveredFile>();
  const owner = new Map<string, LayoutProject>();
  const visited = new Set<string>();
  // The project nearest to a file owns it (its aliases apply): deepest directories first.
  const byDepth = layout.projects
    .map((project, index) => ({ project, index, depth: relativePosix(cwd, project.dir).split('/').length }))
    .sort((a, b) => b.depth - a.depth || a.index - b.index);
  for (const { project } of byDepth) {
    const listed = new Map<string, DiscoveredFile>();
    if (project.fileNames) {
      for (const abs of project.fileNames) {
        const rel = relativePosix(cwd, abs);
        if (!hasSourceExtension(rel) || isDeclarationFile(rel) || !inTargets(rel)) continue;
        if ((include && !include(rel)) || exclude?.(rel)) continue;
        const link = containment.escape(abs);
        if (link !== undefined) {
          if (!outside.has(link)) diagnostics.push(outsideRootDiagnostic(cwd, link));
          outside.add(link);
          continue;
        }
        listed.set(rel, { abs, rel, symlink: isSymlink(abs) });
      }
    } else {
      globProject(cwd, project, layout.projects, targets, filter, visited, listed, diagnostics, containment);
    }
    for (const [rel, file] of listed) {
      if (found.has(rel)) continue;
      found.set(rel, file);
      owner.set(rel, project);
    }
  }

  const files = dropSymlinkDuplicates(cwd, [...found.values()]).sort((a, b) => compareStrings(a.rel, b.rel));
  const counts = new Map<LayoutProject, number>();
  for (const file of files) {
    const project = owner.get(file.rel) as LayoutProject;
    counts.set(project, (counts.get(project) ?? 0) + 1);
  }
  return {
    files,
    diagnostics,
    tsconfig,
    projects: layout.projects.map((project) => ({ label: project.label, files: counts.get(project) ?? 0 })),
    packages: layout.packages,
    aliasesFor: (rel) => owner.get(rel)?.aliases,
  };
}

/**
 * The files of a default-glob project: its directory walked (only where `targets` reach),
 * honouring .gitignore, without entering the directories of the other projects inside it.
 */
function globProject(
  cwd: string,
  project: LayoutProject,
  all: readonly LayoutProject[],
  targets: readonly Target[],
  filter: GlobFilter,
  visited: Set<string>,
  out: Map<string, DiscoveredFile>,
  diagnostics: ToolDiagnostic[],
  containment: Containment,
): void {
  const dirRel = relativePosix(cwd, project.dir);
  const skipDirs = new Set(
    all
      .map((other) => relativePosix(cwd, other.dir))
      .filter((rel) => rel !== dirRel && isWithin(rel, dirRel) && !(dirRel === '' && rel === '')),
  );
  const skipped = (rel: string): boolean => [...skipDirs].some((dir) => isWithin(rel, dir));
  for (const t of targets) {
    if (t.directory) {
      // Walk the smaller of the two: the target inside the project, or the project inside the target.
      const start = isWithin(t.rel, dirRel) ? t : isWithin(dirRel, t.rel) ? { abs: project.dir, rel: dirRel } : undefined;
      if (!start || skipped(start.rel)) continue;
      walkFiles(start.abs, cwd, filter, visited, out, diagnostics, { gitignore: true, skipDirs, chain: chainAbove(cwd, start.abs), containment });
    } else if (isWithin(t.rel, dirRel) && !skipped(t.rel) && filter.matchesFile(t.rel)) {
      out.set(t.rel, { abs: t.abs, rel: t.rel, symlink: isSymlink(t.abs) });
    }
  }
}

/** The .gitignore files of the directories from `cwd` down to (not including) `dirAbs`. */
function chainAbove(cwd: string, dirAbs: string): IgnoreChain {
  const rel = relativePosix(cwd, dirAbs);
  if (rel === '' || rel.startsWith('..')) return EMPTY_CHAIN;
  let chain = EMPTY_CHAIN;
  let current = cwd;
  chain = extendChain(chain, current, '');
  const parts = rel.split('/');
  for (const part of parts.slice(0, -1)) {
    current = path.join(current, part);
    chain = extendChain(chain, current, relativePosix(cwd, current));
  }
  return chain;
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



