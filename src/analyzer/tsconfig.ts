// tsconfig discovery: which files a tsconfig (and the projects it references) includes, and the
// `paths`/`baseUrl` aliases its files import through. Read with ts-morph's bundled compiler; never
// needs node_modules: an `extends` that cannot be read (a package not installed, a missing or broken
// file) and a missing reference are warnings, and the project goes on with its own settings.
import fs from 'node:fs';
import path from 'node:path';
import type { ts as TS } from 'ts-morph';
import { ts } from './compiler.js';
import { AnalyzerConfigError } from './errors.js';
import { noteProbe, noteRead } from './fs-inputs.js';
import { isDirectory, isFile } from './fs-probes.js';
import { relativePosix } from './source-paths.js';
import { configFileNames, type DirectoryRequest } from './tsconfig-files.js';

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
  /**
   * Absolute paths, as the compiler lists them (include/exclude/files applied); undefined when the
   * project falls back to the default globs in its directory (its file list could not be read).
   */
  fileNames: string[] | undefined;
  aliases: AliasConfig | undefined;
  /** Lists no files of its own on purpose (`"files": []` or `"include": []`): a solution file. */
  solution: boolean;
  /**
   * Its `exclude` as tsc applies it (inherited through `extends`; without one, `outDir` and
   * `declarationDir`), absolute; undefined when it could not be read.
   */
  excludes: string[] | undefined;
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

/** Part of a project's configuration that could not be read; the run goes on without it. */
export interface ConfigWarning {
  /** Absolute path of the tsconfig concerned. */
  configPath: string;
  message: string;
}

export interface LoadOptions {
  /** Analysis root: paths in messages and aliases are relative to it. */
  cwd: string;
  /** Directories the compiler's file listing could not read (added once each). */
  unreadable: Map<string, UnreadableDirectory>;
  warnings: ConfigWarning[];
  /**
   * Syntax and shape errors in the first tsconfig itself stop the run (the user named it, or it is
   * the project's own root tsconfig); in referenced ones they are warnings. Problems with what a
   * tsconfig extends or references are warnings either way.
   */
  strict: boolean;
  /** Absolute paths of tsconfigs already loaded (shared across calls, so each loads once). */
  seen: Set<string>;
  /** Which references to load (a narrowed run loads only those in its scope); all when absent. */
  follows?(configPath: string): boolean;
}

/**
 * The tsconfig and, depth first, every project it references (each once, across calls sharing
 * `seen`). Missing references and unreadable `extends` become warnings.
 */
export function loadTsconfigProjects(configPath: string, options: LoadOptions): TsconfigProject[] {
  const projects: TsconfigProject[] = [];
  const visit = (file: string, strict: boolean): void => {
    const key = path.resolve(file);
    if (options.seen.has(key)) return;
    options.seen.add(key);
    const { project, references } = loadOne(key, options, strict);
    projects.push(project);
    for (const reference of references) if (!options.follows || options.follows(reference)) visit(reference, false);
  };
  visit(configPath, options.strict);
  return projects;
}

