// Differential oracle against @openai/agents itself: generated triage agents (function tools in
// two modules, names from a constants module or from the execute function, namespaces, deferred
// tools, agents as tools, handoffs with and without toolNameOverride, isEnabled literals) are
// analysed as source and built as live SDK objects from the same model. A run under
// `toolNameCollisionPolicy: 'error'` (a fake model provider, no network) throws exactly when
// no-tool-name-collision reports, naming the same tools; `toolNamespace()` throws exactly when
// no-namespace-equals-name reports; under 'warn' the SDK hides one entry per reported loser.
import { Agent, handoff, Runner, tool, toolNamespace, Usage, type Model, type ModelRequest } from '@openai/agents';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { toFunctionToolName } from '../../src/facts/adapters/index.js';
import type { Finding } from '../../src/checks/index.js';
import { runOracle, sortedNames, type SourceFiles, type Verdict } from './harness.js';

// Tool data (names) must reach the UserError text for the oracle to read which names collide.
process.env['OPENAI_AGENTS_DONT_LOG_TOOL_DATA'] = '0';

// Pools small enough that collisions are common; some differ only by what toFunctionToolName rewrites.
const TOOL_NAMES = ['lookup', 'Lookup', 'look up', 'look-up', 'search', 'transfer_to_Billing', 'Billing', 'billing_agent', 'crm'] as const;
const AGENT_NAMES = ['Billing', 'billing agent', 'Refunds', 'crm'] as const;
const NAMESPACE_NAMES = ['crm', 'lookup', 'CRM tools', ' search '] as const;
const OVERRIDES = ['lookup', 'look up', 'transfer_to_Billing', 'Billing', 'transfer_to_Refunds'] as const;

interface ToolModel {
  name: string;
  /**
   * How the name is written: a literal, a constant from names.ts, the execute function's name, or
   * composed from an imported head (`\`${names.TOOL_0_HEAD}up\``, `names.TOOL_0_HEAD + 'up'`).
   */
  style: 'literal' | 'constant' | 'function-name' | 'template' | 'concat';
  module: 0 | 1;
  deferLoading: boolean;
  enabled: boolean | undefined;
  /** Index of the namespace holding it (in its module), if any. */
  namespace: number | undefined;
  /** A namespace member listed on its own too. */
  alsoTopLevel: boolean;
}
interface NamespaceModel {
  name: string;
  module: 0 | 1;
}
interface AgentToolModel {
  agent: number;
  toolName: string | undefined;
  enabled: boolean | undefined;
}
interface HandoffModel {
  agent: number;
  /** `handoffs: [agent]` or `handoff(agent, {...})`. */
  form: 'agent' | 'handoff';
  override: string | undefined;
  /** The override read from names.ts. */
  overrideConstant: boolean;
  enabled: boolean | undefined;
}
interface Config {
  agents: string[];
  tools: ToolModel[];
  namespaces: NamespaceModel[];
  /** Per module: its tools imported each by name, exported as one array, or returned by a function. */
  moduleListing: [Listing, Listing];
  /** The agent imports the tool modules through a barrel (`export * from`). */
  barrel: boolean;
  /** `new Agent(...)` or `Agent.create(...)`. */
  construct: 'new' | 'create';
  /** How many of the last tools and handoffs are pushed after construction (`triage.tools.push(...)`). */
  late: [number, number];
  /** Tools listed again directly on the agent (the same object twice). */
  again: number[];
  /** Namespaces spread again directly on the agent (the same copies twice). */
  againNamespaces: number[];
  agentTools: AgentToolModel[];
  handoffs: HandoffModel[];
}

type Listing = 'each' | 'array' | 'function';
const optionalBoolean = fc.constantFrom<boolean | undefined>(undefined, undefined, true, false);

