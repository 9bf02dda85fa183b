// Findings from the facts cache (result-cache.ts): a warm run neither links nor checks while every
// linked file's facts, the files the resolver knows, the rules and the package.json files the
// checks read are as the last run had them; any of those changing links and checks anew, and the
// findings are always those of an uncached run.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeProject, type AnalysisResult, type AnalyzeOptions } from '../../src/analyzer/index.js';
import { agentModule, ageTree, reported, CALL_ID_DEFECT, recommendedRules, tempProject, toolModule, writeFiles } from './helpers.js';

const manifest = (deps: 'dependencies' | 'devDependencies'): string => JSON.stringify({ name: 'support-desk', [deps]: { 'tool-identity-audit': '0.1.0' } });

function project(): string {
  const cwd = tempProject({
    'package.json': manifest('devDependencies'),
    'src/agent.ts': agentModule(['lookupOrder', './tools/orders.js'], ['lookupParcel', './tools/parcels.js']),
    'src/tools/orders.ts': toolModule('lookupOrder', 'lookup'),
    'src/tools/parcels.ts': toolModule('lookupParcel', 'lookup'),
    'src/approvals.ts': CALL_ID_DEFECT,
    'src/format.ts': 'export const money = (cents: number): string => `$${(cents / 100).toFixed(2)}`;\n',
    'src/currency.ts': "export const USD = 'USD';\n",
  });
  fs.mkdirSync(path.join(cwd, '.cache'));
  age(cwd);
  return cwd;
}

/** A state written in the second before it was recorded proves nothing (a racy entry): age the tree. */
const age = (cwd: string): void => ageTree(cwd, '.cache');

const suggestion = (result: AnalysisResult): string[] =>
  result.findings.filter((f) => f.ruleId === 'no-call-id-coercion').flatMap((f) => f.suggestions.map((s) => s.messageId));

describe('findings from the cache', () => {
  it('are reused while no linked file changes its facts, and equal an uncached run whenever one does', async () => {
    const cwd = project();
    const options: AnalyzeOptions = { cwd, rules: recommendedRules(), cacheLocation: '.cache' };
    const uncached = async (): Promise<unknown> => reported(await analyzeProject({ cwd, rules: options.rules }));

    const cold = await analyzeProject(options);
    expect(cold.findingsFromCache).toBe(false);
    expect(cold.findings.map((f) => f.ruleId).sort()).toEqual(['no-call-id-coercion', 'no-tool-name-collision']);
    const warm = await analyzeProject(options);
    expect(warm.findingsFromCache).toBe(true);
    expect(warm.timings.link + warm.timings.check).toBe(0);
    // The linked project is built when asked for, and is the one a full run builds.
    expect(reported(warm)).toEqual(reported(cold));
    expect(warm.timings.link).toBeGreaterThan(0);

    // A comment in a tool module: its facts are the same, so the findings are too.
    fs.appendFileSync(path.join(cwd, 'src/tools/parcels.ts'), '\n// Parcels come from the carrier API.\n');
    const comment = await analyzeProject(options);
    expect([comment.cache, comment.filesParsed, comment.findingsFromCache]).toEqual([{ hits: 5, misses: 1 }, 1, true]);
    expect(reported(comment)).toEqual(await uncached());

    // An ordinary module that now imports another: the whole run (unchanged-run.ts gives up on
    // changed imports), yet nothing linked changed, so no link and no check.
    fs.appendFileSync(path.join(cwd, 'src/format.ts'), "export { USD } from './currency.js';\n");
    const imports = await analyzeProject(options);
    expect([imports.cache, imports.findingsFromCache, imports.timings.link + imports.timings.check]).toEqual([{ hits: 5, misses: 1 }, true, 0]);
    expect(reported(imports)).toEqual(await uncached());

    // A renamed tool: new facts, linked and checked anew; the collision is gone.
    writeFiles(cwd, { 'src/tools/parcels.ts': toolModule('lookupParcel', 'lookup_parcel') });
    const renamed = await analyzeProject(options);
    expect(renamed.findingsFromCache).toBe(false);
    expect(renamed.findings.map((f) => f.ruleId)).toEqual(['no-call-id-coercion']);
    expect(reported(renamed)).toEqual(await uncached());
  });

  it('another rule setting, a new file or a changed package.json is checked anew', async () => {
    const cwd = project();
    const options: AnalyzeOptions = { cwd, rules: recommendedRules(), cacheLocation: '.cache' };
    await analyzeProject(options);
    expect((await analyzeProject(options)).findingsFromCache).toBe(true);

    // Rules are part of the key: the collision rule off, then on again.
    const { 'no-tool-name-collision': _off, ...fewer } = recommendedRules();
    const without = await analyzeProject({ ...options, rules: fewer });
    expect([without.findingsFromCache, without.findings.map((f) => f.ruleId)]).toEqual([false, ['no-call-id-coercion']]);
    expect((await analyzeProject(options)).findingsFromCache).toBe(false);

    // A new module is one more file the resolver knows: an import may now resolve to it.
    writeFiles(cwd, { 'src/tools/index.ts': "export * from './orders.js';\n" });
    expect((await analyzeProject(options)).findingsFromCache).toBe(false);

    // The suggestion for the coerced call ID depends on the package.json the checks read: installed
    // only for development, application code gets the check inline; as a dependency, the helper.
    age(cwd);
    const before = await analyzeProject(options);
    expect(suggestion(before)).toEqual(['useStringCallId']);
    expect((await analyzeProject(options)).findingsFromCache).toBe(true);
    writeFiles(cwd, { 'package.json': manifest('dependencies') });
    const after = await analyzeProject(options);
    expect(after.findingsFromCache).toBe(false);
    expect(suggestion(after)).toEqual(['useExtractToolCallId']);
  });
});