function loadOne(configPath: string, options: LoadOptions, strict: boolean): { project: TsconfigProject; references: string[] } {
  const { cwd, warnings } = options;
  const shown = relativePosix(cwd, configPath);
  const fallback = (why: string): { project: TsconfigProject; references: string[] } => {
    warnings.push({ configPath, message: `${why}; the default globs are used in ${displayDir(cwd, path.dirname(configPath))}.` });
    return { project: { configPath, fileNames: undefined, aliases: undefined, solution: false, excludes: undefined }, references: [] };
  };

  const read = ts.readConfigFile(configPath, readConfigText);
  if (read.error) {
    if (strict) throw configError(configPath, [read.error]);
    return fallback(`Cannot parse ${shown}: ${messageOf(read.error)}`);
  }
  if (read.config === null || typeof read.config !== 'object' || Array.isArray(read.config)) {
    if (strict) throw new AnalyzerConfigError(`Cannot parse tsconfig ${configPath}: the root value must be an object.`, configPath);
    return fallback(`Cannot parse ${shown}: the root value must be an object`);
  }
  let config = read.config as Record<string, unknown>;
  // The compiler parses (options, extends, references) but does not walk: its host records the
  // listing asked for, and tsconfig-files.ts lists the files (the last parse's request is the one).
  let request: DirectoryRequest | undefined;
  const host = parseConfigHost((asked) => (request = asked));
  const parse = (raw: Record<string, unknown>): TS.ParsedCommandLine => {
    request = undefined;
    return ts.parseJsonConfigFileContent(raw, host, path.dirname(configPath), undefined, configPath);
  };
  let parsed = parse(config);

  // A base that is not installed, missing or broken: go on with this tsconfig's own settings.
  const baseProblems = parsed.errors.filter((d) => isBaseProblem(d, configPath));
  let ownFileList = true;
  if (baseProblems.length > 0 && config['extends'] !== undefined) {
    const { extends: _unreadable, ...own } = config;
    config = own;
    parsed = parse(own);
    ownFileList = own['files'] !== undefined || own['include'] !== undefined;
    const missing = [...new Set(baseProblems.map((d) => describeBase(d, configPath, cwd)))].join(', ');
    warnings.push({
      configPath,
      message: ownFileList
        ? `Cannot read what ${shown} extends (${missing}); its own settings are used.`
        : `Cannot read what ${shown} extends (${missing}); it lists no files of its own, so the default globs are used in ${displayDir(cwd, path.dirname(configPath))}.`,
    });
  }
  const fatal = parsed.errors.filter(isFatal);
  if (fatal.length > 0) {
    if (strict) throw configError(configPath, fatal);
    return fallback(`Cannot use ${shown}: ${fatal.map(messageOf).join('; ')}`);
  }

  const references: string[] = [];
  for (const reference of parsed.projectReferences ?? []) {
    const referenced = ts.resolveProjectReferencePath(reference);
    if (isFile(referenced)) references.push(referenced);
    else warnings.push({ configPath, message: `Referenced project ${relativePosix(cwd, referenced)} not found; it is not analysed.` });
  }
  const solution = listsNoFiles(config);
  // A `files` entry that is gone lists nothing (include patterns that match nothing never list).
  const fileNames = ownFileList ? listFiles(cwd, request, parsed.fileNames, options.unreadable).map((f) => path.resolve(f)) : undefined;
  const rawFiles = (parsed.raw as { files?: unknown } | undefined)?.files;
  const listed = new Set(Array.isArray(rawFiles) ? rawFiles.filter((f): f is string => typeof f === 'string').map((f) => path.resolve(path.dirname(configPath), f)) : []);
  const present = fileNames?.filter((f) => !listed.has(f) || hasEntry(f));
  if (fileNames && present && present.length < fileNames.length) {
    const gone = fileNames.filter((f) => !present.includes(f)).map((f) => relativePosix(cwd, f));
    warnings.push({ configPath, message: `${shown} lists ${gone.length === 1 ? 'a file that does not exist' : 'files that do not exist'} (${gone.join(', ')}); the rest of its files are analysed.` });
  }
  return {
    project: {
      configPath,
      fileNames: present,
      aliases: aliasConfig(parsed.options, configPath, cwd),
      solution,
      excludes: excludeSpecs(parsed, configPath),
    },
    references,
  };
}

/** What tsc leaves out of a tsconfig's directory: `exclude` (merged along `extends`, relative to it), else its output directories. */
function excludeSpecs(parsed: TS.ParsedCommandLine, configPath: string): string[] {
  const raw = (parsed.raw as { exclude?: unknown } | undefined)?.exclude;
  const dir = path.dirname(configPath);
  if (Array.isArray(raw)) return raw.filter((spec): spec is string => typeof spec === 'string').map((spec) => path.resolve(dir, spec));
  return [parsed.options.outDir, parsed.options.declarationDir].filter((d): d is string => typeof d === 'string').map((d) => path.resolve(dir, d));
}

/**
 * A solution file: `"files": []` and no `include`, or an empty `include` (with or without an empty
 * `files`). (With neither key the compiler includes everything under the tsconfig.)
 */
function listsNoFiles(config: Record<string, unknown>): boolean {
  const empty = (value: unknown): boolean => Array.isArray(value) && value.length === 0;
  const { files, include } = config;
  if (files === undefined && include === undefined) return false;
  return (files === undefined || empty(files)) && (include === undefined || empty(include));
}

/** A diagnostic about a tsconfig this one extends, not about this one. */
function isBaseProblem(diagnostic: TS.Diagnostic, configPath: string): boolean {
  if (diagnostic.category !== ts.DiagnosticCategory.Error) return false;
  // Syntax errors inside the base file carry that file.
  if (diagnostic.file && path.resolve(diagnostic.file.fileName) !== configPath) return true;
  // "File '{0}' not found." (an extends that does not resolve), "Cannot read file '{0}'" (5083,
  // 5012), circular extends (18000).
  return diagnostic.code === 6053 || diagnostic.code === 5083 || diagnostic.code === 5012 || diagnostic.code === 18000;
}

/**
 * What a base problem is, named along the chain of `extends` from `configPath` to the tsconfig it
 * is in: `base.json: syntax error`, `@acme/tsconfig/base.json not installed`, or, for a base that
 * itself extends what cannot be read, `../tsconfig.json, which extends @acme/base, not installed`.
 */
