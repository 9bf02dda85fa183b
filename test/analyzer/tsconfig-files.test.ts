// A tsconfig's files are listed by tsconfig-files.ts, not by the compiler's walk: the same list in
// the same order as the compiler's own (`parseJsonConfigFileContent` over the real file system,
// what `tsc --listFilesOnly` roots), on every fixture tsconfig, this repository's, and layouts
// written here for the rules that are easy to get wrong. Two differences are deliberate: a looping
// or dangling link is listed (the reader reports it; tsc skips it), and a `files` entry that does
// not exist is dropped with a warning (tsc lists it and fails later).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { loadTsconfigProjects, type ConfigWarning } from '../../src/analyzer/tsconfig.js';
import { configFileNames, type DirectoryRequest } from '../../src/analyzer/tsconfig-files.js';
import { FIXTURES, tempProject } from './helpers.js';

const REPO = path.resolve(import.meta.dirname, '../..');
const SOURCE = 'export {};\n';

function ours(configPath: string): { files: string[] | undefined; warnings: ConfigWarning[] } {
  const warnings: ConfigWarning[] = [];
  const [project] = loadTsconfigProjects(configPath, { cwd: path.dirname(configPath), unreadable: new Map(), warnings, strict: false, seen: new Set(), follows: () => false });
  return { files: project?.fileNames, warnings };
}

/** The compiler's own list over the real file system, without the entries it lists that are not there. */
function compilers(configPath: string): string[] {
  const { config } = ts.readConfigFile(configPath, ts.sys.readFile) as { config: unknown };
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, path.dirname(configPath), undefined, configPath);
  return parsed.fileNames.map((f) => path.resolve(f)).filter((f) => fs.existsSync(f));
}

/** Ours without the links that lead nowhere (tsc's listing skips them). */
function resolvable(files: readonly string[]): string[] {
  return files.filter((f) => fs.existsSync(f));
}

function tsconfigsUnder(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const abs = path.join(dir, entry.name);
    if (entry.isDirectory()) tsconfigsUnder(abs, out);
    else if (/^tsconfig.*\.json$/.test(entry.name)) out.push(abs);
  }
  return out;
}

function layout(files: Record<string, string>, links: Record<string, string> = {}): string {
  const root = tempProject(files);
  for (const [link, target] of Object.entries(links)) {
    fs.mkdirSync(path.dirname(path.join(root, link)), { recursive: true });
    fs.symlinkSync(target, path.join(root, link));
  }
  return root;
}

const json = (value: unknown): string => JSON.stringify(value);
const sources = (...rels: string[]): Record<string, string> => Object.fromEntries(rels.map((rel) => [rel, SOURCE]));

