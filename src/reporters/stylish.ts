// Default human format, modelled on ESLint's stylish: findings grouped by file, aligned
// `line:col  severity  message  rule` rows, then the problem count and what was analysed (files,
// projects, files skipped and why), which a clean run prints alone. Paths are printed repo-relative
// (knip does the same); editors and terminals resolve them against the working directory.
import pc from 'picocolors';
import { compareStrings, type Finding, type Severity, type ToolDiagnostic } from '../checks/finding.js';
import {
  countSeverities,
  diagnosticColumn,
  diagnosticSeverity,
  displayRange,
  plural,
  severitySummary,
  sortDiagnostics,
  sortFindings,
  visibleText,
} from './shared.js';
import type { Reporter } from './types.js';

type Colors = ReturnType<typeof pc.createColors>;

interface Row {
  line: number | undefined;
  column: number | undefined;
  severity: Severity;
  message: string;
  /** Rule id for findings, diagnostic kind for tool diagnostics. */
  label: string;
  related: string[];
}

/** One table row per finding: whitespace runs with line breaks collapse so the columns stay aligned. */
function oneLine(text: string): string {
  return visibleText(text).replace(/\s*[\r\n]\s*/g, ' ').replace(/\t/g, ' ');
}

/** ESLint drops a final period; the rule id follows on the same line. */
function rowMessage(text: string): string {
  return oneLine(text).replace(/([^ ])\.$/, '$1');
}

function findingRow(finding: Finding): Row {
  const range = displayRange(finding.span);
  return {
    line: range.line,
    column: range.column,
    severity: finding.severity,
    message: rowMessage(finding.message),
    label: finding.ruleId,
    related: finding.related.map((related) => {
      const at = displayRange(related.span);
      return `↳ ${oneLine(related.file)}:${at.line}:${at.column}  ${oneLine(related.message)}`;
    }),
  };
}

function diagnosticRow(diagnostic: ToolDiagnostic): Row {
  return {
    line: diagnostic.line,
    column: diagnostic.line === undefined ? undefined : diagnosticColumn(diagnostic),
    severity: diagnosticSeverity(diagnostic.kind),
    message: rowMessage(diagnostic.message),
    label: diagnostic.kind,
    related: [],
  };
}

function paint(colors: Colors, severity: Severity, text: string): string {
  return severity === 'error' ? colors.red(text) : severity === 'warning' ? colors.yellow(text) : colors.blue(text);
}

/** A loop, not Math.max(...spread): a file can have more rows than the engine allows as arguments. */
function widest(texts: readonly string[]): number {
  let width = 0;
  for (const text of texts) width = Math.max(width, text.length);
  return width;
}

function renderGroup(file: string, rows: Row[], colors: Colors): string {
  const lineWidth = widest(rows.map((row) => (row.line === undefined ? '' : String(row.line))));
  // Line numbers right-aligned, columns left-aligned: the colons line up, as in ESLint.
  const positions = rows.map((row) =>
    row.line === undefined ? '' : `${String(row.line).padStart(lineWidth)}:${row.column ?? ''}`,
  );
  const positionWidth = widest(positions);
  const severityWidth = widest(rows.map((row) => row.severity));
  const messageWidth = widest(rows.map((row) => row.message));
  const messageIndent = 2 + (positionWidth > 0 ? positionWidth + 2 : 0) + severityWidth + 2;

  const lines = [colors.underline(file)];
  rows.forEach((row, index) => {
    const cells: string[] = [];
    if (positionWidth > 0) cells.push(colors.dim((positions[index] ?? '').padEnd(positionWidth)));
    cells.push(paint(colors, row.severity, row.severity) + ' '.repeat(severityWidth - row.severity.length));
    cells.push(row.message + ' '.repeat(messageWidth - row.message.length));
    cells.push(colors.dim(row.label));
    lines.push(`  ${cells.join('  ')}`);
    for (const related of row.related) lines.push(' '.repeat(messageIndent) + colors.dim(related));
  });
  return lines.join('\n');
}

