// Differential oracle against Inngest AgentKit (`@inngest/agent-kit` 0.13.2): generated tools
// (`createTool({ name })`, names from a constants module) in two modules, tool lists exported as
// arrays or returned by functions, and an agent (`createAgent` or `createRoutingAgent`) listing
// them with spreads are analysed as source and built as live AgentKit agents. What an agent sends
// the model is `Array.from(agent.tools.values())` (`performInference`), so the live `tools` map is
// read directly: no model is called. AgentKit rejects nothing; a later tool of a name replaces the
// earlier one in the map. The names no-tool-name-collision reports are exactly the names whose
// tool the map lost.
import { createAgent, createRoutingAgent, createTool, type Tool } from '@inngest/agent-kit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Finding } from '../../src/checks/index.js';
import { runOracle, sortedNames, toolModule, type SourceFiles, type Verdict } from './harness.js';

const NAMES = ['search', 'fetch_page', 'get-ticket'] as const;

interface Def {
  name: number;
  module: 0 | 1;
  constant: boolean;
}
interface List {
  module: 0 | 1;
  /** `export const list = [...]`, or `export function list() { return [...]; }`. */
  form: 'array' | 'function';
  members: number[];
}
type Entry = { def: number } | { list: number };
interface Config {
  defs: Def[];
  lists: List[];
  main: Entry[];
  call: 'createAgent' | 'createRoutingAgent';
}

const config: fc.Arbitrary<Config> = fc
  .record({
    defs: fc.array(fc.record({ name: fc.nat({ max: NAMES.length - 1 }), module: fc.constantFrom(0 as const, 1 as const), constant: fc.boolean() }), { minLength: 1, maxLength: 5 }),
    lists: fc.array(fc.record({ module: fc.constantFrom(0 as const, 1 as const), form: fc.constantFrom('array' as const, 'function' as const), members: fc.array(fc.nat({ max: 4 }), { minLength: 1, maxLength: 3 }) }), { maxLength: 2 }),
    main: fc.array(fc.oneof(fc.record({ def: fc.nat({ max: 4 }) }), fc.record({ list: fc.nat({ max: 1 }) })), { minLength: 1, maxLength: 4 }),
    call: fc.constantFrom('createAgent' as const, 'createRoutingAgent' as const),
  })
  .map((raw) => ({
    ...raw,
    lists: raw.lists.map((l) => ({ ...l, members: l.members.map((m) => m % raw.defs.length) })),
    main: raw.main.flatMap((e): Entry[] => ('def' in e ? [{ def: e.def % raw.defs.length }] : raw.lists.length === 0 ? [] : [{ list: e.list % raw.lists.length }])),
  }));

const q = (s: string): string => JSON.stringify(s);

function emit(c: Config): SourceFiles {
  const files: SourceFiles = { 'src/names.ts': NAMES.map((name, i) => `export const NAME_${String(i)} = ${q(name)};\n`).join('') };
  for (const module of [0, 1] as const) {
    const imports = new Set<string>();
    const body: string[] = [];
    c.defs.forEach((def, d) => {
      if (def.module !== module) return;
      const name = def.constant ? `names.NAME_${String(def.name)}` : q(NAMES[def.name]!);
      body.push(`export const tool${String(d)} = createTool({ name: ${name}, description: ${q(`Tool ${String(d)}.`)}, parameters: z.object({ q: z.string() }), handler: async ({ q }) => q });`);
    });
    c.lists.forEach((list, l) => {
      if (list.module !== module) return;
      for (const m of list.members) if (c.defs[m]!.module !== module) imports.add(`tool${String(m)}`);
      const items = `[${list.members.map((m) => `tool${String(m)}`).join(', ')}]`;
      body.push(list.form === 'array' ? `export const list${String(l)} = ${items};` : `export function list${String(l)}() {\n  return ${items};\n}`);
    });
    files[`src/tools-${String(module)}.ts`] = toolModule(module, [`import { createTool } from '@inngest/agent-kit';`, `import { z } from 'zod';`, `import * as names from './names.js';`], imports, body);
  }
  const from: [Set<string>, Set<string>] = [new Set(), new Set()];
  const entries = c.main.map((e) => {
    if ('def' in e) {
      from[c.defs[e.def]!.module].add(`tool${String(e.def)}`);
      return `tool${String(e.def)}`;
    }
    const list = c.lists[e.list]!;
    from[list.module].add(`list${String(e.list)}`);
    return list.form === 'array' ? `...list${String(e.list)}` : `...list${String(e.list)}()`;
  });
  files['src/main.ts'] = [
    `import { ${c.call}, openai } from '@inngest/agent-kit';`,
    ...([0, 1] as const).flatMap((m) => (from[m].size > 0 ? [`import { ${[...from[m]].sort().join(', ')} } from './tools-${String(m)}.js';`] : [])),
    '',
    `export const agent = ${c.call}({`,
    `  name: 'main',`,
    `  system: 'Help.',`,
    `  model: openai({ model: 'gpt-4.1-mini' }),`,
    `  tools: [${entries.join(', ')}],`,
    ...(c.call === 'createRoutingAgent' ? [`  lifecycle: { onRoute: () => undefined },`] : []),
    `});`,
    '',
  ].join('\n');
  return files;
}

type AnyTool = Tool.Any;

/** The tools each entry lists, as live objects (a list returned by a function holds the same tool objects). */
function liveTools(c: Config): AnyTool[] {
  const made = c.defs.map((def, d) =>
    createTool({ name: NAMES[def.name]!, description: `Tool ${String(d)}.`, parameters: z.object({ q: z.string() }), handler: async ({ q: input }) => Promise.resolve(input) }),
  );
  return c.main.flatMap((e) => ('def' in e ? [made[e.def]!] : c.lists[e.list]!.members.map((m) => made[m]!))) as AnyTool[];
}

function compare(c: Config, findings: readonly Finding[]): Promise<Verdict> {
  const tools = liveTools(c);
  const options = { name: 'main', system: 'Help.', tools };
  const agent = c.call === 'createAgent' ? createAgent(options) : createRoutingAgent({ ...options, lifecycle: { onRoute: () => undefined } });
  const kept = new Set(agent.tools.values());
  const lost = sortedNames(new Set(tools.filter((t) => !kept.has(t)).map((t) => t.name)));
  const reported = sortedNames(new Set(findings.filter((f) => f.ruleId === 'no-tool-name-collision').map((f) => String(f.data.name))));
  if (JSON.stringify(lost) !== JSON.stringify(reported)) {
    return Promise.resolve({ disagree: `the agent's tool map lost a tool of ${JSON.stringify(lost)}; no-tool-name-collision reports ${JSON.stringify(reported)}` });
  }
  return Promise.resolve({ agree: lost.length === 0 ? 'nothing lost' : 'tool replaced' });
}

const CASES = 400;

describe('Inngest AgentKit: the static verdict is what the agent keeps', () => {
  it(`${String(CASES)} generated agents`, { timeout: 240_000 }, async () => {
    const outcomes = await runOracle({ framework: '@inngest/agent-kit 0.13.2', model: config, emit, compare, numRuns: CASES });
    expect(Object.keys(outcomes).sort()).toEqual(['nothing lost', 'tool replaced']);
  });
});
