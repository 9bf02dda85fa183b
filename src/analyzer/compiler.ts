// The one place the analyzer loads the compiler: ts-morph's bundled TypeScript (never the user's
// `typescript`, which the ESLint side uses). Loaded with `require` rather than `import`: for an
// `import`, Node's ESM loader first scans ts-morph's CommonJS (a megabyte) for its export names, a
// tenth of a warm run. Types come from `import type { ts as TS } from 'ts-morph'`.
import { createRequire } from 'node:module';
import type * as Morph from 'ts-morph';

export const ts: typeof Morph.ts = (createRequire(import.meta.url)('ts-morph') as typeof Morph).ts;
