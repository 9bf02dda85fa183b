// Templates for the MCP TypeScript SDK, v1 (`@modelcontextprotocol/sdk/server/mcp.js`, raw-shape
// schemas, also `server.tool()`) and v2 (`@modelcontextprotocol/server`, zod object schemas): tool
// modules are register functions taking the server; the "agents" are the server instances.
import type { Area, ToolSpec } from '../model.js';
import { camel } from '../words.js';
import { agentSets, handler, header, importLines, nameValue, roleOf, toolImports, zodObject, zodShape, type FrameworkTemplates } from './common.js';

const pkg = (area: Area): string => (area.framework === 'mcp-v2' ? '@modelcontextprotocol/server' : '@modelcontextprotocol/sdk/server/mcp.js');
const serverIdent = (area: Area, k: 0 | 1): string => camel(area.domain.slug, roleOf(area, k), 'server') + area.index;

export const mcp: FrameworkTemplates = {
  wiringStem: 'servers',
  toolModule(area, module) {
    const v2 = area.framework === 'mcp-v2';
    const registrations = module.tools.map((spec: ToolSpec, i) => {
      const { params, body } = handler(area, module, spec);
      const result = `async (${params}) => ({ content: [{ type: 'text', text: JSON.stringify(await ${body}) }] })`;
      // v1 projects still use the older positional server.tool() for some tools.
      if (!v2 && i === 0) return `  server.tool(${nameValue(spec)}, '${spec.description}', ${zodShape(spec.fields)}, ${result});`;
      return `  server.registerTool(
    ${nameValue(spec)},
    { title: '${spec.verb} ${module.entity}', description: '${spec.description}', inputSchema: ${v2 ? zodObject(spec.fields) : zodShape(spec.fields)} },
    ${result},
  );`;
    });
    return `${header(area, `MCP tools for ${module.entity} records`)}
import type { McpServer } from '${pkg(area)}';
import { z } from 'zod';
${toolImports(area, module).join('\n')}

export function ${module.setIdent}(server: McpServer): void {
${registrations.join('\n\n')}
}
`;
  },
  agent(area, k) {
    const sets = agentSets(area, k);
    const ident = serverIdent(area, k);
    return `${header(area, `The ${roleOf(area, k)} MCP server`)}
import { McpServer } from '${pkg(area)}';
${importLines(sets).join('\n')}

export const ${ident} = new McpServer({ name: '${area.dir}-${roleOf(area, k)}', version: '1.${area.index % 7}.0' });

${sets.map((s) => `${s.ident}(${ident});`).join('\n')}
`;
  },
  wiring(area) {
    return `${header(area, 'Both MCP servers of the area, connected by the host process')}
import type { McpServer } from '${pkg(area)}';
import { ${serverIdent(area, 0)} } from './agents/${roleOf(area, 0)}.js';
import { ${serverIdent(area, 1)} } from './agents/${roleOf(area, 1)}.js';

export const servers: readonly McpServer[] = [${serverIdent(area, 0)}, ${serverIdent(area, 1)}];

export async function connectAll(connect: (server: McpServer) => Promise<void>): Promise<number> {
  for (const server of servers) await connect(server);
  return servers.length;
}
`;
  },
};