const rawModel = fc.record({
  agents: fc.array(fc.constantFrom(...AGENT_NAMES), { minLength: 1, maxLength: 3 }),
  tools: fc.array(
    fc.record({
      name: fc.constantFrom(...TOOL_NAMES),
      style: fc.constantFrom('literal' as const, 'constant' as const, 'function-name' as const, 'template' as const, 'concat' as const),
      module: fc.constantFrom(0 as const, 1 as const),
      deferLoading: fc.oneof({ weight: 4, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
      enabled: optionalBoolean,
      namespace: fc.option(fc.nat({ max: 2 }), { nil: undefined, freq: 3 }),
      alsoTopLevel: fc.boolean(),
    }),
    { maxLength: 6 },
  ),
  namespaces: fc.array(fc.record({ name: fc.constantFrom(...NAMESPACE_NAMES), module: fc.constantFrom(0 as const, 1 as const) }), { maxLength: 2 }),
  moduleListing: fc.tuple(fc.constantFrom<Listing>('each', 'array', 'function'), fc.constantFrom<Listing>('each', 'array', 'function')),
  barrel: fc.boolean(),
  construct: fc.constantFrom('new' as const, 'create' as const),
  late: fc.tuple(fc.nat({ max: 1 }), fc.nat({ max: 1 })),
  again: fc.array(fc.nat({ max: 5 }), { maxLength: 1 }),
  againNamespaces: fc.array(fc.nat({ max: 1 }), { maxLength: 1 }),
  agentTools: fc.array(fc.record({ agent: fc.nat({ max: 2 }), toolName: fc.option(fc.constantFrom(...OVERRIDES), { nil: undefined }), enabled: optionalBoolean }), { maxLength: 2 }),
  handoffs: fc.array(
    fc.record({
      agent: fc.nat({ max: 2 }),
      form: fc.constantFrom('agent' as const, 'handoff' as const),
      override: fc.option(fc.constantFrom(...OVERRIDES), { nil: undefined }),
      overrideConstant: fc.boolean(),
      enabled: optionalBoolean,
    }),
    { maxLength: 3 },
  ),
});

/** Indices made valid: agents exist, a namespace holds tools of its own module only. */
const config: fc.Arbitrary<Config> = rawModel.map((raw) => {
  const agent = (i: number): number => i % raw.agents.length;
  const tools = raw.tools.map((t) => {
    const ns = t.namespace === undefined || raw.namespaces.length === 0 ? undefined : t.namespace % raw.namespaces.length;
    const namespace = ns !== undefined && raw.namespaces[ns]!.module === t.module ? ns : undefined;
    return { ...t, namespace, alsoTopLevel: namespace !== undefined && t.alsoTopLevel };
  });
  return {
    ...raw,
    tools,
    again: tools.length === 0 ? [] : raw.again.map((i) => i % tools.length),
    againNamespaces: raw.namespaces.length === 0 ? [] : raw.againNamespaces.map((n) => n % raw.namespaces.length),
    agentTools: raw.agentTools.map((a) => ({ ...a, agent: agent(a.agent) })),
    // A bare agent in `handoffs` has no options.
    handoffs: raw.handoffs.map((h) => ({ ...h, agent: agent(h.agent), ...(h.form === 'agent' ? { override: undefined, enabled: undefined } : {}) })),
  };
});

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const writtenStyle = (t: ToolModel): ToolModel['style'] => (t.style === 'function-name' && !IDENTIFIER.test(t.name) ? 'literal' : t.style);
const topLevel = (t: ToolModel): boolean => t.namespace === undefined || t.alsoTopLevel;
const q = (s: string): string => JSON.stringify(s);

// ---------------------------------------------------------------- the model as source

function emit(m: Config): SourceFiles {
  const files: SourceFiles = {};
  files['src/names.ts'] = [
    ...m.tools.map((t, i) => `export const TOOL_${String(i)} = ${q(t.name)};\nexport const TOOL_${String(i)}_HEAD = ${q(t.name.slice(0, 2))};\n`),
    ...OVERRIDES.map((o, i) => `export const OVERRIDE_${String(i)} = ${q(o)};\n`)].join('');
  if (m.barrel) files['src/tools.ts'] = `export * from './tools-0.js';\nexport * from './tools-1.js';\n`;
  files['src/agents.ts'] = [
    `import { Agent } from '@openai/agents';`,
    '',
    ...m.agents.map((name, i) => `export const agent${String(i)} = new Agent({ name: ${q(name)}, instructions: 'Help.' });`),
    '',
  ].join('\n');
  for (const module of [0, 1] as const) files[`src/tools-${String(module)}.ts`] = emitToolModule(m, module);
  files['src/triage.ts'] = emitTriage(m);
  return files;
}

function emitToolModule(m: Config, module: 0 | 1): string {
  const lines = [`import { tool, toolNamespace } from '@openai/agents';`, `import { z } from 'zod';`, `import * as names from './names.js';`, ''];
  m.tools.forEach((t, i) => {
    if (t.module !== module) return;
    const options: string[] = [];
    const style = writtenStyle(t);
    if (style === 'literal') options.push(`name: ${q(t.name)}`);
    if (style === 'constant') options.push(`name: names.TOOL_${String(i)}`);
    if (style === 'template') options.push(`name: \`\${names.TOOL_${String(i)}_HEAD}${t.name.slice(2)}\``);
    if (style === 'concat') options.push(`name: names.TOOL_${String(i)}_HEAD + ${q(t.name.slice(2))}`);
    options.push(`description: 'Tool ${String(i)}.'`, 'parameters: z.object({ q: z.string() })');
    if (t.deferLoading) options.push('deferLoading: true');
    if (t.enabled !== undefined) options.push(`isEnabled: ${String(t.enabled)}`);
    options.push(style === 'function-name' ? `execute: async function ${t.name}() { return 'ok'; }` : `execute: async () => 'ok'`);
    lines.push(`export const tool${String(i)} = tool({ ${options.join(', ')} });`);
  });
  m.namespaces.forEach((ns, n) => {
    if (ns.module !== module) return;
    const members = m.tools.flatMap((t, i) => (t.namespace === n ? [`tool${String(i)}`] : []));
    lines.push(`export const namespace${String(n)} = toolNamespace({ name: ${q(ns.name)}, description: 'Group ${String(n)}.', tools: [${members.join(', ')}] });`);
  });
  if (m.moduleListing[module] === 'array') lines.push(`export const module${String(module)}Tools = [${listing(m, module).join(', ')}];`);
  if (m.moduleListing[module] === 'function') lines.push(`export function module${String(module)}Tools() {\n  return [${listing(m, module).join(', ')}];\n}`);
  lines.push('');
  return lines.join('\n');
}

/** A module's tools as the agent lists them: top-level tools, then each namespace spread. */
function listing(m: Config, module: 0 | 1): string[] {
  return [
    ...m.tools.flatMap((t, i) => (t.module === module && topLevel(t) ? [`tool${String(i)}`] : [])),
    ...m.namespaces.flatMap((ns, n) => (ns.module === module ? [`...namespace${String(n)}`] : [])),
  ];
}

function emitTriage(m: Config): string {
  const imports = [`import { Agent, handoff } from '@openai/agents';`, `import * as names from './names.js';`, `import { ${m.agents.map((_, i) => `agent${String(i)}`).join(', ')} } from './agents.js';`];
  const entries: string[] = [];
  const fromBarrel = new Set<string>();
  for (const module of [0, 1] as const) {
    const listingOf = m.moduleListing[module];
    const used = listingOf === 'each' ? listing(m, module).map((e) => e.replace('...', '')) : [`module${String(module)}Tools`];
    const again = [
      ...m.again.filter((i) => m.tools[i]!.module === module).map((i) => `tool${String(i)}`),
      ...m.againNamespaces.filter((n) => m.namespaces[n]!.module === module).map((n) => `namespace${String(n)}`),
    ];
    const bindings = [...new Set([...used, ...again])];
    if (m.barrel) bindings.forEach((b) => fromBarrel.add(b));
    else if (bindings.length > 0) imports.push(`import { ${bindings.join(', ')} } from './tools-${String(module)}.js';`);
    entries.push(...(listingOf === 'each' ? listing(m, module) : [`...module${String(module)}Tools${listingOf === 'function' ? '()' : ''}`]));
  }
  if (fromBarrel.size > 0) imports.push(`import { ${[...fromBarrel].join(', ')} } from './tools.js';`);
  entries.push(...m.again.map((i) => `tool${String(i)}`), ...m.againNamespaces.map((n) => `...namespace${String(n)}`));
  for (const a of m.agentTools) {
    const options = [`toolDescription: 'Ask agent ${String(a.agent)}.'`];
    if (a.toolName !== undefined) options.unshift(`toolName: ${q(a.toolName)}`);
    if (a.enabled !== undefined) options.push(`isEnabled: ${String(a.enabled)}`);
    entries.push(`agent${String(a.agent)}.asTool({ ${options.join(', ')} })`);
  }
  const handoffs = m.handoffs.map((h) => {
    if (h.form === 'agent') return `agent${String(h.agent)}`;
    const options: string[] = [];
    if (h.override !== undefined) options.push(`toolNameOverride: ${h.overrideConstant ? `names.OVERRIDE_${String(OVERRIDES.indexOf(h.override as (typeof OVERRIDES)[number]))}` : q(h.override)}`);
    if (h.enabled !== undefined) options.push(`isEnabled: ${String(h.enabled)}`);
    return `handoff(agent${String(h.agent)}${options.length > 0 ? `, { ${options.join(', ')} }` : ''})`;
  });
  const [lateTools, lateHandoffs] = lateCounts(m, entries.length, handoffs.length);
  const late = [
    ...(lateTools > 0 ? [`triage.tools.push(${entries.slice(entries.length - lateTools).join(', ')});`] : []),
    ...(lateHandoffs > 0 ? [`triage.handoffs.push(${handoffs.slice(handoffs.length - lateHandoffs).join(', ')});`] : []),
  ];
  return [
    ...imports,
    '',
    `export const triage = ${m.construct === 'new' ? 'new Agent' : 'Agent.create'}({`,
    `  name: 'Triage',`,
    `  instructions: 'Route the user.',`,
    `  tools: [${entries.slice(0, entries.length - lateTools).join(', ')}],`,
    `  handoffs: [${handoffs.slice(0, handoffs.length - lateHandoffs).join(', ')}],`,
    '});',
    ...late,
    '',
  ].join('\n');
}

/** How many trailing tools and handoffs are pushed late; a spread entry (`...x`) is never pushed. */
function lateCounts(m: Config, tools: number, handoffs: number): [number, number] {
  return [tools > 0 ? Math.min(m.late[0], tools) : 0, Math.min(m.late[1], handoffs)];
}

// ---------------------------------------------------------------- the model as live SDK objects

/** A model that answers once with text and records the tools and handoffs of each request. */
class RecordingModel implements Model {
  readonly requests: ModelRequest[] = [];
  getResponse(request: ModelRequest): ReturnType<Model['getResponse']> {
    this.requests.push(request);
    return Promise.resolve({
      output: [{ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'done' }] }],
      usage: new Usage(),
      responseId: 'response-1',
    });
  }
  // eslint-disable-next-line require-yield -- the oracle never streams
  async *getStreamedResponse(): ReturnType<Model['getStreamedResponse']> {
    throw new Error('not streamed');
  }
}

