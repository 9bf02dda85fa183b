// Baselines: --write-baseline records today's findings, --baseline (or the config's "baseline")
// suppresses them; moving code does not bring them back, a new finding does show.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { catalog } from '../../src/checks/catalog.js';
import { agentTs, helpdeskProject, logTs, removeProjects, run, toolsTs, writeFiles } from './helpers.js';

afterAll(removeProjects);

const BASELINE = 'tool-identity-audit.baseline.json';

interface JsonEntry {
  filePath: string;
  messages: Array<{ ruleId: string; message: string; fingerprint: string; line: number }>;
}

/** What the baseline must hold: the json reporter's fingerprints (the same line-free function). */
async function currentEntries(cwd: string) {
  const report = JSON.parse((await run(['-f', 'json'], { cwd })).stdout) as JsonEntry[];
  return report.flatMap((entry) =>
    entry.messages.map((m) => ({ ruleId: m.ruleId, file: path.relative(cwd, entry.filePath), fingerprint: m.fingerprint, message: m.message })),
  );
}

describe('--write-baseline', () => {
  it('writes sorted fingerprints of every finding and exits 0', async () => {
    const cwd = helpdeskProject();
    const expected = await currentEntries(cwd);
    expect(expected.map((e) => [e.ruleId, e.file])).toEqual([
      ['no-tool-name-collision', 'src/agent.ts'],
      ['no-identity-helper-bypass', 'src/log.ts'],
    ]);
    expect(await run(['--write-baseline'], { cwd })).toEqual({ code: 0, stdout: `Wrote 2 findings to ${BASELINE}\n`, stderr: '' });
    expect(readFileSync(path.join(cwd, BASELINE), 'utf8')).toBe(`${JSON.stringify({ version: 1, findings: expected }, null, 2)}\n`);
  });

  it('records warnings even with --quiet, and the levels --rule sets', async () => {
    const cwd = helpdeskProject();
    expect((await run(['--write-baseline', '--quiet', '--rule', 'no-tool-name-collision=off'], { cwd })).stdout).toBe(`Wrote 1 finding to ${BASELINE}\n`);
    const written = JSON.parse(readFileSync(path.join(cwd, BASELINE), 'utf8')) as { findings: Array<{ ruleId: string }> };
    expect(written.findings.map((f) => f.ruleId)).toEqual(['no-identity-helper-bypass']);
  });

  it('writes to --baseline <file>, or to the config\'s "baseline"', async () => {
    const cwd = helpdeskProject({ 'tool-identity-audit.config.json': '{ "baseline": "audit/known.json" }\n' });
    expect((await run(['--write-baseline', '--baseline', 'other/known.json'], { cwd })).stdout).toBe('Wrote 2 findings to other/known.json\n');
    expect((await run(['--write-baseline'], { cwd })).stdout).toBe('Wrote 2 findings to audit/known.json\n');
    expect(readFileSync(path.join(cwd, 'audit/known.json'), 'utf8')).toBe(readFileSync(path.join(cwd, 'other/known.json'), 'utf8'));
  });
});

