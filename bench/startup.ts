// Start-up cost of the built CLI: wall time of `--version`, `--help`, a configuration error and
// the demo, next to Node's own start (`node -e 0`). Not a test: numbers depend on the machine.
//
// Run from the repository root (Node 20 has no TypeScript loader, so compile this one file first;
// it spawns dist/src/cli/bin.js):
//   npx tsc -p tsconfig.build.json
//   npx tsc --ignoreConfig --module nodenext --target es2023 --types node --outDir /tmp/tia-bench-startup bench/startup.ts
//   node /tmp/tia-bench-startup/startup.js [--runs 10]
//
// Each command runs once to warm the file system cache, then `--runs` times; the median and the
// fastest run are printed in milliseconds.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const root = process.cwd();
const bin = path.join(root, 'dist/src/cli/bin.js');
if (!fs.existsSync(bin)) throw new Error(`${bin} is missing: run \`npx tsc -p tsconfig.build.json\` first`);

const runsFlag = process.argv.indexOf('--runs');
const runs = runsFlag >= 0 ? Number(process.argv[runsFlag + 1]) : 10;
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a positive integer');

// A project whose configuration has an unknown key: the CLI exits 2 before any analysis.
const badConfig = fs.mkdtempSync(path.join(os.tmpdir(), 'tia-bench-startup-'));
fs.writeFileSync(path.join(badConfig, 'tool-identity-audit.config.json'), '{ "maxWarning": 3 }\n');

interface Case {
  label: string;
  args: string[];
  cwd: string;
  status: number;
}

const cases: Case[] = [
  { label: 'node -e 0', args: ['-e', '0'], cwd: root, status: 0 },
  { label: '--version', args: [bin, '--version'], cwd: root, status: 0 },
  { label: '--help', args: [bin, '--help'], cwd: root, status: 0 },
  { label: 'configuration error', args: [bin], cwd: badConfig, status: 2 },
  { label: 'fixtures/demo', args: [bin, 'fixtures/demo', '--no-exit-code'], cwd: root, status: 0 },
];

function time(entry: Case): number {
  const start = performance.now();
  const result = spawnSync(process.execPath, entry.args, { cwd: entry.cwd, encoding: 'utf8' });
  const elapsed = performance.now() - start;
  if (result.status !== entry.status) throw new Error(`${entry.label}: exit ${result.status}, expected ${entry.status}\n${result.stderr}`);
  return elapsed;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

console.log(`Node ${process.version}, ${os.cpus().length} CPUs, ${runs} runs each (milliseconds, wall)\n`);
console.log('| command | median | fastest |');
console.log('|---|---|---|');
try {
  for (const entry of cases) {
    time(entry);
    const samples = Array.from({ length: runs }, () => time(entry));
    console.log(`| ${entry.label} | ${median(samples).toFixed(0)} | ${Math.min(...samples).toFixed(0)} |`);
  }
} finally {
  fs.rmSync(badConfig, { recursive: true, force: true });
}