type Live = { triage: Agent } | { namespaceErrors: string[] };

/**
 * The configuration as live SDK objects. `topLevelOnly` leaves out the namespaced and deferred
 * entries: the SDK checks those on their own (and rejects their duplicates under every policy,
 * before it looks at the rest), so what remains meets the same top-level check as in the full agent.
 */
function build(m: Config, topLevelOnly = false): Live {
  const agents = m.agents.map((name) => new Agent({ name, instructions: 'Help.' }));
  const tools = m.tools.map((t, i) => {
    const style = writtenStyle(t);
    const execute = async (): Promise<string> => 'ok';
    if (style === 'function-name') Object.defineProperty(execute, 'name', { value: t.name });
    return tool({
      ...(style === 'function-name' ? {} : { name: t.name }),
      description: `Tool ${String(i)}.`,
      parameters: z.object({ q: z.string() }),
      ...(t.deferLoading ? { deferLoading: true } : {}),
      ...(t.enabled === undefined ? {} : { isEnabled: t.enabled }),
      execute,
    });
  });
  const namespaceErrors: string[] = [];
  const namespaces = m.namespaces.map((ns, n) => {
    try {
      return toolNamespace({ name: ns.name, description: `Group ${String(n)}.`, tools: tools.filter((_, i) => m.tools[i]!.namespace === n) });
    } catch (error) {
      namespaceErrors.push(`${toFunctionToolName(ns.name.trim())}:${/tool named "([^"]*)"/.exec(String(error))?.[1] ?? String(error)}`);
      return [];
    }
  });
  if (namespaceErrors.length > 0) return { namespaceErrors };
  const kept = (i: number): boolean => !topLevelOnly || !m.tools[i]!.deferLoading;
  const spread = (n: number): ReturnType<typeof toolNamespace> => (topLevelOnly ? [] : namespaces[n]!);
  const moduleTools = ([0, 1] as const).flatMap((module) => [
    ...tools.filter((_, i) => m.tools[i]!.module === module && topLevel(m.tools[i]!) && kept(i)),
    ...m.namespaces.flatMap((ns, n) => (ns.module === module ? spread(n) : [])),
  ]);
  const agentTools = m.agentTools.map((a, i) =>
    agents[a.agent]!.asTool({
      ...(a.toolName === undefined ? {} : { toolName: a.toolName }),
      toolDescription: `Ask agent ${String(i)}.`,
      ...(a.enabled === undefined ? {} : { isEnabled: a.enabled }),
    }),
  );
  const handoffs = m.handoffs.map((h) =>
    h.form === 'agent'
      ? agents[h.agent]!
      : handoff(agents[h.agent]!, {
          ...(h.override === undefined ? {} : { toolNameOverride: h.override }),
          ...(h.enabled === undefined ? {} : { isEnabled: h.enabled }),
        }),
  );
  const triage = new Agent({
    name: 'Triage',
    instructions: 'Route the user.',
    tools: [...moduleTools, ...m.again.filter(kept).map((i) => tools[i]!), ...m.againNamespaces.flatMap(spread), ...agentTools],
    handoffs,
  });
  return { triage };
}

