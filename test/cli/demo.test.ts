// `npm run demo`: the CLI on fixtures/demo reports exactly the rows of fixtures/demo/EXPECTED.md.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { catalog, isRuleId } from '../../src/checks/catalog.js';
import { run } from './helpers.js';

const demo = fileURLToPath(new URL('../../fixtures/demo', import.meta.url));

interface Row {
  ruleId: string;
  file: string;
  line: number;
  column: number;
  messageId: string;
}

/** The findings table of EXPECTED.md: `| # | \`rule\` | \`file\` | line | column | \`messageId\` | ...`. */
function expectedRows(): Row[] {
  const text = readFileSync(path.join(demo, 'EXPECTED.md'), 'utf8');
  const rows: Row[] = [];
  for (const match of text.matchAll(/^\| \d+ \| `([a-z-]+)` \| `([^`]+)` \| (\d+) \| (\d+) \| `(\w+)` \|/gm)) {
    rows.push({ ruleId: match[1]!, file: match[2]!, line: Number(match[3]), column: Number(match[4]), messageId: match[5]! });
  }
  return rows;
}

const isDefaultOn = (row: Row): boolean => isRuleId(row.ruleId) && catalog[row.ruleId].defaultSeverity !== 'off';

interface JsonEntry {
  filePath: string;
  fatalErrorCount: number;
  messages: Array<{ ruleId: string; messageId: string; line: number; column: number; severity: number }>;
}

function reported(stdout: string): Row[] {
  return (JSON.parse(stdout) as JsonEntry[]).flatMap((entry) =>
    entry.messages.map((m) => ({
      ruleId: m.ruleId,
      file: path.relative(demo, entry.filePath).split(path.sep).join('/'),
      line: m.line,
      column: m.column,
      messageId: m.messageId,
    })),
  );
}

describe('fixtures/demo', () => {
  const rows = expectedRows();

  it('EXPECTED.md lists one row per deliberate defect, with a defect of every rule kind', () => {
    // One per rule kind, plus one collision each for the AI SDK and LangChain modules.
    expect(rows).toHaveLength(16);
    expect(new Set(rows.map((row) => row.ruleId))).toEqual(new Set(Object.keys(catalog)));
    expect(rows.filter((row) => !isDefaultOn(row)).map((row) => row.ruleId)).toEqual(['no-confusable-tool-names']);
  });

  it('the default run reports the default-on rows and exits 1', async () => {
    const result = await run([], { cwd: demo });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('');
    const on = rows.filter(isDefaultOn);
    const errors = on.filter((row) => catalog[row.ruleId as keyof typeof catalog].defaultSeverity === 'error').length;
    const warnings = on.length - errors;
    expect(result.stdout).toMatch(
      new RegExp(`\\n✖ ${on.length} problems \\(${errors} errors, ${warnings} warning${warnings === 1 ? '' : 's'}\\)\\n\\d+ files in 1 project\\n$`),
    );
    for (const row of on) expect(result.stdout).toContain(`  ${row.line}:${row.column}  `);
  });

  it('reports each row at its file, line and column, with no diagnostics', async () => {
    const result = await run(['-f', 'json'], { cwd: demo });
    expect(reported(result.stdout)).toEqual(rows.filter(isDefaultOn));
    expect((JSON.parse(result.stdout) as JsonEntry[]).every((entry) => entry.fatalErrorCount === 0)).toBe(true);
  });

  it('audits fixtures/demo from the repository root, as `npm run demo` does, with repo-relative paths', async () => {
    const root = path.resolve(demo, '../..');
    const fromRoot = await run(['-f', 'json', 'fixtures/demo'], { cwd: root });
    const inside = await run(['-f', 'json'], { cwd: demo });
    expect(fromRoot.code).toBe(1);
    const rowsOf = (stdout: string, base: string): string[] =>
      (JSON.parse(stdout) as JsonEntry[]).flatMap((entry) =>
        entry.messages.map((m) => `${path.relative(base, entry.filePath).split(path.sep).join('/')}:${m.line}:${m.column} ${m.ruleId}`),
      );
    expect(rowsOf(fromRoot.stdout, root)).toEqual(rowsOf(inside.stdout, demo).map((row) => `fixtures/demo/${row}`));
    expect(rowsOf(fromRoot.stdout, root)).toHaveLength(rows.filter(isDefaultOn).length);
  });

  it('adds the confusable-names row when that rule is switched on', async () => {
    const result = await run(['-f', 'json', '--rule', 'no-confusable-tool-names=warn'], { cwd: demo });
    expect(result.code).toBe(1);
    expect(reported(result.stdout)).toEqual(rows);
  });
});
