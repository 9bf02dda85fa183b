// Issue 21 item 3: a project's own wrappers declared in the adapter vocabulary (`adapters` in the
// configuration, `settings["tool-identity"].adapters` in ESLint), and a bad declaration named by key.
import path from 'node:path';
import { syntaxTester } from '../rules/testers.js';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeProject } from '../../src/analyzer/index.js';
import { AnalyzerConfigError } from '../../src/analyzer/errors.js';
import { declaredAdapters, type AdapterDeclaration } from '../../src/facts/adapters/declarations.js';
import { adapters as builtins } from '../../src/facts/adapters/index.js';
import rule from '../../rules/no-tool-name-collision.js';
import dispatchRule from '../../rules/required-function-name-known.js';
import { settingsAdapters } from '../../rules/utils.js';
import { allRules, FIXTURES, fixtureConfig } from '../analyzer/helpers.js';
import { helpdeskProject, makeProject, removeProjects, run } from '../cli/helpers.js';

afterAll(removeProjects);

const fixture = path.join(FIXTURES, 'projects/project-wrappers');

const paidTool: AdapterDeclaration = {
  extends: 'mcp-sdk',
  mcpRegistrations: [{ match: [{ type: 'call', name: 'registerPaidTool' }], server: { argument: 0 }, name: [{ from: 'argument', index: 1 }] }],
};

describe('declared adapters', () => {
  it('extend a built-in adapter in place: same id and behaviour, the declared shapes added as wrappers', () => {
    const list = declaredAdapters([paidTool]);
    expect(list.map((adapter) => adapter.id)).toEqual(builtins.map((adapter) => adapter.id));
    const mcp = list.find((adapter) => adapter.id === 'mcp-sdk')!;
    const builtin = builtins.find((adapter) => adapter.id === 'mcp-sdk')!;
    expect(mcp.mcpRegistrations).toHaveLength((builtin.mcpRegistrations?.length ?? 0) + 1);
    expect(mcp.mcpRegistrations!.at(-1)!.match).toEqual([{ type: 'call', name: 'registerPaidTool', wrapper: true }]);
    // The other adapters are the built-in objects themselves.
    expect(list.filter((adapter) => adapter.id !== 'mcp-sdk').every((adapter) => builtins.includes(adapter))).toBe(true);
    expect(declaredAdapters(undefined)).toBe(builtins);
  });

  it('add an adapter of its own after the built-in ones, with its dispatch and verbatim names', () => {
    const list = declaredAdapters([{ id: 'desk-bus', title: 'Desk bus', dispatch: 'first', tools: [{ match: [{ type: 'call', name: 'busTool' }], kind: 'function', name: [{ from: 'option', argument: 0, path: ['name'] }] }] }]);
    const own = list.at(-1)!;
    expect(own).toMatchObject({ id: 'desk-bus', title: 'Desk bus', dispatch: 'first', enablers: [] });
    expect(own.naming.tool('a.b')).toBe('a.b');
  });

  it('the fixture is clean without its declaration and has both collisions with it', async () => {
    const without = await analyzeProject({ cwd: fixture, rules: allRules() });
    expect(without.findings).toEqual([]);
    const withDeclared = await analyzeProject({ cwd: fixture, rules: allRules(), adapters: fixtureConfig(fixture).adapters });
    expect(withDeclared.findings.map((f) => `${f.file}:${f.span.loc.start.line} ${f.messageId}`)).toEqual([
      'src/agents/support.ts:32 duplicateToolName',
      'src/tools/refunds.ts:10 mcpDuplicateRegistration',
    ]);
  });

  it('a bad declaration given to the analyzer throws its configuration error naming the key', async () => {
    const bad = [{ extends: 'mcp-sdk', mcpRegistrations: [{ match: [{ type: 'call', name: 'register paid' }], name: [{ from: 'argument', index: 1 }] }] }];
    await expect(analyzeProject({ cwd: fixture, rules: allRules(), adapters: bad as unknown as AdapterDeclaration[] })).rejects.toThrow(AnalyzerConfigError);
    await expect(analyzeProject({ cwd: fixture, rules: allRules(), adapters: bad as unknown as AdapterDeclaration[] })).rejects.toThrow(
      'adapters[0].mcpRegistrations[0].match[0].name: must be a JavaScript identifier',
    );
  });
});

