// Monorepo layouts analysed from their root (fixtures/layouts): the projects found and the files
// each contributed, and the acceptance rule of issue 11: the root run reports what a run inside
// each package reports, plus exactly the cross-package findings its EXPECTED.md marks.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeProject } from '../../src/analyzer/index.js';
import { discoverFiles } from '../../src/analyzer/discover.js';
import { readExpected } from './expected-md.js';
import { allRules, FIXTURES, recommendedRules, tempProject } from './helpers.js';

const LAYOUTS = path.join(FIXTURES, 'layouts');
const SOURCE = 'export const x = 1;\n';

const projectsOf: Record<string, Array<{ label: string; files: number }>> = {
  'npm-workspace': [
    { label: 'packages/concierge (default globs)', files: 3 },
    { label: 'packages/tools/tsconfig.json', files: 3 },
    { label: '. (default globs)', files: 0 },
  ],
  'pnpm-uninstalled-base': [
    { label: 'apps/assistant (default globs)', files: 1 },
    { label: 'packages/search-tools/tsconfig.json', files: 3 },
    { label: 'packages/tsconfig (default globs)', files: 0 },
    { label: '. (default globs)', files: 0 },
  ],
  'solution-references': [
    { label: 'packages/server/tsconfig.json', files: 2 },
    { label: 'packages/cli/tsconfig.json', files: 1 },
    { label: '. (default globs)', files: 0 },
  ],
  'solution-no-references': [
    { label: 'services/billing (default globs)', files: 2 },
    { label: 'services/support/tsconfig.json', files: 1 },
    { label: '. (default globs)', files: 1 },
  ],
  'nul-in-template': [{ label: '. (default globs)', files: 2 }],
  'examples-beside-packages': [
    { label: 'tsconfig.json', files: 0 },
    { label: 'packages/forecast (default globs)', files: 1 },
    { label: 'examples/chat-app/tsconfig.json', files: 4 },
    { label: 'examples/mcp-demos/servers/alerts/tsconfig.json', files: 1 },
    { label: 'examples/mcp-demos/servers/shared (default globs)', files: 1 },
  ],
  'stale-include': [{ label: 'tsconfig.json', files: 2 }],
  'extends-chain': [
    { label: 'packages/bot/tsconfig.json', files: 1 },
    { label: '. (default globs)', files: 0 },
  ],
};

const key = (f: { ruleId: string; file: string; span: { loc: { start: { line: number; column: number } } } }): string =>
  `${f.ruleId} ${f.file}:${f.span.loc.start.line}:${f.span.loc.start.column + 1}`;

describe.each(Object.keys(projectsOf))('fixtures/layouts/%s from the root', (name) => {
  const root = path.join(LAYOUTS, name);

  it('finds every project and counts the files each contributed', async () => {
    const result = await analyzeProject({ cwd: root, rules: recommendedRules() });
    expect(result.projects).toEqual(projectsOf[name]);
    expect(result.filesFound).toBe(projectsOf[name]?.reduce((sum, p) => sum + p.files, 0));
  });

  it('reports what each package reports alone, plus the cross-package findings', async () => {
    const fromRoot = (await analyzeProject({ cwd: root, rules: allRules() })).findings.map(key);
    const members = (projectsOf[name] ?? [])
      .map((p) => p.label.replace(/ \(default globs\)$/, '').replace(/\/?tsconfig\.json$/, ''))
      .filter((dir) => dir !== '.' && dir !== '' && fs.readdirSync(path.join(root, dir)).length > 0);
    // A layout of one project is its own only package.
    const packageDirs = members.length > 0 ? members : ['.'];
    const alone: string[] = [];
    for (const dir of packageDirs) {
      const inside = await analyzeProject({ cwd: path.join(root, dir), rules: allRules() });
      alone.push(...inside.findings.map((f) => key({ ...f, file: dir === '.' ? f.file : `${dir}/${f.file}` })));
    }
    // Findings inside a package that needs another package to see them are absent there.
    const crossPackage = readExpected(root)
      .findings.filter((row) => /cross-package/.test(row.explanation))
      .map((row) => `${row.ruleId} ${row.file}:${row.line}:${row.column}`);
    expect(fromRoot).toEqual(expect.arrayContaining(alone));
    expect(fromRoot.filter((k) => !alone.includes(k)).sort()).toEqual([...crossPackage].sort());
  });
});

