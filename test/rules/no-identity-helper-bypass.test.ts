// no-identity-helper-bypass: identity strings built by hand (qualified names, trace names, lookup
// and approval keys, `qualifiedName ?? name` fallbacks, `${agent}:${callId}` keys) outside the
// configured helper modules. Reported on the whole expression; qualified and trace names get a
// suggestion that calls the helper (and imports it when the file does not).
import rule, { type Options } from '../../rules/no-identity-helper-bypass.js';
import { loc, replaceNth, runCases, type ValidCase } from './testers.js';

/** Options as users write them: partial, the rest from `meta.defaultOptions`. */
const opts = (options: Partial<Options[0]>): Options => [options as Options[0]];

const RULE = 'no-identity-helper-bypass';

function importLine(helper: string): string {
  return `import { ${helper} } from 'tool-identity-audit/runtime';\n`;
}

const templateQualified = `// Structured log line for every tool call.
export function toolEvent(tool: { name: string; namespace?: string }, ms: number) {
  const qualified = \`\${tool.namespace}.\${tool.name}\`;
  return JSON.stringify({ event: 'tool_call', tool: qualified, ms });
}
`;

const plusAndJoin = `export function dispatchKeys(call: { name: string; namespace: string }, namespace: string, toolName: string) {
  return [call.namespace + '.' + call.name, [namespace, toolName].join('.')];
}
`;

const traceName = `import { toolQualifiedName } from 'tool-identity-audit/runtime';

export function spanName(tool: { name: string; namespace?: string }) {
  return tool.namespace === tool.name ? tool.name : \`\${tool.namespace}.\${tool.name}\`;
}

export const qualifiedOf = (tool: { name: string; namespace?: string }) => toolQualifiedName(tool.name, tool.namespace);
`;

const aliasedHelper = `import { toolQualifiedName as qualify } from 'tool-identity-audit/runtime';

export function approvalLabel(ns: string, toolName: string) {
  return { label: \`\${ns}.\${toolName}\`, canonical: qualify(toolName, ns) };
}
`;

const keysAndFallbacks = `export function keysOf(item: { qualifiedName?: string; name: string; namespace: string }, agentName: string, callId: string) {
  const lookup = JSON.stringify(['namespaced', item.namespace, item.name]);
  const approval = \`deferred_top_level:\${item.name}\`;
  const display = item.qualifiedName ?? item.name;
  const pending = \`\${agentName}:\${callId}\`;
  return { lookup, approval, display, pending };
}
`;

const errorMessage = `export function assertKnown(tool: { name: string; namespace?: string }, known: Set<string>) {
  if (!known.has(tool.name)) {
    throw new Error(\`Unknown tool \${tool.namespace}.\${tool.name}\`);
  }
}
`;

const metricName = `declare const metrics: { increment(name: string): void };

export function countCall(tool: { name: string; namespace?: string }) {
  metrics.increment(\`tool_calls.\${tool.namespace}.\${tool.name}\`);
}
`;

const validCases: ValidCase<Options>[] = [
  {
    name: 'the canonical helpers, name lists and dotted strings that are not identities',
    code: `import { extractToolCallId, toolQualifiedName } from 'tool-identity-audit/runtime';

export const autoApprove = ['crm.update_contact_details', 'create_return_label'];

export function route(call: { name: string; namespace?: string }, item: { rawItem: unknown }, user: { firstName: string; lastName: string }) {
  const qualified = toolQualifiedName(call.name, call.namespace);
  const callId = extractToolCallId(item.rawItem);
  const handle = \`\${user.firstName}.\${user.lastName}\`;
  return { qualified, callId, handle };
}
`,
  },
  {
    name: 'strings only used in error and log messages (ignoreErrorMessages defaults to true)',
    code: `declare const logger: { warn(message: string): void };

export function check(tool: { name: string; namespace?: string }, known: Set<string>) {
  if (!known.has(tool.name)) {
    logger.warn('Unknown tool ' + tool.namespace + '.' + tool.name);
    console.error(\`missing \${tool.namespace}.\${tool.name}\`);
    throw new Error(\`Unknown tool \${tool.namespace}.\${tool.name}\`);
  }
}
`,
  },
  // Syntax only: the typed fixture project lints file.ts, not these paths.
  {
    mode: 'syntax',
    name: 'a configured helper module',
    code: templateQualified,
    filename: 'src/identity/names.ts',
    options: opts({ helperModules: ['src/identity/**'] }),
  },
  {
    mode: 'syntax',
    name: "the runtime's own identity module is always allowed",
    code: templateQualified,
    filename: 'src/runtime/identity/qualified-names.ts',
  },
];

const templateError = {
  messageId: 'handBuiltIdentity' as const,
  data: { what: 'qualified tool name', text: '`${tool.namespace}.${tool.name}`', helper: 'toolQualifiedName' },
  ...loc(templateQualified, '`${tool.namespace}.${tool.name}`'),
  suggestions: [
    {
      messageId: 'useHelper' as const,
      data: { replacement: 'toolQualifiedName(tool.name, tool.namespace)' },
      output:
        importLine('toolQualifiedName') +
        replaceNth(templateQualified, '`${tool.namespace}.${tool.name}`', 'toolQualifiedName(tool.name, tool.namespace)'),
    },
  ],
};

