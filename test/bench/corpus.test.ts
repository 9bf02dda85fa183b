// The benchmark's corpus generator (bench/corpus/): deterministic, mostly ordinary code, code that
// type-checks against its stub packages, and planted collisions the CLI reports exactly. No
// timing is measured here (that is `npm run bench`).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateCorpus } from '../../bench/corpus/generate.js';
import { FRAMEWORKS } from '../../bench/corpus/model.js';
import { writeCorpus } from '../../bench/corpus/write.js';
import { run } from '../cli/helpers.js';

const root = path.resolve(import.meta.dirname, '../..');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function written(size: number, defectEvery: number): { dir: string; corpus: ReturnType<typeof generateCorpus> } {
  const dir = mkdtempSync(path.join(tmpdir(), 'tia-bench-corpus-'));
  dirs.push(dir);
  const corpus = generateCorpus(size, { defectEvery });
  writeCorpus(dir, corpus, root);
  return { dir, corpus };
}

describe('generateCorpus', () => {
  it('gives the same bytes for the same seed, and other bytes for another seed', () => {
    const a = [...generateCorpus(100).files];
    const b = [...generateCorpus(100).files];
    expect(b).toEqual(a);
    const other = generateCorpus(100, { seed: 13 }).files;
    expect([...other.keys()]).toEqual(a.map(([file]) => file));
    expect([...other].filter(([file, text]) => generateCorpus(100).files.get(file) !== text).length).toBeGreaterThan(10);
  });

  it('writes exactly the requested number of sources, about 80% of them framework-free, every framework present', () => {
    const corpus = generateCorpus(350);
    expect(corpus.sources).toHaveLength(350);
    expect(corpus.sources.every((file) => file.startsWith('src/') && /\.tsx?$/.test(file))).toBe(true);
    expect(corpus.ordinary.length / corpus.sources.length).toBe(0.8);
    for (const framework of FRAMEWORKS) expect(corpus.frameworkFiles[framework], framework).toBe(10);
    expect(corpus.sources.filter((file) => file.endsWith('.tsx'))).toHaveLength(70);
    for (const file of corpus.ordinary) {
      expect(corpus.files.get(file), file).not.toMatch(/from '(@openai|@modelcontextprotocol|ai'|@langchain|langchain'|@mastra|tool-identity-audit)/);
    }
    expect(() => generateCorpus(120)).toThrow('multiple of 50');
  });

  it('type-checks with tsc against its stub packages', () => {
    const { dir } = written(350, 8);
    // Throws (with tsc's output) on any type error.
    execFileSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', dir], { encoding: 'utf8' });
  });

  it('holds one collision per planted defect, and the CLI reports exactly those (every framework)', async () => {
    const { dir, corpus } = written(350, 1);
    expect(corpus.expectedCollisions).toHaveLength(7);
    const result = await run([dir, '--format', 'json'], { cwd: dir });
    expect(result.stderr).toBe('');
    const messages = (JSON.parse(result.stdout) as Array<{ filePath: string; messages: Array<{ ruleId: string; message: string }> }>).flatMap((file) =>
      file.messages.map((m) => ({ ...m, file: path.relative(dir, file.filePath) })),
    );
    expect(messages.map((m) => m.ruleId)).toEqual(Array.from({ length: 7 }, () => 'no-tool-name-collision'));
    for (const { name } of corpus.expectedCollisions) expect(messages.filter((m) => m.message.includes(`"${name}"`)), name).toHaveLength(1);
    expect(result.code).toBe(1);
  });
});
