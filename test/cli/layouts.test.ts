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
    ['pnpm-uninstalled-base', 1, '⚠ 4 files in 2 projects (2 configuration warnings)'],
    ['examples-beside-packages', 1, '7 files in 4 projects'],
    ['stale-include', 1, '⚠ 2 files in 1 project (1 configuration warning)'],
    ['extends-chain', 1, '⚠ 1 file in 1 project (2 configuration warnings)'],
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

  it('a tsconfig that excludes every source there is, also with --no-exit-code and for graph', async () => {
    const cwd = makeProject({
      'tsconfig.json': JSON.stringify({ include: ['src'], exclude: ['lib'] }),
      'lib/agent.ts': '// Moved out of src/ and excluded.\nexport const pending = true;\n',
    });
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

// Issue 23, through the built binary as users run it: every source file under the paths, each
// through its nearest tsconfig; paths that narrow the report, not the analysis; tsconfigs as tsc
// reads them.
describe('real layouts, through the binary', () => {
  const examples = path.join(layouts, 'examples-beside-packages');
  const chatFinding = [
    'examples/chat-app/src/agent.ts',
    '  9:11  error  Tool name "search_docs" is exposed more than once in agent "docs_helper"; dispatch picks the last tool listed. Give each tool a unique name or a namespace  no-tool-name-collision',
    '               ↳ examples/chat-app/src/agent.ts:9:23  "search_docs" that dispatch picks',
    '               ↳ examples/chat-app/src/tools/legacy.ts:6:9  "search_docs" is defined here',
    '               ↳ examples/chat-app/src/tools/search.ts:5:9  "search_docs" is defined here',
  ].join('\n');
  const alertsFinding = [
    'examples/mcp-demos/servers/alerts/src/server.ts',
    '  6:21  error  MCP server "weather-alerts" registers the tool "ping" more than once; the later registration fails when it runs. Rename one of the tools  no-tool-name-collision',
    '               ↳ examples/mcp-demos/servers/shared/src/index.ts:5:23  "ping" is first registered here',
    '               ↳ examples/mcp-demos/servers/alerts/src/server.ts:4:16  the server instance is created here',
  ].join('\n');

  it('from the root: example apps with their own tsconfigs and a nested workspace are analysed, and --debug says which tsconfig owns which files', () => {
    const result = runBin(examples, ['--debug']);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe(`\n${chatFinding}\n\n${alertsFinding}\n\n✖ 2 problems (2 errors, 0 warnings)\n7 files in 4 projects\n`);
    expect(result.stderr).toBe(
      [
        'tool-identity-audit: 5 projects, 7 files found, 7 files analysed',
        '  tsconfig.json                                      0 files',
        '  packages/forecast (default globs)                  1 file',
        '  examples/chat-app/tsconfig.json                    4 files',
        '  examples/mcp-demos/servers/alerts/tsconfig.json    1 file',
        '  examples/mcp-demos/servers/shared (default globs)  1 file',
        'tool-identity-audit: understood',
        '  MCP TypeScript SDK: 1 MCP server with 3 registrations',
        '  OpenAI Agents SDK (JavaScript): 3 tool definitions, 1 set',
        '',
      ].join('\n'),
    );
  });

  it('a directory the root tsconfig does not include, given as the path, is analysed through the tsconfigs in it', () => {
    const result = runBin(examples, ['examples']);
    expect(result).toEqual({ status: 1, stdout: `\n${chatFinding}\n\n${alertsFinding}\n\n✖ 2 problems (2 errors, 0 warnings)\n6 files in 3 projects\n`, stderr: '' });
    // One example alone: its own project, nothing else reported.
    expect(runBin(examples, ['examples/chat-app']).stdout).toBe(`\n${chatFinding}\n\n✖ 1 problem (1 error, 0 warnings)\n4 files in 1 project\n`);
  });

  it('a pre-commit run over two changed files reports the collision in them that the whole run reports, its other side in unchanged files', () => {
    const changed = runBin(examples, ['examples/chat-app/src/agent.ts', 'examples/chat-app/src/prompts.ts']);
    expect(changed).toEqual({ status: 1, stdout: `\n${chatFinding}\n\n✖ 1 problem (1 error, 0 warnings)\n4 files in 1 project\n`, stderr: '' });
    // The other side in another package of the nested workspace, imported by name, is read too.
    expect(runBin(examples, ['examples/mcp-demos/servers/alerts/src/server.ts']).stdout).toBe(
      `\n${alertsFinding}\n\n✖ 1 problem (1 error, 0 warnings)\n2 files in 1 project\n`,
    );
    // Changed files that hold no finding: clean, though they belong to the same project.
    expect(runBin(examples, ['examples/chat-app/src/tools/legacy.ts', 'examples/chat-app/src/prompts.ts'])).toEqual({
      status: 0,
      stdout: '4 files in 1 project\n',
      stderr: '',
    });
  });

  it('a tsconfig whose include and files name paths that are gone: a configuration warning at most, the exit code from the findings alone', () => {
    const result = runBin(path.join(layouts, 'stale-include'), []);
    expect(result).toEqual({
      status: 1,
      stdout: [
        '',
        'lib/tracking.ts',
        '  5:15  error  MCP server "parcel-desk" registers the tool "track_parcel" more than once; the later registration fails when it runs. Rename one of the tools  no-tool-name-collision',
        '               ↳ lib/server.ts:8:13  "track_parcel" is first registered here',
        '               ↳ lib/server.ts:6:23  the server instance is created here',
        '',
        'tsconfig.json',
        '  warning  tsconfig.json lists a file that does not exist (src/main.ts); the rest of its files are analysed  config-unreadable',
        '',
        '✖ 1 problem (1 error, 0 warnings)',
        '⚠ 2 files in 1 project (1 configuration warning)',
        '',
      ].join('\n'),
      stderr: '',
    });
    // A stale include beside one that matches: no diagnostic at all, exit 0 on clean code.
    const clean = makeProject({ 'tsconfig.json': JSON.stringify({ include: ['src', '../retired-widgets/src', 'old/**/*.ts'] }), 'src/a.ts': 'export const a = 1;\n' });
    expect(runBin(clean, [])).toEqual({ status: 0, stdout: '1 file in 1 project\n', stderr: '' });
  });

  it('a broken chain of extends is named along the chain, never a syntax error', () => {
    const result = runBin(path.join(layouts, 'extends-chain'), ['-f', 'json']);
    expect(result.status).toBe(1);
    const messages = (JSON.parse(result.stdout) as Array<{ filePath: string; messages: Array<{ message: string }> }>).flatMap((file) =>
      file.messages.map((m) => `${path.relative(path.join(layouts, 'extends-chain'), file.filePath)}: ${m.message}`),
    );
    expect(messages.filter((m) => m.includes('extends'))).toEqual([
      'packages/bot/tsconfig.json: Cannot read what packages/bot/tsconfig.json extends (../../tsconfig.json, which extends @acme/tsconfig/node20.json, not installed); its own settings are used.',
      'tsconfig.json: Cannot read what tsconfig.json extends (@acme/tsconfig/node20.json not installed); its own settings are used.',
    ]);
  });
});