runCases(RULE, rule, {
  valid: validCases,
  invalid: [
    {
      name: 'a template literal `${tool.namespace}.${tool.name}` in a logging module',
      code: templateQualified,
      errors: [templateError],
    },
    {
      mode: 'syntax',
      name: 'a helper module glob that does not match the file',
      code: templateQualified,
      filename: 'src/observability/tool-events.ts',
      options: opts({ helperModules: ['src/identity/**'] }),
      errors: [templateError],
    },
    {
      mode: 'syntax',
      name: "`ns + '.' + name` and `[ns, name].join('.')`",
      code: plusAndJoin,
      errors: [
        {
          messageId: 'handBuiltIdentity',
          data: { what: 'qualified tool name', text: "call.namespace + '.' + call.name", helper: 'toolQualifiedName' },
          ...loc(plusAndJoin, "call.namespace + '.' + call.name"),
          suggestions: [
            {
              messageId: 'useHelper',
              data: { replacement: 'toolQualifiedName(call.name, call.namespace)' },
              output:
                importLine('toolQualifiedName') +
                replaceNth(plusAndJoin, "call.namespace + '.' + call.name", 'toolQualifiedName(call.name, call.namespace)'),
            },
          ],
        },
        {
          messageId: 'handBuiltIdentity',
          data: { what: 'qualified tool name', text: "[namespace, toolName].join('.')", helper: 'toolQualifiedName' },
          ...loc(plusAndJoin, "[namespace, toolName].join('.')"),
          suggestions: [
            {
              messageId: 'useHelper',
              data: { replacement: 'toolQualifiedName(toolName, namespace)' },
              output:
                importLine('toolQualifiedName') +
                replaceNth(plusAndJoin, "[namespace, toolName].join('.')", 'toolQualifiedName(toolName, namespace)'),
            },
          ],
        },
      ],
    },
    {
      mode: 'syntax',
      name: 'a trace name that collapses namespace == name; the file imports another helper already',
      code: traceName,
      errors: [
        {
          messageId: 'handBuiltIdentity',
          data: {
            what: 'trace name',
            text: 'tool.namespace === tool.name ? tool.name : `${tool.namespace}.${tool.name}`',
            helper: 'toolTraceName',
          },
          ...loc(traceName, 'tool.namespace === tool.name ? tool.name : `${tool.namespace}.${tool.name}`'),
          suggestions: [
            {
              messageId: 'useHelper',
              data: { replacement: 'toolTraceName(tool.name, tool.namespace)' },
              output:
                importLine('toolTraceName') +
                replaceNth(
                  traceName,
                  'tool.namespace === tool.name ? tool.name : `${tool.namespace}.${tool.name}`',
                  'toolTraceName(tool.name, tool.namespace)',
                ),
            },
          ],
        },
      ],
    },
    {
      mode: 'syntax',
      name: 'the helper is imported under another name',
      code: aliasedHelper,
      errors: [
        {
          messageId: 'handBuiltIdentity',
          data: { what: 'qualified tool name', text: '`${ns}.${toolName}`', helper: 'toolQualifiedName' },
          ...loc(aliasedHelper, '`${ns}.${toolName}`'),
          suggestions: [
            {
              messageId: 'useHelper',
              data: { replacement: 'qualify(toolName, ns)' },
              output: replaceNth(aliasedHelper, '`${ns}.${toolName}`', 'qualify(toolName, ns)'),
            },
          ],
        },
      ],
    },
    {
      mode: 'syntax',
      name: 'lookup key, approval key, qualified-name fallback and agent:callId key (no automatic replacement)',
      code: keysAndFallbacks,
      errors: [
        {
          messageId: 'handBuiltIdentity',
          data: { what: 'tool lookup key', text: "JSON.stringify(['namespaced', item.namespace, item.name])", helper: 'lookupKeyId' },
          ...loc(keysAndFallbacks, "JSON.stringify(['namespaced', item.namespace, item.name])"),
          suggestions: [],
        },
        {
          messageId: 'handBuiltIdentity',
          data: { what: 'approval key', text: '`deferred_top_level:${item.name}`', helper: 'getFunctionToolApprovalKeys' },
          ...loc(keysAndFallbacks, '`deferred_top_level:${item.name}`'),
          suggestions: [],
        },
        {
          messageId: 'handBuiltIdentity',
          data: { what: 'qualified-name fallback', text: 'item.qualifiedName ?? item.name', helper: 'getFunctionToolQualifiedName' },
          ...loc(keysAndFallbacks, 'item.qualifiedName ?? item.name'),
          suggestions: [],
        },
        {
          messageId: 'handBuiltCallKey',
          data: { text: '`${agentName}:${callId}`' },
          ...loc(keysAndFallbacks, '`${agentName}:${callId}`'),
          suggestions: [],
        },
      ],
    },
    {
      mode: 'syntax',
      name: 'ignoreErrorMessages: false reports strings built for error messages too',
      code: errorMessage,
      options: opts({ ignoreErrorMessages: false }),
      errors: [
        {
          messageId: 'handBuiltIdentity',
          data: { what: 'qualified tool name', text: '`Unknown tool ${tool.namespace}.${tool.name}`', helper: 'toolQualifiedName' },
          ...loc(errorMessage, '`Unknown tool ${tool.namespace}.${tool.name}`'),
          suggestions: [
            {
              messageId: 'useHelper',
              data: { replacement: 'toolQualifiedName(tool.name, tool.namespace)' },
              // The text around the construction stays: only `${ns}.${name}` becomes the helper call.
              output:
                importLine('toolQualifiedName') +
                replaceNth(errorMessage, '${tool.namespace}.${tool.name}', '${toolQualifiedName(tool.name, tool.namespace)}'),
            },
          ],
        },
      ],
    },
    {
      mode: 'syntax',
      name: 'a qualified name inside a longer template keeps the surrounding text in the suggestion',
      code: metricName,
      errors: [
        {
          messageId: 'handBuiltIdentity',
          data: { what: 'qualified tool name', text: '`tool_calls.${tool.namespace}.${tool.name}`', helper: 'toolQualifiedName' },
          ...loc(metricName, '`tool_calls.${tool.namespace}.${tool.name}`'),
          suggestions: [
            {
              messageId: 'useHelper',
              data: { replacement: 'toolQualifiedName(tool.name, tool.namespace)' },
              output:
                importLine('toolQualifiedName') +
                replaceNth(metricName, '${tool.namespace}.${tool.name}', '${toolQualifiedName(tool.name, tool.namespace)}'),
            },
          ],
        },
      ],
    },
  ],
});

