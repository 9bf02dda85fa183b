// Default human format, modelled on ESLint's stylish: findings grouped by file, aligned
// `line:col  severity  message  rule` rows, one summary line. Paths are printed repo-relative
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

export const stylish: Reporter = (findings, ctx) => {
  const colors = pc.createColors(ctx.color);
  const sorted = sortFindings(findings);
  const diagnostics = sortDiagnostics(ctx.diagnostics);
  if (sorted.length === 0 && diagnostics.length === 0) return '';

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
  if (diagnostics.length > 0) {
    const fatal = diagnostics.some((diagnostic) => diagnosticSeverity(diagnostic.kind) === 'error');
    const fileCount = new Set(diagnostics.map((diagnostic) => diagnostic.file)).size;
    const kinds = new Map<string, number>();
    for (const diagnostic of diagnostics) kinds.set(diagnostic.kind, (kinds.get(diagnostic.kind) ?? 0) + 1);
    const detail = [...kinds].map(([kind, count]) => `${count} ${kind}`).join(', ');
    const line = `${fatal ? '✖' : '⚠'} ${plural(fileCount, 'file')} not analysed (${detail})`;
    summary.push(colors.bold(paint(colors, fatal ? 'error' : 'warning', line)));
  }
  return `\n${blocks.join('\n\n')}\n\n${summary.join('\n')}\n`;
};
