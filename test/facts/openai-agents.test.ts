import { describe, expect, it } from 'vitest';
import { linkedNames, publicNames, extract, idAt, nameOf, offset, pos, show, spanOfText } from './helpers.js';

const triage = `import { Agent, handoff, tool, toolNamespace, webSearchTool, MCPServerStdio, MCPServerStreamableHttp } from '@openai/agents';
import { RealtimeAgent } from '@openai/agents/realtime';
import { z } from 'zod';

const getWeather = tool({
  name: 'get weather',
  description: 'Weather for a city',
  parameters: z.object({ city: z.string() }),
  needsApproval: true,
  execute: async ({ city }) => \`Sunny in \${city}\`,
});

const lookupAccount = tool({
  name: 'lookup_account',
  description: 'Find an account',
  parameters: z.object({ id: z.string() }),
  deferLoading: true,
  execute: async ({ id }) => id,
});

const crm = toolNamespace({ name: 'CRM tools', description: 'CRM', tools: [lookupAccount] });

export const billingAgent = new Agent({ name: 'Billing agent', instructions: 'Billing.' });
const refundAgent = new Agent({ name: 'Refund agent', instructions: 'Refunds.' });

const docs = new MCPServerStdio({ name: 'docs', fullCommand: 'npx docs-server' });
const remote = new MCPServerStreamableHttp({ url: 'https://example.com/mcp' });

export const triageAgent = Agent.create({
  name: 'Triage',
  instructions: 'Route the user.',
  tools: [getWeather, crm, webSearchTool(), refundAgent.asTool({ toolDescription: 'Refunds' }), billingAgent.asTool({ toolName: 'ask_billing' })],
  handoffs: [billingAgent, handoff(refundAgent, { toolNameOverride: 'refunds' })],
  mcpServers: [docs, remote],
  mcpConfig: { includeServerInToolNames: true },
  modelSettings: { toolChoice: 'required' },
});

export const voice = new RealtimeAgent({ name: 'Greeter', handoffs: [triageAgent], mcpServers: [docs], mcpConfig: { includeServerInToolNames: true } });
`;

