import { describe, expect, it } from 'vitest';
import { absolutePath } from '../../src/reporters/shared.js';
import { json, type JsonResult } from '../../src/reporters/json.js';
import { allFindings, binaryFile, coercion, collision, confusable, context, namespaceEqualsName, parseError } from './fixtures.js';

function parse(output: string): JsonResult[] {
  return JSON.parse(output) as JsonResult[];
}

describe('json (ESLint-compatible)', () => {
  it('matches the full report snapshot', async () => {
    await expect(json(allFindings, context({ diagnostics: [parseError, binaryFile] }))).toMatchFileSnapshot('__snapshots__/json.json');
  });

  it('has ESLint LintResult and LintMessage fields, with 1-based columns and absolute file paths', () => {
    const [result] = parse(json([collision], context()));
    expect(result).toEqual({
      filePath: '/home/ci/repo/src/agents/researcher.ts',
      messages: [
        {
          ruleId: 'no-tool-name-collision',
          severity: 2,
          message: collision.message,
          line: 12,
          column: 5,
          endLine: 12,
          endColumn: 17,
          messageId: 'duplicateToolName',
          level: 'error',
          fingerprint: '3fd9661d348c754184c401eb72345263e63202451358ed93dc28e7f0467e3564',
          relatedLocations: [
            {
              filePath: '/home/ci/repo/src/tools/web.ts',
              line: 4,
              column: 21,
              endLine: 4,
              endColumn: 29,
              message: 'Other tool named "search" (dispatch picks this one)',
            },
          ],
        },
      ],
      suppressedMessages: [],
      errorCount: 1,
      fatalErrorCount: 0,
      warningCount: 0,
      fixableErrorCount: 0,
      fixableWarningCount: 0,
      usedDeprecatedRules: [],
    });
  });

  it('reports infos as ESLint warnings (severity 1) and keeps the level', () => {
    const [result] = parse(json([confusable], context()));
    expect(result?.messages[0]).toMatchObject({ severity: 1, level: 'info' });
    expect(result?.warningCount).toBe(1);
  });

  it('gives ESLint’s single `fix` only to one-edit suggestions, and every edit in file order', () => {
    const [coerced] = parse(json([coercion], context()));
    const [suggestion] = coerced?.messages[0]?.suggestions ?? [];
    expect(suggestion?.fix).toBeUndefined();
    expect(suggestion?.edits.map((edit) => edit.range)).toEqual([
      [0, 0],
      [1058, 1077],
    ]);
    const [renamed] = parse(json([namespaceEqualsName], context()));
    expect(renamed?.messages[0]?.suggestions?.[0]).toEqual({
      messageId: 'renameNamespace',
      desc: 'Rename the namespace to "search_tools".',
      data: { suggested: 'search_tools' },
      fix: { range: [1162, 1170], text: "'search_tools'" },
      edits: [{ range: [1162, 1170], text: "'search_tools'" }],
    });
  });

  it('reports diagnostics like ESLint parse errors: ruleId null, fatal when the file was not analysed', () => {
    const results = parse(json([], context({ diagnostics: [parseError, binaryFile] })));
    expect(results.map((result) => [result.filePath, result.errorCount, result.fatalErrorCount, result.warningCount])).toEqual([
      ['/home/ci/repo/assets/logo.ts', 0, 0, 1],
      ['/home/ci/repo/src/broken.ts', 1, 1, 0],
    ]);
    expect(results[1]?.messages).toEqual([
      { ruleId: null, severity: 2, message: "')' expected.", line: 3, column: 5, fatal: true, level: 'error', diagnosticKind: 'parse-error' },
    ]);
    expect(results[0]?.messages[0]).toMatchObject({ ruleId: null, severity: 1, line: 0, column: 0 });
    expect(results[0]?.messages[0]?.fatal).toBeUndefined();
  });

  it('is an empty array for an empty report', () => {
    expect(json([], context())).toBe('[]\n');
  });

  it('joins paths to the working directory without node:path', () => {
    expect(absolutePath('/home/ci/repo', 'src/a.ts')).toBe('/home/ci/repo/src/a.ts');
    expect(absolutePath('/home/ci/repo/', 'src/a.ts')).toBe('/home/ci/repo/src/a.ts');
    expect(absolutePath('/', 'src/a.ts')).toBe('/src/a.ts');
    expect(absolutePath('C:\\work\\repo', 'src/a.ts')).toBe('C:\\work\\repo\\src\\a.ts');
    expect(absolutePath('/home/ci/repo', '')).toBe('/home/ci/repo');
  });
});
