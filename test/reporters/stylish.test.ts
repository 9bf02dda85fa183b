import { describe, expect, it } from 'vitest';
import { stylish } from '../../src/reporters/stylish.js';
import type { ToolDiagnostic } from '../../src/checks/finding.js';
import { allFindings, binaryFile, bypass, coercion, confusable, context, oddName, parseError, span } from './fixtures.js';

// eslint-disable-next-line no-control-regex -- ANSI escapes start with ESC
const ansi = /\u001b\[[0-9;]*m/g;

const short = [
  { ...coercion, message: 'Coerced.' },
  { ...bypass, message: 'Hand-built key.' },
  { ...confusable, message: 'Close names.', file: 'src/runner/approve.ts', span: span(100, 2, 100, 9) },
];

describe('stylish', () => {
  it('groups by file, aligns line:col, severity, message and rule, and ends with the summary', () => {
    const output = stylish(short, context({ diagnostics: [parseError] }));
    expect(output).toBe(
      [
        '',
        'src/broken.ts',
        "  3:5  error  ')' expected  parse-error",
        '',
        'src/runner/approve.ts',
        '    9:15  warning  Hand-built key  no-identity-helper-bypass',
        '   27:19  error    Coerced         no-call-id-coercion',
        '  100:3   info     Close names     no-confusable-tool-names',
        '                   ↳ src/agents/support.ts:6:3  The other name',
        '',
        '✖ 3 problems (1 error, 1 warning, 1 info)',
        '✖ 41 files in 1 project (1 skipped: 1 syntax error)',
        '',
      ].join('\n'),
    );
  });

  it('uses ESLint’s summary wording without infos and pluralises', () => {
    expect(stylish([bypass], context())).toContain('\n✖ 1 problem (0 errors, 1 warning)\n');
    expect(stylish([coercion, oddName], context())).toContain('\n✖ 2 problems (2 errors, 0 warnings)\n');
  });

  it('matches the full report snapshot', async () => {
    await expect(stylish(allFindings, context({ diagnostics: [binaryFile, parseError] }))).toMatchFileSnapshot(
      '__snapshots__/stylish.txt',
    );
  });

  it('prints only what was analysed when there is nothing to report', () => {
    expect(stylish([], context())).toBe('42 files in 1 project\n');
    expect(stylish([], context({ filesAnalyzed: 1, projects: 12 }))).toBe('1 file in 12 projects\n');
    expect(stylish([], context({ color: true }))).toBe('42 files in 1 project\n');
  });

  it('lists diagnostics without findings, with a warning marker when only files were skipped', () => {
    expect(stylish([], context({ diagnostics: [binaryFile] }))).toBe(
      '\nassets/logo.ts\n  warning  File contains NUL bytes  binary\n\n⚠ 42 files in 1 project (1 skipped: 1 binary)\n',
    );
  });

  it('summarises skipped files per reason and configuration warnings apart', () => {
    const tooLarge = (file: string): ToolDiagnostic => ({ file, kind: 'too-large', message: 'File is 3.0 MiB.' });
    const broken = (file: string): ToolDiagnostic => ({ ...parseError, file });
    const base: ToolDiagnostic = {
      file: 'packages/ai/tsconfig.json',
      kind: 'config-unreadable',
      message: 'Cannot read what packages/ai/tsconfig.json extends (packages/ai/node_modules/@acme/tsconfig/base.json not found); its own settings are used.',
    };
    const output = stylish([], context({ filesAnalyzed: 953, projects: 12, diagnostics: [broken('a.ts'), broken('b.ts'), tooLarge('big.ts'), base] }));
    expect(output.split('\n').at(-2)).toBe('✖ 951 files in 12 projects (3 skipped: 2 syntax errors, 1 too large; 1 configuration warning)');
    expect(output).toContain('packages/ai/tsconfig.json\n  warning  Cannot read what packages/ai/tsconfig.json extends');
    expect(stylish([], context({ diagnostics: [base] })).split('\n').at(-2)).toBe('⚠ 42 files in 1 project (1 configuration warning)');
  });

  it('emits colour codes only when ctx.color is true, without changing the layout', () => {
    const plain = stylish(allFindings, context({ diagnostics: [parseError] }));
    const coloured = stylish(allFindings, context({ diagnostics: [parseError], color: true }));
    expect(plain).not.toMatch(ansi);
    expect(coloured).toMatch(ansi);
    expect(coloured).toContain('\u001b[31merror\u001b[39m');
    expect(coloured).toContain('\u001b[4msrc/tools/web.ts\u001b[24m');
    expect(coloured.replace(ansi, '')).toBe(plain);
  });

  it('keeps one row per finding when a message has line breaks', () => {
    const output = stylish([oddName], context());
    expect(output).toContain('  3:9  error  Tool name "rate%:limit, v2" is rejected by OpenAI');
    expect(output.split('\n')).toHaveLength(7);
  });

  it('shows control and bidi characters from the audited code as escapes', () => {
    const output = stylish([{ ...coercion, message: 'Tool "a\u001b[2Jb\u202Ec\u200Bd".' }], context());
    expect(output).toContain('Tool "a\\u{001B}[2Jb\\u{202E}c\\u{200B}d"');
    // eslint-disable-next-line no-control-regex -- asserting no raw ESC
    expect(output).not.toMatch(/[\u001b\u202e\u200b]/);
  });
});