describe('@openai/agents: a triage agent', () => {
  const facts = extract(triage);
  const key = (name: string) => `${name}@${offset(triage, `const ${name} =`) + 6}`;

  it('is enabled by its imports (subpath included)', () => {
    expect(facts.adapters).toEqual(['openai-agents']);
    expect(facts.imports.map((i) => `${i.local}<-${i.module}#${i.imported}`)).toEqual([
      'Agent<-@openai/agents#Agent',
      'handoff<-@openai/agents#handoff',
      'tool<-@openai/agents#tool',
      'toolNamespace<-@openai/agents#toolNamespace',
      'webSearchTool<-@openai/agents#webSearchTool',
      'MCPServerStdio<-@openai/agents#MCPServerStdio',
      'MCPServerStreamableHttp<-@openai/agents#MCPServerStreamableHttp',
      'RealtimeAgent<-@openai/agents/realtime#RealtimeAgent',
      'z<-zod#z',
    ]);
  });

  it('records function, hosted and agent tools; the linker gives their public names', () => {
    const names = publicNames(facts);
    expect(facts.tools.map((t, i) => [t.id, t.kind, nameOf(t.name), names[i], t.deferLoading, t.approvalRequired])).toEqual([
      [idAt('tool', triage, "tool({\n  name: 'get weather'"), 'function', 'get weather', 'get_weather', false, true],
      [idAt('tool', triage, "tool({\n  name: 'lookup_account'"), 'function', 'lookup_account', 'lookup_account', true, false],
      [idAt('tool', triage, 'webSearchTool()'), 'hosted', undefined, undefined, false, false],
      [idAt('tool', triage, 'refundAgent.asTool('), 'agent-tool', undefined, 'Refund_agent', false, false],
      [idAt('tool', triage, 'billingAgent.asTool('), 'agent-tool', 'ask_billing', 'ask_billing', false, false],
    ]);
    const [weather, , hosted, refundTool, billingTool] = facts.tools;
    expect(weather!.nameSpan).toEqual(spanOfText(triage, "'get weather'"));
    expect(weather!.name).toEqual({ kind: 'static', value: 'get weather', via: 'literal', span: spanOfText(triage, "'get weather'") });
    expect(weather!.span.loc.start).toEqual({ line: 5, column: 19 });
    expect(weather!.span.loc.end).toEqual({ line: 11, column: 2 });
    expect(hosted!.nameSpan).toEqual(spanOfText(triage, 'webSearchTool', 1));
    expect('name' in hosted!).toBe(false);
    expect(refundTool!.nameFrom).toBe('receiver-agent');
    expect(refundTool!.nameSpan).toEqual(spanOfText(triage, 'refundAgent.asTool'));
    expect(show(refundTool!.agent)).toBe(`binding:${key('refundAgent')}`);
    expect(billingTool!.nameFrom).toBe('option');
    expect(billingTool!.nameSpan.loc.start).toEqual(pos(triage, "'ask_billing'"));
  });

  it('records the namespace with its sanitised public name', () => {
    expect(facts.namespaces).toHaveLength(1);
    const [ns] = facts.namespaces;
    expect(ns!.id).toBe(idAt('namespace', triage, 'toolNamespace({'));
    expect(nameOf(ns!.name)).toBe('CRM tools');
    expect(linkedNames(facts).namespaces.get(ns!.id)).toBe('CRM_tools');
    expect(show(ns!.members)).toBe(`[binding:${key('lookupAccount')}]`);
    expect(ns!.nameSpan.loc.start).toEqual({ line: 21, column: 34 });
    expect(ns!.nameSpan).toEqual(spanOfText(triage, "'CRM tools'"));
  });

  it('records handoff() calls; agents listed directly stay agent values', () => {
    expect(facts.handoffs).toEqual([
      {
        id: idAt('handoff', triage, 'handoff(refundAgent'),
        adapter: 'openai-agents',
        agent: { kind: 'binding', key: key('refundAgent'), name: 'refundAgent', span: spanOfText(triage, 'refundAgent', 2) },
        toolNameOverride: { kind: 'static', value: 'refunds', via: 'literal', span: spanOfText(triage, "'refunds'") },
        span: spanOfText(triage, "handoff(refundAgent, { toolNameOverride: 'refunds' })"),
      },
    ]);
  });

  it('records agents, realtime agents, MCP clients and the agent options', () => {
    expect(facts.agents.map((a) => [a.kind, nameOf(a.name)])).toEqual([
      ['agent', 'Billing agent'],
      ['agent', 'Refund agent'],
      ['agent', 'Triage'],
      ['realtime-agent', 'Greeter'],
    ]);
    const main = facts.agents[2]!;
    expect(main.id).toBe(idAt('agent', triage, 'Agent.create('));
    expect(main.nameSpan.loc.start).toEqual({ line: 30, column: 8 });
    expect(show(main.tools)).toBe(
      `[binding:${key('getWeather')}, binding:${key('crm')}, tool:${facts.tools[2]!.id}, tool:${facts.tools[3]!.id}, tool:${facts.tools[4]!.id}]`,
    );
    expect(show(main.handoffs)).toBe(`[binding:billingAgent@${offset(triage, 'billingAgent =')}, handoff:${facts.handoffs[0]!.id}]`);
    expect(show(main.mcpServers)).toBe(`[binding:${key('docs')}, binding:${key('remote')}]`);
    expect(main.includeServerInToolNames).toBe(true);
    expect(main.toolNameCollisionPolicy).toBeUndefined();
    // `modelSettings.toolChoice: 'required'` is a mode: it names no tool.
    expect(facts.exposures.find((e) => e.owner === main.id)!.references).toBeUndefined();
    expect(facts.agents[0]!.includeServerInToolNames).toBe(false);
    expect(show(facts.agents[3]!.handoffs)).toBe(`[binding:triageAgent@${offset(triage, 'triageAgent =')}]`);
    expect(show(facts.agents[3]!.mcpServers)).toBe(`[binding:${key('docs')}]`);
    expect(facts.agents[3]!.includeServerInToolNames).toBe(true);
    expect(facts.mcpServers.map((s) => [s.id, s.role, nameOf(s.name)])).toEqual([
      [idAt('mcp', triage, 'new MCPServerStdio'), 'client', 'docs'],
      [idAt('mcp', triage, 'new MCPServerStreamableHttp'), 'client', undefined],
    ]);
  });

  it('makes one exposure set per agent, owned by it', () => {
    expect(facts.exposures.map((e) => [e.kind, e.owner, e.mutatedUnknown, e.additions.length])).toEqual(
      facts.agents.map((a) => ['agent', a.id, false, 0]),
    );
    expect(facts.exposures[2]!.tools).toEqual(facts.agents[2]!.tools);
    expect(facts.exposures[2]!.handoffs).toEqual(facts.agents[2]!.handoffs);
  });

  it('exports the agents as bindings and binds every const', () => {
    expect(facts.exports.map((e) => `${e.exported}=${show(e.value as never)}`)).toEqual([
      `billingAgent=binding:billingAgent@${offset(triage, 'billingAgent =')}`,
      `triageAgent=binding:triageAgent@${offset(triage, 'triageAgent =')}`,
      `voice=binding:voice@${offset(triage, 'voice =')}`,
    ]);
    expect(show(facts.bindings[key('getWeather')])).toBe(`tool:${facts.tools[0]!.id}`);
    expect(show(facts.bindings[key('crm')])).toBe(`namespace:${facts.namespaces[0]!.id}`);
    expect(show(facts.bindings[key('docs')])).toBe(`mcp-server:${facts.mcpServers[0]!.id}`);
    expect(facts.callIdCoercions).toEqual([]);
    expect(facts.identityStrings).toEqual([]);
  });
});

