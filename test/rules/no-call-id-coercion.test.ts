// no-call-id-coercion: provider call IDs coerced to strings (String(), templates, .toString(),
// concatenation with '', `?? ''` / `|| ''` defaults). Reported on the whole coercing expression.
// When the ID is the wire field `<item>.call_id` (what extractToolCallId reads: `call_id`, then `id`),
// the suggestion is extractToolCallId(item), importing it from tool-identity-audit/runtime unless the
// file already does; SDK `callId` fields get no suggestion (extractToolCallId would not find them).
import rule from '../../rules/no-call-id-coercion.js';
import { loc, replaceNth, runCases } from './testers.js';

const RULE = 'no-call-id-coercion';
const IMPORT = "import { extractToolCallId } from 'tool-identity-audit/runtime';\n";

/** Expected suggestion output: the import line first (when missing), then the replaced expression. */
function suggested(code: string, needle: string, replacement: string, withImport = true): string {
  return (withImport ? IMPORT : '') + replaceNth(code, needle, replacement);
}

const stringCall = `import type { RunToolApprovalItem } from '@openai/agents';

export interface ApprovalDecision {
  approved: boolean;
  reviewer: string;
}

export class ApprovalStore {
  private readonly decisions = new Map<string, ApprovalDecision>();

  record(item: RunToolApprovalItem, decision: ApprovalDecision): void {
    const raw = item.rawItem as { callId?: string };
    this.decisions.set(String(raw.callId), decision);
  }
}
`;

const stringCallWire = `interface FunctionCallOutput {
  type: 'function_call_output';
  call_id?: string;
  output: string;
}

export function pairOutputs(items: FunctionCallOutput[]): Map<string, string> {
  const byCall = new Map<string, string>();
  for (const item of items) byCall.set(String(item.call_id), item.output);
  return byCall;
}
`;

const templateWithImport = `import { extractToolCallId } from 'tool-identity-audit/runtime';

interface ProviderCall {
  call_id?: string;
  name: string;
  arguments: string;
}

const seen = new Set<string>();

export function recordCall(call: ProviderCall): void {
  seen.add(\`\${call.call_id}\`);
}

export function knownId(item: unknown): string | undefined {
  return extractToolCallId(item);
}
`;

const aliasedImport = `import { extractToolCallId as callIdOf } from 'tool-identity-audit/runtime';

export function resultKey(output: { call_id?: string; output: string }): string {
  return output.call_id ?? '';
}

export const firstId = (items: unknown[]) => callIdOf(items[0]);
`;

const toStringCall = `export function traceKey(event: { toolCallId: number; name: string }): string {
  return event.toolCallId.toString();
}
`;

const concatForms = `type Item = { call_id?: string; callId?: string };

export function keys(item: Item): string[] {
  return ['' + item.call_id, item.callId + '', item.call_id || ''];
}
`;

const nameEvidence = `export function pairResult(output: { call_id?: string; output: string }, results: Map<string, string>): void {
  const callId = output.call_id;
  results.set(String(callId), output.output);
}
`;

const elementAccess = `export function remember(item: Record<string, unknown>, cache: Map<string, unknown>): void {
  cache.set(String(item['call_id']), item);
}
`;

// Declared types say "call ID" to both front ends; an inferred one only to the type checker.
const declaredType = `import type { ToolCallId } from './call-ids.js';

export function traceKey(outcome: ToolCallId, attempt: number): string {
  return \`\${String(outcome)}#\${attempt}\`;
}
`;

const inferredType = `import { readCallId, type PendingCall } from './call-ids.js';

export function resultKey(call: PendingCall): string {
  const handle = readCallId(call);
  return String(handle);
}
`;

const validCases = [
  {
    name: 'outputs, chat IDs, message IDs, index keys and run state are not call IDs',
    code: `export function summarize(output: unknown, chatId: string | number, message: { id: number }, rows: string[]) {
  const text = String(output);
  const chatKey = String(chatId);
  const messageKey = \`\${message.id}\`;
  const labels = rows.map((row, index) => String(index + 1) + '. ' + row);
  return { text, chatKey, messageKey, labels };
}

export function serialize(result: { state: { toString(): string }; finalOutput?: string }) {
  return [result.state.toString(), result.finalOutput ?? ''];
}
`,
  },
  {
    name: 'telephony call IDs are not tool-call IDs',
    code: `export function callbackUrl(phoneCall: { callId: string }, twilioEvent: { call_id: string }): string[] {
  return [String(phoneCall.callId), \`\${twilioEvent.call_id}\`];
}
`,
  },
  {
    name: 'freshly generated IDs and IDs carried unchanged',
    code: `import { randomUUID } from 'node:crypto';
import { extractToolCallId } from 'tool-identity-audit/runtime';

export function seed(ctx: { callId: string }, toolCall: { callId: string }) {
  const seededCallId = \`call_\${Date.now()}\`;
  const callId = randomUUID();
  const log = { callId: ctx.callId, other: toolCall.callId };
  return [seededCallId, String(callId), log, extractToolCallId(toolCall)];
}
`,
  },
  {
    name: 'a tagged template and a shadowed String are not coercions',
    code: `declare function sql(strings: TemplateStringsArray, ...values: unknown[]): string;

export function query(item: { call_id?: string }) {
  return sql\`\${item.call_id}\`;
}

export function local(item: { callId?: string }) {
  const String = (value: unknown) => JSON.stringify(value);
  return String(item.callId);
}
`,
  },
];

