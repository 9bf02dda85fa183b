// The rule catalog: ids, descriptions, messages, default severities and docs URLs, defined once.
// ESLint rules, the CLI, its config schema, the reporters and the docs all read it. The option
// schemas are in rule-option-schemas.ts: zod is loaded only where options are validated.
import type { Severity } from './finding.js';

/** The plugin's namespace: rules are `tool-identity/<id>` in ESLint configs and directive comments. */
export const PLUGIN_NAMESPACE = 'tool-identity';

export const DOCS_BASE_URL = 'https://github.com/tool-identity-audit/tool-identity-audit/blob/main/docs/rules/';

export const ruleIds = [
  'no-tool-name-collision',
  'no-namespace-equals-name',
  'no-call-id-coercion',
  'no-identity-helper-bypass',
  'valid-tool-name',
  'no-confusable-tool-names',
  'no-tool-mutation-outside-invocation',
  'no-direct-tools-mutation',
  'stable-tool-identity',
  'required-function-name-known',
  'middleware-result-before-next',
  'middleware-await-next',
] as const;

export type RuleId = (typeof ruleIds)[number];

/** Provider name rules for `valid-tool-name`. */
export const toolNameProviders = ['openai', 'anthropic', 'gemini'] as const;
export type ToolNameProvider = (typeof toolNameProviders)[number];

export interface RuleMeta {
  id: RuleId;
  type: 'problem' | 'suggestion';
  description: string;
  /** Longer text for SARIF `fullDescription` and the docs. */
  rationale: string;
  /** Severity in the `recommended` configs and the CLI default; 'off' keeps it out of `recommended`. */
  defaultSeverity: 'error' | 'warn' | 'off';
  /** True only for rules that cannot work without type information. */
  requiresTypeChecking: boolean;
  /** Rules that use type information when available but work without it. */
  usesTypeInformation: boolean;
  hasSuggestions: boolean;
  messages: Record<string, string>;
  docsUrl: string;
}

/**
 * The messages that describe a suggestion rather than a finding. The ESLint rules append the other
 * places of a cross-file finding to every other message (rules/create-rule.ts `eslintMessages`);
 * makeFinding refuses a suggestion whose message is not listed here, so the list stays whole.
 */
export const SUGGESTION_MESSAGE_IDS: ReadonlySet<string> = new Set(['renameNamespace', 'useExtractToolCallId', 'useStringCallId', 'useHelper']);

// Generic so each rule keeps its literal message ids (the ESLint rules type `MessageIds` from them).
function rule<const M extends Record<string, string>>(
  meta: Omit<RuleMeta, 'docsUrl' | 'messages'> & { messages: M },
): RuleMeta & { messages: M } {
  return { ...meta, docsUrl: `${DOCS_BASE_URL}${meta.id}.md` };
}

