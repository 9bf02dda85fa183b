// `tool-identity-audit tools`: read the dumps, check them with the code checks (and the MCP
// collision check), return findings and diagnostics for the CLI's reporters.
import type { ToolNameProvider } from '../checks/catalog.js';
import type { RuleOptions } from '../checks/rule-option-schemas.js';
import { compareFindings, type Finding, type ToolDiagnostic } from '../checks/finding.js';
import { checks, type EnabledRules } from '../checks/index.js';
import type { LinkedProject } from '../facts/resolved.js';
import { connectedProject, requestProject, serversProject } from './linked.js';
import { checkMcpCollisions } from './mcp-collisions.js';
import { readToolListFiles } from './read.js';
import { EXPECTED_SHAPES, readToolList, ShapeError, type McpServerListing, type RequestApi, type RequestListing } from './shapes.js';

/** The rules that have something to say about a tool list; the others only read code. */
import { toolListRules } from './rule-ids.js';

export { toolListRules };

export interface ToolListAuditOptions {
  cwd: string;
  paths: readonly string[];
  rules: EnabledRules;
  /** `--provider`: the names of every list are checked against this provider. */
  provider?: ToolNameProvider;
}

export interface ToolListAuditResult {
  findings: Finding[];
  diagnostics: ToolDiagnostic[];
  /**
   * Files read: recognised, or malformed JSON (counted as the code audit counts a file with syntax
   * errors, so the summary says "2 files (1 skipped: 1 syntax error)" for one good and one broken).
   */
  filesAnalyzed: number;
  /** Files recognised as a tool list: a run that recognised none checked nothing. */
  filesRecognised: number;
  /** One message per file of no known shape (the run is then fatal). */
  shapeErrors: string[];
}

const requestProvider: Record<RequestApi, ToolNameProvider> = {
  'openai-responses': 'openai',
  'openai-chat': 'openai',
  'anthropic-messages': 'anthropic',
};

/**
 * valid-tool-name's options for one list: `--provider` wins (and replaces a configured pattern);
 * a provider request is checked against its own provider; an MCP dump against the configured one.
 */
function nameOptions(configured: RuleOptions<'valid-tool-name'>, flag: ToolNameProvider | undefined, api: RequestApi | undefined): RuleOptions<'valid-tool-name'> {
  if (flag !== undefined) return { provider: flag, reportRewrites: configured.reportRewrites };
  if (api !== undefined && configured.pattern === undefined) return { ...configured, provider: requestProvider[api] };
  return configured;
}

function checkRequest(request: RequestListing, options: ToolListAuditOptions): Finding[] {
  const input = { files: [], linked: requestProject(request) };
  const findings: Finding[] = [];
  const { rules } = options;
  if (rules['no-tool-name-collision']) findings.push(...checks['no-tool-name-collision'](input, rules['no-tool-name-collision']));
  if (rules['no-namespace-equals-name']) findings.push(...checks['no-namespace-equals-name'](input, rules['no-namespace-equals-name']));
  if (rules['no-confusable-tool-names']) findings.push(...checks['no-confusable-tool-names'](input, rules['no-confusable-tool-names']));
  if (rules['valid-tool-name']) findings.push(...checks['valid-tool-name'](input, nameOptions(rules['valid-tool-name'], options.provider, request.api)));
  return findings;
}

function checkServers(servers: readonly McpServerListing[], options: ToolListAuditOptions): Finding[] {
  if (servers.length === 0) return [];
  const findings: Finding[] = [];
  const { rules } = options;
  const input = (linked: LinkedProject) => ({ files: [], linked });
  if (rules['no-tool-name-collision']) findings.push(...checkMcpCollisions(servers));
  if (rules['no-confusable-tool-names']) {
    findings.push(...checks['no-confusable-tool-names'](input(connectedProject(servers)), rules['no-confusable-tool-names']));
  }
  if (rules['valid-tool-name']) {
    findings.push(...checks['valid-tool-name'](input(serversProject(servers)), nameOptions(rules['valid-tool-name'], options.provider, undefined)));
  }
  return findings;
}

/**
 * Audits tool-list files. Every MCP server of the run counts as connected to one agent (one
 * client configuration); each provider request is a set of its own. Throws ToolListInputError for
 * a path that does not exist or a directory without tool lists.
 */
export function auditToolLists(options: ToolListAuditOptions): ToolListAuditResult {
  const { files, diagnostics } = readToolListFiles(options.cwd, options.paths);
  const servers: McpServerListing[] = [];
  const requests: RequestListing[] = [];
  const shapeErrors: string[] = [];
  let filesRecognised = 0;
  for (const file of files) {
    try {
      const content = readToolList(file);
      if (content.kind === 'mcp') servers.push(...content.servers);
      else requests.push(content.request);
      filesRecognised += 1;
    } catch (error) {
      if (!(error instanceof ShapeError)) throw error;
      // At the root, say every shape that would have been accepted; deeper down the reason is specific.
      const reason = error.path === '$' ? `${error.reason}; ${EXPECTED_SHAPES}` : error.reason;
      shapeErrors.push(`${file.file}: unknown tool-list shape at ${error.path}: ${reason}`);
    }
  }
  const findings = [...checkServers(servers, options), ...requests.flatMap((request) => checkRequest(request, options))];
  const malformed = new Set(diagnostics.filter((diagnostic) => diagnostic.kind === 'parse-error').map((diagnostic) => diagnostic.file)).size;
  return { findings: findings.sort(compareFindings), diagnostics, filesAnalyzed: filesRecognised + malformed, filesRecognised, shapeErrors };
}
