// The packed package, installed into a separate project: the runtime subpath must import with
// nothing else in node_modules (it has no run-time dependencies) and type-check against the
// shipped declarations.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
let consumer: string;
let packedFiles: string[];

beforeAll(() => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'tia-pack-'));
  const out = execFileSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: root, encoding: 'utf8' });
  const [info] = JSON.parse(out) as Array<{ filename: string; files: Array<{ path: string }> }>;
  if (!info) throw new Error('npm pack printed no package');
  packedFiles = info.files.map((f) => f.path);
  consumer = path.join(work, 'consumer');
  const installed = path.join(consumer, 'node_modules/tool-identity-audit');
  mkdirSync(installed, { recursive: true });
  execFileSync('tar', ['-xzf', path.join(work, info.filename), '-C', installed, '--strip-components=1']);
  writeFileSync(path.join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', type: 'module', private: true }));
}, 120_000);

const program = `import {
  getFunctionToolLookupKey,
  toolQualifiedName,
  lookupKeyId,
  resolveToolNameCollisions,
  ToolIdentityError,
  Agent,
  defineTool,
  ScriptedModel,
} from 'tool-identity-audit/runtime';

const key = getFunctionToolLookupKey('lookup', 'crm');
const qualified = toolQualifiedName('lookup', 'crm');
const lookup = defineTool({
  name: 'lookup',
  description: 'Look up an account',
  parameters: { type: 'object', properties: {}, additionalProperties: false },
  execute: () => 'found',
});
const agent = new Agent({ name: 'Support', tools: [lookup] });
const model = new ScriptedModel([
  { toolCalls: [{ call_id: 'call_1', name: 'lookup', arguments: '{}' }] },
  { text: 'done' },
]);
const result = await agent.run('hi', { model });
let error = '';
try {
  resolveToolNameCollisions([lookup, lookup], [], { policy: 'error' });
} catch (e) {
  error = e instanceof ToolIdentityError ? 'ToolIdentityError' : 'other';
}
console.log(JSON.stringify({ id: key ? lookupKeyId(key) : null, qualified, output: result.finalOutput, error }));
`;

describe('npm pack', () => {
  it('ships the built entry points with declarations, and no sources or tests', () => {
    for (const file of [
      'dist/src/runtime/index.js',
      'dist/src/runtime/index.d.ts',
      'dist/src/plugin.js',
      'dist/src/plugin.d.ts',
      'dist/src/analyzer/index.js',
      'package.json',
      'README.md',
    ]) {
      expect(packedFiles).toContain(file);
    }
    expect(packedFiles.filter((f) => f.startsWith('test/') || f.startsWith('src/'))).toEqual([]);
  });

  it('imports tool-identity-audit/runtime from a separate project with no other packages', () => {
    writeFileSync(path.join(consumer, 'main.mjs'), program);
    const out = execFileSync(process.execPath, ['main.mjs'], { cwd: consumer, encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual({
      id: '["namespaced","crm","lookup"]',
      qualified: 'crm.lookup',
      output: 'done',
      error: 'ToolIdentityError',
    });
  });

  it('type-checks against the shipped declarations', () => {
    // `parameters` accepts a zod schema, so the declarations name zod's types; a real install has zod
    // (a dependency of the package), here it is linked from this checkout.
    symlinkSync(path.join(root, 'node_modules/zod'), path.join(consumer, 'node_modules/zod'), 'dir');
    writeFileSync(path.join(consumer, 'main.mts'), program);
    writeFileSync(
      path.join(consumer, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2023', strict: true, noEmit: true, types: [], skipLibCheck: false },
        files: ['main.mts'],
      }),
    );
    const run = (): { status: number | null; stdout: string } =>
      spawnSync(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: consumer, encoding: 'utf8' });
    expect(run()).toMatchObject({ status: 0, stdout: '' });
    // A wrong type must fail, or the check above proves nothing.
    writeFileSync(path.join(consumer, 'main.mts'), `${program}\nconst n: number = toolQualifiedName('a');\n`);
    const broken = run();
    expect(broken.status).toBe(2);
    expect(broken.stdout).toContain("main.mts(34,7): error TS2322: Type 'string | undefined' is not assignable to type 'number'.");
    expect(readFileSync(path.join(consumer, 'node_modules/tool-identity-audit/package.json'), 'utf8')).toContain('"./runtime"');
  });
});
