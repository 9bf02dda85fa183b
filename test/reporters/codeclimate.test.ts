import { describe, expect, it } from 'vitest';
import { codeclimate, type CodeClimateIssue } from '../../src/reporters/codeclimate.js';
import { allFindings, binaryFile, bypass, collision, confusable, context, duplicateA, duplicateB, parseError, span } from './fixtures.js';

function parse(output: string): CodeClimateIssue[] {
  return JSON.parse(output) as CodeClimateIssue[];
}

describe('codeclimate (GitLab Code Quality)', () => {
  const full = codeclimate(allFindings, context({ diagnostics: [parseError, binaryFile] }));

  it('matches the full report snapshot', async () => {
    await expect(full).toMatchFileSnapshot('__snapshots__/codeclimate.json');
  });

  it('has the fields GitLab requires on every issue, with unique fingerprints', () => {
    const issues = parse(full);
    for (const issue of issues) {
      expect(issue.type).toBe('issue');
      expect(typeof issue.description).toBe('string');
      expect(issue.check_name.length).toBeGreaterThan(0);
      expect(['info', 'minor', 'major', 'critical', 'blocker']).toContain(issue.severity);
      expect(issue.location.path.length).toBeGreaterThan(0);
      expect(issue.location.lines.begin).toBeGreaterThanOrEqual(1);
    }
    expect(new Set(issues.map((issue) => issue.fingerprint)).size).toBe(issues.length);
  });

  it('maps a finding with its relative path, lines, severity and other locations', () => {
    expect(parse(codeclimate([collision], context()))).toEqual([
      {
        type: 'issue',
        check_name: 'no-tool-name-collision',
        description: collision.message,
        categories: ['Bug Risk'],
        location: { path: 'src/agents/researcher.ts', lines: { begin: 12, end: 12 } },
        severity: 'major',
        fingerprint: '3fd9661d348c754184c401eb72345263e63202451358ed93dc28e7f0467e3564',
        other_locations: [{ path: 'src/tools/web.ts', lines: { begin: 4, end: 4 } }],
      },
    ]);
    expect(parse(codeclimate([bypass, confusable], context())).map((issue) => issue.severity)).toEqual(['info', 'minor']);
  });

  it('keeps fingerprints when code moves and makes equal-key findings unique', () => {
    const before = parse(codeclimate([duplicateA, duplicateB], context())).map((issue) => issue.fingerprint);
    const after = parse(
      codeclimate([{ ...duplicateA, span: span(17, 2, 17, 13) }, { ...duplicateB, span: span(25, 2, 25, 13) }], context()),
    ).map((issue) => issue.fingerprint);
    expect(after).toEqual(before);
    expect(before[1]).toBe(`${before[0]}:1`);
  });

  it('reports files that could not be analysed as critical issues, and leaves skipped files out', () => {
    const issues = parse(codeclimate([], context({ diagnostics: [parseError, binaryFile] })));
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({
      check_name: 'tool-identity-audit/parse-error',
      severity: 'critical',
      location: { path: 'src/broken.ts', lines: { begin: 3, end: 3 } },
    });
    const moved = parse(codeclimate([], context({ diagnostics: [{ ...parseError, line: 9 }] })));
    expect(moved[0]?.fingerprint).toBe(issues[0]?.fingerprint);
  });

  it('is an empty array for an empty report', () => {
    expect(codeclimate([], context())).toBe('[]\n');
  });
});
