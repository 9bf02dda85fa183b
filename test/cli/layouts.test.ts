// The CLI at the root of each monorepo layout (fixtures/layouts) and on the runs that analyse
// nothing: exit codes, the stylish summary line, --debug, and the messages on stderr. `main` runs
// in-process (the same code as the binary without a compiler start per case); one case goes
// through the built binary to hold the two equal.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeProject, removeProjects, run } from './helpers.js';
import { repoRoot, runBin } from './spawn.js';

const layouts = path.join(repoRoot, 'fixtures/layouts');

afterAll(removeProjects);

async function cli(cwd: string, args: string[] = []): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const { code, stdout, stderr } = await run(args, { cwd });
  return { status: code, stdout, stderr };
}

const lastLine = (text: string): string => text.trimEnd().split('\n').at(-1) ?? '';

describe('layouts from the root', () => {
  it.each([
    ['npm-workspace', 1, '6 files in 2 projects'],
    ['pnpm-uninstalled-base', 1, '⚠ 3 files in 2 projects (2 configuration warnings)'],
    ['solution-references', 1, '⚠ 3 files in 2 projects (1 configuration warning)'],
    ['solution-no-references', 1, '4 files in 3 projects'],
    ['nul-in-template', 0, '⚠ 1 file in 1 project (1 skipped: 1 binary)'],
  ])('%s exits %i and ends with "%s"', async (name, status, summary) => {
    const result = await cli(path.join(layouts, name));
    expect(result.stderr).toBe('');
    expect(result.status).toBe(status);
    expect(lastLine(result.stdout)).toBe(summary);
  });

  it('the built binary writes what main writes, exit code included', async () => {
    const cwd = path.join(layouts, 'npm-workspace');
    expect(runBin(cwd, ['--debug'])).toEqual(await cli(cwd, ['--debug']));
  });

  it('--debug lists each project and its files, then what was understood per framework, on stderr; the report unchanged on stdout', async () => {
    const cwd = path.join(layouts, 'npm-workspace');
    const result = await cli(cwd, ['--debug']);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      [
        'tool-identity-audit: 3 projects, 6 files found, 6 files analysed',
        '  packages/concierge (default globs)  3 files',
        '  packages/tools/tsconfig.json        3 files',
        '  . (default globs)                   0 files',
        'tool-identity-audit: understood',
        '  OpenAI Agents SDK (JavaScript): 3 tool definitions, 1 set',
        '',
      ].join('\n'),
    );
    expect(result.stdout).toBe((await cli(cwd)).stdout);
  });

  it('an unreadable extends is a warning row naming the tsconfig and the missing file', async () => {
    const result = await cli(path.join(layouts, 'pnpm-uninstalled-base'));
    expect(result.stdout).toContain(
      'packages/search-tools/tsconfig.json\n  warning  Cannot read what packages/search-tools/tsconfig.json extends (@research/tsconfig/base.json not installed); its own settings are used  config-unreadable\n',
    );
  });
});

describe('a run that analyses nothing exits 2 and says why', () => {
  const empty =
    'tool-identity-audit: nothing to analyse: tsconfig.json matched no source files. Check the tsconfig\'s "include"/"files", the paths given, and "include"/"exclude" in the configuration; a run that analysed nothing is not a pass\n';

  it('a tsconfig whose include matches nothing (fixtures/layouts/empty), also with --no-exit-code and for graph', async () => {
    const cwd = path.join(layouts, 'empty');
    for (const args of [[], ['--no-exit-code'], ['-f', 'json'], ['--write-baseline']]) {
      expect(await cli(cwd, args)).toEqual({ status: 2, stdout: '', stderr: empty });
    }
    expect(await cli(cwd, ['graph'])).toEqual({ status: 2, stdout: '', stderr: empty });
  });

  it('default globs that match nothing, under the paths given', async () => {
    const cwd = makeProject({ 'README.md': '# docs only\n', 'src/notes.md': '# notes\n' });
    expect(await cli(cwd, ['src'])).toEqual({
      status: 2,
      stdout: '',
      stderr:
        'tool-identity-audit: nothing to analyse: . (default globs) matched no source files under src. Check the tsconfig\'s "include"/"files", the paths given, and "include"/"exclude" in the configuration; a run that analysed nothing is not a pass\n',
    });
  });

  it('a solution tsconfig without references or workspace falls back to the default globs', async () => {
    const cwd = makeProject({ 'tsconfig.json': '{ "files": [] }\n', 'src/agent.ts': 'export const agent = 1;\n' });
    expect(await cli(cwd)).toEqual({ status: 0, stdout: '1 file in 1 project\n', stderr: '' });
    const none = await cli(makeProject({ 'tsconfig.json': '{ "files": [] }\n' }));
    expect(none.status).toBe(2);
    expect(none.stderr).toMatch(/^tool-identity-audit: nothing to analyse: \. \(default globs\) matched no source files\./);
  });

  it('files found but every one skipped: the report lists why, then exit 2', async () => {
    const cwd = makeProject({});
    writeFileSync(path.join(cwd, 'logo.ts'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]));
    const result = await cli(cwd);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('\nlogo.ts\n  warning  Binary file (PNG image signature): not analysed  binary\n\n⚠ 0 files in 1 project (1 skipped: 1 binary)\n');
    expect(result.stderr).toBe(
      'tool-identity-audit: no file could be analysed: 1 file found, all skipped (the report lists why); a run that analysed nothing is not a pass\n',
    );
  });

  it('a missing --tsconfig still exits 2 (the user named it)', async () => {
    const cwd = path.join(layouts, 'npm-workspace');
    expect(await cli(cwd, ['--tsconfig', 'tsconfig.base.json'])).toEqual({
      status: 2,
      stdout: '',
      stderr: `tool-identity-audit: Cannot read tsconfig ${path.join(cwd, 'tsconfig.base.json')}: file not found.\n`,
    });
  });
});
