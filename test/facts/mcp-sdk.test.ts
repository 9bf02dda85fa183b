import { describe, expect, it } from 'vitest';
import { adapterNaming } from '../../src/facts/adapters/index.js';
import { linkFacts } from '../../src/facts/resolve.js';
import type { FileFacts } from '../../src/facts/types.js';
import { extract, idAt, nameOf, offset, pos, show, spanOfText } from './helpers.js';

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

describe('MCP TypeScript SDK v2 packages and typed server parameters', () => {
  const v2Tools = `import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

export function registerDeployTools(server: McpServer, label: string, other: Registry): void {
  server.registerTool('get_status', { inputSchema: z.object({ service: z.string() }) }, async () => ({ content: [] }));
}

export const helper = (untyped: any) => untyped.registerTool('x', {}, async () => ({ content: [] }));
`;

  it('is enabled by @modelcontextprotocol/server and records a parameter typed McpServer as a server', () => {
    const facts = extract(v2Tools, 'src/tools/deploys.ts');
    const fn = `fn@${offset(v2Tools, 'export function')}`;
    expect(facts.adapters).toEqual(['mcp-sdk']);
    expect(facts.mcpServers).toEqual([
      {
        id: idAt('mcp', v2Tools, 'server: McpServer'),
        adapter: 'mcp-sdk',
        role: 'server',
        name: undefined,
        parameter: { fn, index: 0 },
        span: spanOfText(v2Tools, 'server: McpServer'),
      },
    ]);
    expect(facts.mcpRegistrations.map((r) => [nameOf(r.name), show(r.receiver)])).toEqual([
      ['get_status', `param:${fn}#0:server`],
      ['x', `param:fn@${offset(v2Tools, '(untyped: any)')}#0:untyped`],
    ]);
  });

  it('reads the type through a namespace import; other types and client modules make no server', () => {
    const facts = extract(`import type * as mcp from '@modelcontextprotocol/sdk/server/mcp.js';
import { Client } from '@modelcontextprotocol/client';
import type { Server } from '@modelcontextprotocol/server';
export function a(server: mcp.McpServer) {}
export function b(server: Server, client: Client) {}
export function c(server: McpServer) {}
const client = new Client({ name: 'smoke', version: '1' });
await client.callTool({ name: 'get_status', arguments: {} });
`);
    expect(facts.adapters).toEqual(['mcp-sdk']);
    expect(facts.mcpServers.map((s) => [s.parameter?.index, s.span.loc.start.line])).toEqual([[0, 4]]);
    expect(facts.mcpRegistrations).toEqual([]);
  });

  it('server.experimental.tasks.registerToolTask: a registration on the server that replaces on a duplicate', () => {
    const code = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'reports', version: '1' });
server.experimental.tasks.registerToolTask('build_report', {}, handler);
server.experimental!.tasks.registerToolTask('lint_report', {}, handler);
server.registerToolTask('not_through_tasks', {}, handler);
queue.tasks.registerToolTask('not_experimental', {}, handler);
server.experimental.tasks.registerToolTask('too_few', {});
`;
    const facts = extract(code);
    const serverBinding = `binding:server@${offset(code, 'server =')}`;
    expect(facts.mcpRegistrations.map((r) => [nameOf(r.name), show(r.receiver), r.replaces])).toEqual([
      ['build_report', serverBinding, true],
      ['lint_report', serverBinding, true],
    ]);
  });
});

describe('linking a typed server parameter', () => {
  const register = `import type { McpServer } from '@modelcontextprotocol/server';
export function registerA(server: McpServer) {
  server.registerTool('a', {}, async () => ({ content: [] }));
  registerB(server);
}
function registerB(inner: McpServer) {
  inner.registerTool('b', {}, async () => ({ content: [] }));
}
`;
  const main = `import { McpServer } from '@modelcontextprotocol/server';
import { registerA } from './register.js';
const server = new McpServer({ name: 'main', version: '1' });
registerA(server);
`;
  const link = (files: FileFacts[]) =>
    linkFacts(files, { resolveModule: (_from, specifier) => (specifier === './register.js' ? 'src/register.ts' : undefined), naming: adapterNaming });

  it('alone, the outermost typed parameter is the instance, drawn with its name', () => {
    const linked = link([extract(register, 'src/register.ts')]);
    const sets = linked.exposureSets.filter((s) => s.kind === 'mcp-server');
    expect(sets.map((s) => [s.name, s.instanceIsParameter, s.tools.map((t) => t.name), s.at.span.loc.start])).toEqual([
      [undefined, true, ['a', 'b'], pos(register, 'server: McpServer')],
    ]);
    expect(linked.mcpServers.map((s) => [s.parameter, s.exposureKey === sets[0]?.key])).toEqual([['server', true]]);
  });

  it('with a caller that passes a server, the caller’s server is the instance and the parameters are no servers', () => {
    const linked = link([extract(register, 'src/register.ts'), extract(main, 'src/main.ts')]);
    const sets = linked.exposureSets.filter((s) => s.kind === 'mcp-server');
    expect(sets.map((s) => [s.name, s.instanceIsParameter, s.tools.map((t) => t.name)])).toEqual([['main', undefined, ['a', 'b']]]);
    expect(linked.mcpServers.map((s) => [s.name, s.at.file])).toEqual([['main', 'src/main.ts']]);
  });
});
