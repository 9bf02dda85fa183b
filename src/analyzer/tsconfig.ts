// tsconfig discovery: which files a tsconfig (and the projects it references) includes, and the
// `paths`/`baseUrl` aliases its files import through. Read with ts-morph's bundled compiler; never
// needs node_modules (an `extends` of a package that is not installed is tolerated).
import fs from 'node:fs';
import path from 'node:path';
import { ts } from 'ts-morph';
import { AnalyzerConfigError } from './errors.js';
import { isDirectory, isFile, realpathOrUndefined } from './fs-probes.js';
import { relativePosix } from './source-paths.js';

/** Module aliases of one tsconfig, as paths relative to the analysis `cwd` (POSIX). */
export interface AliasConfig {
  /** `baseUrl`: non-relative specifiers resolve against it. */
  baseUrl: string | undefined;
  /** `paths` patterns (`@app/*` → [`src/*`]). */
  paths: Readonly<Record<string, readonly string[]>> | undefined;
  /** Directory the `paths` substitutions are relative to (`baseUrl`, else the declaring tsconfig's). */
  pathsBase: string;
}

/** A directory the compiler's file listing could not read (relative POSIX path, error code). */
export interface UnreadableDirectory {
  dir: string;
  code: string;
}

export interface TsconfigProject {
  /** Absolute path of the tsconfig file. */
  configPath: string;
  /** Absolute paths, as the compiler lists them (include/exclude/files applied). */
  fileNames: string[];
  aliases: AliasConfig | undefined;
}

/**
 * The tsconfig to use: `option` (a file or a directory holding tsconfig.json) when given, which
 * must exist; else `<cwd>/tsconfig.json` when present; else undefined (glob mode).
 */
export function findTsconfig(cwd: string, option: string | undefined): string | undefined {
  if (option === undefined) {
    const candidate = path.join(cwd, 'tsconfig.json');
    return isFile(candidate) ? candidate : undefined;
  }
  let configPath = path.resolve(cwd, option);
  if (isDirectory(configPath)) configPath = path.join(configPath, 'tsconfig.json');
  if (!isFile(configPath)) throw new AnalyzerConfigError(`Cannot read tsconfig ${configPath}: file not found.`, configPath);
  return configPath;
}

/**
 * The tsconfig and, depth first, every project it references (each once). Directories that could
 * not be listed are added to `unreadable` (once each).
 */
export function loadTsconfigProjects(configPath: string, cwd: string, unreadable: Map<string, UnreadableDirectory> = new Map()): TsconfigProject[] {
  const projects: TsconfigProject[] = [];
  const seen = new Set<string>();
  const visit = (file: string): void => {
    const key = path.resolve(file);
    if (seen.has(key)) return;
    seen.add(key);
    const { project, references } = loadOne(key, cwd, unreadable);
    projects.push(project);
    for (const reference of references) visit(reference);
  };
  visit(configPath);
  return projects;
}

function loadOne(
  configPath: string,
  cwd: string,
  unreadable: Map<string, UnreadableDirectory>,
): { project: TsconfigProject; references: string[] } {
  const read = ts.readConfigFile(configPath, (file) => ts.sys.readFile(file));
  if (read.error) throw configError(configPath, [read.error]);
  if (read.config === null || typeof read.config !== 'object' || Array.isArray(read.config)) {
    throw new AnalyzerConfigError(`Cannot parse tsconfig ${configPath}: the root value must be an object.`, configPath);
  }
  const parsed = ts.parseJsonConfigFileContent(read.config, parseConfigHost(cwd, unreadable), path.dirname(configPath), undefined, configPath);
  const fatal = parsed.errors.filter(isFatal);
  if (fatal.length > 0) throw configError(configPath, fatal);

  const references: string[] = [];
  for (const reference of parsed.projectReferences ?? []) {
    const referenced = ts.resolveProjectReferencePath(reference);
    if (!isFile(referenced)) {
      throw new AnalyzerConfigError(`Cannot read tsconfig ${configPath}: referenced project ${referenced} not found.`, configPath);
    }
    references.push(referenced);
  }
  return {
    project: { configPath, fileNames: parsed.fileNames.map((f) => path.resolve(f)), aliases: aliasConfig(parsed.options, configPath, cwd) },
    references,
  };
}

function aliasConfig(options: ts.CompilerOptions, configPath: string, cwd: string): AliasConfig | undefined {
  const { baseUrl, paths } = options;
  if (baseUrl === undefined && paths === undefined) return undefined;
  // `pathsBasePath` is set by the config parser to the directory of the tsconfig declaring `paths`.
  const pathsBasePath = (options as { pathsBasePath?: unknown }).pathsBasePath;
  const pathsBase = baseUrl ?? (typeof pathsBasePath === 'string' ? pathsBasePath : path.dirname(configPath));
  return {
    baseUrl: baseUrl === undefined ? undefined : relativePosix(cwd, path.resolve(baseUrl)),
    paths,
    pathsBase: relativePosix(cwd, path.resolve(pathsBase)),
  };
}

