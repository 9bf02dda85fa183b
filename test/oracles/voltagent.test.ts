// Differential oracle against VoltAgent (`@voltagent/core` 2.10.0): generated tools
// (`createTool({ name })`, names from a constants module), toolkits (`createToolkit({ name, tools })`
// or a plain `{ name, tools }`) in two modules, and an agent `new Agent({ tools, toolkits,
// subAgents })` listing tools and toolkits in both options are analysed as source and built as
// live VoltAgent objects whose model is a mock from `ai/test` that records the tools it is sent.
// Each tool has its own description, so what is sent shows which tool of a name survived.
// VoltAgent rejects nothing: a later standalone tool replaces an earlier one, a toolkit holding a
// name the agent already has is skipped whole, and `subAgents` add `delegate_task` over a tool of
// that name. The names no-tool-name-collision reports are exactly the names configured more than
// once that lose a tool; a tool of a name configured once is lost only with a skipped toolkit that
// holds a reported name; the toolkits reported as skipped (`toolkitSkipped`) are exactly those the
// agent's ToolManager does not hold.
import { MockLanguageModelV3 } from 'ai/test';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { Finding } from '../../src/checks/index.js';
import { runOracle, sortedNames, type SourceFiles, type Verdict } from './harness.js';

import type * as VoltAgentModule from '@voltagent/core';

let volt: typeof VoltAgentModule;

beforeAll(async () => {
  // No network: VoltAgent refreshes a model registry from models.dev when loaded outside
  // production; loaded as in production it does not, and any other fetch is refused.
  vi.stubGlobal('fetch', () => Promise.reject(new Error('no network in the oracle')));
  const before = process.env['NODE_ENV'];
  process.env['NODE_ENV'] = 'production';
  try {
    volt = await import('@voltagent/core');
  } finally {
    process.env['NODE_ENV'] = before;
  }
});
afterAll(() => {
  vi.unstubAllGlobals();
});

const NAMES = ['search', 'fetch_page', 'delegate_task'] as const;

interface Def {
  name: number;
  module: 0 | 1;
  constant: boolean;
}
interface Kit {
  module: 0 | 1;
  form: 'createToolkit' | 'object';
  members: number[];
}
type Entry = { def: number } | { kit: number };
interface Config {
  defs: Def[];
  kits: Kit[];
  tools: Entry[];
  toolkits: number[];
  subAgents: boolean;
}

/**
 * Made valid: a tool is in at most one toolkit and never also standalone, and a toolkit is listed
 * once (VoltAgent skips a toolkit holding a tool object it already has, which the analysis, keeping
 * one object listed twice once, does not report); toolkit names are distinct.
 */
const config: fc.Arbitrary<Config> = fc
  .record({
    defs: fc.array(fc.record({ name: fc.nat({ max: NAMES.length - 1 }), module: fc.constantFrom(0 as const, 1 as const), constant: fc.boolean() }), { minLength: 1, maxLength: 6 }),
    kits: fc.array(fc.record({ module: fc.constantFrom(0 as const, 1 as const), form: fc.constantFrom('createToolkit' as const, 'object' as const), members: fc.array(fc.nat({ max: 5 }), { minLength: 1, maxLength: 3 }) }), { maxLength: 2 }),
    tools: fc.array(fc.oneof({ weight: 3, arbitrary: fc.record({ def: fc.nat({ max: 5 }) }) }, { weight: 1, arbitrary: fc.record({ kit: fc.nat({ max: 1 }) }) }), { minLength: 1, maxLength: 5 }),
    toolkits: fc.array(fc.nat({ max: 1 }), { maxLength: 2 }),
    subAgents: fc.boolean(),
  })
  .map((raw) => {
    const defs = raw.defs;
    const owner = new Map<number, number>();
    const kits = raw.kits.map((kit, k) => {
      const members = [...new Set(kit.members.map((m) => m % defs.length))].filter((m) => !owner.has(m));
      for (const m of members) owner.set(m, k);
      return { ...kit, members };
    });
    const listed = new Set<number>();
    const usable = (k: number): boolean => kits[k] !== undefined && kits[k].members.length > 0 && !listed.has(k) && (listed.add(k), true);
    const tools = raw.tools.flatMap((e): Entry[] => {
      if ('def' in e) {
        const d = e.def % defs.length;
        return owner.has(d) ? [] : [{ def: d }];
      }
      return usable(e.kit) ? [e] : [];
    });
    const toolkits = raw.toolkits.filter((k) => usable(k));
    return { defs, kits, tools, toolkits, subAgents: raw.subAgents };
  });