// Issue 10 items 3 and 4: the spellings real code uses (fallback identities as keys, invocation
// keys joining a call ID with a name or item type, approvals keyed by a bare name, MCP names
// prefixed by hand) and the places where a construction is not a bypass.

const fallbackKeys = `type FunctionTool = { name: string; invoke(input: string): Promise<string> };

declare function qualifiedName(tool: { name: string; namespace?: string }): string | undefined;

const handlers = new Map<string, FunctionTool>();
const seen = new Set<string>();

export function register(tool: FunctionTool & { namespace?: string }) {
  handlers.set(qualifiedName(tool) ?? tool.name, tool);
}

export function markSeen(tool: { name: string; namespace?: string; path: string }) {
  seen.add(tool.namespace ? tool.path : tool.name);
}

export function dispatchKey(tool: { name: string; namespace?: string }) {
  const key = qualifiedName(tool) ?? tool.name;
  return handlers.get(key);
}
`;

const callKeys = `const pendingApprovals = new Map<string, unknown>();
const outputs = new Map<string, string>();
const handled = new Set<string>();

export function trackApproval(agent: { name: string }, item: { rawItem: { callId: string } }) {
  pendingApprovals.set(\`\${agent.name}:\${item.rawItem.callId}\`, item);
}

export function rememberOutput(item: { type: string; callId: string }, output: string) {
  outputs.set(\`\${item.type}:\${item.callId}\`, output);
}

export function markHandled(call: { id: string }, toolName: string, callId: string) {
  handled.add(\`function_call:\${call.id}\`);
  handled.add(toolName + ':' + callId);
}
`;

const bareApprovals = `const approvals = new Map<string, 'approved' | 'rejected'>();

export function recordDecision(item: { toolName?: string; rawItem: { name: string } }, decision: 'approved' | 'rejected') {
  const raw = item.rawItem;
  approvals.set(item.toolName ?? raw.name, decision);
}

export function isApproved(request: { toolName: string }): boolean {
  return approvals.get(request.toolName) === 'approved';
}
`;

const canonicalApprovalKeys = `type Decision = 'approved' | 'rejected';
declare function parseHostedStateKey(stateKey: string): { toolName?: string } | undefined;

const approvals = new Map<string, Decision>();
const approvedToolQueue = new Map<string, string[]>();

export function restore(source: Map<string, Decision>, hostedKeys: string[]) {
  for (const [toolName, decision] of source) approvals.set(toolName, decision);
  for (const stateKey of hostedKeys) {
    const identity = parseHostedStateKey(stateKey);
    if (identity?.toolName) approvals.set(identity.toolName, 'approved');
  }
}

export function queueApproval(action: { name: string }, approvalId: string) {
  const queue = approvedToolQueue.get(action.name) ?? [];
  queue.push(approvalId);
  approvedToolQueue.set(action.name, queue);
}
`;

const mcpHelper = `/** Per-server tool names are namespaced \`mcp__<server>__<tool>\` before they reach the model. */
export function namespaceTool(serverKey: string, toolName: string): string {
  return \`mcp__\${serverKey}__\${toolName}\`;
}
`;

const canonicalFallbacks = `import { getFunctionToolQualifiedName, toolQualifiedName } from './toolIdentity';

export function getToolSearchRuntimeToolKey(tool: { type: string; name: string; namespace?: string }) {
  return getFunctionToolQualifiedName(tool) ?? tool.name;
}

function legacyStateKey(name: string, namespace: string | undefined) {
  return namespace ? toolQualifiedName(name, namespace) : name;
}

const keys = new Set<string | undefined>();
export function remember(name: string, namespace?: string) {
  keys.add(legacyStateKey(name, namespace));
}
`;

const mcpNames = `export async function collectTools(clients: Map<string, { listTools(): Promise<Record<string, unknown>> }>) {
  const connectedTools: Record<string, unknown> = {};
  for (const [serverName, client] of clients) {
    for (const [toolName, tool] of Object.entries(await client.listTools())) {
      connectedTools[\`\${serverName}_\${toolName}\`] = tool;
    }
  }
  return connectedTools;
}

export function claudeName(server: string, tool: { name: string }) {
  return \`mcp__\${server}__\${tool.name}\`;
}
`;

