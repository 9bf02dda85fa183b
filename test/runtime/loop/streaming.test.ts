// Streaming parity (T-A09, T-D09) and the streamed run's event flow.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  Agent,
  AgentConfigError,
  defineTool,
  MiddlewareTermination,
  ScriptedModel,
  wireToolNames,
  type ChatModel,
  type FunctionMiddleware,
  type ModelToolCall,
  type RunStreamEvent,
} from '../../../src/runtime/index.js';

const call = (callId: string, name: string, args: Record<string, unknown> = {}, namespace?: string): ModelToolCall => ({
  call_id: callId,
  name,
  arguments: JSON.stringify(args),
  ...(namespace === undefined ? {} : { namespace }),
});

function mathKit() {
  const runs = { factorial: 0 };
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
      ctx.addTools(factorial);
      return 'loaded';
    },
  });
  return { runs, loadMath };
}

async function drain(events: AsyncIterable<RunStreamEvent>): Promise<RunStreamEvent[]> {
  const out: RunStreamEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

beforeEach(() => {
  vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
  return () => vi.restoreAllMocks();
});

describe('streaming', () => {
  it('T-A09 an added tool runs on the next iteration when streaming, too', async () => {
    const { runs, loadMath } = mathKit();
    const model = new ScriptedModel(
      [
        { toolCalls: [call('c1', 'loadMath')] },
        { toolCalls: [call('c2', 'factorial', { n: 5 })] },
        { text: 'the answer is 120' },
      ],
      { streamChunkSize: 3 },
    );
    const run = new Agent({ name: 's', tools: [loadMath], maxIterations: 3 }).runStreamed('go', { model });
    const events = await drain(run);
    const result = await run.result;
    expect(runs.factorial).toBe(1);
    expect(model.requests.map((request) => wireToolNames(request.tools))).toEqual([
      ['loadMath'],
      ['loadMath', 'factorial'],
      ['loadMath', 'factorial'],
    ]);
    expect(result.finalOutput).toBe('the answer is 120');
    const deltas = events.flatMap((event) => (event.type === 'text_delta' ? [event.delta] : []));
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe('the answer is 120');
    expect(events.filter((event) => event.type === 'model_request')).toHaveLength(3);
    expect(events.flatMap((event) => (event.type === 'run_item' ? [event.item] : []))).toEqual(result.items);
  });

  it('T-D09 termination while streaming: one request, the tool never runs', async () => {
    let runs = 0;
    const tool = defineTool({
      name: 't',
      description: 't',
      parameters: { type: 'object', properties: {} },
      execute: () => {
        runs += 1;
        return 'ran';
      },
    });
    const terminate: FunctionMiddleware = async (ctx) => {
      ctx.result = 'terminated by middleware';
      throw new MiddlewareTermination();
    };
    const model = new ScriptedModel([{ toolCalls: [call('c1', 't')] }, { text: 'never' }]);
    const run = new Agent({ name: 's', tools: [tool], middleware: [terminate] }).runStreamed('go', { model });
    const events = await drain(run);
    const result = await run.result;
    expect(runs).toBe(0);
    expect(model.requests).toHaveLength(1);
    expect(result.stopReason).toBe('terminated');
    expect(events.flatMap((event) => (event.type === 'run_item' ? [event.item.type] : []))).toEqual([
      'function_call',
      'function_call_output',
    ]);
  });

  it('call fragments are assembled without touching identity fields', async () => {
    const seen: unknown[] = [];
    const deferred = defineTool({
      name: 'get_weather',
      description: 'Weather.',
      parameters: z.object({ city: z.string() }),
      deferLoading: true,
      execute: ({ city }, ctx) => {
        seen.push(ctx.toolCall);
        return city;
      },
    });
    const model = new ScriptedModel(
      [
        { toolCalls: [call(' id ÄÖ 1 ', 'get_weather', { city: 'Trondheim' }, 'get_weather')] },
        { text: 'ok' },
      ],
      { streamChunkSize: 2 },
    );
    const run = new Agent({ name: 's', tools: [deferred] }).runStreamed('go', { model });
    const result = await run.result;
    expect(seen).toEqual([{ call_id: ' id ÄÖ 1 ', name: 'get_weather', arguments: '{"city":"Trondheim"}' }]);
    const output = result.items.find((item) => item.type === 'function_call_output');
    expect(output).toMatchObject({ callId: ' id ÄÖ 1 ', output: 'Trondheim' });
    const recorded = result.items.find((item) => item.type === 'function_call');
    expect(recorded?.type === 'function_call' && recorded.rawItem.namespace).toBe('get_weather');
  });

  it('events arrive while the run is still working', async () => {
    let release: () => void = () => undefined;
    const blocked = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = defineTool({
      name: 'slow',
      description: 'Waits.',
      parameters: { type: 'object', properties: {} },
      execute: async () => {
        await blocked;
        return 'finally';
      },
    });
    const model = new ScriptedModel([{ toolCalls: [call('c1', 'slow')] }, { text: 'done' }]);
    const run = new Agent({ name: 's', tools: [slow] }).runStreamed('go', { model });
    let settled = false;
    void run.result.then(() => {
      settled = true;
    });
    const iterator = run[Symbol.asyncIterator]();
    const seen: string[] = [];
    while (!seen.includes('function_call')) {
      const next = await iterator.next();
      if (next.done === true) throw new Error('stream ended early');
      seen.push(next.value.type === 'run_item' ? next.value.item.type : next.value.type);
    }
    expect(seen).toEqual(['model_request', 'function_call']);
    expect(settled).toBe(false);
    release();
    const result = await run.result;
    expect(result.finalOutput).toBe('done');
  });

  it('a model without stream() cannot stream; the result and the iterator both fail', async () => {
    const plain: ChatModel = { respond: async () => ({ text: 'hi' }) };
    const run = new Agent({ name: 's' }).runStreamed('go', { model: plain });
    await expect(run.result).rejects.toBeInstanceOf(AgentConfigError);
    await expect(drain(run)).rejects.toBeInstanceOf(AgentConfigError);
  });

  it('approvals interrupt a streamed run just as a plain one', async () => {
    const secure = defineTool({
      name: 'secure',
      description: 'Needs approval.',
      parameters: { type: 'object', properties: {} },
      approvalMode: 'always_require',
      execute: () => 'secret',
    });
    const agent = new Agent({ name: 's', tools: [secure] });
    const model = new ScriptedModel([{ toolCalls: [call('c1', 'secure')] }, { text: 'done' }]);
    const first = await agent.runStreamed('go', { model }).result;
    expect(first.interruptions.map((item) => item.callId)).toEqual(['c1']);
    const approval = first.interruptions[0];
    if (approval === undefined) throw new Error('expected an interruption');
    first.state.approve(approval);
    const second = agent.runStreamed(first.state, { model });
    const events = await drain(second);
    expect((await second.result).finalOutput).toBe('done');
    expect(events.some((event) => event.type === 'run_item' && event.item.type === 'function_call_output')).toBe(true);
  });
});
