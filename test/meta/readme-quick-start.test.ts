// README.md's quick start, as a user follows it: each ESLint config block is the eslint.config.mjs
// of a small project (its package imports pointed at this checkout's build and node_modules, which
// is what installing them gives) and ESLint reports the planted collision with it; the finding shown
// is what the built CLI prints on fixtures/demo.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot, runBin } from '../cli/spawn.js';

const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
const quickStart = /\n## Quick start\n([\s\S]*?)\n## /.exec(readme)?.[1] ?? '';
const blocks = [...quickStart.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map((match) => ({ lang: match[1] ?? '', code: match[2] ?? '' }));

const require = createRequire(import.meta.url);
const specifiers: Record<string, string> = {
  'tool-identity-audit': pathToFileURL(path.join(repoRoot, 'dist/src/plugin.js')).href,
  'typescript-eslint': pathToFileURL(require.resolve('typescript-eslint')).href,
};

const scratch = mkdtempSync(path.join(tmpdir(), 'tia-quick-start-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const agentModule = (typed: boolean): string =>
  [
    "import { Agent, tool } from '@openai/agents';",
    '',
    `const searchOrders = tool({ name: 'search', description: 'Search orders.', parameters: {}, execute: async (${typed ? 'input: unknown' : 'input'}) => 'orders' });`,
    "const searchArticles = tool({ name: 'search', description: 'Search articles.', parameters: {}, execute: async () => 'articles' });",
    '',
    "export const supportAgent = new Agent({ name: 'support', instructions: 'Help.', tools: [searchOrders, searchArticles] });",
    '',
  ].join('\n');

async function lintWith(config: string, file: string): Promise<ESLint.LintResult[]> {
  const cwd = path.join(scratch, path.extname(file).slice(1));
  mkdirSync(path.join(cwd, 'src'), { recursive: true });
  const rewritten = config.replace(/from '([^']+)'/g, (whole, specifier: string) => (specifiers[specifier] ? `from '${specifiers[specifier]}'` : whole));
  writeFileSync(path.join(cwd, 'eslint.config.mjs'), rewritten);
  writeFileSync(path.join(cwd, file), agentModule(file.endsWith('.ts')));
  const eslint = new ESLint({ cwd, overrideConfigFile: path.join(cwd, 'eslint.config.mjs') });
  return eslint.lintFiles([file]);
}

describe('README quick start', () => {
  it('installs the package as a dev dependency and runs the CLI with npx', () => {
    expect(blocks.filter((block) => block.lang === 'sh').map((block) => block.code.trim())).toEqual(['npm install -D tool-identity-audit', 'npx tool-identity-audit']);
  });

  it.each([
    ['JavaScript', 0, 'src/agent.js'],
    ['TypeScript', 1, 'src/agent.ts'],
  ] as const)('the %s config reports a collision', async (_kind, index, file) => {
    const config = blocks.filter((block) => block.lang === 'js')[index]?.code ?? '';
    expect(config).toContain("from 'tool-identity-audit'");
    const [result] = await lintWith(config, file);
    const messages = result?.messages ?? [];
    expect(messages.filter((message) => message.fatal)).toEqual([]);
    expect(messages.map((message) => message.ruleId)).toContain('tool-identity/no-tool-name-collision');
  });

  it('shows what the CLI prints on fixtures/demo', () => {
    const excerpt = blocks.find((block) => block.lang === 'text')?.code ?? '';
    const result = runBin(path.join(repoRoot, 'fixtures/demo'), []);
    expect(result.status).toBe(1);
    const printed = new Set(result.stdout.split('\n'));
    const lines = excerpt.split('\n').filter((line) => line !== '');
    expect(lines.length).toBeGreaterThan(5);
    expect(lines.filter((line) => !printed.has(line))).toEqual([]);
  });
});
