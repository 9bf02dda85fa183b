// The whole-project pipeline: discover → read (and judge each file from its bytes) → parse and
// extract the files that can matter → parse on demand what the linker reaches from them → link →
// check. Each file is read, parsed and extracted on its own (its tree is released right after), so
// the cost grows linearly with the number of files; only link and check see the whole project,
// and they work on plain facts.
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { compareFindings } from '../checks/finding.js';
import { runtimeDependencyProbe } from '../checks/runtime-dependency.js';
import { namingIn } from '../facts/adapters/index.js';
import { runAdapters } from './run-adapters.js';
import { runRules } from './run-rules.js';
import { linkFacts } from '../facts/resolve.js';
import { cacheFilePath, FactsCache } from './cache.js';
import { cacheSalt } from './cache-salt.js';
import { collectFiles, parseReachable, type SourceRef, type Timed } from './collect.js';
import { discoverCached } from './discover-cache.js';
import { cachedFindings, readsRecorder, resultKey, storeFindings } from './result-cache.js';
import { recordRun, runKey, unchangedRun } from './unchanged-run.js';
import { reportOutcome, type Outcome } from './outcome.js';
import type { LinkedProject } from '../facts/resolved.js';
import { sourceOnDisk } from './on-disk.js';
import { createModuleResolver } from './module-resolver.js';
import type { AnalysisResult, AnalyzeOptions, Phase } from './types.js';

/** With a progress callback, yield to the event loop this often so a progress bar can redraw. */
const YIELD_EVERY_MS = 50;

