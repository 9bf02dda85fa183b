import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../src/checks/finding.js';
import { createMarkdownReporter, markdown, MARKDOWN_MAX_BYTES } from '../../src/reporters/markdown.js';
import { allFindings, binaryFile, bypass, coercion, context, parseError, span } from './fixtures.js';

function many(count: number, message: string): Finding[] {
  return Array.from({ length: count }, (_, index) => ({
    ...coercion,
    message,
    span: span(index + 1, 0, index + 1, 5),
    key: `${coercion.key}|${index}`,
  }));
}

function tableRows(output: string): string[] {
  return output.split('\n').filter((line) => line.startsWith('| src/'));
}

describe('markdown', () => {
  it('matches the full report snapshot', async () => {
    await expect(markdown(allFindings, context({ diagnostics: [parseError, binaryFile] }))).toMatchFileSnapshot(
      '__snapshots__/markdown.md',
    );
  });

  it('prints summary counts, a count table, then a table per rule', () => {
    expect(markdown([coercion, bypass], context())).toBe(
      [
        '## tool-identity-audit',
        '',
        '❌ **2 problems** (1 error, 1 warning) in 1 file (42 analysed).',
        '',
        '| Rule | Errors | Warnings | Info |',
        '| --- | ---: | ---: | ---: |',
        '| [no-call-id-coercion](https://github.com/tool-identity-audit/tool-identity-audit/blob/main/docs/rules/no-call-id-coercion.md) | 1 | 0 | 0 |',
        '| [no-identity-helper-bypass](https://github.com/tool-identity-audit/tool-identity-audit/blob/main/docs/rules/no-identity-helper-bypass.md) | 0 | 1 | 0 |',
        '',
        '### no-call-id-coercion',
        '',
        'Disallow coercing provider tool-call IDs to strings ([docs](https://github.com/tool-identity-audit/tool-identity-audit/blob/main/docs/rules/no-call-id-coercion.md))',
        '',
        '| Location | Severity | Message |',
        '| --- | --- | --- |',
        '| src/runner/approve.ts:27:19 | error | Call ID \\`item.callId\\` is coerced with String(); a missing or non-string ID becomes a made-up string instead of being rejected. Read it with extractToolCallId() and handle undefined. |',
        '',
        '### no-identity-helper-bypass',
        '',
        'Require the canonical identity helpers instead of hand-built qualified names, lookup keys, approval keys and trace names ([docs](https://github.com/tool-identity-audit/tool-identity-audit/blob/main/docs/rules/no-identity-helper-bypass.md))',
        '',
        '| Location | Severity | Message |',
        '| --- | --- | --- |',
        '| src/runner/approve.ts:9:15 | warning | Hand-built qualified name \\`\\${ns}.\\${name}\\`; use qualifiedToolName() from tool-identity-audit/runtime, which handles empty and reserved namespaces. |',
        '',
      ].join('\n'),
    );
  });

  it('escapes table breaks, HTML, emphasis and math, and turns line breaks into <br>', () => {
    const output = markdown([{ ...coercion, message: 'a | b <script> *y* _z_ $x$ [l](u)\r\nnext' }], context());
    expect(tableRows(output)).toEqual([
      '| src/runner/approve.ts:27:19 | error | a \\| b \\<script\\> \\*y\\* \\_z\\_ \\$x\\$ \\[l\\](u)<br>next |',
    ]);
  });

  it('says so when there are no problems, and when the run did not complete', () => {
    expect(markdown([], context())).toBe('## tool-identity-audit\n\n✅ No problems found in 42 analysed files.\n');
    expect(markdown([], context({ executionSuccessful: false, diagnostics: [parseError] }))).toBe(
      [
        '## tool-identity-audit',
        '',
        '✅ No problems found in 42 analysed files.',
        '',
        '⚠️ 1 file could not be analysed.',
        '',
        '❗ The run did not complete; results may be incomplete.',
        '',
        '### Files not analysed',
        '',
        '| File | Problem | Message |',
        '| --- | --- | --- |',
        "| src/broken.ts:3:5 | parse-error | ')' expected. |",
        '',
      ].join('\n'),
    );
  });

  it('stops adding rows at the byte budget, keeps complete counts and says how many are listed', () => {
    const findings = many(40, 'Call ID `x` is coerced.');
    const output = createMarkdownReporter({ maxBytes: 3000 })(findings, context());
    expect(Buffer.byteLength(output, 'utf8')).toBeLessThanOrEqual(3000);
    expect(output).toContain('**40 problems** (40 errors, 0 warnings)');
    const rows = tableRows(output).length;
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBeLessThan(40);
    expect(output).toMatch(new RegExp(`> Truncated to stay under GitHub's step summary limit: ${rows} of 40 problems listed\\.`));
    expect(output.endsWith('The SARIF and JSON reports have the full list.\n')).toBe(true);
  });

  it('does not truncate what fits', () => {
    const output = createMarkdownReporter({ maxBytes: 100_000 })(many(40, 'short'), context());
    expect(tableRows(output)).toHaveLength(40);
    expect(output).not.toContain('Truncated');
  });

  it('keeps a huge report well under GitHub’s 1 MiB step summary limit by default', () => {
    expect(MARKDOWN_MAX_BYTES).toBeLessThan(1024 * 1024);
    const output = markdown(many(4000, `Call ID ${'x'.repeat(300)} is coerced.`), context());
    expect(Buffer.byteLength(output, 'utf8')).toBeLessThanOrEqual(MARKDOWN_MAX_BYTES);
    expect(Buffer.byteLength(output, 'utf8')).toBeGreaterThan(MARKDOWN_MAX_BYTES - 2000);
    expect(output).toContain('of 4000 problems listed');
  });
});