function describeBase(diagnostic: TS.Diagnostic, configPath: string, cwd: string): string {
  if (diagnostic.code === 18000) return 'circular extends';
  const inFile = diagnostic.file ? path.resolve(diagnostic.file.fileName) : configPath;
  const chain = inFile === configPath ? [] : extendsChain(configPath, inFile) ?? [relativePosix(cwd, inFile)];
  const text = messageOf(diagnostic);
  const unreadable = diagnostic.code === 6053 || diagnostic.code === 5083 || diagnostic.code === 5012;
  // A base that is itself broken is named by its path; one further down by the chain leading to it.
  if (!unreadable) return `${chain.length <= 1 ? relativePosix(cwd, inFile) : chain.join(', which extends ')}: syntax error`;
  const target = /'([^']*)'/.exec(text)?.[1];
  const missing = target === undefined ? text : path.isAbsolute(target) ? relativePosix(cwd, target) : target;
  const why = target === undefined ? '' : path.isAbsolute(target) ? 'not found' : 'not installed';
  return chain.length === 0 ? `${missing} ${why}`.trimEnd() : `${chain.join(', which extends ')}, which extends ${missing}${why ? `, ${why}` : ''}`;
}

/**
 * The `extends` values, as written, that lead from `from` to the tsconfig `to` through relative
 * links (a base reached through an installed package is not followed: undefined).
 */
function extendsChain(from: string, to: string, depth = 0): string[] | undefined {
  if (depth > 8) return undefined;
  const read = ts.readConfigFile(from, readConfigText);
  const value = (read.config as { extends?: unknown } | undefined)?.extends;
  const specs = (Array.isArray(value) ? value : [value]).filter((spec): spec is string => typeof spec === 'string' && spec.startsWith('.'));
  for (const spec of specs) {
    let next = path.resolve(path.dirname(from), spec);
    if (!isFile(next) && isFile(`${next}.json`)) next = `${next}.json`;
    if (next === to) return [spec];
    const rest = extendsChain(next, to, depth + 1);
    if (rest) return [spec, ...rest];
  }
  return undefined;
}

/** Something is there (a file, a directory, a link even dangling): the reader reports what it is. */
function hasEntry(abs: string): boolean {
  noteProbe(abs);
  try {
    fs.lstatSync(abs);
    return true;
  } catch {
    return false;
  }
}

/** A tsconfig's text (a file it extends too), noted as an input of discovery. */
function readConfigText(file: string): string | undefined {
  noteRead(file);
  return ts.sys.readFile(file);
}

function displayDir(cwd: string, dir: string): string {
  const rel = relativePosix(cwd, dir);
  return rel === '' ? '.' : rel;
}

function messageOf(diagnostic: TS.Diagnostic): string {
  return ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
}

function aliasConfig(options: TS.CompilerOptions, configPath: string, cwd: string): AliasConfig | undefined {
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

/**
 * Syntax errors (< 2000) and malformed file-set options make a tsconfig unusable. (Problems with
 * what it extends are handled before this; an empty `files` list is a solution file.)
 */
const FATAL_CODES = new Set([
  5010, // File specification cannot end in a recursive directory wildcard
  5065, // File specification cannot contain a parent directory after '**'
  5092, // The root value of a '{0}' file must be an object.
]);

function isFatal(diagnostic: TS.Diagnostic): boolean {
  if (diagnostic.category !== ts.DiagnosticCategory.Error) return false;
  if (diagnostic.code < 2000 || FATAL_CODES.has(diagnostic.code)) return true;
  // "Compiler option 'include' requires a value of type Array." (compiler option types are not our business).
  if (diagnostic.code === 5024) return /'(files|include|exclude|extends|references)'/.test(messageOf(diagnostic));
  return false;
}

function configError(configPath: string, diagnostics: readonly TS.Diagnostic[]): AnalyzerConfigError {
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

/** A host for parsing only: `readDirectory` hands its request to `asked` and lists nothing. */
function parseConfigHost(asked: (request: DirectoryRequest) => void): TS.ParseConfigHost {
  return {
    useCaseSensitiveFileNames: ts.sys.useCaseSensitiveFileNames,
    fileExists: (file) => {
      noteProbe(file);
      return ts.sys.fileExists(file);
    },
    readFile: readConfigText,
    readDirectory: (basePath, extensions, excludes, includes) => {
      asked({ basePath, extensions: extensions ?? [], excludes, includes });
      return [];
    },
  };
}

/** The tsconfig's files (`literal`: its `files`, as the compiler resolved them); directories that cannot be listed are noted once each. */
function listFiles(cwd: string, request: DirectoryRequest | undefined, literal: readonly string[], unreadable: Map<string, UnreadableDirectory>): string[] {
  return configFileNames(request, literal, {
    caseSensitive: ts.sys.useCaseSensitiveFileNames,
    onUnreadable: (dir, code) => {
      const rel = relativePosix(cwd, path.resolve(dir));
      if (!unreadable.has(rel)) unreadable.set(rel, { dir: rel, code });
    },
  });
}
