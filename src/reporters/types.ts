// The contract between the CLI and the reporters. Reporters are pure: everything they print comes
// from the findings and this context (no process, clock or file system), so output is reproducible.
import type { Finding, ToolDiagnostic } from '../checks/finding.js';

export interface ReportContext {
  /**
   * Absolute directory that `Finding.file` and `ToolDiagnostic.file` are relative to (the repository
   * root when the CLI runs there). Used for ESLint-style absolute `filePath`s in `json` and for
   * SARIF `originalUriBaseIds`; never read from the file system.
   */
  cwd: string;
  toolName: 'tool-identity-audit';
  toolVersion: string;
  /** Project home page (SARIF `tool.driver.informationUri`). */
  informationUri: string;
  /** Number of files analysed, shown in summaries. */
  filesAnalyzed: number;
  /** Number of projects (tsconfigs, workspace packages, default-glob directories) the files came from. */
  projects: number;
  /** Declaration files given as paths: nothing in them is checked (the stylish summary says so). */
  declarationsGiven?: number;
  /**
   * Problems with the input, not the code. `line` is 1-based and `column` 0-based, like finding
   * positions; reporters print 1-based columns.
   */
  diagnostics: ToolDiagnostic[];
  /** Emit ANSI colours (stylish only). The CLI decides (TTY, NO_COLOR, CI); reporters never detect. */
  color: boolean;
  /** False when the run failed (crash, fatal diagnostics); SARIF `invocations[0].executionSuccessful`. */
  executionSuccessful: boolean;
}

/**
 * Renders a report. Output is either empty or ends with exactly one newline, so the CLI writes it
 * verbatim to stdout or a file. Findings may come in any order; every reporter sorts them.
 */
export type Reporter = (findings: readonly Finding[], ctx: ReportContext) => string;
