// `--concurrency`: worker threads parse and extract files beside the main thread
// (src/analyzer/extract-pool.ts). Through the built executable (the workers run the compiled
// module) on a generated project of the benchmark's kind: the report is byte-identical on one
// thread and on several, with and without the facts cache, and a warm run after one edit starts no
// worker. A run's threads are printed by --performance.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCorpus } from '../../bench/corpus/generate.js';
import { writeCorpus } from '../../bench/corpus/write.js';
import { repoRoot, runBin } from './spawn.js';

let dir: string;
let corpus: ReturnType<typeof generateCorpus>;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tia-concurrency-'));
  // 400 files, 80 of them tool modules and the like: enough files to parse for workers to start.
  corpus = generateCorpus(400, { defectEvery: 2 });
  writeCorpus(dir, corpus, repoRoot);
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const threadsOf = (stderr: string): string | undefined => /parsed on (\d+) threads/.exec(stderr)?.[1];

describe('--concurrency', () => {
  it('reports the same, byte for byte, on one thread and on several', () => {
    const one = runBin(dir, ['--format', 'json', '--concurrency', 'off', '--performance']);
    const two = runBin(dir, ['--format', 'json', '--concurrency', '2', '--performance']);
    const three = runBin(dir, ['--format', 'json', '--concurrency', '3', '--performance']);
    expect(one.status).toBe(1);
    expect(JSON.parse(one.stdout)).not.toEqual([]);
    expect(threadsOf(one.stderr)).toBeUndefined();
    expect(threadsOf(two.stderr)).toBe('2');
    expect(threadsOf(three.stderr)).toBe('3');
    expect(two.stdout).toBe(one.stdout);
    expect(three.stdout).toBe(one.stdout);
    expect([two.status, three.status]).toEqual([1, 1]);
    // Every planted collision, on every thread count.
    const collisions = (JSON.parse(two.stdout) as Array<{ messages: Array<{ ruleId: string }> }>).flatMap((f) => f.messages).filter((m) => m.ruleId === 'no-tool-name-collision');
    expect(collisions).toHaveLength(corpus.expectedCollisions.length);
  });

  it('with the facts cache: the same report cold and warm, and a warm run after one edit starts no worker', () => {
    const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'tia-concurrency-cache-'));
    try {
      const plain = runBin(dir, ['--format', 'json', '--concurrency', 'off']);
      const cold = runBin(dir, ['--format', 'json', '--concurrency', '2', '--cache', '--cache-location', cache, '--performance']);
      expect(threadsOf(cold.stderr)).toBe('2');
      expect(cold.stdout).toBe(plain.stdout);
      fs.appendFileSync(path.join(dir, corpus.toolModules[0]!), '\n// edited\n');
      const warm = runBin(dir, ['--format', 'json', '--concurrency', '2', '--cache', '--cache-location', cache, '--performance']);
      expect(warm.stderr).toMatch(/1 parsed; cache: \d+ hits, 1 miss/);
      expect(warm.stdout).toBe(plain.stdout);
    } finally {
      fs.rmSync(cache, { recursive: true, force: true });
    }
  });

  it('a value that is no thread count stops the run with exit code 2, naming the flag', () => {
    for (const value of ['0', 'many', '1.5']) {
      const result = runBin(dir, ['--concurrency', value]);
      expect(result.status, value).toBe(2);
      expect(result.stderr, value).toContain(`--concurrency ${value}: expected a whole number of threads of at least 1, auto or off`);
    }
  });
});