runCases(RULE, rule, {
  valid: [...validCases, { mode: 'syntax', name: 'an inferred call-ID type needs the type checker', code: inferredType }],
  invalid: [
    {
      mode: 'syntax',
      name: 'a parameter declared with a call-ID type (syntax: the declared type is enough)',
      code: declaredType,
      errors: [
        {
          messageId: 'coercedCallId',
          data: { expression: 'outcome', form: 'String()' },
          ...loc(declaredType, 'String(outcome)'),
          suggestions: [],
        },
      ],
    },
    {
      mode: 'typed',
      name: 'a value whose inferred type is a branded call ID',
      code: inferredType,
      // Only typed ESLint asks the type checker; the CLI reads declarations and names.
      cliErrors: [],
      errors: [
        {
          messageId: 'coercedCallId',
          data: { expression: 'handle', form: 'String()' },
          ...loc(inferredType, 'String(handle)'),
          suggestions: [],
        },
      ],
    },
    {
      name: 'String(raw.callId) as a map key: an SDK callId field, no suggestion',
      code: stringCall,
      errors: [
        {
          messageId: 'coercedCallId',
          data: { expression: 'raw.callId', form: 'String()' },
          ...loc(stringCall, 'String(raw.callId)'),
          suggestions: [],
        },
      ],
    },
    {
      name: 'String(item.call_id): the wire field, import added by the suggestion',
      code: stringCallWire,
      errors: [
        {
          messageId: 'coercedCallId',
          data: { expression: 'item.call_id', form: 'String()' },
          ...loc(stringCallWire, 'String(item.call_id)'),
          suggestions: [
            {
              messageId: 'useExtractToolCallId',
              data: { rawItem: 'item' },
              output: suggested(stringCallWire, 'String(item.call_id)', 'extractToolCallId(item)'),
            },
          ],
        },
      ],
    },
    {
      mode: 'syntax',
      name: 'a template literal over call.call_id; extractToolCallId already imported',
      code: templateWithImport,
      errors: [
        {
          messageId: 'coercedCallId',
          data: { expression: 'call.call_id', form: 'a template literal' },
          ...loc(templateWithImport, '`${call.call_id}`'),
          suggestions: [
            {
              messageId: 'useExtractToolCallId',
              data: { rawItem: 'call' },
              output: suggested(templateWithImport, '`${call.call_id}`', 'extractToolCallId(call)', false),
            },
          ],
        },
      ],
    },
    {
      mode: 'syntax',
      name: 'a `?? ""` default; the suggestion uses the local name of an aliased import',
      code: aliasedImport,
      errors: [
        {
          messageId: 'madeUpCallId',
          data: { expression: 'output.call_id', form: 'a `??` default', fallback: "''" },
          ...loc(aliasedImport, "output.call_id ?? ''"),
          suggestions: [
            {
              messageId: 'useExtractToolCallId',
              data: { rawItem: 'output' },
              output: suggested(aliasedImport, "output.call_id ?? ''", 'callIdOf(output)', false),
            },
          ],
        },
      ],
    },
    {
      mode: 'syntax',
      name: '.toString() on toolCallId: no suggestion (extractToolCallId reads call_id / callId only)',
      code: toStringCall,
      errors: [
        {
          messageId: 'coercedCallId',
          data: { expression: 'event.toolCallId', form: '.toString()' },
          ...loc(toStringCall, 'event.toolCallId.toString()'),
          suggestions: [],
        },
      ],
    },
    {
      mode: 'syntax',
      name: "'' + id, id + '' and `|| ''`",
      code: concatForms,
      errors: [
        {
          messageId: 'coercedCallId',
          data: { expression: 'item.call_id', form: 'string concatenation' },
          ...loc(concatForms, "'' + item.call_id"),
          suggestions: [
            {
              messageId: 'useExtractToolCallId',
              data: { rawItem: 'item' },
              output: suggested(concatForms, "'' + item.call_id", 'extractToolCallId(item)'),
            },
          ],
        },
        {
          messageId: 'coercedCallId',
          data: { expression: 'item.callId', form: 'string concatenation' },
          ...loc(concatForms, "item.callId + ''"),
          suggestions: [],
        },
        {
          messageId: 'madeUpCallId',
          data: { expression: 'item.call_id', form: 'a `||` default', fallback: "''" },
          ...loc(concatForms, "item.call_id || ''"),
          suggestions: [
            {
              messageId: 'useExtractToolCallId',
              data: { rawItem: 'item' },
              output: suggested(concatForms, "item.call_id || ''", 'extractToolCallId(item)'),
            },
          ],
        },
      ],
    },
    {
      mode: 'syntax',
      name: 'a local copy of a call ID (evidence: the name and its initialiser): no raw item, no suggestion',
      code: nameEvidence,
      errors: [
        {
          messageId: 'coercedCallId',
          data: { expression: 'callId', form: 'String()' },
          ...loc(nameEvidence, 'String(callId)'),
          suggestions: [],
        },
      ],
    },
    {
      mode: 'syntax',
      name: "element access item['call_id']",
      code: elementAccess,
      errors: [
        {
          messageId: 'coercedCallId',
          data: { expression: "item['call_id']", form: 'String()' },
          ...loc(elementAccess, "String(item['call_id'])"),
          suggestions: [
            {
              messageId: 'useExtractToolCallId',
              data: { rawItem: 'item' },
              output: suggested(elementAccess, "String(item['call_id'])", 'extractToolCallId(item)'),
            },
          ],
        },
      ],
    },
  ],
});

// Spellings real code writes (issue 10): chains, other property names, `id` of a tool-call value;
// each reported once, at the coercion, where the made-up ID goes somewhere that pairs by it.

const toolMessageOnError = `import { ToolMessage } from '@langchain/core/messages';
import type { ToolCall } from '@langchain/core/messages/tool';

interface ToolCallRequest {
  toolCall: ToolCall;
}

export function errorMessage(request: ToolCallRequest, error: Error): ToolMessage {
  return new ToolMessage({
    content: \`\${request.toolCall.name ?? 'tool'} failed: \${error.message}\`,
    tool_call_id: request.toolCall.id ?? "",
    status: 'error',
  });
}
`;

const typedToolCallBlock = `import type { ContentBlock } from '@langchain/core/messages';

export const convertFunctionCall = (block: ContentBlock.Tools.ToolCall) => ({
  type: 'function_call' as const,
  name: block.name ?? '',
  call_id: block.id ?? '',
  arguments: JSON.stringify(block.args),
});
`;

const mistralIds = `import type { AIMessage } from '@langchain/core/messages';

declare function _convertToolCallIdToMistralCompatible(id: string): string;

export function toolCallsFor(message: AIMessage, toolResponseIds: Set<string>) {
  const calls = (message.tool_calls ?? []).map((toolCall) => ({
    ...toolCall,
    id: _convertToolCallIdToMistralCompatible(toolCall.id ?? ""),
  }));
  // A read-only lookup: a call without an ID finds no response and is dropped.
  return calls.filter((tc) => toolResponseIds.has(_convertToolCallIdToMistralCompatible(tc.id ?? "")));
}
`;

const realtimeChain = `import type { TransportToolCallEvent } from './transport';

function normalizeRealtimeFunctionCallId(toolCall: TransportToolCallEvent): TransportToolCallEvent {
  const callId = toolCall.callId || toolCall.id || '';
  return callId === toolCall.callId ? toolCall : { ...toolCall, callId };
}

export { normalizeRealtimeFunctionCallId };
`;

const opencodeBridge = `type Props = { callID?: string; tool?: string; source?: { callID?: string }; text?: string };

interface BridgeState {
  toolNames: Map<string, string>;
  toolInputs: Map<string, string>;
}

export function onToolCalled(state: BridgeState, event: { id: string; properties: Props }, emit: (part: object) => void): void {
  const props = event.properties;
  const callID = String(props.callID ?? event.id);
  state.toolNames.set(callID, String(props.tool ?? 'unknown'));
  const input = state.toolInputs.get(String(props.callID ?? ''));
  emit({ type: 'tool-call', toolCallId: callID, toolName: String(props.tool ?? ''), input });
}

export function onPermission(requestID: string, props: Props) {
  return { type: 'tool-approval-request', approvalId: requestID, toolCallId: String(props.source?.callID ?? requestID) };
}
`;

const anthropicResults = `interface ToolResultInput {
  toolUseId?: string;
  tool_use_id?: string;
  output: string;
}

export function toolResultBlock(result: ToolResultInput) {
  return { type: 'tool_result' as const, tool_use_id: result.toolUseId || 'missing', content: result.output };
}

export function legacyBlock(result: ToolResultInput) {
  return { type: 'tool_result' as const, tool_use_id: String(result.tool_use_id ?? ''), content: result.output };
}
`;

const firstToolCall = `import { ToolMessage, type AIMessage } from '@langchain/core/messages';

export function answerFirstCall(ai: AIMessage, content: string): ToolMessage {
  return new ToolMessage({ content, tool_call_id: ai.tool_calls![0].id ?? '' });
}
`;

const keysAndComparisons = `import type { ToolUseBlock } from '@anthropic-ai/sdk/resources/messages';

interface PendingApproval {
  callId: string;
  approved?: boolean;
}

const outputsByUse: Record<string, string> = {};

export function recordOutput(block: ToolUseBlock, output: string): void {
  outputsByUse[block.id ?? ''] = output;
}

export function approve(pending: PendingApproval[], event: { toolCallId?: string }): void {
  const entry = pending.find((p) => p.callId === (event.toolCallId ?? ''));
  if (entry) entry.approved = true;
}

export function resultCallId(event: { tool_call_id?: string; id: string }): string {
  return event.tool_call_id ?? event.id;
}
`;

