// The adapter facts table: code in, the names of each exposure set out. One row per idiom; a new
// adapter is a list of rows. Rows run through extraction (both compilers) and the linker, so they
// pin what the walker and the linker make of each vocabulary item, across modules where it says so.
// `vocabularyAdapter` is a test adapter (module 'acme-agents') that uses every vocabulary item the
// framework adapters to come need: record-keyed sets, options at argument 1, plain-call sets,
// class-defined tools, toolkits returned from functions, and a collect hook.
import { describe, expect, it } from 'vitest';
import { RETURNS, adapters as registry, type FrameworkAdapter } from '../../../src/facts/adapters/index.js';
import { declaredAdapters } from '../../../src/facts/adapters/declarations.js';
import { adapterDeclarationsSchema } from '../../../src/facts/adapters/declarations-schema.js';
import { linkFacts } from '../../../src/facts/resolve.js';
import { extract } from '../helpers.js';

const verbatim = (name: string): string => name;

const vocabularyAdapter: FrameworkAdapter = {
  id: 'acme',
  title: 'Acme agents (test adapter)',
  enablers: ['acme-agents'],
  tools: [
    // tool(fn, { name }): the name at argument 1.
    { match: [{ type: 'call', name: 'tool' }], kind: 'function', name: [{ from: 'option', argument: 1, path: ['name'] }] },
    // recordTool({...}): named by the record key that lists it.
    { match: [{ type: 'call', name: 'recordTool' }], kind: 'function', name: [{ from: 'record-key' }] },
    // class X extends AcmeTool { name = '...' }
    { match: [{ type: 'extends', name: 'AcmeTool' }], kind: 'function', name: [{ from: 'class-member', member: 'name' }] },
  ],
  exposures: [
    { match: [{ type: 'call', name: 'createAgent' }], kind: 'agent', name: [{ from: 'option', argument: 0, path: ['name'] }], tools: { argument: 0, path: ['tools'], shape: 'array' } },
    { match: [{ type: 'call', name: 'generate' }], kind: 'call', tools: { argument: 0, path: ['tools'], shape: 'record' } },
    { match: [{ type: 'method', method: 'bindTools', minArguments: 1 }], kind: 'call', tools: { argument: 0, path: [], shape: 'array' } },
    {
      // A record set with keyed members and references, also inside what a function option returns.
      match: [{ type: 'new', name: 'Crew' }],
      kind: 'agent',
      name: [{ from: 'option', argument: 0, path: ['name'] }],
      tools: { argument: 0, path: ['tools'], shape: 'record' },
      keyedMembers: [{ argument: 0, path: ['members'], prefix: 'ask-' }],
      references: [
        { argument: 0, path: ['force'], form: 'tool-choice', style: { modes: ['auto'], object: { nameOption: 'tool' } } },
        { argument: 0, path: ['plan', RETURNS, 'only'], form: 'names' },
      ],
    },
  ],
  runs: [{ match: [{ type: 'method', method: 'ask', minArguments: 2 }], references: [{ argument: 1, path: ['only'], form: 'names' }] }],
  collect: [
    {
      // A hook may only add facts: here a one-shot set from `legacyRun(tools)`.
      match: [{ type: 'call', name: 'legacyRun' }],
      collect(site) {
        site.addSet({ tools: site.readValue({ argument: 0, path: ['tools'] }), toolsShape: 'array' });
      },
    },
  ],
  naming: { tool: verbatim, namespace: verbatim, handoff: (agentName) => `transfer_to_${agentName}`, agentTool: verbatim },
};

/** Toolkits: arrays of this adapter's tools held by variables or returned by functions are sets. */
const toolkitAdapter: FrameworkAdapter = {
  id: 'kit',
  title: 'Kit agents (test adapter)',
  enablers: ['kit-agents'],
  tools: [{ match: [{ type: 'call', name: 'kitTool' }], kind: 'function', name: [{ from: 'option', argument: 0, path: ['name'] }] }],
  toolkitArrays: true,
  dispatch: 'first',
  naming: { tool: verbatim, namespace: verbatim, handoff: (agentName) => `transfer_to_${agentName}`, agentTool: verbatim },
};

