// The whole-project pipeline: discover → (read, cache lookup, parse) → extract → link → check.
// Each file is read, parsed and extracted on its own (its tree is released right after), so the
// cost grows linearly with the number of files; only link and check see the whole project, and
// they work on plain facts.
import { statSync } from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import { performance } from 'node:perf_hooks';
import { ts } from 'ts-morph';
import { compareDiagnostics, runChecks, type ToolDiagnostic } from '../checks/index.js';
import { adapterNaming } from '../facts/adapters/index.js';
import { extractFacts } from '../facts/extract.js';
import { linkFacts } from '../facts/resolve.js';
import type { FileFacts } from '../facts/types.js';
import { cacheFilePath, FactsCache, sha256 } from './cache.js';
import { cacheSalt } from './cache-salt.js';
import { createContainment } from './containment.js';
import { DEFAULT_EXCLUDE, discoverFiles } from './discover.js';
import { isSuppressed, mayHaveDirectives, parseDirectives, type FileDirectives } from './directives.js';
import { createModuleResolver } from './module-resolver.js';
import { createParser, type Parsed, type Parser } from './parse.js';
import { readSource } from './read.js';
import type { AnalysisResult, AnalyzeOptions, Phase } from './types.js';

/** With a progress callback, yield to the event loop this often so a progress bar can redraw. */
const YIELD_EVERY_MS = 50;

export async function analyzeProject(options: AnalyzeOptions): Promise<AnalysisResult> {
  const timings: Record<Phase, number> = { discover: 0, parse: 0, extract: 0, link: 0, check: 0 };
  const timed: Timed = (phase, run) => {
    const start = performance.now();
    try {
      return run();
    } finally {
      timings[phase] += performance.now() - start;
    }
  };

  const cwd = path.resolve(options.cwd);
  const discovery = timed('discover', () =>
    discoverFiles({ cwd, paths: options.paths, tsconfig: options.tsconfig, include: options.include, exclude: options.exclude }),
  );
  const diagnostics: ToolDiagnostic[] = [...discovery.diagnostics];
  const cache =
    options.cacheLocation === undefined
      ? undefined
      : timed('parse', () => FactsCache.open(cacheFilePath(cwd, options.cacheLocation as string), cacheSalt()));

  const facts: FileFacts[] = [];
  // Inline `eslint-disable` directives per file. Taken from the text read on every run (cache hit
  // or not), so the facts cache cannot hide them; only files that mention a directive pay anything.
  const directives = new Map<string, FileDirectives>();
  const counts = { hits: 0, misses: 0 };
  let parser: Parser | undefined;
  options.onProgress?.(0, discovery.files.length);
  let lastYield = performance.now();

  // Files the listed files import, as the compiler's program has them (a tsconfig lists entry
  // points; `"include": ["*/**.ts"]` lists one level): followed through relative specifiers.
  const queue: Array<{ abs: string; rel: string }> = [...discovery.files];
  const queued = new Set(queue.map((file) => file.rel));
  const follow = importFollower(cwd, options, queued);
  let total = queue.length;
  for (let index = 0; index < queue.length; index++) {
    const file = queue[index]!;
    const read = timed('parse', () => readSource(file.abs, file.rel));
    if (!read.ok) {
      diagnostics.push(read.diagnostic);
      cache?.forget(file.rel);
    } else {
      if (mayHaveDirectives(read.text)) {
        const found = timed('parse', () => parseDirectives(read.text));
        if (found.size > 0) directives.set(file.rel, found);
      }
      const hash = cache ? timed('parse', () => sha256(read.bytes)) : '';
      const cached = cache ? timed('parse', () => cache.get(file.rel, hash)) : undefined;
      if (cached) {
        counts.hits++;
        facts.push(cached.facts);
        for (const extra of follow(cached.facts)) {
          queue.push(extra);
          total++;
        }
        diagnostics.push(...cached.diagnostics);
      } else {
        if (cache) counts.misses++;
        const result = analyzeFile(file.abs, file.rel, read.text, (parser ??= createParser()), timed);
        diagnostics.push(...result.diagnostics);
        if (result.facts) {
          facts.push(result.facts);
          for (const extra of follow(result.facts)) {
            queue.push(extra);
            total++;
          }
          cache?.set(file.rel, hash, { facts: result.facts, diagnostics: result.diagnostics });
        } else {
          cache?.forget(file.rel);
        }
      }
    }
    if (options.onProgress) {
      options.onProgress(index + 1, total);
      if (performance.now() - lastYield >= YIELD_EVERY_MS) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        lastYield = performance.now();
      }
    }
  }
  if (cache) timed('parse', () => cache.save(cwd));

  const linked = timed('link', () => {
    const resolveModule = createModuleResolver(
      facts.map((f) => f.file),
      cwd,
      discovery.aliasesFor,
      discovery.packages,
    );
    return linkFacts(facts, { resolveModule, naming: adapterNaming });
  });
  // Paths in facts are already relative to cwd with POSIX separators: what `helperModules` globs match.
  const all = timed('check', () => runChecks({ files: facts, linked, matchPath: (file) => file }, options.rules));
  // Dropped as ESLint drops them: by the rule and the finding's start, in the finding's own file.
  const findings =
    directives.size === 0
      ? all
      : all.filter((finding) => {
          const inFile = directives.get(finding.file);
          return !inFile || !isSuppressed(inFile, finding.ruleId, finding.span.loc.start);
        });

  return {
    findings,
    suppressed: all.length - findings.length,
    diagnostics: diagnostics.sort(compareDiagnostics),
    filesAnalyzed: facts.length,
    filesFound: discovery.files.length,
    projects: discovery.projects,
    linked,
    timings,
    cache: counts,
  };
}

