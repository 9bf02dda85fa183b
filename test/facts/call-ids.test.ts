import { describe, expect, it } from 'vitest';
import { extract, spanOfText } from './helpers.js';

const code = `export function toOutputs(item: any, event: any, toolCall: any, raw: any, part: any, output: any, callId: string | undefined) {
  const a = String(item.call_id);
  const b = \`\${event.data.item.callId}\`;
  const c = toolCall.toolCallId.toString();
  const d = '' + raw['call_id'];
  const e = callId + '';
  const f = part.tool_call_id ?? '';
  const g = output.callId || 'unknown';
  const id = item.call_id;
  const h = String(id);
  const { call_id: cid } = item;
  const i = \`\${cid}\`;
  const j = String((item as any).call_id!);
  return [a, b, c, d, e, f, g, h, i, j];
}
`;

describe('call-ID coercions', () => {
  const facts = extract(code, 'src/outputs.ts');

  it('finds every form, with evidence and the raw item', () => {
    expect(facts.adapters).toEqual([]);
    expect(facts.callIdCoercions.map((c) => [c.form, c.expression, c.evidence, c.rawItemText])).toEqual([
      ['String', 'item.call_id', 'property', 'item'],
      ['template', 'event.data.item.callId', 'property', 'event.data.item'],
      ['toString', 'toolCall.toolCallId', 'property', undefined],
      ['concat', "raw['call_id']", 'property', 'raw'],
      ['concat', 'callId', 'name', undefined],
      ['nullish-default', 'part.tool_call_id', 'property', undefined],
      ['logical-default', 'output.callId', 'property', 'output'],
      ['String', 'id', 'name', undefined],
      ['template', 'cid', 'name', undefined],
      ['String', '(item as any).call_id!', 'property', 'item'],
    ]);
  });

  it('spans the coercion and the call-ID expression', () => {
    const [first, second] = facts.callIdCoercions;
    expect(first!.span).toEqual(spanOfText(code, 'String(item.call_id)'));
    expect(first!.expressionSpan).toEqual(spanOfText(code, 'item.call_id'));
    expect(first!.span.loc).toEqual({ start: { line: 2, column: 12 }, end: { line: 2, column: 32 } });
    expect(second!.span).toEqual(spanOfText(code, '`${event.data.item.callId}`'));
  });
});

describe('not call-ID coercions', () => {
  const code2 = `import { String as Str } from './strings';
export function render(value: unknown, chatId: string, messageId: string, response: any, item: any, index: number, twilioCall: any, sid: string, callSid: string, callId: string) {
  const out = [
    String(value),
    String(chatId),
    \`\${messageId}\`,
    String(response.id),
    String(item.id),
    \`call_\${Date.now()}\`,
    \`https://api.twilio.com/2010-04-01/Accounts/\${sid}/Calls/\${callSid}.json\`,
    String(twilioCall.callId),
    \`/calls/\${callId}\`,
    \`Tool call \${callId} failed\`,
    String(index),
    \`\${index}\`,
    callId ?? undefined,
    sql\`\${callId}\`,
    'id:' + callId,
  ];
  return out;
}
function fresh() {
  const callId = \`call_\${Date.now()}\`;
  const generated = crypto.randomUUID();
  const toolCallId = generated;
  return [String(callId), String(toolCallId)];
}
function shadowed(String: (x: unknown) => string, item: any) {
  return String(item.call_id);
}
`;

  it('leaves outputs, other IDs, URLs, messages, fresh IDs and shadowed String alone', () => {
    const facts = extract(code2, 'src/render.ts');
    expect(facts.callIdCoercions).toEqual([]);
  });

  it('treats String as the global only when nothing in scope declares it', () => {
    const imported = extract(`import { String } from './safe-string';\nexport const x = (item: any) => String(item.call_id);\n`, 'src/a.ts');
    expect(imported.callIdCoercions).toEqual([]);
    const local = extract(`export const x = (item: any) => {\n  const String = (v: unknown) => v;\n  return String(item.call_id);\n};\n`, 'src/b.ts');
    expect(local.callIdCoercions).toEqual([]);
    const global = extract(`export const x = (item: any) => String(item.call_id);\n`, 'src/c.ts');
    expect(global.callIdCoercions.map((c) => c.form)).toEqual(['String']);
  });

  it('asks the type seam about expressions syntax cannot settle', () => {
    const src = `export function f(opaque: Token, value: string, declared: ToolCallId) { return [String(opaque), String(value), \`\${callId}\`, String(declared)]; }\n`;
    const seen: string[] = [];
    const facts = extract(src, 'src/typed.ts', {
      isCallIdExpression: (node) => {
        seen.push(node.getText());
        return node.getText() === 'opaque';
      },
    });
    expect(facts.callIdCoercions.map((c) => [c.form, c.expression, c.evidence])).toEqual([
      ['String', 'opaque', 'type'],
      ['template', 'callId', 'name'],
      ['String', 'declared', 'type'],
    ]);
    // Asked once per compiler for each expression syntax could not settle; a declared `…CallId`
    // type is settled by syntax.
    expect(seen).toEqual(['opaque', 'value', 'opaque', 'value']);
  });
});

