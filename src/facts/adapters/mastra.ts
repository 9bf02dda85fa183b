// Mastra (`@mastra/core` 1.71, `@mastra/mcp` 2.0). `createTool({ id, ... })` defines a tool, but the
// model sees the key under which `new Agent({ tools: { key: tool } })` lists it, not the `id`.
// `agents` and `workflows` records become the tools `agent-<key>` and `workflow-<key>`, merged after
// the agent's own tools (last wins, silently). Before the request Mastra rewrites a key outside
// `[a-zA-Z0-9_-]`, not starting with a letter or `_`, or longer than 63 characters (`formatTools`),
// and throws AGENT_TOOL_NAME_COLLISION only when a rewritten key lands on another one.
// `agent.generate/stream(messages, { activeTools, toolChoice })` name keys; unknown active tools
// are dropped silently.
import type { FrameworkAdapter, ReferenceSpec, ToolChoiceStyle } from './types.js';

const INVALID = /[^a-zA-Z0-9_-]/g;
const INVALID_ONE = /[^a-zA-Z0-9_-]/;
const STARTS_WELL = /^[a-zA-Z_]/;
const MAX = 63;

/** Mastra's `formatTools` rewrite of a record key. */
export function mastraToolName(key: string): string {
  if (key.length <= MAX && !INVALID_ONE.test(key) && STARTS_WELL.test(key)) return key;
  let name = key.replace(INVALID, '_');
  if (!STARTS_WELL.test(name)) name = `_${name}`;
  return name.slice(0, MAX);
}

const choice: ToolChoiceStyle = { modes: ['auto', 'none', 'required'], object: { nameOption: 'toolName' } };

const runReferences: ReferenceSpec[] = [
  { argument: 1, path: ['toolChoice'], form: 'tool-choice', style: choice },
  { argument: 1, path: ['activeTools'], form: 'names' },
];

export const mastraAdapter: FrameworkAdapter = {
  id: 'mastra',
  title: 'Mastra',
  enablers: ['@mastra/core', '@mastra/mcp'],
  tools: [{ match: [{ type: 'call', name: 'createTool' }], kind: 'function', name: [{ from: 'record-key' }] }],
  exposures: [
    {
      match: [{ type: 'new', name: 'Agent' }],
      kind: 'agent',
      name: [{ from: 'option', argument: 0, path: ['name'] }],
      tools: { argument: 0, path: ['tools'], shape: 'record' },
      keyedMembers: [
        { argument: 0, path: ['agents'], prefix: 'agent-' },
        { argument: 0, path: ['workflows'], prefix: 'workflow-' },
      ],
    },
  ],
  runs: [
    {
      match: [
        { type: 'method', method: 'generate', minArguments: 2 },
        { type: 'method', method: 'stream', minArguments: 2 },
      ],
      references: runReferences,
    },
  ],
  naming: {
    rewrites: 'keys outside [a-zA-Z0-9_-], not starting with a letter or _, or over 63 characters',
    tool: mastraToolName, namespace: mastraToolName,     handoff: (agentName) => `agent-${agentName}`,
    agentTool: mastraToolName,
  },
};
