// The compiler's compiled code is cached, as TypeScript's own `tsc` (5.7+) and Node 22's
// `module.enableCompileCache()` do: loading the TypeScript that ts-morph bundles (9 MB of
// JavaScript) is most of a warm run's fixed cost and a fifth of a cold one, and most of that is V8
// compiling it; V8's code cache skips the compile. Where: with `--cache`, next to the facts; else
// where Node's `NODE_COMPILE_CACHE` says; else Node's default, `<os tmpdir>/node-compile-cache`.
// `NODE_DISABLE_COMPILE_CACHE` turns it off. Node 22.1+ caches every module itself; on Node 20 the
// compiler's CommonJS files are compiled through `vm.Script` with cached data instead, in a
// directory of this tool's (per user under the shared temporary directory). The CLI's own modules,
// bundled in one CommonJS file (dist/src/cli.cjs), go through the same hook on every Node, always
// in that directory (`requireBundle`: they load before `--cache` is read). Only those files: the
// hook never touches user code (none is ever loaded) nor any other package. V8 rejects cached data
// that does not fit the source and the flags, so a code cache never changes a report.
import fs from 'node:fs';
import Module, { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { sha256 } from '../analyzer/sha256.js';

/** The packages of the analyzer's compiler, CommonJS. */
const COMPILER_FILE = /[\\/]node_modules[\\/](?:ts-morph|@ts-morph[\\/]common|code-block-writer)[\\/]/;

interface NodeModuleApi {
  enableCompileCache?(directory: string): unknown;
  flushCompileCache?(): void;
}

interface InternalModule {
  exports: unknown;
  require(id: string): unknown;
  _compile(content: string, filename: string): unknown;
}

interface InternalModuleStatic {
  prototype: InternalModule;
  wrap(content: string): string;
  _resolveFilename(request: string, parent: InternalModule, isMain: boolean, options?: unknown): string;
  _cache: unknown;
}

/**
 * Starts caching compiled code under `directory`; returns a function that stores what this process
 * compiled (call it once the analysis is done, so lazily compiled functions are in the cache too)
 * and removes the hook. Failures to read or write the cache are silent: it only ever saves time.
 */
function enableCompileCache(directory: string): () => void {
  const api = Module as unknown as NodeModuleApi;
  if (typeof api.enableCompileCache === 'function') {
    try {
      api.enableCompileCache(directory);
    } catch {
      // An unwritable directory: run without.
    }
    return () => api.flushCompileCache?.();
  }
  return hookCommonJsCompile(path.join(directory, `${process.version}-${process.arch}`));
}

/**
 * Starts the cache of a run, decided here alone: off under `NODE_DISABLE_COMPILE_CACHE`; with
 * `--cache`, `besideFacts` (next to the facts); else `NODE_COMPILE_CACHE=<dir>` (relative to `cwd`;
 * the compiler's code under `<dir>/tool-identity-audit/` on a Node that does not read the variable);
 * else Node's default directory. Returns the function that stores what was compiled; a no-op where
 * there is nothing to do (disabled, or Node already applied the variable before the CLI started).
 */
export function startCompileCache(env: Readonly<Record<string, string | undefined>>, cwd: string, besideFacts: string | undefined): () => void {
  if (env['NODE_DISABLE_COMPILE_CACHE']) return () => {};
  if (besideFacts !== undefined) return enableCompileCache(besideFacts);
  const directory = env['NODE_COMPILE_CACHE'];
  const api = Module as unknown as NodeModuleApi;
  if (typeof api.enableCompileCache === 'function') {
    if (directory) return () => {};
    return enableCompileCache(path.join(os.tmpdir(), 'node-compile-cache'));
  }
  return hookCommonJsCompile(ownDirectory(env, cwd));
}

/** This tool's directory for compiled code: under `NODE_COMPILE_CACHE`, else per user under the temporary directory. */
function ownDirectory(env: Readonly<Record<string, string | undefined>>, cwd: string): string {
  const directory = env['NODE_COMPILE_CACHE'];
  const base = directory ? path.resolve(cwd, directory) : path.join(os.tmpdir(), 'node-compile-cache', userPart());
  return path.join(base, 'tool-identity-audit', `${process.version}-${process.arch}`);
}

/** The bundled CLI (scripts/bundle-cli.mjs). */
const BUNDLE_FILE = /[\\/]dist[\\/]src[\\/]cli\.cjs$/;

/**
 * Loads the bundled CLI, `file`, compiled from this tool's code cache (its own directory whatever
 * `--cache` says: the bundle loads before the options are read; none under
 * `NODE_DISABLE_COMPILE_CACHE`). Returns its exports and the function that stores what the run
 * compiled; call it when the run is done.
 */
export function requireBundle<T>(file: string, env: Readonly<Record<string, string | undefined>>, cwd: string): { exports: T; storeCompiledCode(): void } {
  const store = env['NODE_DISABLE_COMPILE_CACHE'] ? () => {} : hookCommonJsCompile(ownDirectory(env, cwd), BUNDLE_FILE, true);
  try {
    return { exports: createRequire(import.meta.url)(file) as T, storeCompiledCode: store };
  } catch (error) {
    store();
    throw error;
  }
}

/** Under the shared temporary directory, each user reads only the code they cached themselves. */
function userPart(): string {
  return `user-${typeof process.getuid === 'function' ? String(process.getuid()) : os.userInfo().username}`;
}

/**
 * Compiles the CommonJS files `files` matches through `vm.Script` with cached data from `directory`;
 * the returned function stores what was compiled where there was no usable cache, or, with
 * `regrow`, where the stored data is small and this run compiled a tenth more (the run that stored
 * it did little: `--help` before the first analysis).
 */
function hookCommonJsCompile(directory: string, files: RegExp = COMPILER_FILE, regrow = false): () => void {
  const internal = Module as unknown as InternalModuleStatic;
  const original = internal.prototype._compile;
  // Scripts compiled this run, with the size of the data they were compiled from (0: none usable).
  const compiled: Array<{ file: string; script: vm.Script; from: number; small: boolean }> = [];
  internal.prototype._compile = function compile(this: InternalModule, content: string, filename: string): unknown {
    if (!files.test(filename)) return original.call(this, content, filename);
    const file = path.join(directory, `${digest(filename)}.${digest(`${content.length}\0${hashHead(content)}`)}.bin`);
    const cachedData = readOrUndefined(file);
    const script = new vm.Script(internal.wrap(content), { filename, ...(cachedData ? { cachedData } : {}) });
    const from = !cachedData || script.cachedDataRejected === true ? 0 : cachedData.length;
    // Data under half the source's size came from a run that used little of it (`--help`): worth
    // comparing with this run's (making the data costs about 13 ms for the bundle, so not always).
    compiled.push({ file, script, from, small: from < content.length / 2 });
    const wrapper = script.runInThisContext() as (...args: unknown[]) => unknown;
    const require = Object.assign((id: string) => this.require(id), {
      resolve: (request: string, options?: unknown) => internal._resolveFilename(request, this, false, options),
      cache: internal._cache,
    });
    return wrapper.call(this.exports, this.exports, require, this, filename, path.dirname(filename));
  };
  return () => {
    internal.prototype._compile = original;
    try {
      for (const { file, script, from, small } of compiled.splice(0)) {
        if (from > 0 && !(regrow && small)) continue;
        const data = script.createCachedData();
        if (from > 0 && data.length <= from * 1.1) continue;
        fs.mkdirSync(directory, { recursive: true });
        const temp = `${file}.${process.pid}.tmp`;
        fs.writeFileSync(temp, data);
        fs.renameSync(temp, file);
        removeOlderVersions(file);
      }
    } catch {
      // A read-only cache directory: next run compiles again.
    }
  };
}

function digest(text: string): string {
  return sha256(text).slice(0, 16);
}

/** The names this cache gave its files before, one digest of file and content together. */
const LEGACY_NAME = /^[0-9a-f]{32}\.bin$/;

/**
 * Removes the data of earlier contents of the same file (`<file digest>.<other content>.bin`): each
 * build or upgrade of the CLI writes data for its new bundle, and the old data would stay in the
 * temporary directory, or next to the facts, for good (as would data named the earlier way). Other
 * files' data and other processes' temporary files stay.
 */
function removeOlderVersions(file: string): void {
  const directory = path.dirname(file);
  const name = path.basename(file);
  const sameFile = name.slice(0, name.indexOf('.') + 1);
  for (const other of fs.readdirSync(directory)) {
    const older = other !== name && other.startsWith(sameFile) && other.endsWith('.bin');
    if (older || LEGACY_NAME.test(other)) fs.rmSync(path.join(directory, other), { force: true });
  }
}

/** A cheap content discriminator next to the length: the first and last 4 KB. */
function hashHead(content: string): string {
  return content.length <= 8192 ? content : content.slice(0, 4096) + content.slice(-4096);
}

function readOrUndefined(file: string): Buffer | undefined {
  try {
    return fs.readFileSync(file);
  } catch {
    return undefined;
  }
}
