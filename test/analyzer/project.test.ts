// Whole-project behaviour on temp projects: cross-file linking (relative, extension-swapped and
// aliased imports), the facts cache, determinism.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeProject, CACHE_FILE_NAME, type AnalysisResult } from '../../src/analyzer/index.js';
import { ageTree, distrustFileList, recommendedRules, rows, settle, tempProject, toolModule, writeFiles } from './helpers.js';

const agentModule = [
  "import { Agent } from '@openai/agents';",
  "import { lookupOrder } from './tools/orders.js';",
  "import { lookupParcel } from '@tools/parcels';",
  '',
  'export const support = new Agent({',
  "  name: 'support',",
  "  instructions: 'Help.',",
  '  tools: [lookupOrder, lookupParcel],',
  '});',
  '',
].join('\n');

function crossFileProject(): string {
  return tempProject({
    'tsconfig.json': JSON.stringify({ compilerOptions: { paths: { '@tools/*': ['./src/tools/*'] } }, include: ['src'] }),
    'src/agent.ts': agentModule,
    'src/tools/orders.ts': toolModule('lookupOrder', 'lookup'),
    'src/tools/parcels.ts': toolModule('lookupParcel', 'lookup'),
  });
}

/** Everything but timings and cache counters, which legitimately differ between runs. */
function stable(result: AnalysisResult): Omit<AnalysisResult, 'timings' | 'cache' | 'filesParsed' | 'fileListFromCache' | 'findingsFromCache'> {
  const { timings: _timings, cache: _cache, filesParsed: _parsed, fileListFromCache: _listed, findingsFromCache: _reused, ...rest } = result;
  return rest;
}

/** A module that can hold tools (it imports the framework) with a syntax error: it is parsed. */
const BROKEN_TOOL_MODULE = "import { tool } from '@openai/agents';\nexport const = 1;\n";

