import { describe, expect, it } from 'vitest';
import { adapterNaming } from '../../src/facts/adapters/index.js';
import { mayHaveFacts } from '../../src/facts/extract.js';
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

  it('reads the type through a namespace import; the low-level Server type is one too; a client type and an unimported name make no server', () => {
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
    expect(facts.mcpServers.map((s) => [s.parameter?.index, s.span.loc.start.line])).toEqual([
      [0, 4],
      [0, 5],
    ]);
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

const linkAll = (files: Record<string, string>) =>
  linkFacts(
    Object.entries(files).map(([file, code]) => extract(code, file)),
    {
      resolveModule: (_from, specifier) => {
        const base = specifier.replace(/^\.\//, 'src/').replace(/\.(js|mjs|cjs)$/, '');
        return Object.keys(files).find((file) => file.replace(/\.(ts|js|mjs|cjs)$/, '') === base);
      },
      naming: adapterNaming,
    },
  );
const mcpSets = (linked: ReturnType<typeof linkFacts>) =>
  linked.exposureSets.filter((s) => s.kind === 'mcp-server').map((s) => [s.name, s.tools.map((t) => t.name)]);

describe('MCP TypeScript SDK: a server held in a class field', () => {
  const agent = `import { McpAgent } from 'agents/mcp';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { registerSearch } from './search.js';

export class DocsMcp extends McpAgent {
  server = new McpServer({ name: 'docs', version: '1.0.0' });

  async init() {
    this.server.tool('fetch_page', { url: z.string() }, async () => ({ content: [] }));
    this.server.registerTool('list_pages', {}, async () => ({ content: [] }));
    const s = this.server;
    s.tool('ping', async () => ({ content: [] }));
    registerSearch(this.server);
    setTimeout(() => this.server.tool('late', async () => ({ content: [] })));
    [1].forEach(function () { this.server.tool('not_this_class', async () => ({ content: [] })); });
  }

  static register() {
    this.server.tool('static_this', async () => ({ content: [] }));
  }
}
`;
  const search = `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export function registerSearch(server: McpServer) {
  server.tool('search', async () => ({ content: [] }));
}
`;

  it('registrations on this.<field> in any method land in the field server; passing this.server is followed', () => {
    const facts = extract(agent, 'src/agent.ts');
    const id = idAt('mcp', agent, 'new McpServer');
    expect(facts.mcpServers.map((s) => s.id)).toEqual([id]);
    expect(facts.mcpRegistrations.map((r) => [nameOf(r.name), show(r.receiver)])).toEqual([
      ['fetch_page', `mcp-server:${id}`],
      ['list_pages', `mcp-server:${id}`],
      ['ping', `binding:s@${offset(agent, 's = this')}`],
      ['late', `mcp-server:${id}`],
      // `this` of a plain function and of a static method is no instance: left unknown.
      ['not_this_class', 'unknown(this).server'],
      ['static_this', 'unknown(this).server'],
    ]);
    expect(mcpSets(linkAll({ 'src/agent.ts': agent, 'src/search.ts': search }))).toEqual([['docs', ['fetch_page', 'list_pages', 'ping', 'search', 'late']]]);
  });

  it('a field assigned in the constructor; two registrations of one name collide', () => {
    const code = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
class Notes {
  server: McpServer;
  constructor() {
    this.server = new McpServer({ name: 'notes', version: '1' });
  }
  start() {
    this.server.tool('add_note', async () => ({ content: [] }));
  }
  more() {
    this.server.registerTool('add_note', {}, async () => ({ content: [] }));
  }
}
`;
    const linked = linkAll({ 'src/notes.ts': code });
    expect(mcpSets(linked)).toEqual([['notes', ['add_note', 'add_note']]]);
  });

  it('a field set twice, or never to a server, is not followed', () => {
    const code = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
class Twice {
  server = new McpServer({ name: 'a', version: '1' });
  reset() { this.server = new McpServer({ name: 'b', version: '1' }); }
  init() { this.server.tool('x', async () => ({ content: [] })); }
}
class Other {
  server = makeServer();
  init() { this.server.tool('y', async () => ({ content: [] })); }
}
`;
    const facts = extract(code);
    expect(facts.mcpRegistrations.map((r) => [nameOf(r.name), r.receiver.kind])).toEqual([
      ['x', 'member'],
      ['y', 'member'],
    ]);
  });
});

describe('MCP TypeScript SDK: a subclass of McpServer', () => {
  it('is one server per class, named by super(); registrations on this collide', () => {
    const code = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const VERSION = '1.0.0';
export class WeatherServer extends McpServer {
  constructor() {
    super({ name: 'weather', version: VERSION });
    this.tool('forecast', async () => ({ content: [] }));
    this.registerAlerts();
  }
  private registerAlerts() {
    this.registerTool('forecast', {}, async () => ({ content: [] }));
    this.registerTool('alerts', {}, async () => ({ content: [] }));
  }
}
class NotAServer extends Base {
  init() { this.tool('z', async () => ({ content: [] })); }
}
`;
    const facts = extract(code);
    expect(facts.mcpServers.map((s) => [s.id, nameOf(s.name), s.span.loc.start])).toEqual([[idAt('mcp', code, 'export class'), 'weather', pos(code, 'WeatherServer')]]);
    expect(facts.mcpRegistrations.map((r) => [nameOf(r.name), r.receiver.kind])).toEqual([
      ['forecast', 'mcp-server'],
      ['forecast', 'mcp-server'],
      ['alerts', 'mcp-server'],
      ['z', 'unknown'],
    ]);
    expect(mcpSets(linkAll({ 'src/weather.ts': code }))).toEqual([['weather', ['forecast', 'forecast', 'alerts']]]);
  });
});

describe('MCP TypeScript SDK: an instance of a server class', () => {
  it("is the class's server, in its module and in one that imports no SDK; the constructor registers first", () => {
    const server = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export class WeatherServer extends McpServer {
  constructor() {
    super({ name: 'weather', version: '1.0.0' });
    this.tool('forecast', async () => ({ content: [] }));
  }
}
const local = new WeatherServer();
local.tool('alerts', async () => ({ content: [] }));
`;
    const main = `import { WeatherServer } from './weather.js';
const server = new WeatherServer();
server.registerTool('radar', {}, async () => ({ content: [] }));
server.registerTool('forecast', {}, async () => ({ content: [] }));
`;
    // 'src/app.ts' sorts before 'src/weather.ts': the constructor's registration still comes first.
    expect(mcpSets(linkAll({ 'src/weather.ts': server, 'src/app.ts': main }))).toEqual([['weather', ['forecast', 'alerts', 'radar', 'forecast']]]);
  });
});

describe('MCP TypeScript SDK: a server passed to a module that imports no SDK', () => {
  const main = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { registerSearch } from './search.js';
const server = new McpServer({ name: 'kb', version: '1' });
server.tool('search', async () => ({ content: [] }));
registerSearch(server);
`;
  const js = `/** @param {import('@modelcontextprotocol/sdk/server/mcp.js').McpServer} server */
export function registerSearch(server) {
  server.tool('search', 'Search the knowledge base', async () => ({ content: [] }));
  server.registerTool(\`search_recent\`, {}, async () => ({ content: [] }));
}
const local = makeThing();
local.tool('not_a_param', async () => ({}));
`;

  it('records registrations on parameters and the functions they sit in (JavaScript, untyped)', () => {
    const facts = extract(js, 'src/search.js');
    expect(facts.adapters).toEqual([]);
    expect(facts.mcpRegistrations.map((r) => [nameOf(r.name), r.receiver.kind])).toEqual([
      ['search', 'param'],
      ['search_recent', 'param'],
    ]);
    expect(facts.functions.map((f) => f.name)).toEqual(['registerSearch']);
  });

  it('links them into the server of the caller: the duplicate is seen', () => {
    expect(mcpSets(linkAll({ 'src/main.ts': main, 'src/search.js': js }))).toEqual([['kb', ['search', 'search', 'search_recent']]]);
  });

  it('an `any` parameter nobody passes a server to makes no set; files without a registration are not read', () => {
    const lone = `export const register = (server: any) => server.tool('x', async () => ({}));\n`;
    expect(extract(lone).mcpRegistrations).toHaveLength(1);
    expect(mcpSets(linkAll({ 'src/lone.ts': lone }))).toEqual([]);
    const plain = `export function f(cache) { cache.tool(name, 1); return cache.get('x'); }\n`;
    expect(mayHaveFacts(plain)).toBe(false);
    expect(mayHaveFacts(`export function f(s) { s.tool( "x", h); }`)).toBe(true);
  });
});

describe('MCP TypeScript SDK: a server passed to a CommonJS module', () => {
  it('follows require() into module.exports / exports.x functions that register on their parameter', () => {
    const main = `const { McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js');
const { registerA } = require('./a.cjs');
const { registerB } = require('./b.cjs');
const server = new McpServer({ name: 'cjs', version: '1' });
registerA(server);
registerB(server);
server.tool('a', async () => ({ content: [] }));
`;
    const a = `function registerA(server) {
  server.tool('a', async () => ({ content: [] }));
}
module.exports = { registerA };
`;
    const b = `exports.registerB = function (server) {
  server.tool('b', async () => ({ content: [] }));
};
`;
    const shadowed = `const module = { exports: {} };\nmodule.exports = { x };\n`;
    expect(extract(shadowed, 'src/s.cjs').exports).toEqual([]);
    expect(mcpSets(linkAll({ 'src/main.cjs': main, 'src/a.cjs': a, 'src/b.cjs': b }))).toEqual([['cjs', ['a', 'b', 'a']]]);
  });
});
