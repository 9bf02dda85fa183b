// Narrowed runs through the binary (issue 23, second pass): a run over paths analyses the projects
// that own them and reports what lies in them, without loading the rest of the monorepo; a
// declaration file given as a path has nothing to report, and the summary says it is not checked.
import { afterAll, describe, expect, it } from 'vitest';
import { makeProject, removeProjects } from './helpers.js';
import { solutionMonorepo } from './solution-monorepo.js';
import { runBin } from './spawn.js';

afterAll(removeProjects);

const deskFinding = [
  'packages/agents/src/desk.ts',
  '  8:11  error  Tool name "lookup_order" is exposed more than once in agent "desk"; dispatch picks the last tool listed. Give each tool a unique name or a namespace  no-tool-name-collision',
  '               ↳ packages/agents/src/desk.ts:8:24  "lookup_order" that dispatch picks',
  '               ↳ packages/agents/src/legacy.ts:5:9  "lookup_order" is defined here',
  '               ↳ packages/tools/src/index.ts:5:9  "lookup_order" is defined here',
].join('\n');

describe('narrowed runs in a monorepo with a solution tsconfig', () => {
  const cwd = makeProject(solutionMonorepo);

  it('a pre-commit run over two files of one package: that package analysed whole, its collision with a tool of another package reported, nothing else loaded', () => {
    const result = runBin(cwd, ['--debug', 'packages/agents/src/desk.ts', 'packages/agents/src/prompts.ts']);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe(`\n${deskFinding}\n\n✖ 1 problem (1 error, 0 warnings)\n4 files in 1 project\n`);
    // The broken tsconfig of an unrelated package is never read: no warning, and only the owner listed.
    expect(result.stderr.split('\n').slice(0, 2)).toEqual(['tool-identity-audit: 1 project, 3 files found, 4 files analysed', '  packages/agents/tsconfig.json  3 files']);
  });

  it('a declaration file given as the only path: its project is analysed, nothing is reported in it, the summary says it is not checked', () => {
    expect(runBin(cwd, ['packages/agents/src/types.d.ts'])).toEqual({ status: 0, stdout: '4 files in 1 project (1 declaration file given, not checked)\n', stderr: '' });
    // Beside a source file of the same project: that file's findings, the exit code from them.
    expect(runBin(cwd, ['packages/agents/src/types.d.ts', 'packages/agents/src/desk.ts'])).toEqual({
      status: 1,
      stdout: `\n${deskFinding}\n\n✖ 1 problem (1 error, 0 warnings)\n4 files in 1 project (1 declaration file given, not checked)\n`,
      stderr: '',
    });
  });

  it('a path that does not exist, or a directory with declaration files only, keeps its error', () => {
    expect(runBin(cwd, ['packages/agents/src/gone.d.ts'])).toEqual({
      status: 2,
      stdout: '',
      stderr: 'tool-identity-audit: Path packages/agents/src/gone.d.ts does not exist (ENOENT).\n',
    });
    const typesOnly = makeProject({ 'tsconfig.json': JSON.stringify({ include: ['src', 'types'] }), 'src/a.ts': 'export const a = 1;\n', 'types/env.d.ts': 'declare const env: string;\n' });
    expect(runBin(typesOnly, ['types'])).toEqual({
      status: 2,
      stdout: '',
      stderr:
        'tool-identity-audit: nothing to analyse: tsconfig.json matched no source files under types. Check the tsconfig\'s "include"/"files", the paths given, and "include"/"exclude" in the configuration; a run that analysed nothing is not a pass\n',
    });
  });

  it('a directory of example apps: each through its own tsconfig, the packages left out', () => {
    const result = runBin(cwd, ['--debug', 'examples']);
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/^\nexamples\/support-bot\/src\/bot\.ts\n[^]*\n4 files in 2 projects\n$/);
    expect(result.stderr.split('\n').slice(0, 3)).toEqual([
      'tool-identity-audit: 2 projects, 4 files found, 4 files analysed',
      '  examples/kiosk/tsconfig.json        2 files',
      '  examples/support-bot/tsconfig.json  2 files',
    ]);
  });

  it('the whole run still reads every package, the broken tsconfig included', () => {
    const result = runBin(cwd, []);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('packages/broken/tsconfig.json\n  warning  Cannot parse packages/broken/tsconfig.json');
    expect(result.stdout.trimEnd().split('\n').at(-1)).toBe('⚠ 11 files in 6 projects (1 configuration warning)');
  });
});
