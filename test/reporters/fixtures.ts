// Hand-built findings shaped like the checks' output, with literal messages so reporter tests do not
// move when catalog wording changes. Columns in spans are 0-based (ESLint convention).
import type { Finding, ToolDiagnostic } from '../../src/checks/finding.js';
import type { Span } from '../../src/facts/types.js';
import type { ReportContext } from '../../src/reporters/types.js';

/** A span on 1-based lines with 0-based columns; offsets assume 40-character lines, good enough here. */
export function span(line: number, column: number, endLine: number, endColumn: number): Span {
  return {
    start: (line - 1) * 40 + column,
    end: (endLine - 1) * 40 + endColumn,
    loc: { start: { line, column }, end: { line: endLine, column: endColumn } },
  };
}

/** Cross-file collision: the other tool lives in another file. */
export const collision: Finding = {
  ruleId: 'no-tool-name-collision',
  messageId: 'duplicateToolName',
  data: { name: 'search', set: 'agent "Researcher"', winner: 'src/tools/web.ts:4:21' },
  message:
    'Tool name "search" is exposed more than once in agent "Researcher"; dispatch picks the one at src/tools/web.ts:4:21. Give each tool a unique name or a namespace.',
  file: 'src/agents/researcher.ts',
  span: span(12, 4, 12, 16),
  severity: 'error',
  related: [{ file: 'src/tools/web.ts', span: span(4, 20, 4, 28), message: 'Other tool named "search" (dispatch picks this one)' }],
  suggestions: [],
  key: 'no-tool-name-collision|agent:Researcher|duplicate|search',
};

/** Call-ID coercion with a two-edit suggestion (replacement plus import), edits given out of order. */
export const coercion: Finding = {
  ruleId: 'no-call-id-coercion',
  messageId: 'coercedCallId',
  data: { expression: 'item.callId', form: 'String()' },
  message:
    'Call ID `item.callId` is coerced with String(); a missing or non-string ID becomes a made-up string instead of being rejected. Read it with extractToolCallId() and handle undefined.',
  file: 'src/runner/approve.ts',
  span: span(27, 18, 27, 37),
  severity: 'error',
  related: [],
  suggestions: [
    {
      messageId: 'useExtractToolCallId',
      desc: 'Use extractToolCallId(item) instead.',
      data: { rawItem: 'item' },
      edits: [
        { range: [1058, 1077], text: 'extractToolCallId(item)' },
        { range: [0, 0], text: "import { extractToolCallId } from 'tool-identity-audit/runtime';\n" },
      ],
    },
  ],
  key: 'no-call-id-coercion|String|item.callId',
};

/** A warning whose message has `$`, backticks and braces (Markdown and shell-sensitive). */
export const bypass: Finding = {
  ruleId: 'no-identity-helper-bypass',
  messageId: 'handBuiltIdentity',
  data: { what: 'qualified name', text: '${ns}.${name}', helper: 'qualifiedToolName' },
  message:
    'Hand-built qualified name `${ns}.${name}`; use qualifiedToolName() from tool-identity-audit/runtime, which handles empty and reserved namespaces.',
  file: 'src/runner/approve.ts',
  span: span(9, 14, 9, 31),
  severity: 'warning',
  related: [],
  suggestions: [],
  key: 'no-identity-helper-bypass|template|ns,name',
};

export const confusable: Finding = {
  ruleId: 'no-confusable-tool-names',
  messageId: 'confusableNames',
  data: { name: 'get_user', other: 'getUser', set: 'agent "Support"' },
  message:
    'Tool names "get_user" and "getUser" in agent "Support" differ only by case or "_"/"-"; models confuse them. Use one naming style and distinct words.',
  file: 'src/agents/support.ts',
  span: span(5, 2, 5, 12),
  severity: 'info',
  related: [{ file: 'src/agents/support.ts', span: span(6, 2, 6, 11), message: 'The other name' }],
  suggestions: [],
  key: 'no-confusable-tool-names|agent:Support|get_user|getUser',
};

