// Inputs that are not analysable source: each becomes a ToolDiagnostic and the run goes on.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { analyzeProject, MAX_FILE_BYTES } from '../../src/analyzer/index.js';
import { CALL_ID_DEFECT as VALID, recommendedRules, rows, tempProject } from './helpers.js';

const EXPECTED_ROW = { ruleId: 'no-call-id-coercion', messageId: 'coercedCallId', file: 'src/valid.ts', line: 3, column: 10 };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('inputs that cannot be analysed', () => {
  it('a file with a syntax error is a parse-error diagnostic; a valid file still has its finding', async () => {
    const cwd = tempProject({
      'src/broken.ts': "import { tool } from '@openai/agents';\nexport function f(a: string {\n  return a;\n}\n",
      'src/valid.ts': VALID,
    });
    const result = await analyzeProject({ cwd, rules: recommendedRules() });
    expect(rows(result.findings)).toEqual([EXPECTED_ROW]);
    expect(result.diagnostics).toEqual([
      { file: 'src/broken.ts', kind: 'parse-error', line: 2, column: 28, message: "Syntax error: ',' expected. (and 3 more syntax errors)" },
    ]);
    // The broken file is still analysed (the compiler recovers).
    expect(result.filesAnalyzed).toBe(2);
    expect(result.filesParsed).toBe(2);
  });

  it('a syntax error in a file that cannot hold a tool or a call ID is not parsed, so not reported', async () => {
    // Parse on demand: nothing in its bytes names a framework or an identity, and no parsed file
    // imports it; syntax is the compiler's and ESLint's to report.
    const cwd = tempProject({ 'src/format.ts': 'export function pad(a: string {\n  return a;\n}\n', 'src/valid.ts': VALID });
    const result = await analyzeProject({ cwd, rules: recommendedRules() });
    expect(rows(result.findings)).toEqual([EXPECTED_ROW]);
    expect(result.diagnostics).toEqual([]);
    expect([result.filesAnalyzed, result.filesParsed]).toEqual([2, 1]);
  });

  it('a file whose syntax error comes after the defect still yields the finding', async () => {
    const cwd = tempProject({ 'src/valid.ts': `${VALID}\nconst broken = ;\n` });
    const result = await analyzeProject({ cwd, rules: recommendedRules() });
    expect(rows(result.findings)).toEqual([EXPECTED_ROW]);
    expect(result.diagnostics.map((d) => [d.kind, d.line, d.column])).toEqual([['parse-error', 6, 15]]);
  });

  it('binary, too large, unreadable (injected EACCES) and directory-named-like-a-file inputs', async () => {
    const cwd = tempProject({
      'src/valid.ts': VALID,
      'src/binary.ts': Buffer.from([0x63, 0x6f, 0x6e, 0x73, 0x74, 0x00, 0x01, 0x02]),
      'src/huge.js': Buffer.alloc(MAX_FILE_BYTES + 1, 0x20),
      'src/secret.ts': 'export const secret = 1;\n',
      'src/folder.ts/inner.txt': 'not source',
      // `files` lists src/folder.ts, which is a directory: the compiler lists it, reading it fails.
      'tsconfig.json': JSON.stringify({ compilerOptions: { allowJs: true }, include: ['src'], files: ['src/folder.ts'] }),
    });
    // Tests run as root, where chmod 000 does not stop reads: inject the error the OS would give.
    const secret = path.join(cwd, 'src/secret.ts');
    const realOpen = fs.openSync;
    vi.spyOn(fs, 'openSync').mockImplementation(((file: fs.PathLike, ...rest: unknown[]) => {
      if (file === secret) throw Object.assign(new Error(`EACCES: permission denied, open '${secret}'`), { code: 'EACCES' });
      return (realOpen as (...args: unknown[]) => unknown)(file, ...rest);
    }) as typeof fs.openSync);

    const result = await analyzeProject({ cwd, rules: recommendedRules() });
    expect(rows(result.findings)).toEqual([EXPECTED_ROW]);
    expect(result.diagnostics.map((d) => [d.file, d.kind])).toEqual([
      ['src/binary.ts', 'binary'],
      ['src/folder.ts', 'unreadable'],
      ['src/huge.js', 'too-large'],
      ['src/secret.ts', 'unreadable'],
    ]);
    expect(result.diagnostics.find((d) => d.file === 'src/secret.ts')?.message).toBe('Cannot read file (EACCES).');
    expect(result.diagnostics.find((d) => d.file === 'src/folder.ts')?.message).toBe('Cannot read file: it is a directory.');
    expect(result.diagnostics.find((d) => d.file === 'src/huge.js')?.message).toMatch(/^File is 2\.0 MiB; files larger than 2\.0 MiB are skipped\.$/);
    expect(result.filesAnalyzed).toBe(1);
  });

  it('a symlink loop (a.ts → b.ts → a.ts) and a dangling link, without a tsconfig', async () => {
    const cwd = tempProject({ 'src/valid.ts': VALID });
    fs.symlinkSync('b.ts', path.join(cwd, 'src/a.ts'));
    fs.symlinkSync('a.ts', path.join(cwd, 'src/b.ts'));
    fs.symlinkSync('gone.ts', path.join(cwd, 'src/dangling.ts'));
    // A directory loop next to them must not hang discovery.
    fs.symlinkSync('loop2', path.join(cwd, 'src/loop1'));
    fs.symlinkSync('loop1', path.join(cwd, 'src/loop2'));
    const result = await analyzeProject({ cwd, rules: recommendedRules() });
    expect(rows(result.findings)).toEqual([EXPECTED_ROW]);
    expect(result.diagnostics.map((d) => [d.file, d.kind])).toEqual([
      ['src/a.ts', 'symlink-loop'],
      ['src/b.ts', 'symlink-loop'],
      ['src/dangling.ts', 'unreadable'],
    ]);
    expect(result.filesAnalyzed).toBe(1);
  });

  it('a symlink loop listed through a tsconfig', async () => {
    const cwd = tempProject({ 'src/valid.ts': VALID, 'tsconfig.json': JSON.stringify({ include: ['src'] }) });
    fs.symlinkSync('b.ts', path.join(cwd, 'src/a.ts'));
    fs.symlinkSync('a.ts', path.join(cwd, 'src/b.ts'));
    fs.symlinkSync('.', path.join(cwd, 'src/self'));
    const result = await analyzeProject({ cwd, rules: recommendedRules() });
    expect(rows(result.findings)).toEqual([EXPECTED_ROW]);
    expect(result.diagnostics.map((d) => [d.file, d.kind])).toEqual([
      ['src/a.ts', 'symlink-loop'],
      ['src/b.ts', 'symlink-loop'],
    ]);
  });

  it('a UTF-8 byte-order mark does not shift positions; UTF-16 with a BOM is decoded, not taken for binary', async () => {
    const withBom = tempProject({ 'src/valid.ts': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(VALID)]) });
    expect(rows((await analyzeProject({ cwd: withBom, rules: recommendedRules() })).findings)).toEqual([EXPECTED_ROW]);
    const utf16 = tempProject({ 'src/valid.ts': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(VALID, 'utf16le')]) });
    const result = await analyzeProject({ cwd: utf16, rules: recommendedRules() });
    expect(result.diagnostics).toEqual([]);
    expect(rows(result.findings)).toEqual([EXPECTED_ROW]);
  });

  it('a directory that cannot be listed (injected EACCES) is a diagnostic, in glob and tsconfig mode', async () => {
    const variants: Array<Record<string, string>> = [{}, { 'tsconfig.json': JSON.stringify({ include: ['src'] }) }];
    for (const files of variants) {
      const cwd = tempProject({ ...files, 'src/valid.ts': VALID, 'src/locked/hidden.ts': VALID });
      const locked = path.join(cwd, 'src/locked');
      const realReaddir = fs.readdirSync;
      const spy = vi.spyOn(fs, 'readdirSync').mockImplementation(((dir: fs.PathLike, ...rest: unknown[]) => {
        if (path.resolve(String(dir)) === locked) throw Object.assign(new Error(`EACCES: permission denied, scandir '${locked}'`), { code: 'EACCES' });
        return (realReaddir as (...args: unknown[]) => unknown)(dir, ...rest);
      }) as typeof fs.readdirSync);
      const result = await analyzeProject({ cwd, rules: recommendedRules() });
      spy.mockRestore();
      expect(rows(result.findings)).toEqual([EXPECTED_ROW]);
      expect(result.diagnostics).toEqual([{ file: 'src/locked', kind: 'unreadable', message: 'Cannot read directory (EACCES).' }]);
    }
  });

  it('reports progress for every file', async () => {
    const cwd = tempProject({ 'a.ts': 'export {};\n', 'b.ts': 'export {};\n', 'c.bin.ts': Buffer.from([0, 1]) });
    const calls: Array<[number, number]> = [];
    await analyzeProject({ cwd, rules: recommendedRules(), onProgress: (done, total) => calls.push([done, total]) });
    expect(calls).toEqual([
      [0, 3],
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
  });
});
