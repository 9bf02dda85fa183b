// Rule levels from the project's ESLint flat config (`--eslint-config`, `"rulesFrom": "eslint"`):
// real temporary projects whose node_modules link this repository's eslint and the package itself,
// so the project's own ESLint loads the project's own eslint.config.js.
import { mkdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { makeProject, packageJson, removeProjects, run, tsconfigJson } from './helpers.js';
import { runBin } from './spawn.js';

afterAll(removeProjects);

const repo = fileURLToPath(new URL('../..', import.meta.url));

/** `node_modules/<name>` links to this repository's copies (the package itself for tool-identity-audit). */
function linkModules(dir: string, names: readonly string[]): void {
  mkdirSync(path.join(dir, 'node_modules'), { recursive: true });
  for (const name of names) {
    const target = name === 'tool-identity-audit' ? repo : path.join(repo, 'node_modules', name);
    symlinkSync(target, path.join(dir, 'node_modules', name), 'dir');
  }
}

/** A 70-character tool name: over OpenAI's 64, within Anthropic's 128 (a valid-tool-name error by default). */
const longName = `lookup_${'order_history_'.repeat(4)}and_more_details_x`.slice(0, 70);
const longNameTool = (agent: string): string => `import { Agent, tool } from '@openai/agents';
import { z } from 'zod';

const history = tool({
  name: '${longName}',
  description: 'Every order of a customer with its line items.',
  parameters: z.object({ customerId: z.string() }),
  execute: async ({ customerId }) => \`history of \${customerId}\`,
});

export const ${agent} = new Agent({ name: '${agent}', instructions: 'Answer questions about past orders.', tools: [history] });
`;

/**
 * The project's ESLint config (no parser: working out a file's configuration parses nothing, and
 * typescript-eslint keeps process-wide state of the config directories it was loaded from, which
 * other test files in this worker lint with): the recommended preset, valid-tool-name at warn (numeric level),
 * off in legacy code, with Anthropic's limits for the Claude agents, generated code ignored.
 */
const eslintConfig = `import toolIdentity from 'tool-identity-audit';

export default [
  { ignores: ['src/generated/**'] },
  { files: ['**/*.ts'] },
  toolIdentity.configs.recommended,
  { rules: { 'tool-identity/valid-tool-name': 1 } },
  { files: ['src/legacy/**'], rules: { 'tool-identity/valid-tool-name': 'off' } },
  { files: ['src/claude/**'], rules: { 'tool-identity/valid-tool-name': ['error', { provider: 'anthropic' }] } },
];
`;

const sources = {
  'package.json': packageJson,
  'tsconfig.json': tsconfigJson,
  'src/archive.ts': longNameTool('archivist'),
  'src/legacy/old-archive.ts': longNameTool('oldArchivist'),
  'src/claude/archive.ts': longNameTool('claudeArchivist'),
  'src/generated/archive.ts': longNameTool('generatedArchivist'),
};

function eslintProject(files: Record<string, string> = { 'eslint.config.js': eslintConfig }): string {
  const dir = makeProject({ ...sources, ...files });
  linkModules(dir, ['eslint', 'tool-identity-audit']);
  return dir;
}

/** `file:line severity rule` of a -f json report. */
function rows(stdout: string): string[] {
  const files = JSON.parse(stdout) as Array<{ filePath: string; messages: Array<{ ruleId: string; line: number; severity: number }> }>;
  return files.flatMap((entry) =>
    entry.messages.map((m) => `${path.basename(path.dirname(entry.filePath))}/${path.basename(entry.filePath)}:${m.line} ${m.severity === 2 ? 'error' : 'warn'} ${m.ruleId}`),
  );
}

describe('--eslint-config: levels and options file by file, as ESLint gives them', () => {
  it('without it the CLI runs its own defaults: every long name is an error', async () => {
    const result = await run(['-f', 'json'], { cwd: eslintProject() });
    expect(result.code).toBe(1);
    expect(rows(result.stdout)).toEqual([
      'src/archive.ts:5 error valid-tool-name',
      'claude/archive.ts:5 error valid-tool-name',
      'generated/archive.ts:5 error valid-tool-name',
      'legacy/old-archive.ts:5 error valid-tool-name',
    ]);
  });

  it('a warning where ESLint warns, nothing where the rule is off or the file ignored, the file\'s own options', async () => {
    const result = await run(['--eslint-config', '-f', 'json'], { cwd: eslintProject() });
    expect(result.stderr).toBe('');
    // src/claude/** checks names against Anthropic's 128 characters: the 70-character name passes.
    expect(rows(result.stdout)).toEqual(['src/archive.ts:5 warn valid-tool-name']);
    expect(result.code).toBe(0);
  });

  it('--rule wins for every file, as in ESLint; a file ESLint ignores still reports nothing', async () => {
    const result = await run(['--eslint-config', '--rule', 'tool-identity/valid-tool-name=2', '-f', 'json'], { cwd: eslintProject() });
    expect(rows(result.stdout)).toEqual(['src/archive.ts:5 error valid-tool-name', 'legacy/old-archive.ts:5 error valid-tool-name']);
    expect(result.code).toBe(1);
  });

  it('"rulesFrom": "eslint" in the configuration does the same', async () => {
    const dir = eslintProject({ 'eslint.config.js': eslintConfig, 'tool-identity-audit.config.json': '{ "rulesFrom": "eslint" }\n' });
    const result = await run(['-f', 'json'], { cwd: dir });
    expect(rows(result.stdout)).toEqual(['src/archive.ts:5 warn valid-tool-name']);
    expect(result.code).toBe(0);
  });

  it('a config file named by the flag or by "eslintConfig"', async () => {
    const strict = `import toolIdentity from 'tool-identity-audit';\nexport default [{ files: ['src/legacy/**/*.ts'] }, toolIdentity.configs.strict];\n`;
    const dir = eslintProject({ 'eslint.config.js': eslintConfig, 'config/eslint.strict.mjs': strict });
    const byFlag = await run(['--eslint-config', 'config/eslint.strict.mjs', '-f', 'json'], { cwd: dir });
    // Only the files a `files` entry matches are linted at all: the legacy one, at strict's error.
    expect(rows(byFlag.stdout)).toEqual(['legacy/old-archive.ts:5 error valid-tool-name']);
    const byKey = await run(['-f', 'json', '-c', 'audit.json'], {
      cwd: eslintProject({ 'config/eslint.strict.mjs': strict, 'audit.json': '{ "rulesFrom": "eslint", "eslintConfig": "config/eslint.strict.mjs" }\n' }),
    });
    expect(rows(byKey.stdout)).toEqual(['legacy/old-archive.ts:5 error valid-tool-name']);
  });
});

describe('--eslint-config from the installed executable', () => {
  it('loads the project\'s ESLint on every run, also when the CLI is compiled from its code cache', async () => {
    // A fresh compile cache: the first run compiles the bundle and stores its code, the second runs
    // from it (where, through \`import()\`, the project's ESLint once failed to load).
    const env = { NODE_COMPILE_CACHE: path.join(makeProject({}), 'compile-cache') };
    const dir = eslintProject();
    const inProcess = await run(['--eslint-config', '-f', 'json'], { cwd: dir });
    for (const attempt of ['compiled', 'from the code cache']) {
      const spawned = runBin(dir, ['--eslint-config', '-f', 'json'], { env });
      expect({ attempt, status: spawned.status, stderr: spawned.stderr }).toEqual({ attempt, status: 0, stderr: '' });
      expect(rows(spawned.stdout)).toEqual(rows(inProcess.stdout));
    }
    expect(rows(inProcess.stdout)).toEqual(['src/archive.ts:5 warn valid-tool-name']);
  });
});

describe('--eslint-config that cannot work exits 2 naming the flag or the key', () => {
  it('eslint is not installed', async () => {
    const dir = makeProject({ ...sources, 'eslint.config.js': eslintConfig });
    const result = await run(['--eslint-config'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `tool-identity-audit: --eslint-config: eslint is not installed in ${dir} (cannot resolve "eslint" from there); install eslint 9 or later, or drop --eslint-config\n`,
    );
    const byKey = await run([], { cwd: makeProject({ ...sources, 'tool-identity-audit.config.json': '{ "rulesFrom": "eslint" }\n' }) });
    expect(byKey.code).toBe(2);
    expect(byKey.stderr).toMatch(/^tool-identity-audit: "rulesFrom": "eslint" in tool-identity-audit\.config\.json: eslint is not installed in /);
  });

  it('no ESLint config is found', async () => {
    const result = await run(['--eslint-config'], { cwd: eslintProject({}) });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'tool-identity-audit: --eslint-config: no ESLint flat config found (eslint.config.js, .mjs, .cjs, .ts, .mts, .cts); name one with --eslint-config <file>\n',
    );
  });

  it('a named config that does not exist, or a directory given as the config', async () => {
    const missing = await run(['--eslint-config', 'eslint.custom.js'], { cwd: eslintProject() });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('tool-identity-audit: --eslint-config: ESLint config eslint.custom.js does not exist\n');
    const directory = await run(['--eslint-config', 'src'], { cwd: eslintProject() });
    expect(directory.code).toBe(2);
    expect(directory.stderr).toBe('tool-identity-audit: --eslint-config: src is a directory; name the ESLint config file (paths to audit go before --eslint-config)\n');
  });

  it('a config that throws when ESLint loads it', async () => {
    const result = await run(['--eslint-config'], { cwd: eslintProject({ 'eslint.config.js': "throw new Error('CI only: set NODE_ENV');\n" }) });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('tool-identity-audit: --eslint-config: cannot load the ESLint config: CI only: set NODE_ENV\n');
  });

  it('"rules" next to "rulesFrom", or "eslintConfig" alone, or "rules" with the flag', async () => {
    const both = await run([], { cwd: eslintProject({ 'tool-identity-audit.config.json': '{ "rulesFrom": "eslint", "rules": { "valid-tool-name": "warn" } }\n' }) });
    expect(both.code).toBe(2);
    expect(both.stderr).toBe(
      'tool-identity-audit: invalid configuration in tool-identity-audit.config.json: rules: not used with "rulesFrom": "eslint" (the levels come from the ESLint config); keep one of the two keys\n',
    );
    const alone = await run([], { cwd: eslintProject({ 'tool-identity-audit.config.json': '{ "eslintConfig": "eslint.config.js" }\n' }) });
    expect(alone.code).toBe(2);
    expect(alone.stderr).toBe('tool-identity-audit: invalid configuration in tool-identity-audit.config.json: eslintConfig: only read with "rulesFrom": "eslint"\n');
    const flag = await run(['--eslint-config'], { cwd: eslintProject({ 'eslint.config.js': eslintConfig, 'tool-identity-audit.config.json': '{ "rules": { "valid-tool-name": "warn" } }\n' }) });
    expect(flag.code).toBe(2);
    expect(flag.stderr).toBe(
      'tool-identity-audit: --eslint-config: tool-identity-audit.config.json also sets "rules"; the levels come from one place: remove "rules" or drop --eslint-config\n',
    );
  });
});
