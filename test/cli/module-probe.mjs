// Preloaded with `node --import` by test/cli/startup.test.ts: records every module the process
// loads, so the test can tell whether a command pulled in the TypeScript compiler. ESM imports are
// seen by a resolve hook (it runs on the loader thread, so it appends to the file itself); CommonJS
// files (ts-morph and its bundled compiler are CommonJS) are read from the require cache at exit.
import { appendFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';
import process from 'node:process';

const out = process.env.MODULE_PROBE_OUT;
if (!out) throw new Error('module-probe.mjs: set MODULE_PROBE_OUT to the file to record into');

const hook = `
import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  appendFileSync(${JSON.stringify(out)}, 'resolve ' + specifier + '\\n');
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);

const cache = createRequire(import.meta.url).cache;
process.on('exit', () => {
  appendFileSync(out, Object.keys(cache).map((file) => `require ${file}\n`).join(''));
});