interface Row {
  idiom: string;
  files: Record<string, string>;
  /** `kind:name [member names]` per exposure set, in link order. */
  sets: string[];
  /** Per set, what the linker says of each member it could not name (`object`: a plain object of no known shape); the set is incomplete. */
  unresolved?: string[][];
}

const rows: Row[] = [
  {
    idiom: 'name at argument 1; agent opened by a plain call',
    files: {
      'src/a.ts': `import { tool, createAgent } from 'acme-agents';
const search = tool(async () => 'x', { name: 'search' });
const fetchDoc = tool(async () => 'y', { name: 'fetch' });
export const agent = createAgent({ name: 'docs', tools: [search, fetchDoc] });
`,
    },
    sets: ['agent:docs [search, fetch]'],
  },
  {
    idiom: 'record-keyed set: members named by their keys, spreads from two modules keep both sides',
    files: {
      'src/billing.ts': `import { recordTool } from 'acme-agents';
export const billingTools = { search: recordTool({ run: () => 1 }), refund: recordTool({ run: () => 2 }) };
`,
      'src/kb.ts': `import { recordTool } from 'acme-agents';
export const kbTools = { search: recordTool({ run: () => 3 }) };
`,
      'src/run.ts': `import { generate } from 'acme-agents';
import { billingTools } from './billing';
import { kbTools } from './kb';
export const answer = generate({ tools: { ...billingTools, ...kbTools } });
`,
    },
    sets: ['call: [search, refund, search]'],
  },
  {
    idiom: 'class-defined tools: one class per module, instances listed in a toolkit returned by a function',
    files: {
      'src/locate.ts': `import { AcmeTool } from 'acme-agents';
export class LocateTool extends AcmeTool { name = 'locate'; static lc_name = 'ignored'; }
`,
      'src/eta.ts': `import { AcmeTool } from 'acme-agents';
export class EtaTool extends AcmeTool { name = 'eta'; }
`,
      'src/toolkit.ts': `import { createAgent } from 'acme-agents';
import { LocateTool } from './locate';
import { EtaTool } from './eta';
export function fleetTools() {
  const tools = [new LocateTool(), new EtaTool(), new EtaTool()];
  return tools;
}
export const fleet = createAgent({ name: 'fleet', tools: fleetTools() });
`,
    },
    sets: ['agent:fleet [locate, eta, eta]'],
  },
  {
    idiom: 'subclasses of a tool class, across files and two levels, named by their own member or inherited; other classes are not tools',
    files: {
      'src/base.ts': `import { AcmeTool } from 'acme-agents';
export abstract class HttpTool extends AcmeTool { name = 'http'; abstract url: string; }
`,
      // No framework import: the file is only read for its module surface.
      'src/weather.ts': `import { HttpTool } from './base';
export class WeatherTool extends HttpTool { name = 'weather'; url = 'https://weather.example'; }
export class CachedWeatherTool extends WeatherTool { ttl = 60; }
export class RawHttp extends HttpTool { url = 'https://example.com'; }
export class Plain extends Object { name = 'plain'; }
`,
      'src/agent.ts': `import { createAgent } from 'acme-agents';
import { CachedWeatherTool, RawHttp, WeatherTool } from './weather';
export const agent = createAgent({ name: 'sky', tools: [new WeatherTool(), new CachedWeatherTool(), new RawHttp()] });
`,
    },
    sets: ['agent:sky [weather, weather, http]'],
  },
  {
    idiom: 'a method on any receiver opens a set; a collect hook adds one',
    files: {
      'src/b.ts': `import { tool, legacyRun } from 'acme-agents';
declare const model: { bindTools(tools: unknown[]): unknown };
const a = tool(() => 1, { name: 'a' });
const b = tool(() => 2, { name: 'b' });
export const bound = model.bindTools([a, b]);
legacyRun({ tools: [b] });
`,
    },
    sets: ['call: [a, b]', 'call: [b]'],
  },
  {
    idiom: 'keyed members: each key of `members` is a tool named with the prefix, after the record tools',
    files: {
      'src/crew.ts': `import { Crew, recordTool } from 'acme-agents';
const helper = new Crew({ name: 'helper', tools: {} });
export const crew = new Crew({ name: 'crew', tools: { look: recordTool({}) }, members: { helper, 'second helper': helper } });
`,
    },
    sets: ['agent:helper []', 'agent:crew [look, ask-helper, ask-second helper]'],
  },
  {
    idiom: 'Object.assign builds a record like spreads, later sources last',
    files: {
      'src/assign.ts': `import { recordTool, generate } from 'acme-agents';
const a = { search: recordTool({}) };
const b = { search: recordTool({}), fetch: recordTool({}) };
export const out = generate({ tools: Object.assign({}, a, b) });
`,
    },
    sets: ['call: [search, search, fetch]'],
  },
  {
    idiom: 'toolkit arrays: a returned array and a held array of the adapter tools are sets; other arrays are not',
    files: {
      'src/kit.ts': `import { kitTool } from 'kit-agents';
const a = kitTool({ name: 'a' });
const b = kitTool({ name: 'b' });
export function kit() { return [a, b, kitTool({ name: 'a' })]; }
export const held = [a, b];
export const mixed = [a, 'not a tool'];
export const single = [a];
`,
    },
    sets: ['toolkit: [a, b, a]', 'toolkit: [a, b]'],
  },
  {
    idiom: 'VoltAgent: tools then toolkits in one set (createToolkit returns its options), subAgents add delegate_task after them',
    files: {
      'src/kit.ts': `import { createTool, createToolkit } from '@voltagent/core';
import { z } from 'zod';
const lookup = createTool({ name: 'lookup_order', description: 'x', parameters: z.object({}), execute: async () => 1 });
export const ordersKit = createToolkit({ name: 'orders', tools: [lookup, createTool({ name: 'refund', description: 'y', parameters: z.object({}), execute: async () => 2 })] });
`,
      'src/agent.ts': `import { Agent, createTool } from '@voltagent/core';
import { ordersKit } from './kit';
const helper = new Agent({ name: 'helper', instructions: 'x', model });
const search = createTool({ name: 'search', description: 'x', parameters: z.object({}), execute: async () => 1 });
export const main = new Agent({ name: 'main', instructions: 'x', model, tools: [search], toolkits: [ordersKit], subAgents: [helper] });
export const solo = new Agent({ name: 'solo', instructions: 'x', model, tools: [search], subAgents: [] });
`,
    },
    sets: ['agent:helper []', 'agent:main [search, lookup_order, refund, delegate_task]', 'agent:solo [search]'],
  },
  // Provider SDKs: plain tool objects by shape (ToolsSpec.objects), the client from another module.
  {
    idiom: 'Gemini: declarations nested in functionDeclarations entries, across a spread; hosted tools are no members',
    files: {
      'src/client.ts': `import { GoogleGenAI } from '@google/genai';
export const ai = new GoogleGenAI({});
`,
      'src/decls.ts': `export const accountDecls = [{ name: 'get_account' }, { name: 'get_bill' }];
`,
      // No SDK import here: the receiver path models.generateContent enables the adapter.
      'src/chat.ts': `import { ai } from './client';
import { accountDecls } from './decls';
export const r = await ai.models.generateContent({ model: 'm', contents: 'hi', config: { tools: [{ functionDeclarations: [...accountDecls, { name: 'report_outage' }] }, { googleSearch: {} }, { functionDeclarations: [{ name: 'meter' }] }] } });
`,
    },
    sets: ['call: [get_account, get_bill, report_outage, meter]'],
    unresolved: [[]],
  },
  {
    idiom: 'OpenAI Responses: function and custom tools by name; hosted tools ignored; a namespace tool counted unknown',
    files: {
      'src/a.ts': `import OpenAI from 'openai';
const client = new OpenAI();
export const a = await client.responses.create({ model: 'm', input: 'a', tools: [{ type: 'function', name: 'lookup' }, { type: 'custom', name: 'sql' }, { type: 'web_search' }, { type: 'mcp', server_label: 'crm' }] });
export const b = await client.responses.create({ model: 'm', input: 'b', tools: [{ type: 'namespace', name: 'crm', tools: [] }, { type: 'function', name: 'lookup' }] });
`,
    },
    sets: ['call: [lookup, sql]', 'call: [lookup]'],
    unresolved: [[], ['object']],
  },
  {
    idiom: 'OpenAI Chat: function.name and custom.name; an object of dynamic type or a spread object is unknown',
    files: {
      'src/a.ts': `import OpenAI from 'openai';
const client = new OpenAI();
declare const kind: 'function';
declare const base: { type: 'function'; function: { name: string } };
export const a = await client.chat.completions.create({ model: 'm', messages: [], tools: [{ type: 'function', function: { name: 'get_order' } }, { type: 'custom', custom: { name: 'sql' } }, { type: kind, function: { name: 'x' } }, { ...base }] });
`,
    },
    sets: ['call: [get_order, sql]'],
    unresolved: [['object', 'object']],
  },
  {
    idiom: 'Anthropic: every tool by its name, server tools included; Bedrock: toolSpec.name, a cachePoint ignored',
    files: {
      'src/a.ts': `import Anthropic from '@anthropic-ai/sdk';
import { ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
const anthropic = new Anthropic();
export const a = await anthropic.messages.create({ model: 'm', max_tokens: 1, messages: [], tools: [{ name: 'lookup', input_schema: { type: 'object' } }, { type: 'web_search_20250305', name: 'web_search' }] });
export const b = new ConverseCommand({ modelId: 'm', messages: [], toolConfig: { tools: [{ toolSpec: { name: 'find_trains' } }, { cachePoint: { type: 'default' } }] } });
`,
    },
    sets: ['call: [lookup, web_search]', 'call: [find_trains]'],
    unresolved: [[], []],
  },
  {
    idiom: 'fastmcp: addTool names in an options object (inline or a const), addTools lists one registration per element, in call order across modules',
    files: {
      'src/tools.ts': `import type { FastMCP } from 'fastmcp';
const pageTool = { name: 'get_page', execute: async () => 'p' };
export function addPages(server: FastMCP) {
  server.addTool({ name: 'search', execute: async () => 's' });
  server.addTool(pageTool);
}
`,
      'src/server.ts': `import { FastMCP } from 'fastmcp';
import { addPages } from './tools';
const server = new FastMCP({ name: 'docs', version: '1.0.0' });
const batch = [{ name: 'a', execute: async () => 'a' }, pageTool2];
addPages(server);
server.addTools([{ name: 'list', execute: async () => 'l' }, { name: \`x_\${n}\`, execute: async () => 'x' }]);
server.addTools(batch);
server.addPrompt({ name: 'search', load: async () => 'q' });
server.addTools(imported);
`,
    },
    sets: ['mcp-server:docs [search, get_page, list, ?, a, ?, ?]'],
  },
  {
    idiom: 'Claude Agent SDK: a server is the tools its options list (each element one registration); query() shows them as mcp__<key>__<tool>, one per name of a server; a configuration object is no server',
    files: {
      'src/tools.ts': `import { tool } from '@anthropic-ai/claude-agent-sdk';
export const search = tool('search', 'Search.', {}, async () => ({ content: [] }));
`,
      'src/main.ts': `import { createSdkMcpServer, query, tool } from '@anthropic-ai/claude-agent-sdk';
import { search } from './tools';
const docs = createSdkMcpServer({ name: 'docs', tools: [search, tool('get', 'Get.', {}, async () => ({ content: [] })), search] });
export const run = query({ prompt: 'hi', options: { mcpServers: { kb: docs, remote: { type: 'http', url: 'https://x' } } } });
`,
    },
    sets: ['call: [mcp__kb__search, mcp__kb__get]', 'mcp-server:docs [search, get, search]'],
  },
  {
    idiom: 'Genkit: ai.defineTool registers a name that another module lists as a string; names after the last "/"; plugin names (with "/" or ":") are unknown members; a dynamicTool is listed by value only',
    files: {
      'src/genkit.ts': `import { genkit } from 'genkit';
export const ai = genkit({ plugins: [] });
`,
      'src/tools.ts': `import { z } from 'genkit';
import { ai } from './genkit';
export const search = ai.defineTool({ name: 'catalog/search', description: 'Search.', inputSchema: z.object({}) }, async () => []);
ai.defineTool({ name: 'lookupOrder', description: 'Order.' }, async () => ({}));
export const track = ai.dynamicTool({ name: 'track', description: 'Track.' }, async () => []);
`,
      'src/flows.ts': `import { z } from 'genkit';
import { ai } from './genkit';
import { search, track } from './tools';
export const a = await ai.generate({ prompt: 'p', tools: [search, 'lookupOrder', track, 'catalog/search', 'mcpHost:tool/fs/*'] });
export const b = ai.definePrompt({ name: 'desk', tools: ['lookupOrder', 'track', 'nothing'], prompt: 'p' });
`,
    },
    sets: ['call: [search, lookupOrder, track]', 'call: [lookupOrder]'],
    unresolved: [['"catalog/search"', '"mcpHost:tool/fs/*"'], []],
  },
  {
    idiom: 'Strands: tool(), new FunctionTool(), a class extending Tool, agent.asTool() named after the agent; nested tool arrays; structuredOutputSchema adds strands_structured_output',
    files: {
      'src/tools.ts': `import { FunctionTool, Tool, tool } from '@strands-agents/sdk';
export const search = tool({ name: 'search', description: 'Search.', callback: () => [] });
export const legacy = new FunctionTool({ name: 'get_order', description: 'Order.', inputSchema: { type: 'object' }, callback: () => 1 });
export class Calculator extends Tool {
  name = 'calculator';
  description = 'Math.';
}
`,
      'src/main.ts': `import { Agent } from '@strands-agents/sdk';
import { Calculator, legacy, search } from './tools';
const researcher = new Agent({ name: 'researcher', tools: [search] });
export const writer = new Agent({ name: 'writer', tools: [[search, legacy], new Calculator(), researcher.asTool()], structuredOutputSchema: schema });
`,
    },
    sets: ['agent:researcher [search]', 'agent:writer [search, get_order, calculator, researcher, strands_structured_output]'],
    unresolved: [[], []],
  },
];

