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