describe('cross-file analysis', () => {
  it('two tools defined in different modules meet in one agent: found, with both locations', async () => {
    const cwd = crossFileProject();
    const result = await analyzeProject({ cwd, rules: recommendedRules() });
    // Which side carries the finding and the exact columns are the checks' decision (pinned for
    // the fixtures in fixtures.test.ts and equal to the ESLint path in equivalence.test.ts); here:
    // one collision whose locations cover both definitions, in two modules.
    expect(result.findings.map((f) => [f.ruleId, f.messageId])).toEqual([['no-tool-name-collision', 'duplicateToolName']]);
    const finding = result.findings[0]!;
    const lines = [`${finding.file}:${finding.span.loc.start.line}`, ...finding.related.map((r) => `${r.file}:${r.span.loc.start.line}`)];
    expect(lines).toEqual(expect.arrayContaining(['src/tools/orders.ts:5', 'src/tools/parcels.ts:5']));
    expect(result.findings[0]!.message).toContain('support');
    expect(result.diagnostics).toEqual([]);
    expect(result.linked.exposureSets.map((s) => [s.kind, s.name, s.tools.map((t) => `${t.definedAt.file}:${t.name}`), s.unresolved.length])).toEqual([
      ['agent', 'support', ['src/tools/orders.ts:lookup', 'src/tools/parcels.ts:lookup'], 0],
    ]);
  });

  it('without the alias the second module is outside the set: no finding, the set is incomplete', async () => {
    const cwd = crossFileProject();
    fs.writeFileSync(path.join(cwd, 'tsconfig.json'), JSON.stringify({ include: ['src'] }));
    const result = await analyzeProject({ cwd, rules: recommendedRules() });
    expect(result.findings).toEqual([]);
    expect(result.linked.exposureSets[0]!.unresolved.length).toBeGreaterThan(0);
  });

  it('paths narrow what is reported, not what is analysed: the other side of a collision is still seen', async () => {
    const cwd = crossFileProject();
    const whole = await analyzeProject({ cwd, rules: recommendedRules() });
    const finding = whole.findings[0]!;
    // The changed files of a commit: the one holding the finding and one of its related locations.
    const narrowed = await analyzeProject({ cwd, paths: [finding.file, 'src/agent.ts'], rules: recommendedRules() });
    expect(narrowed.filesAnalyzed).toBe(3);
    expect(narrowed.findings).toEqual(whole.findings);
    // A path that holds none of the findings reports none, though it analyses the same project.
    const elsewhere = await analyzeProject({ cwd, paths: whole.findings.some((f) => f.file === 'src/tools/parcels.ts') ? ['src/tools/orders.ts'] : ['src/tools/parcels.ts'], rules: recommendedRules() });
    expect(elsewhere.filesAnalyzed).toBe(3);
    expect(elsewhere.findings).toEqual([]);
  });

  it('follows the listed files\' relative imports into files no tsconfig lists, as the compiler does', async () => {
    const cwd = crossFileProject();
    // Only the entry point is listed; its relative import brings the orders module in.
    fs.writeFileSync(path.join(cwd, 'tsconfig.json'), JSON.stringify({ files: ['src/agent.ts'], compilerOptions: { paths: { '@tools/*': ['./src/tools/*'] } } }));
    fs.writeFileSync(path.join(cwd, 'src/agent.ts'), agentModule.replace("'@tools/parcels'", "'./tools/parcels.js'"));
    const result = await analyzeProject({ cwd, rules: recommendedRules() });
    expect(result.filesAnalyzed).toBe(3);
    expect(result.findings.map((f) => [f.ruleId, f.file])).toEqual([['no-tool-name-collision', 'src/agent.ts']]);
    // An import into an excluded path is not followed.
    const excluded = await analyzeProject({ cwd, exclude: ['src/tools/parcels.ts'], rules: recommendedRules() });
    expect(excluded.filesAnalyzed).toBe(2);
    expect(excluded.findings).toEqual([]);
  });

  it('is deterministic: two runs are deep-equal', async () => {
    const cwd = crossFileProject();
    writeFiles(cwd, { 'src/broken.ts': BROKEN_TOOL_MODULE, 'src/bin.ts': Buffer.from([0, 0, 0]) });
    const first = await analyzeProject({ cwd, rules: recommendedRules() });
    const second = await analyzeProject({ cwd, rules: recommendedRules() });
    expect(stable(second)).toEqual(stable(first));
    expect(JSON.stringify(stable(second))).toBe(JSON.stringify(stable(first)));
    expect(first.findings).toHaveLength(1);
    expect(first.diagnostics.map((d) => d.kind)).toEqual(['binary', 'parse-error']);
    expect(Object.keys(first.timings).sort()).toEqual(['check', 'discover', 'extract', 'link', 'parse', 'read']);
    expect(Object.values(first.timings).every((ms) => typeof ms === 'number' && ms >= 0)).toBe(true);
  });
});