describe('--baseline', () => {
  it('suppresses the recorded findings', async () => {
    const cwd = helpdeskProject();
    await run(['--write-baseline'], { cwd });
    expect(await run(['--baseline', BASELINE], { cwd })).toEqual({
      code: 0,
      stdout: '3 files in 1 project\n',
      stderr: `tool-identity-audit: baseline ${BASELINE}: 2 findings hidden\n`,
    });
  });

  it('keeps suppressing them when code moves by a few lines', async () => {
    const cwd = helpdeskProject();
    await run(['--write-baseline'], { cwd });
    const lines = async (): Promise<number[]> =>
      (JSON.parse((await run(['-f', 'json'], { cwd })).stdout) as JsonEntry[]).flatMap((entry) => entry.messages.map((m) => m.line));
    const before = await lines();
    const header = '// Helpdesk bot.\n// Owned by the support-tools team.\n\n';
    writeFiles(cwd, { 'src/tools.ts': header + toolsTs, 'src/agent.ts': header + agentTs, 'src/log.ts': `${header}\n${logTs}` });
    // agent.ts moved down 3 lines, log.ts 4.
    expect(await lines()).toEqual([(before[0] ?? 0) + 3, (before[1] ?? 0) + 4]);
    expect(await run(['--baseline', BASELINE], { cwd })).toEqual({
      code: 0,
      stdout: '3 files in 1 project\n',
      stderr: `tool-identity-audit: baseline ${BASELINE}: 2 findings hidden\n`,
    });
  });

  it('reports findings that are not in the baseline', async () => {
    const cwd = helpdeskProject();
    await run(['--write-baseline'], { cwd });
    writeFiles(cwd, { 'src/trace.ts': 'export const spanLabel = (t: { name: string; namespace: string }) => `${t.namespace}.${t.name}`;\n' });
    const result = await run(['--baseline', BASELINE, '-f', 'json'], { cwd });
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as JsonEntry[];
    expect(report.map((entry) => [path.relative(cwd, entry.filePath), entry.messages.map((m) => m.ruleId)])).toEqual([
      ['src/trace.ts', ['no-identity-helper-bypass']],
    ]);
  });

  it('is read from the config\'s "baseline"; --baseline overrides it', async () => {
    const cwd = helpdeskProject({ 'tool-identity-audit.config.json': '{ "baseline": "known.json" }\n' });
    await run(['--write-baseline'], { cwd });
    expect(await run([], { cwd })).toEqual({ code: 0, stdout: '3 files in 1 project\n', stderr: 'tool-identity-audit: baseline known.json: 2 findings hidden\n' });
    writeFileSync(path.join(cwd, 'empty.json'), '{ "version": 1, "findings": [] }\n');
    expect((await run(['--baseline', 'empty.json'], { cwd })).code).toBe(1);
  });

  it('a configured baseline that does not exist yet hides nothing, says so, and the exit code is the findings\' own', async () => {
    const cwd = helpdeskProject({ 'tool-identity-audit.config.json': '{ "baseline": "known.json" }\n' });
    const result = await run([], { cwd });
    expect([result.code, result.stderr]).toEqual([
      1,
      'tool-identity-audit: baseline known.json does not exist yet; no finding is hidden (write it with --write-baseline)\n',
    ]);
    expect(result.stdout).toContain('2 problems');
  });

  it('counts the entries that no longer match, and --prune-baseline drops them', async () => {
    const cwd = helpdeskProject();
    await run(['--write-baseline'], { cwd });
    // The log line's hand-built identity string is fixed: its entry is stale.
    writeFiles(cwd, { 'src/log.ts': 'export const logCall = (name: string) => console.log(name);\n' });
    expect((await run(['--baseline', BASELINE], { cwd })).stderr).toBe(
      `tool-identity-audit: baseline ${BASELINE}: 1 finding hidden, 1 entry no longer matches (--prune-baseline drops them)\n`,
    );
    const pruned = await run(['--baseline', BASELINE, '--prune-baseline'], { cwd });
    expect([pruned.code, pruned.stderr]).toEqual([0, `tool-identity-audit: baseline ${BASELINE}: 1 finding hidden, 1 entry no longer matches (dropped: --prune-baseline)\n`]);
    const kept = JSON.parse(readFileSync(path.join(cwd, BASELINE), 'utf8')) as { findings: Array<{ ruleId: string }> };
    expect(kept.findings.map((f) => f.ruleId)).toEqual(['no-tool-name-collision']);
    expect((await run(['--baseline', BASELINE], { cwd })).stderr).toBe(`tool-identity-audit: baseline ${BASELINE}: 1 finding hidden\n`);
  });

  it('--prune-baseline without a baseline exits 2', async () => {
    expect(await run(['--prune-baseline'], { cwd: helpdeskProject() })).toEqual({
      code: 2,
      stdout: '',
      stderr: 'tool-identity-audit: --prune-baseline: no baseline file to prune (give --baseline or the config\'s "baseline")\n',
    });
  });

  it.each([
    ['not JSON', '{ "version": 1, ', /^invalid JSON in known\.json: .+$/],
    [
      'of another version',
      '{ "version": 2, "findings": [] }',
      'invalid baseline file known.json: version: Invalid input: expected 1 (expected { "version": 1, "findings": [...] }, as written by --write-baseline)',
    ],
    [
      'missing a fingerprint',
      '{ "version": 1, "findings": [{ "ruleId": "no-call-id-coercion", "file": "a.ts", "message": "m" }] }',
      'invalid baseline file known.json: findings[0].fingerprint: Invalid input: expected string, received undefined (expected { "version": 1, "findings": [...] }, as written by --write-baseline)',
    ],
  ])('a baseline file that is %s exits 2', async (_case, text, message) => {
    const cwd = helpdeskProject(text === undefined ? {} : { 'known.json': text });
    const result = await run(['--baseline', 'known.json'], { cwd });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    if (typeof message === 'string') expect(result.stderr).toBe(`tool-identity-audit: ${message}\n`);
    else expect(result.stderr.replace(/^tool-identity-audit: /, '').trimEnd()).toMatch(message);
  });
});

describe('fingerprints are structure, not wording', () => {
  it('keeps a baseline valid when a message and the set label are reworded', async () => {
    const cwd = helpdeskProject();
    expect((await run(['--write-baseline'], { cwd })).code).toBe(0);
    const messages = catalog['no-tool-name-collision'].messages as Record<string, string>;
    const original = messages['duplicateToolName']!;
    messages['duplicateToolName'] = 'Reworded: {{set}} exposes "{{name}}" twice ({{winner}} wins).';
    try {
      const reworded = await run(['-f', 'json', '--no-exit-code'], { cwd });
      const report = JSON.parse(reworded.stdout) as JsonEntry[];
      expect(report.flatMap((e) => e.messages.map((m) => m.message))).toContain(
        'Reworded: agent "helpdesk" exposes "search_orders" twice (the last tool listed wins).',
      );
      // The reworded finding is still the baselined one.
      const result = await run(['--baseline', BASELINE, '-f', 'json'], { cwd });
      expect((JSON.parse(result.stdout) as JsonEntry[]).flatMap((e) => e.messages)).toEqual([]);
      expect(result.code).toBe(0);
    } finally {
      messages['duplicateToolName'] = original;
    }
  });
});