describe('chains and spellings', () => {
  const src = `export function bridge(props: any, event: any, block: ToolUseBlock, ai: any, raw: any, requestID: string, state: any) {
  const a = String(props.callID ?? event.id);
  const b = raw.callId || raw.id || '';
  const c = block.id ?? '';
  const d = ai.tool_calls[0].id ?? '';
  const e = raw.tool_use_id ?? raw.toolUseId ?? requestID;
  const f = \`\${raw.toolCallId ?? ''}\`;
  const g = raw.call_id ?? raw.callId;
  const h = raw.toolCallId ?? generateId();
  const i = raw.toolCallId ?? undefined;
  state.push(a, b, c, d, e, f, g, h, i);
}
`;

  it('reports each chain once, at the coercion, naming the call ID; another call ID, a fresh ID or undefined are no stand-ins', () => {
    const facts = extract(src, 'src/bridge.ts');
    expect(facts.callIdCoercions.map((c) => [c.form, c.expression, textAt(src, c.span)])).toEqual([
      ['String', 'props.callID', 'String(props.callID ?? event.id)'],
      ['logical-default', 'raw.callId', "raw.callId || raw.id || ''"],
      ['nullish-default', 'block.id', "block.id ?? ''"],
      ['nullish-default', 'ai.tool_calls[0].id', "ai.tool_calls[0].id ?? ''"],
      ['nullish-default', 'raw.tool_use_id', 'raw.tool_use_id ?? raw.toolUseId ?? requestID'],
      ['template', 'raw.toolCallId', "`${raw.toolCallId ?? ''}`"],
    ]);
  });
});

describe('where a coerced call ID flows', () => {
  const src = `declare const logger: { info(o: object): void };
export function flows(item: any, results: Map<string, string>, seen: Set<string>, byId: Record<string, string>, pending: any[], own?: string) {
  const sent = { type: 'function_call_output', call_id: item.call_id ?? '' };
  results.set(item.callId ?? '', 'x');
  seen.add(String(item.toolCallId));
  byId[item.tool_call_id ?? ''] = 'x';
  const match = pending.find((p) => p.callId === (item.toolUseId ?? ''));
  logger.info({ callId: item.callId ?? 'none' });
  const found = results.get(item.call_id ?? '');
  const memo = \`\${item.name}:\${item.callId ?? ''}:\${item.args}\`;
  const guarded = item.toolCallId ?? '';
  if (!guarded) return;
  const copy = item.tool_use_id ?? '';
  const wire = { tool_use_id: copy };
  const status = { status: own ?? 'none' };
  return [sent, match, found, memo, wire, status, guarded];
}
export function keyOf(item: any) {
  return item.callId ?? 'pending';
}
export function ownDefault(name: string, callId?: string) {
  return { callId: callId ?? 'call_1', name };
}
`;

  it('records the flow of each coercion', () => {
    const facts = extract(src, 'src/flows.ts');
    expect(facts.callIdCoercions.map((c) => [textAt(src, c.span), c.flow])).toEqual([
      ["item.call_id ?? ''", { kind: 'sent', property: 'call_id' }],
      ["item.callId ?? ''", { kind: 'key' }],
      ['String(item.toolCallId)', { kind: 'key' }],
      ["item.tool_call_id ?? ''", { kind: 'key' }],
      ["item.toolUseId ?? ''", { kind: 'compared' }],
      ["item.callId ?? 'none'", { kind: 'log' }],
      ["item.call_id ?? ''", { kind: 'lookup' }],
      ["item.callId ?? ''", { kind: 'memo' }],
      ["item.toolCallId ?? ''", { kind: 'guarded' }],
      ["item.tool_use_id ?? ''", { kind: 'sent', property: 'tool_use_id' }],
      ["item.callId ?? 'pending'", { kind: 'returned' }],
      ["callId ?? 'call_1'", { kind: 'own-default' }],
    ]);
  });
});

function textAt(text: string, span: { start: number; end: number }): string {
  return text.slice(span.start, span.end);
}
