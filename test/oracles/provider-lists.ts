// Shared by the provider SDK oracles (openai, anthropic, google-genai): generated tool lists as the
// SDKs' users write them (a client made in one module, lists of plain tool objects exported from
// two modules, lists spreading earlier lists, names written inline or imported from a constants
// module, a request spreading lists and adding tools of its own, an optional forced choice). Each
// oracle says how one tool object and one request are written for its SDK; this file emits the
// project and builds the same lists as live objects, and compares names.
import fc from 'fast-check';
import type { Finding } from '../../src/checks/index.js';
import { sortedNames, type SourceFiles } from './harness.js';

export const NAMES = ['search', 'get_order', 'lookup', 'refund_ticket'] as const;
/** A name no generated tool has: a forced choice of it names a missing tool. */
export const MISSING = 'escalate';

/** One tool written in place (its name inline or from the constants module), or a spread of an earlier list. */
export type Entry = { name: number; constant: boolean } | { spread: number };
export interface ListModel {
  module: 0 | 1;
  entries: Entry[];
}
export interface ListsConfig<V> {
  lists: ListModel[];
  main: Entry[];
  /** Indexes into `[...NAMES, MISSING]`: the names a forced choice (or an allow-list) gives. */
  choice: number[];
  variant: V;
}

const entry = fc.oneof(
  { weight: 3, arbitrary: fc.record({ name: fc.nat({ max: NAMES.length - 1 }), constant: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ spread: fc.nat({ max: 3 }) }) },
);

/** Spreads name an earlier list (the request: any list); an entry with no list to spread is dropped. */
function fix(entries: Entry[], spreadable: number): Entry[] {
  return entries.flatMap((e): Entry[] => ('spread' in e ? (spreadable > 0 ? [{ spread: e.spread % spreadable }] : []) : [e]));
}

export function listsConfig<V>(variant: fc.Arbitrary<V>, maxChoices: number): fc.Arbitrary<ListsConfig<V>> {
  return fc
    .record({
      lists: fc.array(fc.record({ module: fc.constantFrom(0 as const, 1 as const), entries: fc.array(entry, { minLength: 1, maxLength: 3 }) }), { minLength: 1, maxLength: 3 }),
      main: fc.array(entry, { minLength: 1, maxLength: 4 }),
      choice: fc.array(fc.nat({ max: NAMES.length }), { maxLength: maxChoices }),
      variant,
    })
    .map((r) => ({ ...r, lists: r.lists.map((l, i) => ({ module: l.module, entries: fix(l.entries, i) })), main: fix(r.main, r.lists.length) }));
}

export const choiceNames = (c: ListsConfig<unknown>): string[] => c.choice.map((i) => (i < NAMES.length ? NAMES[i]! : MISSING));

/** How one SDK writes a tool and a request. `label` tells tools of one name apart at run time. */
export interface ProviderWriter<V> {
  /** The client module's text (`src/client.ts`, exporting `client`). */
  clientModule: string;
  /** Source of one tool object; `name` is an expression. */
  tool(name: string, label: string, variant: V): string;
  /** The live tool object. */
  liveTool(name: string, label: string, variant: V): unknown;
  /** The request's source: `tools` is an array expression, `choice` the forced names. */
  request(tools: string, choice: readonly string[], variant: V): string;
}

const q = (s: string): string => JSON.stringify(s);
const labelOf = (where: string, i: number): string => `${where} #${String(i)}`;

export function emitProject<V>(c: ListsConfig<V>, w: ProviderWriter<V>): SourceFiles {
  const files: SourceFiles = {
    'src/names.ts': NAMES.map((n, i) => `export const N${String(i)} = ${q(n)};\n`).join(''),
    'src/client.ts': w.clientModule,
  };
  const write = (entries: Entry[], where: string, here: 0 | 1 | 'main', imports: Set<string>): string => {
    const parts = entries.map((e, i) => {
      if ('spread' in e) {
        const module = c.lists[e.spread]!.module;
        if (module !== here) imports.add(`import { list${String(e.spread)} } from './tools-${String(module)}.js';`);
        return `...list${String(e.spread)}`;
      }
      if (e.constant) imports.add(`import { N${String(e.name)} } from './names.js';`);
      return w.tool(e.constant ? `N${String(e.name)}` : q(NAMES[e.name]!), labelOf(where, i), c.variant);
    });
    return `[${parts.join(', ')}]`;
  };
  for (const module of [0, 1] as const) {
    const imports = new Set<string>();
    const body = c.lists.flatMap((l, i) => (l.module === module ? [`export const list${String(i)} = ${write(l.entries, `list ${String(i)}`, module, imports)};`] : []));
    files[`src/tools-${String(module)}.ts`] = [...[...imports].sort(), '', ...body, ''].join('\n');
  }
  const imports = new Set<string>([`import { client } from './client.js';`]);
  const tools = write(c.main, 'main', 'main', imports);
  files['src/main.ts'] = [...[...imports].sort(), '', `export async function run() {`, `  return ${w.request(tools, choiceNames(c), c.variant)};`, `}`, ''].join('\n');
  return files;
}

