// Phase "parse": every listed file becomes a FileState, in three steps that touch as little as
// possible. (1) stat it, and when the facts cache holds an entry with the same modification time and
// size (a time older than the run that stored it: time-vouches.ts), take everything from it without
// reading; (2) otherwise read and hash it, and take a cached entry with the same content hash;
// (3) otherwise judge it from its bytes: a file that can hold facts (`mayHaveFacts`) is parsed and
// extracted now, any other is only scanned for directives and for the relative modules it imports.
// After all files, the ones the linker can reach from parsed facts are parsed on demand
// (relevance.ts), so a constant in a skipped module still names its tool.
import { compiler } from './compiler.js';
import type { ToolDiagnostic } from '../checks/finding.js';
import { extractFacts, mayHaveFacts } from '../facts/extract.js';
import type { FrameworkAdapter } from '../facts/adapters/types.js';
import type { FileFacts } from '../facts/types.js';
import type { CacheEntry, FactsCache } from './cache.js';
import { sha256 } from './sha256.js';
import { mayHaveDirectives, parseDirectives, type FileDirectives } from './directives.js';
import type { ResolveModule } from './module-resolver.js';
import { createParser, type Parsed, type Parser } from './parse.js';
import { readSource, statSource, type FileStamp } from './read.js';
import { linkerSpecifiers, relativeSpecifiers } from './relevance.js';
import type { Phase } from './types.js';

export type Timed = <T>(phase: Phase, run: () => T) => T;

export interface SourceRef {
  abs: string;
  rel: string;
}

/** What a run knows about one readable file. */
export interface FileState extends SourceRef {
  entry: CacheEntry;
  directives: FileDirectives | undefined;
  /** Its facts go to the linker: it can hold facts, or the linker reaches it from such a file. */
  linked: boolean;
}

export interface Collected {
  /** Readable files in the order they were listed and followed. */
  states: FileState[];
  diagnostics: ToolDiagnostic[];
  cache: { hits: number; misses: number };
  /** Files parsed this run (cache hits are not). */
  parsed: number;
}

export interface CollectOptions {
  cache: FactsCache | undefined;
  /** Off: every file is parsed and extracted, as if each could hold facts (the equivalence tests). */
  prefilter: boolean;
  timed: Timed;
  /** Relative files a followed specifier reaches that are not queued yet (import following). */
  follow(from: string, specifiers: readonly string[]): SourceRef[];
  onProgress?(done: number, total: number): void | Promise<void>;
  /** The run's adapters (built-in and declared); default the built-in ones. */
  adapters?: readonly FrameworkAdapter[];
}

export async function collectFiles(files: readonly SourceRef[], options: CollectOptions): Promise<Collected> {
  const { timed } = options;
  const out: Collected = { states: [], diagnostics: [], cache: { hits: 0, misses: 0 }, parsed: 0 };
  const queue = [...files];
  const analyse = fileAnalyser(timed, out, options.adapters);
  for (let index = 0; index < queue.length; index++) {
    const file = queue[index]!;
    const state = learn(file, options, analyse, out);
    if (state) {
      out.states.push(state);
      queue.push(...options.follow(file.rel, state.entry.follows));
    }
    await options.onProgress?.(index + 1, queue.length);
  }
  return out;
}

/**
 * Parses the files the linker can reach from parsed facts and has no facts for yet, transitively.
 * `resolve` must be the linker's own resolver over every readable file and every `available` one
 * (files of projects outside the run's paths: read only when reached, then kept in `states`), and
 * `onDisk` gives those a narrowed run never listed.
 */
