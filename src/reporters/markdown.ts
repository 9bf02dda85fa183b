// Markdown for $GITHUB_STEP_SUMMARY and pull request comments: counts first, then a table per rule.
// GitHub rejects a step summary over 1 MiB, so the output stops adding rows at a budget well under
// that and says so; the counts at the top always cover every finding.
import { Buffer } from 'node:buffer';
import { catalog, ruleIds, type RuleId } from '../checks/catalog.js';
import type { Finding, ToolDiagnostic } from '../checks/finding.js';
import {
  countSeverities,
  diagnosticColumn,
  displayRange,
  escapeMarkdown,
  plural,
  severitySummary,
  sortDiagnostics,
  sortFindings,
} from './shared.js';
import type { Reporter } from './types.js';

/** Half of GitHub's 1 MiB step-summary limit: other steps' output and our note must still fit. */
export const MARKDOWN_MAX_BYTES = 512 * 1024;

/** Room kept for the truncation note, which is added after the budget check. */
const NOTE_RESERVE_BYTES = 400;

export interface MarkdownOptions {
  /** Byte budget (UTF-8) of the whole output; the header and counts are always printed. */
  maxBytes?: number;
}

function bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

function findingRow(finding: Finding): string {
  const range = displayRange(finding.span);
  const related = finding.related.map((other) => {
    const at = displayRange(other.span);
    return `<br>↳ ${escapeMarkdown(`${other.file}:${at.line}:${at.column}`)} ${escapeMarkdown(other.message)}`;
  });
  const where = escapeMarkdown(`${finding.file}:${range.line}:${range.column}`);
  return `| ${where} | ${finding.severity} | ${escapeMarkdown(finding.message)}${related.join('')} |\n`;
}

function diagnosticRow(diagnostic: ToolDiagnostic): string {
  const column = diagnosticColumn(diagnostic);
  const position = diagnostic.line === undefined ? '' : `:${diagnostic.line}${column === undefined ? '' : `:${column}`}`;
  return `| ${escapeMarkdown(`${diagnostic.file}${position}`)} | ${diagnostic.kind} | ${escapeMarkdown(diagnostic.message)} |\n`;
}

interface Section {
  heading: string;
  rows: string[];
}

export function createMarkdownReporter(options: MarkdownOptions = {}): Reporter {
  const maxBytes = options.maxBytes ?? MARKDOWN_MAX_BYTES;
  return (findings, ctx) => {
    const sorted = sortFindings(findings);
    const diagnostics = sortDiagnostics(ctx.diagnostics);
    const counts = countSeverities(sorted);
    const byRule = new Map<RuleId, Finding[]>();
    for (const finding of sorted) {
      const list = byRule.get(finding.ruleId);
      if (list) list.push(finding);
      else byRule.set(finding.ruleId, [finding]);
    }
    const rules = ruleIds.filter((id) => byRule.has(id));

    let head = `## ${ctx.toolName}\n\n`;
    if (sorted.length === 0) {
      head += `✅ No problems found in ${plural(ctx.filesAnalyzed, 'analysed file')}.\n`;
    } else {
      const icon = counts.error > 0 ? '❌' : counts.warning > 0 ? '⚠️' : 'ℹ️';
      const fileCount = new Set(sorted.map((finding) => finding.file)).size;
      head +=
        `${icon} **${plural(sorted.length, 'problem')}** (${severitySummary(counts)}) ` +
        `in ${plural(fileCount, 'file')} (${ctx.filesAnalyzed} analysed).\n\n` +
        '| Rule | Errors | Warnings | Info |\n| --- | ---: | ---: | ---: |\n' +
        rules
          .map((id) => {
            const perRule = countSeverities(byRule.get(id) ?? []);
            return `| [${id}](${catalog[id].docsUrl}) | ${perRule.error} | ${perRule.warning} | ${perRule.info} |\n`;
          })
          .join('');
    }
    if (diagnostics.length > 0) {
      head += `\n⚠️ ${plural(new Set(diagnostics.map((diagnostic) => diagnostic.file)).size, 'file')} could not be analysed.\n`;
    }
    if (!ctx.executionSuccessful) head += '\n❗ The run did not complete; results may be incomplete.\n';

    // Unanalysed files come before the per-rule details so truncation never hides them.
    const sections: Section[] = [];
    if (diagnostics.length > 0) {
      sections.push({
        heading: '\n### Files not analysed\n\n| File | Problem | Message |\n| --- | --- | --- |\n',
        rows: diagnostics.map(diagnosticRow),
      });
    }
    for (const id of rules) {
      const meta = catalog[id];
      sections.push({
        heading:
          `\n### ${id}\n\n${escapeMarkdown(meta.description)} ([docs](${meta.docsUrl}))\n\n` +
          '| Location | Severity | Message |\n| --- | --- | --- |\n',
        rows: (byRule.get(id) ?? []).map(findingRow),
      });
    }

    const budget = maxBytes - NOTE_RESERVE_BYTES;
    let output = head;
    let used = bytes(head);
    let shownFindings = 0;
    let truncated = false;
    for (const section of sections) {
      const isDiagnostics = section === sections[0] && diagnostics.length > 0;
      const headingBytes = bytes(section.heading);
      let body = '';
      for (const row of section.rows) {
        const rowBytes = bytes(row);
        // A heading is only worth printing together with at least one row.
        if (used + (body === '' ? headingBytes : 0) + rowBytes > budget) {
          truncated = true;
          break;
        }
        used += rowBytes + (body === '' ? headingBytes : 0);
        body += row;
        if (!isDiagnostics) shownFindings += 1;
      }
      if (body !== '') output += section.heading + body;
      if (truncated) break;
    }
    if (truncated) {
      output +=
        `\n> [!WARNING]\n> Truncated to stay under GitHub's step summary limit: ${shownFindings} of ${plural(sorted.length, 'problem')} ` +
        'listed. The SARIF and JSON reports have the full list.\n';
    }
    return output;
  };
}

export const markdown: Reporter = createMarkdownReporter();
