// The low-level MCP Server set up the way larger servers split it: one module creates the server
// and its tool list (`createToolDefinitions()` of another module) and passes both to
// `setupRequestHandlers(server, tools)`, whose tools/list handler answers with the parameter and
// whose tools/call handler hands the name to an imported `handleToolCall(name, args)`. And the same
// server written for Deno, importing the SDK through `npm:` specifiers.
import { describe, expect, it } from 'vitest';
import { analyzeProject } from '../../src/analyzer/index.js';
import { allRules, rows, tempProject } from './helpers.js';

const packageJson = JSON.stringify({ name: 'notes-mcp', type: 'module', dependencies: { '@modelcontextprotocol/sdk': '^1.32.0' } });
const tsconfig = JSON.stringify({ compilerOptions: { module: 'nodenext', strict: true, allowJs: true, noEmit: true }, include: ['src'] });

const definitions = `export function createToolDefinitions() {
  return [
    { name: 'notes_search', description: 'Search notes.', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } },
    { name: 'notes_read', description: 'Read one note.', inputSchema: { type: 'object', properties: { id: { type: 'string' } } } },
    { name: 'notes_archive', description: 'Archive a note.', inputSchema: { type: 'object', properties: { id: { type: 'string' } } } },
  ];
}
`;

const handlers = `import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { handleToolCall } from './tool-calls.js';

export function setupRequestHandlers(server, tools) {
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => handleToolCall(request.params.name, request.params.arguments ?? {}));
}
`;

const toolCalls = `export async function handleToolCall(name, args) {
  switch (name) {
    case 'notes_search':
      return { content: [{ type: 'text', text: \`results for \${args.q}\` }] };
    case 'notes_read':
      return { content: [{ type: 'text', text: \`note \${args.id}\` }] };
    default:
      return { content: [{ type: 'text', text: \`Unknown tool: \${name}\` }], isError: true };
  }
}
`;

const server = (sdk: string): string => `import { Server } from '${sdk}/server/index.js';
import { createToolDefinitions } from './definitions.js';
import { setupRequestHandlers } from './handlers.js';

const server = new Server({ name: 'notes', version: '0.4.0' }, { capabilities: { tools: {} } });
const TOOLS = createToolDefinitions();
setupRequestHandlers(server, TOOLS);
`;

describe('a low-level server whose handlers live in other modules', () => {
  it('lists what the call passes beside the server and dispatches through the imported function', async () => {
    const cwd = tempProject({
      'package.json': packageJson,
      'tsconfig.json': tsconfig,
      'src/index.ts': server('@modelcontextprotocol/sdk'),
      'src/definitions.js': definitions,
      'src/handlers.js': handlers,
      'src/tool-calls.js': toolCalls,
    });
    const result = await analyzeProject({ cwd, rules: allRules() });
    expect(rows(result.findings).map((r) => `${r.file}:${String(r.line)}:${String(r.column)} ${r.messageId}`)).toEqual(['src/definitions.js:5:13 undispatchedListedTool']);
    expect(result.findings[0]!.data).toMatchObject({ name: 'notes_archive', set: 'MCP server "notes"', dispatched: '"notes_search", "notes_read"' });
  });

  it('keeps the lists of two servers set up by one function apart', async () => {
    const cwd = tempProject({
      'package.json': packageJson,
      'tsconfig.json': tsconfig,
      'src/index.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { setupRequestHandlers } from './handlers.js';

const opts = { capabilities: { tools: {} } };
setupRequestHandlers(new Server({ name: 'a', version: '1' }, opts), [{ name: 'notes_search', inputSchema: { type: 'object' } }, { name: 'notes_read', inputSchema: { type: 'object' } }]);
const b = new Server({ name: 'b', version: '1' }, opts);
setupRequestHandlers(b, [{ name: 'notes_search', inputSchema: { type: 'object' } }, { name: 'notes_read', inputSchema: { type: 'object' } }]);
`,
      'src/handlers.js': handlers,
      'src/tool-calls.js': toolCalls,
    });
    const result = await analyzeProject({ cwd, rules: allRules() });
    expect(result.findings).toEqual([]);
  });

  it("names a list's elements that are tool objects of another module, at the element", async () => {
    const cwd = tempProject({
      'package.json': packageJson,
      'tsconfig.json': tsconfig,
      'src/tools/search.ts': "import type { Tool } from '@modelcontextprotocol/sdk/types.js';\nexport const SEARCH_TOOL: Tool = { name: 'notes_search', inputSchema: { type: 'object' } };\n",
      'src/tools/read.js': "export const READ_TOOL = { name: 'notes_read', inputSchema: { type: 'object' } };\nexport function legacySearchTool() {\n  return { name: 'notes_search', inputSchema: { type: 'object' } };\n}\n",
      'src/index.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { SEARCH_TOOL } from './tools/search.js';
import * as read from './tools/read.js';

const server = new Server({ name: 'notes', version: '0.4.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [SEARCH_TOOL, read.READ_TOOL, SEARCH_TOOL] }));
`,
    });
    const result = await analyzeProject({ cwd, rules: allRules() });
    expect(rows(result.findings).map((r) => `${r.file}:${String(r.line)}:${String(r.column)} ${r.messageId}`)).toEqual(['src/index.ts:7:102 mcpDuplicateListing']);
    expect(result.findings[0]!.data).toMatchObject({ name: 'notes_search' });
  });

  it('reads a Deno server that imports the SDK as npm:@modelcontextprotocol/sdk@<version>', async () => {
    const cwd = tempProject({
      'package.json': packageJson,
      'tsconfig.json': tsconfig,
      'src/index.ts': server('npm:@modelcontextprotocol/sdk@1.12.0'),
      'src/definitions.js': definitions,
      'src/handlers.js': handlers.replace("'@modelcontextprotocol/sdk/types.js'", "'npm:@modelcontextprotocol/sdk@1.12.0/types.js'"),
      'src/tool-calls.js': toolCalls,
    });
    const result = await analyzeProject({ cwd, rules: allRules() });
    expect(rows(result.findings).map((r) => `${r.file}:${String(r.line)} ${r.messageId}`)).toEqual(['src/definitions.js:5 undispatchedListedTool']);
  });
});
