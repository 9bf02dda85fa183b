// `npm run bench`: generates seeded projects (1k to 16k files), then measures, interleaved in one
// process tree, the floor (read + createSourceFile of every file), the CLI cold, the CLI with
// --cache after one changed file (a tool module, and an ordinary file), `tsc --noEmit` and ESLint
// (typescript-eslint `recommended`, without and with this plugin's `recommended`), and the same two
// warm runs sent to a resident server (`server start`, in a temporary directory of the bench's own,
// so no other command reaches it). Prints Markdown
// tables of medians, ratios and the targets, and writes bench/results.json.
//
//   npm run bench                          all sizes, 3 runs each
//   npm run bench -- --quick               1k only (a smoke check)
//   npm run bench -- --sizes 1000,2000,4000 --runs 5 --heavy-max 4000 --keep
//   npm run bench -- --quick --cpu-prof /tmp/profiles   also profiles one cold and one warm CLI run
//   node bench/.build/run.js --render bench/results.json   the tables of a finished run again
//   npm run bench -- --sizes '' --project /path/to/repo   the floor and the cold CLI on a real repository
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateCorpus } from './corpus/generate.js';
import { ESLINT_BASE_CONFIG, ESLINT_PLUGIN_CONFIG, writeCorpus } from './corpus/write.js';
import { interleaved, median, Runner, type Command, type Sample } from './measure.js';
import { markdown, ratios, targets, type ProjectResult, type SizeResult, type Stat } from './report.js';