/** Layouts for the rules: each a directory whose tsconfig.json is compared. */
const LAYOUTS: Record<string, () => string> = {
  'nested include and exclude': () =>
    layout({
      'tsconfig.json': json({ include: ['src', 'lib/**/*.ts', 'scripts/*.mts'], exclude: ['src/generated', '**/*.spec.ts', 'lib/legacy/**'] }),
      ...sources('src/a.ts', 'src/b.tsx', 'src/a.spec.ts', 'src/generated/g.ts', 'src/deep/er/c.ts', 'lib/l.ts', 'lib/l.tsx', 'lib/legacy/old.ts', 'lib/x/y.ts', 'scripts/s.mts', 'scripts/s.ts', 'scripts/sub/t.mts', 'top.ts'),
      // The listing comes in UTF-8 byte order; tsc sorts by UTF-16 code unit, where these two swap.
      ...sources('src/\uFF5E.ts', 'src/\u{1F600}.ts', 'src/\uFF5E/d.ts', 'src/\u{1F600}/d.ts'),
    }),
  'globstar, dot directories and package directories': () =>
    layout({
      'tsconfig.json': json({ include: ['**/*', '.storybook/*.ts', 'vendor/node_modules/pkg/index.ts', 'src/?.ts', 'src/?x.ts', 'src/*y.ts'] }),
      ...sources('a.ts', 'src/.x.ts', 'src/.y.ts', 'src/y.ts', '.hidden/h.ts', '.dot.ts', 'src/.cache/c.ts', 'src/.d.ts', 'src/x.ts', 'src/xy.ts', 'src/node_modules/n.ts', 'node_modules/m/index.ts', 'bower_components/b.ts', 'jspm_packages/j.ts', 'Node_Modules/k.ts', '.storybook/main.ts', 'vendor/node_modules/pkg/index.ts', 'vendor/node_modules/pkg/other.ts', 'a/b/c/d/e.cts', 'a/b/f.mts'),
    }),
  'allowJs twins': () =>
    layout({
      'tsconfig.json': json({ compilerOptions: { allowJs: true, outDir: 'build' }, include: ['src', 'min/*.min.js', 'min/*.js'] }),
      ...sources('src/a.ts', 'src/a.js', 'src/b.d.ts', 'src/b.js', 'src/c.tsx', 'src/c.js', 'src/d.js', 'src/d.jsx', 'src/e.mts', 'src/e.mjs', 'src/e.d.mts', 'src/f.cts', 'src/f.d.cts', 'src/f.cjs', 'src/g.ts', 'src/g.d.ts', 'src/h.jsx', 'src/h.d.ts', 'src/k.tsx', 'src/k.d.ts', 'src/x.min.js', 'src/lib.min.js', 'build/out.js', 'min/y.min.js', 'min/z.js'),
    }),
  'checkJs without allowJs, and no JavaScript at all': () =>
    layout({ 'tsconfig.json': json({ compilerOptions: { checkJs: true } }), 'nojs/tsconfig.json': json({}), ...sources('a.js', 'a.ts', 'b.js', 'nojs/c.js', 'nojs/c.ts') }),
  'files and include': () =>
    layout({
      'tsconfig.json': json({ files: ['src/main.ts', 'other/extra.ts', 'other/extra.js', 'src/main.ts'], include: ['src', 'other/*.d.ts'] }),
      ...sources('src/main.ts', 'src/helper.ts', 'src/main.d.ts', 'other/extra.ts', 'other/extra.d.ts', 'other/skip.ts'),
    }),
  'extends with the include in the base': () =>
    layout({
      'config/base.json': json({ compilerOptions: { outDir: '../src/out' }, include: ['../src', '../types/*.d.ts'], exclude: ['../src/**/*.test.ts'] }),
      'tsconfig.json': json({ extends: './config/base.json', compilerOptions: { strict: true } }),
      'pkg/tsconfig.json': json({ extends: '../config/base.json', include: ['${configDir}/lib'] }),
      ...sources('src/a.ts', 'src/a.test.ts', 'src/out/o.ts', 'types/t.d.ts', 'types/u.ts', 'config/c.ts', 'pkg/lib/p.ts', 'pkg/q.ts'),
    }),
  'outDir and declarationDir excluded when there is no exclude': () =>
    layout({ 'tsconfig.json': json({ compilerOptions: { outDir: 'dist', declarationDir: 'types', rootDir: '.' } }), ...sources('src/a.ts', 'dist/a.js', 'dist/a.d.ts', 'types/a.d.ts', 'dist/nested/b.ts') }),
  'include outside the tsconfig directory': () =>
    layout({ 'app/tsconfig.json': json({ include: ['../shared/**/*', 'src', '../shared/x/*.ts'] }), ...sources('app/src/a.ts', 'shared/s.ts', 'shared/x/y.ts', 'shared/.hidden/h.ts', 'other/o.ts') }),
  'resolveJsonModule': () =>
    layout({
      'tsconfig.json': json({ compilerOptions: { resolveJsonModule: true }, include: ['src', 'data/*.json'], files: ['listed.json'] }),
      'listed.json': '{}',
      'src/x.json': '{}',
      'data/d.json': '{}',
      'data/e.json': '{}',
      ...sources('src/a.ts', 'data/d.ts'),
    }),
  'wildcards in the middle and exclude by wildcard': () =>
    layout({
      'tsconfig.json': json({ include: ['packages/*/src/**/*', 'tools/**/gen-*.ts', 'x?z/*.ts'], exclude: ['packages/*/src/**/__fixtures__', 'packages/.*'] }),
      ...sources('packages/a/src/i.ts', 'packages/a/src/__fixtures__/f.ts', 'packages/.b/src/i.ts', 'packages/c/lib/i.ts', 'packages/node_modules/src/i.ts', 'tools/gen-a.ts', 'tools/x/gen-b.ts', 'tools/x/other.ts', 'xyz/a.ts', 'x.z/a.ts'),
    }),
  'symlinked directories and loops': () =>
    layout(
      { 'tsconfig.json': json({ include: ['src'] }), 'both/tsconfig.json': json({ include: ['../src', '../shared'] }), ...sources('src/a.ts', 'shared/s.ts', 'shared/deep/t.ts') },
      { 'src/linked': '../shared', 'src/linked-again': '../shared', 'src/loop': '.', 'src/dangling.ts': './nowhere.ts', 'src/self.ts': 'self.ts', 'src/file-link.ts': 'a.ts' },
    ),
  'an empty include spec': () => layout({ 'tsconfig.json': json({ include: [''], files: ['a.ts'] }), ...sources('a.ts', 'b.ts') }),
};

