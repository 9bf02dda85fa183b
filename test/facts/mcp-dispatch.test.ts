// The low-level MCP Server's tools/call handler: the names it compares `request.params.name` with,
// and whether nothing else uses the name (McpDispatchFact).
import { describe, expect, it } from 'vitest';
import { adapterNaming } from '../../src/facts/adapters/index.js';
import { linkFacts } from '../../src/facts/resolve.js';
import { extract, nameOf, spanOfText } from './helpers.js';

const head = `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
const server = new Server({ name: 'db', version: '1' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [{ name: 'a', inputSchema: { type: 'object' } }] }));
`;

function dispatchOf(handler: string, before = '') {
  const code = `${head}${before}server.setRequestHandler(CallToolRequestSchema, ${handler});\n`;
  const facts = extract(code, 'src/server.ts');
  const dispatches = facts.mcpDispatches ?? [];
  expect(dispatches).toHaveLength(1);
  return { code, facts, dispatch: dispatches[0]!, names: dispatches[0]!.names.map(nameOf) };
}

describe('tools/call dispatch facts', () => {
  it('reads the case labels of a switch on request.params.name, at each label', () => {
    const { code, dispatch, names } = dispatchOf(`async (request) => {
  switch (request.params.name) {
    case 'a': return { content: [] };
    case 'b': return { content: [] };
    default: throw new Error(\`Unknown tool: \${request.params.name}\`);
  }
}`);
    expect(names).toEqual(['a', 'b']);
    expect(dispatch.complete).toBe(true);
    expect(dispatch.names[1]!.span).toEqual(spanOfText(code, "'b'", 0));
    expect(dispatch.receiver.kind).toBe('binding');
  });

  it('reads an if chain on a destructured name, and a name destructured from the parameter', () => {
    expect(
      dispatchOf(`async (request) => {
  const { name, arguments: args } = request.params;
  if (name === 'a') return { content: [{ type: 'text', text: String(args) }] };
  else if ('b' == name) return { content: [] };
  return { content: [{ type: 'text', text: \`Unknown tool \${name}\` }], isError: true };
}`),
    ).toMatchObject({ names: ['a', 'b'], dispatch: { complete: true } });
    expect(dispatchOf(`async ({ params: { name } }) => { if (name !== 'a') throw new Error('no ' + name); return { content: [] }; }`)).toMatchObject({
      names: ['a'],
      dispatch: { complete: true },
    });
    expect(dispatchOf(`async ({ params }) => { const tool = params.name as string; switch (tool) { case 'a': return { content: [] }; } throw new Error(tool); }`)).toMatchObject({
      names: ['a'],
      dispatch: { complete: true },
    });
  });

  it('is not complete when the name is looked up, passed on, or the request escapes', () => {
    const incomplete = [
      `async (request) => { switch (request.params.name) { case 'a': return { content: [] }; } return handlers[request.params.name](request.params.arguments); }`,
      `async (request) => { const { name } = request.params; if (name === 'a') return { content: [] }; return callTool(name); }`,
      `async (request) => route(request)`,
      `async (request) => { const { ...rest } = request.params; return run(rest); }`,
      `async (request) => { if (request.params.name.startsWith('a')) return { content: [] }; throw new Error('x'); }`,
      `async (request) => { const tool = TOOLS.find((t) => t.name === request.params.name); return tool.run(); }`,
      `handleCall`,
      // A nested \`name\` is another value: its comparisons name no tool.
      `async (request) => { const { name } = request.params; if (name === 'a') return { content: [] }; ['x'].forEach((name) => { if (name === 'x') log(); }); throw new Error('no'); }`,
    ];
    for (const handler of incomplete) expect(dispatchOf(handler).dispatch.complete, handler).toBe(false);
  });

  it('links the dispatch to the server set and resolves constant labels', () => {
    const { facts } = dispatchOf(`async (request) => { switch (request.params.name) { case NAMES.a: return { content: [] }; case 'b': return { content: [] }; } throw new Error('x'); }`, "const NAMES = { a: 'a' } as const;\n");
    const linked = linkFacts([facts], { resolveModule: () => undefined, naming: adapterNaming });
    expect(linked.mcpDispatches).toHaveLength(1);
    expect(linked.mcpDispatches![0]).toMatchObject({ setKeys: [linked.exposureSets[0]!.key], names: [{ name: 'a' }, { name: 'b' }], complete: true });
  });

  it('reads the functions the handler is or hands the name to: a method through this, a function of the file', () => {
    const inClass = extract(
      `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
export class Db {
  private server = new Server({ name: 'db', version: '1' }, { capabilities: { tools: {} } });
  constructor() {
    this.server.setRequestHandler(CallToolRequestSchema, this.handle.bind(this));
    this.server.setRequestHandler(CallToolRequestSchema, async (request) => this.route(request.params.name));
  }
  private async handle(request) {
    const { name } = request.params;
    if (name === 'a') return { content: [] };
    return run(name);
  }
  private route = (tool: string) => { switch (tool) { case 'c': return { content: [] }; } throw new Error(tool); };
}
function run(name) { switch (name) { case 'b': return { content: [] }; default: throw new Error('no ' + name); } }
`,
      'src/db.ts',
    );
    expect(inClass.mcpDispatches!.map((d) => ({ names: d.names.map(nameOf), complete: d.complete, rejectsOthers: d.rejectsOthers }))).toEqual([
      { names: ['a', 'b'], complete: true, rejectsOthers: true },
      { names: ['c'], complete: true, rejectsOthers: true },
    ]);
  });

  it('records an imported handler, or an imported function given the name, as a delegate', () => {
    const { dispatch } = dispatchOf(`handleCall`, "import { handleCall } from './calls.js';\n");
    expect(dispatch).toMatchObject({ names: [], complete: true, delegates: [{ callee: { kind: 'import', module: './calls.js', imported: 'handleCall' }, index: 0, path: ['params', 'name'] }] });
    const handed = dispatchOf(`async (request) => { if (request.params.name === 'a') return { content: [] }; return runTool(request.params.name, request.params.arguments); }`, "import { runTool } from './tools.js';\n");
    expect(handed.names).toEqual(['a']);
    expect(handed.dispatch.delegates).toMatchObject([{ callee: { imported: 'runTool' }, index: 0, path: [] }]);
    // A function that is neither (a method of an object, a parameter) may run any tool.
    expect(dispatchOf(`async (request) => registry.run(request.params.name)`).dispatch.complete).toBe(false);
  });

  it("reads an exported function's comparisons of its parameters in a module that imports no SDK", () => {
    const facts = extract(
      `export async function runTool(name, args) {
  switch (name) {
    case 'a': return { content: [] };
    default: throw new Error(\`Unknown tool: \${name}\`);
  }
}
export const handleCall = async (request) => (request.params.name === 'b' ? { content: [] } : { content: [], isError: true });
export function format(value) { return String(value); }
function internal(name) { return name === 'c'; }
`,
      'src/tools.js',
    );
    const reads = Object.fromEntries(facts.functions.map((fn) => [fn.name, fn.dispatchReads?.map((r) => ({ index: r.index, path: r.path, names: r.names.map(nameOf), complete: r.complete, rejectsOthers: r.rejectsOthers }))]));
    expect(reads).toEqual({
      runTool: [{ index: 0, path: [], names: ['a'], complete: true, rejectsOthers: true }],
      handleCall: [{ index: 0, path: ['params', 'name'], names: ['b'], complete: true, rejectsOthers: undefined }],
    });
  });

  it('links a delegate to the function it names in another module', () => {
    const server = extract(
      `${head}import { runTool } from './tools.js';
server.setRequestHandler(CallToolRequestSchema, async (request) => { const { name, arguments: args } = request.params; if (name === 'a') return { content: [] }; return runTool(name, args); });
`,
      'src/server.ts',
    );
    const tools = extract(`export async function runTool(name, args) { if (name === 'b') return { content: [] }; throw new Error(name); }\n`, 'src/tools.ts');
    const resolveModule = (_from: string, specifier: string) => (specifier === './tools.js' ? 'src/tools.ts' : undefined);
    const linked = linkFacts([server, tools], { resolveModule, naming: adapterNaming });
    expect(linked.mcpDispatches![0]).toMatchObject({ names: [{ name: 'a' }, { name: 'b', at: { file: 'src/tools.ts' } }], complete: true, rejectsOthers: true });
    // A callee that reads no such parameter: other names may run.
    const other = extract(`export function runTool(name, args) { return registry[name](args); }\n`, 'src/tools.ts');
    expect(linkFacts([server, other], { resolveModule, naming: adapterNaming }).mcpDispatches![0]).toMatchObject({ complete: false });
  });

  it('ignores other request handlers', () => {
    const facts = extract(`${head}server.setRequestHandler(ListToolsRequestSchema, async (request) => { switch (request.params.name) { case 'x': return { tools: [] }; } return { tools: [] }; });\n`);
    expect(facts.mcpDispatches).toBeUndefined();
  });
});
