// Section 10 F: iteration budget, call and error limits, unknown-call termination, config validation.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  Agent,
  AgentConfigError,
  defineTool,
  LIMIT_FALLBACK_TEXT,
  SCRIPTED_NONE_TEXT,
  ScriptedModel,
  UnknownToolError,
  wireToolNames,
  type FunctionTool,
  type ModelToolCall,
  type RunResult,
} from '../../../src/runtime/index.js';

const call = (callId: string, name: string, args: Record<string, unknown> = {}): ModelToolCall => ({
  call_id: callId,
  name,
  arguments: JSON.stringify(args),
});

function countingTool(name: string, execute?: FunctionTool['execute']) {
  const counter = { runs: 0 };
  const tool = defineTool({
    name,
    description: name,
    parameters: { type: 'object', properties: {} },
    execute: (args, ctx) => {
      counter.runs += 1;
      return execute === undefined ? `${name} ran` : execute(args, ctx);
    },
  });
  return { tool, counter };
}

const pairedCallIds = (result: RunResult) => ({
  calls: result.items.flatMap((item) => (item.type === 'function_call' ? [item.callId] : [])),
  outputs: result.items.flatMap((item) => (item.type === 'function_call_output' ? [item.callId] : [])),
});

beforeEach(() => {
  vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
  return () => vi.restoreAllMocks();
});

