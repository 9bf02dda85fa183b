// The CLI program: `tool-identity-audit [paths...]` audits a project, `tool-identity-audit graph`
// draws its agent/tool map. `main` runs in-process (tests call it) and returns the exit code;
// bin.ts hands it process.argv and sets process.exitCode.
import path from 'node:path';
import { Command, CommanderError, Option } from 'commander';
// The analyzer (ts-morph, hence the TypeScript compiler) is imported only when a run analyses:
// --version, --help and configuration errors never pay for loading the compiler.
import { AnalyzerConfigError } from '../analyzer/errors.js';
import { isInsideDirectory } from '../analyzer/source-paths.js';
import type { AnalysisResult, AnalyzeOptions } from '../analyzer/types.js';
import { catalog, ruleIds } from '../checks/catalog.js';
import type { Finding } from '../checks/finding.js';
import { defaultRuleOptions } from '../checks/rule-option-defaults.js';
import { formatNames } from '../reporters/index.js';
import { packageInfo } from '../version.js';
import { applyBaseline, baselineNote, DEFAULT_BASELINE_FILE, readBaseline, writeBaseline } from './baseline.js';
import { CONFIG_FILE_NAME, displayPath, PACKAGE_JSON_KEY, SCHEMA_PATH } from './config.js';
import type { Config } from './config-schema.js';
import { loadConfig } from './load-config.js';
import { startCompileCache } from './compile-cache.js';
import { CliError, errorMessage, ExitCode } from './errors.js';
import { graphFormats, renderGraph, type GraphFormat } from './graph.js';
import { narrowLinked } from './graph-scope.js';
import { planOutputs, writeReportFile } from './output.js';
import { renderTimings } from './performance.js';
import { contributingProjects, emptyRunError, renderProjects } from './projects.js';
import { renderCoverage } from './coverage.js';
import { declaredAdapters } from '../facts/adapters/declarations.js';
import type { AdapterDeclaration } from '../facts/adapters/declarations.js';
import { createProgress, PROGRESS_MIN_FILES } from './progress.js';
import { applyLevels, parseRuleOverride, resolveRules } from './rules.js';
import { eslintRulesForFiles, fileLevelOf, type EslintRulesRequest, type FileLevels } from './eslint-rules.js';
import { exitCodeOf, parseMaxWarnings, TOOL_NAME, writeBaselineFile, writeReports } from './report-run.js';
import { registerToolsCommand } from './tools.js';
import { registerServerCommand } from './server.js';
import type { CliIo } from './cli-io.js';

export { TOOL_NAME };

export const DEFAULT_CACHE_LOCATION = 'node_modules/.cache/tool-identity-audit';

export type { CliIo } from './cli-io.js';

interface AuditOptions {
  config?: string;
  format?: string[];
  outputFile?: string;
  maxWarnings?: string;
  exitCode: boolean;
  quiet?: boolean;
  cache?: boolean;
  cacheLocation: string;
  baseline?: string;
  writeBaseline?: boolean;
  pruneBaseline?: boolean;
  rule?: string[];
  eslintConfig?: string | true;
  tsconfig?: string;
  performance?: boolean;
  debug?: boolean;
  color?: boolean;
}

interface GraphOptions {
  config?: string;
  format: GraphFormat;
  outputFile?: string;
  tsconfig?: string;
}

/** Repeatable options; no default, so help shows none. */
const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

