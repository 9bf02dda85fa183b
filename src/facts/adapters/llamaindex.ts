// LlamaIndex.TS (`llamaindex` 0.12, `@llamaindex/core` 0.6.23, `@llamaindex/workflow` 1.1.25; read
// from their sources and run). A tool is `tool({ name, description, parameters, execute })` or
// `tool(fn, { name, ... })` (the same function as `FunctionTool.from`), `new FunctionTool(fn,
// { name })`, or a query engine tool (`new QueryEngineTool({ metadata: { name } })`,
// `index.queryTool({ metadata })`), sent under `metadata.name` unchanged (no name check, no rewriting). Sets:
// `agent({ name, tools, llm, canHandoffTo })` (`AgentWorkflow.fromTools`), `new FunctionAgent({...})`,
// and the 0.x `new ReActAgent({ tools })` / `new OpenAIAgent({ tools })`. Nothing rejects two tools
// of one name: both are sent, and a call runs `tools.find(t => t.metadata.name === name)`, the
// FIRST one (workflow `callTool`, core `callTool`). In a `multiAgent({ agents, rootAgent })` an agent
// with `canHandoffTo` gets the tool `handOff` appended, unless it already has a tool of that name:
// then the handoff tool is silently not added (`addHandoffTool`), and the user's `handOff` runs
// and is taken for a handoff. `canHandoffTo` naming one agent twice (by name, or two agents of one
// name) throws "Duplicate handoff agents" when the agent is created (`distinctAgents`). Tool
// functions get no call ID.
import type { FrameworkAdapter } from './types.js';

const verbatim = (name: string): string => name;

const agentOptions = {
  kind: 'agent',
  name: [{ from: 'option', argument: 0, path: ['name'] }],
  tools: { argument: 0, path: ['tools'], shape: 'array' },
} as const;

export const llamaIndexAdapter: FrameworkAdapter = {
  id: 'llamaindex',
  title: 'LlamaIndex.TS',
  // The whole `@llamaindex/*` scope: `@llamaindex/workflow`, `/core`, `/tools` and the provider packages.
  enablers: ['llamaindex', '@llamaindex'],
  tools: [
    {
      // `tool({ name, ... })` and `tool(fn, { name, ... })`: the first option present names it.
      match: [
        { type: 'call', name: 'tool' },
        { type: 'static', name: 'FunctionTool', method: 'from' },
      ],
      kind: 'function',
      name: [
        { from: 'option', argument: 0, path: ['name'] },
        { from: 'option', argument: 1, path: ['name'] },
      ],
    },
    { match: [{ type: 'new', name: 'FunctionTool' }], kind: 'function', name: [{ from: 'option', argument: 1, path: ['name'] }] },
    {
      // A query engine as a tool: `new QueryEngineTool({ queryEngine, metadata: { name } })`,
      // `index.queryTool({ metadata: { name } })`; without a name it is "query_engine_tool".
      match: [
        { type: 'new', name: 'QueryEngineTool' },
        { type: 'method', method: 'queryTool', minArguments: 1 },
        { type: 'method', method: 'asQueryTool', minArguments: 1 },
      ],
      kind: 'function',
      name: [{ from: 'option', argument: 0, path: ['metadata', 'name'] }],
    },
  ],
  exposures: [
    {
      match: [
        { type: 'call', name: 'agent' },
        { type: 'static', name: 'AgentWorkflow', method: 'fromTools' },
        { type: 'new', name: 'FunctionAgent' },
      ],
      ...agentOptions,
      addedTools: [{ argument: 0, path: ['canHandoffTo'], name: 'handOff' }],
      distinctAgents: [{ argument: 0, path: ['canHandoffTo'], outcome: 'creating the agent throws "Duplicate handoff agents"' }],
    },
    {
      match: [
        { type: 'new', name: 'ReActAgent' },
        { type: 'new', name: 'OpenAIAgent' },
        { type: 'new', name: 'AnthropicAgent' },
      ],
      ...agentOptions,
    },
  ],
  dispatch: 'first',
  naming: { tool: verbatim, namespace: verbatim, handoff: (agentName) => `transfer_to_${agentName}`, agentTool: verbatim },
};
