// Differential oracle against LlamaIndex.TS agent workflows (`@llamaindex/workflow` 1.1.25,
// `@llamaindex/core` 0.6.23): generated tools in the framework's forms (`tool({ name, execute })`,
// `tool(fn, { name })`, `FunctionTool.from(fn, { name })`, names from a constants module) in two
// modules, tool lists exported as arrays, and an agent `agent({ tools, canHandoffTo })` (with
// `canHandoffTo`, in a `multiAgent` with a second agent) are analysed as source and built as live
// LlamaIndex workflows. Each tool returns its own number, and every configured name is called
// through the workflow's own dispatch (`AgentWorkflow.callTool`, `tools.find`: the first tool of
// a name runs, checked on every case); the LLM is a stub that is never asked (no model is called).
// LlamaIndex rejects nothing: the names no-tool-name-collision reports are exactly the names the
// agent's tool list (what the model is sent) holds more than once, and `handOff` when a listed tool
// of that name keeps the workflow from adding its handoff tool.
import type { BaseToolWithCall as BaseTool } from '@llamaindex/core/llms';
import { FunctionTool, tool } from '@llamaindex/core/tools';
import { agent, multiAgent, type AgentWorkflow } from '@llamaindex/workflow';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Finding } from '../../src/checks/index.js';
import { stubLlm } from './llamaindex-llm.js';
import { runOracle, sortedNames, type SourceFiles, type Verdict } from './harness.js';

const NAMES = ['search', 'fetch_page', 'handOff'] as const;

type Form = 'options' | 'fn-options' | 'from';
interface Def {
  name: number;
  form: Form;
  module: 0 | 1;
  constant: boolean;
}
interface List {
  module: 0 | 1;
  members: number[];
}
type Entry = { def: number } | { list: number };
interface Config {
  defs: Def[];
  lists: List[];
  main: Entry[];
  handoff: boolean;
}

const config: fc.Arbitrary<Config> = fc
  .record({
    defs: fc.array(
      fc.record({ name: fc.nat({ max: NAMES.length - 1 }), form: fc.constantFrom<Form>('options', 'fn-options', 'from'), module: fc.constantFrom(0 as const, 1 as const), constant: fc.boolean() }),
      { minLength: 1, maxLength: 5 },
    ),
    lists: fc.array(fc.record({ module: fc.constantFrom(0 as const, 1 as const), members: fc.array(fc.nat({ max: 4 }), { minLength: 1, maxLength: 3 }) }), { maxLength: 2 }),
    main: fc.array(fc.oneof(fc.record({ def: fc.nat({ max: 4 }) }), fc.record({ list: fc.nat({ max: 1 }) })), { minLength: 1, maxLength: 4 }),
    handoff: fc.boolean(),
  })
  .map((raw) => ({
    ...raw,
    lists: raw.lists.map((l) => ({ ...l, members: l.members.map((m) => m % raw.defs.length) })),
    main: raw.main.flatMap((e): Entry[] => ('def' in e ? [{ def: e.def % raw.defs.length }] : raw.lists.length === 0 ? [] : [{ list: e.list % raw.lists.length }])),
  }));

const q = (s: string): string => JSON.stringify(s);

function emitDef(d: number, def: Def): string {
  const name = def.constant ? `names.NAME_${String(def.name)}` : q(NAMES[def.name]!);
  const meta = `name: ${name}, description: ${q(`Tool ${String(d)}.`)}, parameters: z.object({ q: z.string() })`;
  const fn = `async ({ q }: { q: string }) => ${q(String(d))} + q`;
  switch (def.form) {
    case 'options':
      return `export const tool${String(d)} = tool({ ${meta}, execute: ${fn} });`;
    case 'fn-options':
      return `export const tool${String(d)} = tool(${fn}, { ${meta} });`;
    case 'from':
      return `export const tool${String(d)} = FunctionTool.from(${fn}, { ${meta} });`;
  }
}