/** The names a run under `policy` rejects ([] when it runs), and what the model was sent. */
async function run(triage: Agent, policy: 'error' | 'warn'): Promise<{ rejected: string[]; sent: number; warned: string[]; request?: ModelRequest }> {
  const model = new RecordingModel();
  const runner = new Runner({ modelProvider: { getModel: () => model }, toolNameCollisionPolicy: policy, tracingDisabled: true });
  // The SDK logs each collision it resolves under 'warn' with console.warn: keep them, quietly.
  const warned: string[] = [];
  const warn = vi.spyOn(console, 'warn').mockImplementation((message: unknown) => {
    warned.push(/Duplicate enabled tool name found: '([^']*)'/.exec(String(message))?.[1] ?? String(message));
  });
  try {
    await runner.run(triage, 'hello');
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const details = /Duplicate enabled tool names? found: (.*)\. Function tools/.exec(message)?.[1];
    if (details === undefined) throw error;
    return { rejected: [...details.matchAll(/'([^']*)' \(/g)].map((match) => match[1]!), sent: -1, warned };
  } finally {
    warn.mockRestore();
  }
  const request = model.requests[0]!;
  return { rejected: [], sent: request.tools.length + request.handoffs.length, warned, request };
}

/** Who the model is shown under a warned name: `tool <i>`, `agent tool of agent <k>` or `handoff to <agent name>`. */
function shownWinner(m: Config, request: ModelRequest, name: string): string | undefined {
  const handoffShown = request.handoffs.find((h) => h.toolName === name);
  if (handoffShown) return `handoff to ${/^Handoff to the (.*) agent to handle the request\./.exec(handoffShown.toolDescription)?.[1] ?? '?'}`;
  const toolShown = request.tools.find((t) => t.type === 'function' && t.name === name);
  const description = toolShown && 'description' in toolShown ? String(toolShown.description) : '';
  const own = /^Tool (\d+)\.$/.exec(description);
  if (own) return `tool ${own[1]!}`;
  const asTool = /^Ask agent (\d+)\.$/.exec(description);
  return asTool ? `agent tool of agent ${String(m.agentTools[Number(asTool[1])]!.agent)}` : undefined;
}

