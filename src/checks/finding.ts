// A finding: what every front end (ESLint rules, the CLI, reporters) shows. Built only by src/checks.
import type { Span } from '../facts/types.js';
import type { RuleId } from './catalog.js';

export type Severity = 'error' | 'warning' | 'info';

export interface RelatedLocation {
  file: string;
  span: Span;
  message: string;
}

export interface SuggestionFact {
  messageId: string;
  /** Rendered description shown in editors. */
  desc: string;
  data: Record<string, string>;
  /** Text edits in the finding's file (character offsets), applied together; never overlapping. */
  edits: Array<{ range: [number, number]; text: string }>;
}

export interface Finding {
  ruleId: RuleId;
  messageId: string;
  data: Record<string, string>;
  /** `messages[messageId]` with `data` interpolated. */
  message: string;
  /** Path as given in the facts (the CLI makes it repo-relative POSIX). */
  file: string;
  span: Span;
  /** Severity from the rule catalog; front ends may override it from configuration. */
  severity: Severity;
  /**
   * The highest severity this finding is reported at, whatever its rule's level: a name the
   * framework rewrites and nothing depends on is a warning even when `valid-tool-name` is an error.
   * The CLI and its reporters honour it; ESLint reports a rule at one level (see the rule's docs).
   */
  maxSeverity?: Severity;
  /** Other places that take part: the other side of a collision, the namespace, ... */
  related: RelatedLocation[];
  suggestions: SuggestionFact[];
  /** For a collision: the exposure set (`ResolvedExposureSet.key`), the members involved and the names. */
  collision?: CollisionData;
  /**
   * Logical identity of the finding without line numbers (rule, file, names involved): the base of
   * baseline and SARIF/Code Climate fingerprints, so moving code does not change it.
   */
  key: string;
}

export interface CollisionData {
  set: string;
  members: Array<{ kind: 'tool' | 'handoff'; key: string }>;
  names: string[];
}

/**
 * A problem with the input rather than the code: a file that does not parse, a binary, a loop; or
 * (`config-unreadable`) project configuration that could not be read, whose project was analysed
 * without it.
 */
export interface ToolDiagnostic {
  file: string;
  kind: 'parse-error' | 'binary' | 'unreadable' | 'symlink-loop' | 'symlink-outside-root' | 'too-large' | 'internal-error' | 'config-unreadable';
  message: string;
  line?: number;
  column?: number;
}

const severityRank: Record<Severity, number> = { info: 0, warning: 1, error: 2 };

/** The lower of a rule level's severity and the finding's own ceiling. */
export function cappedSeverity(severity: Severity, maxSeverity: Severity | undefined): Severity {
  return maxSeverity !== undefined && severityRank[maxSeverity] < severityRank[severity] ? maxSeverity : severity;
}

/** Sort: file, line, column, rule id, message (the order every reporter prints). */
export function compareFindings(a: Finding, b: Finding): number {
  return (
    compareStrings(a.file, b.file) ||
    a.span.loc.start.line - b.span.loc.start.line ||
    a.span.loc.start.column - b.span.loc.start.column ||
    compareStrings(a.ruleId, b.ruleId) ||
    compareStrings(a.message, b.message)
  );
}

/** File, line, column, kind, message: the order every reporter prints diagnostics in. */
export function compareDiagnostics(a: ToolDiagnostic, b: ToolDiagnostic): number {
  return (
    compareStrings(a.file, b.file) ||
    (a.line ?? 0) - (b.line ?? 0) ||
    (a.column ?? 0) - (b.column ?? 0) ||
    compareStrings(a.kind, b.kind) ||
    compareStrings(a.message, b.message)
  );
}

/** Code-point order, never locale order: output must not depend on the machine. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** `{{name}}` placeholders, as ESLint interpolates them. */
export function interpolate(template: string, data: Record<string, string>): string {
  return template.replace(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g, (match, key: string) =>
    Object.hasOwn(data, key) ? (data[key] as string) : match,
  );
}
