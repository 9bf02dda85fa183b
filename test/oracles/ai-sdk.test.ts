// Differential oracle against the Vercel AI SDK (`ai` 6.x, the last major that runs on Node 20):
// generated `tools` records as its users merge them (records exported from two modules, records
// spreading other records, keys written as identifiers, strings, computed constants or shorthand,
// spreads and `Object.assign` in the call, a ToolLoopAgent or generateText) are analysed as source
// and built as live records given to the SDK with a mock model from `ai/test` that records the
// tools it is sent. Every tool a record lists but the model is not sent (a key lost to a later one)
// is reported by no-tool-name-collision, once per lost entry and under its name, and nothing else is.
import { generateText, jsonSchema, tool, ToolLoopAgent, type Tool } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../src/checks/index.js';
import { runOracle, sortedNames, type SourceFiles, type Verdict } from './harness.js';

const KEYS = ['search', 'fetchPage', 'get-ticket', 'lookup'] as const;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

type KeyStyle = 'identifier' | 'string' | 'computed' | 'shorthand';
/** A record entry: a tool under a key (an exported tool, or one defined in place), or a spread record. */
type Entry = { key: number; style: KeyStyle; def: number | 'inline' } | { spread: number };
interface RecordModel {
  module: 0 | 1;
  /** `export const r = { ... }`, `export function r() { return { ... }; }`, or `Object.assign({}, ...)`. */
  form: 'const' | 'function' | 'assign';
  entries: Entry[];
}
interface Config {
  /** Exported tools: the module each is defined in. */
  defs: Array<0 | 1>;
  records: RecordModel[];
  main: Entry[];
  merge: 'literal' | 'assign' | 'variable';
  call: 'generateText' | 'agent';
}

const entry = (records: number): fc.Arbitrary<Entry> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.record({ key: fc.constantFrom(0, 0, 1, 2, 3), style: fc.constantFrom<KeyStyle>('identifier', 'string', 'computed', 'shorthand'), def: fc.oneof(fc.nat({ max: 3 }), fc.constant('inline' as const)) }) },
    { weight: 2, arbitrary: fc.record({ spread: fc.nat({ max: records }) }) },
  );

const raw = fc.record({
  defs: fc.array(fc.constantFrom(0 as const, 1 as const), { maxLength: 4 }),
  records: fc.array(
    fc.record({ module: fc.constantFrom(0 as const, 1 as const), form: fc.constantFrom('const' as const, 'function' as const, 'assign' as const), entries: fc.array(entry(3), { minLength: 1, maxLength: 3 }) }),
    { minLength: 1, maxLength: 3 },
  ),
  main: fc.array(entry(3), { minLength: 2, maxLength: 4 }),
  merge: fc.constantFrom('literal' as const, 'assign' as const, 'variable' as const),
  call: fc.constantFrom('generateText' as const, 'agent' as const),
});

/**
 * Made valid: a spread names an existing record (a record only earlier ones, of its own module or
 * imported, so there are no cycles), an exported tool exists (else the tool is defined in place),
 * shorthand only in main and for identifier keys (`const search = tool3;` then `{ search }`), and
 * one object literal never writes the same key twice.
 */
const config: fc.Arbitrary<Config> = raw.map((r) => {
  const fix = (entries: Entry[], spreadable: number, shorthand: boolean): Entry[] => {
    const seen = new Set<number>();
    const out: Entry[] = [];
    for (const e of entries) {
      if ('spread' in e) {
        if (spreadable > 0) out.push({ spread: e.spread % spreadable });
        continue;
      }
      if (seen.has(e.key)) continue;
      seen.add(e.key);
      const def = e.def === 'inline' || r.defs.length === 0 ? 'inline' : e.def % r.defs.length;
      const style = e.style === 'shorthand' && (!shorthand || !IDENTIFIER.test(KEYS[e.key]!) || def === 'inline') ? 'identifier' : e.style;
      out.push({ key: e.key, style, def });
    }
    return out;
  };
  return {
    ...r,
    records: r.records.map((record, i) => ({ module: record.module, form: record.form, entries: fix(record.entries, i, false) })),
    main: fix(r.main, r.records.length, true),
  };
});

const q = (s: string): string => JSON.stringify(s);
const TOOL_OPTIONS = (label: string): string => `{ description: ${q(label)}, inputSchema: z.object({ q: z.string() }), execute: async () => 'ok' }`;

// ---------------------------------------------------------------- the model as source

