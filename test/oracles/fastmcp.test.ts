// Differential oracle against fastmcp: generated servers whose tools are added by functions in two
// modules (`function addX(server: FastMCP)`), names from a constants module, with `addTool({...})`
// (inline or a `const` object) and `addTools([...])` (inline or a `const` array), one or two
// servers, a function called on several servers or twice on one. Each call is made on live FastMCP
// servers in the same order, and after each one an MCP client (in-memory transport) lists the
// server's tools: a tool of the name listed before and gone after was replaced, a name listed
// twice after a call that added it twice is listed twice. no-tool-name-collision must report
// exactly those, as mcpReplacedRegistration and mcpDuplicateListing.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import fc from 'fast-check';
import { FastMCP } from 'fastmcp';
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../src/checks/index.js';
import { runOracle, sortedNames, type SourceFiles, type Verdict } from './harness.js';

const TOOL_NAMES = ['search', 'get_page', 'open-ticket'] as const;
const SERVER_NAMES = ['handbook', 'tickets'] as const;

interface Entry {
  name: number;
  /** A literal or the constant of names.ts. */
  written: 'literal' | 'constant';
}
type Call =
  | { form: 'addTool'; tool: Entry; via: 'inline' | 'const' }
  | { form: 'addTools'; tools: Entry[]; via: 'inline' | 'const' };
interface Config {
  /** Two functions that add tools, in modules 0 and 1. */
  functions: [Call[], Call[]];
  servers: string[];
  /** Calls in main: [function, server], in order. */
  calls: Array<[0 | 1, number]>;
  /** Calls written in main on the first server, after the others. */
  direct: Call[];
}

const entry = fc.record({ name: fc.nat({ max: TOOL_NAMES.length - 1 }), written: fc.constantFrom('literal' as const, 'constant' as const) });
const call: fc.Arbitrary<Call> = fc.oneof(
  fc.record({ form: fc.constant('addTool' as const), tool: entry, via: fc.constantFrom('inline' as const, 'const' as const) }),
  fc.record({ form: fc.constant('addTools' as const), tools: fc.array(entry, { minLength: 1, maxLength: 3 }), via: fc.constantFrom('inline' as const, 'const' as const) }),
);

const config: fc.Arbitrary<Config> = fc
  .record({
    functions: fc.tuple(fc.array(call, { maxLength: 3 }), fc.array(call, { maxLength: 2 })),
    servers: fc.array(fc.constantFrom(...SERVER_NAMES), { minLength: 1, maxLength: 2 }),
    calls: fc.array(fc.tuple(fc.constantFrom(0 as const, 1 as const), fc.nat({ max: 1 })), { minLength: 1, maxLength: 3 }),
    direct: fc.array(call, { maxLength: 2 }),
  })
  .map((raw) => ({ ...raw, calls: raw.calls.map(([f, s]): [0 | 1, number] => [f, s % raw.servers.length]) }));

const q = (s: string): string => JSON.stringify(s);
const constantName = (i: number): string => `TOOL_${String(i)}`;

// ---------------------------------------------------------------- the model as source

function emit(c: Config): SourceFiles {
  const files: SourceFiles = { 'src/names.ts': TOOL_NAMES.map((name, i) => `export const ${constantName(i)} = ${q(name)};\n`).join('') };
  c.functions.forEach((calls, f) => {
    files[`src/tools-${String(f)}.ts`] = [
      `import type { FastMCP } from 'fastmcp';`,
      `import * as names from './names.js';`,
      '',
      `export function addTools${String(f)}(server: FastMCP): void {`,
      ...calls.flatMap((cl, i) => emitCall(cl, `t${String(i)}`)).map((line) => `  ${line}`),
      '}',
      '',
    ].join('\n');
  });
  files['src/main.ts'] = [
    `import { FastMCP } from 'fastmcp';`,
    `import * as names from './names.js';`,
    `import { addTools0 } from './tools-0.js';`,
    `import { addTools1 } from './tools-1.js';`,
    '',
    ...c.servers.map((name, s) => `export const server${String(s)} = new FastMCP({ name: ${q(name)}, version: '1.0.0' });`),
    ...c.calls.map(([f, s]) => `addTools${String(f)}(server${String(s)});`),
    // Written on the first server through a local alias.
    ...(c.direct.length > 0 ? ['const server = server0;', ...c.direct.flatMap((cl, i) => emitCall(cl, `d${String(i)}`))] : []),
    '',
  ].join('\n');
  return files;
}

function emitTool(e: Entry): string {
  const name = e.written === 'constant' ? `names.${constantName(e.name)}` : q(TOOL_NAMES[e.name]!);
  return `{ name: ${name}, description: 'A tool.', execute: async () => 'ok' }`;
}

