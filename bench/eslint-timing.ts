// How much of an ESLint run our rules take: `TIMING=all npx eslint --stats` on fixtures/demo with
// the plugin's `recommended` and `recommended-type-checked` configs (the built plugin, through a
// temporary flat config file), repeated, medians printed.
//
// Run (Node 20 has no TypeScript loader, so compile this one file first):
//   npx tsc -p tsconfig.build.json
//   npx tsc --ignoreConfig --module nodenext --target es2023 --types node --outDir /tmp/tia-bench bench/eslint-timing.ts
//   node /tmp/tia-bench/eslint-timing.js [--runs 5] [--target fixtures/demo] [--plugin path/to/plugin.js]
//
// A third row puts our `recommended` behind @eslint/js and typescript-eslint `recommended`, as in a
// typical project, for context.
//
// "share of lint time" = our rules' time (ESLint's per-file rule stats, the same numbers TIMING
// prints) / the lint time of all files (parse + rules + fixes, from `--stats`). Program creation by
// the project service is part of "parse" in the type-checked run. Process wall time (startup,
// config loading, file enumeration) is printed for reference only.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const PLUGIN_NAMESPACE = 'tool-identity';

interface Options {
  repo: string;
  target: string;
  runs: number;
  /** A built plugin other than <repo>/dist/src/plugin.js (e.g. a copy being compared). */
  plugin: string | undefined;
}

function parseArgs(argv: string[]): Options {
  const get = (flag: string): string | undefined => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  // The repository is the working directory (run from the repo root).
  const repo = path.resolve(get('--repo') ?? process.cwd());
  if (!existsSync(path.join(repo, 'tsconfig.build.json'))) {
    throw new Error(`${repo} is not the tool-identity-audit repository (run from the repo root or pass --repo)`);
  }
  return {
    repo,
    target: path.resolve(repo, get('--target') ?? 'fixtures/demo'),
    runs: Number(get('--runs') ?? 5),
    plugin: get('--plugin') === undefined ? undefined : path.resolve(get('--plugin') as string),
  };
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds dist/ when the built plugin is missing or older than src/ and rules/. */
function ensureBuilt(repo: string): string {
  const built = path.join(repo, 'dist/src/plugin.js');
  const sources = Math.max(newestMtime(path.join(repo, 'src')), newestMtime(path.join(repo, 'rules')));
  if (!existsSync(built) || statSync(built).mtimeMs < sources) {
    const result = spawnSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { cwd: repo, encoding: 'utf8' });
    if (!existsSync(built)) throw new Error(`build failed:\n${result.stdout}${result.stderr}`);
    if (result.status !== 0) process.stderr.write(`warning: tsc reported errors (output emitted anyway):\n${result.stdout}\n`);
  }
  return built;
}

/** Our config alone, or behind @eslint/js + typescript-eslint `recommended` (a typical project). */
type Setup = { name: string; ours: 'recommended' | 'recommended-type-checked'; withTypescriptEslint: boolean };

const setups: Setup[] = [
  { name: 'recommended', ours: 'recommended', withTypescriptEslint: false },
  { name: 'recommended-type-checked', ours: 'recommended-type-checked', withTypescriptEslint: false },
  { name: '@eslint/js + typescript-eslint recommended + ours recommended', ours: 'recommended', withTypescriptEslint: true },
];

/**
 * A private copy of the built package (dist/ + package.json, node_modules linked), so a rebuild of
 * dist/ by something else during the runs (`npm run build` starts with rm -rf dist) cannot break them.
 */
