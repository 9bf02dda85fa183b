import { describe, expect, it } from 'vitest';
import { findingFingerprint, fingerprintAll, fingerprintSorted } from '../../src/checks/fingerprint.js';
import type { Finding } from '../../src/checks/finding.js';
import { allFindings, bypass, coercion, collision, duplicateA, duplicateB, span } from './fixtures.js';

/** The same finding after code above it grew by `lines` lines. */
function moved(finding: Finding, lines: number): Finding {
  const { start, end } = finding.span.loc;
  return {
    ...finding,
    span: span(start.line + lines, start.column, end.line + lines, end.column),
    related: finding.related.map((related) => ({ ...related })),
  };
}

describe('findingFingerprint', () => {
  it('is a hex SHA-256 pinned for a known finding (baselines depend on it)', () => {
    expect(findingFingerprint(collision)).toBe('3fd9661d348c754184c401eb72345263e63202451358ed93dc28e7f0467e3564');
  });

  it('does not change when the finding moves by a few lines or columns', () => {
    const shifted = { ...moved(collision, 3), span: span(15, 8, 15, 20) };
    expect(findingFingerprint(shifted)).toBe(findingFingerprint(collision));
    expect(findingFingerprint(moved(coercion, -2))).toBe(findingFingerprint(coercion));
  });

  it('changes with the key, the file and the rule', () => {
    const base = findingFingerprint(collision);
    expect(findingFingerprint({ ...collision, key: `${collision.key}2` })).not.toBe(base);
    expect(findingFingerprint({ ...collision, file: 'src/agents/writer.ts' })).not.toBe(base);
    expect(findingFingerprint({ ...collision, ruleId: 'no-confusable-tool-names' })).not.toBe(base);
  });

  it('keeps the parts apart: moving text between file and key changes it', () => {
    const a = { ruleId: bypass.ruleId, file: 'src/a', key: 'bc' };
    const b = { ruleId: bypass.ruleId, file: 'src/ab', key: 'c' };
    expect(findingFingerprint(a)).not.toBe(findingFingerprint(b));
  });
});

describe('fingerprintAll', () => {
  it('gives equal-key findings unique fingerprints, numbered in sorted order whatever the input order', () => {
    const base = findingFingerprint(duplicateA);
    for (const input of [[duplicateA, duplicateB], [duplicateB, duplicateA]]) {
      const map = fingerprintAll(input);
      expect(map.get(duplicateA)).toBe(base);
      expect(map.get(duplicateB)).toBe(`${base}:1`);
    }
  });

  it('is unique across a whole report and keyed by the finding objects given', () => {
    const map = fingerprintAll(allFindings);
    expect(map.size).toBe(allFindings.length);
    for (const finding of allFindings) expect(map.has(finding)).toBe(true);
    expect(new Set(map.values()).size).toBe(allFindings.length);
  });

  it('does not change when every finding in a file moves down', () => {
    const before = fingerprintAll([duplicateA, duplicateB, collision]);
    const shiftedA = moved(duplicateA, 4);
    const shiftedB = moved(duplicateB, 4);
    const shiftedCollision = moved(collision, 7);
    const after = fingerprintAll([shiftedB, shiftedCollision, shiftedA]);
    expect(after.get(shiftedA)).toBe(before.get(duplicateA));
    expect(after.get(shiftedB)).toBe(before.get(duplicateB));
    expect(after.get(shiftedCollision)).toBe(before.get(collision));
  });

  it('matches fingerprintSorted on sorted input', () => {
    const sorted = [collision, duplicateA, duplicateB];
    expect(fingerprintSorted(sorted)).toEqual(sorted.map((finding) => fingerprintAll(sorted).get(finding)));
  });
});
