// Directive comments as ESLint reads them, and the ranges they disable per rule of this plugin.
// The end-to-end comparison with ESLint itself is in directives-parity.test.ts.
import { describe, expect, it } from 'vitest';
import {
  findDirectiveComments,
  isSuppressed,
  mayHaveDirectives,
  parseDirectives,
  parseDirectiveText,
  type FileDirectives,
} from '../../src/analyzer/directives.js';
import type { RuleId } from '../../src/checks/index.js';

const COERCION: RuleId = 'no-call-id-coercion';
const COLLISION: RuleId = 'no-tool-name-collision';

/** Lines (1-based) on which a finding of `rule` starting at `column` would be suppressed. */
function suppressedLines(directives: FileDirectives, rule: RuleId, lines: number, column = 2): number[] {
  const out: number[] = [];
  for (let line = 1; line <= lines; line++) if (isSuppressed(directives, rule, { line, column })) out.push(line);
  return out;
}

function lines(...source: string[]): string {
  return source.join('\n');
}

describe('parseDirectiveText', () => {
  it.each([
    ['eslint-disable', 'disable'],
    ['eslint-enable', 'enable'],
    ['eslint-disable-line', 'disable-line'],
    ['eslint-disable-next-line', 'disable-next-line'],
  ])('%s with no rules applies to every rule', (label, kind) => {
    expect(parseDirectiveText(` ${label} `)).toEqual({ kind, rules: [], justification: '' });
  });

  it('reads comma-separated rule lists with and without our prefix, quoted or not, deduplicated', () => {
    expect(parseDirectiveText(' eslint-disable-next-line tool-identity/no-call-id-coercion, no-console ,"other/rule",, tool-identity/no-call-id-coercion')).toEqual({
      kind: 'disable-next-line',
      rules: ['tool-identity/no-call-id-coercion', 'no-console', 'other/rule'],
      justification: '',
    });
  });

  it('drops a description after `--` with whitespace on both sides', () => {
    expect(parseDirectiveText(' eslint-disable-line tool-identity/valid-tool-name -- legacy name, see #12 ')).toEqual({
      kind: 'disable-line',
      rules: ['tool-identity/valid-tool-name'],
      justification: 'legacy name, see #12',
    });
    expect(parseDirectiveText(' eslint-disable -- everything, for now')).toEqual({ kind: 'disable', rules: [], justification: 'everything, for now' });
    // Without the whitespace the dashes are part of the rule name (ESLint: no such rule).
    expect(parseDirectiveText(' eslint-disable-line tool-identity/valid-tool-name--legacy')?.rules).toEqual(['tool-identity/valid-tool-name--legacy']);
  });

  it('is not fooled by other comments', () => {
    for (const text of [
      ' eslint-disable-next-line: tool-identity/valid-tool-name',
      ' eslint-disabled',
      ' ESLint-disable',
      '* eslint-disable',
      ' see eslint-disable-line in the docs',
      ' eslint tool-identity/valid-tool-name: off',
      ' eslint-env node',
      ' global foo',
    ]) {
      expect(parseDirectiveText(text), text).toBeUndefined();
    }
  });
});

describe('findDirectiveComments', () => {
  it('finds directive comments with their positions, line forms in line and block comments', () => {
    const text = lines(
      'const a = 1; // eslint-disable-line',
      '  /* eslint-disable-next-line tool-identity/valid-tool-name */',
      '/* eslint-disable',
      '   tool-identity/no-call-id-coercion */',
      '// a plain comment',
      '/* eslint-enable */',
    );
    expect(findDirectiveComments(text)).toEqual([
      { kind: 'disable-line', rules: [], justification: '', start: { line: 1, column: 13 }, end: { line: 1, column: 35 } },
      {
        kind: 'disable-next-line',
        rules: ['tool-identity/valid-tool-name'],
        justification: '',
        start: { line: 2, column: 2 },
        end: { line: 2, column: 62 },
      },
      { kind: 'disable', rules: ['tool-identity/no-call-id-coercion'], justification: '', start: { line: 3, column: 0 }, end: { line: 4, column: 39 } },
      { kind: 'enable', rules: [], justification: '', start: { line: 6, column: 0 }, end: { line: 6, column: 19 } },
    ]);
  });

  it('ignores block directives in line comments, and a multi-line disable-line', () => {
    const text = lines('// eslint-disable', '// eslint-enable tool-identity/valid-tool-name', '/* eslint-disable-line', '*/ x();');
    expect(findDirectiveComments(text)).toEqual([]);
  });

  it('ignores directive text inside strings, templates and regular expressions', () => {
    const text = lines(
      `const a = '// eslint-disable-line';`,
      `const b = "/* eslint-disable */";`,
      'const c = `// eslint-disable-line`;',
      'const d = `${a} /* eslint-disable */ ${b} // eslint-disable-line`;',
      'const e = `${{ x: `// eslint-disable-line` }.x} // eslint-disable-line`;',
      'const f = /\\/\\/ eslint-disable-line/;',
      'const g = [/[/]/, /* eslint-disable-line */ 1];',
      'const h = a.length / 2 / 1; // eslint-disable-line',
      'if (/x/.test(a)) return; // eslint-disable-line tool-identity/valid-tool-name',
    );
    expect(findDirectiveComments(text).map((d) => [d.kind, d.start.line, d.start.column])).toEqual([
      ['disable-line', 7, 18],
      ['disable-line', 8, 28],
      ['disable-line', 9, 25],
    ]);
  });

  it('counts CRLF, CR and Unicode line separators as ESLint does', () => {
    const text = 'a();\r\nb();\rc();\u2028d(); // eslint-disable-line\u2029e(); // eslint-disable-line';
    expect(findDirectiveComments(text).map((d) => d.start)).toEqual([
      { line: 4, column: 5 },
      { line: 5, column: 5 },
    ]);
  });

  it('skips the scan entirely for text without a directive word', () => {
    expect(mayHaveDirectives('// eslint rules: off\nconst x = 1;')).toBe(false);
    expect(mayHaveDirectives('x(); // eslint-enable')).toBe(true);
    expect(parseDirectives('/* nothing here */').size).toBe(0);
  });
});