describe('the CLI reads `adapters` from its configuration', () => {
  it('finds the wrapped collisions in the fixture, exit 1', async () => {
    const result = await run(['.', '-f', 'json'], { cwd: fixture });
    expect(result.code).toBe(1);
    const messages = (JSON.parse(result.stdout) as Array<{ messages: Array<{ messageId: string }> }>).flatMap((file) => file.messages.map((m) => m.messageId));
    expect(messages).toEqual(['duplicateToolName', 'mcpDuplicateRegistration']);
  });

  it.each([
    [
      'an unknown built-in',
      [{ extends: 'langchainjs' }],
      'adapters[0].extends: Invalid option: expected one of "tool-identity-audit"|"openai-agents"|"mcp-sdk"|"ai-sdk"|"langchain"|"mastra"',
    ],
    [
      'neither extends nor an id',
      [{ tools: [] }],
      'adapters[0].id: required: give "extends" (a built-in adapter) or "id" and "title" (a new one); adapters[0].title: required for a new adapter',
    ],
    ['a server argument that is no index', [{ extends: 'mcp-sdk', mcpRegistrations: [{ match: [{ type: 'call', name: 'registerPaidTool' }], server: { argument: -1 }, name: [{ from: 'argument', index: 1 }] }] }], 'adapters[0].mcpRegistrations[0].server.argument: Too small: expected number to be >=0'],
    ['a new adapter that takes a built-in id', [{ id: 'mcp-sdk', title: 'Mine' }], 'adapters[0].id: is a built-in adapter; use "extends"'],
    ['an unknown key in a shape', [{ extends: 'ai-sdk', tools: [{ match: [{ type: 'call', name: 'defineTool', module: './x' }], name: [{ from: 'record-key' }] }] }], 'adapters[0].tools[0].match[0].module: Unrecognized key'],
  ])('%s exits 2 and names the key', async (_what, adapters, message) => {
    const result = await run([], { cwd: helpdeskProject({ 'tool-identity-audit.config.json': JSON.stringify({ adapters }) }) });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(message);
  });
});

// The same declaration through ESLint's shared setting: one file shows the wrapped collision.
const tester = syntaxTester();
const settings = { 'tool-identity': { adapters: [paidTool] } };
const twoPaidTools = `
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { registerPaidTool } from './paid.js';

const server = new McpServer({ name: 'billing-desk', version: '1.0.0' });
registerPaidTool(server, 'issue_refund', { cents: 5 }, 'Refund an invoice.', refundInvoice);
registerPaidTool(server, 'issue_refund', { cents: 5 }, 'Refund part of an invoice.', refundPart);
`;

