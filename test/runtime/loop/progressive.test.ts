// Section 10 A: the live list and progressive tool exposure, driven through ScriptedModel.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  Agent,
  defineTool,
  MiddlewareTermination,
  ScriptedModel,
  wireToolNames,
  type FunctionMiddleware,
  type FunctionTool,
  type ModelRequest,
  type ModelToolCall,
  type RunResult,
} from '../../../src/runtime/index.js';

const call = (callId: string, name: string, args: Record<string, unknown> = {}): ModelToolCall => ({
  call_id: callId,
  name,
  arguments: JSON.stringify(args),
});
const names = (request: ModelRequest | undefined): string[] => wireToolNames(request?.tools ?? []);
const outputOf = (result: RunResult, callId: string): string | undefined => {
  const item = result.items.find((entry) => entry.type === 'function_call_output' && entry.callId === callId);
  return item?.type === 'function_call_output' ? item.output : undefined;
};

/** Fresh tools per test, with execution counters. */
function mathKit() {
  const runs = { factorial: 0, loadMath: 0 };
  const factorial = defineTool({
    name: 'factorial',
    description: 'n!',
    parameters: z.object({ n: z.number().int().min(0) }),
    execute: ({ n }) => {
      runs.factorial += 1;
      let product = 1;
      for (let i = 2; i <= n; i += 1) product *= i;
      return product;
    },
  });
  const loadMath = defineTool({
    name: 'loadMath',
    description: 'Loads the math tools.',
    parameters: { type: 'object', properties: {} },
    execute: (_args, ctx) => {
      runs.loadMath += 1;
      ctx.addTools(factorial);
      return 'math tools loaded';
    },
  });
  return { runs, factorial, loadMath };
}

function simpleTool(name: string, execute: FunctionTool['execute'] = () => `${name} ok`): FunctionTool {
  return defineTool({ name, description: name, parameters: { type: 'object', properties: {} }, execute });
}

beforeEach(() => {
  // The experimental warning is covered in its own file; keep this output quiet.
  vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
  return () => vi.restoreAllMocks();
});

