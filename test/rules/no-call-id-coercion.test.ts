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
          messageId: 'coercedCallId',
          data: { expression: 'output.call_id', form: 'a `??` default' },
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
          messageId: 'coercedCallId',
          data: { expression: 'item.call_id', form: 'a `||` default' },
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