function linkedSets(files: Record<string, string>) {
  const adapters = [...registry, vocabularyAdapter, toolkitAdapter];
  const facts = Object.entries(files).map(([file, code]) => extract(code, file, { adapters }));
  const byName = new Map(Object.keys(files).map((file) => [file.replace(/^src\//, './').replace(/\.ts$/, ''), file]));
  const linked = linkFacts(facts, {
    resolveModule: (_from, specifier) => byName.get(specifier),
    naming: (id) => adapters.find((a) => a.id === id)!.naming,
  });
  return linked.exposureSets;
}

function link(files: Record<string, string>): string[] {
  return linkedSets(files).map((set) => `${set.kind}:${set.name ?? ''} [${set.tools.map((t) => t.name ?? '?').join(', ')}]`);
}

function references(files: Record<string, string>): string[] {
  const adapters = [...registry, vocabularyAdapter, toolkitAdapter];
  const facts = Object.entries(files).map(([file, code]) => extract(code, file, { adapters }));
  const byName = new Map(Object.keys(files).map((file) => [file.replace(/^src\//, './').replace(/\.ts$/, ''), file]));
  const linked = linkFacts(facts, { resolveModule: (_from, specifier) => byName.get(specifier), naming: (id) => adapters.find((a) => a.id === id)!.naming });
  const sets = new Map(linked.exposureSets.map((set) => [set.key, set]));
  return (linked.toolReferences ?? []).map(
    (r) => `${r.level} ${r.option}=${r.name ?? '?'} -> ${r.setKeys.map((k) => sets.get(k)?.name ?? '?').join(',')}${r.targetUnresolved ? ' (unresolved)' : ''}`,
  );
}

describe('adapter facts table', () => {
  it.each(rows.map((row) => [row.idiom, row] as const))('%s', (_idiom, row) => {
    expect(link(row.files)).toEqual(row.sets);
    if (row.unresolved) expect(linkedSets(row.files).map((set) => set.unresolved.map((m) => m.text))).toEqual(row.unresolved);
  });

  it('reads references: forced choices, name lists, inside returned objects, and runs on imported agents', () => {
    const files = {
      'src/crew.ts': `import { Crew, recordTool } from 'acme-agents';
const ALWAYS = ['look'] as const;
export const crew = new Crew({
  name: 'crew',
  tools: { look: recordTool({}), fetch: recordTool({}) },
  force: cond ? { tool: 'look' } : { tool: 'fetchh' },
  plan: async ({ step }) => {
    if (step === 0) return { only: [...ALWAYS, 'fetch'] };
    const inner = () => ({ only: ['ignored'] });
    return { only: step > 3 ? [] : ['nope', dynamicName] };
  },
});
`,
      // No framework import here: the run shape of any adapter may match an imported receiver.
      'src/use.ts': `import { crew } from './crew';
export const reply = crew.ask('hi', { only: ['look', 'later'] });
export const other = somethingElse.ask('hi', { only: ['x'] });
`,
    };
    expect(references(files)).toEqual([
      'set tool=look -> crew',
      'set tool=fetchh -> crew',
      'set only=look -> crew',
      'set only=fetch -> crew',
      'set only=nope -> crew',
      'run only=look -> crew',
      'run only=later -> crew',
    ]);
  });

  it('makes a name string that no definition registers a reference to a missing tool (Genkit)', () => {
    const row = rows.find((r) => r.idiom.startsWith('Genkit'))!;
    expect(references(row.files)).toEqual(['set tools=track -> ?', 'set tools=nothing -> ?']);
  });

  it('reads a declared adapter with further tool lists, added tools and a pass-through call', () => {
    const declared = declaredAdapters(
      adapterDeclarationsSchema.parse([
        {
          id: 'desk-kit',
          title: 'Desk kit',
          tools: [{ match: [{ type: 'call', name: 'deskTool' }], name: [{ from: 'option', argument: 0, path: ['name'] }] }],
          passThrough: [{ match: [{ type: 'call', name: 'deskList' }], argument: 0 }],
          exposures: [
            {
              match: [{ type: 'call', name: 'deskAgent' }],
              kind: 'agent',
              tools: { argument: 0, path: ['tools'], shape: 'array', alsoAt: [{ argument: 0, path: ['extra'] }] },
              addedTools: [{ argument: 0, path: ['helpers'], name: 'ask_helper' }],
            },
          ],
        },
      ]),
    );
    const code = `const a = deskTool({ name: 'a' });
const b = deskTool({ name: 'b' });
export const one = deskAgent({ tools: [a], extra: deskList([b]), helpers: [other] });
export const two = deskAgent({ tools: [b], helpers: [] });
`;
    const facts = [extract(code, 'src/desk.ts', { adapters: declared })];
    const linked = linkFacts(facts, { resolveModule: () => undefined, naming: (id) => declared.find((a) => a.id === id)!.naming });
    expect(linked.exposureSets.map((set) => set.tools.map((t) => t.name ?? '?').join(', '))).toEqual(['a, b, ask_helper', 'b']);
  });

  it('keeps two instances of one class as two tool objects', () => {
    const adapters = [...registry, vocabularyAdapter];
    const row = rows[2]!;
    const facts = Object.entries(row.files).map(([file, code]) => extract(code, file, { adapters }));
    const byName = new Map(Object.keys(row.files).map((file) => [file.replace(/^src\//, './').replace(/\.ts$/, ''), file]));
    const linked = linkFacts(facts, { resolveModule: (_f, s) => byName.get(s), naming: () => vocabularyAdapter.naming });
    const etas = linked.exposureSets[0]!.tools.filter((t) => t.name === 'eta');
    expect(new Set(etas.map((t) => t.key)).size).toBe(2);
    expect(etas.map((t) => t.definedAt.file)).toEqual(['src/eta.ts', 'src/eta.ts']);
  });
});