/** How the summary names each kind of skipped file, singular and plural. */
const SKIP_WORDS: Record<Exclude<ToolDiagnostic['kind'], 'config-unreadable'>, [string, string]> = {
  'parse-error': ['syntax error', 'syntax errors'],
  binary: ['binary', 'binary'],
  'too-large': ['too large', 'too large'],
  unreadable: ['unreadable', 'unreadable'],
  'symlink-loop': ['symlink loop', 'symlink loops'],
  'symlink-outside-root': ['link out of the root', 'links out of the root'],
  'internal-error': ['analyser error', 'analyser errors'],
};

/**
 * What was analysed: `951 files in 12 projects (3 skipped: 2 syntax errors, 1 too large)`. A file
 * with a syntax error counts as skipped (its findings may be incomplete), not as analysed.
 */
function analysedLine(ctx: Parameters<Reporter>[1], diagnostics: readonly ToolDiagnostic[]): { text: string; fatal: boolean } {
  const perKind = new Map<keyof typeof SKIP_WORDS, Set<string>>();
  let configWarnings = 0;
  for (const diagnostic of diagnostics) {
    if (diagnostic.kind === 'config-unreadable') {
      configWarnings++;
      continue;
    }
    const files = perKind.get(diagnostic.kind) ?? new Set<string>();
    files.add(diagnostic.file);
    perKind.set(diagnostic.kind, files);
  }
  const skippedFiles = new Set([...perKind.values()].flatMap((files) => [...files]));
  const parseErrors = perKind.get('parse-error')?.size ?? 0;
  const analysed = Math.max(0, ctx.filesAnalyzed - parseErrors);
  const details: string[] = [];
  if (skippedFiles.size > 0) {
    const kinds = [...perKind].map(([kind, files]) => `${files.size} ${SKIP_WORDS[kind][files.size === 1 ? 0 : 1]}`);
    details.push(`${skippedFiles.size} skipped: ${kinds.join(', ')}`);
  }
  if (configWarnings > 0) details.push(plural(configWarnings, 'configuration warning'));
  if (ctx.declarationsGiven) details.push(`${plural(ctx.declarationsGiven, 'declaration file')} given, not checked`);
  // Tool-list audits read files, not projects: they pass no project count.
  const where = ctx.projects > 0 ? ` in ${plural(ctx.projects, 'project')}` : '';
  const text = `${plural(analysed, 'file')}${where}${details.length > 0 ? ` (${details.join('; ')})` : ''}`;
  return { text, fatal: diagnostics.some((diagnostic) => diagnosticSeverity(diagnostic.kind) === 'error') };
}

export const stylish: Reporter = (findings, ctx) => {
  const colors = pc.createColors(ctx.color);
  const sorted = sortFindings(findings);
  const diagnostics = sortDiagnostics(ctx.diagnostics);
  const analysed = analysedLine(ctx, diagnostics);
  const analysedText =
    diagnostics.length === 0
      ? analysed.text
      : colors.bold(paint(colors, analysed.fatal ? 'error' : 'warning', `${analysed.fatal ? '✖' : '⚠'} ${analysed.text}`));
  // Nothing to list: the run still says what it looked at.
  if (sorted.length === 0 && diagnostics.length === 0) return `${analysedText}\n`;

  // Diagnostics first within a file: they explain why findings there may be missing.
  const groups = new Map<string, Row[]>();
  const add = (file: string, row: Row): void => {
    const rows = groups.get(file);
    if (rows) rows.push(row);
    else groups.set(file, [row]);
  };
  for (const diagnostic of diagnostics) add(diagnostic.file === '' ? `(${ctx.toolName})` : oneLine(diagnostic.file), diagnosticRow(diagnostic));
  for (const finding of sorted) add(oneLine(finding.file), findingRow(finding));
  // Map order is diagnostics-then-findings; re-sort so files appear once, in path order.
  const files = [...groups.keys()].sort(compareStrings);

  const blocks = files.map((file) => renderGroup(file, groups.get(file) ?? [], colors));
  const summary: string[] = [];
  if (sorted.length > 0) {
    const counts = countSeverities(sorted);
    const line = `✖ ${plural(sorted.length, 'problem')} (${severitySummary(counts)})`;
    summary.push(colors.bold(paint(colors, counts.error > 0 ? 'error' : counts.warning > 0 ? 'warning' : 'info', line)));
  }
  summary.push(analysedText);
  return `\n${blocks.join('\n\n')}\n\n${summary.join('\n')}\n`;
};
