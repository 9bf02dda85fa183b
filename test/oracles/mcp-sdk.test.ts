// Differential oracle against the MCP TypeScript SDK v1 (@modelcontextprotocol/sdk): generated
// servers whose tools are registered by functions in two modules (`function registerX(server:
// McpServer)`), names from a constants module, with `registerTool`, the deprecated `tool()` and
// `experimental.tasks.registerToolTask`, one or two server instances, a function called on several
// servers or twice on one. Each registration is made on live McpServer objects in the same order:
// the SDK throws "Tool x is already registered" on exactly the registrations no-tool-name-collision
// reports as duplicates, and replaces the tool silently on exactly those it reports as replaced.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { Finding } from '../../src/checks/index.js';
import { runOracle, sortedNames, type SourceFiles, type Verdict } from './harness.js';

const TOOL_NAMES = ['search', 'fetch_page', 'get-ticket', 'search.all'] as const;
const SERVER_NAMES = ['docs', 'tickets'] as const;

type Form = 'registerTool' | 'tool' | 'tool-described' | 'registerToolTask';
interface Registration {
  name: number;
  form: Form;
  /** A literal, the constant of names.ts, or a template on an imported prefix (`\`${names.PREFIX}search\``). */
  written: 'literal' | 'constant' | 'template';
}
interface Config {
  /** Two registration functions, in modules 0 and 1. */
  functions: [Registration[], Registration[]];
  servers: string[];
  /** Calls in main: [function, server], in order. */
  calls: Array<[0 | 1, number]>;
  /** Registrations written in main on the first server, after the calls. */
  direct: Registration[];
}

const registration = fc.record({
  name: fc.nat({ max: TOOL_NAMES.length - 1 }),
  form: fc.constantFrom<Form>('registerTool', 'registerTool', 'tool', 'tool-described', 'registerToolTask'),
  written: fc.constantFrom('literal' as const, 'constant' as const, 'template' as const),
});

const config: fc.Arbitrary<Config> = fc
  .record({
    functions: fc.tuple(fc.array(registration, { maxLength: 3 }), fc.array(registration, { maxLength: 3 })),
    servers: fc.array(fc.constantFrom(...SERVER_NAMES), { minLength: 1, maxLength: 2 }),
    calls: fc.array(fc.tuple(fc.constantFrom(0 as const, 1 as const), fc.nat({ max: 1 })), { minLength: 1, maxLength: 3 }),
    direct: fc.array(registration, { maxLength: 2 }),
  })
  .map((raw) => ({ ...raw, calls: raw.calls.map(([f, s]): [0 | 1, number] => [f, s % raw.servers.length]) }));

const q = (s: string): string => JSON.stringify(s);
const constantName = (i: number): string => `TOOL_${String(i)}`;

// ---------------------------------------------------------------- the model as source

