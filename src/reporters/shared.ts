// Helpers every reporter uses, so all formats agree on order, positions and severities.
import {
  compareFindings,
  compareDiagnostics,
  type Finding,
  type Severity,
  type SuggestionFact,
  type ToolDiagnostic,
} from '../checks/finding.js';
import type { Span } from '../facts/types.js';

export type DiagnosticKind = ToolDiagnostic['kind'];

/**
 * One line per diagnostic kind: SARIF notification descriptors and human summaries. A Record so a
 * new kind in `ToolDiagnostic` fails to compile until it is described here.
 */
export const diagnosticDescriptions: Record<DiagnosticKind, string> = {
  'parse-error': 'The file does not parse, so it was not analysed.',
  binary: 'The file looks binary, so it was skipped.',
  unreadable: 'The file could not be read, so it was not analysed.',
  'symlink-loop': 'The path is part of a symbolic link loop, so it was skipped.',
  'symlink-outside-root': 'The path is a symbolic link that leads out of the audited directory, so it was not followed.',
  'too-large': 'The file is over the size limit, so it was skipped.',
  'internal-error': 'The analyser failed on this file; findings for it may be missing.',
  'config-unreadable': 'Part of the project configuration (a tsconfig it extends or references, a package.json) could not be read; the project was analysed without it.',
};

export const diagnosticKinds = Object.keys(diagnosticDescriptions) as DiagnosticKind[];

/**
 * Files that should have been analysed and were not are errors (results may be missing); files
 * skipped by policy (binary, too large, symlink loops, links out of the root) are warnings, like ESLint's "File ignored",
 * and so is configuration the run went on without (a fresh clone has no node_modules).
 */
export function diagnosticSeverity(kind: DiagnosticKind): 'error' | 'warning' {
  return kind === 'parse-error' || kind === 'unreadable' || kind === 'internal-error' ? 'error' : 'warning';
}

/** 1-based line and column numbers; `endColumn` is exclusive, as in ESLint messages and SARIF regions. */
export interface DisplayRange {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

export function displayRange(span: Span): DisplayRange {
  return {
    line: span.loc.start.line,
    column: span.loc.start.column + 1,
    endLine: span.loc.end.line,
    endColumn: span.loc.end.column + 1,
  };
}

/** Diagnostic column printed 1-based (stored 0-based like finding positions). */
export function diagnosticColumn(diagnostic: ToolDiagnostic): number | undefined {
  return diagnostic.column === undefined ? undefined : diagnostic.column + 1;
}

export function sortFindings(findings: readonly Finding[]): Finding[] {
  return [...findings].sort(compareFindings);
}


export function sortDiagnostics(diagnostics: readonly ToolDiagnostic[]): ToolDiagnostic[] {
  return [...diagnostics].sort(compareDiagnostics);
}

export type SeverityCounts = Record<Severity, number>;

export function countSeverities(findings: readonly Finding[]): SeverityCounts {
  const counts: SeverityCounts = { error: 0, warning: 0, info: 0 };
  for (const finding of findings) counts[finding.severity] += 1;
  return counts;
}

export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

/** `2 errors, 1 warning`, plus `, 3 info` only when there are infos (keeps ESLint's familiar line). */
export function severitySummary(counts: SeverityCounts): string {
  const parts = [plural(counts.error, 'error'), plural(counts.warning, 'warning')];
  if (counts.info > 0) parts.push(`${counts.info} info`);
  return parts.join(', ');
}

// C0/C1 controls except TAB, LF and CR (each text format handles those itself), plus invisible and
// bidirectional formatting characters. Tool names come from the audited code: an ESC would drive the
// terminal or log viewer, and a bidi override or zero-width space would hide what the finding is about
// (the very confusion no-confusable-tool-names reports).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const hiddenCharacters = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/** Shows hidden characters as `\u{XXXX}` escapes in human-facing text formats. */
export function visibleText(text: string): string {
  return text.replace(hiddenCharacters, (char) => `\\u{${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}}`);
}

/**
 * `cwd` joined with a repo-relative POSIX path, without node:path (which would consult
 * process.cwd() for relative input and the host OS for separators). A Windows `cwd` gets
 * backslashes, matching the absolute paths ESLint prints there.
 */
export function absolutePath(cwd: string, file: string): string {
  if (file === '') return cwd;
  const windows = /^[A-Za-z]:[\\/]/.test(cwd) || cwd.startsWith('\\\\');
  const base = /[\\/]$/.test(cwd) ? cwd.slice(0, -1) : cwd;
  return windows ? `${base}\\${file.replaceAll('/', '\\')}` : `${base}/${file}`;
}

// Backslash-escape what GitHub-flavoured Markdown would turn into formatting, links, HTML, math or
// table cell breaks, so messages and paths render exactly as written.
const markdownSpecial = /[\\`*_[\]<>|~&$]/g;

/** Inline Markdown text: special characters escaped, line breaks as `<br>` (valid inside table cells). */
export function escapeMarkdown(text: string): string {
  return visibleText(text)
    .replace(markdownSpecial, (char) => `\\${char}`)
    .replace(/\r\n?|\n/g, '<br>')
    .replace(/\t/g, ' ');
}

/** Suggestion edits in file order, copied so reporters never share arrays with the finding. */
export function sortEdits(edits: readonly SuggestionFact['edits'][number][]): Array<{ range: [number, number]; text: string }> {
  return edits
    .map((edit) => ({ range: [edit.range[0], edit.range[1]] as [number, number], text: edit.text }))
    .sort((a, b) => a.range[0] - b.range[0] || a.range[1] - b.range[1]);
}
