// Dispatch by tool identity: namespaces, deferred tools, collision policy, handoffs and call ids.
import { describe, expect, it } from 'vitest';
import {
  Agent,
  defineTool,
  handoff,
  MISSING_CALL_ID_TEXT,
  ScriptedModel,
  ToolIdentityError,
  toolNamespace,
  wireToolNames,
  type FunctionTool,
  type ModelToolCall,
  type RunResult,
} from '../../../src/runtime/index.js';

const call = (callId: string, name: string, args: Record<string, unknown> = {}, namespace?: string): ModelToolCall => ({
  call_id: callId,
  name,
  arguments: JSON.stringify(args),
  ...(namespace === undefined ? {} : { namespace }),
});
const outputOf = (result: RunResult, callId: unknown): string | undefined => {
  const item = result.items.find((entry) => entry.type === 'function_call_output' && entry.callId === callId);
  return item?.type === 'function_call_output' ? item.output : undefined;
};

function labelled(name: string, label: string, log: string[], deferLoading = false): FunctionTool {
  return defineTool({
    name,
    description: `${label} ${name}`,
    parameters: { type: 'object', properties: {} },
    ...(deferLoading ? { deferLoading: true } : {}),
    execute: (_args, ctx) => {
      log.push(label);
      return { label, call: ctx.toolCall };
    },
  });
}

const collect = () => {
  const warnings: string[] = [];
  return { warnings, logger: { warn: (message: string) => warnings.push(message) } };
};

