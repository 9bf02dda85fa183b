// Line-independent finding identity, shared by baselines (CLI), SARIF partialFingerprints and Code
// Climate fingerprints, so a baseline entry and a code-scanning alert keep matching when code moves.
import { createHash } from 'node:crypto';
import { compareFindings, type Finding } from './finding.js';

/**
 * Hex SHA-256 of rule id, file and logical key. Line and column are left out on purpose: moving a
 * finding must not change it. NUL separates the parts because neither a rule id nor a path can
 * contain one, so two different triples never hash the same input.
 */
export function findingFingerprint(finding: Pick<Finding, 'ruleId' | 'file' | 'key'>): string {
  return createHash('sha256').update(`${finding.ruleId}\0${finding.file}\0${finding.key}`, 'utf8').digest('hex');
}

/**
 * Fingerprints for findings in the order given (expected: sorted with `compareFindings`). The first
 * finding with a base fingerprint keeps it; the n-th repeat gets `<base>:<n>`, so every finding is
 * unique (GitLab shows only the first of equal fingerprints) and duplicates stay distinguishable.
 */
export function fingerprintSorted(sorted: readonly Finding[]): string[] {
  const seen = new Map<string, number>();
  return sorted.map((finding) => {
    const base = findingFingerprint(finding);
    const repeats = seen.get(base) ?? 0;
    seen.set(base, repeats + 1);
    return repeats === 0 ? base : `${base}:${repeats}`;
  });
}

/** Unique fingerprint per finding; occurrence indexes follow `compareFindings` order, not input order. */
export function fingerprintAll(findings: readonly Finding[]): Map<Finding, string> {
  const sorted = [...findings].sort(compareFindings);
  const fingerprints = fingerprintSorted(sorted);
  return new Map(sorted.map((finding, index) => [finding, fingerprints[index] as string]));
}
