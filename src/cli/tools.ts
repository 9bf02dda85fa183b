// `tool-identity-audit tools <file...>`: audits dumped tool lists (MCP tools/list results, provider
// request bodies) with the same rules, levels, baselines, reporters and exit codes as the code audit.
import path from 'node:path';
import { Option, type Command } from 'commander';
import { toolNameProviders, type ToolNameProvider } from '../checks/catalog.js';
import type { Finding } from '../checks/finding.js';
import { formatNames } from '../reporters/index.js';
import type { auditToolLists } from '../toollists/audit.js';
import { ToolListInputError } from '../toollists/errors.js';
import { toolListRules } from '../toollists/rule-ids.js';
import { applyBaseline, readBaseline } from './baseline.js';
import { CONFIG_FILE_NAME, displayPath, PACKAGE_JSON_KEY } from './config.js';
import { loadConfig } from './load-config.js';
import { CliError, ExitCode } from './errors.js';
import { planOutputs, type Env } from './output.js';
import { exitCodeOf, parseMaxWarnings, TOOL_NAME, writeBaselineFile, writeReports } from './report-run.js';
import { applyLevels, parseRuleOverride, resolveRules } from './rules.js';

/** Not the code baseline's file: writing tool-list findings must never replace the code's. */
export const DEFAULT_TOOLS_BASELINE_FILE = 'tool-identity-audit.tools-baseline.json';

export interface ToolsIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  cwd: string;
  env: Env;
  isTTY: { stdout: boolean; stderr: boolean };
}

interface ToolsOptions {
  config?: string;
  format?: string[];
  outputFile?: string;
  maxWarnings?: string;
  exitCode: boolean;
  quiet?: boolean;
  rule?: string[];
  provider?: ToolNameProvider;
  baseline?: string;
  writeBaseline?: boolean;
  color?: boolean;
}

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

const HELP_AFTER = `
Input (detected by content; JSON with comments allowed):
  - an MCP tools/list result { "tools": [...] } (or the JSON-RPC response holding it); the file
    name is the server name
  - a map of server name to such results: one file for a whole client configuration
  - a directory: its .json/.jsonc files, one per server
  - an OpenAI Responses or Chat Completions request body, or its "tools" array (namespaces too)
  - an Anthropic Messages request body, or its "tools" array
  Every MCP server of one run counts as connected to one agent; each request is checked on its own.

Rules that apply: ${toolListRules.join(', ')}. Levels and options come from the
configuration and --rule, as for code. Names are checked against the request's own provider, an
MCP dump against valid-tool-name's configured provider; --provider overrides both.

Exit codes: 0 clean; 1 error-level findings, malformed files or too many warnings; 2 fatal
(a file of no known shape, a missing path, invalid configuration or flags).
`;

/** Adds the `tools` subcommand; `done` receives its exit code. */
export function registerToolsCommand(program: Command, io: ToolsIo, done: (code: number) => void): void {
  program
    .command('tools')
    .description('Audit dumped tool lists: MCP tools/list results and OpenAI / Anthropic request bodies, as the agent will send them.')
    .argument('<files...>', 'tool-list files or directories (one file per MCP server)')
    .option('-c, --config <file>', `configuration file (default: ${CONFIG_FILE_NAME}, else package.json "${PACKAGE_JSON_KEY}")`)
    .option('-f, --format <name[=path]>', `report format: ${formatNames.join(', ')} (default: stylish); name=path writes to a file; repeatable`, collect)
    .option('-o, --output-file <file>', 'write the report of the first format without =path to this file')
    .addOption(new Option('--provider <name>', 'check names against this provider for every list').choices(toolNameProviders))
    .option('--max-warnings <n>', 'exit with code 1 when there are more than n warnings; -1 for no limit (default: -1)')
    .option('--no-exit-code', 'exit with code 0 even when findings fail the run (fatal errors still exit 2)')
    .option('--quiet', 'report errors only')
    .option('--rule <id=level>', 'set the level of a rule: off, warn or error; repeatable', collect)
    .option('--baseline <file>', 'suppress the findings recorded in this baseline file')
    .option('--write-baseline', `record the current findings in the baseline file (--baseline, else ${DEFAULT_TOOLS_BASELINE_FILE}) and exit 0`)
    .option('--color', 'force colours on')
    .option('--no-color', 'force colours off')
    .helpOption('-h, --help', 'show this help')
    .addHelpText('after', HELP_AFTER)
    .action(async (files: string[], options: ToolsOptions) => {
      done(await runTools(files, options, io));
    });
}


export async function runTools(files: readonly string[], options: ToolsOptions, io: ToolsIo): Promise<number> {
  const outputs = planOutputs(options.format ?? [], options.outputFile, io.env);
  const overrides = (options.rule ?? []).map(parseRuleOverride);
  const maxWarningsFlag = options.maxWarnings === undefined ? undefined : parseMaxWarnings(options.maxWarnings);
  const { config } = await loadConfig(io.cwd, options.config);
  const rules = resolveRules(config.rules, overrides);
  const maxWarnings = maxWarningsFlag ?? config.maxWarnings ?? -1;
  const baselineShown = options.baseline === undefined ? '' : displayPath(io.cwd, path.resolve(io.cwd, options.baseline));
  const known = options.baseline !== undefined && !options.writeBaseline ? await readBaseline(path.resolve(io.cwd, options.baseline), baselineShown) : undefined;
  // A baseline given on the command line must exist (only the audit's configured one may be missing).
  if (options.baseline !== undefined && !options.writeBaseline && known === undefined) {
    throw new CliError(`cannot read baseline file ${baselineShown}: no such file or directory`);
  }

  let result;
  try {
    const auditOptions: Parameters<typeof auditToolLists>[0] = { cwd: io.cwd, paths: files, rules: rules.enabled };
    if (options.provider !== undefined) auditOptions.provider = options.provider;
    // Loaded here: the checks and the list readers are not part of a code audit's start.
    const { auditToolLists: audit } = await import('../toollists/audit.js');
    result = audit(auditOptions);
  } catch (error) {
    if (error instanceof ToolListInputError) throw new CliError(error.message);
    throw error;
  }
  if (result.shapeErrors.length > 0) {
    for (const message of result.shapeErrors) io.stderr.write(`${TOOL_NAME}: ${message}\n`);
    return ExitCode.Fatal;
  }

  let findings: Finding[] = applyLevels(result.findings, rules.levels);
  if (options.writeBaseline) return writeBaselineFile(io, options.baseline ?? DEFAULT_TOOLS_BASELINE_FILE, findings);
  if (known) findings = applyBaseline(findings, known).kept;

  const counts = writeReports(
    io,
    { findings, diagnostics: result.diagnostics, filesAnalyzed: result.filesAnalyzed, projects: 0, checkedSomething: true },
    { outputs, ...(options.quiet ? { quiet: true } : {}), ...(options.color !== undefined ? { color: options.color } : {}) },
  );
  // A run that recognised no file checked nothing: never a success.
  if (options.exitCode && counts.errors === 0 && counts.fatalDiagnostics === 0 && result.filesRecognised === 0) return ExitCode.Findings;
  return exitCodeOf(io, counts, options.exitCode, maxWarnings);
}
