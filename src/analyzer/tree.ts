// The walk of the whole tree under the working directory, in one pass: every source file (less what
// .gitignore, the configured and default excludes, and the governing tsconfig's `exclude` leave
// out), and on the way every project below the root that neither the root tsconfig nor the
// workspace lists: a tsconfig.json in any directory (example apps, fixtures of a package, a nested
// app), the members of a nested workspace. Those are found where they are met, so a directory is
// judged by the tsconfig nearest above it: a directory its tsconfig excludes is not entered (tsc
// would not list it), unless a path given, or a project the layout already knows, lies inside it.
import type { ToolDiagnostic } from '../checks/finding.js';
import { ts } from './compiler.js';
import type { Containment } from './containment.js';
import type { Layout, LayoutProject } from './layout.js';
import { isWithin, relativePosix } from './source-paths.js';
import { walkFiles, type DiscoveredFile, type GlobFilter } from './walk.js';

export interface TreeOptions {
  cwd: string;
  layout: Layout;
  filter: GlobFilter;
  /** Paths given (relative POSIX; '' for cwd): never left out by a tsconfig's `exclude`. */
  kept: readonly string[];
  containment: Containment;
  diagnostics: ToolDiagnostic[];
  /** The directories (relative POSIX) a narrowed run enters (narrow-scope.ts); all when absent. */
  enters?(dirRel: string): boolean;
}

export function walkTree(options: TreeOptions): Map<string, DiscoveredFile> {
  const { cwd, layout } = options;
  const out = new Map<string, DiscoveredFile>();
  const excludeOf = new Map<LayoutProject, RegExp | undefined>();
  const matcher = (project: LayoutProject): RegExp | undefined => {
    if (!excludeOf.has(project)) excludeOf.set(project, excludePattern(project));
    return excludeOf.get(project);
  };
  // A directory's governing project is asked for once its own tsconfig is known (entries are judged
  // after onDirectory) and cannot change after: projects found later lie in directories not yet seen.
  const governs = new Map<string, LayoutProject | undefined>();
  const governingOf = (dirRel: string): LayoutProject | undefined => {
    if (!governs.has(dirRel)) governs.set(dirRel, governingProject(cwd, layout.projects, dirRel));
    return governs.get(dirRel);
  };
  walkFiles(cwd, cwd, options.filter, new Set(), out, options.diagnostics, {
    gitignore: true,
    containment: options.containment,
    onDirectory(dirAbs, names) {
      if (names.has('tsconfig.json')) layout.addTsconfig(`${dirAbs}/tsconfig.json`);
      if (dirAbs !== cwd && (names.has('pnpm-workspace.yaml') || names.has('package.json'))) layout.addWorkspace(dirAbs);
    },
    excluded(rel, abs, isDirectory) {
      if (isDirectory && options.enters && !options.enters(rel)) return true;
      const parent = rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/')) : '';
      const governing = governingOf(parent);
      const pattern = governing && matcher(governing);
      if (!pattern || !pattern.test(abs)) return false;
      // Asked for, or holding a project of its own (a workspace member, say): entered all the same.
      // (A path at or inside what is excluded: the way to it, and all below it when it is excluded itself.)
      if (options.kept.some((kept) => kept !== '' && (isWithin(kept, rel) || (isWithin(rel, kept) && pattern.test(`${cwd}/${kept}`))))) return false;
      return !(isDirectory && layout.projects.some((project) => project !== governing && isWithin(projectRel(cwd, project), rel)));
    },
  });
  return out;
}

/**
 * The project that governs a directory: the deepest one whose directory holds it; of several in one
 * directory, its tsconfig.json (the one tsc and editors find for a file there), else the first.
 */
export function governingProject(cwd: string, projects: readonly LayoutProject[], dirRel: string): LayoutProject | undefined {
  let best: LayoutProject | undefined;
  let bestDepth = -1;
  for (const project of projects) {
    const rel = projectRel(cwd, project);
    if (rel.startsWith('..') || !isWithin(dirRel, rel)) continue;
    const depth = rel === '' ? 0 : rel.split('/').length;
    const named = project.configPath?.endsWith('/tsconfig.json') === true || project.configPath?.endsWith('\\tsconfig.json') === true;
    const bestNamed = best?.configPath?.endsWith('/tsconfig.json') === true || best?.configPath?.endsWith('\\tsconfig.json') === true;
    if (depth > bestDepth || (depth === bestDepth && named && !bestNamed)) {
      best = project;
      bestDepth = depth;
    }
  }
  return best;
}

// Asked once per directory of the tree for every project: each project's relative directory is computed once.
const relOf = new WeakMap<LayoutProject, string>();
function projectRel(cwd: string, project: LayoutProject): string {
  let rel = relOf.get(project);
  if (rel === undefined) relOf.set(project, (rel = relativePosix(cwd, project.dir)));
  return rel;
}

type FileMatcherPatterns = (
  path: string,
  excludes: readonly string[] | undefined,
  includes: readonly string[] | undefined,
  useCaseSensitiveFileNames: boolean,
  currentDirectory: string,
) => { excludePattern: string | undefined };

/**
 * tsc's own matcher for a tsconfig's `exclude` (`ts.getFileMatcherPatterns`, internal but stable for
 * years): `fixtures` leaves out the directory and all below it.
 */
function excludePattern(project: LayoutProject): RegExp | undefined {
  const specs = project.excludes;
  if (!specs || specs.length === 0 || !project.configPath) return undefined;
  const patterns = (ts as unknown as { getFileMatcherPatterns?: FileMatcherPatterns }).getFileMatcherPatterns;
  if (typeof patterns !== 'function') return undefined;
  const { excludePattern: source } = patterns(project.dir, specs, undefined, ts.sys.useCaseSensitiveFileNames, project.dir);
  return source === undefined ? undefined : new RegExp(source, ts.sys.useCaseSensitiveFileNames ? '' : 'i');
}
