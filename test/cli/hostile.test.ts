// Hostile inputs through the built binary: each class of input that is not plain source, created
// at test time in a project that also holds a real defect. For each: no crash and no stack trace,
// a diagnostic naming the file and the problem, the documented exit code, and the defect in the
// other file still found. The defect is lowered to a warning (`--rule no-call-id-coercion=warn`)
// so that the exit code says what the tool made of the hostile input: 1 for files that should
// have been analysed and were not (parse errors, unreadable files, analyser errors), 0 for files
// skipped by policy (binary, too large, symlink loops, links out of the root) and for configuration
// the run went on without. docs/inputs.md is the table of these classes.
import { readFileSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CALL_ID_DEFECT as VALID, tempProject } from '../analyzer/helpers.js';
import { jsonRows, runBin, STACK_TRACE, type BinResult, type Row } from './spawn.js';

const COERCED = (expression: string): string =>
  `Call ID \`${expression}\` is coerced with String(): a missing ID becomes the made-up text "undefined" and a non-string one is turned into text instead of being rejected. Use it only when it already is a string (extractToolCallId() does this for raw items) and handle the missing case.`;
/** The defect of every scenario, as a warning. */
const DEFECT: Row = ['src/valid.ts', 'no-call-id-coercion', 3, 10, COERCED('item.call_id')];
/** Makes a module one that can hold tools: parse on demand parses it. */
const FRAMEWORK_IMPORT = "import { tool } from '@openai/agents';\n";
const ARGS = ['-f', 'json', '-f', 'stylish=report.txt', '--rule', 'no-call-id-coercion=warn'];

/** A project in a fresh temporary directory, with the defect in src/valid.ts unless overridden. */
function project(files: Record<string, string | Buffer>): string {
  return tempProject({ 'src/valid.ts': VALID, ...files });
}

interface Audit extends BinResult {
  rows: Row[];
  stylish: string;
}

function audit(cwd: string, extra: string[] = [], options: Parameters<typeof runBin>[2] = {}): Audit {
  const result = runBin(cwd, [...ARGS, ...extra], options);
  // Never a crash: no stack frame or error name anywhere, nothing on stderr.
  expect(result.stdout + result.stderr).not.toMatch(STACK_TRACE);
  expect(result.stderr).toBe('');
  const stylish = readFileSync(path.join(cwd, 'report.txt'), 'utf8');
  expect(stylish).not.toMatch(STACK_TRACE);
  return { ...result, rows: jsonRows(cwd, result.stdout), stylish };
}

/** The stylish report names the file (as a heading) and the diagnostic's kind. */
function expectStylishNames(stylish: string, file: string, kind: string): void {
  const section = stylish
    .split('\n\n')
    .map((block) => block.replace(/^\n+/, ''))
    .find((block) => block.split('\n')[0] === file);
  expect(section, `no stylish section for ${file}`).toBeDefined();
  expect(section).toContain(`  ${kind}`);
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52]);
const DEEP = 10_000;