type Timed = <T>(phase: Phase, run: () => T) => T;

const SOURCE_FILE = /\.(?:[cm]?[jt]sx?)$/;
const NEVER_FOLLOWED = picomatch(DEFAULT_EXCLUDE as string[], { dot: true });

/**
 * The files a file's relative imports and re-exports reach on disk that are not queued yet: inside
 * the project root (also through links), source files, not declaration files, `node_modules` or
 * `dist`, nor excluded by the user's `exclude`. One stat per new specifier; each file is queued once.
 */
function importFollower(cwd: string, options: AnalyzeOptions, queued: Set<string>): (facts: FileFacts) => Array<{ abs: string; rel: string }> {
  // Paths that narrow the run (a pre-commit hook's changed files) keep it narrow.
  if (options.paths?.some((p) => path.resolve(cwd, p) !== cwd)) return () => [];
  const excluded = options.exclude && options.exclude.length > 0 ? picomatch([...options.exclude], { dot: true }) : undefined;
  const containment = createContainment(cwd, []);
  const onDisk = new Map<string, boolean>();
  const exists = (rel: string): boolean => {
    let found = onDisk.get(rel);
    if (found === undefined) {
      found = !rel.startsWith('../') && SOURCE_FILE.test(rel) && !NEVER_FOLLOWED(rel) && !excluded?.(rel) && isFile(path.join(cwd, rel)) && containment.escape(path.join(cwd, rel)) === undefined;
      onDisk.set(rel, found);
    }
    return found;
  };
  const resolve = createModuleResolver([], cwd, undefined, [], exists);
  return (facts) => {
    const out: Array<{ abs: string; rel: string }> = [];
    const specifiers = [
      ...facts.imports.map((i) => i.module),
      ...facts.exports.flatMap((e) => (e.value.kind === 're-export' ? [e.value.module] : [])),
      ...facts.exportAll,
    ];
    for (const specifier of specifiers) {
      if (!specifier.startsWith('.')) continue;
      const rel = resolve(facts.file, specifier);
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

/**
 * Parse and extract one file. A crash in either (a compiler or extractor bug on unusual code) is an
 * `internal-error` diagnostic for that file, never the end of the run.
 */
function analyzeFile(
  abs: string,
  rel: string,
  text: string,
  parser: Parser,
  timed: Timed,
): { facts: FileFacts | undefined; diagnostics: ToolDiagnostic[] } {
  const diagnostics: ToolDiagnostic[] = [];
  let parsed: Parsed | undefined;
  try {
    parsed = timed('parse', () => parser.parse(abs, rel, text));
    if (parsed.diagnostic) diagnostics.push(parsed.diagnostic);
    const sourceFile = parsed.sourceFile;
    const facts = timed('extract', () => extractFacts(ts, sourceFile, { file: rel }));
    return { facts, diagnostics };
  } catch (error) {
    const stage = parsed ? 'Fact extraction' : 'Parsing';
    diagnostics.push({ file: rel, kind: 'internal-error', message: `${stage} failed: ${describe(error)}` });
    return { facts: undefined, diagnostics };
  } finally {
    parsed?.release();
  }
}


function describe(error: unknown): string {
  // The compiler's parser and the extractor recurse per nesting level: a few thousand levels of
  // generated code exhaust the stack. That is a property of the file, said as such.
  if (error instanceof RangeError && /call stack/i.test(error.message)) return 'the code is nested too deeply (maximum call stack size exceeded)';
  return error instanceof Error ? error.message : String(error);
}
