// The identity rules on the MCP SDK's low-level `Server`, one file each case, as its users write
// it: the `tools/list` handler (`setRequestHandler(ListToolsRequestSchema, ...)` in v1,
// `setRequestHandler('tools/list', ...)` in v2) returns the server's tools, inline or through a
// `const`; two entries of one name are both listed. A list imported from another module is in
// fixtures/frameworks/mcp-lowlevel (test/rules/integration.test.ts, test/analyzer/fixtures.test.ts).
// The `tools/call` handler's dispatch on `request.params.name` against the list:
// required-function-name-known.
import collisionRule from '../../rules/no-tool-name-collision.js';
import dispatchRule from '../../rules/required-function-name-known.js';
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

const dispatchTypo = `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const server = new Server({ name: 'pg-inspect', version: '1.0.0' }, { capabilities: { tools: {} } });

server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [
    { name: 'list_tables', description: 'Tables.', inputSchema: { type: 'object' as const } },
    { name: 'describe_table', description: 'Columns.', inputSchema: { type: 'object' as const } },
  ],
}));

server.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.name) {
    case 'list_tables':
      return { content: [{ type: 'text' as const, text: '[]' }] };
    case 'describe_tables':
      return { content: [{ type: 'text' as const, text: '{}' }] };
    default:
      throw new Error(\`Unknown tool: \${request.params.name}\`);
  }
});
`;

const dispatchRemoved = `import { Server } from '@modelcontextprotocol/server';

const TOOLS = [
  { name: 'daily', description: 'Daily.', inputSchema: { type: 'object' as const } },
  { name: 'weekly', description: 'Weekly.', inputSchema: { type: 'object' as const } },
];

export function createReports(server: Server): void {
  server.setRequestHandler('tools/list', async () => ({ tools: TOOLS }));
  server.setRequestHandler('tools/call', async (request) => {
    const { name, arguments: args } = request.params;
    if (name === 'daily') return { content: [{ type: 'text' as const, text: JSON.stringify(args) }] };
    if (name === 'rebuild_rollups') return { content: [{ type: 'text' as const, text: 'rebuilt' }] };
    return { content: [{ type: 'text' as const, text: \`Unknown tool \${name}\` }], isError: true };
  });
}
`;

const dispatchFine = `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { extraTools, runExtra } from './extra.js';

const NAMES = { list: 'list_tables', query: 'query' } as const;
const inspect = new Server({ name: 'inspect', version: '1.0.0' }, { capabilities: { tools: {} } });
const plugins = new Server({ name: 'plugins', version: '1.0.0' }, { capabilities: { tools: {} } });
const routed = new Server({ name: 'routed', version: '1.0.0' }, { capabilities: { tools: {} } });
const handlers: Record<string, () => Promise<{ content: [] }>> = {};

inspect.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [
    { name: NAMES.list, description: 'Tables.', inputSchema: { type: 'object' as const } },
    { name: 'query', description: 'SQL.', inputSchema: { type: 'object' as const } },
  ],
}));
inspect.setRequestHandler(CallToolRequestSchema, async ({ params: { name } }) => {
  switch (name) {
    case NAMES.list:
      return { content: [] };
    case NAMES.query:
      return { content: [] };
  }
  throw new Error('Unknown tool: ' + name);
});

plugins.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [{ name: 'ping', inputSchema: { type: 'object' as const } }, ...extraTools()] }));
plugins.setRequestHandler(CallToolRequestSchema, async (request) => {
  if (request.params.name === 'ping') return { content: [] };
  return runExtra(request.params.name, request.params.arguments);
});

// What runs for every other name answers normally: it is the branch of the second tool.
const forecast = new Server({ name: 'forecast', version: '1.0.0' }, { capabilities: { tools: {} } });
forecast.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [{ name: 'forecast', inputSchema: { type: 'object' as const } }, { name: 'forecast_raw', inputSchema: { type: 'object' as const } }] }));
forecast.setRequestHandler(CallToolRequestSchema, async (request) => {
  if (request.params.name === 'forecast') return { content: [{ type: 'text' as const, text: 'mild' }] };
  return { content: [{ type: 'text' as const, text: 'raw' }] };
});

routed.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [{ name: 'a', inputSchema: { type: 'object' as const } }, { name: 'b', inputSchema: { type: 'object' as const } }] }));
routed.setRequestHandler(CallToolRequestSchema, async (request) => {
  if (request.params.name === 'a') return { content: [] };
  const handler = handlers[request.params.name];
  if (!handler) throw new Error('unknown');
  return handler();
});
`;