describe('A. live list and progressive exposure', () => {
  it('T-A01 the context exposes the live list', async () => {
    let seen: string[] = [];
    const inspectTools = simpleTool('inspectTools', (_args, ctx) => {
      seen = ctx.tools.map((tool) => tool.name);
      return seen.join(',');
    });
    const model = new ScriptedModel([{ toolCalls: [call('c1', 'inspectTools')] }, { text: 'done' }]);
    const result = await new Agent({ name: 'a', tools: [inspectTools] }).run('go', { model });
    expect(seen).toEqual(['inspectTools']);
    expect(outputOf(result, 'c1')).toBe('inspectTools');
  });

  it('T-A02 an added tool runs on the next iteration', async () => {
    const { runs, loadMath } = mathKit();
    const model = new ScriptedModel([
      { toolCalls: [call('c1', 'loadMath')] },
      { toolCalls: [call('c2', 'factorial', { n: 5 })] },
      { text: 'done' },
    ]);
    const result = await new Agent({ name: 'a', tools: [loadMath], maxIterations: 3 }).run('go', { model });
    expect(runs.factorial).toBe(1);
    expect(outputOf(result, 'c2')).toBe('120');
    expect(result.finalOutput).toBe('done');
    expect(result.stopReason).toBe('completed');
  });

  it('T-A03 the model sees the tool list of each request', async () => {
    const { loadMath } = mathKit();
    const model = new ScriptedModel([
      { toolCalls: [call('c1', 'loadMath')] },
      { toolCalls: [call('c2', 'factorial', { n: 5 })] },
      { text: 'done' },
    ]);
    await new Agent({ name: 'a', tools: [loadMath], maxIterations: 3 }).run('go', { model });
    expect(names(model.requests[0])).toEqual(['loadMath']);
    expect(names(model.requests[1])).toEqual(['loadMath', 'factorial']);
  });

  it('T-A04 a removal is hidden on the next iteration', async () => {
    const getWeather = simpleTool('getWeather', () => 'sunny');
    const dropWeather = simpleTool('dropWeather', (_args, ctx) => {
      ctx.removeTools('getWeather');
      return 'dropped';
    });
    const model = new ScriptedModel([{ toolCalls: [call('c1', 'dropWeather')] }, { text: 'done' }]);
    await new Agent({ name: 'a', tools: [getWeather, dropWeather] }).run('go', { model });
    expect(names(model.requests[0])).toEqual(['getWeather', 'dropWeather']);
    expect(names(model.requests[1])).toEqual(['dropWeather']);
  });

  it("T-A05 the caller's array is never mutated", async () => {
    const { loadMath } = mathKit();
    const configured = [loadMath];
    const agent = new Agent({ name: 'a', tools: configured });
    const model = new ScriptedModel([{ toolCalls: [call('c1', 'loadMath')] }, { text: 'done' }]);
    await agent.run('go', { model });
    expect(configured).toEqual([loadMath]);
    expect(agent.tools).toEqual([loadMath]);
    expect(names(model.requests[1])).toEqual(['loadMath', 'factorial']);
  });

  it('T-A06 additions persist for the rest of the run', async () => {
    const { runs, loadMath } = mathKit();
    const model = new ScriptedModel([
      { toolCalls: [call('c1', 'loadMath')] },
      { toolCalls: [call('c2', 'factorial', { n: 3 })] },
      { toolCalls: [call('c3', 'factorial', { n: 4 })] },
      { text: 'done' },
    ]);
    const result = await new Agent({ name: 'a', tools: [loadMath] }).run('go', { model });
    expect(names(model.requests[1])).toContain('factorial');
    expect(names(model.requests[2])).toContain('factorial');
    expect(names(model.requests[3])).toContain('factorial');
    expect(runs.factorial).toBe(2);
    expect([outputOf(result, 'c2'), outputOf(result, 'c3')]).toEqual(['6', '24']);
  });

  it('T-A07 works with a pass-through middleware installed', async () => {
    const { runs, loadMath } = mathKit();
    const seen: string[] = [];
    const passThrough: FunctionMiddleware = async (ctx, next) => {
      seen.push(ctx.function.name);
      await next();
    };
    const model = new ScriptedModel([
      { toolCalls: [call('c1', 'loadMath')] },
      { toolCalls: [call('c2', 'factorial', { n: 5 })] },
      { text: 'done' },
    ]);
    await new Agent({ name: 'a', tools: [loadMath], middleware: [passThrough] }).run('go', { model });
    expect(runs.factorial).toBe(1);
    expect(seen).toEqual(['loadMath', 'factorial']);
  });

  it('T-A08 a plain function is accepted and runs on the next iteration', async () => {
    let ran = 0;
    function plainFactorial(args: Record<string, unknown>): number {
      ran += 1;
      const n = Number(args['n']);
      return n <= 1 ? 1 : n * (plainFactorial({ n: n - 1 }) as number);
    }
    const loadMath = simpleTool('loadMath', (_args, ctx) => {
      ctx.addTools(plainFactorial);
      return 'loaded';
    });
    const model = new ScriptedModel([
      { toolCalls: [call('c1', 'loadMath')] },
      { toolCalls: [call('c2', 'plainFactorial', { n: 4 })] },
      { text: 'done' },
    ]);
    const result = await new Agent({ name: 'a', tools: [loadMath] }).run('go', { model });
    expect(names(model.requests[1])).toEqual(['loadMath', 'plainFactorial']);
    expect(outputOf(result, 'c2')).toBe('24');
    expect(ran).toBeGreaterThan(0);
  });

  it('T-A10 the live list resets on every run', async () => {
    const updateRecord = simpleTool('updateRecord');
    const getRecord = simpleTool('getRecord', (_args, ctx) => {
      ctx.addTools(updateRecord);
      return 'R1';
    });
    const agent = new Agent({ name: 'a', tools: [getRecord] });
    const model = new ScriptedModel([
      { toolCalls: [call('c1', 'getRecord')] },
      { text: 'run 1 done' },
      { text: 'run 2 done' },
    ]);
    await agent.run('first', { model });
    expect(names(model.requests[1])).toEqual(['getRecord', 'updateRecord']);
    await agent.run('second', { model });
    expect(names(model.requests[2])).toEqual(['getRecord']);
  });

  it('T-A11 the in-flight batch keeps a tool a sibling removes', async () => {
    let weatherRuns = 0;
    const getWeather = simpleTool('getWeather', () => {
      weatherRuns += 1;
      return 'sunny';
    });
    const dropWeather = simpleTool('dropWeather', (_args, ctx) => {
      ctx.removeTools('getWeather');
      return 'dropped';
    });
    const model = new ScriptedModel([
      { toolCalls: [call('c1', 'dropWeather'), call('c2', 'getWeather')] },
      { text: 'done' },
    ]);
    const result = await new Agent({ name: 'a', tools: [dropWeather, getWeather] }).run('go', { model });
    expect(weatherRuns).toBe(1);
    expect(outputOf(result, 'c2')).toBe('sunny');
    expect(names(model.requests[1])).toEqual(['dropWeather']);
  });

  it('T-A12 a tool added in the same batch is not callable in that batch', async () => {
    const { runs, loadMath } = mathKit();
    const model = new ScriptedModel([
      { toolCalls: [call('c1', 'loadMath'), call('c2', 'factorial', { n: 5 })] },
      { text: 'done' },
    ]);
    const result = await new Agent({ name: 'a', tools: [loadMath], terminateOnUnknownCalls: false }).run('go', {
      model,
    });
    expect(outputOf(result, 'c1')).toBe('math tools loaded');
    expect(outputOf(result, 'c2')).toBe('Error: Requested function "factorial" not found.');
    expect(runs.factorial).toBe(0);
    expect(names(model.requests[1])).toContain('factorial');
  });

  it('T-A13 a tool can remove itself', async () => {
    let runs = 0;
    const selfDestruct = simpleTool('selfDestruct', (_args, ctx) => {
      runs += 1;
      ctx.removeTools('selfDestruct');
      return 'boom';
    });
    const keep = simpleTool('keep');
    const model = new ScriptedModel([
      { toolCalls: [call('c1', 'selfDestruct')] },
      { toolCalls: [call('c2', 'selfDestruct')] },
      { text: 'done' },
    ]);
    const result = await new Agent({ name: 'a', tools: [selfDestruct, keep] }).run('go', { model });
    expect(outputOf(result, 'c1')).toBe('boom');
    expect(names(model.requests[1])).toEqual(['keep']);
    expect(outputOf(result, 'c2')).toContain('not found');
    expect(runs).toBe(1);
  });

  it('T-A14 after removing every tool, calls still get a result (decision A-2)', async () => {
    let runs = 0;
    const a = simpleTool('a', (_args, ctx) => {
      runs += 1;
      ctx.removeTools('a');
      return 'a ran';
    });
    const model = new ScriptedModel([
      { toolCalls: [call('c1', 'a')] },
      { toolCalls: [call('c2', 'a')] },
      { text: 'done' },
    ]);
    const result = await new Agent({ name: 'x', tools: [a], toolChoice: 'auto' }).run('go', { model });
    expect(model.requests[0]?.toolChoice).toBe('auto');
    expect(model.requests[1]?.tools).toEqual([]);
    expect(model.requests[1]).not.toHaveProperty('toolChoice');
    // Upstream would hand c2 back unexecuted with no result; here it takes the unknown-tool path.
    expect(outputOf(result, 'c2')).toBe('Error: Requested function "a" not found.');
    expect(runs).toBe(1);
    const callIds = result.items.flatMap((item) => (item.type === 'function_call' ? [item.callId] : []));
    const outputIds = result.items.flatMap((item) => (item.type === 'function_call_output' ? [item.callId] : []));
    expect(outputIds).toEqual(callIds);
    expect(result.finalOutput).toBe('done');
  });

  it('T-A15 middleware can add a tool before next()', async () => {
    let recordRuns = 0;
    const updateRecord = simpleTool('updateRecord');
    const getRecord = simpleTool('getRecord', () => {
      recordRuns += 1;
      return 'R1';
    });
    const exposeUpdate: FunctionMiddleware = async (ctx, next) => {
      if (ctx.function.name === 'getRecord') ctx.addTools(updateRecord);
      await next();
    };
    const model = new ScriptedModel([{ toolCalls: [call('c1', 'getRecord')] }, { text: 'done' }]);
    const result = await new Agent({ name: 'a', tools: [getRecord], middleware: [exposeUpdate] }).run('go', { model });
    expect(recordRuns).toBe(1);
    expect(outputOf(result, 'c1')).toBe('R1');
    expect(names(model.requests[1])).toEqual(['getRecord', 'updateRecord']);
  });

  it('T-A16 a gate can add a tool without calling next()', async () => {
    let unlockRuns = 0;
    const secret = simpleTool('secret');
    const unlock = simpleTool('unlock', () => {
      unlockRuns += 1;
      return 'body ran';
    });
    const gate: FunctionMiddleware = async (ctx, next) => {
      if (ctx.function.name !== 'unlock') return next();
      ctx.addTools(secret);
      ctx.result = 'unlocked';
    };
    const model = new ScriptedModel([{ toolCalls: [call('c1', 'unlock')] }, { text: 'done' }]);
    const result = await new Agent({ name: 'a', tools: [unlock], middleware: [gate] }).run('go', { model });
    expect(unlockRuns).toBe(0);
    expect(outputOf(result, 'c1')).toBe('unlocked');
    expect(names(model.requests[1])).toEqual(['unlock', 'secret']);
  });

  it('T-A17 tools added before a termination are never sent', async () => {
    const extra = simpleTool('extra');
    const stopper: FunctionMiddleware = async (ctx) => {
      ctx.addTools(extra);
      ctx.result = 'stop';
      throw new MiddlewareTermination();
    };
    const model = new ScriptedModel([{ toolCalls: [call('c1', 'first')] }, { text: 'never' }]);
    const result = await new Agent({ name: 'a', tools: [simpleTool('first')], middleware: [stopper] }).run('go', {
      model,
    });
    expect(model.requests).toHaveLength(1);
    expect(model.requests.flatMap((request) => names(request))).not.toContain('extra');
    expect(outputOf(result, 'c1')).toBe('stop');
    expect(result.stopReason).toBe('terminated');
    expect(result.finalOutput).toBeUndefined();
  });

  it('T-A18 parallel additions are all listed next, after the configured tools', async () => {
    const toolA = simpleTool('A');
    const toolB = simpleTool('B');
    const loadA = simpleTool('loadA', (_args, ctx) => {
      ctx.addTools(toolA);
      return 'A loaded';
    });
    const loadB = simpleTool('loadB', (_args, ctx) => {
      ctx.addTools(toolB);
      return 'B loaded';
    });
    const model = new ScriptedModel([{ toolCalls: [call('c1', 'loadA'), call('c2', 'loadB')] }, { text: 'done' }]);
    await new Agent({ name: 'a', tools: [loadA, loadB] }).run('go', { model });
    const second = names(model.requests[1]);
    expect(second.slice(0, 2)).toEqual(['loadA', 'loadB']);
    // Decision A-4: order is execution order, not model order, so only membership is asserted here.
    expect(new Set(second.slice(2))).toEqual(new Set(['A', 'B']));
  });

  it('T-A18b (A-4) additions land in the order the helper calls ran, not model order', async () => {
    const toolA = simpleTool('A');
    const toolB = simpleTool('B');
    // loadA finishes after loadB by construction (it waits for loadB), not by a timer.
    let loadBDone: () => void = () => {};
    const afterLoadB = new Promise<void>((resolve) => (loadBDone = resolve));
    const slowLoadA = simpleTool('loadA', async (_args, ctx) => {
      await afterLoadB;
      ctx.addTools(toolA);
      return 'A loaded';
    });
    const loadB = simpleTool('loadB', (_args, ctx) => {
      ctx.addTools(toolB);
      loadBDone();
      return 'B loaded';
    });
    const model = new ScriptedModel([{ toolCalls: [call('c1', 'loadA'), call('c2', 'loadB')] }, { text: 'done' }]);
    const result = await new Agent({ name: 'a', tools: [slowLoadA, loadB] }).run('go', { model });
    expect(names(model.requests[1])).toEqual(['loadA', 'loadB', 'B', 'A']);
    // Results still keep the model's order.
    const outputs = result.items.flatMap((item) => (item.type === 'function_call_output' ? [item.callId] : []));
    expect(outputs).toEqual(['c1', 'c2']);
  });
});
