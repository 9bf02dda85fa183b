// Scaling of the whole-project analyzer: generates synthetic projects of N modules (tool modules,
// agents that spread tools from other modules and hand off to each other, MCP servers, barrels,
// plain utility code), runs analyzeProject on each, and prints milliseconds per phase and per file
// so linear growth can be checked by eye. Not a test: numbers depend on the machine.
//
// Run from the repository root (Node 20 has no TypeScript loader, so compile this one file first;
// it loads the analyzer from dist/):
//   npx tsc -p tsconfig.build.json
//   npx tsc --ignoreConfig --module nodenext --target es2023 --types node --outDir /tmp/tia-bench-analyzer bench/analyze.ts
//   node /tmp/tia-bench-analyzer/analyze.js [--sizes 100,400,1600] [--runs 3] [--keep]
//
// Each size: one warm-up run, then `--runs` cold runs (no cache) and one run on a warm facts cache;
// medians are printed. `--keep` leaves the generated projects in the temp directory.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

type Phase = 'discover' | 'parse' | 'extract' | 'link' | 'check';
const PHASES: readonly Phase[] = ['discover', 'parse', 'extract', 'link', 'check'];

/** The slice of the built analyzer and checks this script uses (kept local so only this file compiles). */
interface AnalyzerModule {
  analyzeProject(options: { cwd: string; rules: Record<string, unknown>; cacheLocation?: string }): Promise<{
    findings: unknown[];
    diagnostics: unknown[];
    filesAnalyzed: number;
    timings: Record<Phase, number>;
    cache: { hits: number; misses: number };
  }>;
}
interface ChecksModule {
  ruleIds: readonly string[];
  ruleOptions(id: string): unknown;
  catalog: Record<string, { defaultSeverity: string }>;
}

interface Options {
  repo: string;
  sizes: number[];
  runs: number;
  keep: boolean;
}

function parseArgs(argv: string[]): Options {
  const get = (flag: string): string | undefined => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const repo = path.resolve(get('--repo') ?? process.cwd());
  const sizes = (get('--sizes') ?? '100,400,1600').split(',').map((s) => Number.parseInt(s, 10));
  if (sizes.some((n) => !Number.isInteger(n) || n < 4)) throw new Error('--sizes: comma-separated integers >= 4');
  const runs = Number.parseInt(get('--runs') ?? '3', 10);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs: a positive integer');
  return { repo, sizes, runs, keep: argv.includes('--keep') };
}

const toolModule = (i: number): string => `// Tools of area ${i}.
import { tool } from '@openai/agents';
import { z } from 'zod';
import { NAMES } from './names.js';

export const find${i} = tool({
  name: 'find_${i}',
  description: 'Find records of area ${i}.',
  parameters: z.object({ query: z.string(), limit: z.number().int().default(10) }),
  execute: async ({ query, limit }) => fetch(\`https://example.test/${i}?q=\${encodeURIComponent(query)}&limit=\${limit}\`).then((r) => r.json()),
});

export const get${i} = tool({
  name: \`get_${i}\`,
  description: 'Get one record of area ${i}.',
  parameters: z.object({ id: z.string() }),
  execute: async ({ id }) => ({ id, area: ${i} }),
});

export const update${i} = tool({
  name: NAMES.update${i % 8},
  description: 'Update a record of area ${i}.',
  parameters: z.object({ id: z.string(), patch: z.record(z.string(), z.string()) }),
  needsApproval: true,
  execute: async ({ id, patch }) => ({ id, patch }),
});

export const tools${i} = [find${i}, get${i}];
export const writeTools${i} = [update${i}];
`;

