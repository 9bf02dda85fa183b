// The CLI as two CommonJS files, made after tsc from its output (`npm run build`):
//
// - dist/src/cli.cjs, the CLI's modules and the small pure-JavaScript packages they import, which
//   dist/src/cli/bin.cjs loads with a V8 code cache (src/cli/compile-cache.ts). Node 20 caches no
//   compiled code for ES modules, and resolving, reading and compiling the CLI's 150 modules was
//   about 140 ms of every run; one file compiled from its cache loads in about 50. A package
//   inside the file is compiled from the same cache and initialised when a module that imports it
//   first runs, not when the file loads; one left outside is resolved, read and compiled on every
//   run (about 15 ms for commander, picomatch, jsonc-parser, ignore and tinyglobby). Their licences
//   are written next to the file (cli.cjs.LICENSE.txt). The file is ASCII, without JSDoc comments,
//   so Node reads it without decoding UTF-8. Outside stay the compiler (ts-morph, loaded
//   on demand through its own code cache) and zod, which only the schemas use: it is reached through
//   a getter (scripts/lazy-zod.cjs) that requires it on first use.
// - dist/src/cli/bin.cjs, the executable the package's `bin` names: dist/src/cli/bin.js with the
//   code-cache hook and the version, so that Node starts it without its ES module loader (about
//   10 ms). Where the bundle is absent it imports the CLI's ES modules (./main.js).
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { URL, fileURLToPath } from 'node:url';
import { build } from 'rolldown';
import { licences } from './licences.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(root, 'dist/src');
/** Bare specifiers the bundle leaves to `require` (Node's own modules aside). */
const OUTSIDE = new Set(['ts-morph', 'typescript']);
const BUILTIN = new Set(builtinModules);
const isBuiltin = (id) => id.startsWith('node:') || BUILTIN.has(id);

const cli = await build({
  input: path.join(dist, 'cli/main.js'),
  platform: 'node',
  logLevel: 'warn',
  // A package's ES module build where it has one (jsonc-parser's `main` is a UMD factory whose
  // `require` calls a bundler cannot follow).
  resolve: { alias: { zod: path.join(root, 'scripts/lazy-zod.cjs') }, mainFields: ['module', 'main'] },
  external: (id) => OUTSIDE.has(id) || isBuiltin(id),
  output: { file: path.join(dist, 'cli.cjs'), format: 'cjs', codeSplitting: false, charset: 'ascii', comments: { legal: true, annotation: false, jsdoc: false }, banner: '// Packages bundled in this file, with their licences: cli.cjs.LICENSE.txt' },
});
fs.writeFileSync(path.join(dist, 'cli.cjs.LICENSE.txt'), licences("tool-identity-audit's CLI bundle (cli.cjs)", cli.output[0].moduleIds));
// A relative `require` left in the file is a module the bundler could not follow (a UMD factory's,
// say): it would fail at run time, only on the path that reaches it.
const unfollowed = /\brequire(?:\$\d+)?\(\s*["']\.{1,2}\//.exec(cli.output[0].code);
if (unfollowed) throw new Error(`dist/src/cli.cjs: a relative require the bundler did not follow: ${unfollowed[0]}`);
// An `import()` left in the file (of a package outside it) fails once the file is compiled from its
// code cache: on Node 20 such a script has no dynamic-import loader. Load packages with `require`.
const dynamicImport = /(?<![\w$.])import\(/.exec(cli.output[0].code);
if (dynamicImport) throw new Error(`dist/src/cli.cjs: an import() the bundler left: ${cli.output[0].code.slice(dynamicImport.index - 60, dynamicImport.index + 60)}`);

await build({
  input: path.join(dist, 'cli/bin.js'),
  platform: 'node',
  logLevel: 'warn',
  external: (id) => id === './main.js' || isBuiltin(id),
  output: { file: path.join(dist, 'cli/bin.cjs'), format: 'cjs', codeSplitting: false },
});
