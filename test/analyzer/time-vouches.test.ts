// A file's time vouches for the bytes a run read only when it is older than the run's start by more
// than the filesystem's tick (time-vouches.ts): a write in the tick of the read keeps time and size.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeProject, type AnalyzeOptions } from '../../src/analyzer/index.js';
import { timeVouches } from '../../src/analyzer/time-vouches.js';
import { agentModule, ageTree, recommendedRules, reported, tempProject, toolModule } from './helpers.js';

describe('timeVouches', () => {
  const at = Date.UTC(2026, 11, 6, 12, 0, 30, 500);

  it('a fine time vouches once older than the run by more than a scheduler tick', () => {
    expect([at - 60.25, at - 40.25, at - 0.5, at, at + 5].map((t) => timeVouches(t, at))).toEqual([true, false, false, false, false]);
  });

  it('a whole-second time (a filesystem that keeps seconds, or two) vouches once more than two seconds older', () => {
    expect([at - 2500, at - 1500, at - 500].map((t) => timeVouches(Math.floor(t / 1000) * 1000, at))).toEqual([true, false, false]);
    // The same instants kept finely vouch.
    expect([at - 1500, at - 500].map((t) => timeVouches(t + 0.25, at))).toEqual([true, true]);
  });
});

describe('a write in the tick of a run', () => {
  it('is read again by the next run, which sees a same-size edit that kept the time', async () => {
    const cwd = tempProject({
      'package.json': JSON.stringify({ name: 'support-desk' }),
      'src/agent.ts': agentModule(['lookupOrder', './tools/orders.js'], ['lookupParcel', './tools/parcels.js']),
      'src/tools/orders.ts': toolModule('lookupOrder', 'lookup'),
      'src/tools/parcels.ts': toolModule('lookupParcel', 'lookup'),
    });
    fs.mkdirSync(path.join(cwd, '.cache'));
    ageTree(cwd, '.cache');
    const options: AnalyzeOptions = { cwd, rules: recommendedRules(), cacheLocation: '.cache/' };
    const parcels = path.join(cwd, 'src/tools/parcels.ts');
    // Written as the run reads it: the time is the run's own (here a little ahead, as a clock may be).
    const during = new Date(Date.now() + 60_000);
    fs.utimesSync(parcels, during, during);
    const first = await analyzeProject(options);
    expect(first.findings.map((f) => f.ruleId)).toEqual(['no-tool-name-collision']);

    // Written again in the same tick: same time, same size, other bytes.
    fs.writeFileSync(parcels, toolModule('lookupParcel', 'lookuq'));
    fs.utimesSync(parcels, during, during);
    expect(fs.statSync(parcels).size).toBe(toolModule('lookupParcel', 'lookup').length);
    const second = await analyzeProject(options);
    expect(second.findings).toEqual([]);
    expect(reported(second)).toEqual(reported(await analyzeProject({ cwd, rules: options.rules })));
  });
});
