// The MCP TypeScript SDK, v1 (@modelcontextprotocol/sdk 1.32): `new McpServer({ name, version })`
// and its registrations `server.tool('name', ...)` / `server.registerTool('name', ...)`. Names are
// sent verbatim.
import type { FrameworkAdapter } from './types.js';

const verbatim = (name: string): string => name;

export const mcpSdkAdapter: FrameworkAdapter = {
  id: 'mcp-sdk',
  title: 'MCP TypeScript SDK',
  enablers: [
    '@modelcontextprotocol/sdk/server/mcp.js',
    '@modelcontextprotocol/sdk/server/index.js',
    '@modelcontextprotocol/sdk',
  ],
  mcpServers: [
    {
      match: [
        { type: 'new', name: 'McpServer' },
        { type: 'new', name: 'Server' },
      ],
      role: 'server',
      name: [{ from: 'option', argument: 0, path: ['name'] }],
    },
  ],
  mcpRegistrations: [
    {
      // Fewer than two arguments is not a registration: keeps unrelated `.tool()` calls out.
      match: [
        { type: 'method', method: 'tool', minArguments: 2 },
        { type: 'method', method: 'registerTool', minArguments: 2 },
      ],
      name: [{ from: 'argument', index: 0 }],
    },
  ],
  naming: { tool: verbatim, namespace: verbatim, handoff: (agentName) => `transfer_to_${agentName}`, agentTool: verbatim },
};
