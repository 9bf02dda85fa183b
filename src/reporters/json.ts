// ESLint's JSON formatter shape (an array of LintResult), so tools that read `eslint -f json` read
// ours. Extra fields (`level`, `fingerprint`, `relatedLocations`, `diagnosticKind`) are additions
// ESLint consumers ignore.
import { compareStrings, type Finding, type Severity, type ToolDiagnostic } from '../checks/finding.js';
import { fingerprintSorted } from '../checks/fingerprint.js';
import {
  absolutePath,
  diagnosticColumn,
  diagnosticSeverity,
  displayRange,
  sortDiagnostics,
  sortEdits,
  sortFindings,
  type DiagnosticKind,
} from './shared.js';
import type { Reporter } from './types.js';

export interface JsonRelatedLocation {
  filePath: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  message: string;
}

export interface JsonEdit {
  /** Character offsets (UTF-16) in the finding's file. */
  range: [number, number];
  text: string;
}

export interface JsonSuggestion {
  messageId: string;
  desc: string;
  data: Record<string, string>;
  /** ESLint's single-edit `fix`; present only when the suggestion is one edit (merging needs the source). */
  fix?: JsonEdit;
  /** Every edit, in file order. */
  edits: JsonEdit[];
}

export interface JsonMessage {
  ruleId: string | null;
  /** ESLint levels: 2 error, 1 warning. `info` findings are 1; `level` keeps the distinction. */
  severity: 1 | 2;
  message: string;
  /** 1-based; 0 for a diagnostic without a position (as ESLint's "File ignored" warnings). */
  line: number;
  /** 1-based. */
  column: number;
  endLine?: number;
  /** 1-based, exclusive. */
  endColumn?: number;
  messageId?: string;
  /** Set on diagnostics that mean the file was not analysed (ESLint's parse errors). */
  fatal?: true;
  suggestions?: JsonSuggestion[];
  level: Severity;
  fingerprint?: string;
  relatedLocations?: JsonRelatedLocation[];
  diagnosticKind?: DiagnosticKind;
}

export interface JsonResult {
  /** Absolute, like ESLint's. */
  filePath: string;
  messages: JsonMessage[];
  suppressedMessages: [];
  errorCount: number;
  fatalErrorCount: number;
  warningCount: number;
  fixableErrorCount: number;
  fixableWarningCount: number;
  usedDeprecatedRules: [];
}

function findingMessage(finding: Finding, fingerprint: string, cwd: string): JsonMessage {
  const range = displayRange(finding.span);
  const message: JsonMessage = {
    ruleId: finding.ruleId,
    severity: finding.severity === 'error' ? 2 : 1,
    message: finding.message,
    line: range.line,
    column: range.column,
    endLine: range.endLine,
    endColumn: range.endColumn,
    messageId: finding.messageId,
    level: finding.severity,
    fingerprint,
  };
  // ESLint only includes `suggestions` when there are some.
  if (finding.suggestions.length > 0) {
    message.suggestions = finding.suggestions.map((suggestion) => {
      const edits = sortEdits(suggestion.edits);
      const [only] = edits;
      return {
        messageId: suggestion.messageId,
        desc: suggestion.desc,
        data: suggestion.data,
        ...(edits.length === 1 && only ? { fix: only } : {}),
        edits,
      };
    });
  }
  if (finding.related.length > 0) {
    message.relatedLocations = finding.related.map((related) => ({
      filePath: absolutePath(cwd, related.file),
      ...displayRange(related.span),
      message: related.message,
    }));
  }
  return message;
}

function diagnosticMessage(diagnostic: ToolDiagnostic): JsonMessage {
  const level = diagnosticSeverity(diagnostic.kind);
  const message: JsonMessage = {
    ruleId: null,
    severity: level === 'error' ? 2 : 1,
    message: diagnostic.message,
    line: diagnostic.line ?? 0,
    column: diagnostic.line === undefined ? 0 : (diagnosticColumn(diagnostic) ?? 0),
    ...(level === 'error' ? { fatal: true as const } : {}),
    level,
    diagnosticKind: diagnostic.kind,
  };
  return message;
}

export const json: Reporter = (findings, ctx) => {
  const sorted = sortFindings(findings);
  const fingerprints = fingerprintSorted(sorted);
  const byFile = new Map<string, JsonMessage[]>();
  const add = (file: string, message: JsonMessage): void => {
    const messages = byFile.get(file);
    if (messages) messages.push(message);
    else byFile.set(file, [message]);
  };
  // Diagnostics first within a file, as ESLint reports a parse error before anything else.
  for (const diagnostic of sortDiagnostics(ctx.diagnostics)) add(diagnostic.file, diagnosticMessage(diagnostic));
  sorted.forEach((finding, index) => add(finding.file, findingMessage(finding, fingerprints[index] ?? '', ctx.cwd)));

  const results: JsonResult[] = [...byFile.keys()].sort(compareStrings).map((file) => {
    const messages = byFile.get(file) ?? [];
    return {
      filePath: absolutePath(ctx.cwd, file),
      messages,
      suppressedMessages: [],
      errorCount: messages.filter((message) => message.severity === 2).length,
      fatalErrorCount: messages.filter((message) => message.fatal === true).length,
      warningCount: messages.filter((message) => message.severity === 1).length,
      fixableErrorCount: 0,
      fixableWarningCount: 0,
      usedDeprecatedRules: [],
    };
  });
  return `${JSON.stringify(results, null, 2)}\n`;
};