/**
 * The winner a collision finding names, in shownWinner's words: the handoff its data names, or the
 * entry its first related location ('"x" that dispatch picks') sits in, read from the emitted
 * source; a spread (`...module0Tools`) stands for the definition the next related location is on.
 */
function claimedWinner(m: Config, files: SourceFiles, finding: Finding): string | undefined {
  const handoffTo = /^the handoff to agent "(.*)"$/.exec(finding.data.winner ?? '');
  if (handoffTo) return `handoff to ${handoffTo[1]!}`;
  const [picked, definition] = finding.related;
  const entry = picked && entryAt(files, picked);
  const own = /^tool(\d+)$/.exec(entry ?? '') ?? (entry?.startsWith('...') && definition ? /\bconst tool(\d+) = tool\(/.exec(lineOf(files, definition)) : null);
  if (own) return `tool ${own[1]!}`;
  const asTool = /^agent(\d+)\.asTool\($/.exec(entry ?? '');
  if (asTool) return `agent tool of agent ${asTool[1]!}`;
  const handoffEntry = /^(?:handoff\()?agent(\d+)$/.exec(entry ?? '');
  return handoffEntry ? `handoff to ${m.agents[Number(handoffEntry[1])]!}` : undefined;
}

type At = Finding['related'][number];

/** The source line a location starts on. */
function lineOf(files: SourceFiles, at: At): string {
  return (files[at.file] ?? '').split('\n')[at.span.loc.start.line - 1] ?? '';
}

/** The list entry (`tool3`, `agent0.asTool(`, `handoff(agent1`, `agent2`, `...module0Tools`) a location is in: the last to start at or before it on its line. */
function entryAt(files: SourceFiles, at: At): string | undefined {
  const source = files[at.file] ?? '';
  const lineStart = source.lastIndexOf('\n', at.span.start - 1) + 1;
  const lineEnd = source.indexOf('\n', at.span.start);
  const entries = [...source.slice(lineStart, lineEnd === -1 ? undefined : lineEnd).matchAll(/\.\.\.\w+|handoff\(agent\d+|agent\d+\.asTool\(|agent\d+|tool\d+/g)];
  return entries.filter((e) => lineStart + e.index <= at.span.start).at(-1)?.[0];
}

const collisions = (findings: readonly Finding[]): Finding[] => findings.filter((f) => f.ruleId === 'no-tool-name-collision');

async function compare(m: Config, findings: readonly Finding[]): Promise<Verdict> {
  const live = build(m);
  const reserved = sortedNames(findings.filter((f) => f.ruleId === 'no-namespace-equals-name').map((f) => `${String(f.data.namespace)}:${String(f.data.name)}`));
  if ('namespaceErrors' in live) {
    const thrown = sortedNames(live.namespaceErrors);
    return same(thrown, reserved)
      ? { agree: 'toolNamespace() throws' }
      : { disagree: `toolNamespace() throws for ${JSON.stringify(thrown)}; no-namespace-equals-name reports ${JSON.stringify(reserved)}` };
  }
  if (reserved.length > 0) return { disagree: `no-namespace-equals-name reports ${JSON.stringify(reserved)}; toolNamespace() accepts every namespace` };
  const reported = sortedNames(new Set(collisions(findings).map((f) => String(f.data.name))));
  const strict = await run(live.triage, 'error');
  const lenient = await run(live.triage, 'warn');
  // Namespaced and deferred duplicates are rejected under every policy, and first: the SDK names
  // every one of them and stops, so the top-level collisions are read from a second agent without
  // those entries (build's topLevelOnly), which the SDK checks the same way.
  const topLevelOnly = build(m, true);
  if ('namespaceErrors' in topLevelOnly) throw new Error('toolNamespace() threw only without its members');
  const bare = lenient.rejected.length > 0 ? await run(topLevelOnly.triage, 'error') : undefined;
  const rejected = sortedNames(new Set([...strict.rejected, ...(bare?.rejected ?? [])]));
  const disagree = `a run under toolNameCollisionPolicy 'error' rejects ${JSON.stringify(rejected)}${bare ? ' (the top-level ones from the agent without namespaced and deferred entries)' : ''}; no-tool-name-collision reports ${JSON.stringify(reported)}`;
  // As sets: a name only one side has fails, in either direction.
  if (!same(rejected, reported)) return { disagree };
  if (rejected.length === 0) return { agree: 'runs' };
  // The dispatch winner of each top-level collision, as the SDK shows it under 'warn', is the one the findings name.
  const shown = await run(topLevelOnly.triage, 'warn');
  if (shown.request === undefined) return { disagree: `under 'warn' the agent without namespaced and deferred entries still throws for ${JSON.stringify(shown.rejected)}` };
  const files = emit(m);
  for (const name of new Set(shown.warned)) {
    const winner = shownWinner(m, shown.request, name);
    if (winner === undefined) return { disagree: `under 'warn' the SDK shows no entry named "${name}"` };
    for (const finding of collisions(findings).filter((f) => f.data.name === name && f.data.winner !== undefined)) {
      const claimed = claimedWinner(m, files, finding);
      if (claimed !== winner) return { disagree: `"${name}": the SDK shows ${winner}; no-tool-name-collision at ${finding.file}:${String(finding.span.loc.start.line)} names ${claimed ?? 'no winner'}` };
    }
  }
  if (lenient.rejected.length > 0) return { agree: 'rejected under every policy' };
  // Under 'warn' the SDK warns once per name and keeps one winner: one hidden entry per reported loser.
  const warned = sortedNames(new Set(lenient.warned));
  if (!same(warned, reported)) return { disagree: `under 'warn' the SDK warns about ${JSON.stringify(warned)}; no-tool-name-collision reports ${JSON.stringify(reported)}` };
  const hidden = (await enabledCount(live.triage)) - lenient.sent;
  const losers = collisions(findings).length;
  return hidden === losers
    ? { agree: "rejected under 'error', resolved under 'warn'" }
    : { disagree: `under 'warn' the SDK hides ${String(hidden)} entries; no-tool-name-collision reports ${String(losers)} losers` };
}

const same = (a: readonly string[], b: readonly string[]): boolean => JSON.stringify(a) === JSON.stringify(b);

async function enabledCount(triage: Agent): Promise<number> {
  const { RunContext } = await import('@openai/agents');
  const context = new RunContext(undefined);
  return (await triage.getAllTools(context)).length + (await triage.getEnabledHandoffs(context)).length;
}

// About 30 s on a busy 2-core machine.
const CASES = 600;

describe('@openai/agents: the static verdict is what a run does', () => {
  it(`${String(CASES)} generated triage agents`, { timeout: 180_000 }, async () => {
    const outcomes = await runOracle({ framework: '@openai/agents 0.20.0', model: config, emit, compare, numRuns: CASES });
    // Every kind of outcome occurs: the generator covers rejection, resolution and clean runs.
    expect(Object.keys(outcomes).sort()).toEqual(["rejected under 'error', resolved under 'warn'", 'rejected under every policy', 'runs', 'toolNamespace() throws']);
  });
});
