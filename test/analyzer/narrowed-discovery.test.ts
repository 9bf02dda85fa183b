// Narrowed discovery (narrow-scope.ts): paths given, only what can own them is walked and loaded,
// and the projects that own them get the same files as with the whole tree walked and every
// tsconfig loaded (`wholeTree`, the way before).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeProject } from '../../src/analyzer/index.js';
import { discoverFiles, type DiscoverOptions } from '../../src/analyzer/discover.js';
import { recordInputs } from '../../src/analyzer/fs-inputs.js';
import { solutionMonorepo } from '../cli/solution-monorepo.js';
import { ageTree, recommendedRules, tempProject, writeFiles } from './helpers.js';

const cwd = tempProject({
  ...solutionMonorepo,
  // An example app nested in a package, with its own tsconfig: its own project, inside an owner's directory.
  'packages/agents/examples/demo/tsconfig.json': JSON.stringify({ include: ['*.ts'] }),
  'packages/agents/examples/demo/run.ts': "export const run = 'demo';\n",
  'packages/agents/scripts/seed.ts': "export const seed = 'seed';\n",
  'scripts/release.ts': "export const release = 'release';\n",
});

/** What a run is given and what it reports, less the functions. */
const shape = (options: Omit<DiscoverOptions, 'cwd'>) => {
  const { aliasesFor: _aliases, reported: _reported, plain: _plain, ...data } = discoverFiles({ cwd, ...options });
  return data;
};

describe('a narrowed run discovers what the whole walk does for the projects that own the paths', () => {
  it.each([
    [['packages/agents/src/desk.ts', 'packages/agents/src/prompts.ts']],
    [['packages/agents/src/types.d.ts']],
    [['packages/agents']],
    [['packages/agents/examples/demo/run.ts']],
    [['packages/agents/scripts/seed.ts', 'examples/kiosk/src/screens']],
    [['examples']],
    [['scripts/release.ts']],
    [['packages/broken/src/index.ts']],
  ])('%j', (paths) => {
    const narrowed = shape({ paths });
    const whole = shape({ paths, wholeTree: true });
    expect(narrowed.files).toEqual(whole.files);
    expect(narrowed.projects).toEqual(whole.projects);
    expect(narrowed.diagnostics).toEqual(whole.diagnostics);
    expect(narrowed.packages).toEqual(whole.packages);
    expect(narrowed.declarations).toEqual(whole.declarations);
    // What the narrowed run did not list lies in the other projects (the linker finds it on disk when reached).
    expect(whole.available.map((f) => f.rel)).toEqual(expect.arrayContaining(narrowed.available.map((f) => f.rel)));
  });

  it('the tsconfigs and directories of unrelated packages and example apps are never read', () => {
    const relOf = (abs: string): string => path.relative(cwd, abs).split(path.sep).join('/');
    const { result, reads } = recordInputs(() => discoverFiles({ cwd, paths: ['packages/agents/src/desk.ts', 'packages/agents/src/prompts.ts'] }));
    expect(result.files.map((f) => f.rel)).toEqual(['packages/agents/scripts/seed.ts', 'packages/agents/src/desk.ts', 'packages/agents/src/legacy.ts', 'packages/agents/src/prompts.ts']);
    const read = reads.map(relOf);
    // Of the other packages only the manifests are read (their names, for imports by name).
    for (const unrelated of ['packages/billing', 'packages/broken', 'packages/tools', 'examples', 'scripts']) {
      expect(read.filter((rel) => rel === unrelated || rel.startsWith(`${unrelated}/`)).filter((rel) => !rel.endsWith('/package.json'))).toEqual([]);
    }
    // The root's and the owner's tsconfigs, and the owner's directory walked whole.
    expect(read).toEqual(expect.arrayContaining(['tsconfig.json', 'packages/agents/tsconfig.json', 'packages/agents/scripts', 'packages/agents/examples/demo']));
    // The whole walk reads them all.
    const all = recordInputs(() => discoverFiles({ cwd, paths: ['packages/agents/src/desk.ts'], wholeTree: true })).reads.map(relOf);
    expect(all).toEqual(expect.arrayContaining(['packages/broken/tsconfig.json', 'packages/billing/tsconfig.json', 'examples/kiosk/tsconfig.json', 'examples/kiosk/src']));
  });

  it('the discovery cache holds for a narrowed run: what it did not read can change, what it read cannot', async () => {
    const project = tempProject(solutionMonorepo);
    fs.mkdirSync(path.join(project, '.cache'));
    const run = () => analyzeProject({ cwd: project, rules: recommendedRules(), cacheLocation: '.cache', paths: ['packages/agents/src/desk.ts'] });
    // Aged, so that the states recorded are trusted (a state written just before it was recorded proves nothing).
    ageTree(project, '.cache');
    expect((await run()).fileListFromCache).toBe(false);
    expect(await run()).toMatchObject({ fileListFromCache: true, filesFound: 3, findings: [expect.objectContaining({ file: 'packages/agents/src/desk.ts' })] });
    // A new file in an unrelated package: not an input of this run.
    writeFiles(project, { 'packages/billing/src/more.ts': 'export const more = 1;\n' });
    expect((await run()).fileListFromCache).toBe(true);
    // A new file in the owner's package: discovered anew.
    writeFiles(project, { 'packages/agents/src/more.ts': 'export const more = 1;\n' });
    expect(await run()).toMatchObject({ fileListFromCache: false, filesFound: 4 });
  });
});
