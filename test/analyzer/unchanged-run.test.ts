// A warm run that changes nothing the rules see takes the last run's outcome (unchanged-run.ts):
// it stats each file, reads and parses only the edited ones, and never reads the index of facts.
// Whatever an edit changes, the findings are an uncached run's.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeProject, type AnalyzeOptions } from '../../src/analyzer/index.js';
import { agentModule, ageTree, reported, CALL_ID_DEFECT, recommendedRules, settle, tempProject, toolModule, writeFiles } from './helpers.js';

function project(files: Record<string, string> = {}): string {
  const cwd = tempProject({
    'package.json': JSON.stringify({ name: 'support-desk' }),
    'src/agent.ts': agentModule(['lookupOrder', './tools/orders.js'], ['lookupParcel', './tools/parcels.js']),
    'src/tools/orders.ts': toolModule('lookupOrder', 'lookup'),
    'src/tools/parcels.ts': toolModule('lookupParcel', 'lookup'),
    'src/approvals.ts': CALL_ID_DEFECT,
    'src/format.ts': 'export const money = (cents: number): string => `$${(cents / 100).toFixed(2)}`;\n',
    ...files,
  });
  fs.mkdirSync(path.join(cwd, '.cache'));
  // A state written in the second before it was recorded proves nothing: age the tree.
  ageTree(cwd, '.cache');
  return cwd;
}

const indexOf = (cwd: string): string => path.join(cwd, '.cache', 'analyzer-facts.json');

