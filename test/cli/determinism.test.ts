// Determinism, on the demo (a tsconfig project) and on a fixture project
// without a tsconfig (a directory walk, where the file system's listing order could leak in): two
// runs write byte-identical reports in every format; the order the files were created in, the
// order and spelling of the paths given, and the facts cache (off, cold, warm) change no byte of
// any report once the project's own directory is written as <root>. Runs go through the built
// binary where processes matter (two runs), in-process (`main`, the same code without a second
// start of the compiler) for the creation orders and the many path and cache variants.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { formatNames } from '../../src/reporters/index.js';
import { ageTree } from '../analyzer/helpers.js';
import { run } from './helpers.js';
import { repoRoot, runBinAsync } from './spawn.js';

type Reports = Record<(typeof formatNames)[number], string>;

const created: string[] = [];
afterAll(() => {
  for (const dir of created) rmSync(dir, { recursive: true, force: true });
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  created.push(dir);
  return dir;
}

/** Every file below `dir`, relative, sorted. */
function listFiles(dir: string, rel = ''): string[] {
  return readdirSync(path.join(dir, rel))
    .sort()
    .flatMap((name) => {
      const child = rel === '' ? name : `${rel}/${name}`;
      return statSync(path.join(dir, child)).isDirectory() ? listFiles(dir, child) : [child];
    });
}

/** A permutation of `items` from a fixed seed (a small LCG): the same order on every run. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let state = seed;
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** A copy of `source` whose files (and directories) are created in `order`, without `omit`. */
function copyInOrder(source: string, order: (files: string[]) => string[], omit: readonly string[] = []): string {
  const dir = tempDir('tia-determinism-');
  for (const file of order(listFiles(source).filter((f) => !omit.includes(f)))) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    cpSync(path.join(source, file), path.join(dir, file));
  }
  return dir;
}

/** One run, every format to its own file; the reports with `cwd` written as <root>. */
async function reports(
  cwd: string,
  args: readonly string[] = [],
  via: 'binary' | 'in-process' = 'binary',
): Promise<{ status: number | null; stderr: string; reports: Reports }> {
  const out = tempDir('tia-determinism-out-');
  const formatArgs = formatNames.flatMap((format) => ['-f', `${format}=${path.join(out, format)}`]);
  const result =
    via === 'binary'
      ? await runBinAsync(cwd, [...args, ...formatArgs])
      : await run([...args, ...formatArgs], { cwd }).then(({ code, stderr }) => ({ status: code, stderr }));
  const root = (text: string): string => text.split(pathToFileURL(cwd).href).join('file://<root>').split(cwd).join('<root>');
  const texts = Object.fromEntries(formatNames.map((format) => [format, root(readFileSync(path.join(out, format), 'utf8'))])) as Reports;
  return { status: result.status, stderr: result.stderr, reports: texts };
}

const PROJECTS = [
  {
    name: 'fixtures/demo (its tsconfig)',
    source: path.join(repoRoot, 'fixtures/demo'),
    omit: [] as string[],
    summary: /✖ 15 problems \(13 errors, 2 warnings\)\n21 files in 1 project\n$/,
    // Every directory under src/, and the files directly in it, as paths to list.
    parts: ['src/agents', 'src/approvals', 'src/clients.ts', 'src/desk', 'src/email', 'src/index.ts', 'src/mcp', 'src/observability', 'src/storefront', 'src/tools'],
  },
  {
    name: 'fixtures/projects/mcp-shared-server without its tsconfig (default globs)',
    source: path.join(repoRoot, 'fixtures/projects/mcp-shared-server'),
    omit: ['tsconfig.json'],
    summary: /✖ 1 problem \(1 error, 0 warnings\)\n6 files in 1 project\n$/,
    parts: ['src/admin-server.ts', 'src/forge.ts', 'src/server.ts', 'src/tools'],
  },
];

describe.each(PROJECTS)('$name', ({ source, omit, summary, parts }) => {
  it('two runs, and copies created in other orders, write the same bytes in every format', async () => {
    const forward = copyInOrder(source, (files) => files, omit);
    const backward = copyInOrder(source, (files) => [...files].reverse(), omit);
    const mixed = copyInOrder(source, (files) => shuffled(files, 20261201), omit);
    const [first, second] = [await reports(forward), await reports(forward)];
    expect(first.status).toBe(1);
    expect(first.stderr).toBe('');
    expect(first.reports.stylish).toMatch(summary);
    expect(second).toEqual(first);
    // Creation order is a file-system matter, not a process one: the same code in-process.
    const [back, mix] = [await reports(backward, [], 'in-process'), await reports(mixed, [], 'in-process')];
    expect(back).toEqual(first);
    expect(mix).toEqual(first);
  });

  it('path spellings (., ./src, src/, absolute, listed parts in either order) give the same reports', async () => {
    const cwd = copyInOrder(source, (files) => files, omit);
    const base = await reports(cwd, [], 'in-process');
    expect(base.reports.stylish).toMatch(summary);
    const spellings = [['.'], ['./src'], ['src/'], [path.join(cwd, 'src')], [`${cwd}${path.sep}`], parts, [...parts].reverse()];
    for (const args of spellings) expect(await reports(cwd, args, 'in-process'), `paths ${JSON.stringify(args)}`).toEqual(base);
  });

  it('the facts cache, cold and then warm, changes no byte of any report', async () => {
    const cwd = copyInOrder(source, (files) => files, omit);
    // A time vouches for the bytes only once older than the run that read them (time-vouches.ts).
    ageTree(cwd, '');
    const cacheDir = tempDir('tia-determinism-cache-');
    const base = await reports(cwd, [], 'in-process');
    const cold = await reports(cwd, ['--cache', '--cache-location', cacheDir], 'in-process');
    expect(readdirSync(cacheDir)).not.toEqual([]);
    const warm = await reports(cwd, ['--cache', '--cache-location', cacheDir, '--performance'], 'in-process');
    expect(cold).toEqual(base);
    expect(warm.reports).toEqual(base.reports);
    // Warm indeed: every file came from the cache, the findings too.
    expect(warm.stderr).toMatch(/\n(\d+) files analysed, 0 parsed; cache: \1 hits, 0 misses; findings from the cache\n/);
  });
});
