// The MCP TypeScript SDK, as @modelcontextprotocol/sdk 1.32.2 (v1) and @modelcontextprotocol/server
// and /client 2.4.0 (v2) behave. A server is `new McpServer({ name, version })` (or the low-level
// `Server`); v1 registers with `server.tool('name', ...)` (every overload starts with the name),
// `server.registerTool('name', ...)` and `server.experimental.tasks.registerToolTask('name', ...)`;
// v2 has only `registerTool`. `tool` and `registerTool` throw "Tool <name> is already registered" on
// a second registration of a name; v1 `registerToolTask` skips that check and replaces the tool.
// A client (`@modelcontextprotocol/client`, v1 `.../sdk/client/*`) registers nothing. Names are sent
// verbatim; the SDK only warns about names outside the MCP pattern (see valid-tool-name).
// The low-level `Server` (v1 `.../sdk/server/index.js`, v2 `@modelcontextprotocol/server`) has no
// registry: `server.setRequestHandler(ListToolsRequestSchema, handler)` (v2: `'tools/list'`) answers
// `tools/list` with whatever the handler returns, so `{ tools: [...] }` is the server's tool set,
// sent as written: two entries of one name are both listed (no check anywhere in the SDK). Which
// tool a `tools/call` runs is the application's `CallToolRequestSchema` (v2: `'tools/call'`)
// handler's business: it gets `request.params.name` and usually switches on it, so its `case`
// labels are the names it runs.
import { RETURNS, type FrameworkAdapter } from './types.js';

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
      // `function registerX(server: McpServer)`; a low-level `Server` parameter lists its tools in a handler.
      parameterTypes: ['McpServer', 'Server'],
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
    {
      // The low-level `Server`: each `return { tools: [...] }` of the `tools/list` handler is the list.
      match: [{ type: 'method', method: 'setRequestHandler', minArguments: 2 }],
      name: [],
      request: { argument: 0, exports: ['ListToolsRequestSchema'], strings: ['tools/list'] },
      list: { argument: 1, path: [RETURNS, 'tools'], name: ['name'], inCall: 'listed' },
      onDuplicate: 'listed',
    },
  ],
  mcpDispatches: [
    {
      match: [{ type: 'method', method: 'setRequestHandler', minArguments: 2 }],
      request: { argument: 0, exports: ['CallToolRequestSchema'], strings: ['tools/call'] },
      handler: { argument: 1, parameter: 0, name: ['params', 'name'] },
      errorFlag: 'isError',
    },
  ],
  naming: { tool: verbatim, namespace: verbatim, handoff: (agentName) => `transfer_to_${agentName}`, agentTool: verbatim },
};