const keysBlockId = { messageId: 'madeUpCallId' as const, data: { expression: 'block.id', form: 'a `??` default', fallback: "''" }, ...loc(keysAndComparisons, "block.id ?? ''"), suggestions: [] };
const keysOtherErrors = [
  {
    messageId: 'madeUpCallId' as const,
    data: { expression: 'event.toolCallId', form: 'a `??` default', fallback: "''" },
    ...loc(keysAndComparisons, "event.toolCallId ?? ''"),
    suggestions: [],
  },
  {
    messageId: 'otherCallId' as const,
    data: { expression: 'event.tool_call_id', form: 'a `??` default', fallback: 'event.id' },
    ...loc(keysAndComparisons, 'event.tool_call_id ?? event.id'),
    suggestions: [],
  },
];

const quietFlows = `import type { ToolCall } from '@langchain/core/messages/tool';
import { generateId } from 'ai';

declare const logger: { warn(fields: object, message: string): void };
const decisions = new Map<string, 'approved' | 'rejected'>();

export function logDetails(details?: { toolCall?: { callId?: string } }): void {
  console.log(\`[agent] call_id=\${details?.toolCall?.callId ?? 'unknown'}\`);
}

export function warnMissing(item: { callId?: string; name: string }): void {
  logger.warn({ callId: item.callId ?? 'none', tool: item.name }, 'tool call has no output');
}

export function failUnknown(callId?: string): never {
  throw new Error(\`No pending call \${callId ?? '(none)'}\`);
}

export function decisionFor(rawItem?: { callId?: string }) {
  return decisions.get(rawItem?.callId ?? '') ?? 'pending';
}

export function customId(customToolCallIds: Record<string, string> | undefined, toolCall: ToolCall) {
  return customToolCallIds?.[toolCall.id ?? ''] ?? '';
}

export function settle(event: { toolCallId?: string }, output: string, results: Map<string, string>): void {
  const id = event.toolCallId ?? '';
  if (!id) return;
  results.set(id, output);
}

export function rowKey(toolCallId: string | undefined, action: { agent: string }, index: number): string {
  return \`\${toolCallId || 'tool'}-\${action.agent}-\${index}\`;
}

export function fingerprint(msg: { role: string; tool_call_id?: string; content: string }): string {
  return [msg.role, msg.tool_call_id ?? '', msg.content].join('|');
}

export function estimateChars(messages: Array<{ content: string; tool_call_id?: string }>): number {
  let textContent = '';
  for (const msg of messages) {
    textContent += msg.content;
    textContent += msg.tool_call_id ?? '';
  }
  return textContent.length;
}

export function functionToolCall(name: string, args?: string, callId?: string) {
  return { type: 'function_call' as const, id: \`fc_\${callId ?? '1'}\`, callId: callId ?? 'call_1', name, arguments: args ?? '{}' };
}

export function toolCallLabel(call: { callId?: string; name: string }): string {
  return call.callId ?? 'pending';
}

export function fromProvider(toolCall: { id?: string; function: { name: string } }) {
  return { type: 'tool-call' as const, toolCallId: toolCall.id ?? generateId(), toolName: toolCall.function.name };
}

export function timeout(callId: string | undefined) {
  return { status: callId ?? 'timed-out' };
}

export function wireId(item: { call_id?: string; callId?: string }) {
  return item.call_id ?? item.callId;
}
`;

const retryFailure = `import { ToolMessage } from '@langchain/core/messages';
import type { ToolCall } from '@langchain/core/messages/tool';

export function retrying(maxRetries: number) {
  const handleFailure = (toolName: string, toolCallId: string, error: Error) =>
    new ToolMessage({ content: \`\${toolName} failed: \${error.message}\`, tool_call_id: toolCallId, name: toolName, status: 'error' });

  return async (request: { toolCall: ToolCall }, handler: () => Promise<ToolMessage>) => {
    const toolCallId = request.toolCall.id ?? "";
    for (let attempt = 0; attempt < maxRetries; attempt++) {
      try {
        return await handler();
      } catch {
        // retried below
      }
    }
    return handleFailure(request.toolCall.name, toolCallId, new Error('retries exhausted'));
  };
}
`;

// The Responses API gives hosted tool items only an `id`; a fake model mints the next ID itself.
const ownItemIds = `type ToolSearchCall = { type: 'tool_search_call'; id: string; call_id: string | null; arguments: unknown };

let counter = 0;
function nextToolCallId(): string {
  counter += 1;
  return \`fake_call_\${counter}\`;
}

export function toolSearchPart(part: ToolSearchCall) {
  const toolCallId = part.call_id ?? part.id;
  return { type: 'tool-call' as const, toolCallId, toolName: 'tool_search', input: JSON.stringify(part.arguments) };
}

export function fakeToolCalls(calls: Array<{ id?: string; name: string; args: object }>) {
  return calls.map((tc) => ({ id: tc.id ?? nextToolCallId(), name: tc.name, args: tc.args, type: 'tool_call' as const }));
}
`;

