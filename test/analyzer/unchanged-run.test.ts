// A warm run that changes nothing the rules see takes the last run's outcome (unchanged-run.ts):
// it stats each file, reads and parses only the edited ones, and never reads the index of facts.
// Whatever an edit changes, the findings are an uncached run's.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeProject, type AnalyzeOptions } from '../../src/analyzer/index.js';
import { ageTree, reported, CALL_ID_DEFECT, recommendedRules, tempProject, toolModule, writeFiles } from './helpers.js';

const agentModule = (...imports: Array<[string, string]>): string =>
  [
    "import { Agent } from '@openai/agents';",
    ...imports.map(([name, from]) => `import { ${name} } from '${from}';`),
    '',
    `export const support = new Agent({ name: 'support', instructions: 'Help.', tools: [${imports.map(([name]) => name).join(', ')}] });`,
    '',
  ].join('\n');

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
