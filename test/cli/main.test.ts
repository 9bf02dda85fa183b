// The audit command in-process: formats and where they go, rule levels, --quiet, --max-warnings,
// --no-exit-code, colour, CI, --performance, --cache, the progress bar, fatal errors.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisResult, AnalyzeOptions } from '../../src/analyzer/types.js';
import { makeFinding } from '../../src/checks/make-finding.js';
import { ruleIds } from '../../src/checks/catalog.js';
import { packageInfo } from '../../src/version.js';
import { agentTs, helpdeskProject, logTs, makeProject, packageJson, removeProjects, run, toolsTs, tsconfigJson, writeFiles } from './helpers.js';

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

afterAll(removeProjects);

/**
 * The default report of the helpdesk project (one error, one warning), pinned once here. Message
 * text and positions come from the checks; the other tests build their expectations from the live
 * report's blocks, so they test what the CLI does with it (filtering, levels, destinations).
 */
const pinnedStylish = `
src/agent.ts
  7:11  error  Tool name "search_orders" is exposed more than once in agent "helpdesk"; dispatch picks the last tool listed. Give each tool a unique name or a namespace  no-tool-name-collision
               ↳ src/agent.ts:7:25  "search_orders" that dispatch picks
               ↳ src/tools.ts:12:9  "search_orders" is defined here
               ↳ src/tools.ts:5:9  "search_orders" is defined here

src/log.ts
  2:27  warning  Hand-built qualified tool name (\`\${tool.namespace}.\${tool.name}\`); use toolQualifiedName() from tool-identity-audit/runtime so every place builds it by the same rules  no-identity-helper-bypass

✖ 2 problems (1 error, 1 warning)
3 files in 1 project
`;

/** The stylish summary line of the helpdesk project: what was analysed. */
const HELPDESK = '3 files in 1 project';

const pinnedGithub =
  '::error file=src/agent.ts,line=7,endLine=7,col=11,endColumn=23,title=no-tool-name-collision::Tool name "search_orders" is exposed more than once in agent "helpdesk"; dispatch picks the last tool listed. Give each tool a unique name or a namespace.' +
  '%0A↳ src/agent.ts:7:25 "search_orders" that dispatch picks%0A↳ src/tools.ts:12:9 "search_orders" is defined here%0A↳ src/tools.ts:5:9 "search_orders" is defined here\n' +
  '::warning file=src/log.ts,line=2,endLine=2,col=27,endColumn=59,title=no-identity-helper-bypass::Hand-built qualified tool name (`${tool.namespace}.${tool.name}`); use toolQualifiedName() from tool-identity-audit/runtime so every place builds it by the same rules.\n';

/** Live report blocks of a fresh helpdesk project: `stylish` = `\n${collisionBlock}\n\n${warningBlock}\n\n✖ ...\n${HELPDESK}\n`. */
let stylish = '';
let collisionBlock = '';
let warningBlock = '';
let githubAnnotations = '';

beforeAll(async () => {
  const cwd = helpdeskProject();
  stylish = (await run([], { cwd })).stdout;
  [collisionBlock = '', warningBlock = ''] = stylish.slice(1).split('\n\n');
  githubAnnotations = (await run(['-f', 'github'], { cwd })).stdout;
});

/** A stylish block with its finding at warning level (related lines move right by two). */
function asWarning(block: string): string {
  return block.replace(/^( +\d+:\d+) {2}error {2}/m, '$1  warning  ').replace(/^( +)↳/gm, '$1  ↳');
}

/** A stylish block with its finding at error level. */
function asError(block: string): string {
  return block.replace(/^( +\d+:\d+) {2}warning {2}/m, '$1  error  ').replace(/^( {2,})↳/gm, (_all, indent: string) => `${indent.slice(2)}↳`);
}

