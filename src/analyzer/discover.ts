// Phase "discover": the files to analyse, project by project (see layout.ts: tsconfigs, their
// references, workspace members, default globs for the rest, and tree.ts: what lies below them);
// the projects that own a file under `paths`, analysed whole; symlinked duplicates of files already
// listed dropped; sorted by relative path.
import fs from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import type { ToolDiagnostic } from '../checks/finding.js';
import { compareStrings } from '../checks/finding.js';
import { createContainment, outsideRootDiagnostic, type Containment } from './containment.js';
import { withFsMemo } from './fs-memo.js';
import { isDirectory, isSymlink, realpathOrUndefined } from './fs-probes.js';
import { AnalyzerConfigError } from './errors.js';
import { noteProbe } from './fs-inputs.js';
import { hasSourceExtension, isDeclarationFile, isWithin, relativePosix } from './source-paths.js';
import { EMPTY_CHAIN, extendChain, type IgnoreChain } from './gitignore.js';
import { planLayout, type LayoutProject } from './layout.js';
import { narrowScope } from './narrow-scope.js';
import { governingProject, walkTree } from './tree.js';
import { findTsconfig, type AliasConfig, type UnreadableDirectory } from './tsconfig.js';
import { createGlobFilter, unreadableDirectory, walkFiles, type DiscoveredFile, type GlobFilter } from './walk.js';

export type { DiscoveredFile } from './walk.js';

import { DEFAULT_EXCLUDE, DEFAULT_INCLUDE } from './discover-defaults.js';
import { fromPlain, type Discovery } from './discovery.js';

export { DEFAULT_EXCLUDE, DEFAULT_INCLUDE, fromPlain };

export interface DiscoverOptions {
  cwd: string;
  paths?: readonly string[] | undefined;
  tsconfig?: string | undefined;
  include?: readonly string[] | undefined;
  exclude?: readonly string[] | undefined;
  /**
   * Walk the whole tree and load every project even when paths narrow the run, as before
   * narrow-scope.ts (tests compare the two: the same files for the projects that own the paths).
   */
  wholeTree?: boolean | undefined;
}

export type { Discovery, PlainDiscovery, ProjectReport } from './discovery.js';

interface Target {
  abs: string;
  rel: string;
  directory: boolean;
}

/**
 * Every source file under the paths, each owned by its nearest project, and then every file of the
 * projects that own them: paths narrow what is reported, not what is analysed, so a run over the
 * changed files of a commit still sees the other side of a collision.
 */
export function discoverFiles(options: DiscoverOptions): Discovery {
  return withFsMemo(() => discover(options));
}

