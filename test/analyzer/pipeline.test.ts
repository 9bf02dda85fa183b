// Pipeline guarantees seen through the extractor: a cache hit never parses or extracts, and an
// extractor crash on one file is an `internal-error` diagnostic while the other files go on.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { analyzeProject } from '../../src/analyzer/index.js';
import type * as ExtractModule from '../../src/facts/extract.js';
import { recommendedRules, tempProject } from './helpers.js';

const calls = vi.hoisted(() => ({ files: [] as string[] }));

vi.mock('../../src/facts/extract.js', async (importOriginal) => {
  const original = await importOriginal<typeof ExtractModule>();
  return {
    ...original,
    extractFacts: ((...args: Parameters<typeof original.extractFacts>) => {
      const file = args[2].file;
      calls.files.push(file);
      if (file.endsWith('crash.ts')) throw new Error('boom');
      return (original.extractFacts as (...a: unknown[]) => unknown)(...args);
    }) as typeof original.extractFacts,
  };
});

beforeEach(() => {
  calls.files.length = 0;
});

describe('analyzer pipeline', () => {
  it('an extractor crash on one file is an internal-error diagnostic; the run goes on', async () => {
    const cwd = tempProject({ 'src/crash.ts': 'export const a = 1;\n', 'src/ok.ts': 'export const b = 2;\n' });
    const result = await analyzeProject({ cwd, rules: recommendedRules() });
    expect(result.diagnostics).toEqual([{ file: 'src/crash.ts', kind: 'internal-error', message: 'Fact extraction failed: boom' }]);
    expect(result.filesAnalyzed).toBe(1);
    expect(calls.files).toEqual(['src/crash.ts', 'src/ok.ts']);
  });

  it('a cache hit skips extraction; a failed file is retried next run, not cached', async () => {
    const cwd = tempProject({ 'src/a.ts': 'export const a = 1;\n', 'src/b.ts': 'export const b = 2;\n', 'src/crash.ts': 'x;\n' });
    const options = { cwd, rules: recommendedRules(), cacheLocation: '.cache/' };
    const first = await analyzeProject(options);
    expect(first.cache).toEqual({ hits: 0, misses: 3 });
    expect(calls.files).toEqual(['src/a.ts', 'src/b.ts', 'src/crash.ts']);

    calls.files.length = 0;
    const second = await analyzeProject(options);
    expect(second.cache).toEqual({ hits: 2, misses: 1 });
    expect(calls.files).toEqual(['src/crash.ts']);
    expect(second.diagnostics.map((d) => d.kind)).toEqual(['internal-error']);
  });
});
