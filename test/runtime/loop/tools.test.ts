// defineTool, argument validation, result conversion and ScriptedModel recording.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  Agent,
  AgentConfigError,
  ARGUMENT_PARSING_FAILED_TEXT,
  defineTool,
  FUNCTION_FAILED_TEXT,
  invokeTool,
  ScriptedModel,
  ToolIdentityError,
  type FunctionInvocationContext,
  type FunctionTool,
  type JsonSchema,
  type ModelRequest,
  type ModelToolCall,
  type RunResult,
} from '../../../src/runtime/index.js';

const call = (callId: string, name: string, args: string): ModelToolCall => ({ call_id: callId, name, arguments: args });
const outputOf = (result: RunResult, callId: string): string | undefined => {
  const item = result.items.find((entry) => entry.type === 'function_call_output' && entry.callId === callId);
  return item?.type === 'function_call_output' ? item.output : undefined;
};

beforeEach(() => {
  vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
  return () => vi.restoreAllMocks();
});

async function runCalls(tool: FunctionTool, calls: ModelToolCall[]): Promise<RunResult> {
  const model = new ScriptedModel([{ toolCalls: calls }, { text: 'done' }]);
  return new Agent({ name: 't', tools: [tool] }).run('go', { model });
}

describe('defineTool and arguments', () => {
  it('a zod schema is sent as JSON schema and validates arguments (output type reaches execute)', async () => {
    const received: unknown[] = [];
    const tool = defineTool({
      name: 'greet',
      description: 'Greets.',
      parameters: z.object({ name: z.string(), times: z.number().int().default(1) }),
      execute: (args) => {
        received.push(args);
        return `${args.name} x${args.times}`;
      },
    });
    expect(tool.parameters).not.toHaveProperty('$schema');
    expect(tool.parameters).toMatchObject({ type: 'object', properties: { name: { type: 'string' } }, required: ['name'] });
    const result = await runCalls(tool, [
      call('c1', 'greet', '{"name":"Ada"}'),
      call('c2', 'greet', '{"name":42}'),
      call('c3', 'greet', '{not json'),
      call('c4', 'greet', '[1,2]'),
    ]);
    expect(outputOf(result, 'c1')).toBe('Ada x1');
    expect(received).toEqual([{ name: 'Ada', times: 1 }]);
    for (const id of ['c2', 'c3', 'c4']) expect(outputOf(result, id)).toBe(ARGUMENT_PARSING_FAILED_TEXT);
  });

  it('a JSON schema gets the small built-in check: required, top-level types, additionalProperties', async () => {
    const tool = defineTool<{ city: string; days?: number }>({
      name: 'forecast',
      description: 'Forecast.',
      parameters: {
        type: 'object',
        properties: { city: { type: 'string' }, days: { type: 'integer' } },
        required: ['city'],
        additionalProperties: false,
      },
      execute: ({ city, days }) => `${city}:${days ?? 1}`,
    });
    const result = await runCalls(tool, [
      call('ok', 'forecast', '{"city":"Oslo","days":3}'),
      call('empty', 'forecast', ''),
      call('type', 'forecast', '{"city":"Oslo","days":1.5}'),
      call('extra', 'forecast', '{"city":"Oslo","hours":2}'),
    ]);
    expect(outputOf(result, 'ok')).toBe('Oslo:3');
    for (const id of ['empty', 'type', 'extra']) expect(outputOf(result, id)).toBe(ARGUMENT_PARSING_FAILED_TEXT);
  });

  it('results become text: strings as is, objects as JSON, nothing as empty, errors as failures', async () => {
    const values: Record<string, unknown> = { s: 'text', o: { a: 1 }, u: undefined, n: 7, b: 10n };
    const tool = defineTool({
      name: 'value',
      description: 'Returns a value.',
      parameters: z.object({ key: z.string() }),
      execute: async ({ key }) => {
        if (key === 'throw') throw new Error('boom');
        return values[key];
      },
    });
    const keys = ['s', 'o', 'u', 'n', 'b', 'throw'];
    const result = await runCalls(
      tool,
      keys.map((key) => call(key, 'value', JSON.stringify({ key }))),
    );
    expect(keys.map((key) => outputOf(result, key))).toEqual(['text', '{"a":1}', '', '7', '10', FUNCTION_FAILED_TEXT]);
  });

  it('defineTool rejects malformed definitions', () => {
    const base = { description: 'd', parameters: { type: 'object' }, execute: () => 'x' };
    expect(() => defineTool({ ...base, name: '' })).toThrow(AgentConfigError);
    expect(() => defineTool({ ...base, name: 't', approvalMode: 'sometimes' as 'always_require' })).toThrow(
      AgentConfigError,
    );
    expect(() => defineTool({ ...base, name: 't', parameters: 'schema' as unknown as JsonSchema })).toThrow(
      AgentConfigError,
    );
    const tool = defineTool({ ...base, name: 't', deferLoading: true, approvalMode: 'always_require' });
    expect(tool).toMatchObject({ type: 'function', name: 't', deferLoading: true, approvalMode: 'always_require' });
    expect(Object.isFrozen(tool)).toBe(true);
    expect(defineTool({ ...base, name: 'u' })).not.toHaveProperty('deferLoading');
  });

  it('a plain function added as a tool must have a derivable name', async () => {
    const named = { 'Café'(): string {
      return 'x';
    } };
    const loader = defineTool({
      name: 'loader',
      description: 'l',
      parameters: { type: 'object' },
      execute: (_args, ctx: FunctionInvocationContext) => {
        ctx.addTools(named['Café'] as unknown as FunctionTool);
        return 'added';
      },
    });
    const result = await runCalls(loader, [call('c1', 'loader', '{}')]);
    const output = result.items.find((item) => item.type === 'function_call_output');
    expect(output?.type === 'function_call_output' && output.error).toBeInstanceOf(ToolIdentityError);
  });

  it('invokeTool validates arguments like the loop does', async () => {
    const tool = defineTool({
      name: 'square',
      description: 's',
      parameters: z.object({ n: z.number() }),
      execute: ({ n }) => n * n,
    });
    await expect(invokeTool(tool, { n: 3 })).resolves.toBe(9);
    await expect(invokeTool(tool, { n: 'x' })).rejects.toThrow();
  });
});

