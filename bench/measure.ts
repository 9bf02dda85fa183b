// Runs one benchmark command as a child Node process and records its wall time and peak RSS.
// The peak RSS comes from inside the child: `--require <probe>` writes
// process.resourceUsage().maxRSS (KiB) at exit to the file named by TIA_BENCH_RSS_FILE, so no
// global tool (/usr/bin/time) is needed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

export interface Sample {
  wallMs: number;
  rssMB: number;
  status: number | null;
  stdout: string;
  stderr: string;
}

export interface Command {
  id: string;
  /** Arguments after `node --require <probe>`. */
  args: string[];
  cwd: string;
  env?: Record<string, string>;
  /** Exit codes that count as success. */
  ok: readonly number[];
  /** Called before each run (e.g. the edit before a warm-cache run). */
  before?: () => void;
}

const PROBE = `const fs = require('node:fs');
process.on('exit', () => {
  const file = process.env.TIA_BENCH_RSS_FILE;
  if (file) fs.writeFileSync(file, String(process.resourceUsage().maxRSS));
});
`;

export class Runner {
  private readonly probe: string;
  private counter = 0;

  /** TMPDIR of every command unless it sets its own: no resident server listens there (one the user started would answer the CLI's runs). */
  private readonly tmp: string;

  constructor(private readonly workDir: string) {
    this.probe = path.join(workDir, 'rss-probe.cjs');
    fs.writeFileSync(this.probe, PROBE);
    this.tmp = path.join(workDir, 'tmp');
    fs.mkdirSync(this.tmp, { recursive: true });
  }

  run(command: Command): Sample {
    command.before?.();
    const rssFile = path.join(this.workDir, `rss-${this.counter++}.txt`);
    const start = performance.now();
    const result = spawnSync(process.execPath, ['--require', this.probe, ...command.args], {
      cwd: command.cwd,
      env: { ...process.env, TMPDIR: this.tmp, ...command.env, TIA_BENCH_RSS_FILE: rssFile },
      encoding: 'utf8',
      maxBuffer: 1 << 30,
    });
    const wallMs = performance.now() - start;
    if (result.error) throw result.error;
    if (!command.ok.includes(result.status ?? -1)) {
      throw new Error(`${command.id}: exit ${result.status} (expected ${command.ok.join(' or ')})\n${result.stderr.slice(-4000)}${result.stdout.slice(-2000)}`);
    }
    const rssKiB = fs.existsSync(rssFile) ? Number(fs.readFileSync(rssFile, 'utf8')) : Number.NaN;
    fs.rmSync(rssFile, { force: true });
    return { wallMs, rssMB: rssKiB / 1024, status: result.status, stdout: result.stdout, stderr: result.stderr };
  }
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/**
 * One warm-up round, then `runs` rounds; each round runs every command once, the order rotated by
 * one each round, so load changes on a shared machine spread over all commands alike.
 */
export function interleaved(runner: Runner, commands: readonly Command[], runs: number, log: (line: string) => void): Map<string, Sample[]> {
  const samples = new Map<string, Sample[]>(commands.map((c) => [c.id, []]));
  for (let round = -1; round < runs; round++) {
    const order = commands.map((_, i) => commands[(i + Math.max(round, 0)) % commands.length] as Command);
    for (const command of order) {
      const sample = runner.run(command);
      if (round >= 0) samples.get(command.id)?.push(sample);
      log(`  ${round < 0 ? 'warm-up' : `run ${round + 1}/${runs}`} ${command.id}: ${sample.wallMs.toFixed(0)} ms, ${sample.rssMB.toFixed(0)} MB`);
    }
  }
  return samples;
}