const ownHelpers = `import { getToolCallNamespace } from './toolIdentity';

export function legacyOutputKey(item: { type: string; name: string; namespace?: string }) {
  const namespace = getToolCallNamespace(item);
  return { ...item, name: \`\${namespace}.\${item.name}\` };
}
`;

const helperDefinitions = `function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

export function toolQualifiedName(name: string | undefined, namespace?: string): string | undefined {
  if (!isNonEmptyString(name)) return undefined;
  if (isNonEmptyString(namespace)) {
    return \`\${namespace}.\${name}\`;
  }
  return name;
}

export function toolDisplayName(name: string | undefined, namespace?: string): string | undefined {
  if (!isNonEmptyString(name)) return undefined;
  if (!isNonEmptyString(namespace) || namespace === name) return name;
  return \`\${namespace}.\${name}\`;
}

export function getFunctionToolQualifiedName(tool: { name: string; qualifiedName?: string }): string {
  return tool.qualifiedName ?? tool.name;
}

export function deferredApprovalKey(toolName: string): string {
  return \`deferred_top_level:\${toolName}\`;
}

export class PendingRuns {
  private readonly runs = new Map<string, string>();
  private getPendingAgentToolRunKey(toolName: string, callId: string): string {
    return \`\${toolName}:\${callId}\`;
  }
  set(toolName: string, callId: string, state: string) {
    this.runs.set(this.getPendingAgentToolRunKey(toolName, callId), state);
  }
}
`;

const namespacePaths = `type ResponsesTool = { type: 'function'; name: string } | { type: 'namespace'; name: string; tools: ResponsesTool[] };

export function collectNamespaces(tools: ResponsesTool[], namespacePrefix?: string): string[] {
  const found: string[] = [];
  for (const tool of tools) {
    if (tool.type === 'namespace') {
      const nestedNamespace = namespacePrefix ? \`\${namespacePrefix}.\${tool.name}\` : tool.name;
      found.push(nestedNamespace, ...collectNamespaces(tool.tools, nestedNamespace));
    }
  }
  return found;
}
`;

const agentScoped = `type ApprovalIdentity = { agent: object | undefined; value: string };

function getIdentity(approval: { agent?: object; rawItem: { type: string; callId?: string } }): ApprovalIdentity | undefined {
  const agent = approval.agent;
  if (approval.rawItem.type === 'function_call' && approval.rawItem.callId) {
    return { agent, value: \`function_call:\${approval.rawItem.callId}\` };
  }
  if (approval.rawItem.callId) {
    return { agent, value: \`\${approval.rawItem.type}:\${approval.rawItem.callId}\` };
  }
  return undefined;
}

const identities = new Map<object | undefined, Set<string>>();
export function remember(approval: { agent?: object; rawItem: { type: string; callId?: string } }) {
  const identity = getIdentity(approval);
  if (identity) identities.set(identity.agent, (identities.get(identity.agent) ?? new Set()).add(identity.value));
}
`;

const consoleOutput = `type RunItem = { type: string; rawItem?: { name?: string; namespace?: string } };

function getCalledTools(newItems: RunItem[]): string[] {
  return [
    ...new Set(
      newItems.flatMap((item) => {
        const name = item.rawItem?.name;
        const namespace = item.rawItem?.namespace;
        if (!name) return [];
        if (!namespace || namespace === name) return [name];
        return [\`\${namespace}.\${name}\`];
      }),
    ),
  ];
}

function formatList(values: string[]): string {
  return values.join(', ') || 'none';
}

export function report(result: { newItems: RunItem[] }) {
  const calledTools = getCalledTools(result.newItems);
  console.log(\`Called tools: \${formatList(calledTools)}\`);
  console.log(\`Lookups: \${formatList(calledTools.filter((toolName) => !toolName.includes('.')))}\`);
}
`;

const displayOnlyFallback = `declare function qualifiedName(tool: { name: string; namespace?: string }): string | undefined;

export function label(tool: { name: string; namespace?: string }) {
  return { title: qualifiedName(tool) ?? tool.name, namespaced: tool.namespace ? 'yes' : tool.name };
}
`;

const noAgentNameCallKey = `const started = new Map<string, number>();

export function onStart(agent: { name: string }, event: { messageId: string }) {
  started.set(\`\${agent.name}:\${event.messageId}\`, Date.now());
}

export function logCall(agentName: string, callId: string) {
  console.info(\`[\${agentName}:\${callId}] tool call started\`);
}
`;

const serverLabels = `export function describe(serverName: string, tools: string[]) {
  const header = \`\${serverName}: \${tools.length} tools\`;
  return tools.map((toolName) => \`\${serverName} / \${toolName}\`).concat(header);
}
`;

const callKeyError = (code: string, text: string) => ({
  messageId: 'handBuiltCallKey' as const,
  data: { text },
  ...loc(code, text),
  suggestions: [],
});

const identityError = (code: string, what: string, text: string, helper: string, nth = 1) => ({
  messageId: 'handBuiltIdentity' as const,
  data: { what, text, helper },
  ...loc(code, text, nth),
  suggestions: [],
});

