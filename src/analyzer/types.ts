// The analyzer's public contract (`tool-identity-audit/analyzer`): whole-project analysis with
// ts-morph, the same checks as the ESLint rules.
import type { LinkedProject } from '../facts/resolved.js';
import type { Finding, ToolDiagnostic } from '../checks/finding.js';
import type { RuleId } from '../checks/catalog.js';
import type { RuleOptionsInput } from '../checks/rule-option-schemas.js';
import type { AdapterDeclaration } from '../facts/adapters/declarations.js';
import type { ProjectReport } from './discover.js';

export type { ProjectReport } from './discover.js';

/** Rule ids to their options, as far as given. */
export type RuleSettings = { [K in RuleId]?: RuleOptionsInput<K> };

export interface AnalyzeOptions {
  /** Project root: paths in findings are relative to it (POSIX). */
  cwd: string;
  /**
   * Files or directories whose findings are reported, relative to `cwd`; default `['.']`. They
   * narrow what is reported, not what is analysed: the projects that own a file under them are
   * analysed whole (their other files are the other side of a collision), and findings located
   * under them are reported. A path that does not exist throws `AnalyzerConfigError`.
   */
  paths?: string[];
  /**
   * tsconfig.json (or a directory holding one) to take `include`/`exclude`/`files`, project
   * `references` and `paths`/`baseUrl` from, followed alone. Without it, the projects are found
   * from `cwd`: `<cwd>/tsconfig.json` and its references, the workspace members, and every
   * tsconfig.json and nested workspace below (see layout.ts and tree.ts); a source file no tsconfig
   * lists is analysed through the one nearest above it, else with the default settings. A given
   * one that does not exist, and syntax or shape errors in this first tsconfig, throw
   * `AnalyzerConfigError`; what it extends or references that cannot be read is a
   * `config-unreadable` diagnostic.
   */
  tsconfig?: string;
  /**
   * Globs used when there is no tsconfig (or in addition to `paths`), matched against paths relative
   * to `cwd`. Defaults: include `**\/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}`, exclude `**\/node_modules/**`,
   * `**\/dist/**`, `**\/*.d.ts`. With a tsconfig, globs given here narrow its list further. Only
   * files with those source extensions are ever analysed.
   */
  include?: string[];
  exclude?: string[];
  /**
   * The rules to run, each with its options (missing options take their defaults); a rule left out
   * (or `undefined`) is off. Default: the recommended set, every rule whose default level is not
   * `off`, with default options. Invalid options throw `AnalyzerConfigError` naming the option
   * (`rules.valid-tool-name.provider: ...`).
   */
  rules?: RuleSettings;
  /**
   * Rules file by file, as ESLint's flat config sets them (the CLI's `--eslint-config`): called once,
   * after reading, with the reported files analysed (relative POSIX paths); returns each file's
   * rules, and a file it leaves out reports nothing. `rules` is then not used. The checks run once
   * per distinct setting over the whole project; a finding is kept where its file has that setting.
   */
  rulesForFiles?: (files: readonly string[]) => Promise<ReadonlyMap<string, RuleSettings>>;
  /**
   * The project's own definers, sets and registrations in the adapter vocabulary (`adapters` in the
   * configuration, docs/adapters.md). Validated here: a bad declaration throws `AnalyzerConfigError`
   * naming the key.
   */
  adapters?: readonly AdapterDeclaration[];
  /**
   * Per-file cache, looked up by modification time and size, then by content hash, and salted with
   * the tool version and config hash; off when undefined.
   * (The "config" is what facts depend on: the facts format version, the adapter tables and the
   * extractor's code; rule options only affect checks, whose findings are kept under a key that
   * includes them.) Relative to `cwd`. A directory (trailing `/`, an existing directory, or any name not ending in
   * `.json`) holds `analyzer-facts.json`; a `*.json` path is the index file itself. Beside the index,
   * `<index>.run.json` holds the last run's file list, findings and outcome.
   */
  cacheLocation?: string;
  /** Called as files are processed (the CLI draws a progress bar on a TTY). */
  onProgress?(done: number, total: number): void;
  /**
   * Default true: a file whose bytes show it cannot hold facts beyond its module surface is parsed
   * only when the linker reaches it from a file that can. False parses every file; the findings are
   * the same either way (a test holds every fixture to it), only slower.
   */
  prefilter?: boolean;
}

export type Phase = 'discover' | 'read' | 'parse' | 'extract' | 'link' | 'check';

export interface AnalysisResult {
  /** Findings not suppressed by an inline `eslint-disable` directive comment. */
  findings: Finding[];
  /**
   * Findings dropped because an inline directive (`// eslint-disable-next-line tool-identity/<id>`,
   * `-line`, a block `eslint-disable` … `eslint-enable`, or a rule-less form) disables their rule
   * where they start, exactly as ESLint would.
   */
  suppressed: number;
  diagnostics: ToolDiagnostic[];
  /**
   * Files read and judged: parsed, or found from their bytes (or an unchanged cache entry) to hold
   * nothing the rules read. A file with syntax errors counts: its recovered tree is analysed.
   */
  filesAnalyzed: number;
  /** Files parsed and extracted in this run (cache hits and files skipped from their bytes are not). */
  filesParsed: number;
  /** Files discovered: analysed, or skipped with a diagnostic (binary, too large, unreadable). */
  filesFound: number;
  /**
   * The projects the files came from, in the order found: tsconfigs (and those they reference),
   * workspace members, default-glob directories, each with how many files it contributed.
   */
  projects: ProjectReport[];
  /** Declaration files given as paths: their projects are analysed, nothing in them is checked. */
  declarations: string[];
  linked: LinkedProject;
  /**
   * Milliseconds per phase, for `--performance`. `discover`: tsconfig/glob listing; `read`: stat,
   * reading, hashing, cache lookup/save and judging files from their bytes; `parse`: TypeScript
   * parsing; `extract`: fact extraction; `link`; `check`.
   */
  timings: Record<Phase, number>;
  /**
   * Facts-cache use: `hits` were taken from the cache (unchanged time and size, or content hash),
   * `misses` were judged anew from their bytes (and parsed when they can matter). Both 0 when
   * `cacheLocation` is undefined. Files that could not be read count as neither.
   */
  cache: { hits: number; misses: number };
  /** The file list came from the cache: nothing discovery reads had changed (discover-cache.ts). */
  fileListFromCache: boolean;
  /**
   * The findings came from the cache: no linked file's facts, no file the resolver knows, nor the
   * rules had changed (result-cache.ts). `linked` is then built only when read.
   */
  findingsFromCache: boolean;
}