describe('tsconfig files: the compiler\'s list without the compiler\'s walk', () => {
  it('on every fixture tsconfig and this repository\'s own, the same files in the same order', () => {
    const configs = [...tsconfigsUnder(FIXTURES), path.join(REPO, 'tsconfig.json'), path.join(REPO, 'tsconfig.build.json')];
    let compared = 0;
    for (const configPath of configs) {
      const { files } = ours(configPath);
      if (files === undefined) continue;
      expect({ configPath, files: resolvable(files) }).toEqual({ configPath, files: compilers(configPath) });
      compared++;
    }
    expect(compared).toBeGreaterThanOrEqual(40);
  });

  for (const [name, make] of Object.entries(LAYOUTS)) {
    it(`${name}: the same files in the same order`, () => {
      const root = make();
      const configs = tsconfigsUnder(root).filter((c) => path.basename(c) === 'tsconfig.json');
      for (const configPath of configs) {
        const { files } = ours(configPath);
        expect(files).toBeDefined();
        expect({ configPath, files: resolvable(files ?? []) }).toEqual({ configPath, files: compilers(configPath) });
      }
    });
  }

  it('allowJs twins: the TypeScript file wins, a declaration never hides JavaScript, a wildcard skips .min.js', () => {
    const root = LAYOUTS['allowJs twins']?.() as string;
    const rel = (ours(path.join(root, 'tsconfig.json')).files ?? []).map((f) => path.relative(root, f).split(path.sep).join('/'));
    expect(rel).toEqual([
      'src/a.ts',
      'src/b.d.ts',
      'src/b.js',
      'src/c.tsx',
      'src/d.js',
      'src/e.mts',
      'src/f.cts',
      'src/f.d.cts',
      'src/g.ts',
      'src/h.d.ts',
      'src/h.jsx',
      'src/k.tsx',
      'min/y.min.js',
      'min/z.js',
    ]);
  });

  it('lists a looping or dangling link where tsc skips it, follows a linked directory once', () => {
    const root = LAYOUTS['symlinked directories and loops']?.() as string;
    const rel = (ours(path.join(root, 'tsconfig.json')).files ?? []).map((f) => path.relative(root, f).split(path.sep).join('/'));
    expect(rel).toEqual(['src/a.ts', 'src/dangling.ts', 'src/file-link.ts', 'src/self.ts', 'src/linked/s.ts', 'src/linked/deep/t.ts']);
  });

  it('drops a files entry that does not exist, with a warning', () => {
    const root = layout({ 'tsconfig.json': json({ files: ['a.ts', 'gone.ts'] }), ...sources('a.ts') });
    const { files, warnings } = ours(path.join(root, 'tsconfig.json'));
    expect(files).toEqual([path.join(root, 'a.ts')]);
    expect(warnings.map((w) => w.message)).toEqual(['tsconfig.json lists a file that does not exist (gone.ts); the rest of its files are analysed.']);
  });

  it('matches tsc --listFilesOnly (files inside the project, outside node_modules)', () => {
    const tsc = path.join(REPO, 'node_modules/typescript/bin/tsc');
    for (const name of ['globstar, dot directories and package directories', 'allowJs twins', 'extends with the include in the base']) {
      const root = LAYOUTS[name]?.() as string;
      // No lib and no @types: only the project's own files are listed, and quickly.
      fs.writeFileSync(path.join(root, 'tsconfig.list.json'), json({ extends: './tsconfig.json', compilerOptions: { noLib: true, types: [], noEmit: true } }));
      const listed = execFileSync(process.execPath, [tsc, '--listFilesOnly', '-p', path.join(root, 'tsconfig.list.json')], { encoding: 'utf8' })
        .split(/\r?\n/)
        .filter((line) => line !== '')
        .map((line) => path.resolve(line))
        .filter((f) => f.startsWith(root + path.sep) && !f.split(path.sep).includes('node_modules'));
      const own = (ours(path.join(root, 'tsconfig.json')).files ?? []).filter((f) => !f.split(path.sep).includes('node_modules'));
      expect({ name, files: [...own].sort() }).toEqual({ name, files: [...listed].sort() });
    }
  });

  it('on a case-insensitive host (simulated here): the compiler\'s list, its own matcher told so', () => {
    const root = layout({
      'tsconfig.json': json({ compilerOptions: { allowJs: true }, include: ['SRC', 'Lib/**/*.TS'], exclude: ['src/GEN', '**/*.SPEC.ts'] }),
      ...sources('src/A.ts', 'src/a.js', 'src/b.ts', 'src/B.d.ts', 'src/gen/g.ts', 'src/x.spec.ts', 'src/NODE_MODULES/n.ts', 'src/c.JS', 'lib/l.ts', 'lib/M.Ts', 'Other/o.ts'),
    });
    const configPath = path.join(root, 'tsconfig.json');
    const { config } = ts.readConfigFile(configPath, ts.sys.readFile) as { config: unknown };
    type MatchFiles = (...args: unknown[]) => string[];
    const matchFiles = (ts as unknown as { matchFiles: MatchFiles }).matchFiles;
    const entries = (dir: string): { files: string[]; directories: string[] } => {
      const listed = fs.readdirSync(dir, { withFileTypes: true });
      return { files: listed.filter((e) => !e.isDirectory()).map((e) => e.name), directories: listed.filter((e) => e.isDirectory()).map((e) => e.name) };
    };
    let request: DirectoryRequest | undefined;
    const host = (list: boolean): ts.ParseConfigHost => ({
      useCaseSensitiveFileNames: false,
      fileExists: ts.sys.fileExists,
      readFile: ts.sys.readFile,
      readDirectory: (basePath, extensions, excludes, includes, depth) => {
        request = { basePath, extensions, excludes, includes };
        return list ? matchFiles(basePath, extensions, excludes, includes, false, root, depth, entries, (p: string) => fs.realpathSync(p)) : [];
      },
    });
    const expected = ts.parseJsonConfigFileContent(config, host(true), root, undefined, configPath).fileNames;
    const literal = ts.parseJsonConfigFileContent(config, host(false), root, undefined, configPath).fileNames;
    const listed = configFileNames(request, literal, { caseSensitive: false, onUnreadable: () => undefined });
    expect(listed).toEqual(expected);
    // Extensions compare with case whatever the host: `M.Ts` and `c.JS` are not source files.
    expect(listed.map((f) => path.relative(root, f).split(path.sep).join('/'))).toEqual(['src/A.ts', 'src/b.ts', 'lib/l.ts']);
  });
});
