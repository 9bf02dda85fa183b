import { describe, expect, it } from 'vitest';
import { extract, idAt, nameOf, offset, show, spanOfText } from './helpers.js';

const serverFile = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { registerSearchTools } from './tools/search.js';
import * as extra from './tools/extra.js';

export const server = new McpServer({ name: 'docs-server', version: '1.0.0' });

server.registerTool(
  'fetch_page',
  { description: 'Fetch a page', inputSchema: { url: z.string() } },
  async ({ url }) => ({ content: [{ type: 'text', text: url }] }),
);
server.tool('ping', async () => ({ content: [] }));
server.prompt('summarize', async () => ({ messages: [] }));
registerSearchTools(server);
extra.register(server, 'x');
console.log(server);
`;

const searchFile = `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

const TOOLS = [{ name: 'search_all' }, { name: 'search_recent' }];

export function registerSearchTools(mcp: McpServer) {
  mcp.registerTool('search', { description: 'Search' }, async () => ({ content: [] }));
  for (const t of TOOLS) {
    mcp.tool(t.name, async () => ({ content: [] }));
  }
  addAlias(mcp);
}

const addAlias = (target: McpServer) => {
  target.tool('search', async () => ({ content: [] }));
};
`;

describe('MCP TypeScript SDK: a server and its registrations', () => {
  const facts = extract(serverFile, 'src/server.ts');
  const serverBinding = { kind: 'binding', key: `server@${offset(serverFile, 'server =')}`, name: 'server' };

  it('records the server with its name', () => {
    expect(facts.adapters).toEqual(['mcp-sdk']);
    expect(facts.mcpServers).toEqual([
      {
        id: idAt('mcp', serverFile, 'new McpServer'),
        adapter: 'mcp-sdk',
        role: 'server',
        name: { kind: 'static', value: 'docs-server', via: 'literal', span: spanOfText(serverFile, "'docs-server'") },
        span: spanOfText(serverFile, "new McpServer({ name: 'docs-server', version: '1.0.0' })"),
      },
    ]);
    expect(show(facts.bindings[serverBinding.key])).toBe(`mcp-server:${facts.mcpServers[0]!.id}`);
  });

  it('records tool() and registerTool() on the server, not prompts', () => {
    expect(facts.mcpRegistrations.map((r) => [nameOf(r.name), show(r.receiver), r.span.loc.start])).toEqual([
      ['fetch_page', `binding:${serverBinding.key}`, { line: 8, column: 0 }],
      ['ping', `binding:${serverBinding.key}`, { line: 13, column: 0 }],
    ]);
    expect(facts.mcpRegistrations[0]!.name.span).toEqual(spanOfText(serverFile, "'fetch_page'"));
  });

  it('records calls that pass the server to other modules', () => {
    expect(facts.calls.map((c) => [show(c.callee), c.args.map(show)])).toEqual([
      ['import:./tools/search.js#registerSearchTools', [`binding:${serverBinding.key}`]],
      ['import:./tools/extra.js#register', [`binding:${serverBinding.key}`, '"x"']],
    ]);
    expect(facts.calls[0]!.span).toEqual(spanOfText(serverFile, 'registerSearchTools(server)'));
  });

  it('exports the server', () => {
    expect(facts.exports).toEqual([{ exported: 'server', value: { ...serverBinding, span: spanOfText(serverFile, 'server', 1) } }]);
  });
});

describe('MCP TypeScript SDK: a server passed in as a parameter', () => {
  const facts = extract(searchFile, 'src/tools/search.ts');
  const registerFn = `fn@${offset(searchFile, 'export function')}`; // a declaration starts at its modifiers
  const aliasFn = `fn@${offset(searchFile, '(target: McpServer)')}`;

  it('is enabled by a type-only import and records registrations on parameters', () => {
    expect(facts.adapters).toEqual(['mcp-sdk']);
    expect(facts.imports).toEqual([]);
    expect(facts.mcpRegistrations.map((r) => [nameOf(r.name), show(r.receiver)])).toEqual([
      ['search', `param:${registerFn}#0:mcp`],
      ['dynamic:t.name', `param:${registerFn}#0:mcp`],
      ['search', `param:${aliasFn}#0:target`],
    ]);
  });

  it('records the functions and the call forwarding the parameter', () => {
    expect(facts.functions.map((f) => [f.key, f.name, f.params])).toEqual([
      [registerFn, 'registerSearchTools', ['mcp']],
      [aliasFn, 'addAlias', ['target']],
    ]);
    expect(facts.calls.map((c) => [show(c.callee), c.args.map(show)])).toEqual([
      [`binding:addAlias@${offset(searchFile, 'addAlias =')}`, [`param:${registerFn}#0:mcp`]],
    ]);
    expect(show(facts.bindings[`addAlias@${offset(searchFile, 'addAlias =')}`])).toBe(`function:${aliasFn}`);
    expect(show(facts.bindings[`registerSearchTools@${offset(searchFile, 'registerSearchTools(')}`])).toBe(`function:${registerFn}`);
    expect(facts.exports.map((e) => [e.exported, show(e.value as never)])).toEqual([
      ['registerSearchTools', `binding:registerSearchTools@${offset(searchFile, 'registerSearchTools(')}`],
    ]);
  });
});

describe('MCP TypeScript SDK: not registrations', () => {
  it('ignores .tool() without an MCP import and one-argument calls', () => {
    const withoutImport = extract(`const server = makeServer();\nserver.tool('x', async () => ({ content: [] }));\n// callId\n`);
    expect(withoutImport.adapters).toEqual([]);
    expect(withoutImport.mcpRegistrations).toEqual([]);
    const oneArg = extract(`import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 's', version: '1' });
const cache = new Map();
cache.tool('lookup');
server.tool({ name: 'object-form' }, async () => ({}));
`);
    expect(oneArg.mcpRegistrations).toEqual([]);
  });

  it('records the low-level Server and a server without a name', () => {
    const facts = extract(`import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const low = new Server({ name: 'low-level', version: '1' }, { capabilities: { tools: {} } });
const anon = new McpServer(serverInfo);
`);
    expect(facts.mcpServers.map((s) => [s.role, nameOf(s.name)])).toEqual([
      ['server', 'low-level'],
      ['server', 'dynamic:serverInfo.name'],
    ]);
  });
});