runCases(`${RULE}: chains, spellings and where the ID flows`, rule, {
  valid: [
    { mode: 'syntax', name: 'logs, errors, lookups, a guard, memo strings, text, own defaults, labels, fresh IDs, other fields', code: quietFlows },
    { mode: 'syntax', name: "an item's own id as the fallback; a minted next ID", code: ownItemIds },
  ],
  invalid: [
    {
      mode: 'syntax',
      name: "LangChain: `request.toolCall.id ?? ''` sent as a ToolMessage's tool_call_id",
      code: toolMessageOnError,
      errors: [
        { messageId: 'madeUpCallId', data: { expression: 'request.toolCall.id', form: 'a `??` default', fallback: '""' }, ...loc(toolMessageOnError, 'request.toolCall.id ?? ""'), suggestions: [] },
      ],
    },
    {
      mode: 'syntax',
      name: '`id` of a parameter typed ContentBlock.Tools.ToolCall sent as call_id (the name default is not an ID)',
      code: typedToolCallBlock,
      errors: [{ messageId: 'madeUpCallId', data: { expression: 'block.id', form: 'a `??` default', fallback: "''" }, ...loc(typedToolCallBlock, "block.id ?? ''"), suggestions: [] }],
    },
    {
      mode: 'syntax',
      name: 'Mistral: through an ID converter into the `id` of a spread tool call; the lookup stays quiet',
      code: mistralIds,
      errors: [{ messageId: 'madeUpCallId', data: { expression: 'toolCall.id', form: 'a `??` default', fallback: '""' }, ...loc(mistralIds, 'toolCall.id ?? ""'), suggestions: [] }],
    },
    {
      mode: 'syntax',
      name: "a `||` chain falling back to the item id and then '' (one finding, naming the call ID)",
      code: realtimeChain,
      errors: [
        {
          messageId: 'madeUpCallId',
          data: { expression: 'toolCall.callId', form: 'a `||` default', fallback: "''" },
          ...loc(realtimeChain, "toolCall.callId || toolCall.id || ''"),
          suggestions: [],
        },
      ],
    },
    {
      mode: 'syntax',
      name: 'String(callID ?? other field) stored as a key and sent; String(x ?? requestID) sent; the lookup stays quiet',
      code: opencodeBridge,
      errors: [
        { messageId: 'otherCallId', data: { expression: 'props.callID', form: 'String()', fallback: 'event.id' }, ...loc(opencodeBridge, 'String(props.callID ?? event.id)'), suggestions: [] },
        {
          messageId: 'otherCallId',
          data: { expression: 'props.source?.callID', form: 'String()', fallback: 'requestID' },
          ...loc(opencodeBridge, 'String(props.source?.callID ?? requestID)'),
          suggestions: [],
        },
      ],
    },
    {
      mode: 'syntax',
      name: 'toolUseId and tool_use_id sent as a tool_result tool_use_id',
      code: anthropicResults,
      errors: [
        { messageId: 'madeUpCallId', data: { expression: 'result.toolUseId', form: 'a `||` default', fallback: "'missing'" }, ...loc(anthropicResults, "result.toolUseId || 'missing'"), suggestions: [] },
        { messageId: 'madeUpCallId', data: { expression: 'result.tool_use_id', form: 'String()', fallback: "''" }, ...loc(anthropicResults, "String(result.tool_use_id ?? '')"), suggestions: [] },
      ],
    },
    {
      mode: 'syntax',
      name: '`id` of an element of tool_calls',
      code: firstToolCall,
      errors: [
        { messageId: 'madeUpCallId', data: { expression: 'ai.tool_calls![0].id', form: 'a `??` default', fallback: "''" }, ...loc(firstToolCall, "ai.tool_calls![0].id ?? ''"), suggestions: [] },
      ],
    },
    {
      mode: 'syntax',
      name: 'a constant passed to a local function that sends it as tool_call_id',
      code: retryFailure,
      errors: [
        { messageId: 'madeUpCallId', data: { expression: 'request.toolCall.id', form: 'a `??` default', fallback: '""' }, ...loc(retryFailure, 'request.toolCall.id ?? ""'), suggestions: [] },
      ],
    },
    {
      // Syntax only: typed, the SDK's own `ToolUseBlock` decides (below).
      mode: 'syntax',
      name: 'an obj[key] = key, a comparison that picks the approval, a returned ID falling back to another field',
      code: keysAndComparisons,
      errors: [keysBlockId, ...keysOtherErrors],
    },
    {
      // `@anthropic-ai/sdk` is installed (a dependency of @voltagent/core): `ToolUseBlock.id` is a
      // required `string`, so its fallback cannot run. The CLI never reads the type checker.
      name: 'typed: the SDK types ToolUseBlock.id as a required string, so only the other two fallbacks are reported',
      code: keysAndComparisons,
      mode: 'typed',
      errors: keysOtherErrors,
      cliErrors: [keysBlockId, ...keysOtherErrors],
    },
  ],
});

// Issue 20: a call ID by what the value is, whatever the variable is called, and every spelling of a fallback.

const anthropicLoop = `import Anthropic from '@anthropic-ai/sdk';

type Handler = (input: unknown) => Promise<string>;

export async function answerTools(client: Anthropic, messages: Anthropic.MessageParam[], handlers: Record<string, Handler>) {
  const response = await client.messages.create({ model: 'claude-sonnet-4-5', max_tokens: 1024, messages });
  const results = [];
  for (const block of response.content) {
    if (block.type !== 'tool_use') continue;
    const output = await handlers[block.name]!(block.input);
    results.push({ type: 'tool_result' as const, tool_use_id: block.id ?? '', content: output });
  }
  return results;
}

export function pendingNames(content: Anthropic.ContentBlock[], pending: Map<string, string>) {
  for (const part of content) {
    switch (part.type) {
      case 'tool_use':
        pending.set(part.id || 'unknown', part.name);
        break;
      case 'text':
        break;
    }
  }
}

export function toolUseIds(content: Anthropic.ContentBlock[]): string[] {
  const uses = content.filter((block) => block.type === 'tool_use');
  return uses.map((use) => use.id ?? '');
}
`;

const proseResult = `import type { ToolCall } from '@langchain/core/messages/tool';

export function refundResult(toolCall: ToolCall, amount: number): string {
  return \`Refund \${toolCall.id ?? 'unknown'} of \${amount} cents was queued for review.\`;
}
`;

const keyResult = `import type { ToolCall } from '@langchain/core/messages/tool';

export function refundKey(toolCall: ToolCall): string {
  return \`refund-\${toolCall.id ?? 'pending'}\`;
}
`;

// LangChain's standard `tool_call` blocks declare `id?: string`: nothing guarantees it.
const unguaranteedBlocks = `import type { AIMessage, ContentBlock } from '@langchain/core/messages';

export function pendingIds(message: AIMessage, pending: Set<string>) {
  for (const block of message.contentBlocks) {
    if (block.type !== 'tool_call') continue;
    pending.add(block.id ?? '');
  }
}

export function pendingNames(content: ContentBlock[], pending: Map<string, string>) {
  for (const part of content) {
    switch (part.type) {
      case 'tool_call':
        pending.set(part.id || 'unknown', part.name);
        break;
      case 'text':
        break;
    }
  }
}
`;

const chatCompletions = `import OpenAI from 'openai';

export async function toolReplies(client: OpenAI, run: (name: string, args: string) => Promise<string>) {
  const completion = await client.chat.completions.create({ model: 'gpt-4.1', messages: [] });
  const message = completion.choices[0]!.message;
  const replies = await Promise.all(
    (message.tool_calls ?? []).map(async (entry) => ({
      role: 'tool' as const,
      tool_call_id: entry.id ? entry.id : '',
      content: await run(entry.type, ''),
    })),
  );
  for (const { id = 'call_0', type } of message.tool_calls ?? []) {
    replies.push({ role: 'tool' as const, tool_call_id: id, content: type });
  }
  return replies;
}
`;

const assignedDefaults = `import type { ToolCall } from '@langchain/core/messages/tool';

export function settle(toolCall: ToolCall, results: Map<string, string>, output: string): void {
  let id = toolCall.id;
  if (!id) id = '';
  results.set(id, output);
}

export function settleLater(part: { toolCallId?: string }, results: Map<string, string>): void {
  let callId = part.toolCallId;
  callId ??= 'pending';
  results.set(callId, 'queued');
}

export function conditionalReply(call: { call_id?: string }, output: string) {
  return { type: 'function_call_output' as const, call_id: call.call_id !== undefined ? call.call_id : '', output };
}
`;

const discriminatedParts = `interface AssistantBlock {
  type: 'tool_use';
  id?: string;
  name: string;
}

export function answer(block: AssistantBlock, content: string) {
  return { type: 'tool_result' as const, tool_use_id: block.id ?? '', content };
}

export function partsToCalls(parts: Array<{ type: string; toolCallId?: string; toolName?: string }>) {
  const calls: Array<{ toolCallId: string; toolName: string }> = [];
  for (const part of parts) {
    if (part.type === 'tool-call') {
      const { toolCallId = '', toolName = 'unknown' } = part;
      calls.push({ toolCallId, toolName });
    }
  }
  return calls;
}

export function queueKeys(blocks: Array<{ type: string; id?: string }>, queue: string[]): void {
  for (const b of blocks.filter((x) => x.type === 'tool_use')) queue.push(String(b.id));
}
`;

const describedCalls = `import type { ToolCall } from '@langchain/core/messages/tool';

export function describeCall(call: ToolCall) {
  return { id: call.id ?? '', label: call.name };
}

export function callLabel(call: ToolCall): string {
  return call.id ?? 'pending';
}
`;