runCases(`${RULE} (issue 10)`, rule, {
  valid: [
    { name: 'helper definitions: toolQualifiedName, toolDisplayName, getFunctionToolQualifiedName, …ApprovalKey, a …RunKey method', code: helperDefinitions },
    { name: 'a namespace path built to recurse into nested namespaces', code: namespacePaths },
    { name: 'an invocation key carried next to the agent object it belongs to', code: agentScoped },
    { name: 'qualified names that only reach console output, through a helper, a local and array methods', code: consoleOutput },
    { name: 'a qualified-name fallback used as display text, not as a key', code: displayOnlyFallback },
    { name: 'a name joined with an ID that is not a call ID, and a call key in a log line', code: noAgentNameCallKey },
    { name: 'a server name in display text', code: serverLabels },
    { name: 'approval maps keyed by names that already are keys, and a queue that is not an approval store', code: canonicalApprovalKeys },
    { name: 'an MCP naming helper definition (namespaceTool)', code: mcpHelper },
    { name: 'a fallback after the canonical qualified-name helper changes nothing', code: canonicalFallbacks },
    {
      mode: 'syntax',
      name: 'a test file spells out the identity it expects',
      code: mcpNames,
      filename: 'packages/mcp/src/client/configuration.test.ts',
    },
  ],
  invalid: [
    {
      name: '`qualifiedName(t) ?? t.name` and `t.namespace ? … : t.name` as a map key, a set entry and through a local',
      code: fallbackKeys,
      errors: [
        identityError(fallbackKeys, 'qualified-name fallback', 'qualifiedName(tool) ?? tool.name', 'getFunctionToolQualifiedName'),
        identityError(fallbackKeys, 'qualified-name fallback', 'tool.namespace ? tool.path : tool.name', 'getFunctionToolQualifiedName'),
        identityError(fallbackKeys, 'qualified-name fallback', 'qualifiedName(tool) ?? tool.name', 'getFunctionToolQualifiedName', 2),
      ],
    },
    {
      name: 'invocation keys: `${agent.name}:${callId}`, `${item.type}:${callId}`, `function_call:${id}`, `toolName + ":" + callId`',
      code: callKeys,
      errors: [
        callKeyError(callKeys, '`${agent.name}:${item.rawItem.callId}`'),
        callKeyError(callKeys, '`${item.type}:${item.callId}`'),
        callKeyError(callKeys, '`function_call:${call.id}`'),
        callKeyError(callKeys, "toolName + ':' + callId"),
      ],
    },
    {
      name: 'approvals keyed by a bare or raw tool name',
      code: bareApprovals,
      errors: [
        identityError(bareApprovals, 'approval key', 'item.toolName ?? raw.name', 'getFunctionToolApprovalKeys'),
        identityError(bareApprovals, 'approval key', 'request.toolName', 'getFunctionToolApprovalKeys'),
      ],
    },
    {
      name: 'MCP server-prefixed names built by hand: `${serverName}_${toolName}` and `mcp__${server}__${tool.name}`',
      code: mcpNames,
      errors: [
        identityError(mcpNames, 'MCP server-prefixed tool name', '`${serverName}_${toolName}`', 'mcpPrefixedToolNames'),
        identityError(mcpNames, 'MCP server-prefixed tool name', '`mcp__${server}__${tool.name}`', 'mcpPrefixedToolNames'),
      ],
    },
    {
      name: 'a file that imports its own identity helpers is told to use them, not this package',
      code: ownHelpers,
      errors: [
        {
          messageId: 'handBuiltIdentityOwnHelpers',
          data: { what: 'qualified tool name', text: '`${namespace}.${item.name}`', imported: 'getToolCallNamespace', module: './toolIdentity' },
          ...loc(ownHelpers, '`${namespace}.${item.name}`'),
          suggestions: [],
        },
      ],
    },
  ],
});

// Issue 20: MCP server-prefixed names by what their parts are (any separator a client uses, a
// server name transformed on the way or held in a field).

const MCP = 'MCP server-prefixed tool name';
const mcpError = (code: string, text: string, nth = 1) => identityError(code, MCP, text, 'mcpPrefixedToolNames', nth);

