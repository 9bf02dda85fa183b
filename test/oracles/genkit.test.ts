// Differential oracle against Genkit (`genkit` 1.42.0): generated tools (`ai.defineTool`, which
// registers, and `ai.dynamicTool`, which does not; names inline or from a constants module, some
// with a "/" prefix) in two modules, lists exported from them, and one `ai.generate`,
// `ai.generateStream` or `ai.definePrompt` call listing tools by value, by name string and by
// spreading those lists, are analysed as source and run on a live Genkit instance whose only model
// is a fake that records the tool names it is sent (no plugins, no network). Genkit first resolves
// every name string (a name nothing registers, for the call or before it, throws "Unable to resolve
// tool"), then throws "Cannot provide two tools with the same name" when two tools agree after the
// last "/". The oracle asserts: the names required-function-name-known reports (`unknownRegisteredTool`)
// are exactly the strings Genkit cannot resolve; with those left out, the call throws on duplicates
// exactly when no-tool-name-collision reports, the name Genkit throws for is among the reported
// names, and a call that runs sends the model one tool per listed entry.
import fc from 'fast-check';
import { genkit, z, type Genkit, type ToolAction } from 'genkit';
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../src/checks/index.js';
import { runOracle, sortedNames, toolModule, type SourceFiles, type Verdict } from './harness.js';

const NAMES = ['search', 'catalog/search', 'lookupOrder', 'get-order'] as const;
/** A name no generated tool has. */
const MISSING = 'escalate';

interface Def {
  name: number;
  module: 0 | 1;
  constant: boolean;
  registered: boolean;
}
interface List {
  module: 0 | 1;
  members: number[];
}
type Entry = { def: number } | { byName: number } | { list: number };
interface Config {
  defs: Def[];
  lists: List[];
  main: Entry[];
  call: 'generate' | 'generateStream' | 'definePrompt';
}

/**
 * The names a string may give: no "/" (such a string is a plugin's `server/tool`, resolved at run
 * time and not checked by design), and one no tool has.
 */
const BY_NAME = [...NAMES.filter((name) => !name.includes('/')), MISSING];
const nameOf = (i: number): string => BY_NAME[i]!;

const config: fc.Arbitrary<Config> = fc
  .record({
    defs: fc.array(
      fc.record({ name: fc.nat({ max: NAMES.length - 1 }), module: fc.constantFrom(0 as const, 1 as const), constant: fc.boolean(), registered: fc.boolean() }),
      { minLength: 1, maxLength: 5 },
    ),
    lists: fc.array(fc.record({ module: fc.constantFrom(0 as const, 1 as const), members: fc.array(fc.nat({ max: 4 }), { minLength: 1, maxLength: 3 }) }), { maxLength: 2 }),
    main: fc.array(
      fc.oneof(
        { weight: 3, arbitrary: fc.record({ def: fc.nat({ max: 4 }) }) },
        { weight: 2, arbitrary: fc.record({ byName: fc.nat({ max: BY_NAME.length - 1 }) }) },
        { weight: 1, arbitrary: fc.record({ list: fc.nat({ max: 1 }) }) },
      ),
      { minLength: 1, maxLength: 4 },
    ),
    call: fc.constantFrom('generate' as const, 'generateStream' as const, 'definePrompt' as const),
  })
  .map((raw) => ({
    ...raw,
    lists: raw.lists.map((l) => ({ ...l, members: l.members.map((m) => m % raw.defs.length) })),
    main: raw.main.flatMap((e): Entry[] => {
      if ('def' in e) return [{ def: e.def % raw.defs.length }];
      if ('list' in e) return raw.lists.length === 0 ? [] : [{ list: e.list % raw.lists.length }];
      return [e];
    }),
  }));

const q = (s: string): string => JSON.stringify(s);
const description = (d: number): string => `Tool ${String(d)}.`;