describe('@openai/agents: imports, aliases and non-definitions', () => {
  const code = `import { tool as defineIt, Agent as A } from '@openai/agents';
import * as agents from '@openai/agents';
import { useCopilotAction } from '@copilotkit/react-core';

const t = agents.tool;
const alias = defineIt;
const { tool: fromNs } = agents;
const a = defineIt({ name: 'a', execute: async () => 'a' });
const b = agents.tool({ name: 'b', execute: async () => 'b' });
const c = t({ name: 'c', execute: async () => 'c' });
const d = alias({ name: 'd', execute: async () => 'd' });
const e = fromNs({ name: 'e', execute: async () => 'e' });
new agents.Agent({ name: 'X', tools: [a, b, c, d, e] });
agents.Agent.create({ name: 'Y' });
new A({ name: 'Z' });

function local(tool: (x: unknown) => unknown) {
  return tool({ name: 'shadowed' });
}
const toolResult = { type: 'function_call_output', name: 'search', output: 'x' };
useCopilotAction({ name: 'search', handler: () => {} });
const settings = { activeTools: ['a', 'b'] };
export const copy = triage.clone({ name: 'copy', tools: [] });
`;
  const facts = extract(code);

  it('follows renamed, namespace, destructured and aliased callees', () => {
    expect(facts.tools.map((t) => nameOf(t.name))).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(facts.agents.map((a) => nameOf(a.name))).toEqual(['X', 'Y', 'Z']);
    expect(show(facts.agents[0]!.tools)).toBe(
      `[${['a', 'b', 'c', 'd', 'e'].map((n) => `binding:${n}@${offset(code, `const ${n} =`) + 6}`).join(', ')}]`,
    );
  });

  it('ignores shadowed callees, result objects, render hooks, name lists and clones', () => {
    expect(facts.tools).toHaveLength(5);
    expect(facts.agents).toHaveLength(3);
    expect(show(facts.bindings[`copy@${offset(code, 'copy =')}`])).toBe("unknown(triage.clone({ name: 'copy', tools: [] }))");
  });
});