/** One spelling per case: the code, and the construction reported in it. */
const mcpSpellings: Array<{ name: string; code: string; text: string }> = [
  {
    name: 'an imported prefix constant that holds its own separator: `${MCP_TOOL_PREFIX}${serverName}__${tool.name}`',
    text: '`${MCP_TOOL_PREFIX}${serverName}__${tool.name}`',
    code: `import { MCP_TOOL_PREFIX } from './constants';

export function allowed(serverName: string, tools: Array<{ name: string }>) {
  return tools.map((tool) => \`\${MCP_TOOL_PREFIX}\${serverName}__\${tool.name}\`);
}
`,
  },
  {
    name: 'a field of the client class: `${this.name}.${tool.name}`',
    text: '`${this.name}.${tool.name}`',
    code: `export class McpClient {
  constructor(readonly name: string) {}
  exposed(tools: Array<{ name: string }>) {
    return tools.map((tool) => ({ ...tool, name: \`\${this.name}.\${tool.name}\` }));
  }
}
`,
  },
  {
    name: 'a transformed server part and `-`: `${slugify(server.id)}-${t.name}`',
    text: '`${slugify(server.id)}-${t.name}`',
    code: `declare function slugify(value: string): string;

export function mount(server: { id: string }, tools: Array<{ name: string }>, into: Map<string, unknown>) {
  for (const t of tools) into.set(\`\${slugify(server.id)}-\${t.name}\`, t);
}
`,
  },
  {
    name: "concatenation: `serverName + '__' + toolName`",
    text: "serverName + '__' + toolName",
    code: `export function register(registry: Record<string, unknown>, serverName: string, toolName: string, tool: unknown) {
  registry[serverName + '__' + toolName] = tool;
}
`,
  },
  {
    name: "a server id with its dashes removed: `${serverId.replace(/-/g, '')}_${toolName}`",
    text: "`${serverId.replace(/-/g, '')}_${toolName}`",
    code: `export function publicName(serverId: string, toolName: string): { name: string } {
  return { name: \`\${serverId.replace(/-/g, '')}_\${toolName}\` };
}
`,
  },
  {
    name: 'a sanitised server name and `/`: `${sanitize(serverName)}/${tool.name}`',
    text: '`${sanitize(serverName)}/${tool.name}`',
    code: `declare function sanitize(value: string): string;

export const routes = new Map<string, unknown>();
export function route(serverName: string, tool: { name: string }) {
  routes.set(\`\${sanitize(serverName)}/\${tool.name}\`, tool);
}
`,
  },
  {
    name: 'the client info of a connection: `${clientInfo.name}.${tool.name}`',
    text: '`${clientInfo.name}.${tool.name}`',
    code: `export function toOpenAiTool(clientInfo: { name: string }, tool: { name: string; description?: string }) {
  return { type: 'function', name: \`\${clientInfo.name}.\${tool.name}\`, description: tool.description };
}
`,
  },
  {
    name: 'a server name held in options: `${options.serverName}__${tool.name}`',
    text: '`${options.serverName}__${tool.name}`',
    code: `export function adapt(options: { serverName: string }, tool: { name: string }) {
  return { ...tool, name: \`\${options.serverName}__\${tool.name}\` };
}
`,
  },
  {
    name: "a join: `[server.name, tool.name].join('__')`",
    text: "[server.name, tool.name].join('__')",
    code: `export function key(server: { name: string }, tool: { name: string }, seen: Set<string>) {
  seen.add([server.name, tool.name].join('__'));
}
`,
  },
  {
    name: 'a prefix held by a value: `${prefix}__${serverName}__${tool.name}`',
    text: '`${prefix}__${serverName}__${tool.name}`',
    code: `export function loadTools(prefix: string, serverName: string, tools: Array<{ name: string }>) {
  return tools.map((tool) => ({ ...tool, name: \`\${prefix}__\${serverName}__\${tool.name}\` }));
}
`,
  },
  {
    name: "a literal prefix with `_`: `'mcp_' + server + '_' + tool.name`",
    text: "'mcp_' + server + '_' + tool.name",
    code: `export function vscodeName(server: string, tool: { name: string }): string[] {
  return ['mcp_' + server + '_' + tool.name];
}
`,
  },
];

const mcpHelperDefinitions = `/** This package's naming scheme, defined once. */
export function getMCPToolName(server: { name: string }, tool: { name: string }) {
  const serverPrefix = server.name.toLowerCase().replace(/[^a-z0-9]+/g, '_');
  return \`\${serverPrefix}_\${tool.name}\`;
}

export function toolNameFromMcpServer(serverName: string, toolName: string) {
  return \`mcp__\${serverName}__\${toolName}\`;
}

export class McpConnection {
  constructor(readonly name: string) {}
  prefixedToolName(tool: { name: string }) {
    return \`\${this.name}.\${tool.name}\`;
  }
}
`;

const notServerNames = `export class Toolkit {
  constructor(readonly name: string) {}
  label(tool: { name: string }) {
    return { id: \`\${this.name}.\${tool.name}\` };
  }
}

export function endpoints(serverUrl: string, server: { url: string; version: string }, tool: { name: string }, toolName: string) {
  return [\`\${serverUrl}/\${toolName}\`, \`\${server.url}/\${tool.name}\`, \`\${server.version}-\${tool.name}\`];
}

export function describeServer(serverName: string, toolName: string) {
  return { id: \`server \${serverName}: \${toolName}\`, other: \`\${serverName}_\${toolName}.json\` };
}
`;

runCases(`${RULE} (issue 20: MCP names)`, rule, {
  valid: [
    { name: "a framework's single definition of its naming scheme (getMCPToolName, …FromMcpServer, prefixedToolName)", code: mcpHelperDefinitions },
    { name: 'not server names: a field of a class that is not a server or client, URLs, versions, prose and file names', code: notServerNames },
  ],
  invalid: mcpSpellings.map(({ name, code, text }) => ({ name, code, errors: [mcpError(code, text)] })),
});


// Issue 20: constructions that are not identities at all (fingerprints, generated code, text for
// a person).

const fingerprints = `const seen = new Set<string>();
const pending = new Map<string, unknown>();

export function remember(agent: { name: string }, tool: { name: string; namespace: string }, serverName: string, toolName: string, version: string, agentName: string, callId: string, attempt: number) {
  seen.add(\`\${serverName}_\${toolName}_\${version}\`);
  seen.add(\`\${agent.name}/\${tool.namespace}.\${tool.name}\`);
  pending.set(\`\${agentName}:\${callId}:\${attempt}\`, tool);
  seen.add([serverName, toolName, version].join('__'));
}
`;

