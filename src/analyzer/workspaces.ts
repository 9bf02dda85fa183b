// Workspace members of a monorepo root: npm, yarn and bun `workspaces` in package.json (an array,
// or yarn's `{ packages: [...] }`), or pnpm's pnpm-workspace.yaml `packages`. A member is a
// directory matched by those globs that holds a package.json; its name and entry points let one
// package's imports of another (`@acme/tools`) resolve to that package's sources.
import fs from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import { globSync } from 'tinyglobby';
import { noteRead } from './fs-inputs.js';
import { compareStrings } from '../checks/finding.js';
import { parsePnpmWorkspacePackages } from './pnpm-workspace.js';

/** The package.json fields module resolution reads. */
export interface PackageManifest {
  name: string | undefined;
  exports: unknown;
  main: string | undefined;
  module: string | undefined;
  types: string | undefined;
}

export interface WorkspacePackage {
  /** Absolute directory. */
  dir: string;
  manifest: PackageManifest;
}

export interface Workspace {
  /** The file that declares the members: package.json or pnpm-workspace.yaml (absolute). */
  declaredIn: string;
  /** Sorted by directory. */
  packages: WorkspacePackage[];
}

export interface ManifestProblem {
  /** Absolute path of the package.json. */
  file: string;
  message: string;
}

/** The workspace declared at `root`, or undefined when it is not a workspace root. */
export function findWorkspace(root: string, problems: ManifestProblem[]): Workspace | undefined {
  const declared = workspaceGlobs(root, problems);
  if (!declared) return undefined;
  const include = declared.globs.filter((g) => !g.startsWith('!')).map(normalizeGlob);
  const exclude = declared.globs.filter((g) => g.startsWith('!')).map((g) => normalizeGlob(g.slice(1)));
  if (include.length === 0) return { declaredIn: declared.file, packages: [] };
  const excluded = exclude.length > 0 ? picomatch(exclude, { dot: true }) : () => false;
  // The directories the globs list (what follows their static part is walked by the tree walk).
  for (const glob of include) noteRead(path.join(root, staticBase(glob)));
  const manifests = globSync(
    include.map((g) => `${g}/package.json`),
    { cwd: root, ignore: ['**/node_modules/**', '**/.git/**'], followSymbolicLinks: false, dot: false },
  );
  const dirs = [...new Set(manifests.map((m) => path.posix.dirname(m.replace(/\\/g, '/'))))]
    .filter((dir) => dir !== '.' && !excluded(dir))
    .sort(compareStrings);
  return {
    declaredIn: declared.file,
    packages: dirs.map((dir) => {
      const abs = path.join(root, dir);
      return { dir: abs, manifest: readManifest(path.join(abs, 'package.json'), problems) ?? emptyManifest() };
    }),
  };
}

function workspaceGlobs(root: string, problems: ManifestProblem[]): { file: string; globs: string[] } | undefined {
  const pnpmFile = path.join(root, 'pnpm-workspace.yaml');
  const pnpm = readText(pnpmFile);
  if (pnpm !== undefined) {
    const globs = parsePnpmWorkspacePackages(pnpm);
    if (globs) return { file: pnpmFile, globs };
  }
  const packageFile = path.join(root, 'package.json');
  const raw = readJson(packageFile, problems);
  if (!isRecord(raw)) return undefined;
  const workspaces = raw['workspaces'];
  const globs = Array.isArray(workspaces) ? workspaces : isRecord(workspaces) && Array.isArray(workspaces['packages']) ? workspaces['packages'] : undefined;
  if (!globs) return undefined;
  return { file: packageFile, globs: globs.filter((g): g is string => typeof g === 'string') };
}

/** The manifest of the package.json at `file`; undefined when there is none or it is unreadable. */
export function readManifest(file: string, problems: ManifestProblem[]): PackageManifest | undefined {
  const raw = readJson(file, problems);
  if (!isRecord(raw)) return undefined;
  const text = (key: string): string | undefined => (typeof raw[key] === 'string' ? (raw[key] as string) : undefined);
  return {
    name: text('name'),
    exports: raw['exports'],
    main: text('main'),
    module: text('module'),
    types: text('types') ?? text('typings'),
  };
}

function emptyManifest(): PackageManifest {
  return { name: undefined, exports: undefined, main: undefined, module: undefined, types: undefined };
}

function readJson(file: string, problems: ManifestProblem[]): unknown {
  const text = readText(file);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as unknown;
  } catch (error) {
    problems.push({ file, message: `Cannot parse this package.json (${(error as Error).message}); the package is analysed without its name and entry points.` });
    return undefined;
  }
}

function readText(file: string): string | undefined {
  noteRead(file);
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** `packages/*` → `packages`, `apps/**` → `apps`, `*` → ``. */
function staticBase(glob: string): string {
  const parts = glob.split('/');
  const first = parts.findIndex((part) => /[*?[\]{}()!]/.test(part));
  return (first < 0 ? parts : parts.slice(0, first)).join('/');
}

function normalizeGlob(glob: string): string {
  return glob.replace(/\\/g, '/').replace(/^\.\//, '').replace(/\/+$/, '');
}