/** The request's tools as JavaScript builds them: one object per definition, spreads copying references. */
export function buildTools<V>(c: ListsConfig<V>, w: ProviderWriter<V>): unknown[] {
  const lists: unknown[][] = [];
  const build = (entries: Entry[], where: string): unknown[] =>
    entries.flatMap((e, i) => ('spread' in e ? lists[e.spread]! : [w.liveTool(NAMES[e.name]!, labelOf(where, i), c.variant)]));
  c.lists.forEach((l, i) => lists.push(build(l.entries, `list ${String(i)}`)));
  return build(c.main, 'main');
}

/** Each name once per extra time it is sent: what no-tool-name-collision must report, one finding each. */
export function extraOccurrences(sent: readonly string[]): string[] {
  const seen = new Set<string>();
  const extra: string[] = [];
  for (const name of sent) {
    if (seen.has(name)) extra.push(name);
    seen.add(name);
  }
  return sortedNames(extra);
}

export const reportedNames = (findings: readonly Finding[], rule: string): string[] =>
  sortedNames(findings.filter((f) => f.ruleId === rule).map((f) => String(f.data.name)));

/** The request's outcome label for the tally, and the disagreement if the two sides differ. */
export function compareNames(sent: readonly string[], choice: readonly string[], findings: readonly Finding[]): { agree: string } | { disagree: string } {
  const duplicated = extraOccurrences(sent);
  const reported = reportedNames(findings, 'no-tool-name-collision');
  if (JSON.stringify(duplicated) !== JSON.stringify(reported)) {
    return { disagree: `the SDK sends ${JSON.stringify(sent)} (more than once: ${JSON.stringify(duplicated)}); no-tool-name-collision reports ${JSON.stringify(reported)}` };
  }
  const missing = sortedNames(choice.filter((name) => !sent.includes(name)));
  const unknown = reportedNames(findings, 'required-function-name-known');
  if (JSON.stringify(missing) !== JSON.stringify(unknown)) {
    return { disagree: `the request forces ${JSON.stringify(choice)} with tools ${JSON.stringify(sent)} (missing: ${JSON.stringify(missing)}); required-function-name-known reports ${JSON.stringify(unknown)}` };
  }
  const others = findings.filter((f) => f.ruleId !== 'no-tool-name-collision' && f.ruleId !== 'required-function-name-known');
  if (others.length > 0) return { disagree: `unexpected findings: ${others.map((f) => `${f.ruleId}/${f.messageId}`).join(', ')}` };
  return { agree: `${duplicated.length > 0 ? 'duplicates' : 'unique'}${choice.length === 0 ? '' : missing.length > 0 ? ', choice missing' : ', choice sent'}` };
}

/** A fake `fetch` that records each request body and answers with `reply(url, body, index)`. */
export function fakeFetch(reply: (url: string, body: Record<string, unknown>, index: number) => unknown): { fetch: typeof fetch; bodies: Array<Record<string, unknown>> } {
  const bodies: Array<Record<string, unknown>> = [];
  const fake = async (input: unknown, init?: { body?: unknown }): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : (input as Request).url;
    const raw = init?.body ?? (input instanceof Request ? await input.text() : undefined);
    const body = (typeof raw === 'string' ? JSON.parse(raw) : {}) as Record<string, unknown>;
    bodies.push(body);
    return new Response(JSON.stringify(reply(url, body, bodies.length - 1)), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { fetch: fake as typeof fetch, bodies };
}
