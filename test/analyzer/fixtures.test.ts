// The committed fixture projects: exactly the findings and diagnostics each EXPECTED.md lists
// (rule, file, line, 1-based column, messageId, the related locations its row names).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeProject } from '../../src/analyzer/index.js';
import { catalog, type RuleId } from '../../src/checks/index.js';
import { allFixtureProjects, expectedFixtures, GOLDEN_ONLY, goldenFixtures, unclassified } from '../fixture-projects.js';
import { readExpected, relatedLocations, type ExpectedFinding } from './expected-md.js';
import { allRules, FIXTURES, fixtureConfig, fixtureProjects as fixtures, recommendedRules, relatedAt, rows } from './helpers.js';

describe('every fixture project is checked', () => {
  it('has an EXPECTED.md, or is listed in GOLDEN_ONLY with the reason (test/fixture-projects.ts)', () => {
    expect(unclassified, 'folders of fixtures/ that are neither a project, a group of projects nor listed in NOT_PROJECTS').toEqual([]);
    const missing = allFixtureProjects.filter((name) => !Object.hasOwn(GOLDEN_ONLY, name) && !existsSync(path.join(FIXTURES, name, 'EXPECTED.md')));
    expect(missing, 'fixture projects with no EXPECTED.md and not listed golden-only').toEqual([]);
  });

  it('lists as golden-only only projects that exist, have no EXPECTED.md and are in the goldens', () => {
    for (const [name, reason] of Object.entries(GOLDEN_ONLY)) {
      expect(allFixtureProjects, name).toContain(name);
      expect(existsSync(path.join(FIXTURES, name, 'EXPECTED.md')), `${name} has an EXPECTED.md: check it, not only its goldens`).toBe(false);
      expect(goldenFixtures, name).toContain(name);
      expect(reason.length, `${name}: the reason`).toBeGreaterThan(20);
    }
  });

  it('runs the exact-findings suites on every fixture project with an EXPECTED.md', () => {
    expect([...fixtures].sort()).toEqual(expectedFixtures);
  });
});

describe.each(fixtures)('fixtures/%s', (name) => {
  const cwd = path.join(FIXTURES, name);
  const expected = (): ReturnType<typeof readExpected> => readExpected(cwd);
  const expectedRows = (): Array<Omit<ExpectedFinding, 'related' | 'explanation'>> =>
    expected().findings.map(({ related: _related, explanation: _explanation, ...row }) => row);

  it('every rule on: exactly the EXPECTED.md rows and related locations', async () => {
    const result = await analyzeProject({ cwd, rules: allRules(), adapters: fixtureConfig(cwd).adapters });
    expect(rows(result.findings).map(({ ruleId, file, line, column, messageId }) => ({ ruleId, file, line, column, messageId }))).toEqual(
      expectedRows(),
    );
    // Every related location of each finding, exactly those its row names (in the finding's order).
    expect(result.findings.map((finding) => `${finding.ruleId} ${finding.file}:${finding.span.loc.start.line}: ${relatedAt(finding).join(' ')}`)).toEqual(
      result.findings.map((finding, i) => `${finding.ruleId} ${finding.file}:${finding.span.loc.start.line}: ${(expected().findings[i]?.related ?? []).join(' ')}`),
    );
  });

  it('recommended: the rows of rules that are on by default; exactly the listed diagnostics', async () => {
    const result = await analyzeProject({ cwd, rules: recommendedRules(), adapters: fixtureConfig(cwd).adapters });
    const onByDefault = (id: string): boolean => catalog[id as RuleId].defaultSeverity !== 'off';
    expect(rows(result.findings).map(({ ruleId, file, line, column, messageId }) => ({ ruleId, file, line, column, messageId }))).toEqual(
      expectedRows().filter((row) => onByDefault(row.ruleId)),
    );
    // Diagnostics store 0-based columns like finding spans; EXPECTED.md prints them 1-based.
    expect(result.diagnostics.map((d) => ({ kind: d.kind, file: d.file, line: d.line, column: d.column === undefined ? undefined : d.column + 1 }))).toEqual(
      expected().diagnostics,
    );
    expect(result.filesAnalyzed).toBeGreaterThan(0);
  });
});

describe('EXPECTED.md tables are read', () => {
  it('has rows for the fixtures that list findings', () => {
    expect(readExpected(path.join(FIXTURES, 'demo')).findings).toHaveLength(16);
    expect(readExpected(path.join(FIXTURES, 'projects/bad-input')).diagnostics).toEqual([
      { kind: 'parse-error', file: 'src/care.ts', line: 22, column: 29 },
    ]);
    const crossFile = readExpected(path.join(FIXTURES, 'projects/cross-file-collision')).findings;
    expect(crossFile).toHaveLength(1);
    expect(crossFile[0]?.related).toEqual(expect.arrayContaining(['src/tools/inventory.ts:25:9']));
    expect(readExpected(path.join(FIXTURES, 'projects/clean')).findings).toEqual([]);
    // `:line:column` alone is in the file named before it.
    expect(relatedLocations('winner at `src/a.ts:34:11`; names `src/a.ts:10:9` (winner) and `:17:9`; server at `src/b.ts:2:3`')).toEqual([
      'src/a.ts:34:11',
      'src/a.ts:10:9',
      'src/a.ts:17:9',
      'src/b.ts:2:3',
    ]);
  });
});
