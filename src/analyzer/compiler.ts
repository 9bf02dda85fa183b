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
import { createRequire } from 'node:module';
import type * as Morph from 'ts-morph';

let loaded: typeof Morph.ts | undefined;

/** The compiler itself: hand this to code that runs per node (extraction, parsing). */
export function compiler(): typeof Morph.ts {
  return (loaded ??= load());
}

function load(): typeof Morph.ts {
  const require = createRequire(import.meta.url);
  try {
    const fromMorph = createRequire(require.resolve('ts-morph'));
    const ts = fromMorph('@ts-morph/common/dist/typescript.js') as typeof Morph.ts;
    if (typeof ts.createSourceFile === 'function') return ts;
  } catch {
    // Another layout: load it the documented way.
  }
  return (require('ts-morph') as typeof Morph).ts;
}

/** The compiler for occasional use (reading a tsconfig): loads it on the first property read. */
export const ts: typeof Morph.ts = new Proxy({} as typeof Morph.ts, { get: (_target, key) => Reflect.get(compiler(), key) });
