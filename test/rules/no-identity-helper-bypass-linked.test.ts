// no-identity-helper-bypass across an import: a module that only looks MCP server-prefixed names
// up is compared with the names the modules it imports make. The CLI's linker and typed ESLint
// (the program's module resolution) follow the import; ESLint without types sees the file alone
// and stays quiet. A project of two files on disk, as both front ends read it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RuleTester } from '@typescript-eslint/rule-tester';
import { afterAll, describe, expect, it } from 'vitest';
import rule from '../../rules/no-identity-helper-bypass.js';
import { analyzeProject } from '../../src/analyzer/index.js';
import { ruleOptions } from '../../src/checks/rule-option-schemas.js';
import { assertionOptions, loc, syntaxTester } from './testers.js';

const RULE = 'no-identity-helper-bypass';

const names = `/** The one place the names are made. */
export function prefixedToolName(serverName: string, toolName: string): string {
  return \`\${serverName}__\${toolName}\`;
}
`;

const router = `import { prefixedToolName } from './names.js';

export function route(name: string, serverName: string, tools: Map<string, unknown>) {
  tools.set(prefixedToolName(serverName, 'search'), {});
  return name.split('_')[1];
}
`;

const agreeing = `import { prefixedToolName } from './names.js';

export function route(name: string) {
  return [prefixedToolName('a', 'b'), name.split('__')[1]];
}
`;

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tia-linked-'));
fs.writeFileSync(path.join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, module: 'nodenext', moduleResolution: 'nodenext', noEmit: true }, include: ['*.ts'] }));
fs.writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'linked', type: 'module' }));
fs.writeFileSync(path.join(root, 'names.ts'), names);
fs.writeFileSync(path.join(root, 'router.ts'), router);
fs.writeFileSync(path.join(root, 'agreeing.ts'), agreeing);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const lookup = "name.split('_')";
const data = { text: lookup, how: 'splits it on "_"', scheme: '<server>__<tool>' };

new RuleTester({ languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: root } } }).run(`${RULE} (typed, across an import)`, rule, {
  assertionOptions,
  valid: [{ name: 'a lookup that agrees with the imported helper', code: agreeing, filename: path.join(root, 'agreeing.ts') }],
  invalid: [
    {
      name: "split('_') of names the imported helper makes `${server}__${tool}`",
      code: router,
      filename: path.join(root, 'router.ts'),
      // RuleTester runs ESLint with the file system's root as its working directory for an absolute filename.
      errors: [{ messageId: 'mcpNameMismatch', // The message names names.ts:3 itself: ESLint's ending names no place twice.
      data: { ...data, at: `${path.relative(path.parse(root).root, path.join(root, 'names.ts'))}:3`, otherPlaces: '' }, ...loc(router, lookup) }],
    },
  ],
});

syntaxTester().run(`${RULE} (syntax only: the file alone)`, rule, {
  assertionOptions,
  valid: [{ name: 'the helper is in another file: nothing to compare with', code: router, filename: path.join(root, 'router.ts') }],
  invalid: [],
});

describe(`${RULE} (CLI analyzer, across an import)`, () => {
  it('reports the lookup where it disagrees, naming the module that makes the names', async () => {
    const result = await analyzeProject({ cwd: root, rules: { [RULE]: ruleOptions(RULE) } });
    const found = result.findings.filter((f) => f.ruleId === RULE);
    expect(found.map((f) => ({ file: f.file, messageId: f.messageId, data: f.data, line: f.span.loc.start.line, column: f.span.loc.start.column + 1 }))).toEqual([
      { file: 'router.ts', messageId: 'mcpNameMismatch', data: { ...data, at: 'names.ts:3' }, line: loc(router, lookup).line, column: loc(router, lookup).column },
    ]);
    expect(found[0]!.related).toEqual([expect.objectContaining({ file: 'names.ts', message: 'the names are built as <server>__<tool> here' })]);
  });
});