function emitCall(cl: Call, local: string): string[] {
  const value = cl.form === 'addTool' ? emitTool(cl.tool) : `[${cl.tools.map(emitTool).join(', ')}]`;
  if (cl.via === 'inline') return [`server.${cl.form}(${value});`];
  return [`const ${local} = ${value};`, `server.${cl.form}(${local});`];
}

// ---------------------------------------------------------------- the model on live servers

/** The tools a client lists on `server` now: `name` and `description` (each tool's own id). */
async function listed(server: FastMCP): Promise<Array<{ name: string; description: string }>> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'oracle', version: '1.0.0' });
  const [session] = await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
  try {
    // A server with no tools offers no tools capability: nothing is listed.
    if (!client.getServerCapabilities()?.tools) return [];
    const { tools } = await client.listTools();
    return tools.map((tool) => ({ name: tool.name, description: tool.description ?? '' }));
  } finally {
    await client.close();
    await session.close();
  }
}

/**
 * What each call does on live servers, in main's order: `server:name:replaces` when a tool of a
 * name it adds was listed before and is gone after, `server:name:listed` when it added a name twice
 * and the name is then listed twice. An exported function main never calls is called once on a
 * server of its own (label `instance`), as a caller outside the project would.
 */
async function live(c: Config): Promise<string[]> {
  const labels = [...c.servers];
  const calls = [...c.calls];
  for (const f of [0, 1] as const) {
    if (!c.calls.some(([called]) => called === f)) calls.push([f, labels.push('instance') - 1]);
  }
  // No keep-alive pings, no roots request, no debug logging: one short in-memory session per listing.
  const quiet = { debug: () => undefined, error: () => undefined, info: () => undefined, log: () => undefined, warn: () => undefined };
  const servers = labels.map((name) => new FastMCP({ name, version: '1.0.0', ping: { enabled: false }, roots: { enabled: false }, logger: quiet }));
  const lists = new Map<FastMCP, Array<{ name: string; description: string }>>();
  const events: string[] = [];
  let id = 0;
  for (const [f, s] of [...calls, ['direct', 0] as const]) {
    const server = servers[s]!;
    for (const cl of f === 'direct' ? c.direct : c.functions[f]) {
      const entries = cl.form === 'addTool' ? [cl.tool] : cl.tools;
      const tools = entries.map((e) => ({ name: TOOL_NAMES[e.name]!, description: `tool ${String((id += 1))}`, execute: async () => 'ok' }));
      const before = lists.get(server) ?? [];
      if (cl.form === 'addTool') server.addTool(tools[0]!);
      else server.addTools(tools);
      const after = await listed(server);
      lists.set(server, after);
      for (const name of new Set(tools.map((tool) => tool.name))) {
        const gone = before.some((tool) => tool.name === name && !after.some((a) => a.description === tool.description));
        if (gone) events.push(`${labels[s]!}:${name}:replaces`);
        if (after.filter((tool) => tool.name === name).length > 1) events.push(`${labels[s]!}:${name}:listed`);
      }
    }
  }
  return events;
}

const OUTCOME: Record<string, string> = { mcpReplacedRegistration: 'replaces', mcpDuplicateListing: 'listed' };

async function compare(c: Config, findings: readonly Finding[]): Promise<Verdict> {
  const events = sortedNames(new Set(await live(c)));
  const reported = sortedNames(
    new Set(
      findings
        .filter((f) => f.ruleId === 'no-tool-name-collision')
        .map((f) => `${String(f.data.server).replace(/^"|"$/g, '')}:${String(f.data.name)}:${OUTCOME[f.messageId] ?? f.messageId}`),
    ),
  );
  if (JSON.stringify(events) !== JSON.stringify(reported)) {
    return { disagree: `fastmcp does ${JSON.stringify(events)}; no-tool-name-collision reports ${JSON.stringify(reported)}` };
  }
  const outcomes = new Set(events.map((e) => e.slice(e.lastIndexOf(':') + 1)));
  return { agree: outcomes.size === 0 ? 'adds' : [...outcomes].sort().join(' and ') };
}

// About 60 s on the busy 2-core machine (an in-memory MCP session per call).
const CASES = 150;

describe('fastmcp: the static verdict is what addTool and addTools do', () => {
  it(`${String(CASES)} generated servers`, { timeout: 240_000 }, async () => {
    const outcomes = await runOracle({ framework: 'fastmcp 4.20.16', model: config, emit, compare, numRuns: CASES });
    expect(Object.keys(outcomes).sort()).toEqual(['adds', 'listed', 'listed and replaces', 'replaces']);
  });
});