const agentModule = (i: number, toolA: number, toolB: number | undefined, previousAgent: number | undefined): string => `// Agent ${i}.
import { Agent, handoff } from '@openai/agents';
import { tools${toolA}, writeTools${toolA} } from './m${toolA}.js';
${toolB === undefined ? '' : `import { tools${toolB} } from './barrel${toolB}.js';\n`}${previousAgent === undefined ? '' : `import { agent${previousAgent} } from './m${previousAgent}.js';\n`}
export const agent${i} = new Agent({
  name: 'agent_${i}',
  instructions: 'Help with area ${toolA}.',
  tools: [...tools${toolA}, ...writeTools${toolA}${toolB === undefined ? '' : `, ...tools${toolB}`}${i % 40 === 1 ? `, ...tools${toolA}.map((t) => t)` : ''}],
  handoffs: [${previousAgent === undefined ? '' : `agent${previousAgent}, handoff(agent${previousAgent}, { toolNameOverride: 'escalate_${i}' })`}],
});

export function describeAgent${i}(verbose: boolean): string {
  const names = agent${i}.tools.map((t) => t.name);
  return verbose ? \`\${agent${i}.name}: \${names.join(', ')}\` : agent${i}.name;
}
`;

/** Every 10th agent-slot gets a second `find_<k>` from another module: a real collision to report. */
const collidingModule = (i: number, toolA: number): string => `// Duplicate tool names, on purpose.
import { Agent, tool } from '@openai/agents';
import { z } from 'zod';
import { tools${toolA} } from './m${toolA}.js';

const findAgain = tool({
  name: 'find_${toolA}',
  description: 'Another search for area ${toolA}.',
  parameters: z.object({ query: z.string() }),
  execute: async ({ query }) => query,
});

export const agent${i} = new Agent({ name: 'agent_${i}', instructions: 'x', tools: [...tools${toolA}, findAgain] });
`;

const mcpModule = (i: number): string => `// MCP server ${i}.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

export function register${i}(server: McpServer): void {
  server.registerTool('list_${i}', { description: 'List ${i}', inputSchema: { page: z.number() } }, async ({ page }) => ({
    content: [{ type: 'text', text: String(page) }],
  }));
  server.registerTool('show_${i}', { description: 'Show ${i}', inputSchema: { id: z.string() } }, async ({ id }) => ({
    content: [{ type: 'text', text: id }],
  }));
}

export const server${i} = new McpServer({ name: 'server-${i}', version: '1.0.0' });
register${i}(server${i});
`;

const utilityModule = (i: number): string => `// Plain application code, no framework import (the extractor's pre-filter path).
export interface Record${i} {
  id: string;
  createdAt: Date;
  tags: string[];
  amount: number;
}

export class Repository${i} {
  private readonly items = new Map<string, Record${i}>();

  add(item: Record${i}): void {
    if (this.items.has(item.id)) throw new Error(\`duplicate \${item.id}\`);
    this.items.set(item.id, item);
  }

  byTag(tag: string): Record${i}[] {
    return [...this.items.values()].filter((item) => item.tags.includes(tag)).sort((a, b) => a.amount - b.amount);
  }

  total(): number {
    let sum = 0;
    for (const item of this.items.values()) sum += item.amount;
    return Math.round(sum * 100) / 100;
  }
}

export function format${i}(item: Record${i}, locale = 'en-GB'): string {
  const date = item.createdAt.toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' });
  return \`\${item.id} (\${date}): \${item.amount.toFixed(2)} [\${item.tags.join(', ')}]\`;
}

export const defaults${i}: Readonly<Record${i}> = Object.freeze({ id: 'none', createdAt: new Date(0), tags: [], amount: 0 });
`;

const barrelModule = (toolModuleIndex: number): string => `export { tools${toolModuleIndex}, writeTools${toolModuleIndex} } from './m${toolModuleIndex}.js';\n`;

const namesModule = `export const NAMES = {
${Array.from({ length: 8 }, (_, k) => `  update${k}: 'update_${k}',`).join('\n')}
} as const;
`;

/**
 * N modules: a quarter each tool modules, agents, MCP/utility modules, barrels. Agents spread tools
 * from their own area and (through a barrel) an earlier one, and hand off to the previous agent.
 */
