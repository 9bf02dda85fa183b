import { describe, expect, it } from 'vitest';
import type { Finding } from '../../src/checks/finding.js';
import { escapeData, escapeProperty, github, GITHUB_ANNOTATION_LIMIT } from '../../src/reporters/github.js';
import { allFindings, binaryFile, bypass, coercion, collision, confusable, context, oddName, parseError, span } from './fixtures.js';

function many(base: Finding, count: number): Finding[] {
  return Array.from({ length: count }, (_, index) => ({ ...base, span: span(index + 1, 0, index + 1, 5), key: `${base.key}|${index}` }));
}

function levelsOf(output: string): string[] {
  return output
    .trimEnd()
    .split('\n')
    .map((line) => /^::(\w+) /.exec(line)?.[1] ?? `not a command: ${line}`);
}

describe('github workflow commands', () => {
  it('escapes % CR LF in messages, and also : and , in property values', () => {
    expect(escapeData('100%:a,b\r\nc')).toBe('100%25:a,b%0D%0Ac');
    expect(escapeProperty('100%:a,b\r\nc')).toBe('100%25%3Aa%2Cb%0D%0Ac');
    // `%` first, so an escape is never escaped twice.
    expect(escapeProperty('%3A')).toBe('%253A');
  });

  it('writes one annotation per finding with escaped file, title and message', () => {
    expect(github([oddName], context())).toBe(
      '::error file=src/odd%2Cdir/tools%3Av2.ts,line=3,endLine=4,title=valid-tool-name::' +
        'Tool name "rate%25:limit,%0Av2" is rejected by OpenAI: only letters, digits, "_" and "-" are allowed.\n',
    );
  });

  it('escapes carriage returns in messages', () => {
    expect(github([{ ...coercion, message: 'one\r\ntwo\rthree' }], context())).toBe(
      '::error file=src/runner/approve.ts,line=27,endLine=27,col=19,endColumn=38,title=no-call-id-coercion::one%0D%0Atwo%0Dthree\n',
    );
  });

  it('maps severities to error, warning and notice, adds related locations, gives columns only on one-line spans', () => {
    expect(github([confusable, bypass, collision], context())).toBe(
      [
        '::error file=src/agents/researcher.ts,line=12,endLine=12,col=5,endColumn=17,title=no-tool-name-collision::' +
          'Tool name "search" is exposed more than once in agent "Researcher"; dispatch picks the one at src/tools/web.ts:4:21. ' +
          'Give each tool a unique name or a namespace.%0A↳ src/tools/web.ts:4:21 Other tool named "search" (dispatch picks this one)',
        '::notice file=src/agents/support.ts,line=5,endLine=5,col=3,endColumn=13,title=no-confusable-tool-names::' +
          'Tool names "get_user" and "getUser" in agent "Support" differ only by case or "_"/"-"; models confuse them. ' +
          'Use one naming style and distinct words.%0A↳ src/agents/support.ts:6:3 The other name',
        '::warning file=src/runner/approve.ts,line=9,endLine=9,col=15,endColumn=32,title=no-identity-helper-bypass::' +
          'Hand-built qualified name `${ns}.${name}`; use qualifiedToolName() from tool-identity-audit/runtime, which handles empty and reserved namespaces.',
        '',
      ].join('\n'),
    );
  });

  it('annotates diagnostics first, with their kind in the title', () => {
    const lines = github([coercion], context({ diagnostics: [parseError, binaryFile] })).split('\n');
    expect(lines.slice(0, 2)).toEqual([
      '::warning file=assets/logo.ts,title=tool-identity-audit (binary)::File contains NUL bytes.',
      "::error file=src/broken.ts,line=3,col=5,title=tool-identity-audit (parse-error)::')' expected.",
    ]);
  });

  it('matches the full report snapshot', async () => {
    await expect(github(allFindings, context({ diagnostics: [parseError, binaryFile] }))).toMatchFileSnapshot(
      '__snapshots__/github.txt',
    );
  });

  it('prints at most 10 annotations per level, keeps a notice slot, and ends with a tally pointing at SARIF', () => {
    expect(GITHUB_ANNOTATION_LIMIT).toBe(10);
    const findings = [...many(coercion, 12), ...many(bypass, 3), ...many(confusable, 11)];
    const output = github(findings, context());
    const levels = levelsOf(output);
    expect(levels.filter((level) => level === 'error')).toHaveLength(10);
    expect(levels.filter((level) => level === 'warning')).toHaveLength(3);
    // 9 info findings plus the tally: 10 notices, all kept by GitHub.
    expect(levels.filter((level) => level === 'notice')).toHaveLength(10);
    expect(output.trimEnd().split('\n').at(-1)).toBe(
      '::notice title=tool-identity-audit::GitHub shows at most 10 annotations per level in a step; not annotated: 2 errors, 2 notices. ' +
        'See the full list in the SARIF report (upload it with github/codeql-action/upload-sarif) or in the text report.',
    );
    // The first ones in report order are the ones shown.
    expect(output).toContain('line=10,');
    expect(output).not.toContain('file=src/runner/approve.ts,line=11,endLine=11,col=1,endColumn=6,title=no-call-id-coercion');
  });

  it('adds no tally at exactly the limit', () => {
    const output = github(many(coercion, 10), context());
    expect(levelsOf(output)).toEqual(Array.from({ length: 10 }, () => 'error'));
    expect(output).not.toContain('::notice');
  });

  it('counts diagnostics against the limit too', () => {
    const output = github(many(coercion, 10), context({ diagnostics: [parseError] }));
    expect(levelsOf(output).filter((level) => level === 'error')).toHaveLength(10);
    expect(output).toContain('(parse-error)');
    expect(output).toContain('not annotated: 1 error.');
  });

  it('prints nothing for an empty report', () => {
    expect(github([], context())).toBe('');
  });
});