describe("hostile inputs through the package's bin (dist/src/cli/bin.cjs)", () => {
  it('a syntax error: parse-error with its position, exit 1; none for a file that is never parsed', () => {
    const cwd = project({
      'src/broken.ts': `${FRAMEWORK_IMPORT}export function f(a: string {\n  return a;\n}\n`,
      // Parse on demand: it cannot hold a tool or a call ID and no parsed file imports it.
      'src/format.ts': 'export function pad(a: string {\n  return a;\n}\n',
    });
    const result = audit(cwd);
    expect(result.status).toBe(1);
    expect(result.rows).toEqual([['src/broken.ts', 'parse-error', 2, 29, "Syntax error: ',' expected. (and 3 more syntax errors)"], DEFECT]);
    expectStylishNames(result.stylish, 'src/broken.ts', 'parse-error');
  });

  it('a binary file with a .ts name: skipped as binary, exit 0', () => {
    const cwd = project({ 'src/logo.ts': PNG });
    const result = audit(cwd);
    expect(result.status).toBe(0);
    expect(result.rows).toEqual([DEFECT, ['src/logo.ts', 'binary', 0, 0, 'Binary file (PNG image signature): not analysed.'] satisfies Row].sort(byFile));
    expectStylishNames(result.stylish, 'src/logo.ts', 'binary');
  });

  it('a 5 MB file: skipped as too large, exit 0', () => {
    const cwd = project({ 'src/bundle.js': `export const data = [${'0, '.repeat((5 * 1024 * 1024) / 3)}];\n` });
    const result = audit(cwd);
    expect(result.status).toBe(0);
    expect(result.rows).toEqual([['src/bundle.js', 'too-large', 0, 0, 'File is 5.0 MiB; files larger than 2.0 MiB are skipped.'], DEFECT]);
    expectStylishNames(result.stylish, 'src/bundle.js', 'too-large');
  });

  it('a single 1 MB line is analysed: its defect is found at its column', () => {
    const prefix = `export const blob = "${'x'.repeat(1024 * 1024)}"; export function lineKey(item: { call_id?: string }) { return `;
    const cwd = project({ 'src/long.ts': `${prefix}String(item.call_id); }\n` });
    const result = audit(cwd);
    expect(result.status).toBe(0);
    expect(result.rows).toEqual([['src/long.ts', 'no-call-id-coercion', 1, prefix.length + 1, COERCED('item.call_id')], DEFECT]);
  });

  it(`expressions nested ${DEEP} deep: a diagnostic for that file only, never a crash`, () => {
    let arrows = '0';
    let objects = '1';
    for (let i = 0; i < DEEP; i++) {
      arrows = `() => ${arrows}`;
      objects = `{ a: ${objects} }`;
    }
    const cwd = project({
      // Each imports a framework, so each is parsed (parse on demand skips the others).
      'src/parens.ts': `${FRAMEWORK_IMPORT}export const x = ${'('.repeat(DEEP)}1${')'.repeat(DEEP)};\n`,
      'src/arrows.ts': `${FRAMEWORK_IMPORT}export const f = ${arrows};\n`,
      'src/objects.ts': `${FRAMEWORK_IMPORT}export const o = ${objects};\n`,
      'src/members.ts': `${FRAMEWORK_IMPORT}export const m = a${'.b'.repeat(DEEP)};\n`,
      // The parser builds a long `+` chain without recursion; the extractor's walk recurses into it.
      'src/sum.ts': `export const total = ${Array(DEEP).fill('a').join(' + ')};\n${VALID.replace('approvalKey', 'sumKey')}`,
      // No framework import: parsed only on demand, when the linker follows the tool's name into it.
      'src/names.ts': `export const SEARCH = 'search';\nexport const x = ${'('.repeat(DEEP)}1${')'.repeat(DEEP)};\n`,
      'src/search.ts': `${FRAMEWORK_IMPORT}import { SEARCH } from './names.js';\n\nexport const search = tool({ name: SEARCH, description: 'Search', execute: async () => 'ok' });\n`,
    });
    const result = audit(cwd);
    expect(result.status).toBe(1);
    const tooDeep = (file: string, stage: string): Row => [file, 'internal-error', 0, 0, `${stage} failed: the code is nested too deeply (maximum call stack size exceeded)`];
    expect(result.rows).toEqual([
      tooDeep('src/arrows.ts', 'Parsing'),
      tooDeep('src/members.ts', 'Fact extraction'),
      tooDeep('src/names.ts', 'Parsing'),
      tooDeep('src/objects.ts', 'Parsing'),
      tooDeep('src/parens.ts', 'Parsing'),
      tooDeep('src/sum.ts', 'Fact extraction'),
      DEFECT,
    ]);
    expectStylishNames(result.stylish, 'src/parens.ts', 'internal-error');
  });

  it('invalid UTF-8: a stray byte in a source file is decoded and analysed at the right position; mostly invalid bytes are binary', () => {
    const latin1 = Buffer.concat([
      Buffer.from('// R\xe9sum\xe9 keys, written in Latin-1.\nexport function latinKey(item: { call_id?: string }) {\n  return /* caf', 'latin1'),
      Buffer.from([0xe9]),
      Buffer.from(' */ String(item.call_id);\n}\n'),
    ]);
    const garbage = Buffer.from(Array.from({ length: 64 }, (_, i) => (i % 2 === 0 ? 0xc3 : 0x28)));
    const cwd = project({ 'src/latin1.ts': latin1, 'src/garbage.ts': garbage });
    const result = audit(cwd);
    expect(result.status).toBe(0);
    expect(result.rows).toEqual([
      ['src/garbage.ts', 'binary', 0, 0, 'Binary file (50% invalid UTF-8 in the first 64 bytes): not analysed.'],
      // `  return /* caf\uFFFD */ ` is 20 UTF-16 units, as ESLint counts them.
      ['src/latin1.ts', 'no-call-id-coercion', 3, 21, COERCED('item.call_id')],
      DEFECT,
    ]);
    expectStylishNames(result.stylish, 'src/garbage.ts', 'binary');
  });

  it('a byte-order mark and CRLF line ends: findings and syntax errors at the right lines and columns', () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    const cwd = project({
      'src/valid.ts': Buffer.concat([bom, Buffer.from(VALID.replace(/\n/g, '\r\n'))]),
      // The framework import (last, so the error keeps its line) makes it a file that is parsed.
      'src/crlf-broken.ts': Buffer.concat([bom, Buffer.from(`export const a = 1;\r\n\r\nexport const b = ;\r\n${FRAMEWORK_IMPORT.replace('\n', '\r\n')}`)]),
    });
    const result = audit(cwd);
    expect(result.status).toBe(1);
    expect(result.rows).toEqual([['src/crlf-broken.ts', 'parse-error', 3, 18, 'Syntax error: Expression expected.'], DEFECT]);
  });

  it('an empty file is analysed (and counted) without a diagnostic', () => {
    const cwd = project({ 'src/empty.ts': '' });
    const result = audit(cwd);
    expect(result.status).toBe(0);
    expect(result.rows).toEqual([DEFECT]);
    expect(result.stylish).toMatch(/\n⚠? ?2 files in 1 project\n$/);
  });

  it('.tsx, .mts, .cts, .js, .jsx, .mjs and .cjs files are analysed; declaration files are not (as documented)', () => {
    const key = (name: string, typed: boolean): string =>
      `export function ${name}(item${typed ? ': { call_id?: string }' : ''}) {\n  return String(item.call_id);\n}\n`;
    const files = {
      'src/row.tsx': `${key('rowKey', true)}export const Row = ({ id }: { id: string }) => <li key={rowKey({ call_id: id })}>{id}</li>;\n`,
      'src/esm.mts': key('esmKey', true),
      'src/cjs.cts': key('ctsKey', true),
      'src/plain.js': key('jsKey', false),
      'src/view.jsx': `${key('viewKey', false)}export const View = ({ id }) => <b data-key={viewKey({ call_id: id })}>{id}</b>;\n`,
      'src/module.mjs': key('mjsKey', false),
      'src/common.cjs': 'exports.cjsKey = function (item) {\n  return String(item.call_id);\n};\n',
      // Declarations have no bodies; one that holds code anyway is still not read.
      'src/types.d.ts': 'export declare function declaredKey(item: { call_id?: string }): string;\nexport const k = String(item.call_id);\n',
    };
    const cwd = project(files);
    const result = audit(cwd);
    expect(result.status).toBe(0);
    const found = (file: string): Row => [file, 'no-call-id-coercion', 2, 10, COERCED('item.call_id')];
    expect(result.rows).toEqual(
      ['src/cjs.cts', 'src/common.cjs', 'src/esm.mts', 'src/module.mjs', 'src/plain.js', 'src/row.tsx', 'src/view.jsx'].map(found).concat([DEFECT]).sort(byFile),
    );
    expect(result.stylish).toMatch(/\n8 files in 1 project\n$/);
    // Named explicitly, a declaration file is still not source to check: its project is analysed,
    // nothing in it is reported (the findings of the other files neither), and the summary says so.
    expect(runBin(cwd, ['src/types.d.ts'])).toEqual({ status: 0, stdout: '8 files in 1 project (1 declaration file given, not checked)\n', stderr: '' });
  });

  it('symlink loops (file and directory): skipped as loops, exit 0, no hang', () => {
    const cwd = project({});
    symlinkSync('b.ts', path.join(cwd, 'src/a.ts'));
    symlinkSync('a.ts', path.join(cwd, 'src/b.ts'));
    symlinkSync('loop2', path.join(cwd, 'src/loop1'));
    symlinkSync('loop1', path.join(cwd, 'src/loop2'));
    symlinkSync('..', path.join(cwd, 'src/parent'));
    const result = audit(cwd);
    expect(result.status).toBe(0);
    const loop: Row[] = ['src/a.ts', 'src/b.ts'].map((file) => [file, 'symlink-loop', 0, 0, 'Symbolic link loop: the link never resolves to a file.']);
    expect(result.rows).toEqual([...loop, DEFECT]);
    expectStylishNames(result.stylish, 'src/a.ts', 'symlink-loop');
  });

  describe('symlinks that leave the audited directory are not followed', () => {
    /** A project whose src/ links to a file and a directory outside it, each holding a defect. */
    function linkedOut(files: Record<string, string>): string {
      const outside = tempProject({ 'shared.ts': 'export const sharedKey = (i: { call_id?: string }) => String(i.call_id);\n' });
      const cwd = project(files);
      symlinkSync(path.join(outside, 'shared.ts'), path.join(cwd, 'src/shared.ts'));
      symlinkSync(outside, path.join(cwd, 'src/vendor'));
      // Inside the directory, links stay fine.
      symlinkSync('valid.ts', path.join(cwd, 'src/alias.ts'));
      return cwd;
    }
    const outsideRows = (cwd: string): Row[] => {
      const outside = path.dirname(readlinkSync(path.join(cwd, 'src/shared.ts')));
      return [
        ['src/shared.ts', 'symlink-outside-root', 0, 0, `Symbolic link leads out of the audited directory (to ${path.join(outside, 'shared.ts')}): not followed.`],
        ['src/vendor', 'symlink-outside-root', 0, 0, `Symbolic link leads out of the audited directory (to ${outside}): not followed.`],
      ];
    };

    it('without a tsconfig (directory walk)', () => {
      const cwd = linkedOut({});
      const result = audit(cwd);
      expect(result.status).toBe(0);
      expect(result.rows).toEqual([...outsideRows(cwd), DEFECT].sort(byFile));
      expectStylishNames(result.stylish, 'src/vendor', 'symlink-outside-root');
    });

    it('with a tsconfig that includes src, and through an import the tsconfig does not list', () => {
      const cwd = linkedOut({
        'tsconfig.json': JSON.stringify({ include: ['src'] }),
        'src/index.ts': "export { sharedKey } from './vendor/shared.js';\n",
      });
      const result = audit(cwd);
      expect(result.status).toBe(0);
      expect(result.rows).toEqual([...outsideRows(cwd), DEFECT].sort(byFile));
      // A tsconfig that lists two files: the rest of src/ is still walked (every source file under
      // the paths is analysed), so the links are met and reported there, never followed.
      writeFileSync(path.join(cwd, 'tsconfig.json'), JSON.stringify({ files: ['src/index.ts', 'src/valid.ts'] }));
      expect(audit(cwd).rows).toEqual([...outsideRows(cwd), DEFECT].sort(byFile));
    });

    it('a link named on the command line is followed: the user asked for it', () => {
      const cwd = linkedOut({});
      const result = audit(cwd, ['src/vendor']);
      expect(result.status).toBe(0);
      expect(result.rows).toEqual([['src/vendor/shared.ts', 'no-call-id-coercion', 1, 55, COERCED('i.call_id')]]);
    });
  });

  it('a directory named like a source file: walked as a directory; listed in a tsconfig "files", unreadable (exit 1)', () => {
    const cwd = project({ 'src/folder.ts/inner.ts': VALID.replace('approvalKey', 'innerKey') });
    const walked = audit(cwd);
    expect(walked.status).toBe(0);
    expect(walked.rows).toEqual([['src/folder.ts/inner.ts', 'no-call-id-coercion', 3, 10, COERCED('item.call_id')], DEFECT]);
    writeFileSync(path.join(cwd, 'tsconfig.json'), JSON.stringify({ files: ['src/folder.ts', 'src/valid.ts'] }));
    const listed = audit(cwd);
    expect(listed.status).toBe(1);
    // The walk still enters the directory: its file is analysed beside the unreadable listing.
    expect(listed.rows).toEqual([
      ['src/folder.ts', 'unreadable', 0, 0, 'Cannot read file: it is a directory.'],
      ['src/folder.ts/inner.ts', 'no-call-id-coercion', 3, 10, COERCED('item.call_id')],
      DEFECT,
    ]);
    expectStylishNames(listed.stylish, 'src/folder.ts', 'unreadable');
  });

  it('a file deleted and a file made unreadable while the run is going (injected at the first read): unreadable, exit 1', () => {
    const cwd = project({ 'src/a-first.ts': 'export const first = 1;\n', 'src/gone.ts': VALID, 'src/locked.ts': VALID });
    const result = audit(cwd, [], { preload: path.join(import.meta.dirname, 'yank-files.mjs'), env: { TIA_YANK_TRIGGER: 'src/a-first.ts', TIA_YANK_DELETE: 'src/gone.ts', TIA_YANK_LOCK: 'src/locked.ts' } });
    expect(result.status).toBe(1);
    expect(result.rows).toEqual([
      ['src/gone.ts', 'unreadable', 0, 0, 'Cannot read file (ENOENT).'],
      ['src/locked.ts', 'unreadable', 0, 0, 'Cannot read file (EACCES).'],
      DEFECT,
    ]);
    expectStylishNames(result.stylish, 'src/locked.ts', 'unreadable');
  });

  it('a configuration with unknown keys: exit 2 naming each key, before anything is analysed', () => {
    const cwd = project({ 'tool-identity-audit.config.json': JSON.stringify({ rules: {}, inclde: ['src/**'], cache: { dir: '.cache' } }) });
    const result = runBin(cwd, ['-f', 'json']);
    expect(result).toEqual({
      status: 2,
      stdout: '',
      stderr: 'tool-identity-audit: invalid configuration in tool-identity-audit.config.json: inclde: Unrecognized key; cache: Unrecognized key\n',
    });
    const inPackage = project({ 'package.json': JSON.stringify({ name: 'app', toolIdentityAudit: { rules: { 'no-call-id-coercion': ['warn', { strict: true }] } } }) });
    const fromPackage = runBin(inPackage, []);
    expect(fromPackage.status).toBe(2);
    expect(fromPackage.stderr).toBe('tool-identity-audit: invalid configuration in package.json: toolIdentityAudit.rules.no-call-id-coercion[1].strict: Unrecognized key\n');
  });

  it('a tsconfig that extends itself, directly or through another file: a warning naming it, no hang, its own settings used', () => {
    const direct = project({ 'tsconfig.json': JSON.stringify({ extends: './tsconfig.json', include: ['src'] }) });
    const result = audit(direct);
    expect(result.status).toBe(0);
    const circular: Row = ['tsconfig.json', 'config-unreadable', 0, 0, 'Cannot read what tsconfig.json extends (circular extends); its own settings are used.'];
    expect(result.rows).toEqual([DEFECT, circular]);
    expectStylishNames(result.stylish, 'tsconfig.json', 'config-unreadable');
    const indirect = project({
      'tsconfig.json': JSON.stringify({ extends: './tsconfig.base.json', include: ['src'] }),
      'tsconfig.base.json': JSON.stringify({ extends: './tsconfig.json' }),
    });
    expect(audit(indirect).rows).toEqual([DEFECT, circular]);
  });
});

function byFile(a: Row, b: Row): number {
  return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;
}
