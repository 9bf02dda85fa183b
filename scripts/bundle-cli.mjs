// The CLI's modules in one CommonJS file, dist/src/cli.cjs, which dist/src/cli/bin.js loads with a
// V8 code cache (src/cli/bundle-loader.ts). Node 20 caches no compiled code for ES modules, and
// resolving, reading and compiling the CLI's 150 modules was about 140 ms of every run; one file
// compiled from its cache loads in about 50. Run after tsc, on its output (`npm run build`).
//
// Packages stay outside the file (required from node_modules as before) with one exception in
// kind: a package that modules loaded on demand import statically would be required when the
// file loads, so zod, which only the schemas use, is reached through a getter
// (scripts/lazy-zod.cjs) that requires it on first use.
import path from 'node:path';
import { URL, fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const root = fileURLToPath(new URL('..', import.meta.url));

await build({
  input: path.join(root, 'dist/src/cli/main.js'),
  platform: 'node',
  logLevel: 'warn',
  resolve: { alias: { zod: path.join(root, 'scripts/lazy-zod.cjs') } },
  external: (id) => id !== 'zod' && !id.startsWith('.') && !path.isAbsolute(id),
  output: { file: path.join(root, 'dist/src/cli.cjs'), format: 'cjs', codeSplitting: false },
});