const q = (s: string): string => JSON.stringify(s);

// ---------------------------------------------------------------- the model as source

function emit(c: Config): SourceFiles {
  const files: SourceFiles = {
    'src/names.ts': NAMES.map((name, i) => `export const NAME_${String(i)} = ${q(name)};\n`).join(''),
    'src/model.ts': `export const model = 'openai/gpt-4.1-mini';\n`,
  };
  for (const module of [0, 1] as const) {
    const imports = new Set<string>();
    const body: string[] = [];
    c.defs.forEach((def, d) => {
      if (def.module !== module) return;
      const name = def.constant ? `names.NAME_${String(def.name)}` : q(NAMES[def.name]!);
      body.push(`export const tool${String(d)} = createTool({ name: ${name}, description: ${q(`Tool ${String(d)}.`)}, parameters: z.object({ q: z.string() }), execute: async ({ q }) => q });`);
    });
    c.kits.forEach((kit, k) => {
      if (kit.module !== module) return;
      for (const m of kit.members) if (c.defs[m]!.module !== module) imports.add(`tool${String(m)}`);
      const options = `{ name: ${q(`kit${String(k)}`)}, tools: [${kit.members.map((m) => `tool${String(m)}`).join(', ')}] }`;
      body.push(`export const kit${String(k)} = ${kit.form === 'createToolkit' ? `createToolkit(${options})` : options};`);
    });
    files[`src/tools-${String(module)}.ts`] = [
      `import { createTool, createToolkit } from '@voltagent/core';`,
      `import { z } from 'zod';`,
      `import * as names from './names.js';`,
      ...(imports.size > 0 ? [`import { ${[...imports].sort().join(', ')} } from './tools-${String(1 - module)}.js';`] : []),
      '',
      ...body,
      '',
    ].join('\n');
  }
  const from: [Set<string>, Set<string>] = [new Set(), new Set()];
  const ref = (e: Entry): string => {
    const binding = 'def' in e ? `tool${String(e.def)}` : `kit${String(e.kit)}`;
    from['def' in e ? c.defs[e.def]!.module : c.kits[e.kit]!.module].add(binding);
    return binding;
  };
  const tools = c.tools.map(ref).join(', ');
  const toolkits = c.toolkits.map((k) => ref({ kit: k })).join(', ');
  files['src/main.ts'] = [
    `import { Agent } from '@voltagent/core';`,
    `import { model } from './model.js';`,
    ...([0, 1] as const).flatMap((m) => (from[m].size > 0 ? [`import { ${[...from[m]].sort().join(', ')} } from './tools-${String(m)}.js';`] : [])),
    '',
    `const helper = new Agent({ name: 'helper', instructions: 'Help.', model });`,
    `export const agent = new Agent({`,
    `  name: 'main',`,
    `  instructions: 'Help.',`,
    `  model,`,
    `  tools: [${tools}],`,
    ...(c.toolkits.length > 0 ? [`  toolkits: [${toolkits}],`] : []),
    ...(c.subAgents ? [`  subAgents: [helper],`] : []),
    `});`,
    '',
  ].join('\n');
  return files;
}

// ---------------------------------------------------------------- the model as live VoltAgent objects

interface Sent {
  name: string;
  description: string;
}

function recordingModel(calls: Sent[][]): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    doGenerate: async (options) => {
      calls.push((options.tools ?? []).map((t) => ({ name: t.name, description: t.type === 'function' ? (t.description ?? '') : '' })));
      return Promise.resolve({
        content: [{ type: 'text', text: 'done' }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } },
        warnings: [],
      });
    },
  });
}