const dispatchInClass = `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';

export class WeatherServer {
  private server = new Server({ name: 'weather', version: '1.0.0' }, { capabilities: { tools: {} } });

  constructor() {
    this.server.setRequestHandler(ListToolsRequestSchema, async () => ({
      tools: [
        { name: 'get_forecast', inputSchema: { type: 'object' as const } },
        { name: 'get_alerts', inputSchema: { type: 'object' as const } },
      ],
    }));
    this.server.setRequestHandler(CallToolRequestSchema, async (request) => {
      const { name, arguments: args } = request.params;
      console.error(\`[weather] calling \${name}\`);
      switch (name) {
        case 'get_forecast':
          return { content: [{ type: 'text' as const, text: JSON.stringify(args) }] };
        case 'get_alert':
          return { content: [] };
        default:
          throw new McpError(ErrorCode.MethodNotFound, \`Unknown tool: \${name}\`);
      }
    });
  }
}
`;

const dispatchDelegated = `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolRequest } from '@modelcontextprotocol/sdk/types.js';

enum GitTool {
  Status = 'git_status',
  Diff = 'git_diff',
  Log = 'git_log',
}

async function runGitTool(tool: string, args: Record<string, unknown>) {
  switch (tool) {
    case GitTool.Diff:
      return { content: [{ type: 'text' as const, text: \`diff \${String(args.path)}\` }] };
    case 'git_logs':
      return { content: [{ type: 'text' as const, text: 'log' }] };
    default:
      throw new Error(\`Unknown tool: \${tool}\`);
  }
}

export class GitServer {
  private server = new Server({ name: 'git', version: '0.3.0' }, { capabilities: { tools: {} } });

  constructor() {
    this.server.setRequestHandler(ListToolsRequestSchema, async () => ({
      tools: [
        { name: GitTool.Status, inputSchema: { type: 'object' as const } },
        { name: GitTool.Diff, inputSchema: { type: 'object' as const } },
        { name: GitTool.Log, inputSchema: { type: 'object' as const } },
      ],
    }));
    this.server.setRequestHandler(CallToolRequestSchema, this.handleCall.bind(this));
  }

  private async handleCall(request: CallToolRequest) {
    const { name, arguments: args = {} } = request.params;
    if (name === GitTool.Status) return { content: [{ type: 'text' as const, text: 'clean' }] };
    return runGitTool(name, args);
  }
}
`;

// Request schemas written by hand instead of the SDK's exports: named by their method literal.
const dispatchOwnSchemas = `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { z } from 'zod';

const ListToolsSchema = z.object({ method: z.literal('tools/list') });
const CallToolSchema = z.object({ method: z.literal('tools/call'), params: z.object({ name: z.string(), arguments: z.record(z.string(), z.unknown()).optional() }) }).passthrough();

const server = new Server({ name: 'kv', version: '0.1.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsSchema, async () => ({ tools: [{ name: 'kv_get', inputSchema: { type: 'object' as const } }, { name: 'kv_set', inputSchema: { type: 'object' as const } }] }));
server.setRequestHandler(CallToolSchema, async (request) => {
  if (request.params.name === 'kv_get') return { content: [] };
  if (request.params.name === 'kv_put') return { content: [] };
  throw new Error(\`Unknown tool \${request.params.name}\`);
});
`;

// The same with valibot: a schema is known by its shape, not by one library's names.
const dispatchValibotSchemas = dispatchOwnSchemas
  .replace("import { z } from 'zod';", "import * as v from 'valibot';")
  .replace("z.object({ method: z.literal('tools/list') })", "v.object({ method: v.literal('tools/list') })")
  .replace("z.object({ method: z.literal('tools/call'), params: z.object({ name: z.string(), arguments: z.record(z.string(), z.unknown()).optional() }) }).passthrough()", "v.looseObject({ method: v.literal('tools/call'), params: v.object({ name: v.string() }) })");

