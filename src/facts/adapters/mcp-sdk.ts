// The MCP TypeScript SDK, as @modelcontextprotocol/sdk 1.32.2 (v1) and @modelcontextprotocol/server
// and /client 2.4.0 (v2) behave. A server is `new McpServer({ name, version })` (or the low-level
// `Server`); v1 registers with `server.tool('name', ...)` (every overload starts with the name),
// `server.registerTool('name', ...)` and `server.experimental.tasks.registerToolTask('name', ...)`;
// v2 has only `registerTool`. `tool` and `registerTool` throw "Tool <name> is already registered" on
// a second registration of a name; v1 `registerToolTask` skips that check and replaces the tool.
// A client (`@modelcontextprotocol/client`, v1 `.../sdk/client/*`) registers nothing. Names are sent
// verbatim; the SDK only warns about names outside the MCP pattern (see valid-tool-name).
import type { FrameworkAdapter } from './types.js';

const verbatim = (name: string): string => name;

export const mcpSdkAdapter: FrameworkAdapter = {
  id: 'mcp-sdk',
  title: 'MCP TypeScript SDK',
  enablers: [
    '@modelcontextprotocol/sdk/server/mcp.js',
    '@modelcontextprotocol/sdk/server/index.js',
    '@modelcontextprotocol/sdk',
    '@modelcontextprotocol/server',
    '@modelcontextprotocol/client',
  ],
  mcpServers: [
    {
      match: [
        { type: 'new', name: 'McpServer' },
        { type: 'new', name: 'Server' },
        // `class MyServer extends McpServer { constructor() { super({ name }) } }`: one server per class.
        { type: 'extends', name: 'McpServer' },
      ],
      role: 'server',
      name: [{ from: 'option', argument: 0, path: ['name'] }],
      // Only the high-level server registers tools by name.
      parameterTypes: ['McpServer'],
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
    {
      match: [{ type: 'method', method: 'registerToolTask', minArguments: 3, receiverPath: ['experimental', 'tasks'] }],
      name: [{ from: 'argument', index: 0 }],
      onDuplicate: 'replaces',
    },
  ],
  naming: { tool: verbatim, namespace: verbatim, handoff: (agentName) => `transfer_to_${agentName}`, agentTool: verbatim },
};
