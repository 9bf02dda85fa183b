// Section 10 D: function middleware gating, overrides, onion order and termination.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  Agent,
  ARGUMENT_PARSING_FAILED_TEXT,
  createFunctionInvocationContext,
  defineTool,
  executeFunctionMiddleware,
  FUNCTION_FAILED_TEXT,
  MiddlewareTermination,
  ScriptedModel,
  type FunctionMiddleware,
  type FunctionTool,
  type ModelToolCall,
  type RunResult,
} from '../../../src/runtime/index.js';

const call = (callId: string, name: string, args: Record<string, unknown> = {}): ModelToolCall => ({
  call_id: callId,
  name,
  arguments: JSON.stringify(args),
});
const outputItem = (result: RunResult, callId: string) => {
  const item = result.items.find((entry) => entry.type === 'function_call_output' && entry.callId === callId);
  return item?.type === 'function_call_output' ? item : undefined;
};

function countingTool(name: string, value: unknown = `${name} ran`) {
  const counter = { runs: 0 };
  const tool = defineTool({
    name,
    description: name,
    parameters: { type: 'object', properties: {} },
    execute: () => {
      counter.runs += 1;
      return value;
    },
  });
  return { tool, counter };
}

describe('D. middleware gating', () => {
  it('T-D01 no next() means no execution, and the result stays empty', async () => {
    const { tool } = countingTool('t');
    let handlerRuns = 0;
    const ctx = createFunctionInvocationContext({ function: tool });
    const result = await executeFunctionMiddleware([async () => undefined], ctx, async () => {
      handlerRuns += 1;
    });
    expect(handlerRuns).toBe(0);
    expect(result).toBeUndefined();
  });

  it('T-D02 a conditional gate blocks a write and the loop continues', async () => {
    let updates = 0;
    const getRecord = defineTool({
      name: 'getRecord',
      description: 'Fetch a record.',
      parameters: z.object({ recordId: z.string() }),
      execute: ({ recordId }, ctx) => {
        ctx.runData.set('lastFetched', recordId);
        return `record ${recordId}`;
      },
    });
    const updateRecord = defineTool({
      name: 'updateRecord',
      description: 'Update a record.',
      parameters: z.object({ recordId: z.string() }),
      execute: () => {
        updates += 1;
        return 'updated';
      },
    });
    const readBeforeWrite: FunctionMiddleware = async (ctx, next) => {
      if (ctx.function.name !== 'updateRecord' || ctx.arguments['recordId'] === ctx.runData.get('lastFetched')) {
        return next();
      }
      ctx.result = `Error: fetch ${String(ctx.arguments['recordId'])} before updating it.`;
    };
    const model = new ScriptedModel([
      { toolCalls: [call('c1', 'getRecord', { recordId: 'R1' })] },
      { toolCalls: [call('c2', 'updateRecord', { recordId: 'R2' })] },
      { text: 'done' },
    ]);
    const agent = new Agent({ name: 'd', tools: [getRecord, updateRecord], middleware: [readBeforeWrite] });
    const result = await agent.run('go', { model });
    expect(updates).toBe(0);
    expect(outputItem(result, 'c2')?.output).toBe('Error: fetch R2 before updating it.');
    expect(outputItem(result, 'c2')?.isError).toBe(false);
    expect(model.requests).toHaveLength(3);
    expect(result.finalOutput).toBe('done');
  });

  it('T-D03 a gate that sets nothing gives an empty, non-error result', async () => {
    const { tool, counter } = countingTool('t');
    const silentGate: FunctionMiddleware = async () => undefined;
    const model = new ScriptedModel([{ toolCalls: [call('c1', 't')] }, { text: 'done' }]);
    const result = await new Agent({ name: 'd', tools: [tool], middleware: [silentGate] }).run('go', { model });
    expect(counter.runs).toBe(0);
    expect(outputItem(result, 'c1')).toMatchObject({ output: '', isError: false, status: 'completed' });
    expect(outputItem(result, 'c1')).not.toHaveProperty('error');
  });

  it('T-D04 a result set after next() overrides the tool result', async () => {
    const { tool, counter } = countingTool('t', 'real');
    const override: FunctionMiddleware = async (ctx, next) => {
      await next();
      ctx.result = 'X';
    };
    const model = new ScriptedModel([{ toolCalls: [call('c1', 't')] }, { text: 'done' }]);
    const result = await new Agent({ name: 'd', tools: [tool], middleware: [override] }).run('go', { model });
    expect(counter.runs).toBe(1);
    expect(outputItem(result, 'c1')?.output).toBe('X');
  });

  it('T-D05 a result set before next() is overwritten by the tool', async () => {
    const { tool } = countingTool('t', 'real');
    const tooEarly: FunctionMiddleware = async (ctx, next) => {
      ctx.result = 'X';
      await next();
    };
    const model = new ScriptedModel([{ toolCalls: [call('c1', 't')] }, { text: 'done' }]);
    const result = await new Agent({ name: 'd', tools: [tool], middleware: [tooEarly] }).run('go', { model });
    expect(outputItem(result, 'c1')?.output).toBe('real');
  });

  it('T-D06 onion order: first registered is outermost; agent-level wraps run-level', async () => {
    const log: string[] = [];
    const tool = defineTool({
      name: 't',
      description: 't',
      parameters: { type: 'object', properties: {} },
      execute: () => {
        log.push('handler');
        return 'ok';
      },
    });
    const layer =
      (label: string): FunctionMiddleware =>
      async (_ctx, next) => {
        log.push(`${label}_before`);
        await next();
        log.push(`${label}_after`);
      };
    const model = new ScriptedModel([{ toolCalls: [call('c1', 't')] }, { text: 'done' }]);
    const agent = new Agent({ name: 'd', tools: [tool], middleware: [layer('first'), layer('second')] });
    await agent.run('go', { model, middleware: [layer('run')] });
    expect(log).toEqual([
      'first_before',
      'second_before',
      'run_before',
      'handler',
      'run_after',
      'second_after',
      'first_after',
    ]);
  });

  it('T-D07 termination ends the run after the batch, with no further request', async () => {
    const { tool, counter } = countingTool('t');
    const terminate: FunctionMiddleware = async (ctx) => {
      ctx.result = 'terminated by middleware';
      throw new MiddlewareTermination();
    };
    const model = new ScriptedModel([{ toolCalls: [call('c1', 't')] }, { text: 'never' }]);
    const result = await new Agent({ name: 'd', tools: [tool], middleware: [terminate] }).run('go', { model });
    expect(model.requests).toHaveLength(1);
    expect(counter.runs).toBe(0);
    expect(result.items.map((item) => item.type)).toEqual(['function_call', 'function_call_output']);
    expect(outputItem(result, 'c1')).toMatchObject({ output: 'terminated by middleware', status: 'terminated' });
    expect(result.stopReason).toBe('terminated');
    expect(result.finalOutput).toBeUndefined();
  });

  it('T-D08 termination in a parallel batch: siblings finish, results keep model order', async () => {
    const { tool: stop } = countingTool('stop');
    const { tool: work, counter: workCounter } = countingTool('work', 'worked');
    const terminateOnStop: FunctionMiddleware = async (ctx, next) => {
      if (ctx.function.name !== 'stop') return next();
      throw new MiddlewareTermination('stop requested', { result: 'stopped' });
    };
    const model = new ScriptedModel([{ toolCalls: [call('c1', 'stop'), call('c2', 'work')] }, { text: 'never' }]);
    const result = await new Agent({ name: 'd', tools: [stop, work], middleware: [terminateOnStop] }).run('go', {
      model,
    });
    expect(workCounter.runs).toBe(1);
    const outputs = result.items.flatMap((item) =>
      item.type === 'function_call_output' ? [[item.callId, item.output]] : [],
    );
    expect(outputs).toEqual([
      ['c1', 'stopped'],
      ['c2', 'worked'],
    ]);
    expect(model.requests).toHaveLength(1);
  });

  it('T-D10 termination before next() skips the handler; after next() keeps its result', async () => {
    const { tool: early, counter: earlyCounter } = countingTool('early', 'early result');
    const { tool: late, counter: lateCounter } = countingTool('late', 'late result');
    const terminate: FunctionMiddleware = async (ctx, next) => {
      if (ctx.function.name === 'late') await next();
      throw new MiddlewareTermination();
    };
    const runOne = async (tool: FunctionTool) => {
      const model = new ScriptedModel([{ toolCalls: [call('c1', tool.name)] }, { text: 'never' }]);
      return new Agent({ name: 'd', tools: [tool], middleware: [terminate] }).run('go', { model });
    };
    const before = await runOne(early);
    expect(earlyCounter.runs).toBe(0);
    expect(outputItem(before, 'c1')?.output).toBe('');
    const after = await runOne(late);
    expect(lateCounter.runs).toBe(1);
    expect(outputItem(after, 'c1')?.output).toBe('late result');
    expect(after.stopReason).toBe('terminated');
  });

  it('T-D11 a middleware exception becomes an error result and counts as an error', async () => {
    const { tool } = countingTool('t');
    const broken: FunctionMiddleware = async () => {
      throw new Error('middleware bug');
    };
    const model = new ScriptedModel([{ toolCalls: [call('c1', 't')] }, { text: 'unused' }]);
    const agent = new Agent({ name: 'd', tools: [tool], middleware: [broken], maxConsecutiveErrorsPerRequest: 1 });
    const result = await agent.run('go', { model });
    expect(outputItem(result, 'c1')).toMatchObject({ output: FUNCTION_FAILED_TEXT, isError: true, status: 'failed' });
    expect(model.requests).toHaveLength(2);
    expect(model.requests[1]?.toolChoice).toBe('none');
  });

  it('T-D11b detailed errors append the exception message', async () => {
    const { tool } = countingTool('t');
    const broken: FunctionMiddleware = async () => {
      throw new Error('middleware bug');
    };
    const model = new ScriptedModel([{ toolCalls: [call('c1', 't')] }, { text: 'done' }]);
    const agent = new Agent({ name: 'd', tools: [tool], middleware: [broken], includeDetailedErrors: true });
    const result = await agent.run('go', { model });
    expect(outputItem(result, 'c1')?.output).toBe(`${FUNCTION_FAILED_TEXT} Exception: middleware bug`);
  });

  it('T-D12 approval is decided before middleware runs', async () => {
    let middlewareCalls = 0;
    const secure = defineTool({
      name: 'secure',
      description: 'Needs approval.',
      parameters: { type: 'object', properties: {} },
      approvalMode: 'always_require',
      execute: () => 'secret',
    });
    const spy: FunctionMiddleware = async (_ctx, next) => {
      middlewareCalls += 1;
      await next();
    };
    const model = new ScriptedModel([{ toolCalls: [call('c1', 'secure')] }]);
    const result = await new Agent({ name: 'd', tools: [secure], middleware: [spy] }).run('go', { model });
    expect(middlewareCalls).toBe(0);
    expect(result.interruptions.map((item) => item.callId)).toEqual(['c1']);
    expect(result.stopReason).toBe('interrupted');
  });

  it('middleware may rewrite arguments; the tool re-validates them', async () => {
    const seen: number[] = [];
    const double = defineTool({
      name: 'double',
      description: 'Doubles n.',
      parameters: z.object({ n: z.number() }),
      execute: ({ n }) => {
        seen.push(n);
        return n * 2;
      },
    });
    const rewrite: FunctionMiddleware = async (ctx, next) => {
      ctx.arguments = { n: ctx.arguments['n'] === 1 ? 10 : 'not a number' };
      await next();
    };
    const model = new ScriptedModel([
      { toolCalls: [call('c1', 'double', { n: 1 }), call('c2', 'double', { n: 2 })] },
      { text: 'done' },
    ]);
    const result = await new Agent({ name: 'd', tools: [double], middleware: [rewrite] }).run('go', { model });
    expect(seen).toEqual([10]);
    expect(outputItem(result, 'c1')?.output).toBe('20');
    expect(outputItem(result, 'c2')?.output).toBe(ARGUMENT_PARSING_FAILED_TEXT);
  });
});
