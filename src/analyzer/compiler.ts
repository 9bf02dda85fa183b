// The one place the analyzer loads the compiler: ts-morph's bundled TypeScript (never the user's
// `typescript`, which the ESLint side uses). Loaded with `require` rather than `import`: for an
// `import`, Node's ESM loader first scans ts-morph's CommonJS (a megabyte) for its export names, a
// tenth of a warm run. Loaded on first use: a warm run whose files and configuration are all
// cached never loads it. Types come from `import type { ts as TS } from 'ts-morph'`.
import { createRequire } from 'node:module';
import type * as Morph from 'ts-morph';

let loaded: typeof Morph.ts | undefined;

/** The compiler itself: hand this to code that runs per node (extraction, parsing). */
export function compiler(): typeof Morph.ts {
  return (loaded ??= (createRequire(import.meta.url)('ts-morph') as typeof Morph).ts);
}

/** The compiler for occasional use (reading a tsconfig): loads it on the first property read. */
export const ts: typeof Morph.ts = new Proxy({} as typeof Morph.ts, { get: (_target, key) => Reflect.get(compiler(), key) });