describe('parseDirectives: suppressed ranges per rule', () => {
  it('-next-line covers the line after the comment (after its last line for a block comment)', () => {
    const text = lines(
      '// eslint-disable-next-line tool-identity/no-call-id-coercion -- only logged',
      'x();',
      'x();',
      '/* eslint-disable-next-line',
      '   tool-identity/no-call-id-coercion */',
      'x();',
    );
    const directives = parseDirectives(text);
    expect(suppressedLines(directives, COERCION, 7)).toEqual([2, 6]);
    expect(suppressedLines(directives, COLLISION, 7)).toEqual([]);
  });

  it('-line covers the whole line of the comment, before and after it', () => {
    const directives = parseDirectives(lines('x();', 'x(); /* eslint-disable-line tool-identity/no-call-id-coercion */ y();', 'x();'));
    expect(suppressedLines(directives, COERCION, 3, 0)).toEqual([2]);
    expect(suppressedLines(directives, COERCION, 3, 60)).toEqual([2]);
  });

  it('rule-less forms disable every rule of the plugin', () => {
    const directives = parseDirectives(lines('x(); // eslint-disable-line', '// eslint-disable-next-line', 'x();'));
    expect(suppressedLines(directives, COERCION, 3)).toEqual([1, 3]);
    expect(suppressedLines(directives, COLLISION, 3)).toEqual([1, 3]);
  });

  it('directives naming only other rules, or our rules without the prefix, suppress nothing of ours', () => {
    const directives = parseDirectives(
      lines(
        'x(); // eslint-disable-line no-console, @typescript-eslint/no-explicit-any',
        'x(); // eslint-disable-line no-call-id-coercion',
        'x(); // eslint-disable-line tool-identity/no-such-rule',
        '/* eslint-disable other/rule */',
        'x();',
      ),
    );
    expect(directives.size).toBe(0);
  });

  it('a block disable lasts from the comment to a matching enable, or to the end of the file', () => {
    const text = lines(
      'x();', // 1
      'x(); /* eslint-disable tool-identity/no-call-id-coercion */ y();', // 2
      'x();', // 3
      '/* eslint-enable tool-identity/valid-tool-name */', // 4: another rule, no effect
      'x();', // 5
      '/* eslint-enable tool-identity/no-call-id-coercion */', // 6
      'x();', // 7
      '/* eslint-disable tool-identity/no-call-id-coercion, tool-identity/no-tool-name-collision */', // 8
      'x();', // 9
    );
    const directives = parseDirectives(text);
    expect(directives.get(COERCION)).toEqual([
      { start: { line: 2, column: 5 }, end: { line: 6, column: 0 } },
      { start: { line: 8, column: 0 }, end: undefined },
    ]);
    // On line 2, only what starts after the comment.
    expect(isSuppressed(directives, COERCION, { line: 2, column: 0 })).toBe(false);
    expect(isSuppressed(directives, COERCION, { line: 2, column: 61 })).toBe(true);
    expect(suppressedLines(directives, COERCION, 9, 0)).toEqual([3, 4, 5, 8, 9]);
    expect(suppressedLines(directives, COLLISION, 9, 0)).toEqual([8, 9]);
  });

  it('an enable naming a rule ends a rule-less disable for that rule only; a rule-less enable ends all', () => {
    const text = lines(
      '/* eslint-disable */', // 1
      'x();', // 2
      '/* eslint-enable tool-identity/no-call-id-coercion */', // 3
      'x();', // 4
      '/* eslint-enable */', // 5
      'x();', // 6
      '/* eslint-disable tool-identity/no-call-id-coercion */', // 7
      'x();', // 8
      '/* eslint-enable -- done */', // 9
      'x();', // 10
    );
    const directives = parseDirectives(text);
    expect(suppressedLines(directives, COERCION, 10, 0)).toEqual([1, 2, 7, 8]);
    expect(suppressedLines(directives, COLLISION, 10, 0)).toEqual([1, 2, 3, 4]);
  });

  it('repeated disables need one enable', () => {
    const directives = parseDirectives(
      lines('/* eslint-disable tool-identity/no-call-id-coercion */', '/* eslint-disable */', 'x();', '/* eslint-enable tool-identity/no-call-id-coercion */', 'x();'),
    );
    expect(suppressedLines(directives, COERCION, 5, 0)).toEqual([1, 2, 3]);
    expect(suppressedLines(directives, COLLISION, 5, 0)).toEqual([2, 3, 4, 5]);
  });

  it('directive text in a string suppresses nothing', () => {
    const directives = parseDirectives(lines(`const s = '/* eslint-disable */'; // a note`, 'x(`// eslint-disable-line`);'));
    expect(directives.size).toBe(0);
  });
});