describe('the helpdesk report', () => {
  it('is pinned: stylish and GitHub annotations', () => {
    expect(stylish).toBe(pinnedStylish);
    expect(githubAnnotations).toBe(pinnedGithub);
    expect(collisionBlock).toMatch(/^src\/agent\.ts\n {2}7:11 {2}error {2}/);
    expect(warningBlock).toMatch(/^src\/log\.ts\n {2}2:27 {2}warning {2}/);
  });
});

describe('reports', () => {
  const project = helpdeskProject();

  it('prints stylish text by default and exits 1 on an error-level finding', async () => {
    expect(await run([], { cwd: project })).toEqual({ code: 1, stdout: stylish, stderr: '' });
  });

  it('prints machine formats with repo-relative POSIX paths', async () => {
    const result = await run(['-f', 'json'], { cwd: project });
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as Array<{ filePath: string; messages: Array<{ ruleId: string; line: number; column: number; severity: number }> }>;
    expect(report.map((entry) => [path.relative(project, entry.filePath), entry.messages.map((m) => [m.ruleId, m.line, m.column, m.severity])])).toEqual([
      ['src/agent.ts', [['no-tool-name-collision', 7, 11, 2]]],
      ['src/log.ts', [['no-identity-helper-bypass', 2, 27, 1]]],
    ]);
    const codeclimate = JSON.parse((await run(['-f', 'codeclimate'], { cwd: project })).stdout) as Array<{ location: { path: string } }>;
    expect(codeclimate.map((issue) => issue.location.path)).toEqual(['src/agent.ts', 'src/log.ts']);
  });

  it('writes each -f name=path to its file and the others to stdout', async () => {
    const dir = helpdeskProject();
    const result = await run(['-f', 'json=reports/audit.json', '-f', 'sarif=reports/sarif/audit.sarif', '-f', 'stylish', '-f', 'github'], { cwd: dir });
    expect(result).toEqual({ code: 1, stdout: stylish + githubAnnotations, stderr: '' });
    // The files hold exactly what the format prints on stdout.
    expect(readFileSync(path.join(dir, 'reports/audit.json'), 'utf8')).toBe((await run(['-f', 'json'], { cwd: dir })).stdout);
    expect(readFileSync(path.join(dir, 'reports/sarif/audit.sarif'), 'utf8')).toBe((await run(['-f', 'sarif'], { cwd: dir })).stdout);
  });

  it('sends the first format without a path to --output-file', async () => {
    const dir = helpdeskProject();
    expect(await run(['-o', 'out/report.txt'], { cwd: dir })).toEqual({ code: 1, stdout: '', stderr: '' });
    expect(readFileSync(path.join(dir, 'out/report.txt'), 'utf8')).toBe(stylish);

    const mixed = await run(['-f', 'markdown=summary.md', '-f', 'github', '-f', 'stylish', '-o', 'annotations.txt'], { cwd: dir });
    expect(mixed).toEqual({ code: 1, stdout: stylish, stderr: '' });
    expect(readFileSync(path.join(dir, 'annotations.txt'), 'utf8')).toBe(githubAnnotations);
    expect(readFileSync(path.join(dir, 'summary.md'), 'utf8')).toMatch(/^## tool-identity-audit\n/);
  });

  it('rejects --output-file when every format has its own path', async () => {
    expect(await run(['-f', 'json=a.json', '-o', 'b.json'], { cwd: project })).toEqual({
      code: 2,
      stdout: '',
      stderr: 'tool-identity-audit: --output-file: every --format already has its own =path\n',
    });
  });

  it('rejects an unknown format before analysing', async () => {
    const analyze = (): Promise<AnalysisResult> => Promise.reject(new Error('must not run'));
    expect(await run(['-f', 'html'], { cwd: project, analyze })).toEqual({
      code: 2,
      stdout: '',
      stderr: 'tool-identity-audit: --format html: unknown format "html"; expected one of stylish, json, sarif, github, codeclimate, markdown\n',
    });
    expect((await run(['-f', 'json='], { cwd: project, analyze })).stderr).toBe('tool-identity-audit: --format json=: missing file name after "="\n');
  });

  it('adds GitHub annotations to the default report on GitHub Actions', async () => {
    const env = { GITHUB_ACTIONS: 'true', CI: 'true' };
    expect(await run([], { cwd: project, env })).toEqual({ code: 1, stdout: stylish + githubAnnotations, stderr: '' });
    // An explicit -f replaces the default pair.
    expect((await run(['-f', 'github'], { cwd: project, env })).stdout).toBe(githubAnnotations);
    // Only GITHUB_ACTIONS=true counts.
    expect((await run([], { cwd: project, env: { GITHUB_ACTIONS: 'false' } })).stdout).toBe(stylish);
  });

  it('reports only the paths given', async () => {
    // The project that owns the path is analysed whole (3 files); only the path's findings are reported.
    expect(await run(['src/log.ts'], { cwd: project })).toEqual({ code: 0, stdout: `\n${warningBlock}\n\n✖ 1 problem (0 errors, 1 warning)\n3 files in 1 project\n`, stderr: '' });
  });

  it('prints only what it analysed and exits 0 for a clean project', async () => {
    const clean = makeProject({ 'package.json': packageJson, 'tsconfig.json': tsconfigJson, 'src/log.ts': '// nothing to see\nexport const x = 1;\n' });
    expect(await run([], { cwd: clean })).toEqual({ code: 0, stdout: '1 file in 1 project\n', stderr: '' });
  });
});

describe('colour', () => {
  const project = helpdeskProject();
  const tty = { stdout: true, stderr: false };
  const colored = (text: string): boolean => text.includes('\u001b[');

  it('colours stylish output on a terminal, with the same text underneath', async () => {
    const result = await run([], { cwd: project, isTTY: tty });
    expect(colored(result.stdout)).toBe(true);
    expect(stripVTControlCharacters(result.stdout)).toBe(stylish);
  });

  it.each([
    ['not a terminal', [], {}, { stdout: false, stderr: false }],
    ['--no-color', ['--no-color'], {}, tty],
    ['NO_COLOR', [], { NO_COLOR: '1' }, tty],
    ['CI', [], { CI: 'true' }, tty],
  ])('does not colour when %s', async (_case, args, env, isTTY) => {
    expect((await run(args as string[], { cwd: project, env, isTTY })).stdout).toBe(stylish);
  });

  it('treats an empty NO_COLOR and CI=false as unset (no-color.org)', async () => {
    expect(colored((await run([], { cwd: project, env: { NO_COLOR: '', CI: 'false' }, isTTY: tty })).stdout)).toBe(true);
  });

  it('colours with --color even when piped', async () => {
    expect(colored((await run(['--color'], { cwd: project })).stdout)).toBe(true);
  });

  it('never colours a report written to a file', async () => {
    const dir = helpdeskProject();
    await run(['-o', 'report.txt', '--color'], { cwd: dir, isTTY: tty });
    expect(readFileSync(path.join(dir, 'report.txt'), 'utf8')).toBe(stylish);
  });
});

describe('rule levels and exit codes', () => {
  const project = helpdeskProject();
  let twoWarnings = '';
  beforeAll(() => {
    twoWarnings = `\n${asWarning(collisionBlock)}\n\n${warningBlock}\n\n✖ 2 problems (0 errors, 2 warnings)\n${HELPDESK}\n`;
  });

  it('--rule sets a level: warnings alone exit 0', async () => {
    expect(await run(['--rule', 'no-tool-name-collision=warn'], { cwd: project })).toEqual({ code: 0, stdout: twoWarnings, stderr: '' });
  });

  it('--rule turns rules off and on; the last one wins', async () => {
    expect(
      await run(['--rule', 'no-tool-name-collision=off', '--rule', 'no-identity-helper-bypass=off'], { cwd: project }),
    ).toEqual({ code: 0, stdout: `${HELPDESK}\n`, stderr: '' });
    expect(
      await run(['--rule', 'no-identity-helper-bypass=off', '--rule', 'no-identity-helper-bypass=error'], { cwd: project }),
    ).toEqual({
      code: 1,
      stdout: `\n${collisionBlock}\n\n${asError(warningBlock)}\n\n✖ 2 problems (2 errors, 0 warnings)\n${HELPDESK}\n`,
      stderr: '',
    });
  });

  it.each([
    ['no-such-rule=warn', `--rule no-such-rule=warn: unknown rule "no-such-rule"; known rules: ${ruleIds.join(', ')}`],
    ['no-call-id-coercion=loud', '--rule no-call-id-coercion=loud: invalid level "loud"; expected off, warn or error (or 0, 1, 2)'],
    ['no-call-id-coercion', '--rule no-call-id-coercion: expected <rule-id>=<level>, e.g. --rule no-call-id-coercion=warn'],
  ])('--rule %s exits 2', async (spec, message) => {
    expect(await run(['--rule', spec], { cwd: project })).toEqual({ code: 2, stdout: '', stderr: `tool-identity-audit: ${message}\n` });
  });

  it('--quiet leaves warnings out of the report', async () => {
    expect(await run(['--quiet'], { cwd: project })).toEqual({ code: 1, stdout: `\n${collisionBlock}\n\n✖ 1 problem (1 error, 0 warnings)\n${HELPDESK}\n`, stderr: '' });
    expect(await run(['--quiet', '--rule', 'no-tool-name-collision=warn'], { cwd: project })).toEqual({ code: 0, stdout: `${HELPDESK}\n`, stderr: '' });
  });

  it('--max-warnings fails the run when there are more warnings', async () => {
    const warn = ['--rule', 'no-tool-name-collision=warn'];
    expect(await run([...warn, '--max-warnings', '2'], { cwd: project })).toEqual({ code: 0, stdout: twoWarnings, stderr: '' });
    expect(await run([...warn, '--max-warnings', '1'], { cwd: project })).toEqual({
      code: 1,
      stdout: twoWarnings,
      stderr: 'tool-identity-audit: too many warnings (2); the maximum is 1\n',
    });
    expect((await run([...warn, '--max-warnings', '-1'], { cwd: project })).code).toBe(0);
  });

  it('--quiet keeps warnings out of the --max-warnings count, as ESLint does', async () => {
    expect(await run(['--rule', 'no-tool-name-collision=warn', '--max-warnings', '0', '--quiet'], { cwd: project })).toEqual({
      code: 0,
      stdout: `${HELPDESK}\n`,
      stderr: '',
    });
  });

  it.each(['abc', '-2', '1.5'])('--max-warnings %j exits 2', async (value) => {
    expect(await run(['--max-warnings', value], { cwd: project })).toEqual({
      code: 2,
      stdout: '',
      stderr: `tool-identity-audit: --max-warnings ${value}: expected a whole number of at least 0 (or -1 for no limit)\n`,
    });
  });

  it('--no-exit-code exits 0 with errors, but not on fatal errors', async () => {
    expect(await run(['--no-exit-code'], { cwd: project })).toEqual({ code: 0, stdout: stylish, stderr: '' });
    expect(
      await run(['--no-exit-code', '--rule', 'no-tool-name-collision=warn', '--max-warnings', '0'], { cwd: project }),
    ).toEqual({ code: 0, stdout: twoWarnings, stderr: '' });
    expect((await run(['--no-exit-code', '--rule', 'x=warn'], { cwd: project })).code).toBe(2);
  });

  it('exits 1 when a file cannot be analysed, even with --quiet', async () => {
    const dir = helpdeskProject({ 'src/broken.ts': "import { tool } from '@openai/agents';\nexport const = ;\n" });
    for (const args of [['--rule', 'no-tool-name-collision=off', '--rule', 'no-identity-helper-bypass=off'], ['--quiet']]) {
      const result = await run(['-f', 'json', ...args], { cwd: dir });
      expect(result.code).toBe(1);
      const broken = (JSON.parse(result.stdout) as Array<{ filePath: string; fatalErrorCount: number }>).find((entry) =>
        entry.filePath.endsWith('broken.ts'),
      );
      expect(broken?.fatalErrorCount).toBe(1);
    }
  });
});

describe('fatal errors exit 2', () => {
  const project = helpdeskProject();

  it('an unreadable tsconfig', async () => {
    const missing = path.join(project, 'tsconfig.app.json');
    expect(await run(['--tsconfig', 'tsconfig.app.json'], { cwd: project })).toEqual({
      code: 2,
      stdout: '',
      stderr: `tool-identity-audit: Cannot read tsconfig ${missing}: file not found.\n`,
    });
    const dir = helpdeskProject({ 'tsconfig.json': '{ "compilerOptions": ' });
    const broken = await run([], { cwd: dir });
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(new RegExp(`^tool-identity-audit: Cannot parse tsconfig ${escapeRegExp(path.join(dir, 'tsconfig.json'))}: .+\\n$`));
  });

  it('a path that does not exist', async () => {
    expect(await run(['src/nope.ts'], { cwd: project })).toEqual({
      code: 2,
      stdout: '',
      stderr: 'tool-identity-audit: Path src/nope.ts does not exist (ENOENT).\n',
    });
  });

  it('a path outside the working directory, relative or absolute (it would analyse nothing)', async () => {
    const other = helpdeskProject();
    for (const given of [other, path.relative(project, other)]) {
      expect(await run([given], { cwd: project })).toEqual({
        code: 2,
        stdout: '',
        stderr: `tool-identity-audit: Path "${given}" is outside the working directory ${project}: run tool-identity-audit from a directory that contains it.\n`,
      });
    }
    // Spelled through the parent, it is inside: analysed.
    expect((await run([`../${path.basename(project)}/src`], { cwd: project })).code).toBe(1);
    // A directory whose name starts with two dots is inside: not refused, only (being hidden) not
    // matched by the default globs.
    const dotted = makeProject({ '..drafts/agent.ts': agentTs, '..drafts/tools.ts': toolsTs, 'package.json': packageJson });
    const hidden = await run(['..drafts'], { cwd: dotted });
    expect(hidden.code).toBe(2);
    expect(hidden.stderr).toMatch(/^tool-identity-audit: nothing to analyse: \. \(default globs\) matched no source files under \.\.drafts\./);
  });

  it('an unknown flag', async () => {
    expect(await run(['--bogus'], { cwd: project })).toEqual({ code: 2, stdout: '', stderr: "tool-identity-audit: unknown option '--bogus'\n" });
    expect(await run(['--config'], { cwd: project })).toEqual({
      code: 2,
      stdout: '',
      stderr: "tool-identity-audit: option '-c, --config <file>' argument missing\n",
    });
  });

  it('a crash, with the stack trace for the bug report', async () => {
    const analyze = (): Promise<AnalysisResult> => Promise.reject(new TypeError("Cannot read properties of undefined (reading 'name')"));
    const result = await run([], { cwd: project, analyze });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    const [first, ...frames] = result.stderr.trimEnd().split('\n');
    expect(first).toBe("tool-identity-audit: Cannot read properties of undefined (reading 'name')");
    expect(frames.length).toBeGreaterThan(0);
    for (const frame of frames) expect(frame).toMatch(/^\s+at /);
  });
});

describe('help and version', () => {
  it('--help documents the flags and exit codes and exits 0', async () => {
    const result = await run(['--help'], { cwd: process.cwd() });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^Usage: tool-identity-audit \[options\] \[command\] \[paths\.\.\.\]\n/);
    for (const flag of [
      '-c, --config <file>',
      '-f, --format <name[=path]>',
      '-o, --output-file <file>',
      '--max-warnings <n>',
      '--no-exit-code',
      '--quiet',
      '--rule <id=level>',
      '--tsconfig <file>',
      '--cache ',
      '--cache-location <dir>',
      '--baseline <file>',
      '--write-baseline',
      '--performance',
      '--debug',
      '--color',
      '--no-color',
      'graph [options] [paths...]',
    ]) {
      expect(result.stdout).toContain(flag);
    }
    expect(result.stdout).toContain(
      [
        'Exit codes:',
        '  0  no error-level findings and no more warnings than --max-warnings (always with --no-exit-code)',
        '  1  error-level findings, files that could not be analysed, or too many warnings',
        '  2  fatal: invalid configuration, flag value or baseline, a tsconfig named by --tsconfig',
        '     that cannot be read, no file analysed, crash',
      ].join('\n'),
    );
    expect(result.stdout).toContain('on GitHub Actions (GITHUB_ACTIONS=true)\n  GitHub annotations (-f github) follow it.');
  });

  it('graph --help lists its formats', async () => {
    const result = await run(['graph', '--help'], { cwd: process.cwd() });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      '  -f, --format <format>     graph language (choices: "mermaid", "dot", default:\n                            "mermaid")\n',
    );
  });

  it('--version prints the package version', async () => {
    expect(await run(['--version'], { cwd: process.cwd() })).toEqual({ code: 0, stdout: `${packageInfo.version}\n`, stderr: '' });
  });
});

