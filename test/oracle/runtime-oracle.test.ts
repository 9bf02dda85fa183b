// Issue 13, item 1: a differential oracle against our own runtime. Generated configurations
// (model.ts) are written as a multi-module project (emit.ts) for the CLI's analyzer and built as
// live objects (live.ts); per agent, `no-tool-name-collision` / `no-namespace-equals-name` report
// something exactly when the runtime throws (building it, a run under 'error', a loader's
// addTools) or, under 'warn', warns, and they name the same tools and the same winner.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeProject } from '../../src/analyzer/index.js';
import type { EnabledRules } from '../../src/checks/index.js';
import { ruleOptions } from '../../src/checks/rule-option-schemas.js';
import { emit, printable } from './emit.js';
import { runLive } from './live.js';
import { configArbitrary, type Config } from './model.js';
import { BATCH, RUNS, SEED, inTempProject, oracleParameters } from './harness.js';
import { staticVerdict } from './static.js';


const rules = {
  'no-tool-name-collision': ruleOptions('no-tool-name-collision'),
  'no-namespace-equals-name': ruleOptions('no-namespace-equals-name'),
} as EnabledRules;

const same = (a: readonly string[], b: readonly string[]): boolean => [...new Set(a)].sort().join('\n') === [...new Set(b)].sort().join('\n');

/** What the runtime did with the agents, over the whole run: printed, so a generator that stops producing collisions shows. */
const tally = { agents: 0, unbuildable: 0, runThrows: 0, addToolsThrows: 0, warns: 0, clean: 0 };

/** Disagreements between the runtime and the analyzer on one configuration; empty when they agree. */
async function disagreements(config: Config, emitted: ReturnType<typeof emit>, findings: Parameters<typeof staticVerdict>[2]): Promise<string[]> {
  const live = await runLive(config);
  for (const rt of live.agents) {
    tally.agents += 1;
    if (rt.construction.length > 0) tally.unbuildable += 1;
    else if (rt.thrown.length > 0) tally.runThrows += 1;
    else if (rt.addTools.length > 0) tally.addToolsThrows += 1;
    else if (rt.warnings.length > 0) tally.warns += 1;
    else tally.clean += 1;
  }
  const stat = staticVerdict(config, emitted, findings);
  const out: string[] = stat.unmapped.map((f) => `finding on no declaration: ${f.file}:${f.span.loc.start.line} ${f.message}`);
  live.namespaces.forEach((failed, n) => {
    const found = stat.namespaces[n] ?? [];
    if ((failed !== undefined) !== found.length > 0 || (failed !== undefined && !same([failed], found))) {
      out.push(`ns${n}: toolNamespace() ${failed === undefined ? 'builds' : `throws for "${failed}"`}, static [${found.join(', ')}]`);
    }
  });
  live.agents.forEach((rt, i) => {
    const st = stat.agents[i]!;
    const thrown = [...rt.construction, ...rt.thrown];
    const runtimeNames = [...thrown, ...rt.addTools, ...rt.warnings];
    const what = `agent${i} (${config.agents[i]!.policy}): runtime ${JSON.stringify({ construction: rt.construction, thrown: rt.thrown, addTools: rt.addTools, warnings: rt.warnings })}, static [${st.names.join(', ')}]`;
    if (runtimeNames.length > 0 !== st.names.length > 0) out.push(`${what}: ${st.names.length > 0 ? 'static reports, runtime accepts' : 'runtime rejects, static is clean'}`);
    // A throw (also one of addTools) names its first problem only; warnings name every group.
    else if (thrown.length > 0 || rt.addTools.length > 0 ? !runtimeNames.every((n) => st.names.includes(n)) : !same(runtimeNames, st.names)) {
      out.push(`${what}: different names`);
    }
    for (const [name, winner] of rt.winners) {
      const claimed = st.winners.get(name);
      // Whenever the runtime shows a winner, the analyzer must name the same one (not merely none).
      if (claimed !== winner) out.push(`agent${i}: "${name}" is won by ${winner} at run time, static says ${claimed ?? 'no winner'}`);
    }
  });
  return out;
}

describe('differential oracle: the analyzer against the reference runtime', () => {
  it(`agrees on ${RUNS * BATCH} generated configurations (seed ${SEED})`, async () => {
    console.log(`runtime oracle: seed ${SEED}, ${RUNS} runs of ${BATCH} configurations`);
    let cases = 0;
    const property = fc.asyncProperty(fc.array(configArbitrary, { minLength: BATCH, maxLength: BATCH }), async (configs) => {
      const emitted = configs.map((config, k) => emit(config, `c${k}`));
      const failures = await inTempProject(Object.assign({}, ...emitted.map((e) => e.files)), async (root) => {
        const result = await analyzeProject({ cwd: root, rules });
        expect(result.diagnostics).toEqual([]);
        const found: string[] = [];
        for (const [k, config] of configs.entries()) {
          const e = emitted[k]!;
          const disagreed = await disagreements(config, e, result.findings.filter((f) => f.file.startsWith(`c${k}/`)));
          if (disagreed.length > 0) found.push(`configuration c${k}:\n  ${disagreed.join('\n  ')}\n${printable(e)}`);
        }
        return found;
      });
      cases += configs.length;
      if (failures.length > 0) throw new Error(failures.join('\n'));
    });
    await fc.assert(property, oracleParameters('runtime oracle disagrees'));
    console.log(`runtime oracle: ${cases} configurations, agents by runtime verdict ${JSON.stringify(tally)}`);
    expect(cases).toBeGreaterThanOrEqual(RUNS * BATCH);
    // Collisions must stay common, or the oracle proves little.
    expect(tally.clean).toBeLessThan(tally.agents * 0.8);
  });
});