describe('ScriptedModel', () => {
  it('records deep snapshots, honours none by default, and fails loudly when the script runs out', async () => {
    const model = new ScriptedModel([{ text: 'one' }]);
    const request: ModelRequest = { messages: [{ role: 'user', content: 'hi' }], tools: [], toolChoice: 'auto' };
    await expect(model.respond(request)).resolves.toEqual({ text: 'one' });
    (request.messages[0] as { content: string }).content = 'changed';
    expect(model.requests[0]?.messages[0]).toEqual({ role: 'user', content: 'hi' });
    await expect(model.respond({ messages: [], tools: [], toolChoice: { mode: 'none' } })).resolves.toEqual({
      text: 'I broke out of the function invocation loop...',
    });
    await expect(model.respond({ messages: [], tools: [] })).rejects.toThrow(/no scripted response left/);
    expect(model.requests).toHaveLength(3);
  });

  it('a function script sees each request and its index', async () => {
    const seen: number[] = [];
    const model = new ScriptedModel((req, index) => {
      seen.push(index);
      return { text: `${index}:${req.messages.length}` };
    });
    await expect(model.respond({ messages: [1, 2], tools: [] })).resolves.toEqual({ text: '0:2' });
    await expect(model.respond({ messages: [], tools: [] })).resolves.toEqual({ text: '1:0' });
    expect(seen).toEqual([0, 1]);
  });

  it('a response that breaks the model contract fails the run', async () => {
    const model = new ScriptedModel([{ toolCalls: 'nope' } as unknown as { text: string }]);
    await expect(new Agent({ name: 't' }).run('go', { model })).rejects.toThrow(/toolCalls must be an array/);
  });
});