/** A stand-in analyzer for what the real one cannot be made to do on demand (timings, 301 files). */
function fakeAnalyzer(options: { total?: number; seen?: AnalyzeOptions[] } = {}) {
  return async (analyzeOptions: AnalyzeOptions): Promise<AnalysisResult> => {
    options.seen?.push(analyzeOptions);
    const total = options.total ?? 2;
    for (let done = 0; done <= total; done += 100) analyzeOptions.onProgress?.(done, total);
    analyzeOptions.onProgress?.(total, total);
    const at = { file: 'src/a.ts', span: { start: 0, end: 4, loc: { start: { line: 3, column: 2 }, end: { line: 3, column: 6 } } } };
    return {
      findings: [makeFinding('no-call-id-coercion', 'coercedCallId', { at, data: { expression: 'item.callId', form: 'String()' }, key: 'item.callId' })],
      suppressed: 0,
      diagnostics: [],
      filesAnalyzed: total,
      filesParsed: 1,
      filesFound: total,
      projects: [{ label: 'tsconfig.json', files: total }],
      declarations: [],
      linked: { exposureSets: [], tools: [], namespaces: [], agents: [], mcpServers: [] },
      timings: { discover: 1.25, read: 4.5, parse: 120.04, extract: 33.3, link: 2, check: 0.45 },
      cache: { hits: 1, misses: 1 },
      fileListFromCache: false,
      findingsFromCache: false,
    };
  };
}