interface Options {
  sizes: number[];
  runs: number;
  heavyMax: number;
  seed: number;
  keep: boolean;
  out: string;
  /** Directory for `--cpu-prof` profiles of the untimed CLI runs (cold and warm, per size). */
  cpuProf: string | undefined;
  /** An existing project to measure the floor and the cold CLI on, next to the corpora. */
  project: string | undefined;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = process.cwd();
/** The executable the package's `bin` names, as users run it. */
const packageBin = path.join(repo, (JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')) as { bin: Record<string, string> }).bin['tool-identity-audit'] as string);

function parseArgs(argv: string[]): Options {
  const get = (flag: string): string | undefined => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const int = (flag: string, fallback: number): number => {
    const value = Number(get(flag) ?? fallback);
    if (!Number.isInteger(value) || value < 1) throw new Error(`${flag} takes a positive integer`);
    return value;
  };
  const sizes = argv.includes('--quick') ? [1000] : (get('--sizes') ?? '1000,2000,4000,8000,16000').split(',').filter(Boolean).map(Number);
  if (sizes.some((n) => !Number.isInteger(n) || n < 50 || n % 50 !== 0)) throw new Error('--sizes: comma-separated multiples of 50');
  return {
    sizes,
    runs: int('--runs', 3),
    heavyMax: int('--heavy-max', 4000),
    seed: int('--seed', 12),
    keep: argv.includes('--keep'),
    out: path.resolve(get('--out') ?? path.join(repo, 'bench/results.json')),
    cpuProf: get('--cpu-prof') === undefined ? undefined : path.resolve(get('--cpu-prof') as string),
    project: get('--project') === undefined ? undefined : path.resolve(get('--project') as string),
  };
}

const log = (line: string): void => void process.stderr.write(`${line}\n`);
const stat = (samples: readonly Sample[]): Stat => ({
  wallMs: median(samples.map((s) => s.wallMs)),
  rssMB: median(samples.map((s) => s.rssMB)),
  samplesMs: samples.map((s) => Math.round(s.wallMs)),
});

interface JsonResult {
  messages: Array<{ ruleId: string | null; message: string }>;
}

function checkCollisions(stdout: string, expected: ReadonlyArray<{ name: string }>): SizeResult['collisions'] {
  const results = JSON.parse(stdout) as JsonResult[];
  const messages = results.flatMap((r) => r.messages).filter((m) => m.ruleId === 'no-tool-name-collision');
  const ok = messages.length === expected.length && expected.every((e) => messages.some((m) => m.message.includes(`"${e.name}"`)));
  return { expected: expected.length, found: messages.length, ok };
}

/** Rule times of one `TIMING=all` ESLint run: the table rows are `rule | ms | relative`. */
function eslintTiming(stdout: string, wallMs: number): NonNullable<SizeResult['eslintTiming']> {
  let pluginRulesMs = 0;
  let allRulesMs = 0;
  for (const line of stdout.split('\n')) {
    const match = /^\s*(\S+)\s*\|\s*([\d.]+)\s*\|/.exec(line);
    if (!match || match[1] === 'Rule') continue;
    allRulesMs += Number(match[2]);
    if (match[1]?.startsWith('tool-identity/')) pluginRulesMs += Number(match[2]);
  }
  return { pluginRulesMs, allRulesMs, shareOfRules: pluginRulesMs / allRulesMs, shareOfWall: pluginRulesMs / wallMs };
}

/** The phase table of `--performance` (stderr) and its cache line. */
function performanceTable(stderr: string): { phases: Record<string, number>; cache: string } {
  const phases: Record<string, number> = {};
  for (const match of stderr.matchAll(/^(discover|parse|extract|link|check|total)\s+([\d.]+)$/gm)) phases[match[1] as string] = Number(match[2]);
  return { phases, cache: /cache: .*/.exec(stderr)?.[0] ?? '' };
}

interface PreparedSize {
  files: number;
  corpus: ReturnType<typeof generateCorpus>;
  dir: string;
  cli: string[];
  cache: string;
  heavy: boolean;
  editTool: () => void;
  /** Timed commands, their ids prefixed with the size ("4000 cli-cold"). */
  commands: Command[];
}

/** TMPDIR of the runs sent to the bench's server: the other commands, without it, run alone. */
const serverEnv = (work: string): Record<string, string> => ({ TMPDIR: path.join(work, 'server') });

function prepareSize(work: string, files: number, options: Options): PreparedSize {
  const dir = path.join(work, `corpus-${files}`);
  const corpus = generateCorpus(files, { seed: options.seed });
  writeCorpus(dir, corpus, repo);
  log(`${files} files: ${corpus.ordinary.length} ordinary, ${files - corpus.ordinary.length} agent-framework (${corpus.toolModules.length} tool modules), ${corpus.expectedCollisions.length} planted collisions; ${dir}`);
  const bin = packageBin;
  const cache = path.join(work, `cache-${files}`);
  const cli = [bin, dir, '--no-exit-code', '--format', 'json'];
  let edits = 0;
  const edit = (file: string) => () => fs.appendFileSync(path.join(dir, file), `// bench edit ${++edits}\n`);
  // The middle tool module and the middle ordinary file: neither the first nor the last area.
  const editTool = edit(corpus.toolModules[Math.floor(corpus.toolModules.length / 2)] as string);
  const editPlain = edit(corpus.ordinary[Math.floor(corpus.ordinary.length / 2)] as string);
  const commands: Command[] = [
    { id: 'floor', args: [path.join(here, 'floor.js'), dir], cwd: dir, ok: [0] },
    { id: 'cli-cold', args: cli, cwd: dir, ok: [0] },
    // A machine's first run: no facts cache and no compiled-code cache either.
    { id: 'cli-first', args: cli, cwd: dir, ok: [0], env: { NODE_DISABLE_COMPILE_CACHE: '1' } },
    { id: 'cli-warm-tool', args: [...cli, '--cache', '--cache-location', cache], cwd: dir, ok: [0], before: editTool },
    { id: 'cli-warm-plain', args: [...cli, '--cache', '--cache-location', cache], cwd: dir, ok: [0], before: editPlain },
    // The same cache: every warm run, here or on the server, sees the one file edited before it.
    { id: 'cli-server-tool', args: [...cli, '--cache', '--cache-location', cache], cwd: dir, ok: [0], before: editTool, env: serverEnv(work) },
    { id: 'cli-server-plain', args: [...cli, '--cache', '--cache-location', cache], cwd: dir, ok: [0], before: editPlain, env: serverEnv(work) },
  ];
  const heavy = files <= options.heavyMax;
  if (heavy) {
    const eslint = [path.join(repo, 'node_modules/eslint/bin/eslint.js'), '--no-config-lookup', '--config'];
    commands.push(
      { id: 'tsc', args: [path.join(repo, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', dir], cwd: dir, ok: [0] },
      { id: 'eslint', args: [...eslint, ESLINT_BASE_CONFIG, 'src'], cwd: dir, ok: [0, 1] },
      { id: 'eslint-plugin', args: [...eslint, ESLINT_PLUGIN_CONFIG, 'src'], cwd: dir, ok: [0, 1] },
    );
  }
  return { files, corpus, dir, cli, cache, heavy, editTool, commands: commands.map((c) => ({ ...c, id: `${files} ${c.id}` })) };
}

function finishSize(runner: Runner, work: string, p: PreparedSize, all: Map<string, Sample[]>, options: Options): SizeResult {
  const samples = new Map(p.commands.map((c) => [c.id.slice(`${p.files} `.length), all.get(c.id) ?? []]));
  const { cli, cache, dir, files } = p;
  const result: SizeResult = {
    files,
    ordinaryFiles: p.corpus.ordinary.length,
    frameworkFiles: files - p.corpus.ordinary.length,
    commands: Object.fromEntries([...samples].map(([id, s]) => [id, stat(s)])),
    collisions: checkCollisions(samples.get('cli-cold')?.at(-1)?.stdout ?? '[]', p.corpus.expectedCollisions),
  };
  if (!result.collisions.ok) log(`  planted collisions: expected ${result.collisions.expected}, the CLI found ${result.collisions.found}`);
  // Not timed: where the cold time goes, and what the warm run reused (and, on request, profiles).
  const profile = (name: string): string[] => (options.cpuProf ? ['--cpu-prof', '--cpu-prof-dir', options.cpuProf, '--cpu-prof-name', `cli-${name}-${files}.cpuprofile`] : []);
  const cold = runner.run({ id: 'cli-cold --performance', args: [...profile('cold'), ...cli, '--performance'], cwd: dir, ok: [0] });
  result.phases = performanceTable(cold.stderr).phases;
  const warm = runner.run({ id: 'cli-warm --performance', args: [...profile('warm'), ...cli, '--cache', '--cache-location', cache, '--performance'], cwd: dir, ok: [0], before: p.editTool });
  result.warmCache = performanceTable(warm.stderr).cache;
  if (p.heavy) {
    const timed = runner.run({
      id: 'eslint-plugin TIMING=all',
      args: [path.join(repo, 'node_modules/eslint/bin/eslint.js'), '--no-config-lookup', '--config', ESLINT_PLUGIN_CONFIG, '--format', 'json', '--output-file', path.join(work, 'eslint.json'), 'src'],
      cwd: dir,
      env: { TIMING: 'all' },
      ok: [0, 1],
    });
    result.eslintTiming = eslintTiming(timed.stdout, timed.wallMs);
  }
  if (!options.keep) fs.rmSync(dir, { recursive: true, force: true });
  return result;
}

/** The floor and the cold CLI on an existing project; the file counts show whether they read the same files. */
function measureProject(runner: Runner, dir: string, options: Options): ProjectResult {
  const cli = [packageBin, dir, '--no-exit-code', '--format', 'json'];
  const commands: Command[] = [
    { id: 'project floor', args: [path.join(here, 'floor.js'), dir], cwd: dir, ok: [0] },
    { id: 'project cli-cold', args: cli, cwd: dir, ok: [0] },
  ];
  log(`project ${dir}`);
  const samples = interleaved(runner, commands, options.runs, log);
  const floorFiles = (JSON.parse(samples.get('project floor')?.[0]?.stdout ?? '{}') as { files?: number }).files ?? 0;
  const counted = runner.run({ id: 'project cli --performance', args: [...cli, '--performance'], cwd: dir, ok: [0] });
  const cliFiles = Number(/(\d+) files? analysed/.exec(counted.stderr)?.[1] ?? 0);
  return { dir, floorFiles, cliFiles, floor: stat(samples.get('project floor') ?? []), cli: stat(samples.get('project cli-cold') ?? []) };
}

function measureStartup(runner: Runner, work: string, runs: number): Record<string, Stat> {
  const bin = packageBin;
  const badConfig = path.join(work, 'bad-config');
  fs.mkdirSync(badConfig, { recursive: true });
  fs.writeFileSync(path.join(badConfig, 'tool-identity-audit.config.json'), '{ "maxWarning": 3 }\n');
  const commands: Command[] = [
    { id: 'node -e 0', args: ['-e', '0'], cwd: repo, ok: [0] },
    { id: '--version', args: [bin, '--version'], cwd: repo, ok: [0] },
    { id: '--help', args: [bin, '--help'], cwd: repo, ok: [0] },
    { id: 'configuration error', args: [bin], cwd: badConfig, ok: [2] },
    { id: 'fixtures/demo', args: [bin, 'fixtures/demo', '--no-exit-code'], cwd: repo, ok: [0] },
  ];
  log('start-up');
  const samples = interleaved(runner, commands, runs, log);
  return Object.fromEntries([...samples].map(([id, s]) => [id, stat(s)]));
}

function git(args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: repo, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

/** `--render <results.json>`: the tables of an earlier run again, with this checkout's report code. */
function render(file: string): void {
  const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as { sizes: SizeResult[]; startup: Record<string, Stat>; options: { heavyMax: number }; project?: ProjectResult };
  const r = ratios(saved.sizes);
  process.stdout.write(markdown(saved.sizes, r, saved.startup, targets(saved.sizes, r, saved.startup, saved.project), saved.options.heavyMax, saved.project));
}

function main(): void {
  const renderFlag = process.argv.indexOf('--render');
  if (renderFlag >= 0) return render(path.resolve(process.argv[renderFlag + 1] ?? 'bench/results.json'));
  const options = parseArgs(process.argv.slice(2));
  if (!fs.existsSync(packageBin)) throw new Error('dist/ is missing: run `npm run build` (npm run bench does)');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tia-bench-'));
  const runner = new Runner(work);
  try {
    // Start-up commands take 0.1-0.7 s and this machine's single samples are bimodal (a run of
    // `--version` takes 120 or 170 ms): 15 samples at least, so the median is the common mode.
    const startup = measureStartup(runner, work, Math.max(options.runs, 15));
    const project = options.project === undefined ? undefined : measureProject(runner, options.project, options);
    const sizes: SizeResult[] = [];
    let table = '';
    const cpus = os.cpus();
    const machine = { platform: `${os.platform()} ${os.release()}`, arch: os.arch(), cpus: cpus.length, cpuModel: cpus[0]?.model ?? 'unknown', memoryMB: Math.round(os.totalmem() / 2 ** 20), loadAverageAtStart: os.loadavg() };
    const commit = git(['rev-parse', 'HEAD']);
    const dirty = git(['status', '--porcelain', '--', 'src', 'rules', 'bench']) !== '';
    // Every command of every size in one interleaved schedule, so load that changes during a long
    // run on a shared machine hits all sizes alike and the per-file ratios stay comparable.
    const prepared = options.sizes.map((files) => prepareSize(work, files, options));
    // One server for every size; the warm-up round is its first run of each.
    fs.mkdirSync(serverEnv(work)['TMPDIR'] as string, { recursive: true });
    if (prepared.length > 0) runner.run({ id: 'server start', args: [packageBin, 'server', 'start', '--idle', '600'], cwd: work, env: serverEnv(work), ok: [0] });
    let all: Map<string, Sample[]>;
    try {
      all = interleaved(runner, prepared.flatMap((p) => p.commands), options.runs, log);
    } finally {
      runner.run({ id: 'server stop', args: [packageBin, 'server', 'stop'], cwd: work, env: serverEnv(work), ok: [0] });
    }
    // results.json is rewritten after every size's untimed runs, so a failure there keeps the rest.
    for (const p of [...prepared, ...(prepared.length === 0 ? [undefined] : [])]) {
      if (p) sizes.push(finishSize(runner, work, p, all, options));
      const r = ratios(sizes);
      const t = targets(sizes, r, startup, project);
      table = markdown(sizes, r, startup, t, options.heavyMax, project);
      const results = {
        date: new Date().toISOString(),
        command: `npm run bench -- ${process.argv.slice(2).join(' ')}`.trim(),
        complete: sizes.length === options.sizes.length,
        machine,
        node: process.version,
        commit,
        dirty,
        options: { sizes: options.sizes, runs: options.runs, heavyMax: options.heavyMax, seed: options.seed },
        startup,
        project,
        sizes,
        ratios: r,
        targets: t,
        markdown: table,
      };
      fs.writeFileSync(options.out, `${JSON.stringify(results, null, 2)}\n`);
    }
    process.stdout.write(`\nNode ${process.version}, ${cpus.length} CPUs (${machine.cpuModel}), ${options.runs} runs, medians; commit ${commit.slice(0, 10)}${dirty ? ' (dirty)' : ''}\n\n${table}\nWrote ${path.relative(repo, options.out)}\n`);
    const collisionsOk = sizes.every((s) => s.collisions.ok);
    for (const s of sizes) {
      const phases = Object.entries(s.phases ?? {}).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ');
      process.stdout.write(`${s.files} files: CLI phases (ms) ${phases}; warm run ${s.warmCache}; planted collisions ${s.collisions.found}/${s.collisions.expected}\n`);
    }
    if (!collisionsOk) {
      process.stderr.write('The CLI did not report exactly the planted collisions (see above).\n');
      process.exitCode = 1;
    }
  } finally {
    if (!options.keep) fs.rmSync(work, { recursive: true, force: true });
    else log(`kept ${work}`);
  }
}

main();
