// The public analyzer API with the least a caller can give (issue 23 item 4): `analyzeProject({ cwd })`
// runs the recommended rules with default options, partial options are completed, and a bad option
// is the package's configuration error naming it. The README's example is run as written.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeProject, AnalyzerConfigError } from '../../src/analyzer/index.js';
import { FIXTURES, recommendedRules, tempProject } from './helpers.js';
import { repoRoot } from '../cli/spawn.js';

const DEMO = path.join(FIXTURES, 'demo');
const rows = (result: Awaited<ReturnType<typeof analyzeProject>>): string[] =>
  result.findings.map((f) => `${f.ruleId} ${f.file}:${f.span.loc.start.line}:${f.span.loc.start.column + 1}`);

describe('analyzeProject with only cwd', () => {
  it('runs the recommended rules with their default options', async () => {
    const bare = await analyzeProject({ cwd: DEMO });
    expect(rows(bare)).toEqual(rows(await analyzeProject({ cwd: DEMO, rules: recommendedRules() })));
    // The demo's 15 deliberate defects with the default rules (fixtures/demo/EXPECTED.md).
    expect(bare.findings).toHaveLength(15);
  });

  it('completes partial options: a provider alone keeps the other defaults', async () => {
    const partial = await analyzeProject({ cwd: DEMO, rules: { 'valid-tool-name': { provider: 'openai' } } });
    const full = await analyzeProject({ cwd: DEMO, rules: { 'valid-tool-name': { provider: 'openai', reportRewrites: true } } });
    expect(rows(partial)).toEqual(rows(full));
    expect(partial.findings.every((f) => f.ruleId === 'valid-tool-name')).toBe(true);
  });

  it.each([
    [{ 'valid-tool-name': { provider: 'cohere' } }, /^invalid rule options: rules\.valid-tool-name\.provider: /],
    [{ 'no-identity-helper-bypass': { helperModules: 'src/**' } }, /^invalid rule options: rules\.no-identity-helper-bypass\.helperModules: /],
    [{ 'no-such-rule': {} }, /^invalid rule options: rules\.no-such-rule: unknown rule; known rules: /],
  ])('a bad option (%j) throws AnalyzerConfigError naming it', async (rules, message) => {
    const error = await analyzeProject({ cwd: DEMO, rules: rules as never }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AnalyzerConfigError);
    expect((error as Error).message).toMatch(message);
  });

  it('the README example runs as written, in the project it audits', () => {
    const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    const block = /<!-- analyzer-example:[^\n]*-->\n```js\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(block).toBeDefined();
    // Installed as a user has it: node_modules/tool-identity-audit is this package (built).
    const dir = tempProject({ 'audit.mjs': block as string });
    fs.mkdirSync(path.join(dir, 'node_modules'));
    fs.symlinkSync(repoRoot, path.join(dir, 'node_modules/tool-identity-audit'), 'dir');
    const ran = spawnSync(process.execPath, [path.join(dir, 'audit.mjs')], { cwd: DEMO, encoding: 'utf8' });
    expect(ran.stderr).toBe('');
    expect(ran.status).toBe(0);
    const lines = ran.stdout.trimEnd().split('\n');
    expect(lines.at(-1)).toMatch(/^\d+ files, \d+ findings$/);
    expect(lines).toEqual(
      expect.arrayContaining([expect.stringMatching(/^src\/mcp\/kb-tools\.ts:20:5 {2}no-tool-name-collision {2}MCP server "support-desk" registers the tool "search" more than once/)]),
    );
  });
});