export const catalog = {
  'no-tool-name-collision': rule({
    id: 'no-tool-name-collision',
    type: 'problem',
    description: 'Disallow two tools, or a tool and a handoff, exposed to one model under the same routed name',
    rationale:
      'Providers reject duplicate tool names ("Tool names must be unique"), and where a framework keeps one of them, ' +
      'the model and the dispatcher silently use the last one. Decided by the reference runtime\'s ' +
      'resolveToolNameCollisions and validateFunctionToolLookupConfiguration on each exposure set: one agent ' +
      '(tools and handoffs), one MCP server instance, one tools record, one addTools call.',
    defaultSeverity: 'error',
    requiresTypeChecking: false,
    usesTypeInformation: true,
    hasSuggestions: false,
    messages: {
      duplicateToolName:
        'Tool name "{{name}}" is exposed more than once in {{set}}; dispatch picks {{winner}}. Give each tool {{remedy}}.',
      recordKeyReplaced:
        'A later entry with the key "{{name}}" in {{set}} silently replaces this tool, so the model never sees it (a record keeps one value per key). Give each tool its own key.',
      duplicateNameFails:
        'Tool name "{{name}}" is sent more than once in {{set}}; {{outcome}}. Give each tool {{remedy}}.',
      equatedNameFails:
        'Tool name "{{name}}" is "{{other}}" to {{set}} ({{equated}}); {{outcome}}. Rename one of the tools.',
      duplicateAddedName:
        'This addTools() call adds two tools named "{{name}}"; the call throws and adds nothing. Rename one of the tools.',
      toolHandoffCollision:
        'Tool name "{{name}}" in {{set}} is used by both a function tool and a handoff; calls route to {{winner}}. Rename the tool or pass a unique toolNameOverride.',
      duplicateHandoffName:
        'Handoff tool name "{{name}}" is used by more than one handoff in {{set}}; calls route to {{winner}}. Pass a unique toolNameOverride to each handoff.',
      derivedNameCollision:
        'Agents "{{first}}" and "{{second}}" both derive the tool name "{{name}}" in {{set}}. Pass an explicit {{option}} to one of them.',
      duplicateAgentEntry:
        'Agent "{{name}}" is named more than once in {{option}} of {{set}}; {{outcome}}. Name each agent once.',
      toolkitSkipped:
        'Toolkit {{toolkit}} holds "{{name}}", a name {{set}} already has, so {{framework}} skips the whole toolkit: none of its tools ({{lost}}) reach the model. Rename the tool, or drop the other one.',
      sameToolListedTwice: 'The same tool "{{name}}" is listed twice in {{set}}.',
      sameValueListedTwice:
        'Both entries are {{value}}: one value carries one tool name, whatever it is, so {{set}} exposes that name twice. List it once.',
      sameClassInstances:
        'Both entries are instances of {{class}}, so they carry one tool name, whatever it is: {{set}} exposes it twice and dispatch picks {{winner}}. List one instance.',
      addedInstancesCollide:
        'This addTools() call adds two instances of {{class}}, which carry one tool name; the call throws and adds nothing. Add one instance.',
      addedNameTaken:
        'addTools() adds "{{name}}" to {{set}}, which already has {{other}} of that name; the call throws and adds nothing. Rename one of the tools.',
      qualifiedNameCollision:
        'Qualified name "{{name}}" is used by more than one tool in {{set}} ({{detail}}); dispatch by qualified name is ambiguous. Rename the namespaced or dotted tool.',
      deferredNameCollision:
        'Deferred top-level tool name "{{name}}" is used by more than one tool in {{set}}. Rename one of the deferred-loading tools.',
      mcpDuplicateRegistration:
        'MCP server {{server}} registers the tool "{{name}}" more than once; the later registration fails when it runs. Rename one of the tools.',
      mcpReplacedRegistration:
        'MCP server {{server}} registers the tool "{{name}}" more than once; the later registration silently replaces the earlier one, so clients only ever see the later tool. Rename one of the tools.',
      mcpDuplicateListing:
        'MCP server {{server}} lists the tool "{{name}}" more than once; a client that passes both to the model sends duplicate tool names, which providers reject, and calls reach only one of them. Rename one of the tools.',
      mcpCrossServerDuplicate:
        'Tool name "{{name}}" is listed by MCP servers {{servers}}: an agent that connects them without server prefixes exposes the name more than once, and the OpenAI Agents SDK refuses it ("Duplicate tool names found across MCP servers"). With server prefixes the model would see {{openaiAgents}} (OpenAI Agents SDK, includeServerInToolNames), {{mastra}} (Mastra MCPClient) or {{langchain}} (LangChain MultiServerMCPClient, prefixToolNameWithServerName). Turn prefixing on, or rename the tool on one server.',
    },
  }),
  'no-namespace-equals-name': rule({
    id: 'no-namespace-equals-name',
    type: 'problem',
    description: 'Disallow a tool namespace that has the same name as one of its member tools',
    rationale:
      'Responses tool search sends calls to deferred top-level tools with namespace equal to the tool name. ' +
      'A real namespace with a member of the same name produces the same wire shape, so dispatch is ambiguous; ' +
      'toolNamespace() and the runtime\'s lookup validation reject it at run time.',
    defaultSeverity: 'error',
    requiresTypeChecking: false,
    usesTypeInformation: true,
    hasSuggestions: true,
    messages: {
      namespaceEqualsName:
        'Namespace "{{namespace}}" has a member tool named "{{name}}": "{{namespace}}.{{name}}" is the reserved wire shape of a deferred top-level tool, so dispatch is ambiguous. Rename the namespace or the tool.',
      renameNamespace: 'Rename the namespace to "{{suggested}}".',
    },
  }),
  'no-call-id-coercion': rule({
    id: 'no-call-id-coercion',
    type: 'problem',
    description: 'Disallow coercing provider tool-call IDs to strings',
    rationale:
      'A provider call ID identifies one invocation and must be carried unchanged. Coercion turns a missing or ' +
      'malformed ID into "undefined", "123" or "" that then pairs a result, an approval or a retry with the wrong call. ' +
      'extractToolCallId() returns the ID only when it already is a string.',
    defaultSeverity: 'error',
    requiresTypeChecking: false,
    usesTypeInformation: true,
    hasSuggestions: true,
    messages: {
      coercedCallId:
        'Call ID `{{expression}}` is coerced with {{form}}: a missing ID becomes the made-up text "undefined" and a non-string one is turned into text instead of being rejected. Use it only when it already is a string (extractToolCallId() does this for raw items) and handle the missing case.',
      madeUpCallId:
        'Call ID `{{expression}}` falls back to `{{fallback}}` ({{form}}): when the provider sends no ID this makes one up, the same for every such call, and a result or approval is paired by it. Use the ID only when it is present (extractToolCallId() does this for raw items) and handle the missing case.',
      otherCallId:
        'Call ID `{{expression}}` falls back to `{{fallback}}` ({{form}}), another value: when the call has no ID of its own, its result is paired with a different ID than the call\'s. Use the call\'s own ID and handle the missing case.',
      useExtractToolCallId: 'Use extractToolCallId({{rawItem}}) instead.',
      useStringCallId: 'Use the call ID only when it is a string: {{replacement}}.',
    },
  }),
  'no-identity-helper-bypass': rule({
    id: 'no-identity-helper-bypass',
    type: 'suggestion',
    description: 'Require the canonical identity helpers instead of hand-built qualified names, lookup keys, approval keys and trace names',
    rationale:
      'Identity strings have rules a concatenation forgets: an empty namespace means none, namespace == name is the ' +
      'deferred shape, trace names collapse it, approval keys of deferred tools differ from their names. Building them ' +
      'by hand in several places makes approvals leak and dispatch disagree with tracing.',
    defaultSeverity: 'warn',
    requiresTypeChecking: false,
    usesTypeInformation: false,
    hasSuggestions: true,
    messages: {
      handBuiltIdentity:
        'Hand-built {{what}} ({{text}}); use {{helper}}() from tool-identity-audit/runtime so every place builds it by the same rules.',
      handBuiltIdentityOwnHelpers:
        'Hand-built {{what}} ({{text}}); this file already imports {{imported}} from {{module}}: build it with your own identity helpers, in one place, so every place builds it by the same rules.',
      handBuiltCallKey:
        'Call key {{text}} joins a call ID with a name or an item type; the provider call ID identifies one invocation on its own, and a name does not scope it (two agents or nested runs with the same name share the key, one tool under two names gets two). Key by the call ID alone, held by the run or agent it belongs to.',
      mcpNameMismatch:
        'MCP tool name {{text}} {{how}}, but the names are built as {{scheme}} ({{at}}): the two never match, so the lookup finds no tool or the wrong one. Build and read these names in one helper (mcpPrefixedToolNames() from tool-identity-audit/runtime builds them).',
      useHelper: 'Replace with {{replacement}}.',
    },
  }),
  'valid-tool-name': rule({
    id: 'valid-tool-name',
    type: 'problem',
    description: 'Require tool and namespace names that the provider accepts',
    rationale:
      'Providers validate tool names when the request is sent: OpenAI accepts ^[a-zA-Z0-9_-]{1,64}$, Anthropic 1-128 ' +
      'characters of the same set, Gemini requires a letter or underscore first. A bad name fails every request of the ' +
      'agent, not only calls to that tool. Frameworks that rewrite names silently change the name the model sees: ' +
      'a warning while nothing depends on the written form, an error when the rewritten name collides with another ' +
      'tool or a tool choice or active-tools list uses the written form.',
    defaultSeverity: 'error',
    requiresTypeChecking: false,
    usesTypeInformation: true,
    hasSuggestions: false,
    messages: {
      invalidToolName: '{{what}} name "{{name}}" is rejected by {{provider}}: {{reason}}.',
      rewrittenToolName:
        '{{what}} name "{{name}}" is sent to the model as "{{publicName}}" because {{framework}} rewrites {{rewrites}}; write the name the model sees.',
      rewrittenNameCollides:
        '{{what}} name "{{name}}" is sent to the model as "{{publicName}}" because {{framework}} rewrites {{rewrites}}, and {{other}} in {{set}} is also sent as "{{publicName}}": calls reach only one of them. Rename one of the tools.',
      rewrittenNameReferenced:
        '{{what}} name "{{name}}" is sent to the model as "{{publicName}}" because {{framework}} rewrites {{rewrites}}, but {{option}} names it "{{name}}", which no tool the model sees is called. Write "{{publicName}}" in both places.',
    },
  }),
  'no-confusable-tool-names': rule({
    id: 'no-confusable-tool-names',
    type: 'suggestion',
    description: 'Disallow tool names in one exposure set that differ only by case or by "_" and "-"',
    rationale:
      'Models pick tools by name. get_user and getUser in one set are a coin toss for the model, and frameworks that ' +
      'normalise names can turn them into a real collision.',
    defaultSeverity: 'off',
    requiresTypeChecking: false,
    usesTypeInformation: true,
    hasSuggestions: false,
    messages: {
      confusableNames:
        'Tool names "{{name}}" and "{{other}}" in {{set}} differ only by case or "_"/"-"; models confuse them. Use one naming style and distinct words.',
    },
  }),
  'no-tool-mutation-outside-invocation': rule({
    id: 'no-tool-mutation-outside-invocation',
    type: 'problem',
    description: 'Disallow addTools and removeTools on a context that is not the invocation context of a tool or middleware',
    rationale:
      'addTools and removeTools change the live tool list of the run that is executing the current tool call. A context ' +
      'that was not handed to a tool\'s execute or to a function middleware by the loop (module scope, agent setup code, ' +
      'a hand-made createFunctionInvocationContext()) is bound to no run, and the call throws ToolContextUnboundError. ' +
      'A call in a callback that runs after the tool or middleware returned (a timer, an unawaited .then(), an event ' +
      'listener) changes the list at a moment no batch expects, or after the run, when no request reads it.',
    defaultSeverity: 'error',
    requiresTypeChecking: false,
    usesTypeInformation: false,
    hasSuggestions: false,
    messages: {
      mutationOutsideInvocation:
        '{{method}}() is called on a context that is not the invocation context of a tool or function middleware; a context bound to no running loop throws ToolContextUnboundError. Call it on the context parameter of the tool\'s execute or of the middleware, or configure the tools on the agent.',
      mutationAfterInvocation:
        '{{method}}() runs in a {{via}} callback, after the tool or middleware that received the context has returned: the change lands in whichever batch happens to come next or, once the run has ended or handed off, in a tool list no request reads. Change the tools before returning: await the work that decides it.',
    },
  }),
  'no-direct-tools-mutation': rule({
    id: 'no-direct-tools-mutation',
    type: 'problem',
    description: 'Disallow changing ctx.tools directly instead of through addTools and removeTools',
    rationale:
      'ctx.tools is a read-only view of the run\'s live tool list: every write throws ReadOnlyToolListError. In runtimes ' +
      'that expose the list itself, a direct push skips the duplicate checks, atomicity and the experimental warning, ' +
      'and a duplicate then fails the whole run at the next batch.',
    defaultSeverity: 'error',
    requiresTypeChecking: false,
    usesTypeInformation: false,
    hasSuggestions: false,
    messages: {
      toolsMutated:
        'ctx.tools is changed in place; it is a read-only view of the live tool list and every write throws ReadOnlyToolListError. Use ctx.addTools() / ctx.removeTools(), which check duplicates and apply from the next model request.',
      toolsAssigned:
        'ctx.tools is assigned; it is a read-only view of the live tool list, so the assignment throws instead of changing what the model sees. Use ctx.addTools() / ctx.removeTools().',
    },
  }),
  'stable-tool-identity': rule({
    id: 'stable-tool-identity',
    type: 'problem',
    description: 'Require tools passed to addTools to be defined once, not created inside the tool or middleware body',
    rationale:
      'addTools is a no-op for the same tool object, but a different object with the same name is a duplicate. A tool ' +
      'built inline in a tool or middleware body is a new object on every invocation, so the second invocation in a run ' +
      'throws a duplicate-name error, which the model only sees as a failed call.',
    defaultSeverity: 'warn',
    requiresTypeChecking: false,
    usesTypeInformation: false,
    hasSuggestions: false,
    messages: {
      inlineTool:
        'Tool {{name}} is created inside the body that passes it to addTools(), so every invocation makes a new tool object; the second invocation in a run fails with a duplicate tool name. Define the tool once at module scope and pass that object.',
    },
  }),
  'required-function-name-known': rule({
    id: 'required-function-name-known',
    type: 'problem',
    description: 'Require every tool referenced by name (forced tool choice, active tools) to be configured on the agent, call or run',
    rationale:
      'A forced tool choice (requiredFunctionName, toolChoice: { type: "tool", toolName }, tool_choice) and a list of ' +
      'active tools name tools by string, and nothing checks the name before the request: a forced name that is not ' +
      'among the tools the set starts with makes the provider reject the request or the SDK fail after it, and an ' +
      'active-tools entry that names no tool is silently dropped. Tools that only appear later through addTools() ' +
      'cannot satisfy a forced first request. A tool listed by name where the framework looks names up in its registry ' +
      '(Genkit tools: ["lookup"]) must be one that some definition registers. A low-level MCP Server\'s tools/call handler ' +
      'that switches on the requested name must handle exactly the names its tools/list answer lists: a case for an ' +
      'unlisted name never runs, and a listed tool without one always fails.',
    defaultSeverity: 'error',
    requiresTypeChecking: false,
    usesTypeInformation: true,
    hasSuggestions: false,
    messages: {
      unknownRequiredFunction:
        '{{option}} "{{name}}" names no tool configured on {{set}} (configured: {{available}}); {{effect}}. Name one of the configured tools.',
      requiredFunctionAddedLater:
        '{{option}} "{{name}}" names no tool configured on {{set}} (configured: {{available}}); a tool of that name only appears later through addTools(), but the forced choice applies to the first request, before it exists. Force a configured tool, or configure this one on the agent.',
      unknownRegisteredTool:
        '{{option}} lists "{{name}}" by name, but no tool of that name is registered (registered: {{registered}}); {{effect}}. Register a tool of that name, or list the tool itself.',
      unlistedDispatchedTool:
        'The tools/call handler of {{set}} runs "{{name}}", but its tools/list answer lists no tool of that name (listed: {{listed}}): no model is offered it, so this branch never runs. List the tool, or name a listed one.',
      undispatchedListedTool:
        '{{set}} lists "{{name}}" in its tools/list answer, but its tools/call handler has no branch for it (handled: {{dispatched}}): every call of it falls to the handler\'s default. Handle it in the tools/call handler, or stop listing it.',
    },
  }),
  'middleware-result-before-next': rule({
    id: 'middleware-result-before-next',
    type: 'problem',
    description: 'Disallow setting ctx.result in function middleware before calling next()',
    rationale:
      'next() runs the tool (and the rest of the pipeline), and the tool\'s output is stored in ctx.result. A result set ' +
      'before next() is overwritten, so a gate that means to answer instead of the tool does nothing.',
    defaultSeverity: 'error',
    requiresTypeChecking: false,
    usesTypeInformation: false,
    hasSuggestions: false,
    messages: {
      resultBeforeNext:
        'ctx.result is set here and then next() runs the tool, whose output overwrites it, so the gate does nothing. To answer instead of the tool, return after setting ctx.result without calling next(); to change the output, set ctx.result after next().',
    },
  }),
  'middleware-await-next': rule({
    id: 'middleware-await-next',
    type: 'problem',
    description: 'Require function middleware to await or return next()',
    rationale:
      'next() returns a promise for the rest of the pipeline and the tool. Not awaited, the middleware finishes first: ' +
      'the tool runs detached, the loop reads ctx.result before the tool has set it, code after next() runs too early, ' +
      'and a rejection is unhandled.',
    defaultSeverity: 'error',
    requiresTypeChecking: false,
    usesTypeInformation: false,
    hasSuggestions: false,
    messages: {
      unawaitedNext:
        'next() is neither awaited nor returned: the tool runs detached, the loop reads ctx.result before the tool sets it, and its errors go unhandled. Write `await next()` or `return next()`.',
    },
  }),
} satisfies Record<RuleId, RuleMeta>;

export type MessageIdOf<Id extends RuleId> = keyof (typeof catalog)[Id]['messages'] & string;

/** Severity used when a rule is on at its default level. */
export function defaultSeverityOf(id: RuleId): Severity {
  const level = catalog[id].defaultSeverity;
  return level === 'error' ? 'error' : 'warning';
}

export function isRuleId(value: string): value is RuleId {
  return (ruleIds as readonly string[]).includes(value);
}
