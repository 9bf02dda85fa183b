// Section 10 G: approvals (approvalMode 'always_require'), interruptions and resume.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  Agent,
  defineTool,
  noLongerAvailableText,
  REJECTED_BY_USER_TEXT,
  RESUME_REQUIRED_TOOL_CHOICE_WARNING,
  RunStateError,
  ScriptedModel,
  toolNamespace,
  wireToolNames,
  type ApprovalMode,
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
const outputOf = (result: RunResult, callId: string): string | undefined => {
  const item = result.items.find((entry) => entry.type === 'function_call_output' && entry.callId === callId);
  return item?.type === 'function_call_output' ? item.output : undefined;
};

function countingTool(
  name: string,
  options: { approvalMode?: ApprovalMode; deferLoading?: boolean; execute?: FunctionTool['execute'] } = {},
) {
  const counter = { runs: 0 };
  const tool = defineTool({
    name,
    description: name,
    parameters: { type: 'object', properties: {} },
    ...(options.approvalMode === undefined ? {} : { approvalMode: options.approvalMode }),
    ...(options.deferLoading === undefined ? {} : { deferLoading: options.deferLoading }),
    execute: (args, ctx) => {
      counter.runs += 1;
      return options.execute === undefined ? `${name} ran` : options.execute(args, ctx);
    },
  });
  return { tool, counter };
}

const quietLogger = { warn: () => undefined };

beforeEach(() => {
  vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
  return () => vi.restoreAllMocks();
});