/** Names the emitter gives: `tool<i>`, `records<i>`, inline tools labelled by their place. */
class Emitter {
  readonly imports = new Map<string, Set<string>>();
  constructor(
    readonly c: Config,
    readonly here: 0 | 1 | 'main',
  ) {}

  use(binding: string, module: 0 | 1): void {
    if (module === this.here) return;
    const from = `./tools-${String(module)}.js`;
    if (!this.imports.has(from)) this.imports.set(from, new Set());
    this.imports.get(from)!.add(binding);
  }

  entry(e: Entry, where: string): string {
    if ('spread' in e) {
      const record = this.c.records[e.spread]!;
      this.use(`records${String(e.spread)}`, record.module);
      return `...records${String(e.spread)}${record.form === 'function' ? '()' : ''}`;
    }
    const key = KEYS[e.key]!;
    let value: string;
    if (e.def === 'inline') value = `tool(${TOOL_OPTIONS(inlineLabel(where, e.key))})`;
    else {
      this.use(`tool${String(e.def)}`, this.c.defs[e.def]!);
      value = `tool${String(e.def)}`;
    }
    switch (e.style) {
      case 'identifier':
        return IDENTIFIER.test(key) ? `${key}: ${value}` : `${q(key)}: ${value}`;
      case 'string':
        return `${q(key)}: ${value}`;
      case 'computed':
        this.imports.set('./names.js', new Set(['*']));
        return `[names.KEY_${String(e.key)}]: ${value}`;
      case 'shorthand':
        // `{ search }`: the exported tool imported (or bound) under the key's name.
        return key;
    }
  }

  header(): string[] {
    const lines = [`import { tool } from 'ai';`, `import { z } from 'zod';`];
    for (const [from, bindings] of [...this.imports].sort(([a], [b]) => a.localeCompare(b))) {
      lines.push(bindings.has('*') ? `import * as names from '${from}';` : `import { ${[...bindings].sort().join(', ')} } from '${from}';`);
    }
    return lines;
  }
}

const inlineLabel = (where: string, key: number): string => `${where} ${KEYS[key]!}`;
const defLabel = (d: number): string => `tool ${String(d)}`;

/** Shorthand entries need a binding named as the key: `const search = tool3;`. */
function shorthandBindings(entries: readonly Entry[]): string[] {
  return entries.flatMap((e) => ('style' in e && e.style === 'shorthand' && e.def !== 'inline' ? [`const ${KEYS[e.key]!} = tool${String(e.def)};`] : []));
}

function emit(c: Config): SourceFiles {
  const files: SourceFiles = { 'src/names.ts': KEYS.map((k, i) => `export const KEY_${String(i)} = ${q(k)};\n`).join('') };
  for (const module of [0, 1] as const) {
    const e = new Emitter(c, module);
    const body: string[] = [];
    c.defs.forEach((m, d) => {
      if (m === module) body.push(`export const tool${String(d)} = tool(${TOOL_OPTIONS(defLabel(d))});`);
    });
    c.records.forEach((record, i) => {
      if (record.module !== module) return;
      const value = record.form === 'assign' ? assignOf(e, record.entries, `records ${String(i)}`) : `{ ${record.entries.map((x) => e.entry(x, `records ${String(i)}`)).join(', ')} }`;
      body.push(record.form === 'function' ? `export function records${String(i)}() {\n  return ${value};\n}` : `export const records${String(i)} = ${value};`);
    });
    files[`src/tools-${String(module)}.ts`] = [...e.header(), '', ...body, ''].join('\n');
  }
  files['src/main.ts'] = emitMain(c);
  return files;
}

/** `Object.assign({}, ...)`: own entries between spreads become one literal argument each. */
function assignOf(e: Emitter, entries: readonly Entry[], where: string): string {
  const args: string[] = ['{}'];
  let own: string[] = [];
  const flush = (): void => {
    if (own.length > 0) args.push(`{ ${own.join(', ')} }`);
    own = [];
  };
  for (const x of entries) {
    if ('spread' in x) {
      flush();
      args.push(e.entry(x, where).slice(3));
    } else own.push(e.entry(x, where));
  }
  flush();
  return `Object.assign(${args.join(', ')})`;
}

