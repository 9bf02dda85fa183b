// The built ESLint plugin (dist/src/plugin.js) run by the real `ESLint` class on the fixture
// projects, with a flat config of @typescript-eslint/parser + the plugin's `recommended` config
// (syntax only) and `recommended-type-checked` (project service). The type-checked run must report
// exactly the rows of each fixture's EXPECTED.md (ruleId, file, line, column, message, severity),
// plus its parse diagnostics; the syntax-only run exactly the rows that need no type information.
// The architecture's invariant rides on the run with every rule on: for every file, the built CLI
// (its `main`, in this process) reports the same findings as ESLint, end positions included.
// No timing is measured here (see bench/).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import parser from '@typescript-eslint/parser';
import { ESLint, type Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import type { main as mainType } from '../../src/cli/main.js';
import { builtHash, sourcesHash } from '../build-hash.js';
import { expectedFixtures, inGroup } from '../fixture-projects.js';
import { repoRoot } from './testers.js';
import { otherPlacesText } from '../../rules/utils.js';
import { fixtureConfig } from '../analyzer/helpers.js';

const BUILT_PLUGIN = path.join(repoRoot, 'dist/src/plugin.js');
const NS = 'tool-identity';

interface BuiltPlugin {
  rules: Record<string, { meta: { messages: Record<string, string> } }>;
  configs: { recommended: Linter.Config; 'recommended-type-checked': Linter.Config[] };
}

let plugin: BuiltPlugin;
/** The hash of src/, rules/ and the build config when this file started (colleagues may edit while it runs). */
let sourcesAtStart = '';

beforeAll(async () => {
  sourcesAtStart = sourcesHash();
  plugin = ((await import(pathToFileURL(BUILT_PLUGIN).href)) as { default: BuiltPlugin }).default;
}, 300_000);

// ---------------------------------------------------------------- EXPECTED.md

interface ExpectedRow {
  row: number;
  ruleId: string;
  file: string;
  line: number;
  column: number;
  messageId: string;
}

interface ExpectedDiagnostic {
  file: string;
  line: number;
  column: number;
  message: string;
}

const cell = (text: string): string => text.trim().replace(/^`(.*)`$/, '$1');

function tableRows(markdown: string, heading: string): string[][] {
  const section = markdown.split(/^## /m).find((part) => part.startsWith(heading));
  if (!section) return [];
  return section
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .slice(1) // header row
    .map((line) => line.slice(1, -1).split(/(?<!\\)\|/).map((c) => c.trim()));
}

function readExpected(dir: string): { rows: ExpectedRow[]; diagnostics: ExpectedDiagnostic[] } {
  const markdown = readFileSync(path.join(dir, 'EXPECTED.md'), 'utf8');
  const rows = tableRows(markdown, 'Findings').map((c) => ({
    row: Number(c[0]),
    ruleId: `${NS}/${cell(c[1] as string)}`,
    file: cell(c[2] as string),
    line: Number(c[3]),
    column: Number(c[4]),
    messageId: cell(c[5] as string),
  }));
  const diagnostics = tableRows(markdown, 'Diagnostics').map((c) => {
    if (cell(c[0] as string) !== 'parse-error') throw new Error(`unexpected diagnostic kind ${c[0]}`);
    const message = /`([^`]+)`/.exec(c[4] as string)?.[1];
    if (message === undefined) throw new Error(`no message in diagnostic row ${c.join(' | ')}`);
    return { file: cell(c[1] as string), line: Number(c[2]), column: Number(c[3]), message };
  });
  return { rows, diagnostics };
}

// ---------------------------------------------------------------- what each row says, exactly

/**
 * Every finding of each fixture, written out from its EXPECTED.md row: the message data (the
 * row's explanation) and whether it needs type information (its exposure set or members span
 * several modules). Matched to the rows by rule, messageId and file, so renumbered rows or moved
 * lines still come from EXPECTED.md; each detail must match exactly one row and vice versa.
 */
const FORCED = 'the forced request fails or is ignored';
const DROPPED = 'the name is dropped and no tool is offered for it';

interface RowDetail {
  rule: string;
  messageId: string;
  file: string;
  data: Record<string, string>;
  /** The data without type information, when one file alone names things differently. */
  syntaxData?: Record<string, string>;
  needsTypes: boolean;
}

const CLAUDE_AVAILABLE = [
  'mcp__orders__lookup_order',
  'mcp__orders__refund_order',
  'mcp__help__search',
  'mcp__help__get_article',
  'mcp__harbor_outfitters_support_knowledge_base_archive__search',
  'mcp__harbor_outfitters_support_knowledge_base_archive__get_article',
]
  .map((name) => `"${name}"`)
  .join(', ');

const rowDetails: Record<string, RowDetail[]> = {
  // VoltAgent: a supervisor whose tools come from three modules; its sub-agents add delegate_task.
  'frameworks/voltagent': [
    {
      rule: 'no-tool-name-collision',
      messageId: 'duplicateToolName',
      file: 'src/agents/front-desk.ts',
      data: { name: 'search_patients', set: 'agent "Front Desk"', winner: 'the last tool listed', remedy: 'a unique name' },
      needsTypes: true,
    },
    {
      // The tool is imported: alone, the file does not know it is named delegate_task.
      rule: 'no-tool-name-collision',
      messageId: 'duplicateToolName',
      file: 'src/agents/front-desk.ts',
      data: { name: 'delegate_task', set: 'agent "Front Desk"', winner: 'the last tool listed', remedy: 'a unique name' },
      needsTypes: true,
    },
    {
      rule: 'required-function-name-known',
      messageId: 'unknownRequiredFunction',
      file: 'src/routes/reminders.ts',
      data: {
        option: 'toolName',
        name: 'bookAppointment',
        set: 'agent "Scheduler"',
        available: '"search_patients", "list_appointments", "book_appointment", "move_appointment"',
        effect: FORCED,
      },
      needsTypes: true,
    },
    {
      rule: 'no-call-id-coercion',
      messageId: 'coercedCallId',
      file: 'src/tools/scheduling.ts',
      data: { expression: 'options?.toolContext?.callId', form: 'a template literal' },
      needsTypes: false,
    },
  ],
  // Genkit: tools by value and by registered name across modules; names compared after the last "/".
  'frameworks/genkit': [
    {
      // Alone, the file imports modules it cannot see: a tool of that name may be registered there.
      rule: 'required-function-name-known',
      messageId: 'unknownRegisteredTool',
      file: 'src/flows/orders.ts',
      data: {
        option: 'tools',
        name: 'lookupOrders',
        registered: '"checkStock", "inventory/checkStock", "lookupOrder", "searchProducts"',
        effect: 'Genkit throws "Unable to resolve tool" before calling the model',
      },
      needsTypes: true,
    },
    {
      rule: 'no-tool-name-collision',
      messageId: 'sameToolListedTwice',
      file: 'src/flows/orders.ts',
      data: { name: 'searchProducts', set: 'the tools of this call' },
      needsTypes: true,
    },
    {
      rule: 'no-tool-name-collision',
      messageId: 'duplicateNameFails',
      file: 'src/flows/shopping.ts',
      data: { name: 'checkStock', set: 'the tools of this call', outcome: 'Genkit throws "Cannot provide two tools with the same name" before calling the model', remedy: 'a unique name' },
      needsTypes: true,
    },
    {
      rule: 'valid-tool-name',
      messageId: 'rewrittenToolName',
      file: 'src/tools/warehouse.ts',
      data: { what: 'Tool', name: 'inventory/checkStock', publicName: 'checkStock', framework: 'Genkit', rewrites: 'everything up to the last "/"' },
      needsTypes: false,
    },
  ],
  // Inngest AgentKit: tools from two modules in one agent's map; a tool_choice naming no tool.
  'frameworks/inngest-agent-kit': [
    {
      rule: 'no-tool-name-collision',
      messageId: 'duplicateToolName',
      file: 'src/agents/billing.ts',
      data: { name: 'lookup_account', set: 'agent "billing"', winner: 'the last tool listed', remedy: 'a unique name' },
      needsTypes: true,
    },
    {
      rule: 'required-function-name-known',
      messageId: 'unknownRequiredFunction',
      file: 'src/agents/billing.ts',
      data: { option: 'tool_choice', name: 'list_invoice', set: 'agent "statements"', available: '"list_invoices"', effect: FORCED },
      needsTypes: true,
    },
    {
      rule: 'valid-tool-name',
      messageId: 'invalidToolName',
      file: 'src/tools/accounts.ts',
      data: { what: 'Tool', name: 'billing.issue_credit', provider: 'OpenAI', reason: 'it contains "."; only letters, digits, "_" and "-" are allowed' },
      needsTypes: false,
    },
  ],
  // LlamaIndex.TS: the first tool of a name runs; a user tool named handOff keeps the handoff tool out.
  'frameworks/llamaindex': [
    {
      rule: 'no-tool-name-collision',
      messageId: 'duplicateToolName',
      file: 'src/agents/index.ts',
      data: { name: 'search_catalogue', set: 'agent "ReferenceAgent"', winner: 'the first tool listed', remedy: 'a unique name' },
      needsTypes: true,
    },
    {
      rule: 'no-tool-name-collision',
      messageId: 'duplicateToolName',
      file: 'src/agents/index.ts',
      data: { name: 'handOff', set: 'agent "EventsAgent"', winner: 'the first tool listed', remedy: 'a unique name' },
      needsTypes: true,
    },
  ],
  // MCP SDK v2: three modules register on one McpServer; one function registers a name twice.
  'frameworks/mcp-v2': [
    {
      rule: 'no-tool-name-collision',
      messageId: 'mcpDuplicateRegistration',
      file: 'src/tools/deploys.ts',
      data: { server: '"release-ops"', name: 'get_status' },
      needsTypes: true,
    },
    {
      rule: 'no-tool-name-collision',
      messageId: 'mcpDuplicateRegistration',
      file: 'src/tools/incidents.ts',
      data: { server: '"release-ops"', name: 'open_incident' },
      // Alone, the file only knows a parameter typed McpServer, not which server it is.
      syntaxData: { server: 'instance', name: 'open_incident' },
      needsTypes: false,
    },
    {
      rule: 'valid-tool-name',
      messageId: 'invalidToolName',
      file: 'src/tools/incidents.ts',
      data: { what: 'MCP tool', name: 'restart service', provider: "the MCP specification's tool-name pattern", reason: 'it contains " "; only letters, digits, "_", "-" and "." are allowed' },
      needsTypes: false,
    },
  ],
  // The low-level MCP Server: tools/list answers, inline, a const, and a list imported into JavaScript.
  'frameworks/mcp-lowlevel': [
    {
      rule: 'valid-tool-name',
      messageId: 'invalidToolName',
      file: 'src/admin.ts',
      data: { what: 'MCP tool', name: 'vacuum table', provider: "the MCP specification's tool-name pattern", reason: 'it contains " "; only letters, digits, "_", "-" and "." are allowed' },
      needsTypes: false,
    },
    {
      rule: 'no-tool-name-collision',
      messageId: 'mcpDuplicateListing',
      file: 'src/inspector.ts',
      data: { server: '"pg-inspect"', name: 'list_tables' },
      needsTypes: false,
    },
    {
      rule: 'no-tool-name-collision',
      messageId: 'mcpDuplicateListing',
      file: 'src/js/metric-tools.mjs',
      data: { server: '"warehouse-metrics"', name: 'get_metric' },
      needsTypes: true,
    },
    // The tools/call handlers against the lists: a switch in TypeScript, an if chain in JavaScript.
    {
      rule: 'required-function-name-known',
      messageId: 'undispatchedListedTool',
      file: 'src/inspector.ts',
      data: { set: 'MCP server "pg-inspect"', name: 'explain_query', dispatched: '"list_tables", "describe_table", "query", "table_sizes"' },
      needsTypes: false,
    },
    {
      rule: 'required-function-name-known',
      messageId: 'unlistedDispatchedTool',
      file: 'src/inspector.ts',
      data: { set: 'MCP server "pg-inspect"', name: 'table_sizes', listed: '"list_tables", "describe_table", "query", "explain_query"' },
      needsTypes: false,
    },
    {
      rule: 'required-function-name-known',
      messageId: 'undispatchedListedTool',
      file: 'src/js/metric-tools.mjs',
      data: { set: 'MCP server "warehouse-metrics"', name: 'list_metrics', dispatched: '"get_metric", "get_metric_range"' },
      needsTypes: true,
    },
    {
      rule: 'required-function-name-known',
      messageId: 'unlistedDispatchedTool',
      file: 'src/js/metrics-server.mjs',
      data: { set: 'MCP server "warehouse-metrics"', name: 'get_metric_range', listed: '"get_metric", "list_metrics"' },
      needsTypes: true,
    },
    // A class's handler method hands the name to an imported function that switches on enum members.
    {
      rule: 'required-function-name-known',
      messageId: 'unlistedDispatchedTool',
      file: 'src/replica-ops.ts',
      data: { set: 'MCP server "pg-replica"', name: 'resync_replicas', listed: '"replica_lag", "promote_replica", "resync_replica"' },
      needsTypes: true,
    },
    {
      rule: 'required-function-name-known',
      messageId: 'undispatchedListedTool',
      file: 'src/replica.ts',
      data: { set: 'MCP server "pg-replica"', name: 'resync_replica', dispatched: '"replica_lag", "promote_replica", "resync_replicas"' },
      needsTypes: true,
    },
  ],
  // Claude Agent SDK: createSdkMcpServer tool lists, query() shows mcp__<key>__<tool>.
  'frameworks/claude-agent-sdk': [
    {
      rule: 'valid-tool-name',
      messageId: 'invalidToolName',
      file: 'src/main.ts',
      data: {
        what: 'Tool',
        name: 'mcp__harbor_outfitters_support_knowledge_base_archive__get_article',
        provider: "the Anthropic API's tool-name pattern (Claude Agent SDK)",
        reason: 'it is 66 characters long; the limit is 64',
      },
      needsTypes: true,
    },
    {
      rule: 'required-function-name-known',
      messageId: 'unknownRequiredFunction',
      file: 'src/main.ts',
      data: {
        option: 'allowedTools',
        name: 'mcp__help__get_articles',
        set: 'the tools of this call',
        available: CLAUDE_AVAILABLE,
        effect: 'it auto-allows nothing, so the tool meant still asks for permission',
      },
      needsTypes: true,
    },
    {
      rule: 'required-function-name-known',
      messageId: 'unknownRequiredFunction',
      file: 'src/main.ts',
      data: {
        option: 'disallowedTools',
        name: 'mcp__orders__refund',
        set: 'the tools of this call',
        available: CLAUDE_AVAILABLE,
        effect: 'it blocks nothing, so the tool meant stays available to the model',
      },
      needsTypes: true,
    },
    {
      // lookupOrder and customerOrders are defined in src/tools/orders.ts.
      rule: 'no-tool-name-collision',
      messageId: 'mcpDuplicateRegistration',
      file: 'src/servers.ts',
      data: { server: '"orders"', name: 'lookup_order' },
      needsTypes: true,
    },
  ],
  // fastmcp: addTool replaces a tool of the name silently; addTools lists two of one name in one call.
  'frameworks/fastmcp': [
    {
      rule: 'valid-tool-name',
      messageId: 'invalidToolName',
      file: 'src/admin.ts',
      data: { what: 'MCP tool', name: 'reindex space', provider: "the MCP specification's tool-name pattern", reason: 'it contains " "; only letters, digits, "_", "-" and "." are allowed' },
      needsTypes: false,
    },
    {
      rule: 'no-tool-name-collision',
      messageId: 'mcpDuplicateListing',
      file: 'src/server.ts',
      data: { server: '"fernhill-handbook"', name: 'list_spaces' },
      needsTypes: false,
    },
    {
      // registerPageTools(server) and registerTicketTools(server) live in two modules.
      rule: 'no-tool-name-collision',
      messageId: 'mcpReplacedRegistration',
      file: 'src/tools/tickets.ts',
      data: { server: '"fernhill-handbook"', name: 'search' },
      needsTypes: true,
    },
  ],
  // Vercel AI SDK: tools records keyed by name, spread across modules.
  'frameworks/ai-sdk': [
    {
      // docsTools and usageTools() come from two other modules.
      rule: 'required-function-name-known',
      messageId: 'unknownRequiredFunction',
      file: 'src/app/api/chat/route.ts',
      data: {
        option: 'activeTools',
        name: 'get_usage_report',
        set: 'the tools of this call',
        available: '"search", "get_page", "get_usage"',
        effect: DROPPED,
      },
      needsTypes: true,
    },
    {
      rule: 'no-tool-name-collision',
      messageId: 'recordKeyReplaced',
      file: 'src/lib/agent.ts',
      data: { name: 'search', set: 'agent `supportAgent`' },
      needsTypes: true,
    },
    {
      rule: 'required-function-name-known',
      messageId: 'unknownRequiredFunction',
      file: 'src/lib/agent.ts',
      data: {
        option: 'toolName',
        name: 'search_docs',
        set: 'agent `supportAgent`',
        available: '"search", "get_page", "create_ticket", "lookup invoice", "change_plan"',
        effect: FORCED,
      },
      needsTypes: true,
    },
    { rule: 'no-call-id-coercion', messageId: 'coercedCallId', file: 'src/lib/history.ts', data: { expression: 'part.toolCallId', form: 'String()' }, needsTypes: false },
    {
      rule: 'valid-tool-name',
      messageId: 'invalidToolName',
      file: 'src/lib/tools/billing.ts',
      data: { what: 'Tool', name: 'lookup invoice', provider: 'OpenAI', reason: 'it contains " "; only letters, digits, "_" and "-" are allowed' },
      needsTypes: false,
    },
  ],
  // LangChain.js: tool(), DynamicTool, tool classes in a toolkit, bindTools; the first tool of a name runs.
  'frameworks/langchain': [
    {
      rule: 'required-function-name-known',
      messageId: 'unknownRequiredFunction',
      file: 'src/graph.ts',
      data: { option: 'tool_choice', name: 'lookup_shipments', set: 'the tools of this call', available: '"lookup_shipment", "current_time"', effect: FORCED },
      needsTypes: true,
    },
    { rule: 'no-call-id-coercion', messageId: 'madeUpCallId', file: 'src/graph.ts', data: { expression: 'toolCall.id', form: 'a `??` default', fallback: "''" }, needsTypes: false },
    {
      // The two classes live in src/tools/fleet.ts and src/tools/telematics.ts.
      rule: 'no-tool-name-collision',
      messageId: 'duplicateToolName',
      file: 'src/toolkit.ts',
      data: { name: 'locate_vehicle', set: 'this list of tools', winner: 'the first tool listed', remedy: 'a unique name' },
      needsTypes: true,
    },
    {
      // One class (src/tools/fleet.ts) instantiated twice.
      rule: 'no-tool-name-collision',
      messageId: 'duplicateToolName',
      file: 'src/toolkit.ts',
      data: { name: 'route_eta', set: 'this list of tools', winner: 'the first tool listed', remedy: 'a unique name' },
      needsTypes: true,
    },
  ],
  // Provider SDKs: a client made in one module, tool lists of plain objects spread from others.
  'frameworks/openai': [
    { rule: 'no-call-id-coercion', messageId: 'madeUpCallId', file: 'src/history.ts', data: { expression: 'call.call_id', form: 'a `??` default', fallback: "''" }, needsTypes: false },
    { rule: 'valid-tool-name', messageId: 'invalidToolName', file: 'src/research.ts', data: { what: 'Tool', name: 'lookup isbn', provider: 'OpenAI', reason: 'it contains " "; only letters, digits, "_" and "-" are allowed' }, needsTypes: false },
    {
      rule: 'required-function-name-known',
      messageId: 'unknownRequiredFunction',
      file: 'src/research.ts',
      data: { option: 'tools', name: 'search_inventory', set: 'the tools of this call', available: '"lookup isbn", "search_stock"', effect: DROPPED },
      needsTypes: false,
    },
    {
      // The two lists live in src/tools/catalog.ts and src/tools/orders.ts.
      rule: 'no-tool-name-collision',
      messageId: 'duplicateNameFails',
      file: 'src/support.ts',
      data: { name: 'get_book', set: 'the tools of this call', outcome: 'both reach the model, and which one a call runs is up to the code that dispatches it', remedy: 'a unique name' },
      needsTypes: true,
    },
    {
      rule: 'required-function-name-known',
      messageId: 'unknownRequiredFunction',
      file: 'src/support.ts',
      data: { option: 'tool_choice', name: 'start_return', set: 'the tools of this call', available: '"get_order", "get_book", "create_return"', effect: FORCED },
      needsTypes: true,
    },
  ],
  'frameworks/anthropic': [
    { rule: 'no-call-id-coercion', messageId: 'madeUpCallId', file: 'src/audit.ts', data: { expression: 'use.id', form: 'a `||` default', fallback: "'missing'" }, needsTypes: false },
    {
      rule: 'no-tool-name-collision',
      messageId: 'duplicateNameFails',
      file: 'src/desk.ts',
      data: { name: 'get_customer', set: 'the tools of this call', outcome: 'the Anthropic API rejects the request (400 "tools: Tool names must be unique")', remedy: 'a unique name' },
      needsTypes: true,
    },
    {
      rule: 'required-function-name-known',
      messageId: 'unknownRequiredFunction',
      file: 'src/desk.ts',
      data: { option: 'tool_choice', name: 'schedule_haul_out', set: 'the tools of this call', available: '"book_haul_out", "get_customer"', effect: FORCED },
      needsTypes: true,
    },
    { rule: 'valid-tool-name', messageId: 'invalidToolName', file: 'src/quotes.ts', data: { what: 'Tool', name: 'parts.lookup', provider: "the Anthropic API's tool-name pattern", reason: 'it contains "."; only letters, digits, "_" and "-" are allowed' }, needsTypes: false },
  ],
  'frameworks/google-genai': [
    {
      rule: 'no-tool-name-collision',
      messageId: 'duplicateNameFails',
      file: 'src/assistant.ts',
      data: { name: 'get_account', set: 'the tools of this call', outcome: 'the Gemini API rejects the request (400 "Duplicate function declaration found")', remedy: 'a unique name' },
      needsTypes: true,
    },
    { rule: 'no-call-id-coercion', messageId: 'madeUpCallId', file: 'src/assistant.ts', data: { expression: 'call.id', form: 'a `??` default', fallback: "''" }, needsTypes: false },
    {
      rule: 'required-function-name-known',
      messageId: 'unknownRequiredFunction',
      file: 'src/assistant.ts',
      data: { option: 'allowedFunctionNames', name: 'lookup_outage', set: 'the tools of this call', available: '"report_outage", "restoration_estimate", "get_account"', effect: DROPPED },
      needsTypes: true,
    },
    {
      // Listed in a request of src/meter-chat.ts only.
      rule: 'valid-tool-name',
      messageId: 'invalidToolName',
      file: 'src/tools/outages.ts',
      data: { what: 'Tool', name: 'submit meter reading', provider: "the Gemini API's function-name rule", reason: 'it contains " "; only letters, digits, "_", ".", ":" and "-" are allowed' },
      needsTypes: true,
    },
  ],
  'frameworks/bedrock': [
    {
      rule: 'no-tool-name-collision',
      messageId: 'duplicateNameFails',
      file: 'src/desk.ts',
      data: { name: 'get_fare', set: 'the tools of this call', outcome: 'both reach the model, and which one a call runs is up to the code that dispatches it', remedy: 'a unique name' },
      needsTypes: true,
    },
    { rule: 'no-call-id-coercion', messageId: 'madeUpCallId', file: 'src/desk.ts', data: { expression: 'toolUseId', form: 'a `??` default', fallback: "''" }, needsTypes: false },
    {
      rule: 'required-function-name-known',
      messageId: 'unknownRequiredFunction',
      file: 'src/desk.ts',
      data: { option: 'toolChoice', name: 'search_trains', set: 'the tools of this call', available: '"find_trains", "get_fare"', effect: FORCED },
      needsTypes: true,
    },
    {
      // Listed in a request of src/desk.ts only.
      rule: 'valid-tool-name',
      messageId: 'invalidToolName',
      file: 'src/tools/refunds.ts',
      data: { what: 'Tool', name: 'refund.request', provider: "Bedrock Converse's tool-name pattern", reason: 'it contains "."; only letters, digits, "_" and "-" are allowed' },
      needsTypes: true,
    },
  ],
  // Mastra: record keys name the tools; agents become agent-<key>; keys are rewritten.
  'frameworks/mastra': [
    {
      rule: 'no-tool-name-collision',
      messageId: 'recordKeyReplaced',
      file: 'src/mastra/agents/maintenance-agent.ts',
      data: { name: 'lookupUnit', set: 'agent "Maintenance Coordinator"' },
      needsTypes: true,
    },
    {
      rule: 'valid-tool-name',
      messageId: 'rewrittenToolName',
      file: 'src/mastra/agents/vendor-agent.ts',
      data: {
        what: 'Tool',
        name: 'check warranty',
        publicName: 'check_warranty',
        framework: 'Mastra',
        rewrites: 'keys outside [a-zA-Z0-9_-], not starting with a letter or _, or over 63 characters',
      },
      // The key names the tool whatever its (imported) value is.
      needsTypes: false,
    },
    {
      rule: 'no-call-id-coercion',
      messageId: 'coercedCallId',
      file: 'src/mastra/tools/work-orders.ts',
      data: { expression: 'context?.agent?.toolCallId', form: 'a template literal' },
      needsTypes: false,
    },
    {
      // The agent is imported; the run is in a module that imports no framework.
      rule: 'required-function-name-known',
      messageId: 'unknownRequiredFunction',
      file: 'src/routes/tenant-chat.ts',
      data: {
        option: 'activeTools',
        name: 'escalateToManager',
        set: 'agent "Maintenance Coordinator"',
        available: '"createWorkOrder", "lookupUnit", "messageTenant", "agent-vendorAgent"',
        effect: DROPPED,
      },
      needsTypes: true,
    },
  ],
  demo: [
    // `...shippingTools` and `...returnTools` (two tool modules) meet in support_agent.
    {
      rule: 'no-tool-name-collision',
      messageId: 'duplicateToolName',
      file: 'src/agents/specialists.ts',
      data: { name: 'track_shipment', set: 'agent "support_agent"', winner: 'the last tool listed', remedy: 'a unique name or a namespace' },
      needsTypes: true,
    },
    {
      rule: 'no-confusable-tool-names',
      messageId: 'confusableNames',
      file: 'src/agents/specialists.ts',
      data: { name: 'getOrder', other: 'get_order', set: 'agent "support_agent"' },
      needsTypes: true,
    },
    // Tool from src/tools/ops.ts, handoff target from src/agents/specialists.ts.
    {
      rule: 'no-tool-name-collision',
      messageId: 'toolHandoffCollision',
      file: 'src/agents/triage.ts',
      data: { name: 'transfer_to_billing_agent', set: 'agent "triage_agent"', winner: 'the handoff to agent "billing_agent"' },
      needsTypes: true,
    },
    {
      rule: 'no-call-id-coercion',
      messageId: 'coercedCallId',
      file: 'src/approvals/store.ts',
      data: { expression: 'raw.callId', form: 'String()' },
      needsTypes: false,
    },
    // The kiosk (src/desk/) on the reference runtime: one defect per tool-availability rule.
    {
      // The agent is in the same file, but its tools are imported from src/desk/tools.ts.
      rule: 'required-function-name-known',
      messageId: 'requiredFunctionAddedLater',
      file: 'src/desk/agent.ts',
      data: {
        option: 'requiredFunctionName',
        name: 'print_return_label',
        set: 'agent "returns_desk"',
        available: '"lookup_order", "start_return", "check_exchange", "cancel_return", "echo"',
      },
      needsTypes: true,
    },
    { rule: 'middleware-await-next', messageId: 'unawaitedNext', file: 'src/desk/session.ts', data: {}, needsTypes: false },
    { rule: 'middleware-result-before-next', messageId: 'resultBeforeNext', file: 'src/desk/session.ts', data: {}, needsTypes: false },
    {
      rule: 'no-tool-mutation-outside-invocation',
      messageId: 'mutationOutsideInvocation',
      file: 'src/desk/session.ts',
      data: { method: 'removeTools' },
      needsTypes: false,
    },
    { rule: 'stable-tool-identity', messageId: 'inlineTool', file: 'src/desk/tools.ts', data: { name: '"hold_exchange_item"' }, needsTypes: false },
    { rule: 'no-direct-tools-mutation', messageId: 'toolsMutated', file: 'src/desk/tools.ts', data: {}, needsTypes: false },
    // LangChain (src/email/): two tool() values named lookup_order in one createAgent; the first runs.
    {
      rule: 'no-tool-name-collision',
      messageId: 'duplicateToolName',
      file: 'src/email/triage.ts',
      data: { name: 'lookup_order', set: 'agent `emailTriage`', winner: 'the first tool listed', remedy: 'a unique name' },
      needsTypes: false,
    },
    // The server (src/mcp/server.ts) reaches both registering modules through calls.
    {
      rule: 'no-tool-name-collision',
      messageId: 'mcpDuplicateRegistration',
      file: 'src/mcp/kb-tools.ts',
      data: { server: '"support-desk"', name: 'search' },
      needsTypes: true,
    },
    {
      rule: 'no-identity-helper-bypass',
      messageId: 'handBuiltIdentity',
      file: 'src/observability/tool-events.ts',
      data: { what: 'qualified tool name', text: '`${tool.namespace}.${tool.name}`', helper: 'toolQualifiedName' },
      needsTypes: false,
    },
    // The AI SDK (src/storefront/): two records spread into one streamText tools, both with `search`.
    {
      rule: 'no-tool-name-collision',
      messageId: 'recordKeyReplaced',
      file: 'src/storefront/advisor.ts',
      data: { name: 'search', set: 'the tools of this call' },
      needsTypes: false,
    },
    {
      rule: 'valid-tool-name',
      messageId: 'invalidToolName',
      file: 'src/tools/accounts.ts',
      data: {
        what: 'Tool',
        name: 'list_customer_invoices_with_line_items_tax_breakdown_and_payment_attempts',
        provider: 'OpenAI',
        reason: 'it is 73 characters long; the limit is 64',
      },
      needsTypes: false,
    },
    {
      rule: 'no-namespace-equals-name',
      messageId: 'namespaceEqualsName',
      file: 'src/tools/knowledge.ts',
      data: { namespace: 'search', name: 'search' },
      needsTypes: false,
    },
  ],
  'projects/bad-input': [
    {
      rule: 'no-namespace-equals-name',
      messageId: 'namespaceEqualsName',
      file: 'src/catalog.ts',
      data: { namespace: 'plants', name: 'plants' },
      needsTypes: false,
    },
  ],
  'projects/call-id-bridge': [
    // Each finding is a coercion in one file (syntax evidence: the name `callID`, the `ToolCall` annotation).
    {
      rule: 'no-call-id-coercion',
      messageId: 'otherCallId',
      file: 'src/bridge/events.ts',
      data: { expression: 'props.callID', form: 'String()', fallback: 'event.id' },
      needsTypes: false,
    },
    {
      rule: 'no-call-id-coercion',
      messageId: 'madeUpCallId',
      file: 'src/convert/responses.ts',
      data: { expression: 'call.id', form: 'a `??` default', fallback: "''" },
      needsTypes: false,
    },
  ],
  'projects/clean': [],
  'projects/cross-file-collision': [
    // Re-export, imported array, spread and a constant of a third module.
    {
      rule: 'no-tool-name-collision',
      messageId: 'duplicateToolName',
      file: 'src/agent.ts',
      data: { name: 'search_catalog', set: 'agent "Bookshop Assistant"', winner: 'the last tool listed', remedy: 'a unique name or a namespace' },
      needsTypes: true,
    },
  ],
  'projects/handoffs-after-construction': [
    // Tool, agent, handoff target and the mutations are in four modules.
    {
      rule: 'no-tool-name-collision',
      messageId: 'toolHandoffCollision',
      file: 'src/agents/triage.ts',
      data: { name: 'transfer_to_billing', set: 'agent "triage"', winner: 'the handoff to agent "billing"' },
      needsTypes: true,
    },
  ],
  // Issue 21 item 3: the project's own wrappers, declared in its configuration and ESLint settings.
  'projects/project-wrappers': [
    {
      rule: 'no-tool-name-collision',
      messageId: 'duplicateToolName',
      file: 'src/agents/support.ts',
      data: { name: 'lookup_account', set: 'agent "Billing support"', winner: 'the last tool listed', remedy: 'a unique name or a namespace' },
      needsTypes: false,
    },
    {
      rule: 'no-tool-name-collision',
      messageId: 'mcpDuplicateRegistration',
      file: 'src/tools/refunds.ts',
      data: { server: '"billing-desk"', name: 'issue_refund' },
      needsTypes: true,
    },
  ],
  'projects/mcp-shared-server': [
    // The server instance travels through two levels of imported functions.
    {
      rule: 'no-tool-name-collision',
      messageId: 'mcpDuplicateRegistration',
      file: 'src/tools/pulls.ts',
      data: { server: '"repo-desk"', name: 'add_comment' },
      needsTypes: true,
    },
  ],
  // Issue 21 item 1: servers in a class field (Cloudflare McpAgent), a subclass of McpServer, and a
  // JavaScript module registering on an untyped parameter (needs the other module's facts).
  // A toolkit module that imports no framework: one file alone cannot tell its members are tools.
  'projects/plain-toolkits': [
    { rule: 'no-tool-name-collision', messageId: 'duplicateToolName', file: 'src/toolkits/billing.ts', data: { name: 'record_payment', set: 'this list of tools', winner: 'the first tool listed', remedy: 'a unique name' }, needsTypes: true },
    { rule: 'no-tool-name-collision', messageId: 'duplicateToolName', file: 'src/toolkits/billing.ts', data: { name: 'list_invoices', set: 'this list of tools', winner: 'the first tool listed', remedy: 'a unique name' }, needsTypes: true },
  ],
  // Issue 21 item 2: records of AI SDK tools in a module that imports no framework.
  'projects/ai-toolkit-records': [
    {
      rule: 'no-tool-name-collision',
      messageId: 'recordKeyReplaced',
      file: 'src/toolkits.ts',
      data: { name: 'search', set: 'this record of tools' },
      needsTypes: true,
    },
  ],
  'projects/mcp-classes': [
    {
      rule: 'no-tool-name-collision',
      messageId: 'mcpDuplicateRegistration',
      file: 'src/drafts.ts',
      data: { server: '"kb-drafts"', name: 'save_draft' },
      needsTypes: false,
    },
    {
      rule: 'no-tool-name-collision',
      messageId: 'mcpDuplicateRegistration',
      file: 'src/index.ts',
      data: { server: '"kb-worker"', name: 'get_article' },
      needsTypes: false,
    },
    {
      rule: 'no-tool-name-collision',
      messageId: 'mcpDuplicateRegistration',
      file: 'src/legacy/server.ts',
      data: { server: '"kb-legacy"', name: 'search' },
      needsTypes: true,
    },
    // `new StatusServer()` in a module without the SDK: the instance is the class's server.
    {
      rule: 'no-tool-name-collision',
      messageId: 'mcpDuplicateRegistration',
      file: 'src/status-main.ts',
      data: { server: '"status-page"', name: 'ping' },
      needsTypes: true,
    },
    {
      rule: 'no-tool-name-collision',
      messageId: 'mcpDuplicateRegistration',
      file: 'src/status-server.ts',
      data: { server: '"status-page"', name: 'get_status' },
      needsTypes: false,
    },
  ],
  // Issue 10 items 3 and 4: identity strings of a host without a framework, its own helpers in src/identity.
  'projects/identity-helpers': [
    {
      rule: 'no-identity-helper-bypass',
      messageId: 'handBuiltIdentity',
      file: 'src/mcp/mount.ts',
      data: { what: 'MCP server-prefixed tool name', text: '`${serverName}_${toolName}`', helper: 'mcpPrefixedToolNames' },
      needsTypes: false,
    },
    {
      rule: 'no-identity-helper-bypass',
      messageId: 'handBuiltIdentity',
      file: 'src/routing/approvals.ts',
      data: { what: 'approval key', text: 'item.toolName ?? raw.name', helper: 'getFunctionToolApprovalKeys' },
      needsTypes: false,
    },
    {
      rule: 'no-identity-helper-bypass',
      messageId: 'handBuiltIdentity',
      file: 'src/routing/dispatch.ts',
      data: { what: 'qualified-name fallback', text: 'qualifiedName(tool) ?? tool.name', helper: 'getFunctionToolQualifiedName' },
      needsTypes: false,
    },
    {
      rule: 'no-identity-helper-bypass',
      messageId: 'handBuiltIdentity',
      file: 'src/routing/dispatch.ts',
      data: { what: 'qualified-name fallback', text: 'call.namespace ? `${call.namespace}/${call.name}` : call.name', helper: 'getFunctionToolQualifiedName' },
      needsTypes: false,
    },
    {
      rule: 'no-identity-helper-bypass',
      messageId: 'handBuiltCallKey',
      file: 'src/routing/dispatch.ts',
      data: { text: '`${agent.name}:${call.callId}`' },
      needsTypes: false,
    },
    {
      rule: 'no-identity-helper-bypass',
      messageId: 'handBuiltIdentityOwnHelpers',
      file: 'src/routing/report.ts',
      data: { what: 'qualified tool name', text: '`${namespacePrefix}.${tool.name}`', imported: 'toolDisplayName', module: '../identity/names.js' },
      needsTypes: false,
    },
  ],
  'projects/own-runtime': [
    // Spreads of three tool modules into the agent of src/agents.ts.
    {
      rule: 'no-tool-name-collision',
      messageId: 'duplicateToolName',
      file: 'src/agents.ts',
      data: { name: 'lookup_order', set: 'agent "warehouse_ops"', winner: 'the last tool listed', remedy: 'a unique name or a namespace' },
      needsTypes: true,
    },
    {
      rule: 'no-call-id-coercion',
      messageId: 'coercedCallId',
      file: 'src/model.ts',
      data: { expression: 'call.call_id', form: 'a template literal' },
      needsTypes: false,
    },
    // One deliberate defect per tool-availability rule.
    { rule: 'middleware-result-before-next', messageId: 'resultBeforeNext', file: 'src/middleware.ts', data: {}, needsTypes: false },
    { rule: 'middleware-await-next', messageId: 'unawaitedNext', file: 'src/middleware.ts', data: {}, needsTypes: false },
    {
      // The run's agent is imported from src/agents.ts: followed only with type information.
      rule: 'required-function-name-known',
      messageId: 'requiredFunctionAddedLater',
      file: 'src/shift.ts',
      data: {
        option: 'requiredFunctionName',
        name: 'void_shipment',
        set: 'agent "warehouse_ops"',
        available:
          '"lookup_order", "hold_order", "check_order_issues", "inventory.check_stock", "inventory.reserve_stock", "open_shipping_desk", "close_shipping_desk", "transfer_to_carrier_desk"',
      },
      needsTypes: true,
    },
    {
      rule: 'no-tool-mutation-outside-invocation',
      messageId: 'mutationOutsideInvocation',
      file: 'src/shift.ts',
      data: { method: 'removeTools' },
      needsTypes: false,
    },
    { rule: 'stable-tool-identity', messageId: 'inlineTool', file: 'src/tools/orders.ts', data: { name: '"file_damage_claim"' }, needsTypes: false },
    { rule: 'no-direct-tools-mutation', messageId: 'toolsMutated', file: 'src/tools/shipping.ts', data: {}, needsTypes: false },
    // Issue 10: a tool stored in a local, a timer callback, a result set in a nested block.
    { rule: 'stable-tool-identity', messageId: 'inlineTool', file: 'src/tools/returns.ts', data: { name: '"print_return_label"' }, needsTypes: false },
    {
      rule: 'no-tool-mutation-outside-invocation',
      messageId: 'mutationAfterInvocation',
      file: 'src/tools/returns.ts',
      data: { method: 'addTools', via: 'setTimeout()' },
      needsTypes: false,
    },
    { rule: 'middleware-result-before-next', messageId: 'resultBeforeNext', file: 'src/tools/returns.ts', data: {}, needsTypes: false },
  ],
};

const OFF_IN_RECOMMENDED = new Set([`${NS}/no-confusable-tool-names`]);
const WARNINGS = new Set([`${NS}/no-identity-helper-bypass`, `${NS}/no-confusable-tool-names`, `${NS}/stable-tool-identity`]);

interface Reported {
  ruleId: string | null;
  severity: number;
  file: string;
  line: number;
  column: number;
  messageId?: string;
  message: string;
}

function interpolate(template: string, data: Record<string, string>): string {
  return template.replace(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g, (match, key: string) => (Object.hasOwn(data, key) ? (data[key] as string) : match));
}

function sortReported(list: Reported[]): Reported[] {
  const key = (r: Reported) => `${r.file}\0${String(r.line).padStart(6, '0')}\0${String(r.column).padStart(6, '0')}\0${r.ruleId ?? ''}`;
  return [...list].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** Where a finding is, for `OtherPlaces`: `file:line:column rule` (1-based column, rule without the prefix). */
const placeKey = (file: string, line: number, column: number, ruleId: string): string => `${file}:${line}:${column} ${ruleId.replace(`${NS}/`, '')}`;

/** Each CLI finding's related places in other files, as ESLint's message ends with them (rules/utils.ts). */
type OtherPlaces = Map<string, string>;

function expectedFor(fixture: string, dir: string, mode: 'syntax' | 'typed' | 'typed-all', places: OtherPlaces = new Map()): Reported[] {
  const { rows, diagnostics } = readExpected(dir);
  const details = rowDetails[fixture];
  if (!details) throw new Error(`no row details for fixture ${fixture}: add them to this test`);
  const out: Reported[] = [];
  const matches = (d: RowDetail, row: ExpectedRow): boolean =>
    `${NS}/${d.rule}` === row.ruleId && d.messageId === row.messageId && d.file === row.file;
  // Rows of one rule, messageId and file take their details in order (two collisions in one toolkit).
  for (const detail of details) {
    const rowCount = rows.filter((row) => matches(detail, row)).length;
    const detailCount = details.filter((d) => d.rule === detail.rule && d.messageId === detail.messageId && d.file === detail.file).length;
    if (rowCount !== detailCount) throw new Error(`${fixture}: ${detail.rule} ${detail.messageId} in ${detail.file} matches ${rowCount} EXPECTED.md rows`);
  }
  const used = new Set<RowDetail>();
  for (const row of rows) {
    const detail = details.find((d) => !used.has(d) && matches(d, row));
    if (detail) used.add(detail);
    if (!detail) throw new Error(`${fixture}/EXPECTED.md row ${row.row} (${row.ruleId} ${row.messageId} ${row.file}) has no details in this test`);
    if (mode !== 'typed-all' && OFF_IN_RECOMMENDED.has(row.ruleId)) continue;
    if (mode === 'syntax' && detail.needsTypes) continue;
    const rule = plugin.rules[row.ruleId.slice(NS.length + 1)];
    const template = rule?.meta.messages[row.messageId];
    if (template === undefined) throw new Error(`${fixture} row ${row.row}: unknown rule or messageId ${row.ruleId} ${row.messageId}`);
    out.push({
      ruleId: row.ruleId,
      severity: WARNINGS.has(row.ruleId) ? 1 : 2,
      file: row.file,
      line: row.line,
      column: row.column,
      messageId: row.messageId,
      // A file alone knows no other file: syntax-only messages name no other places.
      message: interpolate(template, {
        otherPlaces: mode === 'syntax' ? '' : (places.get(placeKey(row.file, row.line, row.column, row.ruleId)) ?? ''),
        ...(mode === 'syntax' ? (detail.syntaxData ?? detail.data) : detail.data),
      }),
    });
  }
  for (const d of diagnostics) {
    // EXPECTED.md columns are 1-based. ESLint copies a parser error's `column` as is, and
    // @typescript-eslint/typescript-estree's TSError.column is the 0-based character (espree's is
    // 1-based), so with this parser ESLint shows parse errors one column to the left.
    out.push({ ruleId: null, severity: 2, file: d.file, line: d.line, column: d.column - 1, message: `Parsing error: ${d.message}` });
  }
  return sortReported(out);
}

// ---------------------------------------------------------------- running ESLint

/** ESLint's or the CLI's findings as `file:line:col-endLine:endCol rule message`, rule findings only (parse errors differ by design). */
type Located = Array<{
  filePath: string;
  messages: Array<{ ruleId: string | null; line: number; column: number; endLine?: number; endColumn?: number; message: string; relatedLocations?: Array<{ filePath: string; line: number }> }>;
}>;

const relative = (dir: string, file: string): string => path.relative(dir, file).split(path.sep).join('/');

/** `places` given (the CLI's report): each message with the other places ESLint's message names. */
function locatedRows(results: Located, dir: string, places?: OtherPlaces): string[] {
  return results
    .flatMap((r) =>
      r.messages
        .filter((m) => m.ruleId !== null)
        .map((m) => {
          const suffix = places?.get(placeKey(relative(dir, r.filePath), m.line, m.column, String(m.ruleId))) ?? '';
          return `${relative(dir, r.filePath)}:${m.line}:${m.column}-${m.endLine}:${m.endColumn} ${String(m.ruleId).replace(`${NS}/`, '')} ${m.message}${suffix}`;
        }),
    )
    .sort();
}

/** From the CLI's related locations: what ESLint (cwd `dir`) appends to each cross-file finding's message. */
function otherPlacesOf(results: Located, dir: string): OtherPlaces {
  const places: OtherPlaces = new Map();
  for (const r of results) {
    for (const m of r.messages) {
      if (m.ruleId === null) continue;
      const related = (m.relatedLocations ?? []).map((l) => ({ file: l.filePath, span: { loc: { start: { line: l.line } } } }));
      places.set(placeKey(relative(dir, r.filePath), m.line, m.column, m.ruleId), otherPlacesText({ file: r.filePath, message: m.message, related }, dir));
    }
  }
  return places;
}

type Main = typeof mainType;

/** The built CLI's JSON report on `dir`, every rule on: located rows (messages as ESLint ends them), and the other places. */
async function cliReport(dir: string): Promise<{ rows: string[]; places: OtherPlaces }> {
  const { main } = (await import(pathToFileURL(path.join(repoRoot, 'dist/src/cli/main.js')).href)) as { main: Main };
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await main(['.', '-f', 'json', '--no-exit-code', '--rule', 'no-confusable-tool-names=warn'], {
    stdout: { write: (text: string) => stdout.push(text) },
    stderr: { write: (text: string) => stderr.push(text) },
    cwd: dir,
    env: {},
    isTTY: { stdout: false, stderr: false },
  });
  expect(code, stderr.join('')).toBe(0);
  const results = JSON.parse(stdout.join('')) as Located;
  const places = otherPlacesOf(results, dir);
  return { rows: locatedRows(results, dir, places), places };
}

function allowsJs(dir: string): boolean {
  try {
    return (JSON.parse(readFileSync(path.join(dir, 'tsconfig.json'), 'utf8')) as { compilerOptions?: { allowJs?: boolean } }).compilerOptions?.allowJs === true;
  } catch {
    return false;
  }
}

async function lint(dir: string, mode: 'syntax' | 'typed' | 'typed-all', located?: string[]): Promise<Reported[]> {
  // A fixture's declared wrappers reach ESLint as the plugin's shared setting, as the README shows.
  const declared = fixtureConfig(dir).adapters;
  // JavaScript modules too: the fixtures that hold them include them in their tsconfig (`allowJs`).
  const base: Linter.Config = { files: ['**/*.ts', '**/*.js', '**/*.mjs', '**/*.cjs'], languageOptions: { parser }, ...(declared ? { settings: { [NS]: { adapters: declared } } } : {}) };
  const overrideConfig: Linter.Config[] =
    mode === 'syntax'
      ? [base, plugin.configs.recommended]
      : [
          { ...base, languageOptions: { parser, parserOptions: { tsconfigRootDir: dir } } },
          ...plugin.configs['recommended-type-checked'],
          // The preset types TypeScript files only; a project whose tsconfig includes its JavaScript
          // (`allowJs`) adds the block the README shows for it.
          ...(allowsJs(dir) ? [{ files: ['**/*.js', '**/*.mjs', '**/*.cjs'], languageOptions: { parserOptions: { projectService: true } } }] : []),
          ...(mode === 'typed-all' ? [{ rules: { [`${NS}/no-confusable-tool-names`]: 'warn' as const } }] : []),
        ];
  const eslint = new ESLint({ cwd: dir, overrideConfigFile: true, overrideConfig });
  const results = await eslint.lintFiles(['.']);
  located?.push(...locatedRows(results, dir));
  return sortReported(
    results.flatMap((result) =>
      result.messages.map((m) => ({
        ruleId: m.ruleId,
        severity: m.severity,
        file: path.relative(dir, result.filePath).split(path.sep).join('/'),
        line: m.line,
        column: m.column,
        ...(m.messageId === undefined ? {} : { messageId: m.messageId }),
        message: m.message,
      })),
    ),
  );
}

// Every fixture project but the layouts (test/analyzer/layouts.test.ts) and the golden-only ones;
// each must have an EXPECTED.md (test/fixture-projects.ts).
const fixtures = ['demo', ...inGroup(expectedFixtures, 'projects'), ...inGroup(expectedFixtures, 'frameworks')];

describe('the built plugin', () => {
  it('was built from src/ and rules/ as they were when this file started (test/global-setup.ts)', () => {
    expect(builtHash()).toBe(sourcesAtStart);
  });

  it('has the recommended configs, with the project service only in the type-checked one', () => {
    const recommended = plugin.configs.recommended;
    const [typedBase, typed] = plugin.configs['recommended-type-checked'];
    expect(recommended.rules).toEqual({
      [`${NS}/no-tool-name-collision`]: 'error',
      [`${NS}/no-namespace-equals-name`]: 'error',
      [`${NS}/no-call-id-coercion`]: 'error',
      [`${NS}/no-identity-helper-bypass`]: 'warn',
      [`${NS}/valid-tool-name`]: 'error',
      [`${NS}/no-tool-mutation-outside-invocation`]: 'error',
      [`${NS}/no-direct-tools-mutation`]: 'error',
      [`${NS}/stable-tool-identity`]: 'warn',
      [`${NS}/required-function-name-known`]: 'error',
      [`${NS}/middleware-result-before-next`]: 'error',
      [`${NS}/middleware-await-next`]: 'error',
    });
    expect(typedBase).toBe(recommended);
    expect(recommended.languageOptions?.parserOptions).toBeUndefined();
    expect(typed?.languageOptions?.parserOptions).toEqual({ projectService: true });
  });

  it('covers every fixture with an EXPECTED.md', () => {
    for (const fixture of fixtures) expect(existsSync(path.join(repoRoot, 'fixtures', fixture, 'EXPECTED.md')), fixture).toBe(true);
    expect([...fixtures].sort()).toEqual(Object.keys(rowDetails).sort());
  });
});

describe.each(fixtures)('fixtures/%s', (fixture) => {
  const dir = path.join(repoRoot, 'fixtures', fixture);

  it('recommended-type-checked (projectService) reports exactly the rows of EXPECTED.md', async () => {
    const { places } = await cliReport(dir);
    expect(await lint(dir, 'typed')).toEqual(expectedFor(fixture, dir, 'typed', places));
  }, 180_000);

  it('recommended (syntax only) reports exactly the rows that need no type information', async () => {
    const syntax = await lint(dir, 'syntax');
    expect(syntax).toEqual(expectedFor(fixture, dir, 'syntax'));
    // The syntax-only run is a subset of the type-checked one (a message may name less without types).
    const place = ({ message: _message, ...rest }: Reported): Omit<Reported, 'message'> => rest;
    const typed = expectedFor(fixture, dir, 'typed').map(place);
    for (const finding of syntax) expect(typed).toContainEqual(place(finding));
  }, 180_000);

  it('type-checked with no-confusable-tool-names on reports every row, and the CLI the same findings', async () => {
    const located: string[] = [];
    const cli = await cliReport(dir);
    expect(await lint(dir, 'typed-all', located)).toEqual(expectedFor(fixture, dir, 'typed-all', cli.places));
    // The CLI's message and related locations make ESLint's message, character for character.
    expect(cli.rows).toEqual(located);
    // A fixture with nothing to compare would make the comparison vacuous for it.
    if (!fixture.endsWith('/clean')) expect(located.length).toBeGreaterThan(0);
  }, 180_000);
});