export function parseReachable(
  collected: Collected,
  resolve: ResolveModule,
  options: Pick<CollectOptions, 'cache' | 'timed' | 'adapters' | 'prefilter'>,
  available: readonly SourceRef[] = [],
  onDisk?: (rel: string) => SourceRef | undefined,
): void {
  const byRel = new Map(collected.states.map((state) => [state.rel, state]));
  const elsewhere = new Map(available.map((file) => [file.rel, file]));
  const adopted = new Set<string>();
  const analyse = fileAnalyser(options.timed, collected, options.adapters);
  const adopt = (rel: string): FileState | undefined => {
    if (adopted.has(rel)) return undefined;
    const file = elsewhere.get(rel) ?? onDisk?.(rel);
    if (!file) return undefined;
    adopted.add(rel);
    const state = learn(file, { ...options, prefilter: true, follow: () => [] }, analyse, collected);
    if (state) {
      collected.states.push(state);
      byRel.set(rel, state);
    }
    return state;
  };
  const link = (state: FileState): boolean => {
    if (!state.entry.facts) {
      const read = options.timed('read', () => readSource(state.abs, state.rel));
      if (!read.ok) {
        collected.diagnostics.push(read.diagnostic);
        return false;
      }
      const result = analyse(state, read.text);
      // A crash in parsing or extraction is reported here too, as for a file parsed up front.
      if (!result.facts) {
        collected.diagnostics.push(...result.diagnostics);
        return false;
      }
      state.entry = withFacts(state.entry, result.facts, result.diagnostics, options.cache);
      options.cache?.set(state.rel, state.entry);
    }
    state.linked = true;
    collected.diagnostics.push(...state.entry.diagnostics);
    return true;
  };
  const pending = collected.states.filter((state) => state.linked);
  // Forward: what the linker reaches from parsed facts. Backward: a module that imports one that
  // defines tools (or a barrel of such) may assemble them into a toolkit while importing no
  // framework itself (`return [new A(kit), new B(kit)]`); it is parsed too, and a barrel among
  // those counts as a tool module in turn. Both until nothing new is linked.
  const toolModules = new Set(collected.states.filter((state) => state.linked && definesTools(state.entry.facts)).map((state) => state.rel));
  const importsToolModule = (state: FileState): boolean =>
    state.entry.follows.some((specifier) => {
      const target = resolve(state.rel, specifier);
      return target !== undefined && toolModules.has(target);
    });
  for (;;) {
    while (pending.length > 0) {
      const from = pending.pop()!;
      for (const specifier of linkerSpecifiers(from.entry.facts!)) {
        const target = resolve(from.rel, specifier);
        let state = target === undefined ? undefined : byRel.get(target);
        if (!state && target !== undefined) {
          state = adopt(target);
          // Adopted and able to hold facts: parsed and linked already; its own imports still count.
          if (state?.linked) {
            pending.push(state);
            continue;
          }
        }
        if (state && !state.linked && link(state)) pending.push(state);
      }
      if (definesTools(from.entry.facts)) toolModules.add(from.rel);
    }
    // Files already read (the run's own, and those adopted from other projects); files of other
    // projects that nothing reached stay unread.
    for (const state of collected.states) {
      if (state.linked || toolModules.size === 0 || !importsToolModule(state)) continue;
      if (!link(state)) continue;
      pending.push(state);
      if (reExportsFrom(state, resolve, toolModules)) toolModules.add(state.rel);
    }
    if (pending.length === 0) return;
  }
}

/** The module defines tools of some framework. */
function definesTools(facts: FileFacts | undefined): boolean {
  return (facts?.tools.length ?? 0) > 0;
}

/**
 * The module passes on what a tool module exports (`export * from './search'`, `export { A } from
 * './tools'`): a barrel of tools. Re-exports of anything else make no module a tool module, so the
 * backward pass never spreads through a project's ordinary barrels.
 */
function reExportsFrom(state: FileState, resolve: ResolveModule, toolModules: ReadonlySet<string>): boolean {
  const facts = state.entry.facts;
  if (!facts) return false;
  const isTools = (specifier: string): boolean => {
    const target = resolve(state.rel, specifier);
    return target !== undefined && toolModules.has(target);
  };
  return facts.exportAll.some(isTools) || facts.exports.some((e) => (e.value.kind === 're-export' || e.value.kind === 'import') && 'module' in e.value && isTools(e.value.module));
}

type Analyse = (file: SourceRef, text: string) => { facts: FileFacts | undefined; diagnostics: ToolDiagnostic[] };

function fileAnalyser(timed: Timed, out: Collected, adapters: readonly FrameworkAdapter[] | undefined): Analyse {
  let parser: Parser | undefined;
  return (file, text) => {
    out.parsed++;
    return analyzeFile(file, text, (parser ??= createParser()), timed, adapters);
  };
}

function learn(file: SourceRef, options: CollectOptions, analyse: Analyse, out: Collected): FileState | undefined {
  const { cache, timed } = options;
  const judged = timed('read', () => judge(file, options, out));
  if (!judged) return undefined;
  let { entry } = judged;
  const linked = entry.relevant || !options.prefilter;
  if (linked && !entry.facts) {
    const result = analyse(file, judged.text ?? readText(file));
    // A crash in parsing or extraction is reported and retried next run, never cached.
    if (!result.facts) {
      out.diagnostics.push(...result.diagnostics);
      cache?.forget(file.rel);
      return undefined;
    }
    entry = withFacts(entry, result.facts, result.diagnostics, cache);
    cache?.set(file.rel, entry);
  }
  if (linked) out.diagnostics.push(...entry.diagnostics);
  return { ...file, entry, linked, directives: entry.directives ? (new Map(entry.directives) as unknown as FileDirectives) : undefined };
}