/** Syntax errors (< 2000), unreadable or circular configs, and malformed file-set options stop the run. */
const FATAL_CODES = new Set([
  5010, // File specification cannot end in a recursive directory wildcard
  5012, // Cannot read file '{0}': {1}.
  5065, // File specification cannot contain a parent directory after '**'
  5083, // Cannot read file '{0}'.
  5092, // The root value of a '{0}' file must be an object.
  18000, // Circularity detected while resolving configuration
  18002, // The 'files' list in config file is empty.
]);

function isFatal(diagnostic: ts.Diagnostic): boolean {
  if (diagnostic.category !== ts.DiagnosticCategory.Error) return false;
  if (diagnostic.code < 2000 || FATAL_CODES.has(diagnostic.code)) return true;
  const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
  // "Compiler option 'include' requires a value of type Array." (compiler option types are not our business).
  if (diagnostic.code === 5024) return /'(files|include|exclude|extends|references)'/.test(text);
  // "File '{0}' not found." is only reported for `extends`: fatal for a path, tolerated for a package
  // (a checkout without node_modules cannot resolve `@tsconfig/node20`; its options rarely matter here).
  if (diagnostic.code === 6053) {
    const target = /'([^']*)'/.exec(text)?.[1] ?? '';
    return target.startsWith('.') || path.isAbsolute(target);
  }
  return false;
}

function configError(configPath: string, diagnostics: readonly ts.Diagnostic[]): AnalyzerConfigError {
  const messages = diagnostics.map((d) => {
    const text = ts.flattenDiagnosticMessageText(d.messageText, '\n');
    if (d.file && d.start !== undefined) {
      const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
      return `${d.file.fileName}:${line + 1}:${character + 1}: ${text}`;
    }
    return text;
  });
  return new AnalyzerConfigError(`Cannot parse tsconfig ${configPath}: ${messages.join('; ')}`, configPath);
}

function parseConfigHost(cwd: string, unreadable: Map<string, UnreadableDirectory>): ts.ParseConfigHost {
  const entries = (dir: string): { files: string[]; directories: string[] } => fileSystemEntries(dir, (code) => {
    const rel = relativePosix(cwd, path.resolve(dir));
    if (!unreadable.has(rel)) unreadable.set(rel, { dir: rel, code });
  });
  return {
    useCaseSensitiveFileNames: ts.sys.useCaseSensitiveFileNames,
    fileExists: (file) => ts.sys.fileExists(file),
    readFile: (file) => ts.sys.readFile(file),
    readDirectory: (root, extensions, excludes, includes, depth) => readDirectory(cwd, root, extensions, excludes, includes, depth, entries),
  };
}

type MatchFiles = (
  path: string,
  extensions: readonly string[] | undefined,
  excludes: readonly string[] | undefined,
  includes: readonly string[] | undefined,
  useCaseSensitiveFileNames: boolean,
  currentDirectory: string,
  depth: number | undefined,
  getFileSystemEntries: (path: string) => { files: readonly string[]; directories: readonly string[] },
  realpath: (path: string) => string,
) => string[];

/**
 * The compiler's own include/exclude matching (`ts.matchFiles`, internal but stable for years) over
 * directory listings that keep looping and dangling symlinks as files, so the reader reports them
 * instead of the compiler skipping them silently. Directories are visited once per real path.
 */
function readDirectory(
  cwd: string,
  root: string,
  extensions: readonly string[],
  excludes: readonly string[] | undefined,
  includes: readonly string[],
  depth: number | undefined,
  entries: (dir: string) => { files: string[]; directories: string[] },
): string[] {
  const matchFiles = (ts as unknown as { matchFiles?: MatchFiles }).matchFiles;
  if (typeof matchFiles !== 'function') return ts.sys.readDirectory(root, extensions, excludes, includes, depth);
  return matchFiles(root, extensions, excludes, includes, ts.sys.useCaseSensitiveFileNames, cwd, depth, entries, (p) => realpathOrUndefined(p) ?? p);
}

function fileSystemEntries(dir: string, onError: (code: string) => void): { files: string[]; directories: string[] } {
  const files: string[] = [];
  const directories: string[] = [];
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir || '.', { withFileTypes: true });
  } catch (error) {
    onError((error as NodeJS.ErrnoException).code ?? 'EUNKNOWN');
    return { files, directories };
  }
  for (const entry of entries) {
    if (entry.isDirectory()) {
      directories.push(entry.name);
    } else if (entry.isSymbolicLink()) {
      try {
        (fs.statSync(path.join(dir, entry.name)).isDirectory() ? directories : files).push(entry.name);
      } catch {
        files.push(entry.name);
      }
    } else {
      files.push(entry.name);
    }
  }
  return { files, directories };
}