const guaranteedIds = `import { tool } from 'ai';
import { z } from 'zod';

const started = new Map<string, number>();

export const weather = tool({
  description: 'Current weather for a city',
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }, { toolCallId }) => {
    started.set(toolCallId ?? '', Date.now());
    return { city, temperature: 21 };
  },
});

export const forecast = tool({
  description: 'Forecast',
  inputSchema: z.object({ city: z.string() }),
  async execute({ city }, options) {
    started.set(options.toolCallId || 'none', Date.now());
    return { city, days: [] };
  },
});

interface ProviderToolCall {
  id: string;
  name: string;
}

export function record(toolCall: ProviderToolCall, seen: Map<string, string>): void {
  seen.set(toolCall.id ?? '', toolCall.name);
  seen.set(String(toolCall.id), toolCall.name);
}
`;

const mintedAndUnrelated = `export function normalize(message: { tool_calls?: Array<{ id?: string; name: string }> }) {
  let n = 0;
  n++;
  return (message.tool_calls ?? []).map((call, index) => ({
    id: call.id ?? \`call_\${index}\`,
    fallback: { tool_call_id: call.id ?? \`tc-\${n}-\${index}\` },
    stamp: { tool_call_id: call.id || \`call_\${Date.now()}\` },
    name: call.name,
  }));
}

export function items(output: Array<{ type: string; id?: string; call_id?: string }>, byItem: Map<string, unknown>, other: { type: string }) {
  for (const item of output) {
    // A Responses function_call item's own id is the item's, not the call ID (that is call_id).
    if (item.type === 'function_call') byItem.set(item.id ?? '', item);
    if (item.type === 'text') byItem.set(item.id ?? '', item);
    // A guard on another value says nothing of this one.
    if (other.type === 'tool_use') byItem.set(item.id ?? '', item);
  }
}

export function mixedCases(blocks: Array<{ type: string; id?: string }>, keys: Set<string>) {
  for (const b of blocks) {
    switch (b.type) {
      case 'text':
      case 'tool_use':
        keys.add(b.id ?? '');
        break;
    }
  }
}

export function reply({ callId = 'call_1', output }: { callId?: string; output: string }) {
  return { type: 'function_call_output' as const, call_id: callId, output };
}

export function logged(call: { call_id?: string }, log: (line: string) => void) {
  console.info(String(call.call_id));
  log(\`call \${call.call_id}\`);
}
`;

const narrowedByGuard = `type TextBlock = { type: 'text'; text: string; id?: string };
type CallBlock = { type: 'tool_use'; id?: string; name: string };
type Block = TextBlock | CallBlock;

function isCall(b: Block): b is CallBlock {
  return b.type === 'tool_use';
}

export function index(blocks: Block[], byId: Map<string, string>): void {
  for (const b of blocks) if (isCall(b)) byId.set(b.id ?? '', b.name);
}
`;

const presentByType = `type CallBlock = { type: 'tool_use'; id: string; name: string };

export function index(blocks: CallBlock[], byId: Map<string, string>): void {
  for (const b of blocks) byId.set(b.id ?? '', b.name);
}
`;

const mintedByPositionOrEitherArm = `let sequence = 0;

export function toRequest(message: { tool_calls: Array<{ id?: string; type: string; partial: boolean; function: { name: string } }> }) {
  const out: Array<{ tool_call_id: string; name: string }> = [];
  for (const [i, call] of message.tool_calls.entries()) {
    if (call.type !== 'function') continue;
    out.push({ tool_call_id: call.id ?? \`call_\${i}\`, name: call.function.name });
  }
  return message.tool_calls.map((call) => ({
    tool_call_id: call.id ?? (call.partial ? \`partial-\${Date.now()}-\${sequence++}\` : \`call-\${Date.now()}\`),
    name: call.function.name,
  }));
}
`;

// A position that reaches the template through a parameter that defaults to a number, or a
// constant made from the stream's own index: one ID per position, not one for every call.
const mintedThroughParameters = `export function mapToolCall(call: { call_id?: string; id?: string; name: string }, index = 0) {
  const id = call.call_id || call.id || \`call_\${index}\`;
  return { type: 'function_call' as const, call_id: id, name: call.name };
}

export function mapStreamed(toolCall: { id?: string; index?: number; name?: string }, index = 0) {
  const idx = typeof toolCall.index === 'number' ? toolCall.index : index;
  return { id: toolCall.id || \`call_\${idx}\`, type: 'function' as const, function: { name: toolCall.name ?? '', arguments: '' } };
}

export function accumulate(deltas: Array<{ id?: string; index?: number; function?: { name?: string } }>, calls: Record<number, { id: string; name: string }>) {
  for (const toolCall of deltas) {
    const index = toolCall.index ?? 0;
    calls[index] = { id: toolCall.id || \`tool_\${index}\`, name: toolCall.function?.name ?? '' };
  }
}
`;

// The same shapes with a value that is no position: a label the caller passes, a constant made
// from a name.
const labelledNotMinted = `export function mapToolCall(call: { call_id?: string; name: string }, label: string) {
  return { type: 'function_call' as const, call_id: call.call_id ?? \`call_\${label}\`, name: call.name };
}

export function mapStreamed(toolCall: { id?: string; index?: number; name?: string }, prefix = 'call') {
  const tag = toolCall.name ?? prefix;
  return { id: toolCall.id || \`\${tag}_0\`, type: 'function' as const, function: { name: toolCall.name ?? '', arguments: '' } };
}
`;

// Text joined with \`+\` around a generator: a template by another spelling.
const mintedByConcatenation = `export function toChatCompletion(toolCall: { id?: string; name: string; args: string }) {
  return {
    id: toolCall.id || 'call_' + Math.random().toString(36).substring(2, 11),
    type: 'function' as const,
    function: { name: toolCall.name, arguments: toolCall.args },
  };
}
`;

// A name whose last word says tool call, on an untyped parameter; a joined text with no fresh part.
const namedByLastWord = `export function accumulate(deltaToolCall: any, calls: Map<string, { id: string; args: string }>): void {
  const identifier = deltaToolCall.id ?? 'stream';
  const existing = calls.get(identifier);
  calls.set(identifier, { id: identifier, args: (existing?.args ?? '') + (deltaToolCall.function?.arguments ?? '') });
}

export function toChatCompletion(toolCall: { id?: string; name: string; args: string }) {
  return { id: toolCall.id || 'call_' + toolCall.name, type: 'function' as const, function: { name: toolCall.name, arguments: toolCall.args } };
}
`;

// Responses items picked by their type: a function_call item's own id is the item's (fc_...),
// whatever the variable is named; its call_id is the call's.
const responsesItemsByType = `export function toolCallsOf(response: { output: Array<{ type: string; id?: string; call_id?: string; name?: string }> }) {
  const toolCalls = response.output.filter((item) => item.type === 'function_call');
  return toolCalls.map((toolCall) => ({ id: toolCall.id || '', callId: toolCall.call_id, name: toolCall.name }));
}

export function index(output: Array<{ type: string; id?: string; call_id?: string }>, byItem: Map<string, unknown>): void {
  for (const toolCall of output.filter((i) => i.type === 'function_call')) byItem.set(toolCall.id ?? '', toolCall);
  const toolCall = output.find((i) => i.type === 'computer_call');
  if (toolCall) byItem.set(toolCall.id ?? '', toolCall);
  for (const tc of output) if (tc.type === 'function_call') byItem.set(tc.id ?? '', tc);
}
`;

