// Parse on demand must not change a finding: every fixture project, and this repository's own
// sources, analysed with every rule on give byte-identical findings and the same linked graph with
// the pre-filter (files parsed only when they can hold facts or the linker reaches them) and
// without it (every file parsed).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeProject } from '../../src/analyzer/index.js';
import type { AnalysisResult } from '../../src/analyzer/types.js';
import { allRules, FIXTURES, fixtureProjects } from './helpers.js';

const REPO = path.resolve(import.meta.dirname, '../..');

/** What must not move: findings, the graph, and every diagnostic but syntax errors of unparsed files. */
function verdict(result: AnalysisResult): string {
  return JSON.stringify({ findings: result.findings, linked: result.linked, suppressed: result.suppressed, filesAnalyzed: result.filesAnalyzed });
}

async function both(cwd: string, extra: { paths?: string[] } = {}): Promise<{ on: AnalysisResult; off: AnalysisResult }> {
  const on = await analyzeProject({ cwd, rules: allRules(), ...extra });
  const off = await analyzeProject({ cwd, rules: allRules(), ...extra, prefilter: false });
  return { on, off };
}

describe.each(fixtureProjects)('fixtures/%s with and without the pre-filter', (name) => {
  it('gives byte-identical findings and graph', async () => {
    const { on, off } = await both(path.join(FIXTURES, name));
    expect(verdict(on)).toBe(verdict(off));
    expect(on.findings.length + on.linked.tools.length).toBeGreaterThan(0);
    // Parse errors are reported for parsed files only; every other diagnostic is the same.
    const parsedFiles = new Set(on.diagnostics.filter((d) => d.kind === 'parse-error').map((d) => d.file));
    expect(on.diagnostics).toEqual(off.diagnostics.filter((d) => d.kind !== 'parse-error' || parsedFiles.has(d.file)));
    expect(on.filesParsed).toBeLessThanOrEqual(off.filesParsed);
  });
});

describe('this repository with and without the pre-filter', () => {
  it('gives byte-identical findings over src/, test/ and bench/, parsing fewer files', async () => {
    // Code written to be audited clean, full of identity words (it is this tool), no tool object.
    const { on, off } = await both(REPO, { paths: ['src', 'test', 'bench'] });
    expect(verdict(on)).toBe(verdict(off));
    expect(on.findings).toEqual([]);
    expect(off.filesParsed).toBe(off.filesAnalyzed);
    expect(on.filesParsed).toBeLessThan(off.filesParsed);
  });
});
