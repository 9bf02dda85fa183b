// Inngest AgentKit (`@inngest/agent-kit` 0.13.2, read from its sources and run). A tool is
// `createTool({ name, description, parameters, handler })`, sent under its `name` unchanged (no
// name check, no rewriting). `createAgent({ name, system, tools, tool_choice, mcpServers })` and
// `createRoutingAgent({...})` (also `new Agent` / `new RoutingAgent`) put the tools into a `Map` by
// name (`setTools`: `this.tools.set(tool.name, tool)`), so of two tools of one name the later one
// replaces the earlier silently: the model is sent the later tool only and every call runs it.
// `tool_choice` is 'auto', 'any' or a tool's name (each provider adapter turns a name into its
// forced choice, `{ type: 'tool', name }` for Anthropic, `{ type: 'function', function: { name } }`
// for OpenAI). `mcpServers` add `${server.name}-${tool.name}` tools to the same map when the agent
// runs (`listMCPTools`): known at run time only, so a set with MCP servers never misses a name.
// Inngest functions listed as tools are named by their `absoluteId` (not followed). Handler
// options (`{ agent, network, step }`) carry no call ID.
import type { ExposureSpec, FrameworkAdapter, ToolChoiceStyle } from './types.js';

const verbatim = (name: string): string => name;

/** `tool_choice`: 'auto' | 'any' | '<tool name>'. */
const toolChoice: ToolChoiceStyle = { modes: ['auto', 'any'], byName: true };

const agentOptions = {
  kind: 'agent',
  name: [{ from: 'option', argument: 0, path: ['name'] }],
  tools: { argument: 0, path: ['tools'], shape: 'array' },
  mcpServers: { argument: 0, path: ['mcpServers'] },
  references: [{ argument: 0, path: ['tool_choice'], form: 'tool-choice', style: toolChoice }],
} as const satisfies Omit<ExposureSpec, 'match'>;

export const inngestAgentKitAdapter: FrameworkAdapter = {
  id: 'inngest-agent-kit',
  title: 'Inngest AgentKit',
  enablers: ['@inngest/agent-kit'],
  tools: [{ match: [{ type: 'call', name: 'createTool' }], kind: 'function', name: [{ from: 'option', argument: 0, path: ['name'] }] }],
  exposures: [
    {
      match: [
        { type: 'call', name: 'createAgent' },
        { type: 'call', name: 'createRoutingAgent' },
        { type: 'new', name: 'Agent' },
        { type: 'new', name: 'RoutingAgent' },
      ],
      ...agentOptions,
    },
  ],
  dispatch: 'last',
  // One tool object listed twice is one `Map` entry: nothing is lost.
  keepsSameToolOnce: true,
  naming: { tool: verbatim, namespace: verbatim, handoff: (agentName) => `transfer_to_${agentName}`, agentTool: verbatim },
};
