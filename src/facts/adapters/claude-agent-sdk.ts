// The Claude Agent SDK (`@anthropic-ai/claude-agent-sdk`), as 0.3.333 declares and behaves (its
// `sdk.d.ts` and `sdk.mjs`; `createSdkMcpServer` run on Node 20; `query()` starts the Claude Code
// binary, so what the model is sent is read from the declarations only). Tools are
// `tool(name, description, zodShape, handler)` listed in `createSdkMcpServer({ name, version, tools })`,
// an in-process MCP server on the MCP SDK's `McpServer`: a second tool of a name throws "Tool x is
// already registered" when the server is created. `query({ prompt, options: { mcpServers: { key:
// server } } })` shows the model each tool as `mcp__<key>__<tool>` (the key, not the server's
// `name`; keys outside `[A-Za-z0-9_-]` are refused), so two servers' `search` never collide. The
// names go to the Anthropic API, whose documented tool-name rule is `^[a-zA-Z0-9_-]{1,64}$`
// (Messages API, `tools[].name`): a long key pushes the prefixed name past 64. `allowedTools` and
// `disallowedTools` name tools the same way (`mcp__docs__search`), next to built-in tools (`Read`),
// server-wide entries (`mcp__docs`, `mcp__docs__*`) and servers configured in settings files; an
// entry for a configured key naming none of its tools allows or blocks nothing. No tool choice;
// call IDs are the API's `tool_use` ids (hooks get `tool_use_id: string`).
import type { FrameworkAdapter } from './types.js';

const verbatim = (name: string): string => name;

export const claudeAgentSdkAdapter: FrameworkAdapter = {
  id: 'claude-agent-sdk',
  title: 'Claude Agent SDK',
  enablers: ['@anthropic-ai/claude-agent-sdk'],
  tools: [{ match: [{ type: 'call', name: 'tool' }], kind: 'function', name: [{ from: 'argument', index: 0 }] }],
  mcpServers: [
    {
      match: [{ type: 'call', name: 'createSdkMcpServer' }],
      role: 'server',
      name: [{ from: 'option', argument: 0, path: ['name'] }],
      tools: { argument: 0, path: ['tools'] },
    },
  ],
  exposures: [
    {
      match: [{ type: 'call', name: 'query' }],
      kind: 'call',
      prefixedMcpServers: { argument: 0, path: ['options', 'mcpServers'], prefix: 'mcp__', separator: '__' },
      references: [
        { argument: 0, path: ['options', 'allowedTools'], form: 'names', serverTools: true, effect: 'it auto-allows nothing, so the tool meant still asks for permission' },
        { argument: 0, path: ['options', 'disallowedTools'], form: 'names', serverTools: true, effect: 'it blocks nothing, so the tool meant stays available to the model' },
      ],
    },
  ],
  nameRule: {
    label: "the Anthropic API's tool-name pattern (Claude Agent SDK)",
    maxLength: 64,
    characters: 'A-Za-z0-9_-',
    charactersText: 'letters, digits, "_" and "-"',
  },
  naming: { tool: verbatim, namespace: verbatim, handoff: (agentName) => `transfer_to_${agentName}`, agentTool: verbatim },
};
