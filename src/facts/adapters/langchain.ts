// LangChain.js (`@langchain/core` 1.4, `langchain` 1.5 and its re-exports, `@langchain/langgraph`
// 1.7 prebuilt; the 0.x `langchain/tools` and `langchain/agents` paths). Tools: `tool(fn, { name })`,
// `new DynamicTool({ name })`, `new DynamicStructuredTool({ name })`, and classes extending
// `Tool`/`StructuredTool`/`DynamicStructuredTool` with a `name` property. Names are sent unchanged.
// Sets: `createAgent({ tools })`, `createReactAgent({ tools })`, `new ToolNode([...])`,
// `model.bindTools([...], { tool_choice })`, and toolkit arrays. Nothing rejects a duplicate name:
// the tool runners look a call up with `tools.find(...)`, so the FIRST tool of a name runs.
import type { FrameworkAdapter, ToolChoiceStyle } from './types.js';

const verbatim = (name: string): string => name;

/** `tool_choice`: 'auto' | 'any' | 'required' | 'none' | '<tool name>' (provider-typed, unchecked). */
const toolChoice: ToolChoiceStyle = { modes: ['auto', 'any', 'required', 'none'], byName: true };

const agentOptions = {
  kind: 'agent',
  name: [{ from: 'option', argument: 0, path: ['name'] }],
  tools: { argument: 0, path: ['tools'], shape: 'array' },
} as const;

export const langchainAdapter: FrameworkAdapter = {
  id: 'langchain',
  title: 'LangChain.js',
  // The whole `@langchain/*` scope: provider packages (`@langchain/openai`) bind tools too.
  enablers: ['@langchain', 'langchain'],
  tools: [
    { match: [{ type: 'call', name: 'tool' }], kind: 'function', name: [{ from: 'option', argument: 1, path: ['name'] }] },
    {
      match: [
        { type: 'new', name: 'DynamicTool' },
        { type: 'new', name: 'DynamicStructuredTool' },
      ],
      kind: 'function',
      name: [{ from: 'option', argument: 0, path: ['name'] }],
    },
    {
      match: [
        { type: 'extends', name: 'Tool' },
        { type: 'extends', name: 'StructuredTool' },
        { type: 'extends', name: 'DynamicStructuredTool' },
        { type: 'extends', name: 'DynamicTool' },
      ],
      kind: 'function',
      name: [{ from: 'class-member', member: 'name' }],
    },
  ],
  exposures: [
    { match: [{ type: 'call', name: 'createAgent' }], ...agentOptions },
    { match: [{ type: 'call', name: 'createReactAgent' }], ...agentOptions },
    { match: [{ type: 'new', name: 'ToolNode' }], kind: 'call', tools: { argument: 0, path: [], shape: 'array' } },
    {
      // Bound tools may be plain tool definitions too: `{ name, description, schema }`, OpenAI's `{ type: 'function', function: { name } }`.
      match: [{ type: 'method', method: 'bindTools', minArguments: 1 }],
      kind: 'call',
      tools: { argument: 0, path: [], shape: 'array', objectNames: [['name'], ['function', 'name']] },
      references: [{ argument: 1, path: ['tool_choice'], form: 'tool-choice', style: toolChoice }],
    },
  ],
  dispatch: 'first',
  toolkitArrays: true,
  naming: { tool: verbatim, namespace: verbatim, handoff: (agentName) => `transfer_to_${agentName}`, agentTool: verbatim },
};
