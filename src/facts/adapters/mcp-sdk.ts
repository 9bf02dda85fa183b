// The MCP TypeScript SDK: `new McpServer({ name, version })` and its registrations
// `server.tool('name', ...)` / `server.registerTool('name', ...)`. Names are verbatim.
import type { FrameworkAdapter } from './types.js';

export const mcpSdkAdapter: FrameworkAdapter = {
  id: 'mcp-sdk',
  title: 'MCP TypeScript SDK',
  enablers: [
    '@modelcontextprotocol/sdk/server/mcp.js',
    '@modelcontextprotocol/sdk/server/index.js',
    '@modelcontextprotocol/sdk',
  ],
  mcpServers: {
    McpServer: { role: 'server', nameOption: 'name' },
    Server: { role: 'server', nameOption: 'name' },
  },
  mcpRegistrations: { methods: ['tool', 'registerTool'], nameArgument: 0, minArguments: 2 },
  publicToolName: (written) => written,
  publicNamespaceName: (written) => written,
};