const responsesCallIds = `export function toolCallsOf(response: { output: Array<{ type: string; id?: string; call_id?: string; name?: string }> }) {
  const toolCalls = response.output.filter((item) => item.type === 'function_call');
  return toolCalls.map((toolCall) => ({ id: toolCall.id, callId: toolCall.call_id || '', name: toolCall.name }));
}

export function blocks(content: Array<{ type: string; id?: string }>, byId: Map<string, unknown>): void {
  for (const toolCall of content.filter((b) => b.type === 'text')) byId.set(toolCall.id ?? '', toolCall);
}
`;

const halfMinted = `export function toRequest(message: { tool_calls: Array<{ id?: string; partial: boolean; function: { name: string } }> }) {
  return message.tool_calls.map((call) => ({ tool_call_id: call.id ?? (call.partial ? \`partial-\${Date.now()}\` : 'call'), name: call.function.name }));
}
`;

runCases(`${RULE}: what the value is, every spelling of a fallback`, rule, {
  valid: [
    { mode: 'syntax', name: 'an index from `.entries()` and a choice between two minted IDs are fresh', code: mintedByPositionOrEitherArm },
    { mode: 'syntax', name: 'a position through a parameter defaulting to a number, or a constant made from the stream index, mints IDs', code: mintedThroughParameters },
    { mode: 'syntax', name: "text joined with `+` around a generator mints IDs, as the template would", code: mintedByConcatenation },
    { mode: 'syntax', name: "a Responses item picked by its type (filter, find, guard): its own id is the item's, whatever it is named", code: responsesItemsByType },
    { mode: 'syntax', name: "a framework's guaranteed toolCallId (AI SDK execute), a declared `id: string`", code: guaranteedIds },
    { mode: 'syntax', name: 'counters, indexes and clocks mint IDs; item ids, other guards, mixed cases, own options, log text', code: mintedAndUnrelated },
    { mode: 'both', name: "an element's id declared `string` (syntax: the list's declared type; typed: the checker): the fallback cannot run", code: presentByType },
    { mode: 'syntax', name: 'a user-defined type guard: syntax does not follow it', code: narrowedByGuard },
    {
      mode: 'both',
      name: "Anthropic tool_use blocks (a guard that exits, a switch case, a list filtered into a constant): the API always sends the id, so the fallback cannot run (the adapter's callIdGuarantees)",
      code: anthropicLoop,
    },
    { mode: 'syntax', name: "a call ID quoted in a sentence of a tool's result: text for a reader, whatever reads it next", code: proseResult },
  ],
  invalid: [
    {
      mode: 'syntax',
      name: "a Responses item's call_id is still the call's; a filter on another type leaves the name's word",
      code: responsesCallIds,
      errors: [
        {
          messageId: 'madeUpCallId',
          data: { expression: 'toolCall.call_id', form: 'a `||` default', fallback: "''" },
          ...loc(responsesCallIds, "toolCall.call_id || ''"),
          suggestions: [
            { messageId: 'useExtractToolCallId', data: { rawItem: 'toolCall' }, output: suggested(responsesCallIds, "toolCall.call_id || ''", 'extractToolCallId(toolCall)') },
          ],
        },
        { messageId: 'madeUpCallId', data: { expression: 'toolCall.id', form: 'a `??` default', fallback: "''" }, ...loc(responsesCallIds, "toolCall.id ?? ''"), suggestions: [] },
      ],
    },
    {
      mode: 'syntax',
      name: "a value whose name's last word is tool call (`deltaToolCall`), and text joined with a name only",
      code: namedByLastWord,
      errors: [
        { messageId: 'madeUpCallId', data: { expression: 'deltaToolCall.id', form: 'a `??` default', fallback: "'stream'" }, ...loc(namedByLastWord, "deltaToolCall.id ?? 'stream'"), suggestions: [] },
        { messageId: 'otherCallId', data: { expression: 'toolCall.id', form: 'a `||` default', fallback: "'call_' + toolCall.name" }, ...loc(namedByLastWord, "toolCall.id || 'call_' + toolCall.name"), suggestions: [] },
      ],
    },
    {
      mode: 'syntax',
      name: 'a label the caller passes, a constant made from a name: no position, the same ID for every such call',
      code: labelledNotMinted,
      errors: [
        {
          messageId: 'madeUpCallId',
          data: { expression: 'call.call_id', form: 'a `??` default', fallback: '`call_${label}`' },
          ...loc(labelledNotMinted, 'call.call_id ?? `call_${label}`'),
          suggestions: [],
        },
        {
          messageId: 'madeUpCallId',
          data: { expression: 'toolCall.id', form: 'a `||` default', fallback: '`${tag}_0`' },
          ...loc(labelledNotMinted, 'toolCall.id || `${tag}_0`'),
          suggestions: [],
        },
      ],
    },
    {
      mode: 'syntax',
      name: 'a choice between a minted ID and a literal still makes one up on one side',
      code: halfMinted,
      errors: [
        {
          messageId: 'otherCallId',
          data: { expression: 'call.id', form: 'a `??` default', fallback: "call.partial ? `partial-${Date.now()}` : 'call'" },
          ...loc(halfMinted, "call.id ?? (call.partial ? `partial-${Date.now()}` : 'call')"),
          suggestions: [],
        },
      ],
    },
    {
      mode: 'syntax',
      name: 'content blocks without a guaranteed id: a guard that exits, a switch case, whatever the variable is named',
      code: unguaranteedBlocks,
      errors: [
        { messageId: 'madeUpCallId', data: { expression: 'block.id', form: 'a `??` default', fallback: "''" }, ...loc(unguaranteedBlocks, "block.id ?? ''"), suggestions: [] },
        { messageId: 'madeUpCallId', data: { expression: 'part.id', form: 'a `||` default', fallback: "'unknown'" }, ...loc(unguaranteedBlocks, "part.id || 'unknown'"), suggestions: [] },
      ],
    },
    {
      mode: 'syntax',
      name: 'elements of message.tool_calls: a conditional default in .map, a destructuring default in for...of',
      code: chatCompletions,
      errors: [
        { messageId: 'madeUpCallId', data: { expression: 'entry.id', form: 'a conditional default', fallback: "''" }, ...loc(chatCompletions, "entry.id ? entry.id : ''"), suggestions: [] },
        { messageId: 'madeUpCallId', data: { expression: 'id', form: 'a destructuring default', fallback: "'call_0'" }, ...loc(chatCompletions, "id = 'call_0'"), suggestions: [] },
      ],
    },
    {
      mode: 'syntax',
      name: "`if (!id) id = ''`, `id ??= 'pending'`, `x !== undefined ? x : ''`",
      code: assignedDefaults,
      errors: [
        { messageId: 'madeUpCallId', data: { expression: 'toolCall.id', form: 'a default assigned when it is missing', fallback: "''" }, ...loc(assignedDefaults, "id = ''"), suggestions: [] },
        { messageId: 'madeUpCallId', data: { expression: 'part.toolCallId', form: 'a default assigned when it is missing', fallback: "'pending'" }, ...loc(assignedDefaults, "callId ??= 'pending'"), suggestions: [] },
        {
          messageId: 'madeUpCallId',
          data: { expression: 'call.call_id', form: 'a conditional default', fallback: "''" },
          ...loc(assignedDefaults, "call.call_id !== undefined ? call.call_id : ''"),
          suggestions: [
            {
              messageId: 'useExtractToolCallId',
              data: { rawItem: 'call' },
              output: suggested(assignedDefaults, "call.call_id !== undefined ? call.call_id : ''", 'extractToolCallId(call)'),
            },
          ],
        },
      ],
    },
    {
      mode: 'syntax',
      name: "a type declared in the file with a tool-call discriminant, a `part.type === 'tool-call'` guard, a filtered list; String() sent on",
      code: discriminatedParts,
      errors: [
        { messageId: 'madeUpCallId', data: { expression: 'block.id', form: 'a `??` default', fallback: "''" }, ...loc(discriminatedParts, "block.id ?? ''"), suggestions: [] },
        { messageId: 'madeUpCallId', data: { expression: 'toolCallId', form: 'a destructuring default', fallback: "''" }, ...loc(discriminatedParts, "toolCallId = ''"), suggestions: [] },
        { messageId: 'coercedCallId', data: { expression: 'b.id', form: 'String()' }, ...loc(discriminatedParts, 'String(b.id)'), suggestions: [] },
      ],
    },
    {
      mode: 'syntax',
      name: 'a fallback in a key built without words and spaces: an identifier, returned on',
      code: keyResult,
      errors: [{ messageId: 'madeUpCallId', data: { expression: 'toolCall.id', form: 'a `??` default', fallback: "'pending'" }, ...loc(keyResult, "toolCall.id ?? 'pending'"), suggestions: [] }],
    },
    {
      mode: 'syntax',
      name: 'a describe… function returning an object carries the ID on; returning the string is a label',
      code: describedCalls,
      errors: [{ messageId: 'madeUpCallId', data: { expression: 'call.id', form: 'a `??` default', fallback: "''" }, ...loc(describedCalls, "call.id ?? ''"), suggestions: [] }],
    },
    {
      mode: 'typed',
      name: 'a user-defined type guard narrows the union: the checker sees the tool call (the CLI does not)',
      code: narrowedByGuard,
      errors: [{ messageId: 'madeUpCallId', data: { expression: 'b.id', form: 'a `??` default', fallback: "''" }, ...loc(narrowedByGuard, "b.id ?? ''"), suggestions: [] }],
      cliErrors: [],
    },

  ],
});

