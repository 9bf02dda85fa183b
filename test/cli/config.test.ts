// Configuration: where it is found, what it changes, and exit 2 with the key path for bad values.
import { afterAll, describe, expect, it } from 'vitest';
import { ruleIds } from '../../src/checks/catalog.js';
import { helpdeskProject, makeProject, packageJson, removeProjects, run, tsconfigJson } from './helpers.js';

afterAll(removeProjects);

const CONFIG = 'tool-identity-audit.config.json';
const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/** Runs the audit in a helpdesk project with `files` added; the analyzer must not run for bad config. */
async function withFiles(files: Record<string, string>, args: string[] = []) {
  return run(args, { cwd: helpdeskProject(files) });
}

describe('invalid configuration exits 2 and names the key', () => {
  it.each([
    ['an unknown key', { colour: true }, 'colour: Unrecognized key'],
    ['an unknown nested key', { rules: {}, include: ['src'], exclude: [], baseline: 'b.json', extra: 1, more: 2 }, 'extra: Unrecognized key; more: Unrecognized key'],
    ['a wrong type', { include: 'src' }, 'include: Invalid input: expected array, received string'],
    ['a wrong element type', { exclude: ['dist', 3] }, 'exclude[1]: Invalid input: expected string, received number'],
    ['an unknown rule id', { rules: { 'no-such-rule': 'error' } }, `rules.no-such-rule: Unknown rule; known rules: ${ruleIds.join(', ')}`],
    ['a bad level', { rules: { 'valid-tool-name': 'on' } }, 'rules.valid-tool-name: Invalid option: expected one of "off"|"warn"|"error" (or 0, 1, 2)'],
    ['a bad level in a tuple', { rules: { 'valid-tool-name': ['on', { provider: 'openai' }] } }, 'rules.valid-tool-name[0]: Invalid option: expected one of "off"|"warn"|"error" (or 0, 1, 2)'],
    [
      'a bad rule option',
      { rules: { 'valid-tool-name': ['error', { provider: 'mistral' }] } },
      'rules.valid-tool-name[1].provider: Invalid option: expected one of "openai"|"anthropic"|"gemini"',
    ],
    ['an unknown rule option', { rules: { 'no-call-id-coercion': ['error', { strict: true }] } }, 'rules.no-call-id-coercion[1].strict: Unrecognized key'],
    [
      'a wrong option type',
      { rules: { 'no-identity-helper-bypass': ['warn', { helperModules: 'src/identity.ts' }] } },
      'rules.no-identity-helper-bypass[1].helperModules: Invalid input: expected array, received string',
    ],
    ['a too long rule entry', { rules: { 'no-call-id-coercion': ['error', {}, {}] } }, 'rules.no-call-id-coercion: Too big: expected array to have <=2 items'],
    [
      'a rule entry of the wrong type',
      { rules: { 'no-call-id-coercion': 3 } },
      'rules.no-call-id-coercion: Invalid input: expected "off", "warn", "error" (0, 1, 2) or [level, options], received number',
    ],
    ['a fractional maxWarnings', { maxWarnings: 1.5 }, 'maxWarnings: Invalid input: expected int, received number'],
    ['a maxWarnings below -1', { maxWarnings: -2 }, 'maxWarnings: Too small: expected number to be >=-1'],
    ['an empty tsconfig', { tsconfig: '' }, 'tsconfig: Too small: expected string to have >=1 characters'],
    ['a non-object', ['src'], '(root): Invalid input: expected object, received array'],
  ])('%s', async (_case, config, problem) => {
    expect(await withFiles({ [CONFIG]: json(config) })).toEqual({
      code: 2,
      stdout: '',
      stderr: `tool-identity-audit: invalid configuration in ${CONFIG}: ${problem}\n`,
    });
  });

  it('invalid JSON, naming the file', async () => {
    const text = '{\n  "rules": {\n    "valid-tool-name": "error",\n  }\n}\n';
    let parseError = '';
    try {
      JSON.parse(text);
    } catch (error) {
      parseError = (error as Error).message;
    }
    expect(await withFiles({ [CONFIG]: text })).toEqual({
      code: 2,
      stdout: '',
      stderr: `tool-identity-audit: invalid JSON in ${CONFIG}: ${parseError}\n`,
    });
  });

  it('a bad value under the package.json key, with the key in the path', async () => {
    const pkg = json({ name: 'helpdesk-bot', toolIdentityAudit: { rules: { 'valid-tool-name': ['error', { provider: 'mistral' }] } } });
    expect(await withFiles({ 'package.json': pkg })).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'tool-identity-audit: invalid configuration in package.json: toolIdentityAudit.rules.valid-tool-name[1].provider: Invalid option: expected one of "openai"|"anthropic"|"gemini"\n',
    });
  });

  it('a package.json that is not JSON', async () => {
    const result = await withFiles({ 'package.json': '{ "name": "helpdesk-bot", }' });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^tool-identity-audit: invalid JSON in package\.json: .+\n$/);
  });

  it('-c with a file that does not exist', async () => {
    expect(await withFiles({}, ['-c', 'configs/audit.json'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'tool-identity-audit: cannot read config file configs/audit.json: no such file or directory\n',
    });
  });

  it('-c package.json without the key', async () => {
    expect(await withFiles({}, ['-c', 'package.json'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'tool-identity-audit: package.json has no "toolIdentityAudit" key\n',
    });
  });

  it('the graph command reads the same configuration', async () => {
    expect(await withFiles({ [CONFIG]: json({ colour: true }) }, ['graph'])).toEqual({
      code: 2,
      stdout: '',
      stderr: `tool-identity-audit: invalid configuration in ${CONFIG}: colour: Unrecognized key\n`,
    });
  });
});

