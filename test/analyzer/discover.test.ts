// File discovery: tsconfig include/exclude/files/references, glob mode, `paths`, symlinks, and the
// configuration errors that stop a run.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AnalyzerConfigError, analyzeProject } from '../../src/analyzer/index.js';
import { discoverFiles } from '../../src/analyzer/discover.js';
import { recommendedRules, tempProject } from './helpers.js';

const SOURCE = 'export const x = 1;\n';
const list = (cwd: string, options: Omit<Parameters<typeof discoverFiles>[0], 'cwd'> = {}): string[] =>
  discoverFiles({ cwd, ...options }).files.map((f) => f.rel);

function expectConfigError(run: () => unknown, pathPart: string, messagePart: RegExp): void {
  let error: unknown;
  try {
    run();
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(AnalyzerConfigError);
  expect((error as AnalyzerConfigError).path).toContain(pathPart);
  expect((error as AnalyzerConfigError).message).toMatch(messagePart);
}

describe('tsconfig discovery', () => {
  it('every source file under the tsconfig but what its exclude names; declaration files and node_modules dropped', () => {
    const cwd = tempProject({
      'tsconfig.json': JSON.stringify({ include: ['src'], exclude: ['src/generated'] }),
      'src/a.ts': SOURCE,
      'src/nested/b.tsx': SOURCE,
      'src/generated/c.ts': SOURCE,
      'src/types.d.ts': 'declare const y: number;\n',
      'src/plain.js': SOURCE,
      'scripts/outside.ts': SOURCE,
      'node_modules/dep/index.ts': SOURCE,
    });
    // Files its include leaves out are analysed through it all the same (ESLint lints them too).
    expect(list(cwd)).toEqual(['scripts/outside.ts', 'src/a.ts', 'src/nested/b.tsx', 'src/plain.js']);
    expect(discoverFiles({ cwd }).projects).toEqual([{ label: 'tsconfig.json', files: 4 }]);
  });

  it('honours files, allowJs and comments/trailing commas in the tsconfig', () => {
    const cwd = tempProject({
      'tsconfig.json': '{\n  // JSONC\n  "compilerOptions": { "allowJs": true, },\n  "files": ["scripts/one.ts"],\n  "include": ["src/**/*"],\n}\n',
      'src/a.mts': SOURCE,
      'src/b.cjs': SOURCE,
      'scripts/one.ts': SOURCE,
      'scripts/two.ts': SOURCE,
    });
    expect(list(cwd)).toEqual(['scripts/one.ts', 'scripts/two.ts', 'src/a.mts', 'src/b.cjs']);
    expect(discoverFiles({ cwd }).diagnostics).toEqual([]);
  });

  it('follows project references (solution-style tsconfig with "files": [])', () => {
    const cwd = tempProject({
      'tsconfig.json': JSON.stringify({ files: [], references: [{ path: './packages/api' }, { path: './packages/web/tsconfig.app.json' }] }),
      'packages/api/tsconfig.json': JSON.stringify({ compilerOptions: { composite: true }, include: ['src'], references: [{ path: '../..' }] }),
      'packages/api/src/server.ts': SOURCE,
      'packages/web/tsconfig.app.json': JSON.stringify({ include: ['app'] }),
      'packages/web/app/main.tsx': SOURCE,
      'packages/web/other/skip.ts': SOURCE,
    });
    expect(list(cwd)).toEqual(['packages/api/src/server.ts', 'packages/web/app/main.tsx', 'packages/web/other/skip.ts']);
    // A file no tsconfig lists belongs to the project of its directory.
    expect(discoverFiles({ cwd }).projects).toEqual([
      { label: 'packages/api/tsconfig.json', files: 1 },
      { label: 'packages/web/tsconfig.app.json', files: 2 },
      { label: '. (default globs)', files: 0 },
    ]);
  });

  it('uses options.tsconfig (a file or a directory) instead of <cwd>/tsconfig.json', () => {
    const cwd = tempProject({
      'tsconfig.json': JSON.stringify({ include: ['src'] }),
      'tsconfig.tools.json': JSON.stringify({ include: ['tools'] }),
      'config/tsconfig.json': JSON.stringify({ include: ['../lib'] }),
      'src/a.ts': SOURCE,
      'tools/b.ts': SOURCE,
      'lib/c.ts': SOURCE,
    });
    expect(list(cwd, { tsconfig: 'tsconfig.tools.json' })).toEqual(['tools/b.ts']);
    expect(list(cwd, { tsconfig: 'config' })).toEqual(['lib/c.ts']);
    expect(discoverFiles({ cwd, tsconfig: 'tsconfig.tools.json' }).tsconfig).toBe(path.join(cwd, 'tsconfig.tools.json'));
  });

  it('explicit include/exclude globs narrow the tsconfig list', () => {
    const cwd = tempProject({
      'tsconfig.json': JSON.stringify({ include: ['src'] }),
      'src/a.ts': SOURCE,
      'src/a.test.ts': SOURCE,
      'src/b.ts': SOURCE,
    });
    expect(list(cwd, { exclude: ['**/*.test.ts'] })).toEqual(['src/a.ts', 'src/b.ts']);
    expect(list(cwd, { include: ['src/b.*'] })).toEqual(['src/b.ts']);
  });

  it('tolerates compiler-option problems; an extends package that is not installed is a warning', () => {
    const cwd = tempProject({
      'tsconfig.json': JSON.stringify({
        extends: '@tsconfig/strictest/tsconfig.json',
        compilerOptions: { notAnOption: true, target: 'es3000', baseUrl: '.' },
        include: ['src'],
      }),
      'src/a.ts': SOURCE,
    });
    expect(list(cwd)).toEqual(['src/a.ts']);
    expect(discoverFiles({ cwd }).diagnostics).toEqual([
      {
        file: 'tsconfig.json',
        kind: 'config-unreadable',
        message: "Cannot read what tsconfig.json extends (@tsconfig/strictest/tsconfig.json not installed); its own settings are used.",
      },
    ]);
  });

  it('a tsconfig that cannot be parsed is an AnalyzerConfigError naming the file', async () => {
    const cwd = tempProject({ 'tsconfig.json': '{ "include": ["src"' , 'src/a.ts': SOURCE });
    expectConfigError(() => list(cwd), path.join(cwd, 'tsconfig.json'), /Cannot parse tsconfig .*tsconfig\.json/);
    await expect(analyzeProject({ cwd, rules: recommendedRules() })).rejects.toBeInstanceOf(AnalyzerConfigError);
  });

  it('other unusable configurations are AnalyzerConfigErrors too', () => {
    const notObject = tempProject({ 'tsconfig.json': '[1, 2]' });
    expectConfigError(() => list(notObject), 'tsconfig.json', /root value of a 'tsconfig\.json' file must be an object/);

    const badInclude = tempProject({ 'tsconfig.json': JSON.stringify({ include: 'src' }) });
    expectConfigError(() => list(badInclude), 'tsconfig.json', /'include'/);

    expectConfigError(() => list(path.join(notObject, 'no-such-project')), 'no-such-project', /does not exist/);

    const cwd = tempProject({ 'src/a.ts': SOURCE });
    expectConfigError(() => list(cwd, { tsconfig: 'tsconfig.missing.json' }), 'tsconfig.missing.json', /not found/);
    expectConfigError(() => list(cwd, { paths: ['src', 'no-such-dir'] }), 'no-such-dir', /does not exist/);
  });
});

describe('glob discovery (no tsconfig)', () => {
  it('default include/exclude: every source extension, no node_modules, dist, .d.ts, dot directories or other files', () => {
    const cwd = tempProject({
      'src/a.ts': SOURCE,
      'src/b.tsx': SOURCE,
      'src/c.jsx': SOURCE,
      'd.mjs': SOURCE,
      'e.cjs': SOURCE,
      'f.mts': SOURCE,
      'g.cts': SOURCE,
      'h.js': SOURCE,
      'src/types.d.ts': SOURCE,
      'dist/out.js': SOURCE,
      'packages/x/dist/out.ts': SOURCE,
      'node_modules/dep/index.js': SOURCE,
      'packages/x/node_modules/dep/index.ts': SOURCE,
      '.cache/tmp.ts': SOURCE,
      'README.md': '# readme\n',
      'data.json': '{}',
    });
    expect(list(cwd)).toEqual(['d.mjs', 'e.cjs', 'f.mts', 'g.cts', 'h.js', 'src/a.ts', 'src/b.tsx', 'src/c.jsx']);
  });

  it('custom include and exclude globs; non-source files stay out even when a glob matches them', () => {
    const cwd = tempProject({
      'src/a.ts': SOURCE,
      'src/skip/b.ts': SOURCE,
      'src/c.js': SOURCE,
      'src/notes.md': '#',
      'other/d.ts': SOURCE,
    });
    expect(list(cwd, { include: ['src/**/*'], exclude: ['**/skip/**'] })).toEqual(['src/a.ts', 'src/c.js']);
  });

  it('paths narrow what is reported to those files and directories; the projects owning them are analysed whole', () => {
    const files = { 'src/a.ts': SOURCE, 'src/sub/b.ts': SOURCE, 'lib/c.ts': SOURCE, 'top.ts': SOURCE, 'other.ts': SOURCE };
    const reported = (cwd: string, paths: string[]): string[] => {
      const discovery = discoverFiles({ cwd, paths });
      return discovery.files.map((f) => f.rel).filter((rel) => discovery.reported(rel));
    };
    const globs = tempProject(files);
    expect(reported(globs, ['src/sub', './top.ts'])).toEqual(['src/sub/b.ts', 'top.ts']);
    expect(reported(globs, ['src', 'src/sub'])).toEqual(['src/a.ts', 'src/sub/b.ts']);
    expect(list(globs, { paths: ['src/sub'] })).toEqual(['lib/c.ts', 'other.ts', 'src/a.ts', 'src/sub/b.ts', 'top.ts']);
    const withTsconfig = tempProject({
      ...files,
      'tsconfig.json': JSON.stringify({ include: ['src', 'lib'] }),
      'apps/web/tsconfig.json': '{}',
      'apps/web/main.ts': SOURCE,
    });
    expect(reported(withTsconfig, ['src/sub', 'lib/c.ts', 'top.ts'])).toEqual(['lib/c.ts', 'src/sub/b.ts', 'top.ts']);
    // Only the projects that own a file under the paths: apps/web is its own.
    expect(list(withTsconfig, { paths: ['apps/web'] })).toEqual(['apps/web/main.ts']);
    expect(discoverFiles({ cwd: withTsconfig, paths: ['apps'] }).projects).toEqual([{ label: 'apps/web/tsconfig.json', files: 1 }]);
    expect(list(withTsconfig, { paths: ['src/sub'] })).toEqual(['lib/c.ts', 'other.ts', 'src/a.ts', 'src/sub/b.ts', 'top.ts']);
  });

  it('paths are relative to cwd with POSIX separators, sorted in code-point order', async () => {
    const cwd = tempProject({ 'b/Z.ts': SOURCE, 'b/a.ts': SOURCE, 'a-b.ts': SOURCE, 'a/b.ts': SOURCE, 'B.ts': SOURCE });
    expect(list(cwd)).toEqual(['B.ts', 'a-b.ts', 'a/b.ts', 'b/Z.ts', 'b/a.ts']);
    const result = await analyzeProject({ cwd, rules: recommendedRules() });
    expect(result.linked.exposureSets).toEqual([]);
    expect(result.filesAnalyzed).toBe(5);
  });

  it('a symlink to a listed file is analysed once; a symlinked directory loop does not recurse', () => {
    const cwd = tempProject({ 'src/real.ts': SOURCE, 'src/sub/inner.ts': SOURCE });
    fs.symlinkSync('real.ts', path.join(cwd, 'src/link.ts'));
    fs.symlinkSync('..', path.join(cwd, 'src/sub/up'));
    expect(list(cwd)).toEqual(['src/real.ts', 'src/sub/inner.ts']);
  });

  it('a symlink to a file outside the walk is analysed under its link name', () => {
    const cwd = tempProject({ 'shared/impl.ts': SOURCE, 'src/a.ts': SOURCE });
    fs.symlinkSync('../shared/impl.ts', path.join(cwd, 'src/impl.ts'));
    expect(list(cwd, { exclude: ['shared/**'] })).toEqual(['src/a.ts', 'src/impl.ts']);
  });
});
