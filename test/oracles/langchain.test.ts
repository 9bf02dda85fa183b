// Differential oracle against LangChain.js (@langchain/core 1.4, langchain 1.5): generated tools in
// the framework's forms (`tool(fn, { name })`, `new DynamicTool`, `new DynamicStructuredTool`, a
// class extending StructuredTool with a `name` field, instantiated where it is listed), names from a
// constants module, toolkits exported as arrays or returned by functions, and an agent
// (`createAgent`) or `model.bindTools` taking them with spreads, are analysed as source and built
// as live LangChain objects bound to a fake chat model that records the tools it receives. Nothing
// in LangChain rejects a duplicate: the names bound more than once are exactly the names
// no-tool-name-collision reports. A toolkit is a set of its own (its users bind it), so each is
// bound alone too.
import { tool, DynamicStructuredTool, DynamicTool, StructuredTool, type StructuredToolInterface } from '@langchain/core/tools';
import { FakeListChatModel } from '@langchain/core/utils/testing';
import fc from 'fast-check';
import { createAgent } from 'langchain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Finding } from '../../src/checks/index.js';
import { runOracle, sortedNames, type SourceFiles, type Verdict } from './harness.js';

const NAMES = ['search', 'fetch_page', 'get-ticket'] as const;

type Form = 'tool' | 'dynamic' | 'structured' | 'class' | 'subclass' | 'spec';
interface Def {
  name: number;
  /** `subclass`: extends the class of def `base`, with a name of its own or the inherited one; `spec`: a plain `{ name, description, schema }` (bindTools only). */
  form: Form;
  module: 0 | 1;
  constant: boolean;
  base: number;
  ownName: boolean;
}
interface Kit {
  module: 0 | 1;
  /** `export const kit = [...]`, or `export function kit() { return [...]; }` (fresh instances per call). */
  form: 'array' | 'function';
  members: number[];
}
type MainEntry = { def: number } | { kit: number };
interface Config {
  defs: Def[];
  kits: Kit[];
  main: MainEntry[];
  call: 'createAgent' | 'bindTools';
}

const config: fc.Arbitrary<Config> = fc
  .record({
    defs: fc.array(
      fc.record({
        name: fc.nat({ max: NAMES.length - 1 }),
        form: fc.constantFrom<Form>('tool', 'dynamic', 'structured', 'class', 'subclass', 'spec'),
        module: fc.constantFrom(0 as const, 1 as const),
        constant: fc.boolean(),
        base: fc.nat({ max: 4 }),
        ownName: fc.boolean(),
      }),
      { minLength: 1, maxLength: 5 },
    ),
    kits: fc.array(fc.record({ module: fc.constantFrom(0 as const, 1 as const), form: fc.constantFrom('array' as const, 'function' as const), members: fc.array(fc.nat({ max: 4 }), { minLength: 1, maxLength: 3 }) }), { maxLength: 2 }),
    main: fc.array(fc.oneof(fc.record({ def: fc.nat({ max: 4 }) }), fc.record({ kit: fc.nat({ max: 1 }) })), { minLength: 1, maxLength: 4 }),
    call: fc.constantFrom('createAgent' as const, 'bindTools' as const),
  })
  .map((raw) => ({
    ...raw,
    defs: raw.defs.reduce<Def[]>((defs, def) => {
      // A subclass extends an earlier tool class of its module; plain specs only go to bindTools.
      const bases = defs.flatMap((b, i) => (b.form === 'class' && b.module === def.module ? [i] : []));
      if (def.form === 'subclass') defs.push(bases.length === 0 ? { ...def, form: 'class' } : { ...def, base: bases[def.base % bases.length]! });
      else defs.push(def.form === 'spec' && raw.call === 'createAgent' ? { ...def, form: 'tool' } : def);
      return defs;
    }, []),
    kits: raw.kits.map((k) => ({ ...k, members: k.members.map((m) => m % raw.defs.length) })),
    main: raw.main.flatMap((e): MainEntry[] => ('def' in e ? [{ def: e.def % raw.defs.length }] : raw.kits.length === 0 ? [] : [{ kit: e.kit % raw.kits.length }])),
  }));

const q = (s: string): string => JSON.stringify(s);

// ---------------------------------------------------------------- the model as source

/** How a tool is listed: its binding, or a fresh instance of its class. */
const isClass = (def: Def): boolean => def.form === 'class' || def.form === 'subclass';
const listed = (d: number, def: Def): string => (isClass(def) ? `new Tool${String(d)}()` : `tool${String(d)}`);
const binding = (d: number, def: Def): string => (isClass(def) ? `Tool${String(d)}` : `tool${String(d)}`);