const generatedCode = `import fs from 'node:fs';

declare const writer: { write(text: string): void; writeLine(text: string): void };

export function emitRegistry(tools: Array<{ name: string; namespace: string }>, serverName: string) {
  const lines = tools.map((tool) => \`  '\${tool.namespace}.\${tool.name}': handlers.\${tool.name},
\`);
  for (const tool of tools) {
    writer.write(\`\${tool.namespace}.\${tool.name}\`);
    writer.writeLine(\`'\${serverName}__\${tool.name}',\`);
  }
  fs.writeFileSync('src/generated/tools.ts', \`\${serverName}__\${tools[0]!.name}\`);
  return \`export const names = [\${tools.map((tool) => \`'\${tool.namespace}.\${tool.name}'\`).join(', ')}];\` + lines.join('');
}
`;

const personText = `declare function generateText(options: { prompt: string; system?: string }): Promise<unknown>;

export function Row(props: { serverName: string; tool: { name: string; namespace: string } }) {
  return (
    <li title={\`\${props.serverName}.\${props.tool.name}\`}>
      {\`\${props.tool.namespace}.\${props.tool.name}\`}
    </li>
  );
}

export function toolDescriptions(serverName: string, tool: { name: string; namespace: string }) {
  return { name: tool.name, description: \`Calls \${tool.namespace}.\${tool.name} on \${serverName}\` };
}

function buildPrompt(tool: { name: string; namespace: string }) {
  return \`\${tool.namespace}.\${tool.name}\`;
}

export async function ask(tool: { name: string; namespace: string }, serverName: string, toolName: string) {
  const prompt = buildPrompt(tool);
  const system = \`\${serverName}__\${toolName}\`;
  return generateText({ prompt, system });
}
`;

// A name bound to a local that nothing reads names nothing; the same name read, or exported, does.
const unreadLocal = `export function connect(client: { name: string }, tools: Array<{ name: string }>) {
  for (const tool of tools) {
    const qualified = \`\${client.name}__\${tool.name}\`;
  }
  return tools.length;
}
`;

const readLocal = `export function connect(client: { name: string }, tools: Array<{ name: string }>, registry: Map<string, unknown>) {
  for (const tool of tools) {
    const qualified = \`\${client.name}__\${tool.name}\`;
    registry.set(qualified, tool);
  }
}
`;

const exportedName = `declare const server: { name: string };
declare const tool: { name: string };
export const qualified = \`\${server.name}__\${tool.name}\`;
`;

runCases(`${RULE} (issue 20: not identities)`, rule, {
  valid: [
    { name: 'a server-prefixed name bound to a local nothing reads', code: unreadLocal },
    { name: 'signatures and fingerprints of three or more values', code: fingerprints },
    { name: 'templates that generate source code: multi-line, code tokens, a code writer, a .ts file written', code: generatedCode },
    { mode: 'syntax', name: 'text for a person or a model: JSX, a description, a prompt', code: personText, filename: 'src/ui.tsx' },
  ],
  invalid: [
    { name: 'the same local, read as a registry key', code: readLocal, errors: [mcpError(readLocal, '`${client.name}__${tool.name}`')] },
    { name: 'an exported binding is read elsewhere', code: exportedName, errors: [mcpError(exportedName, '`${server.name}__${tool.name}`')] },
  ],
});

// Lookups compared with how the names are made, in the same file (the CLI and typed ESLint also
// across an import: no-identity-helper-bypass-linked.test.ts).

const doubleUnderscore = `/** The one place the names are made. */
export function prefixedToolName(serverName: string, toolName: string): string {
  return \`\${serverName}__\${toolName}\`;
}

export function route(name: string, serverName: string, tools: Map<string, () => unknown>) {
  const bare = name.split('_')[1];
  const stripped = name.replace(\`\${serverName}_\`, '');
  const rest = name.slice(serverName.length + 1);
  const handler = tools.get(\`\${serverName}_\${name}\`);
  return { bare, stripped, rest, handler };
}
`;

const agreeingLookups = `export function prefixedToolName(serverName: string, toolName: string): string {
  return \`\${serverName}__\${toolName}\`;
}

export function route(name: string, serverName: string, qualifiedName: string) {
  const [, bare] = name.split('__');
  const stripped = name.replace(\`\${serverName}__\`, '');
  const rest = name.slice(serverName.length + 2);
  const owns = name.startsWith(\`\${serverName}__\`);
  const namespace = qualifiedName.split('.')[0];
  return { bare, stripped, rest, owns, namespace };
}
`;

const claudePrefix = `export function mcpToolName(server: string, tool: string): string {
  return \`mcp__\${server}__\${tool}\`;
}

export function isMcpTool(toolName: string): boolean {
  return toolName.startsWith('mcp_') && !toolName.replace(/^mcp__/, '').startsWith('_');
}
`;

const splitIntoServer = `const registry: Record<string, unknown> = {};

export function mount(serverName: string, tools: Array<{ name: string }>) {
  for (const tool of tools) registry[\`\${serverName}_\${tool.name}\`] = tool;
}

export function owner(toolName: string): string {
  const [server, tool] = toolName.split('-');
  return \`\${server} owns \${tool}\`;
}
`;

const mismatch = (code: string, text: string, how: string, scheme: string, at: string, nth = 1) => ({
  messageId: 'mcpNameMismatch' as const,
  data: { text, how, scheme, at },
  ...loc(code, text, nth),
  suggestions: [],
});