/** The cache entry for a file, from the cache or from its bytes; undefined when it cannot be read. */
function judge(file: SourceRef, options: CollectOptions, out: Collected): { entry: CacheEntry; text: string | undefined } | undefined {
  const { cache } = options;
  const stat = statSource(file.abs, file.rel);
  if (!stat.ok) {
    out.diagnostics.push(stat.diagnostic);
    cache?.forget(file.rel);
    return undefined;
  }
  let entry = cache?.byStamp(file.rel, stat.stamp);
  let text: string | undefined;
  if (!entry) {
    const read = readSource(file.abs, file.rel, stat, cache !== undefined);
    if (!read.ok) {
      out.diagnostics.push(read.diagnostic);
      cache?.forget(file.rel);
      return undefined;
    }
    text = read.text;
    const hash = read.hash;
    entry = cache?.byHash(file.rel, hash, stat.stamp);
    if (!entry) {
      if (cache) out.cache.misses++;
      entry = entryFromText(text, hash, stat.stamp, options.adapters);
      cache?.set(file.rel, entry);
    } else {
      out.cache.hits++;
    }
  } else {
    out.cache.hits++;
  }
  return { entry, text };
}

/** The entry with the file's facts; with a cache, also their hash (what result-cache.ts keys on). */
function withFacts(entry: CacheEntry, facts: FileFacts, diagnostics: ToolDiagnostic[], cache: FactsCache | undefined): CacheEntry {
  return { ...entry, facts, ...(cache ? { factsHash: sha256(JSON.stringify(facts)) } : {}), diagnostics };
}

/** What a file's text says before it is parsed: whether it can hold facts, what it imports, its directives. */
export function entryFromText(text: string, hash: string, stamp: FileStamp, adapters: readonly FrameworkAdapter[] | undefined): CacheEntry {
  const directives = mayHaveDirectives(text) ? parseDirectives(text) : undefined;
  return {
    stamp,
    hash,
    relevant: mayHaveFacts(text, adapters),
    follows: relativeSpecifiers(text),
    ...(directives && directives.size > 0 ? { directives: [...directives].map(([rule, ranges]) => [rule, [...ranges]] as [string, unknown[]]) } : {}),
    diagnostics: [],
  };
}

/** The entry with the facts of the file's text, parsed now; undefined when parsing or extraction failed. */
export function entryWithFacts(file: SourceRef, text: string, entry: CacheEntry, cache: FactsCache | undefined, timed: Timed, adapters: readonly FrameworkAdapter[] | undefined): CacheEntry | undefined {
  const result = analyzeFile(file, text, createParser(), timed, adapters);
  return result.facts ? withFacts(entry, result.facts, result.diagnostics, cache) : undefined;
}

/** A cached entry without facts that must now be parsed (`prefilter` off): read it after all. */
function readText(file: SourceRef): string {
  const read = readSource(file.abs, file.rel);
  return read.ok ? read.text : '';
}

/**
 * Parse and extract one file. A crash in either (a compiler or extractor bug on unusual code) is an
 * `internal-error` diagnostic for that file, never the end of the run.
 */
function analyzeFile(file: SourceRef, text: string, parser: Parser, timed: Timed, adapters: readonly FrameworkAdapter[] | undefined): { facts: FileFacts | undefined; diagnostics: ToolDiagnostic[] } {
  const diagnostics: ToolDiagnostic[] = [];
  let parsed: Parsed | undefined;
  try {
    parsed = timed('parse', () => parser.parse(file.abs, file.rel, text));
    if (parsed.diagnostic) diagnostics.push(parsed.diagnostic);
    const sourceFile = parsed.sourceFile;
    const facts = timed('extract', () => extractFacts(compiler(), sourceFile, { file: file.rel, ...(adapters ? { adapters } : {}) }));
    return { facts, diagnostics };
  } catch (error) {
    const stage = parsed ? 'Fact extraction' : 'Parsing';
    diagnostics.push({ file: file.rel, kind: 'internal-error', message: `${stage} failed: ${describe(error)}` });
    return { facts: undefined, diagnostics };
  }
}

function describe(error: unknown): string {
  // The compiler's parser and the extractor recurse per nesting level: a few thousand levels of
  // generated code exhaust the stack. That is a property of the file, said as such.
  if (error instanceof RangeError && /call stack/i.test(error.message)) return 'the code is nested too deeply (maximum call stack size exceeded)';
  return error instanceof Error ? error.message : String(error);
}
