// GitHub Actions workflow commands (`::error file=...,line=...::message`), shown as annotations on
// the run and the pull request diff. GitHub keeps at most 10 annotations per level per step (and 50
// per job), dropping the rest silently, so we print the first ones per level and one notice saying
// how many were left out and where to find them all.
import type { Finding, Severity, ToolDiagnostic } from '../checks/finding.js';
import { diagnosticColumn, diagnosticSeverity, displayRange, plural, sortDiagnostics, sortFindings, visibleText } from './shared.js';
import type { Reporter } from './types.js';

/** Annotations GitHub keeps per level (error, warning, notice) in one step. */
export const GITHUB_ANNOTATION_LIMIT = 10;

type Level = 'error' | 'warning' | 'notice';

const levelOf: Record<Severity, Level> = { error: 'error', warning: 'warning', info: 'notice' };

interface Annotation {
  level: Level;
  file?: string;
  line?: number;
  endLine?: number;
  col?: number;
  endColumn?: number;
  title: string;
  message: string;
}

/** Command data (the message): the runner decodes these three. */
export function escapeData(text: string): string {
  return text.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
}

/** Property values also end at `,` and the data starts after `::`, so those are encoded too. */
export function escapeProperty(text: string): string {
  return escapeData(text).replaceAll(':', '%3A').replaceAll(',', '%2C');
}

function command(annotation: Annotation): string {
  const properties: string[] = [];
  if (annotation.file !== undefined) properties.push(`file=${escapeProperty(annotation.file)}`);
  if (annotation.line !== undefined) properties.push(`line=${annotation.line}`);
  if (annotation.endLine !== undefined) properties.push(`endLine=${annotation.endLine}`);
  if (annotation.col !== undefined) properties.push(`col=${annotation.col}`);
  if (annotation.endColumn !== undefined) properties.push(`endColumn=${annotation.endColumn}`);
  properties.push(`title=${escapeProperty(annotation.title)}`);
  return `::${annotation.level} ${properties.join(',')}::${escapeData(annotation.message)}`;
}

function findingAnnotation(finding: Finding): Annotation {
  const range = displayRange(finding.span);
  const related = finding.related.map((other) => {
    const at = displayRange(other.span);
    return `\n↳ ${other.file}:${at.line}:${at.column} ${other.message}`;
  });
  const annotation: Annotation = {
    level: levelOf[finding.severity],
    file: finding.file,
    line: range.line,
    endLine: range.endLine,
    title: finding.ruleId,
    message: visibleText(finding.message + related.join('')),
  };
  // GitHub only honours columns on single-line annotations.
  if (range.line === range.endLine) {
    annotation.col = range.column;
    annotation.endColumn = range.endColumn;
  }
  return annotation;
}

function diagnosticAnnotation(diagnostic: ToolDiagnostic, toolName: string): Annotation {
  const annotation: Annotation = {
    level: diagnosticSeverity(diagnostic.kind),
    title: `${toolName} (${diagnostic.kind})`,
    message: visibleText(diagnostic.message),
  };
  if (diagnostic.file !== '') annotation.file = diagnostic.file;
  if (diagnostic.line !== undefined) {
    annotation.line = diagnostic.line;
    const col = diagnosticColumn(diagnostic);
    if (col !== undefined) annotation.col = col;
  }
  return annotation;
}

const levelNames: Level[] = ['error', 'warning', 'notice'];

export const github: Reporter = (findings, ctx) => {
  // Diagnostics first: a file that was not analysed matters more than one more finding.
  const annotations = [
    ...sortDiagnostics(ctx.diagnostics).map((diagnostic) => diagnosticAnnotation(diagnostic, ctx.toolName)),
    ...sortFindings(findings).map(findingAnnotation),
  ];
  const totals: Record<Level, number> = { error: 0, warning: 0, notice: 0 };
  for (const annotation of annotations) totals[annotation.level] += 1;
  const overflow = levelNames.some((level) => totals[level] > GITHUB_ANNOTATION_LIMIT);
  // The tally is itself a notice; keep a notice slot free for it so GitHub does not drop it.
  const limits: Record<Level, number> = {
    error: GITHUB_ANNOTATION_LIMIT,
    warning: GITHUB_ANNOTATION_LIMIT,
    notice: overflow ? GITHUB_ANNOTATION_LIMIT - 1 : GITHUB_ANNOTATION_LIMIT,
  };
  const shown: Record<Level, number> = { error: 0, warning: 0, notice: 0 };
  const lines: string[] = [];
  for (const annotation of annotations) {
    if (shown[annotation.level] >= limits[annotation.level]) continue;
    shown[annotation.level] += 1;
    lines.push(command(annotation));
  }
  if (overflow) {
    const hidden = levelNames
      .filter((level) => totals[level] > shown[level])
      .map((level) => plural(totals[level] - shown[level], level));
    const message =
      `GitHub shows at most ${GITHUB_ANNOTATION_LIMIT} annotations per level in a step; not annotated: ${hidden.join(', ')}. ` +
      `See the full list in the SARIF report (upload it with github/codeql-action/upload-sarif) or in the text report.`;
    lines.push(command({ level: 'notice', title: ctx.toolName, message }));
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
};