describe('facts cache', () => {
  it('second run hits; a changed file misses; results equal an uncached run', async () => {
    const cwd = crossFileProject();
    writeFiles(cwd, { 'src/broken.ts': BROKEN_TOOL_MODULE });
    const cacheLocation = 'node_modules/.cache/tool-identity-audit/';
    const rules = recommendedRules();

    const cold = await analyzeProject({ cwd, rules, cacheLocation });
    expect(cold.cache).toEqual({ hits: 0, misses: 4 });
    expect(fs.existsSync(path.join(cwd, cacheLocation, CACHE_FILE_NAME))).toBe(true);

    const warm = await analyzeProject({ cwd, rules, cacheLocation });
    expect(warm.cache).toEqual({ hits: 4, misses: 0 });
    expect(stable(warm)).toEqual(stable(cold));
    // The parse diagnostic comes back from the cache too.
    expect(warm.diagnostics.map((d) => [d.file, d.kind])).toEqual([['src/broken.ts', 'parse-error']]);

    // Rename the second tool: the collision is gone, and only that file is re-extracted.
    writeFiles(cwd, { 'src/tools/parcels.ts': toolModule('lookupParcel', 'lookup_parcel') });
    const changed = await analyzeProject({ cwd, rules, cacheLocation });
    expect(changed.cache).toEqual({ hits: 3, misses: 1 });
    expect(changed.findings).toEqual([]);
    const uncached = await analyzeProject({ cwd, rules });
    expect(uncached.cache).toEqual({ hits: 0, misses: 0 });
    expect(stable(changed)).toEqual(stable(uncached));
  });

  it('a corrupt cache file is ignored and rebuilt', async () => {
    const cwd = crossFileProject();
    const rules = recommendedRules();
    const cacheFile = path.join(cwd, '.cache', 'facts.json');
    fs.mkdirSync(path.dirname(cacheFile), { recursive: true });
    fs.writeFileSync(cacheFile, '{"layout": 1, "salt": "x", "entries": {');

    const first = await analyzeProject({ cwd, rules, cacheLocation: '.cache/facts.json' });
    expect(first.cache).toEqual({ hits: 0, misses: 3 });
    expect(rows(first.findings)).toHaveLength(1);
    const rebuilt = fs.readFileSync(cacheFile, 'utf8').trimEnd().split('\n');
    expect(JSON.parse(rebuilt[0]!)).toEqual({ layout: expect.any(Number), salt: expect.any(String) });
    // The files' entries under their paths; the file list, the findings and the run's outcome in sections of their own file.
    expect(rebuilt.slice(1).map((line) => line.slice(0, line.indexOf('\t')))).toEqual(['"src/agent.ts"', '"src/tools/orders.ts"', '"src/tools/parcels.ts"']);
    const sections = fs.readFileSync(path.join(cwd, '.cache', 'facts.run.json'), 'utf8').trimEnd().split('\n');
    expect(sections.slice(1).map((line) => line.slice(0, line.indexOf('\t')))).toEqual(['["discovery"]', '["findings"]', '["run"]']);

    const second = await analyzeProject({ cwd, rules, cacheLocation: '.cache/facts.json' });
    expect(second.cache).toEqual({ hits: 3, misses: 0 });
    expect(stable(second)).toEqual(stable(first));
  });

  it('the file list comes from the cache while nothing discovery reads has changed', async () => {
    const cwd = tempProject({
      'tsconfig.json': JSON.stringify({ extends: './tsconfig.base.json', compilerOptions: { paths: { '@tools/*': ['./src/tools/*'] } } }),
      'tsconfig.base.json': JSON.stringify({ exclude: ['src/legacy'] }),
      '.gitignore': 'generated/\n',
      'src/agent.ts': agentModule,
      'src/tools/orders.ts': toolModule('lookupOrder', 'lookup'),
      'src/tools/parcels.ts': toolModule('lookupParcel', 'lookup_parcel'),
      'src/legacy/parcels.ts': toolModule('lookupParcel', 'lookup'),
    });
    const rules = recommendedRules();
    const cacheLocation = '.cache';
    // Made first: the cache directory appearing in the root would be a change of the tree.
    fs.mkdirSync(path.join(cwd, cacheLocation));
    // A state written in the second before it was recorded proves nothing (a racy entry): age the
    // tree so that the next run may trust what it recorded.
    const age = (): void => ageTree(cwd, '.cache');
    const run = () => analyzeProject({ cwd, rules, cacheLocation });
    const files = (result: AnalysisResult): number => result.filesAnalyzed;

    age();
    const cold = await run();
    expect(cold.fileListFromCache).toBe(false);
    expect(files(cold)).toBe(3);
    const warm = await run();
    expect(warm.fileListFromCache).toBe(true);
    expect(stable(warm)).toEqual(stable(cold));

    // A file edited in place: the list is the same, the edit is seen.
    writeFiles(cwd, { 'src/tools/parcels.ts': toolModule('lookupParcel', 'lookup') });
    const edited = await run();
    expect(edited.fileListFromCache).toBe(true);
    expect(rows(edited.findings)).toHaveLength(1);

    // A new file: its directory's time moved.
    writeFiles(cwd, { 'src/tools/returns.ts': toolModule('lookupReturn', 'lookup_return') });
    age();
    const added = await run();
    expect(added.fileListFromCache).toBe(false);
    expect(files(added)).toBe(4);

    // What a tsconfig extends changes (the times aged again: only the size tells).
    fs.writeFileSync(path.join(cwd, 'tsconfig.base.json'), JSON.stringify({ exclude: [] }));
    age();
    const unexcluded = await run();
    expect(unexcluded.fileListFromCache).toBe(false);
    expect(files(unexcluded)).toBe(5);
    expect(await run()).toMatchObject({ fileListFromCache: true, filesAnalyzed: 5 });

    // A .gitignore's rules change (what the tsconfig lists stays listed, as for tsc).
    fs.writeFileSync(path.join(cwd, '.gitignore'), 'generated/\nsrc/legacy/\n');
    age();
    const ignored = await run();
    expect(ignored.fileListFromCache).toBe(false);
    expect(stable(ignored)).toEqual(stable(await analyzeProject({ cwd, rules })));

    // Other options are another discovery.
    const narrowed = await analyzeProject({ cwd, rules, cacheLocation, paths: ['src/tools'] });
    expect(narrowed.fileListFromCache).toBe(false);
    expect(stable(await run())).toEqual(stable(await analyzeProject({ cwd, rules })));
  });

  it('a tampered entry (valid JSON, wrong shape) is a miss, not a crash', async () => {
    const cwd = crossFileProject();
    const rules = recommendedRules();
    const cacheLocation = '.cache';
    fs.mkdirSync(path.join(cwd, cacheLocation));
    const expected = await analyzeProject({ cwd, rules, cacheLocation });
    const cacheFile = path.join(cwd, cacheLocation, CACHE_FILE_NAME);
    const lines = fs.readFileSync(cacheFile, 'utf8').split('\n');
    const at = lines.findIndex((line) => line.startsWith('"src/agent.ts"\t'));
    const entry = JSON.parse(lines[at]!.slice(lines[at]!.indexOf('\t') + 1)) as { facts: Record<string, unknown> };
    entry.facts.tools = 'not an array';
    lines[at] = `"src/agent.ts"\t${JSON.stringify(entry)}`;
    // And a line that is not JSON at all: ignored like a missing entry.
    lines[at + 1] = `"src/tools/orders.ts"\t{"stamp":`;
    fs.writeFileSync(cacheFile, lines.join('\n'));

    const result = await analyzeProject({ cwd, rules, cacheLocation });
    expect(result.cache).toEqual({ hits: 1, misses: 2 });
    expect(stable(result)).toEqual(stable(expected));
  });

  it('entries of files outside the current selection survive; deleted files are pruned', async () => {
    const cwd = crossFileProject();
    const rules = recommendedRules();
    const cacheLocation = '.cache/';
    await analyzeProject({ cwd, rules, cacheLocation });
    await analyzeProject({ cwd, rules, cacheLocation, paths: ['src/agent.ts'] });
    const full = await analyzeProject({ cwd, rules, cacheLocation });
    expect(full.cache).toEqual({ hits: 3, misses: 0 });

    fs.rmSync(path.join(cwd, 'src/tools/parcels.ts'));
    await analyzeProject({ cwd, rules, cacheLocation });
    const lines = fs.readFileSync(path.join(cwd, cacheLocation, CACHE_FILE_NAME), 'utf8').trimEnd().split('\n');
    expect(lines.slice(1).map((line) => JSON.parse(line.slice(0, line.indexOf('\t'))) as string)).toEqual(['src/agent.ts', 'src/tools/orders.ts']);
  });

  it('a warm run after one edit appends that entry; the file is rewritten compact once replaced lines would be half of it', async () => {
    const cwd = crossFileProject();
    const rules = recommendedRules();
    const cacheLocation = '.cache/';
    const cacheFile = path.join(cwd, cacheLocation, CACHE_FILE_NAME);
    // The files' lines.
    const keys = (): unknown[] =>
      fs.readFileSync(cacheFile, 'utf8').trimEnd().split('\n').slice(1).map((line): unknown => JSON.parse(line.slice(0, line.indexOf('\t')))).filter((key) => typeof key === 'string');
    const expected = stable(await analyzeProject({ cwd, rules }));

    // A time vouches for the bytes only once older than the run that read them (time-vouches.ts):
    // the tree aged, each edit settled. The file list never vouches: every run is a full one, which
    // reads the index (a run that takes the last outcome only appends to it).
    fs.mkdirSync(path.join(cwd, cacheLocation));
    ageTree(cwd, '.cache');
    distrustFileList(cwd);
    await analyzeProject({ cwd, rules, cacheLocation });
    const written = fs.readFileSync(cacheFile, 'utf8');
    expect(keys()).toEqual(['src/agent.ts', 'src/tools/orders.ts', 'src/tools/parcels.ts']);

    // One edit: the same text, one line more; the next run takes the later line.
    fs.appendFileSync(path.join(cwd, 'src/tools/parcels.ts'), '\n// edited\n');
    settle(cwd, 'src/tools/parcels.ts');
    const edited = await analyzeProject({ cwd, rules, cacheLocation });
    expect(edited.cache).toEqual({ hits: 2, misses: 1 });
    const appended = fs.readFileSync(cacheFile, 'utf8');
    expect(appended.startsWith(written)).toBe(true);
    expect(keys()).toEqual(['src/agent.ts', 'src/tools/orders.ts', 'src/tools/parcels.ts', 'src/tools/parcels.ts']);
    const warm = await analyzeProject({ cwd, rules, cacheLocation });
    expect(warm.cache).toEqual({ hits: 3, misses: 0 });
    expect(stable(warm)).toEqual(expected);
    expect(fs.readFileSync(cacheFile, 'utf8').startsWith(appended)).toBe(true);

    // Edits to the largest entry until the replaced lines would be more than half: one line per file again.
    for (let i = 0; i < 6 && keys().length > 3; i++) {
      fs.appendFileSync(path.join(cwd, 'src/agent.ts'), `\n// edit ${String(i)}\n`);
      settle(cwd, 'src/agent.ts');
      await analyzeProject({ cwd, rules, cacheLocation });
    }
    expect(keys()).toEqual(['src/agent.ts', 'src/tools/orders.ts', 'src/tools/parcels.ts']);
    const compact = await analyzeProject({ cwd, rules, cacheLocation });
    expect(compact.cache).toEqual({ hits: 3, misses: 0 });
    expect(stable(compact)).toEqual(expected);
  });

  it('the index is ASCII: text beyond it (paths, names) is escaped and reads back the same', async () => {
    const cwd = tempProject({
      'src/agent.ts': agentModule.replace("'@tools/parcels'", "'./tools/größe.js'"),
      'src/tools/orders.ts': toolModule('lookupOrder', 'suche_größe'),
      'src/tools/größe.ts': toolModule('lookupParcel', 'suche_größe'),
    });
    const rules = recommendedRules();
    const cacheLocation = '.cache/';
    const cold = await analyzeProject({ cwd, rules, cacheLocation });
    // The collision, and the name providers reject (beyond ASCII) at each definition.
    expect(cold.findings.map((f) => f.ruleId).sort()).toEqual(['no-tool-name-collision', 'valid-tool-name', 'valid-tool-name']);
    expect(cold.findings.filter((f) => f.message.includes('suche_größe')).map((f) => f.ruleId)).toEqual(['valid-tool-name', 'valid-tool-name']);
    const bytes = fs.readFileSync(path.join(cwd, cacheLocation, CACHE_FILE_NAME));
    expect(bytes.every((byte) => byte < 0x80)).toBe(true);
    expect(bytes.toString('latin1')).toContain('gr\\u00f6\\u00dfe.ts');
    const warm = await analyzeProject({ cwd, rules, cacheLocation });
    expect(warm.cache).toEqual({ hits: 3, misses: 0 });
    expect(stable(warm)).toEqual(stable(cold));
  });

  it('a torn last line (a run stopped while appending) is a miss for that file only', async () => {
    const cwd = crossFileProject();
    const rules = recommendedRules();
    const cacheLocation = '.cache/';
    const cacheFile = path.join(cwd, cacheLocation, CACHE_FILE_NAME);
    // Every run a full one, which reads the index (a run that takes the last outcome does not).
    fs.mkdirSync(path.join(cwd, cacheLocation));
    distrustFileList(cwd);
    const expected = stable(await analyzeProject({ cwd, rules, cacheLocation }));
    fs.appendFileSync(cacheFile, '"src/tools/orders.ts"\t{"stamp":{"mtim');
    const torn = await analyzeProject({ cwd, rules, cacheLocation });
    expect(torn.cache).toEqual({ hits: 2, misses: 1 });
    expect(stable(torn)).toEqual(expected);
    // The next run appends a whole line after the torn one, and takes it.
    expect((await analyzeProject({ cwd, rules, cacheLocation })).cache).toEqual({ hits: 3, misses: 0 });
  });
});