function discover(options: DiscoverOptions): Discovery {
  const cwd = path.resolve(options.cwd);
  if (!isDirectory(cwd)) throw new AnalyzerConfigError(`Project directory ${cwd} does not exist.`, cwd);
  const targets = (options.paths && options.paths.length > 0 ? options.paths : ['.']).map((p) => target(cwd, p));
  const explicit = options.tsconfig !== undefined;
  const tsconfig = findTsconfig(cwd, options.tsconfig);
  const unreadable = new Map<string, UnreadableDirectory>();
  const whole = targets.some((t) => t.rel === '');
  // Paths given and no --tsconfig: only what can own them is looked at (narrow-scope.ts).
  const scope = !explicit && !whole && options.wholeTree !== true ? narrowScope(targets) : undefined;
  const layout = planLayout(cwd, tsconfig, explicit, unreadable, scope && ((dirAbs) => scope.covers(relativePosix(cwd, dirAbs))));
  const walkDiagnostics: ToolDiagnostic[] = [];

  // Globs given explicitly narrow a tsconfig's list further; in glob mode they replace the default
  // include. The default excludes (node_modules, dist, declarations) always apply to what is walked.
  const include = options.include ? picomatch(options.include.map(stripDot), { dot: true }) : undefined;
  const exclude = options.exclude && options.exclude.length > 0 ? picomatch(options.exclude.map(stripDot), { dot: true }) : undefined;
  const filter = createGlobFilter(options.include ?? DEFAULT_INCLUDE, [...DEFAULT_EXCLUDE, ...(options.exclude ?? [])]);
  const inTargets = (rel: string): boolean => targets.some((t) => (t.directory ? isWithin(rel, t.rel) : rel === t.rel));
  // A declaration file given as a path holds nothing to check; its project is analysed all the same,
  // as for any path (a pre-commit run over a changed types.d.ts), and the run reports nothing in it.
  const declarations = targets.filter((t) => !t.directory && isDeclarationFile(t.rel)).map((t) => t.rel);

  // Links out of the working directory and the paths given are reported once, not followed.
  const containment = createContainment(cwd, targets.map((t) => t.abs));
  const outside = new Set<string>();
  const kept = targets.map((t) => t.rel);
  const walk = (): Map<string, DiscoveredFile> => {
    const walked = new Map<string, DiscoveredFile>();
    if (!explicit) {
      // The tree (all of it, or what the scope covers): it finds the projects below the root (their
      // tsconfigs and nested workspaces).
      const enters = scope && ((rel: string) => scope.covers(rel));
      for (const [rel, file] of walkTree({ cwd, layout, filter, kept, containment, diagnostics: walkDiagnostics, ...(enters ? { enters } : {}) })) walked.set(rel, file);
    } else {
      const visited = new Set<string>();
      for (const project of layout.projects) {
        if (!project.fileNames) globProject(cwd, project, layout.projects, filter, visited, walked, walkDiagnostics, containment);
      }
    }
    return walked;
  };
  const assign = (walked: Map<string, DiscoveredFile>): Assignment =>
    assignOwners(cwd, layout.projects, walked, { include, exclude, containment, outside, diagnostics: walkDiagnostics, walkedFromRoot: !explicit });
  const ownersOf = ({ found, owner, governing }: Assignment): Set<LayoutProject> => {
    const owners = new Set<LayoutProject>();
    for (const rel of found.keys()) if (inTargets(rel)) owners.add(owner.get(rel) as LayoutProject);
    for (const rel of declarations) {
      const project = governing(rel);
      if (project) owners.add(project);
    }
    return owners;
  };

  let walked = walk();
  let assignment = assign(walked);
  if (scope) {
    // The projects that own a path are analysed whole: their directories are walked too (and the
    // members of a workspace met on the way that lie in them become projects, as in a full walk).
    // (Until no new owner appears: a project found in an owner's directory may list a path too.)
    const widen = (): boolean => [...ownersOf(assignment)].map((project) => scope.widen(relativePosix(cwd, project.dir))).includes(true);
    while (widen()) {
      layout.revisitWorkspaces();
      walkDiagnostics.length = 0;
      outside.clear();
      walked = walk();
      assignment = assign(walked);
    }
  }
  const { found, owner } = assignment;

  // The projects that own a file under the paths are analysed whole.
  const owners = ownersOf(assignment);
  const inScope = (rel: string): boolean => whole || owners.has(owner.get(rel) as LayoutProject);
  const all = dropSymlinkDuplicates(cwd, [...found.values()]).sort((a, b) => compareStrings(a.rel, b.rel));
  const files = all.filter((file) => inScope(file.rel));
  const counts = new Map<LayoutProject, number>();
  for (const file of files) {
    const project = owner.get(file.rel) as LayoutProject;
    counts.set(project, (counts.get(project) ?? 0) + 1);
  }
  const shown = whole || owners.size === 0 ? layout.projects : layout.projects.filter((project) => owners.has(project));

  // Configuration of the projects analysed, and directories under the paths that could not be read.
  const projectDirs = new Set(shown.map((project) => relativePosix(cwd, project.dir)));
  const configInScope = (rel: string): boolean => {
    const dir = rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/')) : '';
    return whole || projectDirs.has(dir) || targets.some((t) => isWithin(t.rel, dir));
  };
  const diagnostics: ToolDiagnostic[] = layout.diagnostics().filter((d) => configInScope(d.file));
  for (const { dir, code } of unreadable.values()) {
    if (targets.some((t) => isWithin(dir, t.rel) || isWithin(t.rel, dir))) diagnostics.push(unreadableDirectory(dir, code));
  }
  diagnostics.push(...walkDiagnostics.filter((d) => whole || inTargets(d.file)));
  const aliases: AliasConfig[] = [];
  const aliasIndex = new Map<AliasConfig, number>();
  const aliased: Array<[string, number]> = [];
  for (const [rel, project] of owner) {
    if (!project.aliases) continue;
    let index = aliasIndex.get(project.aliases);
    if (index === undefined) aliasIndex.set(project.aliases, (index = aliases.push(project.aliases) - 1));
    aliased.push([rel, index]);
  }
  return fromPlain({
    files,
    available: whole ? [] : all.filter((file) => !inScope(file.rel)),
    // The compiler's listing and the walk both meet a directory that cannot be read: said once.
    diagnostics: diagnostics.filter((d, i) => diagnostics.findIndex((o) => o.file === d.file && o.kind === d.kind && o.message === d.message) === i),
    tsconfig,
    projects: shown.map((project) => ({ label: project.label, files: counts.get(project) ?? 0 })),
    packages: layout.packages,
    declarations,
    aliases,
    owners: aliased,
    targets: whole ? null : targets.map((t) => ({ rel: t.rel, directory: t.directory })),
  });
}