function emit(c: Config): SourceFiles {
  const files: SourceFiles = {
    'src/names.ts': NAMES.map((name, i) => `export const NAME_${String(i)} = ${q(name)};\n`).join(''),
    'src/genkit.ts': `import { genkit } from 'genkit';\n\nexport const ai = genkit({ plugins: [] });\n`,
  };
  for (const module of [0, 1] as const) {
    const imports = new Set<string>();
    const body: string[] = [];
    c.defs.forEach((def, d) => {
      if (def.module !== module) return;
      const name = def.constant ? `names.NAME_${String(def.name)}` : q(NAMES[def.name]!);
      const method = def.registered ? 'defineTool' : 'dynamicTool';
      body.push(`export const tool${String(d)} = ai.${method}({ name: ${name}, description: ${q(description(d))}, inputSchema: z.object({ q: z.string() }) }, async ({ q }) => q);`);
    });
    c.lists.forEach((list, l) => {
      if (list.module !== module) return;
      for (const m of list.members) if (c.defs[m]!.module !== module) imports.add(`tool${String(m)}`);
      body.push(`export const list${String(l)} = [${list.members.map((m) => `tool${String(m)}`).join(', ')}];`);
    });
    files[`src/tools-${String(module)}.ts`] = toolModule(module, [`import { z } from 'genkit';`, `import { ai } from './genkit.js';`, `import * as names from './names.js';`], imports, body);
  }
  const from: [Set<string>, Set<string>] = [new Set(), new Set()];
  const entries = c.main.map((e) => {
    if ('def' in e) {
      from[c.defs[e.def]!.module].add(`tool${String(e.def)}`);
      return `tool${String(e.def)}`;
    }
    if ('byName' in e) return q(nameOf(e.byName));
    from[c.lists[e.list]!.module].add(`list${String(e.list)}`);
    return `...list${String(e.list)}`;
  });
  const tools = `[${entries.join(', ')}]`;
  // A flow module, as Genkit apps write them (it imports `z` from genkit, which is what enables the adapter there).
  const call =
    c.call === 'definePrompt'
      ? `export const desk = ai.definePrompt({ name: 'desk', model: 'fake', input: { schema: z.object({}) }, tools: ${tools}, prompt: 'Help.' });`
      : [
          `export const deskFlow = ai.defineFlow({ name: 'desk', inputSchema: z.string(), outputSchema: z.string() }, async (question) => {`,
          c.call === 'generate' ? `  const { text } = await ai.generate({ model: 'fake', prompt: question, tools: ${tools} });` : `  const { text } = await ai.generateStream({ model: 'fake', prompt: question, tools: ${tools} }).response;`,
          `  return text;`,
          `});`,
        ].join('\n');
  files['src/main.ts'] = [
    `import { z } from 'genkit';`,
    `import { ai } from './genkit.js';`,
    // Every tool module is loaded, so every defineTool has registered before the call.
    ...([0, 1] as const).map((m) => (from[m].size > 0 ? `import { ${[...from[m]].sort().join(', ')} } from './tools-${String(m)}.js';` : `import './tools-${String(m)}.js';`)),
    '',
    call,
    '',
  ].join('\n');
  return files;
}

type Outcome = { threw: string } | { sent: string[] };