function emit(c: Config): SourceFiles {
  const files: SourceFiles = { 'src/names.ts': NAMES.map((name, i) => `export const NAME_${String(i)} = ${q(name)};\n`).join('') };
  for (const module of [0, 1] as const) {
    const imports = new Set<string>();
    const body: string[] = [];
    c.defs.forEach((def, d) => def.module === module && body.push(emitDef(d, def)));
    c.lists.forEach((list, l) => {
      if (list.module !== module) return;
      for (const m of list.members) if (c.defs[m]!.module !== module) imports.add(`tool${String(m)}`);
      body.push(`export const list${String(l)} = [${list.members.map((m) => `tool${String(m)}`).join(', ')}];`);
    });
    files[`src/tools-${String(module)}.ts`] = [
      `import { FunctionTool, tool } from 'llamaindex';`,
      `import { z } from 'zod';`,
      `import * as names from './names.js';`,
      ...(imports.size > 0 ? [`import { ${[...imports].sort().join(', ')} } from './tools-${String(1 - module)}.js';`] : []),
      '',
      ...body,
      '',
    ].join('\n');
  }
  const from: [Set<string>, Set<string>] = [new Set(), new Set()];
  const entries = c.main.map((e) => {
    if ('def' in e) {
      from[c.defs[e.def]!.module].add(`tool${String(e.def)}`);
      return `tool${String(e.def)}`;
    }
    from[c.lists[e.list]!.module].add(`list${String(e.list)}`);
    return `...list${String(e.list)}`;
  });
  files['src/main.ts'] = [
    `import { openai } from '@llamaindex/openai';`,
    `import { agent, multiAgent } from '@llamaindex/workflow';`,
    ...([0, 1] as const).flatMap((m) => (from[m].size > 0 ? [`import { ${[...from[m]].sort().join(', ')} } from './tools-${String(m)}.js';`] : [])),
    '',
    `const llm = openai({ model: 'gpt-4.1-mini' });`,
    `export const main = agent({ name: 'main', tools: [${entries.join(', ')}], llm${c.handoff ? `, canHandoffTo: ['other']` : ''} });`,
    ...(c.handoff ? [`const other = agent({ name: 'other', tools: [], llm });`, `export const desk = multiAgent({ agents: [main, other], rootAgent: main });`] : []),
    '',
  ].join('\n');
  return files;
}

/** Never asked: the oracle calls tools through the workflow's dispatch, not through a model. */
const llm = stubLlm;

function liveDefs(c: Config): BaseTool[] {
  return c.defs.map((def, d) => {
    const meta = { name: NAMES[def.name]!, description: `Tool ${String(d)}.`, parameters: z.object({ q: z.string() }) };
    const fn = async ({ q: input }: { q: string }): Promise<string> => Promise.resolve(`${String(d)}${input}`);
    switch (def.form) {
      case 'options':
        return tool({ ...meta, execute: fn }) as BaseTool;
      case 'fn-options':
        return tool(fn, meta) as BaseTool;
      case 'from':
        return FunctionTool.from(fn, meta) as BaseTool;
    }
  });
}

/** `AgentWorkflow.callTool`: the workflow's own lookup (`tools.find`) and call. */
type Dispatch = { callTool(call: { agentName: string; toolName: string; toolKwargs: unknown; toolId: string }): Promise<unknown> };

async function compare(c: Config, findings: readonly Finding[]): Promise<Verdict> {
  const defs = liveDefs(c);
  const listed = c.main.flatMap((e) => ('def' in e ? [e.def] : c.lists[e.list]!.members));
  const main = agent({ name: 'main', tools: listed.map((d) => defs[d]!), llm, ...(c.handoff ? { canHandoffTo: ['other'] } : {}) });
  const workflow: AgentWorkflow = c.handoff ? multiAgent({ agents: [main, agent({ name: 'other', tools: [], llm })], rootAgent: main }) : main;
  const dispatch = workflow as unknown as Dispatch;
  // What the model is sent: the agent's tools after the workflow added (or did not add) `handOff`.
  const tools = workflow.getAgents().find((a) => a.name === 'main')!.tools;
  const names = tools.map((t) => t.metadata.name);
  const seenTwice = new Set(names.filter((name, i) => names.indexOf(name) !== i));
  // The framework's own handoff tool is the one not described as one of ours.
  const handoffAdded = tools.some((t) => t.metadata.name === 'handOff' && !/^Tool \d+\.$/.test(t.metadata.description));
  if (c.handoff && !handoffAdded) seenTwice.add('handOff');
  // Dispatch runs the first listed tool of each name (`tools.find`).
  for (const name of new Set(listed.map((d) => NAMES[c.defs[d]!.name]!))) {
    const first = listed.find((d) => NAMES[c.defs[d]!.name] === name)!;
    const output = await dispatch.callTool({ agentName: 'main', toolName: name, toolKwargs: { q: '' }, toolId: 'call-1' });
    if (output !== String(first)) return { disagree: `LlamaIndex ran ${JSON.stringify(output)} for "${name}", not the first tool of that name (${String(first)})` };
  }
  const lost = seenTwice;
  const seen = sortedNames(lost);
  const reported = sortedNames(new Set(findings.filter((f) => f.ruleId === 'no-tool-name-collision').map((f) => String(f.data.name))));
  if (JSON.stringify(seen) !== JSON.stringify(reported)) {
    return { disagree: `LlamaIndex sends ${JSON.stringify(seen)} more than once or drops the handoff tool; no-tool-name-collision reports ${JSON.stringify(reported)}` };
  }
  return { agree: seen.length === 0 ? 'unique names sent' : c.handoff && !handoffAdded ? 'handoff tool not added' : 'duplicates sent' };
}

const CASES = 400;

describe('LlamaIndex.TS: the static verdict is what the workflow dispatches', () => {
  it(`${String(CASES)} generated agents`, { timeout: 240_000 }, async () => {
    const outcomes = await runOracle({ framework: '@llamaindex/workflow 1.1.25 + @llamaindex/core 0.6.23', model: config, emit, compare, numRuns: CASES });
    expect(Object.keys(outcomes).sort()).toEqual(['duplicates sent', 'handoff tool not added', 'unique names sent']);
  });
});