tester.run('no-tool-name-collision with declared wrappers (settings)', rule, {
  valid: [
    // Without the setting the wrapper is an ordinary function call.
    { code: twoPaidTools },
    { code: twoPaidTools.replace(/'issue_refund', \{ cents: 5 \}, 'Refund part/, "'partial_refund', { cents: 5 }, 'Refund part"), settings },
  ],
  invalid: [
    {
      code: twoPaidTools,
      settings,
      errors: [{ messageId: 'mcpDuplicateRegistration', data: { name: 'issue_refund', server: '"billing-desk"', otherPlaces: '' }, line: 7, column: 26, endLine: 7, endColumn: 40 }],
    },
  ],
});

// A dispatch wrapper: `onToolCall(server, async (name, args) => ...)` sets the server's tools/call
// handler with the requested name as its first parameter.
const onToolCall: AdapterDeclaration = {
  extends: 'mcp-sdk',
  mcpDispatches: [{ match: [{ type: 'call', name: 'onToolCall' }], server: { argument: 0 }, handler: { argument: 1, parameter: 0, name: [] }, errorFlag: 'isError' }],
};
const wrappedDispatch = `
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { onToolCall } from './mcp-kit.js';

const server = new Server({ name: 'inventory', version: '2.1.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [
    { name: 'stock_level', inputSchema: { type: 'object' as const } },
    { name: 'reorder', inputSchema: { type: 'object' as const } },
  ],
}));
onToolCall(server, async (name: string, args: Record<string, unknown>) => {
  if (name === 'stock_level') return { content: [{ type: 'text' as const, text: String(args.sku) }] };
  if (name === 're_order') return { content: [{ type: 'text' as const, text: 'ordered' }] };
  return { content: [{ type: 'text' as const, text: \`no tool \${name}\` }], isError: true };
});
`;

tester.run('required-function-name-known with a declared dispatch wrapper (settings)', dispatchRule, {
  // Without the setting the wrapper is an ordinary call, and the server has no tools/call handler.
  valid: [{ code: wrappedDispatch }],
  invalid: [
    {
      code: wrappedDispatch,
      settings: { 'tool-identity': { adapters: [onToolCall] } },
      errors: [
        { messageId: 'undispatchedListedTool', data: { set: 'MCP server "inventory"', name: 'reorder', dispatched: '"stock_level", "re_order"', otherPlaces: '' }, line: 10, column: 13 },
        { messageId: 'unlistedDispatchedTool', data: { set: 'MCP server "inventory"', name: 're_order', listed: '"stock_level", "reorder"', otherPlaces: '' }, line: 15, column: 16 },
      ],
    },
  ],
});

describe('a declared dispatch wrapper in the configuration', () => {
  it('reads the handler the wrapper is given, on the server of its argument, across modules', async () => {
    const cwd = makeProject({
      'package.json': JSON.stringify({ name: 'inventory', type: 'module', dependencies: { '@modelcontextprotocol/sdk': '^1.32.0' } }),
      'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'nodenext', strict: true, allowJs: true }, include: ['src'] }),
      'tool-identity-audit.config.json': JSON.stringify({ adapters: [onToolCall] }),
      'src/server.ts': wrappedDispatch.replace("import { onToolCall } from './mcp-kit.js';", "import { onToolCall } from './mcp-kit.js';\nimport { runInventoryTool } from './inventory.js';").replace(/onToolCall\(server, [\s\S]*\}\);\n$/, 'onToolCall(server, runInventoryTool);\n'),
      'src/mcp-kit.ts': 'export function onToolCall(server: unknown, handler: (name: string, args: Record<string, unknown>) => Promise<unknown>): void { void server; void handler; }\n',
      'src/inventory.js': "export async function runInventoryTool(name, args) {\n  switch (name) {\n    case 'stock_level': return { content: [{ type: 'text', text: String(args.sku) }] };\n    case 'reorder': return { content: [] };\n    case 'cancel_order': return { content: [] };\n  }\n  throw new Error(`Unknown tool ${name}`);\n}\n",
    });
    const result = await run(['.', '-f', 'json'], { cwd });
    expect(result.code).toBe(1);
    const found = (JSON.parse(result.stdout) as Array<{ filePath: string; messages: Array<{ messageId: string; line: number; message: string }> }>).flatMap((file) =>
      file.messages.map((m) => `${path.relative(cwd, file.filePath)}:${String(m.line)} ${m.messageId}`),
    );
    expect(found).toEqual(['src/inventory.js:5 unlistedDispatchedTool']);
  });

  it('a handler path that is no list of names exits 2 and names the key', async () => {
    const bad = [{ extends: 'mcp-sdk', mcpDispatches: [{ match: [{ type: 'call', name: 'onToolCall' }], handler: { argument: 1, parameter: 0, name: 'name' } }] }];
    const result = await run([], { cwd: helpdeskProject({ 'tool-identity-audit.config.json': JSON.stringify({ adapters: bad }) }) });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('adapters[0].mcpDispatches[0].handler.name: Invalid input: expected array, received string');
  });
});

describe('a bad setting', () => {
  it('throws an error naming the setting key', () => {
    expect(() => settingsAdapters({ 'tool-identity': { adapters: [{ extends: 'mcp-sdk', tools: 3 }] } })).toThrow(
      'tool-identity: invalid adapter declaration: settings["tool-identity"].adapters[0].tools: Invalid input: expected array, received number',
    );
  });

  it('is read once per settings object, and no setting is the built-in list', () => {
    const given = { 'tool-identity': { adapters: [paidTool] } };
    expect(settingsAdapters(given)).toBe(settingsAdapters(given));
    expect(settingsAdapters({})).toBe(builtins);
  });
});
