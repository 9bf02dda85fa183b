// With `--cache`, the compiler's compiled code is cached next to the facts. Loading ts-morph and its
// bundled TypeScript (13 MB of JavaScript) is most of a warm run's fixed cost, and most of that is
// V8 compiling it; V8's code cache skips the compile. Node 22.1+ does this itself
// (`module.enableCompileCache`); on Node 20 the compiler's CommonJS files are compiled through
// `vm.Script` with cached data instead. Only those files: the hook never touches user code (none is
// ever loaded) nor any other package. Without `--cache`, Node's own `NODE_COMPILE_CACHE` variable
// asks for the same: Node 22.1+ applies it to every module before the CLI starts; on Node 20,
// which ignores it, the hook applies it to the compiler.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import Module from 'node:module';
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
export function enableCompileCache(directory: string): () => void {
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
 * `NODE_COMPILE_CACHE=<dir>` (relative to `cwd`) on a Node that does not read it: the compiler's code
 * is cached under `<dir>/tool-identity-audit/`. `NODE_DISABLE_COMPILE_CACHE` turns it off, as in Node.
 * Returns the function that stores what was compiled; a no-op where there is nothing to do.
 */
export function compileCacheFromEnvironment(env: Readonly<Record<string, string | undefined>>, cwd: string): () => void {
  const directory = env['NODE_COMPILE_CACHE'];
  const native = typeof (Module as unknown as NodeModuleApi).enableCompileCache === 'function';
  if (native || !directory || env['NODE_DISABLE_COMPILE_CACHE']) return () => {};
  return hookCommonJsCompile(path.join(path.resolve(cwd, directory), 'tool-identity-audit', `${process.version}-${process.arch}`));
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
