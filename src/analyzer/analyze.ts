// The whole-project pipeline: discover → read (and judge each file from its bytes) → parse and
// extract the files that can matter → parse on demand what the linker reaches from them → link →
// check. Each file is read, parsed and extracted on its own (its tree is released right after), so
// the cost grows linearly with the number of files; only link and check see the whole project,
// and they work on plain facts.
import { statSync } from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import { performance } from 'node:perf_hooks';
import { compareDiagnostics, compareFindings, runChecks } from '../checks/index.js';
import { checkPerFile } from './per-file-rules.js';
import { runtimeDependencyProbe } from '../checks/runtime-dependency.js';
import { namingIn } from '../facts/adapters/index.js';
import { runAdapters } from './run-adapters.js';
import { runRules } from './run-rules.js';
import { linkFacts } from '../facts/resolve.js';
import { cacheFilePath, FactsCache } from './cache.js';
import { cacheSalt } from './cache-salt.js';
import { collectFiles, parseReachable, type SourceRef, type Timed } from './collect.js';
import { createContainment } from './containment.js';
import { DEFAULT_EXCLUDE } from './discover.js';
import { discoverCached } from './discover-cache.js';
import { isSuppressed } from './directives.js';
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
  const adapters = runAdapters(options.adapters);
  const rules = runRules(options.rules);
  const cache =
    options.cacheLocation === undefined
      ? undefined
      : timed('read', () => FactsCache.open(cacheFilePath(cwd, options.cacheLocation as string), cacheSalt(adapters)));
  const { discovery, fromCache } = timed('discover', () =>
    discoverCached({ cwd, paths: options.paths, tsconfig: options.tsconfig, include: options.include, exclude: options.exclude }, cache),
  );

  // Files the listed files import, as the compiler's program has them (a tsconfig lists entry
  // points; `"include": ["*/**.ts"]` lists one level): followed through relative specifiers.
  const queued = new Set(discovery.files.map((file) => file.rel));
  const follow = importFollower(cwd, options, queued);
  let lastYield = performance.now();
  options.onProgress?.(0, discovery.files.length);
  const collected = await collectFiles(discovery.files, {
    cache,
    prefilter: options.prefilter ?? true,
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
  // (It knows the files of the projects outside the paths too: one is read when the linker reaches it.)
  const resolveModule = createModuleResolver(
    [...collected.states.map((state) => state.rel), ...discovery.available.filter((file) => !queued.has(file.rel)).map((file) => file.rel)],
    cwd,
    discovery.aliasesFor,
    discovery.packages,
  );
  parseReachable(collected, resolveModule, { cache, timed, adapters, prefilter: options.prefilter ?? true }, discovery.available.filter((file) => !queued.has(file.rel)));
  if (cache) timed('read', () => cache.save(cwd));

  const facts = collected.states.flatMap((state) => (state.linked && state.entry.facts ? [state.entry.facts] : []));
  const linked = timed('link', () => linkFacts(facts, { resolveModule, naming: namingIn(adapters) }));
  // Paths in facts are already relative to cwd with POSIX separators: what `helperModules` globs match.
  const probe = runtimeDependencyProbe();
  const input = { files: facts, linked, matchPath: (file: string) => file, canImportRuntime: (file: string) => probe(path.join(cwd, file), file), adapters };
  const all = options.rulesForFiles
    ? (
        await checkPerFile(
          input,
          collected.states.map((state) => state.rel).filter((file) => discovery.reported(file)),
          options.rulesForFiles,
          (run) => timed('check', run),
        )
      ).sort(compareFindings)
    : timed('check', () => runChecks(input, rules));
  // Inline `eslint-disable` directives, dropped as ESLint drops them: by the rule and the finding's
  // start, in the finding's own file. Read from every file's text (or its cache entry), parsed or not.
  const directives = new Map(collected.states.flatMap((state) => (state.directives ? [[state.rel, state.directives] as const] : [])));
  // Paths narrow what is reported: findings located under them (their related locations may lie
  // anywhere in the projects analysed), as typed ESLint reports the files it is given.
  const located = all.filter((finding) => discovery.reported(finding.file));
  const findings =
    directives.size === 0
      ? located
      : located.filter((finding) => {
          const inFile = directives.get(finding.file);
          return !inFile || !isSuppressed(inFile, finding.ruleId, finding.span.loc.start);
        });

  return {
    findings,
    suppressed: located.length - findings.length,
    diagnostics: [...discovery.diagnostics, ...collected.diagnostics.filter((d) => discovery.reported(d.file))].sort(compareDiagnostics),
    filesAnalyzed: collected.states.length,
    filesParsed: collected.parsed,
    filesFound: discovery.files.length,
    projects: discovery.projects,
    linked,
    timings,
    cache: collected.cache,
    fileListFromCache: fromCache,
  };
}

const SOURCE_FILE = /\.(?:[cm]?[jt]sx?)$/;
const NEVER_FOLLOWED = picomatch(DEFAULT_EXCLUDE as string[], { dot: true });

/**
 * The files a file's relative imports and re-exports reach on disk that are not queued yet: inside
 * the project root (also through links), source files, not declaration files, `node_modules` or
 * `dist`, nor excluded by the user's `exclude`. One stat per new specifier; each file is queued once.
 */
function importFollower(cwd: string, options: AnalyzeOptions, queued: Set<string>): (from: string, specifiers: readonly string[]) => SourceRef[] {
  const excluded = options.exclude && options.exclude.length > 0 ? picomatch([...options.exclude], { dot: true }) : undefined;
  const containment = createContainment(cwd, []);
  const onDisk = new Map<string, boolean>();
  const exists = (rel: string): boolean => {
    // A file discovery listed is there: no stat (discovery already judged its links).
    if (queued.has(rel)) return true;
    let found = onDisk.get(rel);
    if (found === undefined) {
      found = !rel.startsWith('../') && SOURCE_FILE.test(rel) && !NEVER_FOLLOWED(rel) && !excluded?.(rel) && isFile(path.join(cwd, rel)) && containment.escape(path.join(cwd, rel)) === undefined;
      onDisk.set(rel, found);
    }
    return found;
  };
  const resolve = createModuleResolver([], cwd, undefined, [], exists);
  return (from, specifiers) => {
    const out: SourceRef[] = [];
    for (const specifier of specifiers) {
      if (!specifier.startsWith('.')) continue;
      const rel = resolve(from, specifier);
      if (rel === undefined || queued.has(rel)) continue;
      queued.add(rel);
      out.push({ abs: path.join(cwd, rel), rel });
    }
    return out;
  };
}

function isFile(abs: string): boolean {
  try {
    return statSync(abs).isFile();
  } catch {
    return false;
  }
}