/** Builds the configuration on a fresh Genkit instance and runs the call against a recording fake model. */
async function run(c: Config, dropNames: ReadonlySet<string>): Promise<Outcome> {
  const ai: Genkit = genkit({ plugins: [] });
  let sent: string[] = [];
  ai.defineModel({ name: 'fake' }, async (request) => {
    sent = (request.tools ?? []).map((t) => t.name);
    return Promise.resolve({ message: { role: 'model', content: [{ text: 'ok' }] }, finishReason: 'stop' });
  });
  const made: ToolAction[] = c.defs.map((def, d) => {
    const options = { name: NAMES[def.name]!, description: description(d), inputSchema: z.object({ q: z.string() }) };
    const fn = async ({ q: input }: { q: string }): Promise<string> => Promise.resolve(input);
    return def.registered ? ai.defineTool(options, fn) : ai.dynamicTool(options, fn);
  });
  const tools = c.main.flatMap((e): Array<ToolAction | string> => {
    if ('def' in e) return [made[e.def]!];
    if ('byName' in e) return dropNames.has(nameOf(e.byName)) ? [] : [nameOf(e.byName)];
    return c.lists[e.list]!.members.map((m) => made[m]!);
  });
  try {
    if (c.call === 'generate') await ai.generate({ model: 'fake', prompt: 'Help.', tools });
    else if (c.call === 'generateStream') {
      const streamed = ai.generateStream({ model: 'fake', prompt: 'Help.', tools });
      // The stream fails with the response: drained together, neither rejection goes unhandled.
      const drained = (async () => {
        for await (const _chunk of streamed.stream) void _chunk;
      })();
      await Promise.all([streamed.response, drained]);
    }
    else await ai.definePrompt({ name: 'desk', model: 'fake', tools, prompt: 'Help.' })();
    return { sent };
  } catch (error) {
    return { threw: error instanceof Error ? error.message : String(error) };
  }
}

/** The strings of the call Genkit cannot resolve: each is tried alone next to the call's own tools. */
async function unresolvable(c: Config): Promise<string[]> {
  const strings = new Set(c.main.flatMap((e) => ('byName' in e ? [nameOf(e.byName)] : [])));
  const out: string[] = [];
  for (const name of strings) {
    const alone: Config = { ...c, main: [...c.main.filter((e) => !('byName' in e)), { byName: BY_NAME.indexOf(name) }] };
    const outcome = await run(alone, new Set());
    if ('threw' in outcome && outcome.threw.includes(`Unable to resolve tool: ${name}`)) out.push(name);
  }
  return out.sort();
}

const shortName = (name: string): string => name.slice(name.lastIndexOf('/') + 1);

async function compare(c: Config, findings: readonly Finding[]): Promise<Verdict> {
  const missing = await unresolvable(c);
  const reportedMissing = sortedNames(new Set(findings.filter((f) => f.messageId === 'unknownRegisteredTool').map((f) => String(f.data.name))));
  if (JSON.stringify(missing) !== JSON.stringify(reportedMissing)) {
    return { disagree: `Genkit cannot resolve ${JSON.stringify(missing)}; required-function-name-known reports ${JSON.stringify(reportedMissing)}` };
  }
  const outcome = await run(c, new Set(missing));
  const collisions = findings.filter((f) => f.ruleId === 'no-tool-name-collision').map((f) => String(f.data.name));
  if ('threw' in outcome) {
    const thrown = /same name: '([^']+)'/.exec(outcome.threw)?.[1];
    if (thrown === undefined) return { disagree: `Genkit threw something else: ${outcome.threw}` };
    if (!collisions.includes(shortName(thrown))) return { disagree: `Genkit throws for "${thrown}"; no-tool-name-collision reports ${JSON.stringify(collisions)}` };
    return { agree: missing.length > 0 ? 'unresolved and duplicate' : 'duplicate' };
  }
  if (collisions.length > 0) return { disagree: `Genkit sends ${JSON.stringify(outcome.sent)}; no-tool-name-collision reports ${JSON.stringify(collisions)}` };
  const listed = c.main.reduce((n, e) => n + ('list' in e ? c.lists[e.list]!.members.length : 'byName' in e && missing.includes(nameOf(e.byName)) ? 0 : 1), 0);
  if (outcome.sent.length !== listed) return { disagree: `Genkit sends ${JSON.stringify(outcome.sent)} for ${String(listed)} listed entries` };
  return { agree: missing.length > 0 ? 'unresolved' : 'clean' };
}

const CASES = 200;

describe('Genkit: the static verdict is what generate() does', () => {
  it(`${String(CASES)} generated calls`, { timeout: 300_000 }, async () => {
    const outcomes = await runOracle({ framework: 'genkit 1.42.0', model: config, emit, compare, numRuns: CASES });
    expect(Object.keys(outcomes).sort()).toEqual(['clean', 'duplicate', 'unresolved', 'unresolved and duplicate']);
  });
});
