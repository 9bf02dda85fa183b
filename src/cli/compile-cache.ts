// The compiler's compiled code is cached, as TypeScript's own `tsc` (5.7+) and Node 22's
// `module.enableCompileCache()` do: loading the TypeScript that ts-morph bundles (9 MB of
// JavaScript) is most of a warm run's fixed cost and a fifth of a cold one, and most of that is V8
// compiling it; V8's code cache skips the compile. Where: with `--cache`, next to the facts; else
// where Node's `NODE_COMPILE_CACHE` says; else Node's default, `<os tmpdir>/node-compile-cache`.
// `NODE_DISABLE_COMPILE_CACHE` turns it off. Node 22.1+ caches every module itself; on Node 20 the
// compiler's CommonJS files are compiled through `vm.Script` with cached data instead, in a
// directory of this tool's (per user under the shared temporary directory). Only those files: the
// hook never touches user code (none is ever loaded) nor any other package. V8 rejects cached data
// that does not fit the source and the flags, so a code cache never changes a report.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import Module from 'node:module';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';

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
  const base = directory ? path.resolve(cwd, directory) : path.join(os.tmpdir(), 'node-compile-cache', userPart());
  return hookCommonJsCompile(path.join(base, 'tool-identity-audit', `${process.version}-${process.arch}`));
}

/** Under the shared temporary directory, each user reads only the code they cached themselves. */
function userPart(): string {
  return `user-${typeof process.getuid === 'function' ? String(process.getuid()) : os.userInfo().username}`;
}

function hookCommonJsCompile(directory: string): () => void {
  const internal = Module as unknown as InternalModuleStatic;
  const original = internal.prototype._compile;
  const fresh: Array<{ file: string; script: vm.Script }> = [];
  internal.prototype._compile = function compile(this: InternalModule, content: string, filename: string): unknown {
    if (!COMPILER_FILE.test(filename)) return original.call(this, content, filename);
    const file = path.join(directory, `${createHash('sha256').update(`${filename}\0${content.length}\0${hashHead(content)}`).digest('hex').slice(0, 32)}.bin`);
    const cachedData = readOrUndefined(file);
    const script = new vm.Script(internal.wrap(content), { filename, ...(cachedData ? { cachedData } : {}) });
    if (!cachedData || script.cachedDataRejected === true) fresh.push({ file, script });
    const wrapper = script.runInThisContext() as (...args: unknown[]) => unknown;
    const require = Object.assign((id: string) => this.require(id), {
      resolve: (request: string, options?: unknown) => internal._resolveFilename(request, this, false, options),
      cache: internal._cache,
    });
    return wrapper.call(this.exports, this.exports, require, this, filename, path.dirname(filename));
  };
  return () => {
    internal.prototype._compile = original;
    if (fresh.length === 0) return;
    try {
      fs.mkdirSync(directory, { recursive: true });
      for (const { file, script } of fresh.splice(0)) {
        const temp = `${file}.${process.pid}.tmp`;
        fs.writeFileSync(temp, script.createCachedData());
        fs.renameSync(temp, file);
      }
    } catch {
      // A read-only cache directory: next run compiles again.
    }
  };
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