export async function analyzeProject(options: AnalyzeOptions): Promise<AnalysisResult> {
  const timings: Record<Phase, number> = { discover: 0, read: 0, parse: 0, extract: 0, link: 0, check: 0 };
  const timed: Timed = (phase, run) => {
    const start = performance.now();
    try {
      return run();
    } finally {
      timings[phase] += performance.now() - start;
    }
  };

  const cwd = path.resolve(options.cwd);
  const adapters = await runAdapters(options.adapters);
  const rules = await runRules(options.rules);
  // Before any file is looked at: a file changed after this is newer than what the run records.
  const startedAt = Date.now();
  const cache =
    options.cacheLocation === undefined
      ? undefined
      : timed('read', () => FactsCache.open(cacheFilePath(cwd, options.cacheLocation as string), cacheSalt(adapters), startedAt));
  const { discovery, fromCache } = await discoverCached(
    { cwd, paths: options.paths, tsconfig: options.tsconfig, include: options.include, exclude: options.exclude },
    cache,
    (run) => timed('discover', run),
  );
  const prefilter = options.prefilter ?? true;
  // A narrowed run resolves against the disk, and rules file by file come from a function: neither
  // is keyed, so neither takes an outcome from the cache.
  const keyed = cache !== undefined && !options.rulesForFiles && discovery.plain().targets === null;
  const storedDiscovery = keyed ? cache.section('discovery') : undefined;
  const lastRunKey = storedDiscovery === undefined ? undefined : runKey({ discovery: storedDiscovery, rules: options.rules, prefilter });

  const report = (outcome: Outcome): AnalysisResult => reportOutcome(discovery, outcome, { timings, fileListFromCache: fromCache });

  // The last run's outcome, when nothing it depends on has changed (unchanged-run.ts).
  if (fromCache && lastRunKey !== undefined) {
    const unchanged = unchangedRun(cache!, { cwd, key: lastRunKey, startedAt, timed, adapters });
    if (unchanged) {
      timed('read', () => cache!.save(cwd));
      let linked: LinkedProject | undefined;
      const linkUnchanged = (): LinkedProject => {
        if (linked) return linked;
        const facts = unchanged.linkedFacts();
        const resolveModule = createModuleResolver(unchanged.states.map((state) => state.rel), cwd, discovery.aliasesFor, discovery.packages);
        return (linked = timed('link', () => linkFacts(facts, { resolveModule, naming: namingIn(adapters) })));
      };
      return report({
        all: unchanged.findings,
        diagnostics: unchanged.diagnostics,
        directives: unchanged.directives,
        analysed: unchanged.states.length,
        parsed: unchanged.parsed,
        cache: { hits: unchanged.hits, misses: unchanged.misses },
        findingsFromCache: true,
        linked: linkUnchanged,
      });
    }
  }

  // Files the listed files import, as the compiler's program has them (a tsconfig lists entry
  // points; `"include": ["*/**.ts"]` lists one level): followed through relative specifiers. Where
  // an import resolves to nothing, a file may appear: its directory is an input of the outcome.
  const queued = new Set(discovery.files.map((file) => file.rel));
  const inputs = readsRecorder(startedAt);
  const follow = importFollower(cwd, options, queued, (abs) => inputs.note(path.dirname(abs)));
  let lastYield = performance.now();
  options.onProgress?.(0, discovery.files.length);
  const collected = await collectFiles(discovery.files, {
    cache,
    prefilter,
    timed,
    follow,
    adapters,
    onProgress: options.onProgress
      ? async (done, total) => {
          options.onProgress!(done, total);
          if (performance.now() - lastYield >= YIELD_EVERY_MS) {
            await new Promise<void>((resolve) => setImmediate(resolve));
            lastYield = performance.now();
          }
        }
      : undefined,
  });

  // The linker's resolver knows every readable file; files it reaches are parsed on demand.
  // (It knows the files of the projects outside the paths too: one is read when the linker reaches it.
  // A narrowed run did not walk them all: a source file on disk that discovery would list is found
  // when reached, a workspace package imported by name say.)
  const elsewhere = discovery.available.filter((file) => !queued.has(file.rel));
  const onDisk = discovery.plain().targets === null ? undefined : unlisted(sourceOnDisk(cwd, { include: options.include, exclude: options.exclude }), queued);
  const resolveModule = createModuleResolver(
    [...collected.states.map((state) => state.rel), ...elsewhere.map((file) => file.rel)],
    cwd,
    discovery.aliasesFor,
    discovery.packages,
    onDisk,
  );
  const lookup = onDisk && ((rel: string): SourceRef | undefined => (onDisk(rel) ? { abs: path.join(cwd, rel), rel } : undefined));
  parseReachable(collected, resolveModule, { cache, timed, adapters, prefilter }, elsewhere, lookup);

  const facts = collected.states.flatMap((state) => (state.linked && state.entry.facts ? [state.entry.facts] : []));
  let linked: LinkedProject | undefined;
  const linkedProject = (): LinkedProject => (linked ??= timed('link', () => linkFacts(facts, { resolveModule, naming: namingIn(adapters) })));
  // Findings of the last run when nothing link and check read has changed (result-cache.ts).
  const key = keyed ? resultKey({ discovery: discovery.plain(), states: collected.states, rules: options.rules }) : undefined;
  const cached = key === undefined ? undefined : timed('read', () => cachedFindings(cache!, key));
  let all = cached?.findings;
  if (cached) for (const [abs] of cached.inputs) inputs.note(abs);
  if (!all) {
    const reads = readsRecorder(startedAt);
    // Paths in facts are already relative to cwd with POSIX separators: what `helperModules` globs match.
    const probe = runtimeDependencyProbe((abs) => {
      reads.note(abs);
      inputs.note(abs);
    });
    const input = { files: facts, linked: linkedProject(), matchPath: (file: string) => file, canImportRuntime: (file: string) => probe(path.join(cwd, file), file), adapters };
    // The checks are loaded when they run: a run whose outcome comes from the cache never loads them.
    const { runChecks } = await import('../checks/index.js');
    const { checkPerFile } = await import('./per-file-rules.js');
    all = options.rulesForFiles
      ? (
          await checkPerFile(
            input,
            collected.states.map((state) => state.rel).filter((file) => discovery.reported(file)),
            options.rulesForFiles,
            (run) => timed('check', run),
          )
        ).sort(compareFindings)
      : timed('check', () => runChecks(input, rules));
    if (key !== undefined) storeFindings(cache!, key, reads, all);
  }
  // Over the discovery as the next run will read it (made anew by this run, or as it was).
  const nextKey = keyed ? runKey({ discovery: cache!.section('discovery') ?? '', rules: options.rules, prefilter }) : undefined;
  if (nextKey !== undefined) {
    // Listed files that could not be read are inputs too: readable next time, they change the outcome.
    const analysed = new Set(collected.states.map((state) => state.rel));
    for (const file of discovery.files) if (!analysed.has(file.rel)) inputs.note(file.abs);
    recordRun(cache!, { key: nextKey, at: startedAt, inputs: inputs.inputs(), states: collected.states, findings: all, diagnostics: collected.diagnostics });
  }
  if (cache) timed('read', () => cache.save(cwd));

  const directives = new Map(collected.states.flatMap((state) => (state.entry.directives ? [[state.rel, state.entry.directives] as const] : [])));
  return report({
    all,
    diagnostics: collected.diagnostics,
    directives,
    analysed: collected.states.length,
    parsed: collected.parsed,
    cache: collected.cache,
    findingsFromCache: cached !== undefined,
    linked: linkedProject,
  });
}

/** Files on disk that discovery did not queue (a queued file that could not be read stays unresolved). */
function unlisted(onDisk: (rel: string) => boolean, queued: ReadonlySet<string>): (rel: string) => boolean {
  return (rel) => !queued.has(rel) && onDisk(rel);
}

/**
 * The files a file's relative imports and re-exports reach on disk that are not queued yet: inside
 * the project root (also through links), source files, not declaration files, `node_modules` or
 * `dist`, nor excluded by the user's `exclude`. One stat per new specifier; each file is queued once.
 */
function importFollower(cwd: string, options: AnalyzeOptions, queued: Set<string>, unresolved: (abs: string) => void): (from: string, specifiers: readonly string[]) => SourceRef[] {
  const onDisk = sourceOnDisk(cwd, { exclude: options.exclude });
  // A file discovery listed is there: no stat (discovery already judged its links).
  const resolve = createModuleResolver([], cwd, undefined, [], (rel) => queued.has(rel) || onDisk(rel));
  return (from, specifiers) => {
    const out: SourceRef[] = [];
    for (const specifier of specifiers) {
      if (!specifier.startsWith('.')) continue;
      const rel = resolve(from, specifier);
      if (rel === undefined) unresolved(path.resolve(cwd, path.dirname(from), specifier));
      if (rel === undefined || queued.has(rel)) continue;
      queued.add(rel);
      out.push({ abs: path.join(cwd, rel), rel });
    }
    return out;
  };
}