runCases(`${RULE} (issue 20: lookups against the names)`, rule, {
  valid: [
    { name: 'lookups that split and strip the way the names are made, and a split of another name', code: agreeingLookups },
  ],
  invalid: [
    {
      name: "names made `${server}__${tool}`, read with split('_'), a `${server}_` prefix, one character skipped, and looked up as `${server}_${name}`",
      code: doubleUnderscore,
      errors: [
        mismatch(doubleUnderscore, "name.split('_')", 'splits it on "_"', '<server>__<tool>', 'line 3'),
        mismatch(doubleUnderscore, "name.replace(`${serverName}_`, '')", 'strips the prefix "<server>_"', '<server>__<tool>', 'line 3'),
        mismatch(doubleUnderscore, 'name.slice(serverName.length + 1)', 'skips 1 character after the server name', '<server>__<tool>', 'line 3'),
        mismatch(doubleUnderscore, '`${serverName}_${name}`', 'looks it up as <server>_<tool>', '<server>__<tool>', 'line 3'),
      ],
    },
    {
      name: "names made `mcp__${server}__${tool}`, tested for the prefix 'mcp_' (a regex strip of /^mcp__/ agrees)",
      code: claudePrefix,
      errors: [mismatch(claudePrefix, "toolName.startsWith('mcp_')", 'tests for the prefix "mcp_"', 'mcp__<server>__<tool>', 'line 2')],
    },
    {
      name: "names made `${serverName}_${tool.name}`, split on '-' into a server and a tool",
      code: splitIntoServer,
      errors: [
        mcpError(splitIntoServer, '`${serverName}_${tool.name}`'),
        mismatch(splitIntoServer, "toolName.split('-')", 'splits it on "-"', '<server>_<tool>', 'line 4'),
      ],
    },
  ],
});

// Issue 20, validation set 4's kinds: an MCP server's prompts and resources are renamed per server
// too, but they are not tools; a key built in one local, stored in a collection this file owns and
// looked up in it through that local only, is a private key space that agrees with itself.
const promptsAndResources = `declare const client: {
  listPrompts(): Promise<{ prompts: Array<{ name: string }> }>;
  listResources(): Promise<{ resources: Array<{ name: string; uri: string }> }>;
};

export async function mount(serverName: string) {
  const { prompts } = await client.listPrompts();
  const renamed = prompts.map((p) => ({ ...p, name: \`\${serverName}_\${p.name}\` }));
  const byName = new Map<string, unknown>();
  for (const prompt of prompts) byName.set(\`\${serverName}__\${prompt.name}\`, prompt);
  const { resources } = await client.listResources();
  const resourceNames = resources.map((resource) => \`\${serverName}.\${resource.name}\`);
  return { renamed, byName, resourceNames };
}
`;

const toolsBesidePrompts = `declare const client: { listTools(): Promise<{ tools: Array<{ name: string }> }> };

export async function mount(serverName: string) {
  const { tools } = await client.listTools();
  return tools.map((t) => ({ ...t, name: \`\${serverName}_\${t.name}\` }));
}
`;

const privateAllowList = `export class SessionApprovals {
  private readonly allowedThisSession = new Set<string>();

  async check(serverName: string, toolName: string, ask: () => Promise<'once' | 'always' | 'deny'>) {
    const key = \`\${serverName}__\${toolName}\`;
    if (this.allowedThisSession.has(key)) return true;
    const answer = await ask();
    if (answer === 'always') this.allowedThisSession.add(key);
    return answer !== 'deny';
  }
}

const loaded = new Map<string, unknown>();
export async function loadOnce(serverName: string, tool: { name: string }, load: () => Promise<unknown>) {
  const cacheKey = \`\${serverName}.\${tool.name}\`;
  if (!loaded.has(cacheKey)) loaded.set(cacheKey, await load());
  return loaded.get(cacheKey);
}
`;

const sharedAllowList = `export class Approvals {
  private readonly allowed = new Set<string>();

  allow(qualifiedName: string) {
    this.allowed.add(qualifiedName);
  }

  check(serverName: string, toolName: string) {
    const key = \`\${serverName}__\${toolName}\`;
    if (this.allowed.has(key)) return true;
    this.allowed.add(key);
    return false;
  }
}

export function remember(serverName: string, toolName: string, approved: Set<string>) {
  const key = \`\${serverName}__\${toolName}\`;
  if (!approved.has(key)) approved.add(key);
}
`;

runCases(`${RULE} (issue 20: prompts, resources and private key spaces)`, rule, {
  valid: [
    { mode: 'both', name: "a prompt's or a resource's server-prefixed name (by the field's holder, or the list a loop or callback walks)", code: promptsAndResources },
    { mode: 'both', name: 'a key stored in and looked up in a collection of this file, through one local only', code: privateAllowList },
  ],
  invalid: [
    { name: "a tool's server-prefixed name from the same client", code: toolsBesidePrompts, errors: [mcpError(toolsBesidePrompts, '`${serverName}_${t.name}`')] },
    {
      name: 'the collection is also keyed by a name made elsewhere, or it was passed in',
      code: sharedAllowList,
      errors: [mcpError(sharedAllowList, '`${serverName}__${toolName}`', 1), mcpError(sharedAllowList, '`${serverName}__${toolName}`', 2)],
    },
  ],
});