describe('configuration that applies', () => {
  /** A 70-character tool name: over OpenAI's 64, within Anthropic's 128. */
  const longName = `lookup_${'order_history_'.repeat(4)}and_more_details_x`.slice(0, 70);
  const longNameTools = `import { Agent, tool } from '@openai/agents';
import { z } from 'zod';

const history = tool({
  name: '${longName}',
  description: 'Every order of a customer with its line items.',
  parameters: z.object({ customerId: z.string() }),
  execute: async ({ customerId }) => \`history of \${customerId}\`,
});

export const archivist = new Agent({ name: 'archivist', instructions: 'Answer questions about past orders.', tools: [history] });
`;
  const project = (files: Record<string, string>): string =>
    makeProject({ 'package.json': packageJson, 'tsconfig.json': tsconfigJson, 'src/archive.ts': longNameTools, ...files });
  const quietJson = ['-f', 'json'];
  const ruleIdsOf = (stdout: string): string[] =>
    (JSON.parse(stdout) as Array<{ messages: Array<{ ruleId: string }> }>).flatMap((entry) => entry.messages.map((m) => m.ruleId));

  it('runs every rule at its default level without a configuration', async () => {
    expect(longName).toHaveLength(70);
    const result = await run(quietJson, { cwd: project({}) });
    expect(result.code).toBe(1);
    expect(ruleIdsOf(result.stdout)).toEqual(['valid-tool-name']);
  });

  it('passes rule options to the analyzer', async () => {
    const cwd = project({ [CONFIG]: json({ rules: { 'valid-tool-name': ['error', { provider: 'anthropic' }] } }) });
    expect(await run([], { cwd })).toEqual({ code: 0, stdout: '1 file in 1 project\n', stderr: '' });
  });

  it('reads the toolIdentityAudit key of package.json', async () => {
    const pkg = json({ ...(JSON.parse(packageJson) as object), toolIdentityAudit: { rules: { 'valid-tool-name': 'warn' } } });
    const result = await run(quietJson, { cwd: project({ 'package.json': pkg }) });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('"level": "warning"');
  });

  it('prefers the config file to package.json', async () => {
    const pkg = json({ ...(JSON.parse(packageJson) as object), toolIdentityAudit: { rules: { 'valid-tool-name': 'warn' } } });
    const cwd = project({ 'package.json': pkg, [CONFIG]: json({ rules: { 'valid-tool-name': 'off' } }) });
    expect(await run([], { cwd })).toEqual({ code: 0, stdout: '1 file in 1 project\n', stderr: '' });
  });

  it('reads -c, including a package.json elsewhere', async () => {
    const cwd = project({
      'configs/audit.json': json({ $schema: '../node_modules/tool-identity-audit/schema/config.schema.json', rules: { 'valid-tool-name': 'off' } }),
      'configs/package.json': json({ toolIdentityAudit: { rules: { 'valid-tool-name': ['error', { pattern: '^[a-z_]{1,80}$' }] } } }),
    });
    expect((await run(['-c', 'configs/audit.json'], { cwd })).code).toBe(0);
    expect((await run(['-c', 'configs/package.json'], { cwd })).code).toBe(0);
    expect((await run([], { cwd })).code).toBe(1);
  });

  it('--rule overrides the level from the config and keeps its options', async () => {
    const cwd = project({ [CONFIG]: json({ rules: { 'valid-tool-name': ['off', { provider: 'openai' }] } }) });
    const result = await run(['--rule', 'valid-tool-name=warn', ...quietJson], { cwd });
    expect(result.code).toBe(0);
    expect(ruleIdsOf(result.stdout)).toEqual(['valid-tool-name']);
  });

  it("takes ESLint's spelling: the plugin prefix on rule ids, numeric levels, in the config and in --rule", async () => {
    const numeric = project({ [CONFIG]: json({ rules: { 'tool-identity/valid-tool-name': [1, { provider: 'openai' }] } }) });
    const warned = await run(quietJson, { cwd: numeric });
    expect([warned.code, ruleIdsOf(warned.stdout)]).toEqual([0, ['valid-tool-name']]);
    expect(warned.stdout).toContain('"level": "warning"');
    expect(await run([], { cwd: project({ [CONFIG]: json({ rules: { 'valid-tool-name': 0 } }) }) })).toEqual({ code: 0, stdout: '1 file in 1 project\n', stderr: '' });
    const overridden = await run(['--rule', 'tool-identity/valid-tool-name=2', ...quietJson], { cwd: numeric });
    expect([overridden.code, ruleIdsOf(overridden.stdout)]).toEqual([1, ['valid-tool-name']]);
  });

  it('one rule under both spellings is a configuration error naming the second key', async () => {
    const cwd = project({ [CONFIG]: json({ rules: { 'valid-tool-name': 'warn', 'tool-identity/valid-tool-name': 'off' } }) });
    expect(await run([], { cwd })).toEqual({
      code: 2,
      stdout: '',
      stderr: `tool-identity-audit: invalid configuration in ${CONFIG}: rules["tool-identity/valid-tool-name"]: names the rule "valid-tool-name" a second time; keep one of the two keys\n`,
    });
  });

  it('include, exclude and tsconfig choose the files', async () => {
    const twice = { 'src/legacy/archive.ts': longNameTools, 'tsconfig.app.json': json({ include: ['src/legacy'] }) };
    const count = async (config: object): Promise<number> => {
      const result = await run(quietJson, { cwd: project({ ...twice, [CONFIG]: json(config) }) });
      return ruleIdsOf(result.stdout).length;
    };
    expect(await count({})).toBe(2);
    expect(await count({ exclude: ['src/legacy/**'] })).toBe(1);
    expect(await count({ tsconfig: 'tsconfig.app.json' })).toBe(1);
  });

  it('maxWarnings from the config, overridden by --max-warnings', async () => {
    const cwd = project({ [CONFIG]: json({ rules: { 'valid-tool-name': 'warn' }, maxWarnings: 0 }) });
    expect(await run(['-f', 'json=out.json'], { cwd })).toEqual({
      code: 1,
      stdout: '',
      stderr: 'tool-identity-audit: too many warnings (1); the maximum is 0\n',
    });
    expect((await run(['-f', 'json=out.json', '--max-warnings', '1'], { cwd })).code).toBe(0);
  });

  it('an empty configuration file is the default configuration', async () => {
    const cwd = helpdeskProject({ [CONFIG]: '{}\n' });
    expect((await run([], { cwd })).code).toBe(1);
  });
});