describe('@openai/agents: CommonJS and unrelated frameworks', () => {
  it('is enabled by require()', () => {
    const facts = extract(`const { tool, Agent } = require('@openai/agents');
const t = tool({ name: 'cjs_tool', execute: async () => '' });
module.exports = new Agent({ name: 'Cjs', tools: [t] });
`, 'src/cjs.ts');
    expect(facts.adapters).toEqual(['openai-agents']);
    expect(facts.imports).toEqual([
      { local: 'tool', module: '@openai/agents', imported: 'tool' },
      { local: 'Agent', module: '@openai/agents', imported: 'Agent' },
    ]);
    expect(publicNames(facts)).toEqual(['cjs_tool']);
    expect(facts.agents.map((a) => nameOf(a.name))).toEqual(['Cjs']);
  });

  it('does not take tool() from another framework for a definition', () => {
    const facts = extract(`import { tool, generateText } from 'ai';
const weather = tool({ description: 'x', inputSchema: {}, execute: async () => 'x' });
await generateText({ model, tools: { weather, search: tool({ description: 'y' }) } });
`);
    // The AI SDK's adapter claims these; this one claims nothing.
    expect(facts.adapters).toEqual(['ai-sdk']);
    expect(facts.tools.map((t) => t.adapter)).toEqual(['ai-sdk', 'ai-sdk']);
    expect(facts.exposures.map((e) => `${e.adapter}:${e.kind}`)).toEqual(['ai-sdk:call']);
  });

  it('claims nothing from a framework no adapter models', () => {
    const facts = extract(`import { tool, generate } from 'llm-kit';
export const weather = tool({ name: 'weather', execute: async () => 'x' });
await generate({ tools: [weather] });
`);
    expect(facts.adapters).toEqual([]);
    expect(facts.tools).toEqual([]);
    expect(facts.exposures).toEqual([]);
  });

  it('names a tool after its execute function when no name is written', () => {
    const code = `import { tool } from '@openai/agents';
async function fetchOrders() { return []; }
const byDeclaration = tool({ description: 'x', parameters: {}, execute: fetchOrders });
const byExpression = tool({ description: 'x', parameters: {}, execute: async function getInvoice() { return 1; } });
const byArrow = tool({ description: 'x', parameters: {}, execute: async () => 1 });
const unnamed = tool({ description: 'x', parameters: {} });
`;
    const facts = extract(code);
    expect(facts.tools.map((t) => [nameOf(t.name), t.name?.kind === 'static' ? t.name.via : undefined])).toEqual([
      ['fetchOrders', 'derived'],
      ['getInvoice', 'derived'],
      ['execute', 'derived'],
      [undefined, undefined],
    ]);
    expect(facts.tools[0]!.nameSpan).toEqual(spanOfText(code, 'tool', 1));
    expect(facts.tools[2]!.name!.span).toEqual(spanOfText(code, 'execute: async () => 1'));
  });
});

describe('@openai/agents: isEnabled', () => {
  const code = `import { Agent, handoff, tool } from '@openai/agents';
const billing = new Agent({ name: 'billing' });
const off = tool({ name: 'off', parameters, execute, isEnabled: false });
const offCast = tool({ name: 'off_cast', parameters, execute, isEnabled: (false as boolean) });
const maybe = tool({ name: 'maybe', parameters, execute, isEnabled: () => flags.maybe });
const on = tool({ name: 'on', parameters, execute, isEnabled: true });
const asTool = billing.asTool({ toolName: 'ask_billing', isEnabled: false });
const routes = [handoff(billing, { isEnabled: false }), handoff(billing, { isEnabled: flag }), handoff(billing)];
`;
  const facts = extract(code);

  it('a literal false disables a tool, an agent tool or a handoff; any other value keeps it', () => {
    expect(facts.tools.map((t) => [nameOf(t.name), t.disabled])).toEqual([
      ['off', true],
      ['off_cast', true],
      ['maybe', undefined],
      ['on', undefined],
      ['ask_billing', true],
    ]);
    expect(facts.handoffs.map((h) => h.disabled)).toEqual([true, undefined, undefined]);
  });
});