describe('--performance', () => {
  it('prints a timing table per phase on stderr', async () => {
    const result = await run(['--performance', '-f', 'json=out.json'], { cwd: makeProject({}), analyze: fakeAnalyzer() });
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr: [
        'Phase     Time (ms)',
        '--------  ---------',
        'discover        1.3',
        'read            4.5',
        'parse         120.0',
        'extract        33.3',
        'link            2.0',
        'check           0.5',
        '--------  ---------',
        'total         161.5',
        '2 files analysed, 1 parsed; cache: 1 hit, 1 miss',
        '',
      ].join('\n'),
    });
  });

  it('times the real analyzer', async () => {
    const result = await run(['--performance', '--quiet', '--rule', 'no-tool-name-collision=off'], { cwd: helpdeskProject() });
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(
      /^Phase {5}Time \(ms\)\n-------- {2}---------\ndiscover +\d+\.\d\nread +\d+\.\d\nparse +\d+\.\d\nextract +\d+\.\d\nlink +\d+\.\d\ncheck +\d+\.\d\n-------- {2}---------\ntotal +\d+\.\d\n3 files analysed, \d parsed; cache: 0 hits, 0 misses\n$/,
    );
  });
});

describe('--cache', () => {
  it('stores facts under node_modules/.cache/tool-identity-audit and reuses them', async () => {
    const dir = helpdeskProject();
    const first = await run(['--cache', '--performance'], { cwd: dir });
    expect(first.stdout).toBe(stylish);
    expect(first.stderr).toMatch(/\n3 files analysed, 3 parsed; cache: 0 hits, 3 misses\n$/);
    expect(existsSync(path.join(dir, 'node_modules/.cache/tool-identity-audit'))).toBe(true);
    const second = await run(['--cache', '--performance'], { cwd: dir });
    expect(second.stdout).toBe(stylish);
    expect(second.stderr).toMatch(/\n3 files analysed, 0 parsed; cache: 3 hits, 0 misses\n$/);
  });

  it('passes --cache-location (resolved) only with --cache', async () => {
    const seen: AnalyzeOptions[] = [];
    const dir = makeProject({});
    await run(['--cache', '--cache-location', '.cache/audit'], { cwd: dir, analyze: fakeAnalyzer({ seen }) });
    await run(['--cache'], { cwd: dir, analyze: fakeAnalyzer({ seen }) });
    await run(['--cache-location', '.cache/audit'], { cwd: dir, analyze: fakeAnalyzer({ seen }) });
    expect(seen.map((options) => options.cacheLocation)).toEqual([
      path.join(dir, '.cache/audit'),
      path.join(dir, 'node_modules/.cache/tool-identity-audit'),
      undefined,
    ]);
  });

  it('writes a cache the real analyzer reads back at a custom location', async () => {
    const dir = helpdeskProject();
    await run(['--cache', '--cache-location', '.cache/audit'], { cwd: dir });
    expect(existsSync(path.join(dir, '.cache/audit'))).toBe(true);
    expect(existsSync(path.join(dir, 'node_modules'))).toBe(false);
  });
});