/** What the model is sent, every tool the configuration lists (name and description), and the toolkits VoltAgent kept. */
async function run(c: Config): Promise<{ sent: Sent[]; configured: Array<Sent & { kit?: number }>; keptKits: Set<string> }> {
  const { Agent, createTool, createToolkit } = volt;
  const tools = c.defs.map((def, d) =>
    createTool({ name: NAMES[def.name]!, description: `Tool ${String(d)}.`, parameters: z.object({ q: z.string() }), execute: async ({ q: input }) => Promise.resolve(input) }),
  );
  const kits = c.kits.map((kit, k) => {
    const options = { name: `kit${String(k)}`, tools: kit.members.map((m) => tools[m]!) };
    return kit.form === 'createToolkit' ? createToolkit(options) : options;
  });
  const calls: Sent[][] = [];
  const model = recordingModel(calls);
  const helper = new Agent({ name: 'helper', instructions: 'Help.', model });
  const agent = new Agent({
    name: 'main',
    instructions: 'Help.',
    model,
    tools: c.tools.map((e) => ('def' in e ? tools[e.def]! : kits[e.kit]!)),
    ...(c.toolkits.length > 0 ? { toolkits: c.toolkits.map((k) => kits[k]!) } : {}),
    ...(c.subAgents ? { subAgents: [helper] } : {}),
  });
  await agent.generateText('Help.');
  const configured: Array<Sent & { kit?: number }> = [];
  const push = (d: number, kit?: number): void => {
    if (configured.some((t) => t.description === `Tool ${String(d)}.`)) return;
    configured.push({ name: NAMES[c.defs[d]!.name]!, description: `Tool ${String(d)}.`, ...(kit === undefined ? {} : { kit }) });
  };
  for (const e of c.tools) {
    if ('def' in e) push(e.def);
    else for (const m of c.kits[e.kit]!.members) push(m, e.kit);
  }
  for (const k of c.toolkits) for (const m of c.kits[k]!.members) push(m, k);
  if (c.subAgents) configured.push({ name: 'delegate_task', description: '(the delegate tool)' });
  const sent = calls[0] ?? [];
  const keptKits = new Set(agent.getToolManager().getToolkits().map((kit) => kit.name));
  return { sent, configured, keptKits };
}

async function compare(c: Config, findings: readonly Finding[]): Promise<Verdict> {
  const { sent, configured, keptKits } = await run(c);
  const delegate = sent.find((t) => t.name === 'delegate_task' && !/^Tool \d+\.$/.test(t.description));
  const isSent = (t: Sent): boolean => (t.description === '(the delegate tool)' ? delegate !== undefined : sent.some((s) => s.description === t.description));
  const count = (name: string): number => configured.filter((t) => t.name === name).length;
  const lost = configured.filter((t) => !isSent(t));
  const losing = sortedNames(new Set(lost.filter((t) => count(t.name) > 1).map((t) => t.name)));
  const reported = sortedNames(new Set(findings.filter((f) => f.ruleId === 'no-tool-name-collision').map((f) => String(f.data.name))));
  if (JSON.stringify(losing) !== JSON.stringify(reported)) {
    return { disagree: `VoltAgent loses a tool of ${JSON.stringify(losing)} (sent ${JSON.stringify(sent.map((t) => t.name))}); no-tool-name-collision reports ${JSON.stringify(reported)}` };
  }
  // A tool whose name is configured once is lost only with its toolkit, skipped for a reported name.
  for (const t of lost) {
    if (count(t.name) > 1) continue;
    const kit = t.kit;
    const explained = kit !== undefined && configured.some((other) => other.kit === kit && reported.includes(other.name));
    if (!explained) return { disagree: `VoltAgent loses ${t.name} (${t.description}) and nothing explains it` };
  }
  // The toolkits reported as skipped are exactly those VoltAgent did not add.
  const listedKits = new Set([...c.tools.flatMap((e) => ('kit' in e ? [e.kit] : [])), ...c.toolkits].map((k) => `kit${String(k)}`));
  const skipped = sortedNames(new Set([...listedKits].filter((kit) => !keptKits.has(kit))));
  const reportedSkips = sortedNames(new Set(findings.filter((f) => f.messageId === 'toolkitSkipped').map((f) => String(f.data.toolkit).replace(/"/g, ''))));
  if (JSON.stringify(skipped) !== JSON.stringify(reportedSkips)) {
    return { disagree: `VoltAgent skips the toolkits ${JSON.stringify(skipped)}; no-tool-name-collision reports ${JSON.stringify(reportedSkips)} as skipped` };
  }
  if (reported.length === 0) return { agree: 'nothing lost' };
  return { agree: lost.some((t) => count(t.name) === 1) ? 'toolkit skipped' : 'tool replaced' };
}

// Measured below; a mock model answers in process.
const CASES = 300;

describe('VoltAgent: the static verdict is what the agent loses', () => {
  it(`${String(CASES)} generated agents`, { timeout: 240_000 }, async () => {
    const outcomes = await runOracle({ framework: '@voltagent/core 2.10.0', model: config, emit, compare, numRuns: CASES });
    expect(Object.keys(outcomes).sort()).toEqual(['nothing lost', 'tool replaced', 'toolkit skipped']);
  });
});
