import type * as Sarif from 'sarif';
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../src/checks/finding.js';
import { formatNames, isFormatName, reporters } from '../../src/reporters/index.js';
import type { JsonResult } from '../../src/reporters/json.js';
import type { CodeClimateIssue } from '../../src/reporters/codeclimate.js';
import { allFindings, binaryFile, bypass, coercion, context, parseError, shuffles } from './fixtures.js';
import { sarifSchemaErrors } from './sarif-schema.js';

/** Same position as `bypass`, another rule: the rule id must break the tie. */
const samePlace: Finding = { ...coercion, span: bypass.span, key: `${coercion.key}|same-place` };
const findings = [...allFindings, samePlace];
/** file, line, column, rule id in report order. */
const expectedOrder = [
  'src/agents/researcher.ts:12:5 no-tool-name-collision',
  'src/agents/support.ts:5:3 no-confusable-tool-names',
  'src/mcp/server.ts:14:3 no-tool-name-collision',
  'src/mcp/server.ts:22:3 no-tool-name-collision',
  'src/odd,dir/tools:v2.ts:3:9 valid-tool-name',
  'src/runner/approve.ts:9:15 no-call-id-coercion',
  'src/runner/approve.ts:9:15 no-identity-helper-bypass',
  'src/runner/approve.ts:27:19 no-call-id-coercion',
  'src/tools/web.ts:30:3 no-namespace-equals-name',
];

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

describe('reporter registry', () => {
  it('has one reporter per format name', () => {
    expect(Object.keys(reporters).sort()).toEqual([...formatNames].sort());
    expect(formatNames[0]).toBe('stylish');
    expect(isFormatName('sarif')).toBe(true);
    expect(isFormatName('junit')).toBe(false);
  });
});

describe.each(formatNames)('%s', (name) => {
  const reporter = reporters[name];

  it('gives the same output whatever the order of findings and diagnostics', () => {
    const outputs = shuffles(findings).map((input, index) =>
      reporter(input, context({ diagnostics: index % 2 === 0 ? [parseError, binaryFile] : [binaryFile, parseError] })),
    );
    expect(new Set(outputs).size).toBe(1);
  });

  it('does not mutate its input and is deterministic', () => {
    const frozen = deepFreeze(findings.map((finding) => structuredClone(finding)));
    const ctx = deepFreeze(context({ diagnostics: [parseError, binaryFile], color: true }));
    const first = reporter(frozen, ctx);
    expect(reporter(frozen, ctx)).toBe(first);
  });

  it('is empty or ends with exactly one newline', () => {
    for (const output of [reporter(findings, context()), reporter([], context())]) {
      if (output !== '') expect(output).toMatch(/[^\n]\n$/);
    }
  });

  it('gives valid output for an empty report', () => {
    const output = reporter([], context({ filesAnalyzed: 0 }));
    switch (name) {
      case 'stylish':
        expect(output).toBe('0 files in 1 project\n');
        break;
      case 'github':
        expect(output).toBe('');
        break;
      case 'json':
      case 'codeclimate':
        expect(JSON.parse(output)).toEqual([]);
        break;
      case 'sarif': {
        const log = JSON.parse(output) as Sarif.Log;
        expect(sarifSchemaErrors(log)).toEqual([]);
        expect(log.runs[0]?.results).toEqual([]);
        break;
      }
      case 'markdown':
        expect(output).toBe('## tool-identity-audit\n\n✅ No problems found in 0 analysed files.\n');
        break;
    }
  });
});

describe('report order: file, line, column, rule id', () => {
  const shuffled = [...findings].reverse();

  it('json', () => {
    const results = JSON.parse(reporters.json(shuffled, context())) as JsonResult[];
    const order = results.flatMap((result) =>
      result.messages.map((message) => `${result.filePath.replace('/home/ci/repo/', '')}:${message.line}:${message.column} ${message.ruleId}`),
    );
    expect(order).toEqual(expectedOrder);
  });

  it('sarif', () => {
    const log = JSON.parse(reporters.sarif(shuffled, context())) as Sarif.Log;
    const order = (log.runs[0]?.results ?? []).map((result) => {
      const location = result.locations?.[0]?.physicalLocation;
      return `${decodeURIComponent(location?.artifactLocation?.uri ?? '')}:${location?.region?.startLine}:${location?.region?.startColumn} ${result.ruleId}`;
    });
    expect(order).toEqual(expectedOrder);
  });

  it('codeclimate', () => {
    const issues = JSON.parse(reporters.codeclimate(shuffled, context())) as CodeClimateIssue[];
    expect(issues.map((issue) => `${issue.location.path}:${issue.location.lines.begin} ${issue.check_name}`)).toEqual(
      expectedOrder.map((entry) => entry.replace(/:\d+ /, ' ')),
    );
  });

  it('github', () => {
    const order = reporters
      .github(shuffled, context())
      .trimEnd()
      .split('\n')
      .map((line) => {
        const match = /file=([^,]*),line=(\d+),endLine=\d+(?:,col=(\d+))?.*,title=([^:]*)::/.exec(line);
        const file = decodeURIComponent(match?.[1] ?? '');
        // Multi-line spans carry no column; use the known one for the comparison.
        return `${file}:${match?.[2]}:${match?.[3] ?? '9'} ${match?.[4]}`;
      });
    expect(order).toEqual(expectedOrder);
  });

  it('stylish lists the same order; markdown sorts within each rule', () => {
    const stylishOrder = reporters
      .stylish(shuffled, context())
      .split('\n')
      .flatMap((line) => /^\s+(\d+):(\d+)\s.*\s(\S+)$/.exec(line)?.slice(1) ?? [])
      .join(' ');
    expect(stylishOrder).toBe(
      '12 5 no-tool-name-collision 5 3 no-confusable-tool-names 14 3 no-tool-name-collision 22 3 no-tool-name-collision ' +
        '3 9 valid-tool-name 9 15 no-call-id-coercion 9 15 no-identity-helper-bypass 27 19 no-call-id-coercion ' +
        '30 3 no-namespace-equals-name',
    );
    const markdownRows = reporters
      .markdown(shuffled, context())
      .split('\n')
      .filter((line) => line.startsWith('| src/runner/approve.ts'))
      .map((line) => line.split(' | ')[0]);
    expect(markdownRows).toEqual(['| src/runner/approve.ts:9:15', '| src/runner/approve.ts:27:19', '| src/runner/approve.ts:9:15']);
  });
});