function emitDef(d: number, def: Def): string {
  const name = def.constant ? `names.NAME_${String(def.name)}` : q(NAMES[def.name]!);
  const description = q(`Tool ${String(d)}.`);
  switch (def.form) {
    case 'tool':
      return `export const tool${String(d)} = tool(async ({ q }) => q, { name: ${name}, description: ${description}, schema: z.object({ q: z.string() }) });`;
    case 'dynamic':
      return `export const tool${String(d)} = new DynamicTool({ name: ${name}, description: ${description}, func: async (input) => input });`;
    case 'structured':
      return `export const tool${String(d)} = new DynamicStructuredTool({ name: ${name}, description: ${description}, schema: z.object({ q: z.string() }), func: async ({ q }) => q });`;
    case 'spec':
      return `export const tool${String(d)} = { name: ${name}, description: ${description}, schema: z.object({ q: z.string() }) };`;
    case 'subclass':
      return [`export class Tool${String(d)} extends Tool${String(def.base)} {`, ...(def.ownName ? [`  name = ${name};`] : []), `}`].join('\n');
    case 'class':
      return [
        `export class Tool${String(d)} extends StructuredTool {`,
        `  name = ${name};`,
        `  description = ${description};`,
        `  schema = z.object({ q: z.string() });`,
        `  async _call({ q }: { q: string }): Promise<string> {`,
        `    return q;`,
        `  }`,
        `}`,
      ].join('\n');
  }
}

function emit(c: Config): SourceFiles {
  const files: SourceFiles = { 'src/names.ts': NAMES.map((name, i) => `export const NAME_${String(i)} = ${q(name)};\n`).join('') };
  for (const module of [0, 1] as const) {
    const imports = new Set<string>();
    const body: string[] = [];
    c.defs.forEach((def, d) => def.module === module && body.push(emitDef(d, def)));
    c.kits.forEach((kit, k) => {
      if (kit.module !== module) return;
      for (const m of kit.members) if (c.defs[m]!.module !== module) imports.add(binding(m, c.defs[m]!));
      const list = `[${kit.members.map((m) => listed(m, c.defs[m]!)).join(', ')}]`;
      body.push(kit.form === 'array' ? `export const kit${String(k)} = ${list};` : `export function kit${String(k)}() {\n  return ${list};\n}`);
    });
    files[`src/tools-${String(module)}.ts`] = [
      `import { tool, DynamicStructuredTool, DynamicTool, StructuredTool } from '@langchain/core/tools';`,
      `import { z } from 'zod';`,
      `import * as names from './names.js';`,
      ...(imports.size > 0 ? [`import { ${[...imports].sort().join(', ')} } from './tools-${String(1 - module)}.js';`] : []),
      '',
      ...body,
      '',
    ].join('\n');
  }
  files['src/main.ts'] = emitMain(c);
  return files;
}

function emitMain(c: Config): string {
  const from: [Set<string>, Set<string>] = [new Set(), new Set()];
  const entries = c.main.map((e) => {
    if ('def' in e) {
      const def = c.defs[e.def]!;
      from[def.module].add(binding(e.def, def));
      return listed(e.def, def);
    }
    const kit = c.kits[e.kit]!;
    from[kit.module].add(`kit${String(e.kit)}`);
    return kit.form === 'array' ? `...kit${String(e.kit)}` : `...kit${String(e.kit)}()`;
  });
  const imports = ([0, 1] as const).flatMap((m) => (from[m].size > 0 ? [`import { ${[...from[m]].sort().join(', ')} } from './tools-${String(m)}.js';`] : []));
  const tools = `[${entries.join(', ')}]`;
  return [
    c.call === 'createAgent' ? `import { createAgent } from 'langchain';` : `import { ChatOpenAI } from '@langchain/openai';`,
    ...imports,
    '',
    ...(c.call === 'createAgent'
      ? [`export const agent = createAgent({ model: 'openai:gpt-4.1', tools: ${tools} });`]
      : [`const model = new ChatOpenAI({ model: 'gpt-4.1' });`, `export const bound = model.bindTools(${tools});`]),
    '',
  ].join('\n');
}

// ---------------------------------------------------------------- the model as live LangChain objects

