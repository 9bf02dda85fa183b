// What a run reports from its outcome (made now, or taken from the cache): findings under the paths
// given, less those an inline directive suppresses; diagnostics under the paths after discovery's.
import { compareDiagnostics, type Finding, type ToolDiagnostic } from '../checks/finding.js';
import type { LinkedProject } from '../facts/resolved.js';
import { isSuppressed, type FileDirectives } from './directives.js';
import type { Discovery } from './discover.js';
import type { AnalysisResult, Phase } from './types.js';

/** What a run found, before narrowing and suppression. */
export interface Outcome {
  all: readonly Finding[];
  diagnostics: readonly ToolDiagnostic[];
  /** Each file's inline directives, as the cache stores them (`[ruleId, ranges]` pairs). */
  directives: ReadonlyMap<string, ReadonlyArray<[string, unknown[]]>>;
  analysed: number;
  parsed: number;
  cache: { hits: number; misses: number };
  findingsFromCache: boolean;
  /** Built when first read (a run whose findings came from the cache may never need it). */
  linked(): LinkedProject;
}

export function reportOutcome(
  discovery: Pick<Discovery, 'reported' | 'diagnostics' | 'files' | 'projects' | 'declarations'>,
  outcome: Outcome,
  run: { timings: Record<Phase, number>; fileListFromCache: boolean },
): AnalysisResult {
  // Paths narrow what is reported: findings located under them (their related locations may lie
  // anywhere in the projects analysed), as typed ESLint reports the files it is given.
  const located = outcome.all.filter((finding) => discovery.reported(finding.file));
  // Inline `eslint-disable` directives, dropped as ESLint drops them: by the rule and the finding's
  // start, in the finding's own file. Read from every file's text (or its cache entry), parsed or not.
  const parsed = new Map<string, FileDirectives>();
  const directivesIn = (file: string): FileDirectives | undefined => {
    const stored = outcome.directives.get(file);
    if (!stored) return undefined;
    if (!parsed.has(file)) parsed.set(file, new Map(stored) as unknown as FileDirectives);
    return parsed.get(file);
  };
  const findings = located.filter((finding) => {
    const inFile = directivesIn(finding.file);
    return !inFile || !isSuppressed(inFile, finding.ruleId, finding.span.loc.start);
  });
  return {
    findings,
    suppressed: located.length - findings.length,
    diagnostics: [...discovery.diagnostics, ...outcome.diagnostics.filter((d) => discovery.reported(d.file))].sort(compareDiagnostics),
    filesAnalyzed: outcome.analysed,
    filesParsed: outcome.parsed,
    filesFound: discovery.files.length,
    projects: discovery.projects,
    declarations: discovery.declarations,
    get linked() {
      return outcome.linked();
    },
    timings: run.timings,
    cache: outcome.cache,
    fileListFromCache: run.fileListFromCache,
    findingsFromCache: outcome.findingsFromCache,
  };
}
