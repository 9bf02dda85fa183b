// The identity rules on the MCP SDK's low-level `Server`, one file each case, as its users write
// it: the `tools/list` handler (`setRequestHandler(ListToolsRequestSchema, ...)` in v1,
// `setRequestHandler('tools/list', ...)` in v2) returns the server's tools, inline or through a
// `const`; two entries of one name are both listed. A list imported from another module is in
// fixtures/frameworks/mcp-lowlevel (test/rules/integration.test.ts, test/analyzer/fixtures.test.ts).
import collisionRule from '../../rules/no-tool-name-collision.js';
import nameRule from '../../rules/valid-tool-name.js';
import { loc, runCases } from './testers.js';

const inlineList = `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const server = new Server({ name: 'pg-inspect', version: '1.0.0' }, { capabilities: { tools: {} } });

server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [
    { name: 'list_tables', description: 'Tables.', inputSchema: { type: 'object' as const } },
    { name: 'query', description: 'Run SQL.', inputSchema: { type: 'object' as const } },
    { name: 'list_tables', description: 'Tables with sizes.', inputSchema: { type: 'object' as const } },
  ],
}));
`;

const constList = `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import * as types from '@modelcontextprotocol/sdk/types.js';

const TOOLS = [
  { name: 'get_metric', description: 'A metric.', inputSchema: { type: 'object' as const } },
  { name: 'get_metric', description: 'A metric over time.', inputSchema: { type: 'object' as const } },
];

export class MetricsServer {
  private server = new Server({ name: 'metrics', version: '1.0.0' }, { capabilities: { tools: {} } });

  constructor() {
    this.server.setRequestHandler(types.ListToolsRequestSchema, async () => {
      return { tools: TOOLS };
    });
  }
}
`;

const v2List = `import { Server } from '@modelcontextprotocol/server';

const server = new Server({ name: 'reports', version: '2.0.0' }, { capabilities: { tools: {} } });
const BASE = [{ name: 'daily', description: 'Daily.', inputSchema: { type: 'object' as const } }];

server.setRequestHandler('tools/list', async () => ({
  tools: [...BASE, { name: 'weekly', description: 'Weekly.', inputSchema: { type: 'object' as const } }, { name: 'daily', description: 'Daily again.', inputSchema: { type: 'object' as const } }],
}));
`;

const fine = `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListPromptsRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const TOOLS = [{ name: 'daily', description: 'Daily.', inputSchema: { type: 'object' as const } }];
const docs = new Server({ name: 'docs', version: '1.0.0' }, { capabilities: { tools: {}, prompts: {} } });
const admin = new Server({ name: 'admin', version: '1.0.0' }, { capabilities: { tools: {} } });

export function serve(readOnly: boolean): void {
  docs.setRequestHandler(ListToolsRequestSchema, async () => {
    if (readOnly) return { tools: TOOLS };
    return { tools: [...TOOLS, { name: 'rebuild', description: 'Rebuild.', inputSchema: { type: 'object' as const } }] };
  });
  admin.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [{ name: 'daily', description: 'Admin daily.', inputSchema: { type: 'object' as const } }] }));
  docs.setRequestHandler(ListPromptsRequestSchema, async () => ({ prompts: [{ name: 'daily' }, { name: 'daily' }] }));
  docs.setRequestHandler(CallToolRequestSchema, async (request) => {
    switch (request.params.name) {
      case 'daily':
        return { content: [{ type: 'text' as const, text: 'ok' }] };
      default:
        return { content: [{ type: 'text' as const, text: 'ok' }], tools: [{ name: 'x' }, { name: 'x' }] };
    }
  });
}
`;

const badName = `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const server = new Server({ name: 'admin', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [{ name: 'vacuum table', description: 'Vacuum.', inputSchema: { type: 'object' as const } }] }));
`;

runCases('no-tool-name-collision on the low-level MCP Server', collisionRule, {
  valid: [{ name: 'alternative returns, two servers, a prompts list, a tools/call handler', code: fine }],
  invalid: [
    {
      name: 'two entries of one name in the inline tools/list answer are both listed',
      code: inlineList,
      errors: [{ messageId: 'mcpDuplicateListing', data: { server: '"pg-inspect"', name: 'list_tables' }, ...loc(inlineList, "'list_tables'", 2) }],
    },
    {
      name: 'a const list returned by the handler of a server in a class field (namespace import of the schema)',
      code: constList,
      errors: [{ messageId: 'mcpDuplicateListing', data: { server: '"metrics"', name: 'get_metric' }, ...loc(constList, "'get_metric'", 2) }],
    },
    {
      name: "v2's 'tools/list' handler: an entry repeats one the spread list brings",
      code: v2List,
      errors: [{ messageId: 'mcpDuplicateListing', data: { server: '"reports"', name: 'daily' }, ...loc(v2List, "'daily'", 2) }],
    },
  ],
});

runCases('valid-tool-name on the low-level MCP Server', nameRule, {
  valid: [{ name: 'names in the MCP pattern', code: fine }],
  invalid: [
    {
      name: 'a space is outside the MCP pattern (the Server sends the list as written)',
      code: badName,
      errors: [
        {
          messageId: 'invalidToolName',
          data: { what: 'MCP tool', name: 'vacuum table', provider: "the MCP specification's tool-name pattern", reason: 'it contains " "; only letters, digits, "_", "-" and "." are allowed' },
          ...loc(badName, "'vacuum table'"),
        },
      ],
    },
  ],
});
