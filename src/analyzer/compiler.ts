// The one place the analyzer loads the compiler: ts-morph's bundled TypeScript (never the user's
// `typescript`, which the ESLint side uses). Loaded with `require` rather than `import`: for an
// `import`, Node's ESM loader first scans ts-morph's CommonJS (a megabyte) for its export names, a
// tenth of a warm run. Loaded on first use: a warm run whose files and configuration are all
// cached never loads it. Types come from `import type { ts as TS } from 'ts-morph'`.
//
// Only the compiler module is loaded: the analyzer uses ts-morph's `ts` and nothing else of it, and
// that export is a namespace object over the module `@ts-morph/common/dist/typescript.js` (its
// `default` is the module), here resolved from ts-morph's own directory, as ts-morph requires it,
// so under any package manager's layout. Skipping
// ts-morph's own 4 MB of JavaScript (its project API and helpers) saves about a quarter of the
// compiler's load. Should a ts-morph release move that file, the whole package is loaded instead.
//
// Its 9 MB are ASCII: read as bytes and decoded as Latin-1, not through Node's UTF-8 file reader,
// which took 90-150 ms of them on Node 20 (a tenth of a cold run); any other byte in it and it is
// decoded as UTF-8, as Node would.
import Module, { createRequire } from 'node:module';
import type * as Morph from 'ts-morph';
import { readTextFile } from './text-file.js';

let loaded: typeof Morph.ts | undefined;

/** The compiler itself: hand this to code that runs per node (extraction, parsing). */
export function compiler(): typeof Morph.ts {
  return (loaded ??= load());
}

function load(): typeof Morph.ts {
  const require = createRequire(import.meta.url);
  try {
    const fromMorph = createRequire(require.resolve('ts-morph'));
    const file = fromMorph.resolve('@ts-morph/common/dist/typescript.js');
    const ts = readingBytes(file, () => fromMorph(file)) as typeof Morph.ts;
    if (typeof ts.createSourceFile === 'function') return ts;
  } catch {
    // Another layout: load it the documented way.
  }
  return (require('ts-morph') as typeof Morph).ts;
}

interface LoaderInternals {
  _extensions: Record<string, (module: { _compile(content: string, filename: string): unknown }, filename: string) => void>;
}

/** Runs `load` with `file` read by `readTextFile` instead of Node's reader (other files as Node reads them). */
function readingBytes<T>(file: string, load: () => T): T {
  const extensions = (Module as unknown as LoaderInternals)._extensions;
  const original = extensions['.js']!;
  extensions['.js'] = (module, filename) => (filename === file ? void module._compile(readTextFile(filename), filename) : original(module, filename));
  try {
    return load();
  } finally {
    extensions['.js'] = original;
  }
}

/** The compiler for occasional use (reading a tsconfig): loads it on the first property read. */
export const ts: typeof Morph.ts = new Proxy({} as typeof Morph.ts, { get: (_target, key) => Reflect.get(compiler(), key) });
