// The analyzer's compiler (src/analyzer/compiler.ts) is ts-morph's own TypeScript, loaded without the
// rest of ts-morph: ts-morph's `ts` export is a namespace object over that very module (its
// `default` is the module, every other key the module's own value), so ts-morph's types describe it
// exactly. Checked in a plain Node process on the built module (the test runner loads packages its
// own way).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('compiler()', () => {
  it("is the module ts-morph's `ts` export stands for, the same instance", () => {
    const compilerModule = pathToFileURL(path.join(root, 'dist/src/analyzer/compiler.js')).href;
    const script = [
      `import { createRequire } from 'node:module';`,
      `const { compiler } = await import(${JSON.stringify(compilerModule)});`,
      `const ts = compiler();`,
      `const morph = createRequire(${JSON.stringify(path.join(root, 'package.json'))})('ts-morph');`,
      `const keys = Object.keys(morph.ts).filter((key) => key !== 'default');`,
      `const same = morph.ts.default === ts && keys.length === Object.keys(ts).length && keys.every((key) => morph.ts[key] === ts[key]);`,
      `console.log(JSON.stringify({ same, version: ts.version, parses: typeof ts.createSourceFile }));`,
    ].join('\n');
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual({ same: true, version: expect.stringMatching(/^\d+\.\d+\.\d+/), parses: 'function' });
  });
});
