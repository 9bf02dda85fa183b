// The architecture's invariant: for every file, the CLI and the ESLint plugin report the same
// findings (rule id, location, message). The built binary is spawned on each fixture project and
// its JSON report compared with the real ESLint class running the built plugin with type
// information (so both see across files), every rule on.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import parser from '@typescript-eslint/parser';
import { ESLint, type Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { frameworkFixtures } from './analyzer/helpers.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(root, 'dist/src/cli/bin.js');
const fixtures = [
  'fixtures/demo',
  ...readdirSync(path.join(root, 'fixtures/projects')).map((name) => `fixtures/projects/${name}`),
  ...frameworkFixtures.map((name) => `fixtures/frameworks/${name}`),
];

interface JsonResult {
  filePath: string;
  messages: Array<{ ruleId: string | null; line: number; column: number; endLine?: number; endColumn?: number; message: string }>;
}

let plugin: { rules: Record<string, unknown>; meta: { namespace: string } };
beforeAll(async () => {
  plugin = (await import(pathToFileURL(path.join(root, 'dist/src/plugin.js')).href)).default;
});

/** `file:line:col-endLine:endCol rule message`, for rule findings only (parse errors differ by design). */
function rows(results: readonly JsonResult[], dir: string, prefix: string): string[] {
  return results
    .flatMap((r) =>
      r.messages
        .filter((m) => m.ruleId !== null)
        .map(
          (m) =>
            `${path.relative(dir, r.filePath)}:${m.line}:${m.column}-${m.endLine}:${m.endColumn} ${String(m.ruleId).replace(prefix, '')} ${m.message}`,
        ),
    )
    .sort();
}

describe('CLI and ESLint plugin report the same findings', () => {
  it.each(fixtures)('%s', async (fixture) => {
    const dir = path.join(root, fixture);
    const cli = spawnSync(
      process.execPath,
      [bin, '.', '-f', 'json', '--no-exit-code', '--rule', 'no-confusable-tool-names=warn', '--no-color'],
      { cwd: dir, encoding: 'utf8' },
    );
    expect(cli.status, cli.stderr).toBe(0);
    const fromCli = rows(JSON.parse(cli.stdout) as JsonResult[], dir, '');

    const ns = plugin.meta.namespace;
    const config: Linter.Config[] = [
      {
        files: ['**/*.ts'],
        languageOptions: { parser, parserOptions: { projectService: true, tsconfigRootDir: dir } },
        plugins: { [ns]: plugin as never },
        rules: Object.fromEntries(Object.keys(plugin.rules).map((id) => [`${ns}/${id}`, 'warn'])),
      },
    ];
    const eslint = new ESLint({ cwd: dir, overrideConfigFile: true, overrideConfig: config });
    const fromEslint = rows((await eslint.lintFiles(['src'])) as JsonResult[], dir, `${ns}/`);

    expect(fromEslint).toEqual(fromCli);
    // A fixture with nothing to compare would make this test vacuous for it.
    if (!fixture.endsWith('/clean')) expect(fromCli.length).toBeGreaterThan(0);
  });
});