/** A chat model that answers with text and records the names of the tools each bindTools gets. */
class RecordingChatModel extends FakeListChatModel {
  readonly bound: string[][] = [];
  override bindTools(tools: Parameters<FakeListChatModel['bindTools']>[0]): ReturnType<FakeListChatModel['bindTools']> {
    this.bound.push(tools.map((t) => String((t as { name?: unknown }).name)));
    return super.bindTools(tools);
  }
}

type Live = () => StructuredToolInterface;

/** The class a generated tool class extends, with the fields every tool class sets. */
class NamedTool extends StructuredTool {
  name = '';
  description = '';
  schema = z.object({ q: z.string() });
  async _call({ q: input }: { q: string }): Promise<string> {
    return Promise.resolve(input);
  }
}
type LiveClass = typeof NamedTool;

function liveDefs(c: Config): Live[] {
  const classes: Array<LiveClass | undefined> = [];
  return c.defs.map((def, d): Live => {
    const name = NAMES[def.name]!;
    const description = `Tool ${String(d)}.`;
    const schema = z.object({ q: z.string() });
    switch (def.form) {
      case 'tool': {
        const made = tool(async ({ q: input }) => input, { name, description, schema });
        return () => made;
      }
      case 'dynamic': {
        const made = new DynamicTool({ name, description, func: async (input) => input });
        return () => made;
      }
      case 'structured': {
        const made = new DynamicStructuredTool({ name, description, schema, func: async ({ q: input }) => input });
        return () => made;
      }
      case 'spec': {
        const made = { name, description, schema } as unknown as StructuredToolInterface;
        return () => made;
      }
      case 'subclass': {
        const Base = classes[def.base]!;
        const Made: LiveClass = def.ownName
          ? class extends Base {
              override name = name;
            }
          : class extends Base {};
        classes[d] = Made;
        return () => new Made();
      }
      case 'class': {
        const Made = class extends NamedTool {
          override name = name;
          override description = description;
        };
        classes[d] = Made;
        return () => new Made();
      }
    }
  });
}

/** The tool lists each binding receives: main's, then every toolkit on its own. */
async function boundLists(c: Config): Promise<string[][]> {
  const defs = liveDefs(c);
  const kitList = (k: number): StructuredToolInterface[] => c.kits[k]!.members.map((m) => defs[m]!());
  const arrays = c.kits.map((kit, k) => (kit.form === 'array' ? kitList(k) : undefined));
  const kit = (k: number): StructuredToolInterface[] => arrays[k] ?? kitList(k);
  const tools = c.main.flatMap((e) => ('def' in e ? [defs[e.def]!()] : kit(e.kit)));
  const model = new RecordingChatModel({ responses: ['done'] });
  if (c.call === 'createAgent') await createAgent({ model, tools }).invoke({ messages: [{ role: 'user', content: 'Help.' }] });
  else await model.bindTools(tools).invoke('Help.');
  const alone = new RecordingChatModel({ responses: ['done'] });
  // Only a list of tools is a toolkit of its own; one holding a plain spec is data for some call.
  for (let k = 0; k < c.kits.length; k++) if (c.kits[k]!.members.every((m) => c.defs[m]!.form !== 'spec')) alone.bindTools(kit(k));
  return [...model.bound, ...alone.bound];
}

async function compare(c: Config, findings: readonly Finding[]): Promise<Verdict> {
  const duplicated = new Set<string>();
  for (const list of await boundLists(c)) {
    for (const name of list) if (list.indexOf(name) !== list.lastIndexOf(name)) duplicated.add(name);
  }
  const seen = sortedNames(duplicated);
  const reported = sortedNames(new Set(findings.filter((f) => f.ruleId === 'no-tool-name-collision').map((f) => String(f.data.name))));
  if (JSON.stringify(seen) !== JSON.stringify(reported)) {
    return { disagree: `the chat model is bound ${JSON.stringify(seen)} more than once; no-tool-name-collision reports ${JSON.stringify(reported)}` };
  }
  return { agree: seen.length === 0 ? 'unique names bound' : 'duplicates bound' };
}

// About 30 s on a busy 2-core machine.
const CASES = 500;

describe('LangChain.js: the static verdict is what the chat model is bound', () => {
  it(`${String(CASES)} generated agents and bindings`, { timeout: 180_000 }, async () => {
    const outcomes = await runOracle({ framework: '@langchain/core 1.4.0 + langchain 1.5.14', model: config, emit, compare, numRuns: CASES });
    expect(Object.keys(outcomes).sort()).toEqual(['duplicates bound', 'unique names bound']);
  });
});
