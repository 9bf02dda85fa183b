// The ESLint plugin as one ES module, made after tsc from its output (`npm run build`):
// dist/src/plugin.js, the file the package's main export names, is replaced by a bundle of it, the
// rules and the modules they import (about 230), with zod and picomatch inside. ESLint imports the
// plugin at every start (each CLI run, each editor's ESLint server); Node 20 resolves, reads and
// compiles ES modules one by one, without a code cache, which took about 170 ms, and one file loads
// in about 55. The compiler stays outside: the rules `require` the project's `typescript` at load,
// the one typescript-eslint parsed with (or, without one, ts-morph's compiler module). The rules' modules in dist/rules/
// are then unused and removed (their declarations stay, for the plugin's types); dist/src/ keeps
// its modules for the analyzer and runtime entry points.
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { URL, fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';
import { licences } from './licences.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const entry = path.join(root, 'dist/src/plugin.js');
const BUILTIN = new Set(builtinModules);
const OUTSIDE = new Set(['typescript', 'ts-morph']);

const bundle = await rolldown({
  input: entry,
  platform: 'node',
  logLevel: 'warn',
  resolve: { mainFields: ['module', 'main'] },
  external: (id) => OUTSIDE.has(id) || id.startsWith('node:') || BUILTIN.has(id),
});
const { output } = await bundle.generate({
  format: 'esm',
  codeSplitting: false,
  charset: 'ascii',
  comments: { legal: true, annotation: false, jsdoc: false },
  banner: '// The ESLint plugin in one file (scripts/bundle-plugin.mjs). Packages bundled in it, with their licences: plugin.js.LICENSE.txt',
});
await bundle.close();
const [chunk] = output;
// A relative import left in the file names a module that is about to be removed.
const relative = /\bfrom\s*["']\.{1,2}\/|\bimport\(\s*["']\.{1,2}\//.exec(chunk.code);
if (relative) throw new Error(`dist/src/plugin.js: a relative import the bundler did not follow: ${relative[0]}`);

fs.writeFileSync(entry, chunk.code);
fs.rmSync(`${entry}.map`, { force: true }); // tsc's map describes the file this one replaced
fs.writeFileSync(`${entry}.LICENSE.txt`, licences("tool-identity-audit's ESLint plugin (plugin.js)", chunk.moduleIds));
for (const file of fs.readdirSync(path.join(root, 'dist/rules'), { recursive: true, encoding: 'utf8' })) {
  if (/\.js(\.map)?$/.test(file)) fs.rmSync(path.join(root, 'dist/rules', file));
}