function snapshotBuild(repo: string, builtPlugin: string, dir: string): string {
  const distDir = path.resolve(path.dirname(builtPlugin), '../..');
  const root = path.join(dir, 'package');
  cpSync(path.join(distDir, 'dist'), path.join(root, 'dist'), { recursive: true });
  copyFileSync(path.join(distDir, 'package.json'), path.join(root, 'package.json'));
  symlinkSync(path.join(repo, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  return path.join(root, path.relative(distDir, builtPlugin));
}

function writeConfig(dir: string, repo: string, builtPlugin: string, setup: Setup, target: string, index: number): string {
  const require = createRequire(path.join(repo, 'package.json'));
  const url = (specifier: string): string => JSON.stringify(pathToFileURL(require.resolve(specifier)).href);
  const file = path.join(dir, `eslint.${index}.config.mjs`);
  writeFileSync(
    file,
    [
      `import parser from ${url('@typescript-eslint/parser')};`,
      `import plugin from ${JSON.stringify(pathToFileURL(builtPlugin).href)};`,
      ...(setup.withTypescriptEslint ? [`import js from ${url('@eslint/js')};`, `import tseslint from ${url('typescript-eslint')};`] : []),
      `export default [`,
      ...(setup.withTypescriptEslint ? ['  js.configs.recommended,', '  ...tseslint.configs.recommended,'] : []),
      `  { files: ['**/*.ts'], languageOptions: { parser, parserOptions: { tsconfigRootDir: ${JSON.stringify(target)} } } },`,
      `  plugin.configs[${JSON.stringify(setup.ours)}],`,
      `];`,
      '',
    ].join('\n'),
  );
  return file;
}

interface FileStats {
  filePath: string;
  messages: unknown[];
  stats?: {
    // A file that does not parse has a pass with `parse` (and `fix`) only, and no `total`.
    times: { passes: Array<{ parse: { total: number }; rules?: Record<string, { total: number }>; fix?: { total: number }; total?: number }> };
  };
}

interface Sample {
  wallMs: number;
  lintMs: number;
  parseMs: number;
  ourRulesMs: number;
  timingTableMs: number;
  files: number;
  messages: number;
}

function runOnce(repo: string, config: string, target: string, outDir: string): Sample {
  const out = path.join(outDir, 'report.json');
  const started = process.hrtime.bigint();
  const result = spawnSync(
    'npx',
    ['eslint', '--no-config-lookup', '--config', config, '--stats', '--format', 'json', '--output-file', out, path.relative(repo, target)],
    { cwd: repo, encoding: 'utf8', env: { ...process.env, TIMING: 'all' } },
  );
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
  // Exit code 1 = findings (the demo has some); 2 = a crash or a bad config.
  if (result.status !== 0 && result.status !== 1) throw new Error(`eslint failed (${result.status}):\n${result.stdout}${result.stderr}`);
  const report = JSON.parse(readFileSync(out, 'utf8')) as FileStats[];
  let lintMs = 0;
  let parseMs = 0;
  let ourRulesMs = 0;
  let messages = 0;
  for (const file of report) {
    messages += file.messages.length;
    for (const pass of file.stats?.times.passes ?? []) {
      const rules = Object.entries(pass.rules ?? {});
      lintMs += pass.total ?? pass.parse.total + rules.reduce((sum, [, time]) => sum + time.total, 0) + (pass.fix?.total ?? 0);
      parseMs += pass.parse.total;
      for (const [ruleId, time] of rules) {
        if (ruleId.startsWith(`${PLUGIN_NAMESPACE}/`)) ourRulesMs += time.total;
      }
    }
  }
  // The TIMING table printed on stdout: "tool-identity/<rule> | <ms> | <relative>".
  let timingTableMs = 0;
  for (const line of result.stdout.split('\n')) {
    const match = /^\s*(tool-identity\/[\w-]+)\s*\|\s*([\d.]+)\s*\|/.exec(line);
    if (match) timingTableMs += Number(match[2]);
  }
  return { wallMs, lintMs, parseMs, ourRulesMs, timingTableMs, files: report.length, messages };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

function main(): void {
  const options = parseArgs(process.argv.slice(2));
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tia-eslint-timing-'));
  try {
    const built = snapshotBuild(options.repo, options.plugin ?? ensureBuilt(options.repo), dir);
    const eslintVersion = execFileSync('npx', ['eslint', '--version'], { cwd: options.repo, encoding: 'utf8' }).trim();
    console.log(`ESLint ${eslintVersion}, Node ${process.version}, ${os.cpus().length} CPUs; target ${path.relative(options.repo, options.target)}; ${options.runs} runs, medians`);
    console.log('');
    console.log('| config | files | messages | our rules (ms) | lint time (ms) | of which parse (ms) | share of lint time | wall (ms) |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (const [index, setup] of setups.entries()) {
      const config = writeConfig(dir, options.repo, built, setup, options.target, index);
      runOnce(options.repo, config, options.target, dir); // warm-up (disk cache, JIT of the CLI itself is per process anyway)
      const samples = Array.from({ length: options.runs }, () => runOnce(options.repo, config, options.target, dir));
      const ours = median(samples.map((s) => s.ourRulesMs));
      const lint = median(samples.map((s) => s.lintMs));
      const shares = samples.map((s) => (100 * s.ourRulesMs) / s.lintMs);
      const first = samples[0] as Sample;
      console.log(
        `| ${setup.name} | ${first.files} | ${first.messages} | ${ours.toFixed(1)} (TIMING: ${median(samples.map((s) => s.timingTableMs)).toFixed(1)}) | ${lint.toFixed(1)} | ${median(samples.map((s) => s.parseMs)).toFixed(1)} | ${median(shares).toFixed(1)}% | ${median(samples.map((s) => s.wallMs)).toFixed(0)} |`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main();
