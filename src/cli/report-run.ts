// What the code audit and the tool-list audit share once their findings are in: a baseline written
// instead of a report, levels and --quiet, the report in every requested format, and the exit code.
import path from 'node:path';
import { DOCS_BASE_URL } from '../checks/catalog.js';
import type { Finding, ToolDiagnostic } from '../checks/finding.js';
import { reporters, type ReportContext } from '../reporters/index.js';
import { diagnosticSeverity } from '../reporters/shared.js';
import { packageInfo } from '../version.js';
import { createBaseline, writeBaseline } from './baseline.js';
import { displayPath } from './config.js';
import { CliError, ExitCode } from './errors.js';
import { useColor, writeReportFile, type Env, type OutputTarget } from './output.js';

export const TOOL_NAME = 'tool-identity-audit';
const INFORMATION_URI = DOCS_BASE_URL.replace(/\/blob\/.*$/, '');

export interface ReportIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  cwd: string;
  env: Env;
  isTTY: { stdout: boolean; stderr: boolean };
}

export function parseMaxWarnings(value: string): number {
  const trimmed = value.trim();
  const n = /^-?\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < -1) {
    throw new CliError(`--max-warnings ${value}: expected a whole number of at least 0 (or -1 for no limit)`);
  }
  return n;
}

/** `--write-baseline`: records the findings in `file` and says so. */
export function writeBaselineFile(io: ReportIo, file: string, findings: readonly Finding[]): number {
  const absolute = path.resolve(io.cwd, file);
  const shown = displayPath(io.cwd, absolute);
  const baseline = createBaseline(findings);
  writeBaseline(absolute, shown, baseline);
  const count = baseline.findings.length;
  io.stdout.write(`Wrote ${count} ${count === 1 ? 'finding' : 'findings'} to ${shown}\n`);
  return ExitCode.Ok;
}

export interface RunReport {
  findings: Finding[];
  diagnostics: ToolDiagnostic[];
  filesAnalyzed: number;
  /** Projects the files came from; 0 for runs over files rather than projects. */
  projects: number;
  /** False when the run checked nothing even without fatal diagnostics. */
  checkedSomething: boolean;
  /** Declaration files given as paths, which are not checked. */
  declarationsGiven?: number;
}

export interface ReportOptions {
  outputs: readonly OutputTarget[];
  quiet?: boolean;
  color?: boolean;
}

export interface ReportCounts {
  errors: number;
  warnings: number;
  fatalDiagnostics: number;
}

/** Writes the report in every requested format (after --quiet) and returns what the exit code depends on. */
export function writeReports(io: ReportIo, run: RunReport, options: ReportOptions): ReportCounts {
  let { findings, diagnostics } = run;
  if (options.quiet) {
    findings = findings.filter((finding) => finding.severity === 'error');
    diagnostics = diagnostics.filter((diagnostic) => diagnosticSeverity(diagnostic.kind) === 'error');
  }
  const fatalDiagnostics = diagnostics.filter((diagnostic) => diagnosticSeverity(diagnostic.kind) === 'error').length;
  const color = useColor(options.color, io.env, io.isTTY.stdout);
  const context: ReportContext = {
    cwd: io.cwd,
    toolName: TOOL_NAME,
    toolVersion: packageInfo.version,
    informationUri: INFORMATION_URI,
    filesAnalyzed: run.filesAnalyzed,
    projects: run.projects,
    ...(run.declarationsGiven ? { declarationsGiven: run.declarationsGiven } : {}),
    diagnostics,
    color: false,
    executionSuccessful: fatalDiagnostics === 0 && run.checkedSomething,
  };
  for (const target of options.outputs) {
    const text = reporters[target.format](findings, { ...context, color: target.file === undefined && color });
    if (target.file === undefined) {
      if (text !== '') io.stdout.write(text);
    } else writeReportFile(io.cwd, target.file, text);
  }
  return {
    errors: findings.filter((finding) => finding.severity === 'error').length,
    warnings: findings.filter((finding) => finding.severity === 'warning').length,
    fatalDiagnostics,
  };
}

/** 1 for error findings, fatal diagnostics or more warnings than allowed; 0 otherwise or with --no-exit-code. */
export function exitCodeOf(io: ReportIo, counts: ReportCounts, exitCode: boolean, maxWarnings: number): number {
  if (!exitCode) return ExitCode.Ok;
  if (counts.errors > 0 || counts.fatalDiagnostics > 0) return ExitCode.Findings;
  if (maxWarnings >= 0 && counts.warnings > maxWarnings) {
    io.stderr.write(`${TOOL_NAME}: too many warnings (${counts.warnings}); the maximum is ${maxWarnings}\n`);
    return ExitCode.Findings;
  }
  return ExitCode.Ok;
}