const HELP_AFTER = `
Configuration:
  ${CONFIG_FILE_NAME} in the working directory (or -c <file>), else the
  "${PACKAGE_JSON_KEY}" key of package.json. Unknown keys and invalid values stop the run.
  Paths in it are relative to the working directory. JSON schema for editors:
  ${SCHEMA_PATH}

Rules (default level; change with --rule <id=level> or "rules" in the configuration):
${ruleIds.map((id) => `  ${id.padEnd(Math.max(...ruleIds.map((other) => other.length)))}  ${catalog[id].defaultSeverity}`).join('\n')}

Output:
  Without -f the report is stylish text on stdout; on GitHub Actions (GITHUB_ACTIONS=true)
  GitHub annotations (-f github) follow it. Colours only when stdout is a terminal, NO_COLOR
  is unset and CI is not set, unless --color or --no-color says otherwise. A progress bar is
  drawn on stderr for projects over ${PROGRESS_MIN_FILES} files when stderr is a terminal and CI is not set.

Exit codes:
  0  no error-level findings and no more warnings than --max-warnings (always with --no-exit-code)
  1  error-level findings, files that could not be analysed, or too many warnings
  2  fatal: invalid configuration, flag value or baseline, a tsconfig named by --tsconfig
     that cannot be read, no file analysed, crash

Examples:
  $ ${TOOL_NAME}
      audit the project in the working directory
  $ ${TOOL_NAME} src -f stylish -f sarif=audit.sarif
      print text and write SARIF for GitHub code scanning
  $ ${TOOL_NAME} --write-baseline
  $ ${TOOL_NAME} --baseline ${DEFAULT_BASELINE_FILE}
      record today's findings, then report only new ones
  $ ${TOOL_NAME} graph -f dot -o tools.dot
      draw the agent/tool map
  $ ${TOOL_NAME} tools mcp-tools/
      audit dumped MCP tools/list results and provider request bodies
  $ ${TOOL_NAME} server start
      keep the CLI and the compiler loaded: later runs are sent to it
`;