describe('identity dispatch', () => {
  it('a namespaced call reaches the tool of that namespace; the wire groups namespaces', async () => {
    const log: string[] = [];
    const crm = toolNamespace({
      name: 'crm',
      description: 'CRM tools',
      tools: [labelled('lookup', 'crm', log), labelled('update', 'crm-update', log)],
    });
    const billing = toolNamespace({ name: 'billing', description: 'Billing tools', tools: [labelled('lookup', 'billing', log)] });
    const search = labelled('search', 'search', log);
    const [crmLookup, crmUpdate] = crm;
    if (crmLookup === undefined || crmUpdate === undefined) throw new Error('namespace tools missing');
    // Interleaved on purpose: a namespace is grouped at the position of its first member.
    const agent = new Agent({ name: 'i', tools: [crmLookup, search, ...billing, crmUpdate] });
    const model = new ScriptedModel([{ toolCalls: [call('c1', 'lookup', {}, 'billing')] }, { text: 'done' }]);
    const result = await agent.run('go', { model });
    expect(log).toEqual(['billing']);
    expect(outputOf(result, 'c1')).toContain('"label":"billing"');
    const tools = model.requests[0]?.tools ?? [];
    expect(tools.map((tool) => [tool.type, tool.name])).toEqual([
      ['namespace', 'crm'],
      ['function', 'search'],
      ['namespace', 'billing'],
    ]);
    expect(tools[0]).toMatchObject({ description: 'CRM tools', tools: [{ name: 'lookup' }, { name: 'update' }] });
    expect(wireToolNames(tools)).toEqual(['crm.lookup', 'crm.update', 'search', 'billing.lookup']);
  });

  it('a deferred call (namespace == name) reaches the deferred tool, which sees no namespace', async () => {
    const log: string[] = [];
    const deferred = labelled('get_weather', 'deferred', log, true);
    const model = new ScriptedModel([
      { toolCalls: [call('c1', 'get_weather', { city: 'Oslo' }, 'get_weather')] },
      { text: 'done' },
    ]);
    const result = await new Agent({ name: 'i', tools: [deferred] }).run('go', { model });
    expect(log).toEqual(['deferred']);
    const seen = JSON.parse(outputOf(result, 'c1') ?? '{}') as { call: Record<string, unknown> };
    expect(seen.call).toEqual({ call_id: 'c1', name: 'get_weather', arguments: '{"city":"Oslo"}' });
    expect(seen.call).not.toHaveProperty('namespace');
    // The run keeps the raw call, synthetic namespace included.
    const item = result.items.find((entry) => entry.type === 'function_call');
    expect(item?.type === 'function_call' && item.rawItem.namespace).toBe('get_weather');
    expect(model.requests[1]?.messages).toContainEqual({
      type: 'function_call',
      call_id: 'c1',
      name: 'get_weather',
      namespace: 'get_weather',
      arguments: '{"city":"Oslo"}',
    });
    expect(model.requests[0]?.tools).toEqual([
      {
        type: 'function',
        name: 'get_weather',
        description: 'deferred get_weather',
        parameters: { type: 'object', properties: {} },
        deferLoading: true,
      },
    ]);
  });

  it('dispatch uses the exact lookup key: bare, namespaced and deferred never cross', async () => {
    const log: string[] = [];
    const [crmLookup] = toolNamespace({ name: 'crm', description: 'CRM', tools: [labelled('lookup', 'crm', log)] });
    const deferred = labelled('forecast', 'deferred', log, true);
    const bareSearch = labelled('search', 'search', log);
    const agent = new Agent({ name: 'i', tools: [crmLookup as FunctionTool, deferred, bareSearch] });
    const model = new ScriptedModel([
      {
        toolCalls: [
          call('c1', 'lookup'), // bare call, only a namespaced tool exists
          call('c2', 'forecast'), // bare call, only a deferred tool exists
          call('c3', 'search', {}, 'crm'), // namespaced call, only a bare tool exists
          call('c4', 'crm.lookup'), // flattened name: no JS-style fallback
        ],
      },
      { text: 'done' },
    ]);
    const result = await agent.run('go', { model });
    expect(log).toEqual([]);
    expect(outputOf(result, 'c1')).toBe('Error: Requested function "lookup" not found.');
    expect(outputOf(result, 'c2')).toBe('Error: Requested function "forecast" not found.');
    expect(outputOf(result, 'c3')).toBe('Error: Requested function "crm.search" not found.');
    expect(outputOf(result, 'c4')).toBe('Error: Requested function "crm.lookup" not found.');
  });

  it("collision policy 'warn' (default) exposes and dispatches the last tool, warning once per run", async () => {
    const log: string[] = [];
    const first = labelled('dup', 'first', log);
    const last = labelled('dup', 'last', log);
    const { warnings, logger } = collect();
    const model = new ScriptedModel([
      { toolCalls: [call('c1', 'dup')] },
      { toolCalls: [call('c2', 'dup')] },
      { text: 'done' },
    ]);
    const result = await new Agent({ name: 'i', tools: [first, last], logger }).run('go', { model });
    expect(log).toEqual(['last', 'last']);
    expect(model.requests[0]?.tools).toEqual([
      { type: 'function', name: 'dup', description: 'last dup', parameters: { type: 'object', properties: {} } },
    ]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('`dup`');
    expect(result.warnings).toEqual(warnings);
  });

  it("collision policy 'error' throws before the first request", async () => {
    const log: string[] = [];
    const model = new ScriptedModel([{ text: 'never' }]);
    const agent = new Agent({
      name: 'i',
      tools: [labelled('dup', 'first', log), labelled('dup', 'last', log)],
      toolNameCollisionPolicy: 'error',
    });
    await expect(agent.run('go', { model })).rejects.toBeInstanceOf(ToolIdentityError);
    await expect(agent.run('go', { model })).rejects.toThrow(/dup/);
    expect(model.requests).toHaveLength(0);
  });

  it('an invalid policy is rejected at construction', () => {
    expect(
      () => new Agent({ name: 'i', toolNameCollisionPolicy: 'ignore' as unknown as 'warn' }),
    ).toThrow(/toolNameCollisionPolicy|tool_name_collision_policy|warn/);
  });

  it('ambiguous namespaced duplicates fail under every policy', async () => {
    const log: string[] = [];
    const [one] = toolNamespace({ name: 'crm', description: 'CRM', tools: [labelled('lookup', 'one', log)] });
    const [two] = toolNamespace({ name: 'crm', description: 'CRM', tools: [labelled('lookup', 'two', log)] });
    const model = new ScriptedModel([{ text: 'never' }]);
    const agent = new Agent({ name: 'i', tools: [one as FunctionTool, two as FunctionTool] });
    await expect(agent.run('go', { model })).rejects.toBeInstanceOf(ToolIdentityError);
    expect(model.requests).toHaveLength(0);
  });

  it('a handoff moves the run to its agent: tools, instructions and lastAgent change', async () => {
    const log: string[] = [];
    const billing = new Agent({ name: 'Billing', instructions: 'You handle billing.', tools: [labelled('refund', 'refund', log)] });
    const triage = new Agent({
      name: 'Triage',
      instructions: 'Route the user.',
      tools: [labelled('faq', 'faq', log)],
      handoffs: [billing],
    });
    const model = new ScriptedModel([
      { toolCalls: [call('h1', 'transfer_to_billing')] },
      { toolCalls: [call('c2', 'refund')] },
      { text: 'refunded' },
    ]);
    const result = await triage.run('I want my money back', { model });
    expect(wireToolNames(model.requests[0]?.tools ?? [])).toEqual(['faq', 'transfer_to_billing']);
    expect(wireToolNames(model.requests[1]?.tools ?? [])).toEqual(['refund']);
    expect(model.requests[1]?.messages[0]).toEqual({ type: 'message', role: 'system', content: 'You handle billing.' });
    expect(result.items).toContainEqual({ type: 'handoff', agentName: 'Triage', callId: 'h1', targetAgentName: 'Billing' });
    expect(outputOf(result, 'h1')).toBe('{"assistant":"Billing"}');
    expect(log).toEqual(['refund']);
    expect(result.lastAgent).toBe(billing);
  });

  it('a handoff beats a same-named tool under warn, and only bare calls reach it', async () => {
    const log: string[] = [];
    const billing = new Agent({ name: 'Billing', tools: [] });
    const clash = labelled('transfer_to_billing', 'tool', log);
    const { warnings, logger } = collect();
    const triage = new Agent({ name: 'Triage', tools: [clash], handoffs: [handoff(billing)], logger });
    const model = new ScriptedModel([
      { toolCalls: [call('n1', 'transfer_to_billing', {}, 'ops'), call('h1', 'transfer_to_billing')] },
      { text: 'done' },
    ]);
    const result = await triage.run('go', { model });
    expect(wireToolNames(model.requests[0]?.tools ?? [])).toEqual(['transfer_to_billing']);
    expect(model.requests[0]?.tools[0]?.description).toContain('Billing');
    expect(warnings).toHaveLength(1);
    expect(log).toEqual([]);
    expect(outputOf(result, 'n1')).toBe('Error: Requested function "ops.transfer_to_billing" not found.');
    expect(result.lastAgent).toBe(billing);

    const strict = new Agent({ name: 'Triage', tools: [clash], handoffs: [billing], toolNameCollisionPolicy: 'error' });
    await expect(strict.run('go', { model: new ScriptedModel([]) })).rejects.toBeInstanceOf(ToolIdentityError);
  });

  it('call ids are kept exactly as sent, in items, results and the transcript', async () => {
    const log: string[] = [];
    const echo = labelled('echo', 'echo', log);
    const ids = ['call_ÄÖ 1', ' padded ', '0', 'CALL-id.with:odd/chars'];
    const calls = ids.map((id) => ({ ...call(id, 'echo'), id: `fc_${ids.indexOf(id)}` }));
    const model = new ScriptedModel([{ toolCalls: calls }, { text: 'done' }]);
    const result = await new Agent({ name: 'i', tools: [echo] }).run('go', { model });
    expect(log).toHaveLength(4);
    expect(result.items.flatMap((item) => (item.type === 'function_call' ? [item.callId] : []))).toEqual(ids);
    expect(result.items.flatMap((item) => (item.type === 'function_call_output' ? [item.callId] : []))).toEqual(ids);
    const echoed = ids.map((id) => (JSON.parse(outputOf(result, id) ?? '{}') as { call: { call_id: unknown } }).call.call_id);
    expect(echoed).toEqual(ids);
    const transcriptIds = (model.requests[1]?.messages ?? []).flatMap((message) => {
      const record = message as { type?: string; call_id?: unknown };
      return record.type === 'function_call_output' ? [record.call_id] : [];
    });
    expect(transcriptIds).toEqual(ids);
    const firstCall = result.items.find((item) => item.type === 'function_call');
    expect(firstCall?.type === 'function_call' && firstCall.rawItem.id).toBe('fc_0');
  });

  it('a call without a non-empty string call id gets an error result and never runs', async () => {
    const log: string[] = [];
    const echo = labelled('echo', 'echo', log);
    const numeric = { name: 'echo', arguments: '{}', call_id: 123 } as unknown as ModelToolCall;
    const missing = { name: 'echo', arguments: '{}', id: 'fc_9' } as unknown as ModelToolCall;
    const empty = call('', 'echo');
    const model = new ScriptedModel([{ toolCalls: [numeric, missing, empty] }, { text: 'done' }]);
    const result = await new Agent({ name: 'i', tools: [echo] }).run('go', { model });
    expect(log).toEqual([]);
    const outputs = result.items.flatMap((item) => (item.type === 'function_call_output' ? [item] : []));
    expect(outputs.map((item) => item.output)).toEqual([MISSING_CALL_ID_TEXT, MISSING_CALL_ID_TEXT, MISSING_CALL_ID_TEXT]);
    // Never coerced: the number stays a number, the absent id stays absent, '' stays ''.
    expect(outputs.map((item) => item.callId)).toEqual([123, undefined, '']);
    expect(outputs.every((item) => item.status === 'invalid_call_id' && item.isError)).toBe(true);
  });
});