describe('the project tsconfig', () => {
  it('audits a nested project named on the command line, with paths relative to the working directory', async () => {
    // As `npm run demo` does: the outer tsconfig does not list the nested project's files.
    const outer = makeProject({ 'tsconfig.json': json({ include: ['lib'] }), 'lib/index.ts': 'export {};\n' });
    writeFiles(outer, {
      'apps/helpdesk/package.json': packageJson,
      'apps/helpdesk/tsconfig.json': tsconfigJson,
      'apps/helpdesk/src/tools.ts': toolsTs,
      'apps/helpdesk/src/agent.ts': agentTs,
      'apps/helpdesk/src/log.ts': logTs,
    });
    const nested = stylish.replaceAll('src/', 'apps/helpdesk/src/');
    expect(await run(['apps/helpdesk'], { cwd: outer })).toEqual({ code: 1, stdout: nested, stderr: '' });
  });
});

describe('analyzer options', () => {
  it('passes cwd, paths, tsconfig and every rule that is on, with default options', async () => {
    const seen: AnalyzeOptions[] = [];
    const dir = makeProject({});
    await run(['src', 'lib', '--tsconfig', 'tsconfig.app.json', '--rule', 'no-confusable-tool-names=warn', '--rule', 'no-call-id-coercion=off'], {
      cwd: dir,
      analyze: fakeAnalyzer({ seen }),
    });
    const [options] = seen;
    expect(options?.cwd).toBe(dir);
    expect(options?.paths).toEqual(['src', 'lib']);
    expect(options?.tsconfig).toBe(path.join(dir, 'tsconfig.app.json'));
    expect(options?.rules).toEqual({
      'no-tool-name-collision': {},
      'no-namespace-equals-name': {},
      'no-identity-helper-bypass': { helperModules: [], ignoreErrorMessages: true },
      'valid-tool-name': { provider: 'openai', reportRewrites: true },
      'no-confusable-tool-names': {},
      'no-tool-mutation-outside-invocation': {},
      'no-direct-tools-mutation': {},
      'stable-tool-identity': {},
      'required-function-name-known': {},
      'middleware-result-before-next': {},
      'middleware-await-next': {},
    });
  });

  it('gives findings the severity of their rule level, whatever the analyzer said', async () => {
    const result = await run(['--rule', 'no-call-id-coercion=warn', '-f', 'json'], { cwd: makeProject({}), analyze: fakeAnalyzer() });
    expect(result.code).toBe(0);
    const [entry] = JSON.parse(result.stdout) as Array<{ messages: Array<{ severity: number; level: string }> }>;
    expect(entry?.messages.map((m) => [m.severity, m.level])).toEqual([[1, 'warning']]);
  });
});