runCases('required-function-name-known on the low-level MCP Server', dispatchRule, {
  valid: [{ name: 'every listed tool is dispatched (constant labels); a fall-through that answers normally; a list or a dispatch that cannot be followed', code: dispatchFine }],
  invalid: [
    {
      name: 'a typo in a case label: the dispatched name is not listed, and the listed tool is never dispatched',
      code: dispatchTypo,
      errors: [
        {
          messageId: 'undispatchedListedTool',
          data: { set: 'MCP server "pg-inspect"', name: 'describe_table', dispatched: '"list_tables", "describe_tables"' },
          ...loc(dispatchTypo, "'describe_table'"),
        },
        {
          messageId: 'unlistedDispatchedTool',
          data: { set: 'MCP server "pg-inspect"', name: 'describe_tables', listed: '"list_tables", "describe_table"' },
          ...loc(dispatchTypo, "'describe_tables'"),
        },
      ],
    },
    {
      name: 'a server in a class field: the switch on the destructured name misspells a listed tool',
      code: dispatchInClass,
      errors: [
        {
          messageId: 'undispatchedListedTool',
          data: { set: 'MCP server "weather"', name: 'get_alerts', dispatched: '"get_forecast", "get_alert"' },
          ...loc(dispatchInClass, "'get_alerts'"),
        },
        {
          messageId: 'unlistedDispatchedTool',
          data: { set: 'MCP server "weather"', name: 'get_alert', listed: '"get_forecast", "get_alerts"' },
          ...loc(dispatchInClass, "'get_alert'"),
        },
      ],
    },
    {
      name: 'a class method set as the handler hands the name to a function of the file that switches on enum members',
      code: dispatchDelegated,
      errors: [
        {
          messageId: 'unlistedDispatchedTool',
          data: { set: 'MCP server "git"', name: 'git_logs', listed: '"git_status", "git_diff", "git_log"' },
          ...loc(dispatchDelegated, "'git_logs'"),
        },
        {
          messageId: 'undispatchedListedTool',
          data: { set: 'MCP server "git"', name: 'git_log', dispatched: '"git_status", "git_diff", "git_logs"' },
          ...loc(dispatchDelegated, 'GitTool.Log'),
        },
      ],
    },
    {
      name: 'request schemas written by hand (z.object({ method: z.literal(...) })) are the tools/list and tools/call requests',
      code: dispatchOwnSchemas,
      errors: [
        {
          messageId: 'undispatchedListedTool',
          data: { set: 'MCP server "kv"', name: 'kv_set', dispatched: '"kv_get", "kv_put"' },
          ...loc(dispatchOwnSchemas, "'kv_set'"),
        },
        {
          messageId: 'unlistedDispatchedTool',
          data: { set: 'MCP server "kv"', name: 'kv_put', listed: '"kv_get", "kv_set"' },
          ...loc(dispatchOwnSchemas, "'kv_put'"),
        },
      ],
    },
    {
      name: 'request schemas of another validation library (valibot) are read by their shape',
      code: dispatchValibotSchemas,
      errors: [
        {
          messageId: 'undispatchedListedTool',
          data: { set: 'MCP server "kv"', name: 'kv_set', dispatched: '"kv_get", "kv_put"' },
          ...loc(dispatchValibotSchemas, "'kv_set'"),
        },
        {
          messageId: 'unlistedDispatchedTool',
          data: { set: 'MCP server "kv"', name: 'kv_put', listed: '"kv_get", "kv_set"' },
          ...loc(dispatchValibotSchemas, "'kv_put'"),
        },
      ],
    },
    {
      name: "v2: an if chain on the destructured name still runs a tool the 'tools/list' answer no longer lists",
      code: dispatchRemoved,
      errors: [
        {
          // The handler's last statement answers `isError: true`: every other name is turned away.
          messageId: 'undispatchedListedTool',
          data: { set: 'MCP server', name: 'weekly', dispatched: '"daily", "rebuild_rollups"' },
          ...loc(dispatchRemoved, "'weekly'"),
        },
        {
          messageId: 'unlistedDispatchedTool',
          data: { set: 'MCP server', name: 'rebuild_rollups', listed: '"daily", "weekly"' },
          ...loc(dispatchRemoved, "'rebuild_rollups'"),
        },
      ],
    },
  ],
});
