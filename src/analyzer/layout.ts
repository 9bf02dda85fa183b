// Which projects make up what the user pointed at: the tsconfig (and the projects it references),
// the members of a workspace, and default-glob projects for what no tsconfig covers. A fresh clone
// of a monorepo is the case to get right: a solution-style root tsconfig (`"files": []`), package
// tsconfigs extending bases in an uninstalled node_modules, packages without any tsconfig, example
// apps with tsconfigs of their own that neither the root tsconfig nor the workspace lists.
//
// - A root tsconfig that lists files is a project; one that lists none (solution style) is not, its
//   references are.
// - At a workspace root (unless --tsconfig names a project that lists files), every member is a
//   project: through its own tsconfig.json when it has one, else the default globs in its
//   directory.
// - Without a root tsconfig, or with a solution-style one, the rest of the tree is a default-glob
//   project that skips the directories other projects govern.
// - The walk of the tree (tree.ts) adds what lies below: every tsconfig.json it meets and the
//   members of every nested workspace (`addTsconfig`, `addWorkspace`).
import path from 'node:path';
import type { ToolDiagnostic } from '../checks/finding.js';
import { isFile } from './fs-probes.js';
import { relativePosix } from './source-paths.js';
import { loadTsconfigProjects, type AliasConfig, type LoadOptions, type UnreadableDirectory } from './tsconfig.js';
import { findWorkspace, type PackageManifest } from './workspaces.js';

export interface LayoutProject {
  /** How the project is shown: its tsconfig, or `<dir> (default globs)`, relative to cwd. */
  label: string;
  /** Absolute directory the project governs (the tsconfig's, or the globbed one). */
  dir: string;
  /** The compiler's file list (absolute); undefined for a default-glob project. */
  fileNames: string[] | undefined;
  aliases: AliasConfig | undefined;
  /** Its tsconfig (absolute); undefined for a default-glob project. */
  configPath: string | undefined;
  /** What its tsconfig excludes, absolute specs as tsc reads them (tsconfig.ts `excludes`). */
  excludes: string[] | undefined;
}

/** A workspace package that other packages can import by name. */
export interface LayoutPackage {
  /** Directory relative to cwd (POSIX). */
  dir: string;
  manifest: PackageManifest & { name: string };
}

export interface Layout {
  /** In the order found; grows as the walk adds what lies below. */
  projects: LayoutProject[];
  packages: LayoutPackage[];
  /** Configuration that could not be read (`config-unreadable` warnings), so far. */
  diagnostics(): ToolDiagnostic[];
  /** The tsconfig the run started from (absolute), if any. */
  tsconfig: string | undefined;
  /** A tsconfig.json found below the root: a project (with its references) unless already loaded. */
  addTsconfig(configPath: string): void;
  /** A directory below the root that declares a workspace: its members become projects. */
  addWorkspace(dir: string): void;
  /** The workspaces met so far, again: members a narrowed run's scope now covers become projects. */
  revisitWorkspaces(): void;
}

/**
 * @param rootTsconfig the tsconfig named by the user, or `<cwd>/tsconfig.json` when present
 * @param explicit true when the user named it (--tsconfig, or the CLI's nearest tsconfig to the paths)
 * @param covers for a narrowed run (narrow-scope.ts): the directories whose projects are loaded;
 *   references and workspace members elsewhere are left out (members still import by name)
 */
export function planLayout(
  cwd: string,
  rootTsconfig: string | undefined,
  explicit: boolean,
  unreadable: Map<string, UnreadableDirectory>,
  covers?: (dirAbs: string) => boolean,
): Layout {
  const warnings: LoadOptions['warnings'] = [];
  const problems: Array<{ file: string; message: string }> = [];
  const seen = new Set<string>();
  const follows = covers && ((configPath: string): boolean => covers(path.dirname(configPath)));
  const load = (configPath: string, strict: boolean) => loadTsconfigProjects(configPath, { cwd, unreadable, warnings, strict, seen, ...(follows ? { follows } : {}) });
  const projects: LayoutProject[] = [];
  const packages: LayoutPackage[] = [];
  const glob = (dir: string): LayoutProject => ({ label: globLabel(cwd, dir), dir, fileNames: undefined, aliases: undefined, configPath: undefined, excludes: undefined });
  const add = (configPath: string, strict: boolean): boolean => {
    const loaded = load(configPath, strict);
    for (const project of loaded) {
      if (project.solution) continue;
      const dir = path.dirname(project.configPath);
      projects.push(
        project.fileNames
          ? { label: relativePosix(cwd, project.configPath), dir, fileNames: project.fileNames, aliases: project.aliases, configPath: project.configPath, excludes: project.excludes }
          : { ...glob(dir), aliases: project.aliases },
      );
    }
    return loaded[0]?.solution === true;
  };
  const workspaceRoots: string[] = [];
  const addMembers = (root: string, into: typeof problems): void => {
    const workspace = findWorkspace(root, into);
    if (workspace && !workspaceRoots.includes(root)) workspaceRoots.push(root);
    for (const member of workspace?.packages ?? []) {
      const name = member.manifest.name;
      if (name !== undefined && !packages.some((p) => p.manifest.name === name)) {
        packages.push({ dir: relativePosix(cwd, member.dir), manifest: { ...member.manifest, name } });
      }
      if (covers && !covers(member.dir)) continue;
      const own = path.join(member.dir, 'tsconfig.json');
      if (isFile(own)) {
        if (!seen.has(own)) add(own, false);
      } else if (!projects.some((p) => p.dir === member.dir)) {
        projects.push(glob(member.dir));
      }
    }
    if (workspace && into !== problems) problems.push(...into);
  };

  const layoutRoot = rootTsconfig && explicit ? path.dirname(rootTsconfig) : cwd;
  const rootIsSolution = rootTsconfig !== undefined && add(rootTsconfig, true);
  // A tsconfig the user named is followed alone, unless it is a solution file without references.
  const followOnlyTsconfig = explicit && projects.length > 0;
  if (!followOnlyTsconfig) addMembers(layoutRoot, problems);

  // What no tsconfig covers: the whole tree without a root tsconfig, the rest beside a solution file.
  if ((!rootTsconfig || (rootIsSolution && !followOnlyTsconfig)) && !projects.some((p) => p.dir === layoutRoot)) {
    projects.push(glob(layoutRoot));
  }

  return {
    projects,
    packages,
    tsconfig: rootTsconfig,
    diagnostics: () => [
      ...warnings.map((w) => ({ file: relativePosix(cwd, w.configPath), kind: 'config-unreadable' as const, message: w.message })),
      ...problems.map((p) => ({ file: relativePosix(cwd, p.file), kind: 'config-unreadable' as const, message: p.message })),
    ],
    addTsconfig: (configPath) => {
      if (!seen.has(path.resolve(configPath))) add(configPath, false);
    },
    // A package.json that is no workspace root is not reported here: only members' manifests are.
    addWorkspace: (dir) => addMembers(dir, []),
    revisitWorkspaces: () => {
      for (const root of [...workspaceRoots]) addMembers(root, []);
    },
  };
}

function globLabel(cwd: string, dir: string): string {
  const rel = relativePosix(cwd, dir);
  return `${rel === '' ? '.' : rel} (default globs)`;
}