describe('a finding below its rule level', () => {
  // valid-tool-name at error: the harmless rewrite is a warning, the one the tool choice uses an error.
  const agents = `import { Agent, tool } from '@openai/agents';
import { z } from 'zod';

const lookupAccount = tool({
  name: 'lookup account',
  description: 'Look up a customer account.',
  parameters: z.object({ customerId: z.string() }),
  execute: async ({ customerId }) => \`account \${customerId}\`,
});

const refundExpert = tool({
  name: 'Refund Expert',
  description: 'Decide whether an order can be refunded.',
  parameters: z.object({ orderId: z.string() }),
  execute: async ({ orderId }) => \`refund approved for \${orderId}\`,
});

export const support = new Agent({ name: 'support', tools: [lookupAccount] });
export const refunds = new Agent({ name: 'refunds', tools: [refundExpert], modelSettings: { toolChoice: 'Refund Expert' } });
`;

  it('reports a rewrite nothing depends on as a warning, whatever the rule level; --max-warnings counts it', async () => {
    const cwd = makeProject({ 'package.json': packageJson, 'tsconfig.json': tsconfigJson, 'src/agents.ts': agents });
    const result = await run(['--rule', 'valid-tool-name=error', '--rule', 'required-function-name-known=off', '-f', 'json'], { cwd });
    expect(result.code).toBe(1);
    const [entry] = JSON.parse(result.stdout) as Array<{ messages: Array<{ ruleId: string; messageId: string; line: number; severity: number }> }>;
    expect(entry?.messages.map((m) => [m.ruleId, m.messageId, m.line, m.severity])).toEqual([
      ['valid-tool-name', 'rewrittenToolName', 5, 1],
      ['valid-tool-name', 'rewrittenNameReferenced', 12, 2],
    ]);
  });
});