function generate(dir: string, n: number): void {
  const write = (rel: string, text: string): void => {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  };
  write('tsconfig.json', JSON.stringify({ compilerOptions: { strict: true, module: 'nodenext' }, include: ['src'] }));
  write('src/names.ts', namesModule);
  let lastAgent: number | undefined;
  let written = 1;
  for (let i = 0; written < n; i++) {
    const kind = i % 4;
    const toolA = i - (i % 4); // the tool module of this group of four
    if (kind === 0) write(`src/m${i}.ts`, toolModule(i));
    else if (kind === 1) {
      const toolB = toolA >= 8 ? toolA - 8 : undefined;
      if (i % 40 === 1 && i > 1) write(`src/m${i}.ts`, collidingModule(i, toolA));
      else {
        write(`src/m${i}.ts`, agentModule(i, toolA, toolB, lastAgent));
        lastAgent = i;
      }
    } else if (kind === 2) write(`src/m${i}.ts`, i % 8 === 2 ? mcpModule(i) : utilityModule(i));
    else write(`src/barrel${toolA}.ts`, barrelModule(toolA));
    written++;
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

const pad = (value: string | number, width: number): string => String(value).padStart(width);
const ms = (value: number): string => value.toFixed(1);

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const distAnalyzer = path.join(options.repo, 'dist/src/analyzer/index.js');
  if (!fs.existsSync(distAnalyzer)) throw new Error(`${distAnalyzer} is missing: run \`npx tsc -p tsconfig.build.json\` first`);
  const analyzer = (await import(pathToFileURL(distAnalyzer).href)) as AnalyzerModule;
  const checks = (await import(pathToFileURL(path.join(options.repo, 'dist/src/checks/index.js')).href)) as ChecksModule;
  const rules: Record<string, unknown> = {};
  for (const id of checks.ruleIds) if (checks.catalog[id]?.defaultSeverity !== 'off') rules[id] = checks.ruleOptions(id);

  console.log(`node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), ${options.runs} runs per size, medians`);
  console.log(
    [pad('files', 6), ...PHASES.map((p) => pad(p, 9)), pad('total', 9), pad('ms/file', 8), pad('cached', 9), pad('findings', 9), pad('heapMB', 7)].join(' '),
  );
  for (const n of options.sizes) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `tia-analyzer-bench-${n}-`));
    try {
      generate(dir, n);
      await analyzer.analyzeProject({ cwd: dir, rules }); // warm-up (JIT, module loading)
      const totals: number[] = [];
      const phases: Record<Phase, number[]> = { discover: [], parse: [], extract: [], link: [], check: [] };
      let last: Awaited<ReturnType<AnalyzerModule['analyzeProject']>> | undefined;
      for (let run = 0; run < options.runs; run++) {
        const start = performance.now();
        last = await analyzer.analyzeProject({ cwd: dir, rules });
        totals.push(performance.now() - start);
        for (const phase of PHASES) phases[phase].push(last.timings[phase]);
      }
      const cacheLocation = path.join(dir, '.cache/');
      await analyzer.analyzeProject({ cwd: dir, rules, cacheLocation });
      const cachedStart = performance.now();
      const cached = await analyzer.analyzeProject({ cwd: dir, rules, cacheLocation });
      const cachedMs = performance.now() - cachedStart;
      if (cached.cache.misses !== 0) throw new Error(`warm cache missed ${cached.cache.misses} files`);
      const files = last?.filesAnalyzed ?? 0;
      const total = median(totals);
      console.log(
        [
          pad(files, 6),
          ...PHASES.map((p) => pad(ms(median(phases[p])), 9)),
          pad(ms(total), 9),
          pad((total / files).toFixed(3), 8),
          pad(ms(cachedMs), 9),
          pad(last?.findings.length ?? 0, 9),
          pad(Math.round(process.memoryUsage().heapUsed / 2 ** 20), 7),
        ].join(' '),
      );
      if ((last?.diagnostics.length ?? 0) > 0) console.log(`  (${last?.diagnostics.length} diagnostics: the generator wrote invalid code)`);
    } finally {
      if (options.keep) console.log(`  kept ${dir}`);
      else fs.rmSync(dir, { recursive: true, force: true });
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