describe('layout rules', () => {
  it('a solution tsconfig with "include": [] follows its references and globs the rest, skipping them', () => {
    const cwd = tempProject({
      'tsconfig.json': JSON.stringify({ include: [], references: [{ path: 'packages/a' }] }),
      'packages/a/tsconfig.json': JSON.stringify({ include: ['src'] }),
      'packages/a/src/a.ts': SOURCE,
      'packages/a/scripts/not-in-a.ts': SOURCE,
      'tools/release.ts': SOURCE,
    });
    const discovery = discoverFiles({ cwd });
    // A file its package's tsconfig does not list is still that package's, not the glob project's.
    expect(discovery.files.map((f) => f.rel)).toEqual(['packages/a/scripts/not-in-a.ts', 'packages/a/src/a.ts', 'tools/release.ts']);
    expect(discovery.projects).toEqual([
      { label: 'packages/a/tsconfig.json', files: 2 },
      { label: '. (default globs)', files: 1 },
    ]);
  });

  it('a Vite-style solution (references in the same directory) adds no glob project', () => {
    const cwd = tempProject({
      'tsconfig.json': JSON.stringify({ files: [], references: [{ path: './tsconfig.app.json' }, { path: './tsconfig.node.json' }] }),
      'tsconfig.app.json': JSON.stringify({ include: ['src'] }),
      'tsconfig.node.json': JSON.stringify({ include: ['vite.config.ts'] }),
      'src/main.tsx': SOURCE,
      'vite.config.ts': SOURCE,
      'scripts/other.ts': SOURCE,
    });
    // scripts/other.ts, which neither lists, goes to the first project of its directory.
    expect(discoverFiles({ cwd }).projects).toEqual([
      { label: 'tsconfig.app.json', files: 2 },
      { label: 'tsconfig.node.json', files: 1 },
    ]);
  });

  it('a tsconfig named explicitly is followed alone, without the workspace around it', () => {
    const cwd = tempProject({
      'package.json': JSON.stringify({ workspaces: ['packages/*'] }),
      'packages/a/package.json': '{}',
      'packages/a/src/a.ts': SOURCE,
      'packages/b/package.json': '{}',
      'packages/b/tsconfig.json': JSON.stringify({ include: ['src'] }),
      'packages/b/src/b.ts': SOURCE,
    });
    expect(discoverFiles({ cwd, tsconfig: 'packages/b' }).files.map((f) => f.rel)).toEqual(['packages/b/src/b.ts']);
    expect(discoverFiles({ cwd }).files.map((f) => f.rel)).toEqual(['packages/a/src/a.ts', 'packages/b/src/b.ts']);
  });

  it('the file nearest project owns a file listed twice (its aliases apply)', () => {
    const cwd = tempProject({
      'tsconfig.json': JSON.stringify({ include: ['**/*'] }),
      'pnpm-workspace.yaml': 'packages: [packages/*]\n',
      'packages/a/package.json': '{}',
      'packages/a/tsconfig.json': JSON.stringify({ compilerOptions: { paths: { '~/*': ['./src/*'] } }, include: ['src'] }),
      'packages/a/src/a.ts': SOURCE,
      'root.ts': SOURCE,
    });
    const discovery = discoverFiles({ cwd });
    expect(discovery.projects).toEqual([
      { label: 'tsconfig.json', files: 1 },
      { label: 'packages/a/tsconfig.json', files: 1 },
    ]);
    expect(discovery.aliasesFor('packages/a/src/a.ts')?.paths).toEqual({ '~/*': ['./src/*'] });
  });

  it('a broken member tsconfig or package.json is a warning; a broken base of the root too', () => {
    const cwd = tempProject({
      'tsconfig.json': JSON.stringify({ extends: './base.json', include: ['src'] }),
      'base.json': '{ "compilerOptions": ',
      'src/a.ts': SOURCE,
      'package.json': JSON.stringify({ workspaces: ['packages/*'] }),
      'packages/a/package.json': '{ "name": ',
      'packages/a/tsconfig.json': '{ "include": ["src"',
      'packages/a/src/b.ts': SOURCE,
    });
    const discovery = discoverFiles({ cwd });
    expect(discovery.files.map((f) => f.rel)).toEqual(['packages/a/src/b.ts', 'src/a.ts']);
    expect(discovery.diagnostics.map((d) => [d.file, d.kind])).toEqual([
      ['tsconfig.json', 'config-unreadable'],
      ['packages/a/tsconfig.json', 'config-unreadable'],
      ['packages/a/package.json', 'config-unreadable'],
    ]);
    expect(discovery.diagnostics[0]?.message).toBe("Cannot read what tsconfig.json extends (base.json: syntax error); its own settings are used.");
    expect(discovery.diagnostics[1]?.message).toMatch(/^Cannot parse packages\/a\/tsconfig\.json: .+; the default globs are used in packages\/a\.$/);
  });

  it('glob mode honours nested .gitignore files, negations and directory-only rules', () => {
    const cwd = tempProject({
      '.gitignore': 'generated/\n*.gen.ts\n!keep.gen.ts\n/top-only.ts\n',
      'src/a.ts': SOURCE,
      'src/x.gen.ts': SOURCE,
      'src/keep.gen.ts': SOURCE,
      'src/generated/client.ts': SOURCE,
      'src/top-only.ts': SOURCE,
      'top-only.ts': SOURCE,
      'pkg/.gitignore': '# local\nfixtures\n',
      'pkg/fixtures/f.ts': SOURCE,
      'pkg/index.ts': SOURCE,
    });
    expect(discoverFiles({ cwd }).files.map((f) => f.rel)).toEqual(['pkg/index.ts', 'src/a.ts', 'src/keep.gen.ts', 'src/top-only.ts']);
    // Walking a subdirectory still applies the .gitignore above it.
    const under = discoverFiles({ cwd, paths: ['src'] });
    expect(under.files.map((f) => f.rel).filter((rel) => under.reported(rel))).toEqual(['src/a.ts', 'src/keep.gen.ts', 'src/top-only.ts']);
  });
});