/** `%`, `:`, `,` and a line break in the message, a file path with `,` and `:`, and a two-line span. */
export const oddName: Finding = {
  ruleId: 'valid-tool-name',
  messageId: 'invalidToolName',
  data: { what: 'Tool', name: 'rate%:limit,\nv2', provider: 'OpenAI', reason: 'only letters, digits, "_" and "-" are allowed' },
  message: 'Tool name "rate%:limit,\nv2" is rejected by OpenAI: only letters, digits, "_" and "-" are allowed.',
  file: 'src/odd,dir/tools:v2.ts',
  span: span(3, 8, 4, 4),
  severity: 'error',
  related: [],
  suggestions: [],
  key: 'valid-tool-name|Tool|rate%:limit,\nv2',
};

/** Namespace rename: a one-edit suggestion. */
export const namespaceEqualsName: Finding = {
  ruleId: 'no-namespace-equals-name',
  messageId: 'namespaceEqualsName',
  data: { namespace: 'search', name: 'search' },
  message:
    'Namespace "search" has a member tool named "search": "search.search" is the reserved wire shape of a deferred top-level tool, so dispatch is ambiguous. Rename the namespace or the tool.',
  file: 'src/tools/web.ts',
  span: span(30, 2, 30, 10),
  severity: 'error',
  related: [{ file: 'src/tools/web.ts', span: span(4, 20, 4, 28), message: 'Member tool "search"' }],
  suggestions: [
    {
      messageId: 'renameNamespace',
      desc: 'Rename the namespace to "search_tools".',
      data: { suggested: 'search_tools' },
      edits: [{ range: [1162, 1170], text: "'search_tools'" }],
    },
  ],
  key: 'no-namespace-equals-name|search',
};

const mcpMessage =
  'MCP server server registers the tool "lookup" more than once; the later registration fails or replaces the first.';

/** Two findings with equal keys (a tool registered three times on one server). */
export const duplicateA: Finding = {
  ruleId: 'no-tool-name-collision',
  messageId: 'mcpDuplicateRegistration',
  data: { server: 'server', name: 'lookup' },
  message: mcpMessage,
  file: 'src/mcp/server.ts',
  span: span(14, 2, 14, 13),
  severity: 'error',
  related: [{ file: 'src/mcp/server.ts', span: span(8, 2, 8, 13), message: 'First registration of "lookup"' }],
  suggestions: [],
  key: 'no-tool-name-collision|mcp:server@src/mcp/server.ts|mcp-duplicate|lookup',
};

export const duplicateB: Finding = { ...duplicateA, span: span(22, 2, 22, 13) };

export const allFindings: Finding[] = [
  duplicateB,
  oddName,
  collision,
  confusable,
  namespaceEqualsName,
  bypass,
  coercion,
  duplicateA,
];

export const parseError: ToolDiagnostic = { file: 'src/broken.ts', kind: 'parse-error', message: "')' expected.", line: 3, column: 4 };
export const binaryFile: ToolDiagnostic = { file: 'assets/logo.ts', kind: 'binary', message: 'File contains NUL bytes.' };

export function context(overrides: Partial<ReportContext> = {}): ReportContext {
  return {
    cwd: '/home/ci/repo',
    toolName: 'tool-identity-audit',
    toolVersion: '0.1.0',
    informationUri: 'https://github.com/tool-identity-audit/tool-identity-audit',
    filesAnalyzed: 42,
    projects: 1,
    diagnostics: [],
    color: false,
    executionSuccessful: true,
    ...overrides,
  };
}

/** Same findings, several input orders: output must not depend on them. */
export function shuffles(findings: readonly Finding[]): Finding[][] {
  return [[...findings], [...findings].reverse(), [...findings].sort((a, b) => (a.key < b.key ? 1 : -1))];
}
