// fastmcp (punkpeye/fastmcp), as 4.20.16 behaves (read from its dist and run on Node 20). A server
// is `new FastMCP({ name, version })`; tools are objects `{ name, description, parameters, execute }`
// given to `server.addTool(tool)` or `server.addTools([...])`. `addTool` first removes any tool of
// the name, so a second registration silently replaces the first; `addTools` removes the names it
// is given, then appends them all, so two tools of one name in one `addTools` call are both listed
// (`tools/list` shows the name twice; a call runs the later one, `new Map(tools.map(...))`). Names
// are sent verbatim and never checked (the MCP pattern applies, see valid-tool-name). No tool
// choice, no call ID (JSON-RPC request IDs only). `fastmcp/edge`'s `EdgeFastMCP.addTool` only
// appends (both listed, the first runs): not modelled, its registrations count as replacing.
import type { FrameworkAdapter } from './types.js';

const verbatim = (name: string): string => name;

export const fastmcpAdapter: FrameworkAdapter = {
  id: 'fastmcp',
  title: 'fastmcp',
  enablers: ['fastmcp'],
  mcpServers: [
    {
      match: [{ type: 'new', name: 'FastMCP' }],
      role: 'server',
      name: [{ from: 'option', argument: 0, path: ['name'] }],
      // `function registerSearchTools(server: FastMCP)`.
      parameterTypes: ['FastMCP'],
    },
  ],
  mcpRegistrations: [
    {
      match: [{ type: 'method', method: 'addTool', minArguments: 1 }],
      name: [{ from: 'option', argument: 0, path: ['name'] }],
      onDuplicate: 'replaces',
    },
    {
      match: [{ type: 'method', method: 'addTools', minArguments: 1 }],
      name: [],
      onDuplicate: 'replaces',
      list: { argument: 0, name: ['name'], inCall: 'listed' },
    },
  ],
  naming: { tool: verbatim, namespace: verbatim, handoff: (agentName) => `transfer_to_${agentName}`, agentTool: verbatim },
};