function emit(c: Config): SourceFiles {
  const files: SourceFiles = {
    'src/names.ts': `${TOOL_NAMES.map((name, i) => `export const ${constantName(i)} = ${q(name)};\n`).join('')}export const PREFIX = 'se';\n`,
  };
  c.functions.forEach((registrations, f) => {
    files[`src/tools-${String(f)}.ts`] = [
      `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
      `import { z } from 'zod';`,
      `import * as names from './names.js';`,
      '',
      `export function registerTools${String(f)}(server: McpServer): void {`,
      ...registrations.map((r) => `  ${emitRegistration(r)}`),
      '}',
      '',
    ].join('\n');
  });
  files['src/main.ts'] = [
    `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
    `import { z } from 'zod';`,
    `import * as names from './names.js';`,
    `import { registerTools0 } from './tools-0.js';`,
    `import { registerTools1 } from './tools-1.js';`,
    '',
    ...c.servers.map((name, s) => `export const server${String(s)} = new McpServer({ name: ${q(name)}, version: '1.0.0' });`),
    ...c.calls.map(([f, s]) => `registerTools${String(f)}(server${String(s)});`),
    // Written on the first server through a local alias.
    ...(c.direct.length > 0 ? ['const server = server0;', ...c.direct.map(emitRegistration)] : []),
    '',
  ].join('\n');
  return files;
}

function emitRegistration(r: Registration): string {
  const written = TOOL_NAMES[r.name]!;
  const name =
    r.written === 'constant'
      ? `names.${constantName(r.name)}`
      : r.written === 'template' && written.startsWith('se')
        ? `\`\${names.PREFIX}${written.slice(2)}\``
        : q(written);
  const result = `async () => ({ content: [{ type: 'text', text: 'ok' }] })`;
  switch (r.form) {
    case 'registerTool':
      return `server.registerTool(${name}, { description: 'A tool.', inputSchema: { q: z.string() } }, ${result});`;
    case 'tool':
      return `server.tool(${name}, ${result});`;
    case 'tool-described':
      return `server.tool(${name}, 'A tool.', { q: z.string() }, ${result});`;
    case 'registerToolTask':
      return `server.experimental.tasks.registerToolTask(${name}, { description: 'A task.', inputSchema: { q: z.string() } }, { createTask: async () => ({ task: { taskId: 't', status: 'working', ttl: null, createdAt: '', lastUpdatedAt: '' } }), getTask: async () => ({ taskId: 't', status: 'working', ttl: null, createdAt: '', lastUpdatedAt: '' }), getTaskResult: async () => ({ content: [] }) });`;
  }
}

// ---------------------------------------------------------------- the model on live servers

type Outcome = 'throws' | 'replaces';

/**
 * What each registration does on live servers, in main's order: `server:name:outcome` once per
 * event. An exported function that main never calls is called once on a server of its own (label
 * `instance`), as a caller outside the project would: its own duplicates throw on any server.
 */
function live(c: Config): string[] {
  const labels = [...c.servers];
  const calls = [...c.calls];
  for (const f of [0, 1] as const) {
    if (!c.calls.some(([called]) => called === f)) calls.push([f, labels.push('instance') - 1]);
  }
  const servers = labels.map((name) => new McpServer({ name, version: '1.0.0' }));
  const events: string[] = [];
  // The SDK warns on console about names outside its pattern (`search.all` is inside it).
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  try {
    for (const [f, s] of [...calls, ['direct', 0] as const]) {
      const server = servers[s]!;
      for (const r of f === 'direct' ? c.direct : c.functions[f]) {
        const name = TOOL_NAMES[r.name]!;
        const registered = (server as unknown as { _registeredTools: Record<string, unknown> })._registeredTools;
        const before = registered[name];
        try {
          register(server, r, name);
        } catch (error) {
          if (!String(error).includes(`Tool ${name} is already registered`)) throw error;
          events.push(`${labels[s]!}:${name}:throws`);
          continue;
        }
        if (before !== undefined && registered[name] !== before) events.push(`${labels[s]!}:${name}:replaces`);
      }
    }
  } finally {
    warn.mockRestore();
  }
  return events;
}

const result = async (): Promise<{ content: Array<{ type: 'text'; text: string }> }> => ({ content: [{ type: 'text', text: 'ok' }] });
const task = { taskId: 't', status: 'working' as const, ttl: null, createdAt: '', lastUpdatedAt: '' };

function register(server: McpServer, r: Registration, name: string): void {
  switch (r.form) {
    case 'registerTool':
      server.registerTool(name, { description: 'A tool.', inputSchema: { q: z.string() } }, result);
      return;
    case 'tool':
      server.tool(name, result);
      return;
    case 'tool-described':
      server.tool(name, 'A tool.', { q: z.string() }, result);
      return;
    case 'registerToolTask':
      server.experimental.tasks.registerToolTask(
        name,
        { description: 'A task.', inputSchema: { q: z.string() } },
        { createTask: async () => ({ task }), getTask: async () => task, getTaskResult: async () => ({ content: [] }) },
      );
      return;
  }
}

const OUTCOME: Record<string, Outcome> = { mcpDuplicateRegistration: 'throws', mcpReplacedRegistration: 'replaces' };

async function compare(c: Config, findings: readonly Finding[]): Promise<Verdict> {
  const events = sortedNames(new Set(live(c)));
  const reported = sortedNames(
    new Set(
      findings
        .filter((f) => f.ruleId === 'no-tool-name-collision')
        .map((f) => `${String(f.data.server).replace(/^"|"$/g, '')}:${String(f.data.name)}:${OUTCOME[f.messageId] ?? f.messageId}`),
    ),
  );
  if (JSON.stringify(events) !== JSON.stringify(reported)) {
    return Promise.resolve({ disagree: `the SDK does ${JSON.stringify(events)}; no-tool-name-collision reports ${JSON.stringify(reported)}` });
  }
  const outcomes = new Set(events.map((e) => e.slice(e.lastIndexOf(':') + 1)));
  return Promise.resolve({ agree: outcomes.size === 0 ? 'registers' : [...outcomes].sort().join(' and ') });
}

// About 30 s on a busy 2-core machine.
const CASES = 400;

describe('MCP SDK v1: the static verdict is what registration does', () => {
  it(`${String(CASES)} generated servers`, { timeout: 180_000 }, async () => {
    const outcomes = await runOracle({ framework: '@modelcontextprotocol/sdk 1.32.2', model: config, emit, compare, numRuns: CASES });
    expect(Object.keys(outcomes).sort()).toEqual(['registers', 'replaces', 'replaces and throws', 'throws']);
  });
});