/** Runs the CLI with `argv` (the arguments after the program name); resolves to the exit code. */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  let exitCode: number = ExitCode.Ok;
  const program = new Command(TOOL_NAME);
  program
    .description('Find agent-tool identity bugs: tool-name collisions, namespace misuse, call-ID coercion, identity-helper bypasses.')
    .version(packageInfo.version, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show this help')
    .enablePositionalOptions()
    .exitOverride()
    .configureOutput({
      writeOut: (text) => void io.stdout.write(text),
      writeErr: (text) => void io.stderr.write(text),
      outputError: (text, write) => write(`${TOOL_NAME}: ${text.replace(/^error: /, '')}`),
      // Help is wrapped to the terminal the io says, not to whatever process.stdout is.
      getOutHelpWidth: () => io.stdout.columns ?? 80,
      getErrHelpWidth: () => io.stderr.columns ?? 80,
      getOutHasColors: () => false,
      getErrHasColors: () => false,
    })
    .argument('[paths...]', 'files or directories to report on, relative to the working directory; the projects that own them are analysed whole (default: ".")')
    .option('-c, --config <file>', `configuration file (default: ${CONFIG_FILE_NAME}, else package.json "${PACKAGE_JSON_KEY}")`)
    .option(
      '-f, --format <name[=path]>',
      `report format: ${formatNames.join(', ')} (default: stylish); name=path writes that format to a file; repeatable`,
      collect,
    )
    .option('-o, --output-file <file>', 'write the report of the first format without =path to this file')
    .option('--max-warnings <n>', 'exit with code 1 when there are more than n warnings; -1 for no limit (default: -1)')
    .option('--no-exit-code', 'exit with code 0 even when findings fail the run (fatal errors still exit 2)')
    .option('--quiet', 'report errors only: warnings are left out of the output and of --max-warnings')
    .option('--rule <id=level>', 'set the level of a rule: off, warn or error; repeatable', collect)
    .option(
      '--eslint-config [file]',
      'take rule levels and options from the ESLint flat config, file by file (default: the config ESLint finds); loading it runs it, as ESLint does',
    )
    .option('--tsconfig <file>', 'tsconfig.json that lists the project files, followed alone (default: each file\'s nearest tsconfig.json, found from the working directory)')
    .option('--cache', 'cache per-file facts between runs')
    .option('--cache-location <dir>', 'directory of the cache', DEFAULT_CACHE_LOCATION)
    .option('--baseline <file>', 'suppress the findings recorded in this baseline file')
    .option('--prune-baseline', 'drop the baseline entries that no longer match a finding (fixed, or code that is gone), then report as usual')
    .option('--write-baseline', `record the current findings in the baseline file (--baseline, else the config's "baseline", else ${DEFAULT_BASELINE_FILE}) and exit 0`)
    .option('--performance', 'print the time spent in each analysis phase on stderr')
    .option('--debug', 'print on stderr each project (tsconfig, workspace package, default globs) with the files it contributed, then per framework the definitions, sets and MCP servers understood and how many sets are incomplete and why')
    .option('--color', 'force colours on')
    .option('--no-color', 'force colours off')
    .addHelpText('after', HELP_AFTER)
    .action(async (paths: string[], options: AuditOptions) => {
      exitCode = await runAudit(paths, options, io);
    });

  program
    .command('graph')
    .description('Print the agent/tool map: agents, the tools they expose, handoffs, agent-as-tool, MCP servers; colliding names in red.')
    .argument('[paths...]', 'files or directories to analyse (default: ".")')
    .option('-c, --config <file>', `configuration file (default: ${CONFIG_FILE_NAME}, else package.json "${PACKAGE_JSON_KEY}")`)
    .addOption(new Option('-f, --format <format>', 'graph language').choices(graphFormats).default('mermaid'))
    .option('-o, --output-file <file>', 'write the graph to this file instead of stdout')
    .option('--tsconfig <file>', 'tsconfig.json that lists the project files, followed alone (default: each file\'s nearest tsconfig.json, found from the working directory)')
    .helpOption('-h, --help', 'show this help')
    .action(async (paths: string[], options: GraphOptions) => {
      exitCode = await runGraph(paths, options, io);
    });

  registerToolsCommand(program, io, (code) => {
    exitCode = code;
  });
  registerServerCommand(program, io, main, (code) => {
    exitCode = code;
  });

  try {
    await program.parseAsync([...argv], { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version exit 0; usage errors were already printed by outputError.
      return error.exitCode === 0 ? ExitCode.Ok : ExitCode.Fatal;
    }
    if (error instanceof CliError) {
      io.stderr.write(`${TOOL_NAME}: ${error.message}\n`);
      return ExitCode.Fatal;
    }
    io.stderr.write(`${TOOL_NAME}: ${errorMessage(error)}\n`);
    // An unexpected error is a bug: the stack trace is what a report needs.
    if (error instanceof Error && error.stack) {
      const frames = error.stack.split('\n').filter((line) => /^\s+at /.test(line));
      if (frames.length > 0) io.stderr.write(`${frames.join('\n')}\n`);
    }
    return ExitCode.Fatal;
  }
}



/**
 * Report paths, the configuration and the cache are the working directory's; a path outside it
 * would analyse nothing (its files are not the project's), so it is refused by name.
 */
function checkPathsWithin(cwd: string, paths: readonly string[]): void {
  const root = path.resolve(cwd);
  for (const given of paths) {
    if (!isInsideDirectory(path.resolve(root, given), root)) {
      throw new CliError(`Path "${given}" is outside the working directory ${root}: run ${TOOL_NAME} from a directory that contains it.`);
    }
  }
}

/** The directory of a `--cache-location`: itself, or the folder of a `*.json` index file. */
function cacheDirectory(location: string): string {
  return location.toLowerCase().endsWith('.json') ? path.dirname(location) : location;
}

async function analyze(io: CliIo, options: Omit<AnalyzeOptions, 'onProgress'>): Promise<AnalysisResult> {
  // The compiled-code cache starts before the analyzer (and the compiler) is loaded (where:
  // compile-cache.ts); never for a test's injected analyzer.
  const storeCompiledCode = io.analyze
    ? () => {}
    : startCompileCache(io.env, io.cwd, options.cacheLocation === undefined ? undefined : path.join(cacheDirectory(options.cacheLocation), 'v8'));
  const progress = createProgress(io.stderr, io.isTTY.stderr, io.env);
  try {
    const analyzeProject = io.analyze ?? (await import('../analyzer/analyze.js')).analyzeProject;
    return await analyzeProject({ ...options, onProgress: progress.onProgress });
  } catch (error) {
    // An unreadable or invalid tsconfig, a path that does not exist: fatal, but the user's to fix.
    if (error instanceof AnalyzerConfigError) throw new CliError(error.message);
    throw error;
  } finally {
    progress.stop();
    storeCompiledCode();
  }
}

function projectOptions(io: CliIo, config: Config, paths: readonly string[], tsconfigFlag: string | undefined): Omit<AnalyzeOptions, 'rules'> {
  const options: Omit<AnalyzeOptions, 'rules'> = { cwd: io.cwd, paths: paths.length > 0 ? [...paths] : ['.'] };
  // Without a tsconfig named, the analyzer finds each file's own (at, above or below the paths).
  const given = tsconfigFlag ?? config.tsconfig;
  if (given !== undefined) options.tsconfig = path.resolve(io.cwd, given);
  if (config.include) options.include = config.include;
  if (config.exclude) options.exclude = config.exclude;
  if (config.adapters) options.adapters = config.adapters;
  return options;
}

async function runAudit(paths: string[], options: AuditOptions, io: CliIo): Promise<number> {
  // Every flag is checked before the (possibly long) analysis starts.
  checkPathsWithin(io.cwd, paths);
  const outputs = planOutputs(options.format ?? [], options.outputFile, io.env);
  const overrides = (options.rule ?? []).map(parseRuleOverride);
  const maxWarningsFlag = options.maxWarnings === undefined ? undefined : parseMaxWarnings(options.maxWarnings);
  const { config, source } = await loadConfig(io.cwd, options.config);
  const rules = resolveRules(config.rules, overrides);
  const fromEslint = eslintRequest(io.cwd, options.eslintConfig, config, source);
  const maxWarnings = maxWarningsFlag ?? config.maxWarnings ?? -1;
  const baselineFile = options.baseline ?? config.baseline;
  const baselinePath = baselineFile === undefined ? undefined : path.resolve(io.cwd, baselineFile);
  const baselineShown = baselinePath === undefined ? '' : displayPath(io.cwd, baselinePath);
  const known = baselinePath !== undefined && !options.writeBaseline ? await readBaseline(baselinePath, baselineShown) : undefined;
  // A configured baseline before its first --write-baseline: nothing to hide yet, said once.
  if (baselinePath !== undefined && !options.writeBaseline && known === undefined) {
    io.stderr.write(`${TOOL_NAME}: baseline ${baselineShown} does not exist yet; no finding is hidden (write it with --write-baseline)\n`);
  }
  if (options.pruneBaseline && known === undefined) throw new CliError('--prune-baseline: no baseline file to prune (give --baseline or the config\'s "baseline")');

  const analyzeOptions: AnalyzeOptions = { ...projectOptions(io, config, paths, options.tsconfig), rules: rules.enabled };
  // With ESLint's config, each file has its own levels, as ESLint gives them.
  const fileLevels: FileLevels = new Map();
  if (fromEslint) analyzeOptions.rulesForFiles = await eslintRulesForFiles(io.cwd, fromEslint, overrides, fileLevels);
  if (options.cache) analyzeOptions.cacheLocation = path.resolve(io.cwd, options.cacheLocation);
  const result = await analyze(io, analyzeOptions);
  if (options.debug) io.stderr.write(renderProjects(TOOL_NAME, result) + renderCoverage(TOOL_NAME, result.linked, titleIn(config.adapters)));
  if (options.performance) io.stderr.write(renderTimings(result));
  // Nothing found at all: there is no report to write, only the reason.
  if (result.filesFound === 0) throw emptyRunError(result, paths) as CliError;

  let findings: Finding[] = applyLevels(result.findings, fromEslint ? fileLevelOf(fileLevels) : rules.levels);
  if (options.writeBaseline) {
    const empty = emptyRunError(result, paths);
    if (empty) throw empty;
    return writeBaselineFile(io, baselineFile ?? DEFAULT_BASELINE_FILE, findings);
  }
  if (known && baselinePath !== undefined) {
    const applied = applyBaseline(findings, known);
    findings = applied.kept;
    if (options.pruneBaseline && applied.stale > 0) writeBaseline(baselinePath, baselineShown, { version: 1, findings: applied.matched });
    io.stderr.write(`${TOOL_NAME}: ${baselineNote(baselineShown, applied, options.pruneBaseline === true)}\n`);
  }

  const counts = writeReports(
    io,
    { findings, diagnostics: result.diagnostics, filesAnalyzed: result.filesAnalyzed, projects: contributingProjects(result), checkedSomething: result.filesAnalyzed > 0, declarationsGiven: result.declarations.length },
    { outputs, ...(options.quiet ? { quiet: true } : {}), ...(options.color !== undefined ? { color: options.color } : {}) },
  );
  // Files found, none analysed: the report says why each was skipped; the run still fails.
  const empty = emptyRunError(result, paths);
  if (empty) throw empty;
  return exitCodeOf(io, counts, options.exitCode, maxWarnings);
}

async function runGraph(paths: string[], options: GraphOptions, io: CliIo): Promise<number> {
  const { config } = await loadConfig(io.cwd, options.config);
  // Only collisions are needed, to colour the names that collide.
  const result = await analyze(io, {
    ...projectOptions(io, config, paths, options.tsconfig),
    rules: { 'no-tool-name-collision': defaultRuleOptions('no-tool-name-collision') },
  });
  const empty = emptyRunError(result, paths);
  if (empty) throw empty;
  const text = renderGraph(narrowLinked(result.linked, underPaths(io.cwd, paths)), result.findings, options.format);
  if (options.outputFile === undefined) io.stdout.write(text);
  else writeReportFile(io.cwd, options.outputFile, text);
  return ExitCode.Ok;
}

/** Whether (and where) to read the levels from ESLint's config: the flag wins over the configuration's keys. */
function eslintRequest(cwd: string, flag: string | true | undefined, config: Config, source: string | undefined): EslintRulesRequest | undefined {
  if (flag !== undefined) {
    if (config.rules !== undefined) {
      throw new CliError(`--eslint-config: ${source ?? CONFIG_FILE_NAME} also sets "rules"; the levels come from one place: remove "rules" or drop --eslint-config`);
    }
    const file = flag === true ? config.eslintConfig : flag;
    return { origin: '--eslint-config', configFile: file === undefined ? undefined : path.resolve(cwd, file) };
  }
  if (config.rulesFrom !== 'eslint') return undefined;
  return {
    origin: `"rulesFrom": "eslint" in ${source ?? CONFIG_FILE_NAME}`,
    configFile: config.eslintConfig === undefined ? undefined : path.resolve(cwd, config.eslintConfig),
  };
}

/** A file (relative POSIX) under one of the paths given, relative to the working directory. */
function underPaths(cwd: string, paths: readonly string[]): (file: string) => boolean {
  const dirs = paths.map((p) => path.relative(cwd, path.resolve(cwd, p)).split(path.sep).join('/'));
  if (dirs.length === 0 || dirs.some((dir) => dir === '.' || dir === '')) return () => true;
  return (file) => dirs.some((dir) => file === dir || file.startsWith(`${dir}/`));
}

/** An adapter id's title over the run's adapters (built-in and declared). */
function titleIn(declarations: readonly AdapterDeclaration[] | undefined): (adapter: string) => string {
  const list = declaredAdapters(declarations);
  return (adapter) => list.find((candidate) => candidate.id === adapter)?.title ?? adapter;
}