const sessionsAndRows = `interface StoredPart {
  type: string;
  tool_toolCallId: string | null;
  tool_name: string;
}

declare function _isString(value: unknown): value is string;

export function toUiPart(part: StoredPart) {
  return { type: \`tool-\${part.tool_name}\`, toolCallId: part.tool_toolCallId || '' };
}

export function serverToolResult(output: { id?: unknown; status: string }) {
  return { type: 'server_tool_call_result' as const, toolCallId: _isString(output.id) ? output.id : '', status: output.status };
}

export class DiffEditCoordinator {
  private readonly sessions = new Map<string, { path: string }>();

  begin(context: { toolCallId?: string }, path: string): void {
    const toolCallId = context.toolCallId ?? '';
    if (this.sessions.has(toolCallId)) return;
    this.openPreview(toolCallId, path);
  }

  private openPreview(id: string, path: string): void {
    this.sessions.set(id, { path });
  }
}
`;

const sameCallOtherField = `interface StreamChunk {
  tool_call: { call_id?: string; function: { id: string; name: string; arguments: string } };
}

export function toToolCall(chunk: StreamChunk) {
  const fn = chunk.tool_call.function;
  return { type: 'tool-call' as const, toolCallId: chunk.tool_call.call_id ?? fn.id, toolName: fn.name };
}

export function assemblyKey(event: { toolCallId?: string; index?: number }, deltas: Map<string, string>): void {
  const key = event.toolCallId ?? \`tool_\${event.index}\`;
  deltas.set(key, '');
}
`;

runCases(`${RULE}: names ending in a call-ID name, predicates, methods of the class`, rule, {
  valid: [{ mode: 'both', name: "another id of the same call (through a const alias); an index-minted stream key", code: sameCallOtherField }],
  invalid: [
    {
      mode: 'syntax',
      name: '`tool_toolCallId` (a column), `isString(x) ? x : ""`, and a key set in a method called on this',
      code: sessionsAndRows,
      errors: [
        {
          messageId: 'madeUpCallId',
          data: { expression: 'part.tool_toolCallId', form: 'a `||` default', fallback: "''" },
          ...loc(sessionsAndRows, "part.tool_toolCallId || ''"),
          suggestions: [],
        },
        {
          messageId: 'madeUpCallId',
          data: { expression: 'output.id', form: 'a conditional default', fallback: "''" },
          ...loc(sessionsAndRows, "_isString(output.id) ? output.id : ''"),
          suggestions: [],
        },
        { messageId: 'madeUpCallId', data: { expression: 'context.toolCallId', form: 'a `??` default', fallback: "''" }, ...loc(sessionsAndRows, "context.toolCallId ?? ''"), suggestions: [] },
      ],
    },
  ],
});

const guardedAndRowKeys = `export function approvalRequest(event: { payload?: { approvalId?: unknown; toolCallId?: unknown; toolName?: unknown } }) {
  const approvalId = typeof event.payload?.approvalId === 'string' ? event.payload.approvalId : '';
  const toolCallId = typeof event.payload?.toolCallId === 'string' ? event.payload.toolCallId : '';
  const toolName = typeof event.payload?.toolName === 'string' ? event.payload.toolName : '';
  if (!approvalId || !toolCallId || !toolName) return undefined;
  return { approvalId, toolCallId, toolName };
}

export function pairResult(record: { tool_use_id?: unknown; content?: unknown }, pending: Map<string, number>) {
  const toolUseId = typeof record.tool_use_id === 'string' ? record.tool_use_id : '';
  const index = pending.get(toolUseId);
  return { index, ...(toolUseId ? { toolCallId: toolUseId } : {}) };
}

export function timeline(results: Array<{ toolCallId?: string; queries: string[] }>) {
  return results.flatMap((result) => result.queries.map((query, index) => ({ id: \`\${result.toolCallId || 'fq'}-\${index}\`, query })));
}

export function geminiCalls(response: { functionCalls?: Array<{ id?: string; name: string }> }) {
  return (response.functionCalls ?? []).map((call, index) => ({ id: call.id ?? \`call_\${index + 1}\`, name: call.name }));
}

export const timeoutFallback = (details?: { toolCall?: { callId?: string } }) => ({ status: details?.toolCall?.callId ?? 'timed-out' });
`;

runCases(`${RULE}: guards before any use, truthy branches, row keys`, rule, {
  valid: [{ mode: 'both', name: 'rejected before any use, read only when truthy, a row key made unique by an index, an index stand-in, a status', code: guardedAndRowKeys }],
  invalid: [],
});

const checkedThenText = `export function serverToolPart(providerOpts: { serverToolCallId?: unknown } | undefined, blocks: Array<{ type: string; id?: string }>, seen: Set<string>) {
  const serverToolCallId = providerOpts?.serverToolCallId != null ? String(providerOpts.serverToolCallId) : undefined;
  for (const block of blocks) {
    if (block.type === 'tool_call') {
      const id = block.id ?? '';
      if (id) seen.add(id);
    } else {
      const id = block.id;
      seen.add(\`\${id}\`);
    }
  }
  return { serverToolCallId };
}
`;