describe('F. limits', () => {
  it('T-F01 maxIterations 1 with a loader: the added tool is listed but never callable', async () => {
    const { tool: factorial, counter: factorialCounter } = countingTool('factorial');
    const { tool: loadMath, counter: loadCounter } = countingTool('loadMath', (_args, ctx) => {
      ctx.addTools(factorial);
      return 'loaded';
    });
    const model = new ScriptedModel([
      { toolCalls: [call('c1', 'loadMath')] },
      { toolCalls: [call('c2', 'factorial', { n: 3 })] },
    ]);
    const result = await new Agent({ name: 'f', tools: [loadMath], maxIterations: 1 }).run('go', { model });
    expect(loadCounter.runs).toBe(1);
    expect(factorialCounter.runs).toBe(0);
    expect(model.requests).toHaveLength(2);
    expect(model.requests[1]?.toolChoice).toBe('none');
    expect(wireToolNames(model.requests[1]?.tools ?? [])).toEqual(['loadMath', 'factorial']);
    expect(result.finalOutput).toBe(SCRIPTED_NONE_TEXT);
    expect(result.stopReason).toBe('limit');
    expect(result.iterations).toBe(2);
  });

  it('T-F02 no orphan calls at the limit: calls in the final response are dropped', async () => {
    const { tool, counter } = countingTool('t');
    const model = new ScriptedModel(
      [
        { toolCalls: [call('c1', 't')] },
        { text: 'final words', toolCalls: [call('c2', 't')] },
      ],
      { honorNone: false },
    );
    const result = await new Agent({ name: 'f', tools: [tool], maxIterations: 1 }).run('go', { model });
    expect(counter.runs).toBe(1);
    const { calls, outputs } = pairedCallIds(result);
    expect(calls).toEqual(['c1']);
    expect(outputs).toEqual(['c1']);
    expect(result.finalOutput).toBe('final words');
  });

  it('T-F03 a blank final response after the limit gets the fallback text', async () => {
    const { tool } = countingTool('t');
    const model = new ScriptedModel([{ toolCalls: [call('c1', 't')] }, { text: '  ', toolCalls: [call('c2', 't')] }], {
      honorNone: false,
    });
    const result = await new Agent({ name: 'f', tools: [tool], maxIterations: 1 }).run('go', { model });
    expect(result.finalOutput).toBe(LIMIT_FALLBACK_TEXT);
    const last = result.items.at(-1);
    expect(last).toMatchObject({ type: 'message', text: LIMIT_FALLBACK_TEXT });
  });

  it('T-F04 configuration validation', () => {
    const bad = [
      { maxIterations: 0 },
      { maxIterations: -1 },
      { maxIterations: 1.5 },
      { maxFunctionCalls: 0 },
      { maxConsecutiveErrorsPerRequest: 0 },
    ];
    for (const options of bad) {
      expect(() => new Agent({ name: 'f', ...options }), JSON.stringify(options)).toThrow(AgentConfigError);
    }
    expect(() => new Agent({ name: 'f', maxIterations: 1, maxFunctionCalls: 1 })).not.toThrow();
    expect(new Agent({ name: 'f' }).maxIterations).toBe(40);
  });

  it('T-F05 terminateOnUnknownCalls throws before any call of the batch runs', async () => {
    const { tool, counter } = countingTool('known');
    const model = new ScriptedModel([{ toolCalls: [call('c1', 'known'), call('c2', 'x')] }]);
    const run = new Agent({ name: 'f', tools: [tool], terminateOnUnknownCalls: true }).run('go', { model });
    await expect(run).rejects.toBeInstanceOf(UnknownToolError);
    await expect(run).rejects.toThrow('Requested function "x" not found');
    expect(counter.runs).toBe(0);
  });

  it('T-F05b approvals are classified before unknown calls: the batch pauses instead of throwing', async () => {
    const secure = defineTool({
      name: 'secure',
      description: 'Needs approval.',
      parameters: { type: 'object', properties: {} },
      approvalMode: 'always_require',
      execute: () => 'secret',
    });
    const model = new ScriptedModel([{ toolCalls: [call('c1', 'secure'), call('c2', 'x')] }]);
    const result = await new Agent({ name: 'f', tools: [secure], terminateOnUnknownCalls: true }).run('go', { model });
    expect(result.stopReason).toBe('interrupted');
    expect(result.interruptions.map((item) => item.callId)).toEqual(['c1']);
  });

  it('the default budget is 40 iterations, then one final "none" request', async () => {
    const { tool, counter } = countingTool('again');
    let next = 0;
    const model = new ScriptedModel(() => ({ toolCalls: [call(`c${(next += 1)}`, 'again')] }));
    const result = await new Agent({ name: 'f', tools: [tool] }).run('go', { model });
    expect(counter.runs).toBe(40);
    expect(model.requests).toHaveLength(41);
    expect(model.requests[40]?.toolChoice).toBe('none');
    expect(result.finalOutput).toBe(SCRIPTED_NONE_TEXT);
  });

  it('three failing batches in a row (the default) force "none"; a success resets the count', async () => {
    let fail = true;
    const { tool } = countingTool('flaky', () => {
      if (fail) throw new Error('flaky');
      return 'fine';
    });
    const script = [
      { toolCalls: [call('c1', 'flaky')] },
      { toolCalls: [call('c2', 'flaky')] },
      { toolCalls: [call('c3', 'flaky')] },
    ];
    const model = new ScriptedModel(script);
    await new Agent({ name: 'f', tools: [tool] }).run('go', { model });
    expect(model.requests.map((request) => request.toolChoice)).toEqual([undefined, undefined, undefined, 'none']);

    let count = 0;
    const resetting = new ScriptedModel((_request, index) => {
      fail = index !== 1;
      count = index;
      return index < 5 ? { toolCalls: [call(`r${index}`, 'flaky')] } : { text: 'done' };
    });
    const result = await new Agent({ name: 'f', tools: [tool] }).run('go', { model: resetting });
    // fail, success (reset), fail, fail, fail → 'none' on the 6th request.
    expect(resetting.requests.map((request) => request.toolChoice)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      'none',
    ]);
    expect(count).toBe(4);
    expect(result.stopReason).toBe('limit');
  });

  it('maxFunctionCalls counts executions across the batch, which may overshoot', async () => {
    const { tool, counter } = countingTool('t');
    const model = new ScriptedModel([{ toolCalls: [call('c1', 't'), call('c2', 't'), call('c3', 't')] }]);
    const result = await new Agent({ name: 'f', tools: [tool], maxFunctionCalls: 2 }).run('go', { model });
    expect(counter.runs).toBe(3);
    expect(model.requests[1]?.toolChoice).toBe('none');
    expect(result.finalOutput).toBe(SCRIPTED_NONE_TEXT);
  });
});