describe('a run over unchanged files', () => {
  it('takes the last outcome without reading the index; an edit that keeps the meaning does too', async () => {
    const cwd = project();
    const options: AnalyzeOptions = { cwd, rules: recommendedRules(), cacheLocation: '.cache/' };
    const uncached = async (): Promise<unknown> => reported(await analyzeProject({ cwd, rules: options.rules }));
    const cold = await analyzeProject(options);
    expect(cold.findings.map((f) => f.ruleId).sort()).toEqual(['no-call-id-coercion', 'no-tool-name-collision']);

    // The index is not read: replaced by garbage, every file is still a hit.
    const index = fs.readFileSync(indexOf(cwd));
    fs.writeFileSync(indexOf(cwd), 'not an index\n');
    const warm = await analyzeProject(options);
    expect([warm.cache, warm.filesParsed, warm.fileListFromCache, warm.findingsFromCache]).toEqual([{ hits: 5, misses: 0 }, 0, true, true]);
    expect(warm.timings.link + warm.timings.check).toBe(0);
    fs.writeFileSync(indexOf(cwd), index);
    // The linked project, when asked for, is built from the index: the one a full run builds.
    expect(reported(warm)).toEqual(reported(cold));

    // A comment in a tool module: read and parsed, the same facts; an ordinary module edited.
    fs.appendFileSync(path.join(cwd, 'src/tools/parcels.ts'), '\n// Parcels come from the carrier API.\n');
    fs.appendFileSync(path.join(cwd, 'src/format.ts'), 'export const cents = (money: number): number => Math.round(money * 100);\n');
    settle(cwd, 'src/tools/parcels.ts', 'src/format.ts');
    const edited = await analyzeProject(options);
    expect([edited.cache, edited.filesParsed, edited.findingsFromCache]).toEqual([{ hits: 3, misses: 2 }, 1, true]);
    expect(reported(edited)).toEqual(await uncached());
    // The edits are learnt: the next run parses nothing.
    expect((await analyzeProject(options)).filesParsed).toBe(0);

    // A directive is applied anew: it suppresses the finding on its line.
    writeFiles(cwd, { 'src/approvals.ts': CALL_ID_DEFECT.replace('String(item.call_id);', 'String(item.call_id); // eslint-disable-line tool-identity/no-call-id-coercion') });
    const suppressed = await analyzeProject(options);
    expect([suppressed.findings.map((f) => f.ruleId), suppressed.suppressed]).toEqual([['no-tool-name-collision'], 1]);
    expect(reported(suppressed)).toEqual(await uncached());
  });

  it("appends a warm run's edits to the sections file instead of rewriting it; a full run's record voids them", async () => {
    const cwd = project();
    const options: AnalyzeOptions = { cwd, rules: recommendedRules(), cacheLocation: '.cache/' };
    const uncached = async (): Promise<unknown> => reported(await analyzeProject({ cwd, rules: options.rules }));
    const sectionsFile = path.join(cwd, '.cache', 'analyzer-facts.run.json');
    const sectionNames = (): string[] => fs.readFileSync(sectionsFile, 'utf8').trimEnd().split('\n').slice(1).map((line) => line.slice(0, line.indexOf('\t')));
    await analyzeProject(options);
    expect((await analyzeProject(options)).findingsFromCache).toBe(true);
    const recorded = fs.readFileSync(sectionsFile, 'utf8');
    // A rewrite goes through a temporary file and a rename: a new inode.
    const inode = fs.statSync(sectionsFile).ino;
    expect(sectionNames()).toEqual(['["discovery"]', '["findings"]', '["run"]']);

    // A directive added at the end of a line (the facts stay the same): the edited file's time and
    // directives on a line of their own, after the record.
    const agent = fs.readFileSync(path.join(cwd, 'src/agent.ts'), 'utf8');
    writeFiles(cwd, { 'src/agent.ts': agent.replace(/\n$/, ' // eslint-disable-line tool-identity/no-tool-name-collision\n') });
    settle(cwd, 'src/agent.ts');
    const suppressed = await analyzeProject(options);
    expect([suppressed.findingsFromCache, suppressed.findings.map((f) => f.ruleId), suppressed.suppressed]).toEqual([true, ['no-call-id-coercion'], 1]);
    const appended = fs.readFileSync(sectionsFile, 'utf8');
    expect([appended.startsWith(recorded), fs.statSync(sectionsFile).ino]).toEqual([true, inode]);
    expect(sectionNames()).toEqual(['["discovery"]', '["findings"]', '["run"]', '["run-edits"]']);
    // Read back with the record: the edit is known (nothing read or parsed), the directive applied.
    const again = await analyzeProject(options);
    expect([again.cache, again.filesParsed, again.suppressed]).toEqual([{ hits: 5, misses: 0 }, 0, 1]);
    expect(fs.readFileSync(sectionsFile, 'utf8')).toBe(appended);

    // The directive removed, and an import added (a full run): the old edits do not touch its record.
    writeFiles(cwd, { 'src/agent.ts': agent, 'src/format.ts': `import './tools/orders.js';\n${fs.readFileSync(path.join(cwd, 'src/format.ts'), 'utf8')}` });
    settle(cwd, 'src/agent.ts', 'src/format.ts');
    const full = await analyzeProject(options);
    expect([full.findingsFromCache, full.suppressed]).toEqual([false, 0]);
    expect(reported(full)).toEqual(await uncached());
    const after = await analyzeProject(options);
    expect([after.findingsFromCache, after.cache, after.suppressed]).toEqual([true, { hits: 5, misses: 0 }, 0]);
    expect(reported(after)).toEqual(reported(full));
  });

  it('an edit that changes the meaning, a file gone or a file appearing where an import pointed is a full run', async () => {
    const cwd = project({
      '.gitignore': 'src/generated/\n',
      'src/generated/.keep': '',
      'src/desk.ts': agentModule(['lookupOrder', './tools/orders.js'], ['escalate', './generated/escalate.js']),
    });
    const options: AnalyzeOptions = { cwd, rules: recommendedRules(), cacheLocation: '.cache/' };
    const uncached = async (): Promise<unknown> => reported(await analyzeProject({ cwd, rules: options.rules }));
    await analyzeProject(options);
    expect((await analyzeProject(options)).cache.misses).toBe(0);

    // Generated code appears in an ignored directory the last run's import could not resolve.
    writeFiles(cwd, { 'src/generated/escalate.ts': toolModule('escalate', 'lookup') });
    const generated = await analyzeProject(options);
    expect(generated.findings.filter((f) => f.ruleId === 'no-tool-name-collision').map((f) => f.file)).toEqual(['src/agent.ts', 'src/desk.ts']);
    expect(reported(generated)).toEqual(await uncached());

    // A renamed tool: new facts.
    writeFiles(cwd, { 'src/tools/parcels.ts': toolModule('lookupParcel', 'lookup_parcel') });
    const renamed = await analyzeProject(options);
    expect(renamed.findingsFromCache).toBe(false);
    expect(reported(renamed)).toEqual(await uncached());

    // A file gone.
    fs.rmSync(path.join(cwd, 'src/tools/parcels.ts'));
    const gone = await analyzeProject(options);
    expect(gone.findings.some((f) => f.ruleId === 'no-tool-name-collision' && f.file === 'src/agent.ts')).toBe(false);
    expect(reported(gone)).toEqual(await uncached());
  });
});