function emitMain(c: Config): string {
  const e = new Emitter(c, 'main');
  let tools: string;
  if (c.merge === 'assign') {
    tools = assignOf(e, c.main, 'main');
  } else tools = `{ ${c.main.map((x) => e.entry(x, 'main')).join(', ')} }`;
  const body = [...shorthandBindings(c.main)];
  if (c.merge === 'variable') {
    body.push(`const tools = ${tools};`);
    tools = 'tools';
  }
  const header = e.header().map((line) => line.replace(`import { tool } from 'ai';`, `import { ${c.call === 'agent' ? 'ToolLoopAgent' : 'generateText'}, tool } from 'ai';`));
  header.push(`import type { LanguageModel } from 'ai';`, '', 'declare const model: LanguageModel;');
  const call =
    c.call === 'agent'
      ? `export const agent = new ToolLoopAgent({ model, tools: ${tools} });`
      : `export const answer = await generateText({ model, prompt: 'Help.', tools: ${tools} });`;
  return [...header, ...body, call, ''].join('\n');
}

// ---------------------------------------------------------------- the model as live records

type Listed = Array<{ name: string; label: string }>;

/** The records built as JavaScript builds them, and every (key, tool) entry they list, spreads followed. */
function build(c: Config): { tools: Record<string, Tool>; listed: Listed } {
  const defs = c.defs.map((_, d) => liveTool(defLabel(d)));
  const records: Array<{ value: Record<string, Tool>; listed: Listed }> = [];
  const assemble = (entries: readonly Entry[], where: string, assign: boolean): { value: Record<string, Tool>; listed: Listed } => {
    const parts: Array<Record<string, Tool>> = [];
    const listed: Listed = [];
    for (const x of entries) {
      if ('spread' in x) {
        parts.push(records[x.spread]!.value);
        listed.push(...records[x.spread]!.listed);
        continue;
      }
      const label = x.def === 'inline' ? inlineLabel(where, x.key) : defLabel(x.def);
      const value = x.def === 'inline' ? liveTool(label) : defs[x.def]!;
      parts.push({ [KEYS[x.key]!]: value });
      listed.push({ name: KEYS[x.key]!, label });
    }
    const value = assign ? Object.assign({}, ...parts) : parts.reduce<Record<string, Tool>>((acc, part) => ({ ...acc, ...part }), {});
    return { value, listed };
  };
  c.records.forEach((record, i) => records.push(assemble(record.entries, `records ${String(i)}`, record.form === 'assign')));
  const main = assemble(c.main, 'main', c.merge === 'assign');
  return { tools: main.value, listed: main.listed };
}

function liveTool(label: string): Tool {
  return tool({ description: label, inputSchema: jsonSchema<{ q: string }>({ type: 'object', properties: { q: { type: 'string' } } }), execute: async () => 'ok' });
}

/** What the mock model is sent: each tool's name and description. */
async function sent(c: Config, tools: Record<string, Tool>): Promise<Listed> {
  const calls: Listed[] = [];
  const model = new MockLanguageModelV3({
    doGenerate: async (options) => {
      calls.push((options.tools ?? []).map((t) => ({ name: t.name, label: t.type === 'function' ? (t.description ?? '') : '' })));
      return {
        content: [{ type: 'text', text: 'done' }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } },
        warnings: [],
      };
    },
  });
  if (c.call === 'agent') await new ToolLoopAgent({ model, tools }).generate({ prompt: 'Help.' });
  else await generateText({ model, prompt: 'Help.', tools });
  return calls[0]!;
}

async function compare(c: Config, findings: readonly Finding[]): Promise<Verdict> {
  const { tools, listed } = build(c);
  const delivered = new Set((await sent(c, tools)).map((t) => `${t.name}\u0000${t.label}`));
  // One tool under one key is one entry, however many spreads bring it in.
  const entries = new Map(listed.map((t) => [`${t.name}\u0000${t.label}`, t.name]));
  const lost = sortedNames([...entries].filter(([id]) => !delivered.has(id)).map(([, name]) => name));
  const reported = sortedNames(findings.filter((f) => f.ruleId === 'no-tool-name-collision').map((f) => String(f.data.name)));
  if (JSON.stringify(lost) !== JSON.stringify(reported)) {
    return { disagree: `the model is not sent ${JSON.stringify(lost)} of what the records list; no-tool-name-collision reports ${JSON.stringify(reported)}` };
  }
  return { agree: lost.length === 0 ? 'every entry sent' : 'entries lost' };
}

// About 30 s on a busy 2-core machine.
const CASES = 500;

describe('AI SDK 6: the static verdict is what the model is sent', () => {
  it(`${String(CASES)} generated tool records`, { timeout: 180_000 }, async () => {
    const outcomes = await runOracle({ framework: 'ai 6.0.326', model: config, emit, compare, numRuns: CASES });
    expect(Object.keys(outcomes).sort()).toEqual(['entries lost', 'every entry sent']);
  });
});