runCases(`${RULE}: text made only where the ID is present; block-scoped bindings`, rule, {
  valid: [
    {
      mode: 'both',
      name: "String() under a `!= null` check; a '' default read only when truthy, whatever a same-named binding of another branch does",
      code: checkedThenText,
    },
  ],
  invalid: [],
});

const fingerprintTemplate = `export function replayKey(toolCall?: { id?: string; name: string }, turn?: number): string {
  return \`\${turn}:\${toolCall?.name}:\${toolCall?.id}\`;
}

export function workOrderKey(context?: { agent?: { toolCallId?: string } }): { key: string } {
  return { key: \`wo-\${context?.agent?.toolCallId}\` };
}
`;

runCases(`${RULE}: an optional call ID in a fingerprint template`, rule, {
  valid: [],
  invalid: [
    {
      name: 'a template of three values is a fingerprint; a key of one call is not',
      code: fingerprintTemplate,
      errors: [
        {
          messageId: 'coercedCallId',
          data: { expression: 'context?.agent?.toolCallId', form: 'a template literal' },
          ...loc(fingerprintTemplate, '`wo-${context?.agent?.toolCallId}`'),
          suggestions: [],
        },
      ],
    },
  ],
});

// A streamed tool call sends its ID in the first delta only: a later delta without one continues
// the call an earlier delta named. A binding reassigned from the call ID as the stream goes on is
// that call's ID, not another's; a value that is never set from a call ID is no such continuation.
const streamedDeltas = `type Delta = { tool_calls?: Array<{ index: number; id?: string; function?: { name?: string; arguments?: string } }> };
declare const stream: AsyncIterable<{ choices: Array<{ delta: Delta }> }>;

export async function collect() {
  const calls: Array<{ id: string; name: string; args: string }> = [];
  let currentId: string | undefined;
  for await (const chunk of stream) {
    for (const toolCall of chunk.choices[0]?.delta.tool_calls ?? []) {
      if (toolCall.id) currentId = toolCall.id;
      calls.push({ id: toolCall.id || currentId || '', name: toolCall.function?.name ?? '', args: toolCall.function?.arguments ?? '' });
    }
  }
  return calls;
}

export class Assembler {
  private lastToolCallId?: string;
  push(toolCall: { id?: string; name?: string }) {
    this.lastToolCallId = toolCall.id ?? this.lastToolCallId;
    return { tool_call_id: \`\${toolCall.id ?? this.lastToolCallId}\` };
  }
}
`;

const notAContinuation = `type Delta = { tool_calls?: Array<{ index: number; id?: string }> };
declare const stream: AsyncIterable<{ choices: Array<{ delta: Delta }> }>;

export async function collect(previous: string) {
  const calls: Array<{ id: string }> = [];
  let label = 'call';
  for await (const chunk of stream) {
    for (const toolCall of chunk.choices[0]?.delta.tool_calls ?? []) {
      label = String(toolCall.index);
      calls.push({ id: toolCall.id || previous || '' });
      calls.push({ id: toolCall.id || label || '' });
    }
  }
  return calls;
}
`;

runCases(`${RULE}: a streamed delta without an ID continues the call an earlier delta named`, rule, {
  valid: [{ mode: 'both', name: 'a fallback to a binding or field reassigned from the call ID as the stream goes on', code: streamedDeltas }],
  invalid: [
    {
      mode: 'syntax',
      name: 'a parameter, or a binding reassigned from something else, is not the same call',
      code: notAContinuation,
      errors: [
        { messageId: 'madeUpCallId', data: { expression: 'toolCall.id', form: 'a `||` default', fallback: "''" }, ...loc(notAContinuation, "toolCall.id || previous || ''"), suggestions: [] },
        { messageId: 'madeUpCallId', data: { expression: 'toolCall.id', form: 'a `||` default', fallback: "''" }, ...loc(notAContinuation, "toolCall.id || label || ''"), suggestions: [] },
      ],
    },
  ],
});

// An object with a tool's name and its arguments beside the ID is a tool call, whatever it is
// called: the fallback bound to a local first goes on as that call's ID. The same local in an object
// for a list row (a title, no arguments) goes nowhere that pairs.
const callShapedObject = `type ToolUse = { toolUseId?: string; name: string; input: unknown };

export function toCalls(blocks: Array<{ toolUse?: ToolUse }>) {
  const calls: Array<{ id: string; name: string; input: unknown }> = [];
  const rows: Array<{ id: string; title: string }> = [];
  for (const block of blocks) {
    if (!block.toolUse) continue;
    const id = block.toolUse.toolUseId ?? block.toolUse.name;
    calls.push({ id, name: block.toolUse.name, input: block.toolUse.input });
    const deltaId = block.toolUse.toolUseId ?? block.toolUse.name;
    calls.push({ index: calls.length, id: deltaId, type: 'function', function: { name: block.toolUse.name, arguments: JSON.stringify(block.toolUse.input) } } as never);
    const rowId = block.toolUse.toolUseId ?? block.toolUse.name;
    rows.push({ id: rowId, title: block.toolUse.name });
  }
  return { calls, rows };
}
`;

runCases(`${RULE}: an object with a tool's name and arguments is a tool call`, rule, {
  valid: [],
  invalid: [
    {
      mode: 'both',
      name: '`{ id, name, input }` and `{ id, function: { name, arguments } }` carry the fallback on as the call ID; `{ id, title }` does not',
      code: callShapedObject,
      errors: [
        {
          messageId: 'otherCallId',
          data: { expression: 'block.toolUse.toolUseId', form: 'a `??` default', fallback: 'block.toolUse.name' },
          ...loc(callShapedObject, 'block.toolUse.toolUseId ?? block.toolUse.name'),
          suggestions: [],
        },
        {
          messageId: 'otherCallId',
          data: { expression: 'block.toolUse.toolUseId', form: 'a `??` default', fallback: 'block.toolUse.name' },
          ...loc(callShapedObject, 'block.toolUse.toolUseId ?? block.toolUse.name', 2),
          suggestions: [],
        },
      ],
    },
  ],
});

// The first binding of `.entries()` is a position only for an array: a `Map` made or declared in
// the file yields its keys, which count nothing, so a template of one is no fresh ID.
const mapEntries = `type ToolCall = { id?: string; name: string };

export function fromMap(pending: Map<string, ToolCall>, byName = new Map<string, ToolCall>()) {
  const out: Array<{ tool_call_id: string }> = [];
  for (const [name, toolCall] of byName.entries()) out.push({ tool_call_id: toolCall.id ?? \`call_\${name}\` });
  for (const [key, toolCall] of pending.entries()) out.push({ tool_call_id: toolCall.id ?? \`call_\${key}\` });
  return out;
}
`;

runCases(`${RULE}: the keys of a Map's entries are no position`, rule, {
  valid: [],
  invalid: [
    {
      mode: 'both',
      name: 'a Map made (`new Map()`) or declared (`Map<…>`) in the file: its entries are keyed by values, not counted',
      code: mapEntries,
      errors: [
        { messageId: 'madeUpCallId', data: { expression: 'toolCall.id', form: 'a `??` default', fallback: '`call_${name}`' }, ...loc(mapEntries, 'toolCall.id ?? `call_${name}`'), suggestions: [] },
        { messageId: 'madeUpCallId', data: { expression: 'toolCall.id', form: 'a `??` default', fallback: '`call_${key}`' }, ...loc(mapEntries, 'toolCall.id ?? `call_${key}`'), suggestions: [] },
      ],
    },
  ],
});
