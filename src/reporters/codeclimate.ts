// Code Climate issues, the format of GitLab Code Quality (`artifacts:reports:codequality`).
// GitLab keys issues on `fingerprint` (keeping only the first of equal ones) and compares them
// between branches, so fingerprints are unique per finding and do not change when code moves.
import { createHash } from 'node:crypto';
import { catalog } from '../checks/catalog.js';
import type { Finding, Severity, ToolDiagnostic } from '../checks/finding.js';
import { fingerprintSorted } from '../checks/fingerprint.js';
import { diagnosticSeverity, displayRange, sortDiagnostics, sortFindings } from './shared.js';
import type { Reporter } from './types.js';

export type CodeClimateSeverity = 'info' | 'minor' | 'major' | 'critical' | 'blocker';

export interface CodeClimateLocation {
  path: string;
  lines: { begin: number; end: number };
}

export interface CodeClimateIssue {
  type: 'issue';
  check_name: string;
  description: string;
  categories: string[];
  location: CodeClimateLocation;
  /** Code Climate spec field for the other places involved (the other side of a collision). */
  other_locations?: CodeClimateLocation[];
  severity: CodeClimateSeverity;
  fingerprint: string;
}

const severities: Record<Severity, CodeClimateSeverity> = { error: 'major', warning: 'minor', info: 'info' };

function findingIssue(finding: Finding, fingerprint: string): CodeClimateIssue {
  const range = displayRange(finding.span);
  const issue: CodeClimateIssue = {
    type: 'issue',
    check_name: finding.ruleId,
    description: finding.message,
    categories: [catalog[finding.ruleId].type === 'problem' ? 'Bug Risk' : 'Clarity'],
    location: { path: finding.file, lines: { begin: range.line, end: range.endLine } },
    severity: severities[finding.severity],
    fingerprint,
  };
  if (finding.related.length > 0) {
    issue.other_locations = finding.related.map((related) => {
      const at = displayRange(related.span);
      return { path: related.file, lines: { begin: at.line, end: at.endLine } };
    });
  }
  return issue;
}

/**
 * A file that should have been analysed and was not (parse error, unreadable, crash) is reported as a
 * critical issue: Code Quality has no channel for tool errors, and silence would read as "clean".
 * Files skipped by policy (binary, too large, symlink loops) are left out.
 */
function diagnosticIssues(diagnostics: readonly ToolDiagnostic[], toolName: string): CodeClimateIssue[] {
  const seen = new Map<string, number>();
  return diagnostics
    .filter((diagnostic) => diagnosticSeverity(diagnostic.kind) === 'error')
    .map((diagnostic) => {
      // Kind and file only: parser messages often embed positions.
      const base = createHash('sha256').update(`diagnostic\0${diagnostic.kind}\0${diagnostic.file}`, 'utf8').digest('hex');
      const repeats = seen.get(base) ?? 0;
      seen.set(base, repeats + 1);
      const line = diagnostic.line ?? 1;
      return {
        type: 'issue',
        check_name: `${toolName}/${diagnostic.kind}`,
        description: diagnostic.message,
        categories: ['Bug Risk'],
        // GitLab requires a path; a run-level failure has none.
        location: { path: diagnostic.file === '' ? '.' : diagnostic.file, lines: { begin: line, end: line } },
        severity: 'critical',
        fingerprint: repeats === 0 ? base : `${base}:${repeats}`,
      };
    });
}

export const codeclimate: Reporter = (findings, ctx) => {
  const sorted = sortFindings(findings);
  const fingerprints = fingerprintSorted(sorted);
  const issues = [
    ...diagnosticIssues(sortDiagnostics(ctx.diagnostics), ctx.toolName),
    ...sorted.map((finding, index) => findingIssue(finding, fingerprints[index] ?? '')),
  ];
  return `${JSON.stringify(issues, null, 2)}\n`;
};