describe('progress bar', () => {
  const tty = { stdout: false, stderr: true };

  it('draws on stderr for projects over 300 files when stderr is a terminal', async () => {
    const result = await run(['-f', 'json=out.json'], { cwd: makeProject({}), analyze: fakeAnalyzer({ total: 301 }), isTTY: tty });
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('tool-identity-audit ');
    expect(result.stderr).toContain(' 301/301 files');
  });

  it('follows the real analyzer through a 301-file project', async () => {
    const files: Record<string, string> = { 'package.json': packageJson };
    for (let i = 0; i < 301; i++) files[`src/m${String(i).padStart(3, '0')}.ts`] = `export const value${i} = ${i};\n`;
    const result = await run([], { cwd: makeProject(files), isTTY: tty });
    expect(result.stdout).toBe('301 files in 1 project\n');
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(' 301/301 files');
  });

  it.each([
    ['300 files', 300, {}, tty],
    ['stderr is not a terminal', 301, {}, { stdout: true, stderr: false }],
    ['on CI', 301, { CI: '1' }, tty],
  ])('is silent with %s', async (_case, total, env, isTTY) => {
    const result = await run(['-f', 'json=out.json'], { cwd: makeProject({}), analyze: fakeAnalyzer({ total }), env, isTTY });
    expect(result).toEqual({ code: 1, stdout: '', stderr: '' });
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