interface Assignment {
  /** Each file found, by relative path. */
  found: Map<string, DiscoveredFile>;
  owner: Map<string, LayoutProject>;
  /** The project that governs a file's directory (its nearest). */
  governing(rel: string): LayoutProject | undefined;
}

/**
 * A file belongs to the nearest project that lists it (its aliases apply): a tsconfig that lists
 * it, or the default-glob project whose directory it is in; any other file to the project that
 * governs its directory (its nearest tsconfig).
 */
function assignOwners(
  cwd: string,
  projects: readonly LayoutProject[],
  walked: ReadonlyMap<string, DiscoveredFile>,
  options: {
    include: ((rel: string) => boolean) | undefined;
    exclude: ((rel: string) => boolean) | undefined;
    containment: Containment;
    outside: Set<string>;
    diagnostics: ToolDiagnostic[];
    /** `walked` comes from the walk of the tree from the root (tree.ts), which judged every link. */
    walkedFromRoot: boolean;
  },
): Assignment {
  const { include, exclude, containment, outside } = options;
  const found = new Map<string, DiscoveredFile>();
  const owner = new Map<string, LayoutProject>();
  const governs = new Map<string, LayoutProject | undefined>();
  const governing = (rel: string): LayoutProject | undefined => {
    const dir = rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/')) : '';
    if (!governs.has(dir)) governs.set(dir, governingProject(cwd, projects, dir));
    return governs.get(dir);
  };
  const claim = (rel: string, file: DiscoveredFile, project: LayoutProject): void => {
    if (found.has(rel)) return;
    found.set(rel, file);
    owner.set(rel, project);
  };
  const byDepth = projects
    .map((project, index) => ({ project, index, depth: relativePosix(cwd, project.dir).split('/').length }))
    .sort((a, b) => b.depth - a.depth || a.index - b.index);
  const inGlobProject = new Map<LayoutProject, Array<[string, DiscoveredFile]>>();
  for (const [rel, file] of walked) {
    const project = governing(rel);
    if (!project || project.fileNames) continue;
    const list = inGlobProject.get(project) ?? [];
    list.push([rel, file]);
    inGlobProject.set(project, list);
  }
  for (const { project } of byDepth) {
    if (!project.fileNames) {
      for (const [rel, file] of inGlobProject.get(project) ?? []) claim(rel, file, project);
      continue;
    }
    for (const abs of project.fileNames) {
      const rel = relativePosix(cwd, abs);
      if (found.has(rel) || !hasSourceExtension(rel) || isDeclarationFile(rel)) continue;
      if ((include && !include(rel)) || exclude?.(rel)) continue;
      // The tree's walk met it: from the root down it entered no link out of the roots and kept no
      // file that is one. (A default-glob project's walk starts at its own directory, unchecked.)
      const met = walked.get(rel);
      if (met && options.walkedFromRoot) {
        claim(rel, met, project);
        continue;
      }
      const link = containment.escape(abs);
      if (link !== undefined) {
        if (!outside.has(link)) options.diagnostics.push(outsideRootDiagnostic(cwd, link));
        outside.add(link);
        continue;
      }
      claim(rel, met ?? { abs, rel, symlink: isSymlink(abs) }, project);
    }
  }
  for (const [rel, file] of walked) {
    const project = governing(rel);
    if (project) claim(rel, file, project);
  }
  return { found, owner, governing };
}

/**
 * The files of a default-glob project (with --tsconfig, beside a solution file): its directory
 * walked, honouring .gitignore, without entering the directories of the other projects inside it.
 */
function globProject(
  cwd: string,
  project: LayoutProject,
  all: readonly LayoutProject[],
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
  walkFiles(project.dir, cwd, filter, visited, out, diagnostics, { gitignore: true, skipDirs, chain: chainAbove(cwd, project.dir), containment });
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
  noteProbe(abs);
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