describe('G. approvals', () => {
  it('T-G01 a dynamically added approval tool asks for approval instead of running', async () => {
    const { tool: secureTool, counter } = countingTool('secureTool', { approvalMode: 'always_require' });
    const { tool: loadSecure } = countingTool('loadSecure', {
      execute: (_args, ctx) => {
        ctx.addTools(secureTool);
        return 'loaded';
      },
    });
    const model = new ScriptedModel([
      { toolCalls: [call('c1', 'loadSecure')] },
      { toolCalls: [call('c2', 'secureTool', { level: 3 })] },
    ]);
    const result = await new Agent({ name: 'g', tools: [loadSecure] }).run('go', { model });
    expect(counter.runs).toBe(0);
    expect(result.stopReason).toBe('interrupted');
    expect(result.items.at(-1)).toMatchObject({ type: 'function_approval_request', callId: 'c2' });
    expect(result.interruptions).toHaveLength(1);
    expect(result.interruptions[0]).toMatchObject({
      type: 'function_approval_request',
      callId: 'c2',
      toolName: 'secureTool',
      arguments: '{"level":3}',
      approvalKeys: ['secureTool'],
      toolLookupKey: { kind: 'bare', name: 'secureTool' },
      agentName: 'g',
    });
    expect(result.state.resumable).toBe(true);
  });

  it('T-G02 a mixed batch pauses whole; the safe sibling is held, not surfaced, and runs on resume', async () => {
    const factorial = countingTool('factorial').tool;
    const { tool: loadMath, counter: loadCounter } = countingTool('loadMath', {
      execute: (_args, ctx) => {
        ctx.addTools(factorial);
        return 'loaded';
      },
    });
    const { tool: approvalTool, counter: approvalCounter } = countingTool('approvalTool', {
      approvalMode: 'always_require',
    });
    const agent = new Agent({ name: 'g', tools: [loadMath, approvalTool] });
    const model = new ScriptedModel([
      { toolCalls: [call('c1', 'loadMath'), call('c2', 'approvalTool')] },
      { text: 'done' },
    ]);
    const first = await agent.run('go', { model });
    // Upstream without a session surfaces both calls; the RunState acts as the session here.
    expect(first.interruptions.map((item) => item.callId)).toEqual(['c2']);
    expect(loadCounter.runs + approvalCounter.runs).toBe(0);
    expect(first.items.some((item) => item.type === 'function_call_output')).toBe(false);

    const approval = first.interruptions[0];
    if (approval === undefined) throw new Error('expected an interruption');
    first.state.approve(approval);
    const second = await agent.run(first.state, { model });
    expect(loadCounter.runs).toBe(1);
    expect(approvalCounter.runs).toBe(1);
    expect(second.items.flatMap((item) => (item.type === 'function_call_output' ? [item.callId] : []))).toEqual([
      'c1',
      'c2',
    ]);
    expect(wireToolNames(model.requests[1]?.tools ?? [])).toEqual(['loadMath', 'approvalTool', 'factorial']);
    expect(second.finalOutput).toBe('done');
  });

  it('T-G03 (A-3) resuming an approval for a tool added in the interrupted run gives a deterministic error', async () => {
    const { tool: secureTool, counter } = countingTool('secureTool', { approvalMode: 'always_require' });
    const { tool: loadSecure } = countingTool('loadSecure', {
      execute: (_args, ctx) => {
        ctx.addTools(secureTool);
        return 'loaded';
      },
    });
    const agent = new Agent({ name: 'g', tools: [loadSecure] });
    const model = new ScriptedModel([
      { toolCalls: [call('c1', 'loadSecure')] },
      { toolCalls: [call('c2', 'secureTool')] },
      { text: 'understood' },
    ]);
    const first = await agent.run('go', { model });
    const approval = first.interruptions[0];
    if (approval === undefined) throw new Error('expected an interruption');
    first.state.approve(approval);
    const second = await agent.run(first.state, { model });
    expect(counter.runs).toBe(0);
    expect(outputOf(second, 'c2')).toBe(noLongerAvailableText('secureTool'));
    expect(outputOf(second, 'c2')).toBe('Error: Requested function "secureTool" is no longer available.');
    // The call is paired with its result in what the model sees next.
    const messages = model.requests[2]?.messages ?? [];
    expect(messages.at(-1)).toEqual({
      type: 'function_call_output',
      call_id: 'c2',
      output: noLongerAvailableText('secureTool'),
    });
    expect(second.finalOutput).toBe('understood');
  });

  it('an approved call runs on resume and the transcript continues', async () => {
    const { tool: secure, counter } = countingTool('secure', { approvalMode: 'always_require' });
    const agent = new Agent({ name: 'g', instructions: 'Be careful.', tools: [secure] });
    const model = new ScriptedModel([{ toolCalls: [call('c1', 'secure')] }, { text: 'done' }]);
    const first = await agent.run('please', { model });
    const approval = first.interruptions[0];
    if (approval === undefined) throw new Error('expected an interruption');
    first.state.approve(approval);
    const second = await agent.run(first.state, { model });
    expect(counter.runs).toBe(1);
    expect(outputOf(second, 'c1')).toBe('secure ran');
    expect(model.requests[1]?.messages).toEqual([
      { type: 'message', role: 'system', content: 'Be careful.' },
      { type: 'message', role: 'user', content: 'please' },
      { type: 'function_call', call_id: 'c1', name: 'secure', arguments: '{}' },
      { type: 'function_call_output', call_id: 'c1', output: 'secure ran' },
    ]);
    expect(second.iterations).toBe(1);
  });

  it('a rejected call gets the rejection result and never runs', async () => {
    const { tool: secure, counter } = countingTool('secure', { approvalMode: 'always_require' });
    const agent = new Agent({ name: 'g', tools: [secure] });
    const model = new ScriptedModel([{ toolCalls: [call('c1', 'secure')] }, { text: 'ok' }]);
    const first = await agent.run('go', { model });
    const approval = first.interruptions[0];
    if (approval === undefined) throw new Error('expected an interruption');
    first.state.reject(approval);
    const second = await agent.run(first.state, { model });
    expect(counter.runs).toBe(0);
    const output = second.items.find((item) => item.type === 'function_call_output');
    expect(output).toMatchObject({ output: REJECTED_BY_USER_TEXT, status: 'rejected', isError: false });
  });

  it('undecided approvals pause the resume again without running or requesting anything', async () => {
    const { tool: a, counter: aCounter } = countingTool('a', { approvalMode: 'always_require' });
    const { tool: b, counter: bCounter } = countingTool('b', { approvalMode: 'always_require' });
    const agent = new Agent({ name: 'g', tools: [a, b] });
    const model = new ScriptedModel([{ toolCalls: [call('c1', 'a'), call('c2', 'b')] }, { text: 'done' }]);
    const first = await agent.run('go', { model });
    expect(first.interruptions.map((item) => item.callId)).toEqual(['c1', 'c2']);
    const [forA] = first.interruptions;
    if (forA === undefined) throw new Error('expected interruptions');
    first.state.approve(forA);
    const second = await agent.run(first.state, { model });
    expect(second.stopReason).toBe('interrupted');
    expect(second.interruptions.map((item) => item.callId)).toEqual(['c2']);
    expect(aCounter.runs + bCounter.runs).toBe(0);
    expect(model.requests).toHaveLength(1);

    const forB = second.interruptions[0];
    if (forB === undefined) throw new Error('expected an interruption');
    second.state.approve(forB);
    const third = await agent.run(second.state, { model });
    expect([aCounter.runs, bCounter.runs]).toEqual([1, 1]);
    expect(third.finalOutput).toBe('done');
  });

  it('"always approve" covers later calls to the same tool in the resumed run', async () => {
    const { tool: secure, counter } = countingTool('secure', { approvalMode: 'always_require' });
    const agent = new Agent({ name: 'g', tools: [secure] });
    const model = new ScriptedModel([
      { toolCalls: [call('c1', 'secure')] },
      { toolCalls: [call('c2', 'secure')] },
      { text: 'done' },
    ]);
    const first = await agent.run('go', { model });
    const approval = first.interruptions[0];
    if (approval === undefined) throw new Error('expected an interruption');
    first.state.approve(approval, { always: true });
    const second = await agent.run(first.state, { model });
    expect(counter.runs).toBe(2);
    expect(second.interruptions).toEqual([]);
    expect(second.finalOutput).toBe('done');
  });

  it('a per-call approval does not cover a later call with another call id', async () => {
    const { tool: secure, counter } = countingTool('secure', { approvalMode: 'always_require' });
    const agent = new Agent({ name: 'g', tools: [secure] });
    const model = new ScriptedModel([{ toolCalls: [call('c1', 'secure')] }, { toolCalls: [call('c2', 'secure')] }]);
    const first = await agent.run('go', { model });
    const approval = first.interruptions[0];
    if (approval === undefined) throw new Error('expected an interruption');
    first.state.approve(approval);
    const second = await agent.run(first.state, { model });
    expect(counter.runs).toBe(1);
    expect(second.interruptions.map((item) => item.callId)).toEqual(['c2']);
  });

  it('approval keys come from the identity helpers: deferred alias only without a bare namesake', async () => {
    const { tool: deferred } = countingTool('get_weather', { approvalMode: 'always_require', deferLoading: true });
    const deferredCall = call('c1', 'get_weather', {}, 'get_weather');

    const alone = await new Agent({ name: 'g', tools: [deferred] }).run('go', {
      model: new ScriptedModel([{ toolCalls: [deferredCall] }]),
    });
    expect(alone.interruptions[0]).toMatchObject({
      toolName: 'get_weather',
      toolNamespace: 'get_weather',
      toolLookupKey: { kind: 'deferred_top_level', name: 'get_weather' },
      allowBareNameAlias: true,
      approvalKeys: ['get_weather', 'deferred_top_level:get_weather'],
    });

    const { tool: bare } = countingTool('get_weather');
    const shadowed = await new Agent({ name: 'g', tools: [bare, deferred] }).run('go', {
      model: new ScriptedModel([{ toolCalls: [deferredCall] }]),
    });
    expect(shadowed.interruptions[0]).toMatchObject({
      allowBareNameAlias: false,
      approvalKeys: ['deferred_top_level:get_weather'],
    });

    const [namespaced] = toolNamespace({
      name: 'crm',
      description: 'CRM tools',
      tools: [countingTool('lookup', { approvalMode: 'always_require' }).tool],
    });
    const inNamespace = await new Agent({ name: 'g', tools: [namespaced as FunctionTool] }).run('go', {
      model: new ScriptedModel([{ toolCalls: [call('c1', 'lookup', {}, 'crm')] }]),
    });
    expect(inNamespace.interruptions[0]).toMatchObject({ toolNamespace: 'crm', approvalKeys: ['crm.lookup'] });
  });

  it('"always approve" of a deferred tool does not authorise the same-named bare tool', async () => {
    const { tool: deferred, counter: deferredCounter } = countingTool('get_weather', {
      approvalMode: 'always_require',
      deferLoading: true,
    });
    const { tool: bare, counter: bareCounter } = countingTool('get_weather', { approvalMode: 'always_require' });
    const agent = new Agent({ name: 'g', tools: [bare, deferred] });
    const model = new ScriptedModel([
      { toolCalls: [call('c1', 'get_weather', {}, 'get_weather')] },
      { toolCalls: [call('c2', 'get_weather', {}, 'get_weather'), call('c3', 'get_weather')] },
    ]);
    const first = await agent.run('go', { model });
    const approval = first.interruptions[0];
    if (approval === undefined) throw new Error('expected an interruption');
    first.state.approve(approval, { always: true });
    const second = await agent.run(first.state, { model });
    expect(deferredCounter.runs).toBe(1);
    expect(bareCounter.runs).toBe(0);
    // The deferred call c2 is covered by the sticky decision; only the bare call c3 asks.
    expect(second.interruptions.map((item) => [item.callId, item.toolLookupKey.kind])).toEqual([['c3', 'bare']]);
  });

  it('RunState misuse is rejected', async () => {
    const { tool: secure } = countingTool('secure', { approvalMode: 'always_require' });
    const agent = new Agent({ name: 'g', tools: [secure] });
    const model = new ScriptedModel([
      { toolCalls: [call('c1', 'secure')] },
      { toolCalls: [call('c9', 'secure')] },
      { text: 'done' },
    ]);
    const first = await agent.run('go', { model });
    const other = await agent.run('again', { model });
    const foreign = other.interruptions[0];
    const own = first.interruptions[0];
    if (foreign === undefined || own === undefined) throw new Error('expected interruptions');
    expect(() => first.state.approve(foreign)).toThrow(RunStateError);
    first.state.approve(own);
    const resumed = await agent.run(first.state, { model });
    await expect(agent.run(first.state, { model })).rejects.toThrow(RunStateError);
    expect(() => first.state.reject(own)).toThrow(RunStateError);
    expect(resumed.state.resumable).toBe(false);
    await expect(agent.run(resumed.state, { model })).rejects.toThrow(RunStateError);
  });

  it('(A-6) resuming with a required toolChoice logs a warning and forces again', async () => {
    const { tool: secure } = countingTool('secure', { approvalMode: 'always_require' });
    const warnings: string[] = [];
    const agent = new Agent({
      name: 'g',
      tools: [secure],
      toolChoice: 'required',
      logger: { warn: (message) => warnings.push(message) },
    });
    const model = new ScriptedModel([{ toolCalls: [call('c1', 'secure')] }, { text: 'done' }]);
    const first = await agent.run('go', { model });
    const approval = first.interruptions[0];
    if (approval === undefined) throw new Error('expected an interruption');
    first.state.approve(approval);
    const second = await agent.run(first.state, { model });
    expect(second.warnings).toEqual([RESUME_REQUIRED_TOOL_CHOICE_WARNING]);
    expect(warnings).toEqual([RESUME_REQUIRED_TOOL_CHOICE_WARNING]);
    // Resolving the approval is not an iteration, so the resumed run's first request is forced again.
    expect(model.requests.map((request) => request.toolChoice)).toEqual(['required', 'required']);
    expect(first.warnings).toEqual([]);
  });

  it('run data survives the approval resume', async () => {
    const { tool: remember } = countingTool('remember', {
      execute: (_args, ctx) => {
        ctx.runData.set('seen', 'yes');
        return 'noted';
      },
    });
    let recalled: unknown;
    const { tool: secure } = countingTool('secure', {
      approvalMode: 'always_require',
      execute: (_args, ctx) => {
        recalled = ctx.runData.get('seen');
        return 'ok';
      },
    });
    const agent = new Agent({ name: 'g', tools: [remember, secure], logger: quietLogger });
    const model = new ScriptedModel([
      { toolCalls: [call('c1', 'remember')] },
      { toolCalls: [call('c2', 'secure')] },
      { text: 'done' },
    ]);
    const first = await agent.run('go', { model });
    const approval = first.interruptions[0];
    if (approval === undefined) throw new Error('expected an interruption');
    first.state.approve(approval);
    await agent.run(first.state, { model });
    expect(recalled).toBe('yes');
  });
});
