// Differential oracle against the Claude Agent SDK's in-process MCP servers: generated
// `createSdkMcpServer({ name, tools: [...] })` calls whose tools are made with `tool(name, ...)` in
// two modules (names from a constants module), listed by imported binding, inline, or through a
// spread of an exported list. Each server is created live from the same lists: the names the SDK
// throws "Tool x is already registered" on are exactly those no-tool-name-collision reports. (`query()` starts the Claude Code binary, so the prefixed names the model sees
// are checked from declarations only: fixtures/frameworks/claude-agent-sdk.)
import { createSdkMcpServer, tool } from '@anthropic-ai/claude-agent-sdk';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Finding } from '../../src/checks/index.js';
import { runOracle, sortedNames, type SourceFiles, type Verdict } from './harness.js';

const TOOL_NAMES = ['search', 'lookup_order', 'refund-order'] as const;
const SERVER_NAMES = ['orders', 'help'] as const;

interface Def {
  name: number;
  written: 'literal' | 'constant';
}
type Entry = { from: 'module'; module: 0 | 1; index: number } | { from: 'inline'; def: Def } | { from: 'spread'; module: 0 | 1 };
interface Config {
  /** Tools exported by modules 0 and 1 (`t0`, `t1`, ...), and each module's `all` list of them. */
  modules: [Def[], Def[]];
  /** One list of entries per server. */
  servers: Array<{ name: string; tools: Entry[] }>;
}

const def = fc.record({ name: fc.nat({ max: TOOL_NAMES.length - 1 }), written: fc.constantFrom('literal' as const, 'constant' as const) });

const config: fc.Arbitrary<Config> = fc
  .record({
    modules: fc.tuple(fc.array(def, { minLength: 1, maxLength: 3 }), fc.array(def, { minLength: 1, maxLength: 2 })),
    servers: fc.array(
      fc.record({
        name: fc.constantFrom(...SERVER_NAMES),
        tools: fc.array(
          fc.oneof(
            fc.record({ from: fc.constant('module' as const), module: fc.constantFrom(0 as const, 1 as const), index: fc.nat({ max: 2 }) }),
            fc.record({ from: fc.constant('inline' as const), def }),
            fc.record({ from: fc.constant('spread' as const), module: fc.constantFrom(0 as const, 1 as const) }),
          ),
          { maxLength: 4 },
        ),
      }),
      { minLength: 1, maxLength: 2 },
    ),
  })
  .map((raw) => ({
    ...raw,
    servers: raw.servers.map((server) => ({
      ...server,
      tools: server.tools.map((e): Entry => (e.from === 'module' ? { ...e, index: e.index % raw.modules[e.module].length } : e)),
    })),
  }));

const q = (s: string): string => JSON.stringify(s);
const constantName = (i: number): string => `TOOL_${String(i)}`;

// ---------------------------------------------------------------- the model as source

function emitTool(d: Def): string {
  const name = d.written === 'constant' ? `names.${constantName(d.name)}` : q(TOOL_NAMES[d.name]!);
  return `tool(${name}, 'A tool.', { q: z.string() }, async () => ({ content: [{ type: 'text', text: 'ok' }] }))`;
}

function emit(c: Config): SourceFiles {
  const files: SourceFiles = { 'src/names.ts': TOOL_NAMES.map((name, i) => `export const ${constantName(i)} = ${q(name)};\n`).join('') };
  c.modules.forEach((defs, m) => {
    files[`src/tools-${String(m)}.ts`] = [
      `import { tool } from '@anthropic-ai/claude-agent-sdk';`,
      `import { z } from 'zod';`,
      `import * as names from './names.js';`,
      '',
      ...defs.map((d, i) => `export const t${String(i)} = ${emitTool(d)};`),
      `export const all = [${defs.map((_, i) => `t${String(i)}`).join(', ')}];`,
      '',
    ].join('\n');
  });
  const entry = (e: Entry): string => (e.from === 'module' ? `m${String(e.module)}.t${String(e.index)}` : e.from === 'spread' ? `...m${String(e.module)}.all` : emitTool(e.def));
  files['src/servers.ts'] = [
    `import { createSdkMcpServer, tool } from '@anthropic-ai/claude-agent-sdk';`,
    `import { z } from 'zod';`,
    `import * as names from './names.js';`,
    `import * as m0 from './tools-0.js';`,
    `import * as m1 from './tools-1.js';`,
    '',
    ...c.servers.map((s, i) => `export const server${String(i)} = createSdkMcpServer({ name: ${q(s.name)}, version: '1.0.0', tools: [${s.tools.map(entry).join(', ')}] });`),
    '',
  ].join('\n');
  return files;
}

// ---------------------------------------------------------------- the model on live servers

const handler = async (): Promise<{ content: Array<{ type: 'text'; text: string }> }> => ({ content: [{ type: 'text', text: 'ok' }] });
const liveTool = (d: Def) => tool(TOOL_NAMES[d.name]!, 'A tool.', { q: z.string() }, handler);

/**
 * `server:name` for every name a server's creation throws on. The SDK stops at the first
 * duplicate: the element it stopped at (the second of that name, as it registers in order) is
 * taken out and the server created again, until it is created.
 */
function live(c: Config): string[] {
  const modules = c.modules.map((defs) => defs.map(liveTool));
  const events: string[] = [];
  for (const server of c.servers) {
    const tools = server.tools.flatMap((e) => (e.from === 'module' ? [modules[e.module]![e.index]!] : e.from === 'spread' ? modules[e.module]! : [liveTool(e.def)]));
    for (;;) {
      try {
        createSdkMcpServer({ name: server.name, version: '1.0.0', tools });
        break;
      } catch (error) {
        const name = /Tool (.+) is already registered/.exec(String(error))?.[1];
        if (name === undefined) throw error;
        events.push(`${server.name}:${name}`);
        const second = tools.findIndex((t, i) => t.name === name && tools.slice(0, i).some((u) => u.name === name));
        tools.splice(second, 1);
      }
    }
  }
  return events;
}

async function compare(c: Config, findings: readonly Finding[]): Promise<Verdict> {
  const reported = sortedNames(new Set(reportedNames(findings)));
  const events = sortedNames(new Set(live(c)));
  if (JSON.stringify(events) !== JSON.stringify(reported)) {
    return Promise.resolve({ disagree: `the SDK throws for ${JSON.stringify(events)}; no-tool-name-collision reports ${JSON.stringify(reported)}` });
  }
  return Promise.resolve({ agree: events.length === 0 ? 'created' : 'throws' });
}

/** `server:name` for each duplicate registration reported. */
function reportedNames(findings: readonly Finding[]): string[] {
  return findings
    .filter((f) => f.ruleId === 'no-tool-name-collision' && f.messageId === 'mcpDuplicateRegistration')
    .map((f) => `${String(f.data.server).replace(/^"|"$/g, '')}:${String(f.data.name)}`);
}

const CASES = 300;

describe('Claude Agent SDK: the static verdict is what createSdkMcpServer does', () => {
  it(`${String(CASES)} generated servers`, { timeout: 240_000 }, async () => {
    const outcomes = await runOracle({ framework: '@anthropic-ai/claude-agent-sdk 0.3.333', model: config, emit, compare, numRuns: CASES });
    expect(Object.keys(outcomes).sort()).toEqual(['created', 'throws']);
  });
});
