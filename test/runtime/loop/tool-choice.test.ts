// Section 10 E: tool_choice shapes, precedence, the reset rule, strictness and validation.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  Agent,
  defineTool,
  ScriptedModel,
  ToolChoiceError,
  validateToolChoice,
  wireToolNames,
  type FunctionTool,
  type ModelResponse,
  type ModelToolCall,
  type ToolChoice,
} from '../../../src/runtime/index.js';

const call = (callId: string, name: string, args: Record<string, unknown> = {}): ModelToolCall => ({
  call_id: callId,
  name,
  arguments: JSON.stringify(args),
});

function simpleTool(name: string, execute: FunctionTool['execute'] = () => `${name} ok`): FunctionTool {
  return defineTool({ name, description: name, parameters: { type: 'object', properties: {} }, execute });
}

const getRecord = simpleTool('getRecord', () => 'R1');
const twoCallsThenDone: ModelResponse[] = [
  { toolCalls: [call('c1', 'getRecord')] },
  { toolCalls: [call('c2', 'getRecord')] },
  { text: 'done' },
];

beforeEach(() => {
  vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
  return () => vi.restoreAllMocks();
});

describe('E. tool_choice', () => {
  it('T-E01 a forced first call, then the choice is unset', async () => {
    const forced: ToolChoice = { mode: 'required', requiredFunctionName: 'getRecord' };
    const model = new ScriptedModel([{ toolCalls: [call('c1', 'getRecord')] }, { text: 'done' }]);
    const result = await new Agent({ name: 'e', tools: [getRecord] }).run('go', { model, toolChoice: forced });
    expect(model.requests[0]?.toolChoice).toEqual(forced);
    expect(model.requests[1]).not.toHaveProperty('toolChoice');
    expect(result.finalOutput).toBe('done');
  });

  it('T-E02 the shorthand "required" is reset too', async () => {
    const model = new ScriptedModel(twoCallsThenDone);
    await new Agent({ name: 'e', tools: [getRecord] }).run('go', { model, toolChoice: 'required' });
    expect(model.requests.map((request) => request.toolChoice)).toEqual(['required', undefined, undefined]);
  });

  it('T-E03 "auto" and "none" are never reset', async () => {
    const auto = new ScriptedModel(twoCallsThenDone);
    await new Agent({ name: 'e', tools: [getRecord] }).run('go', { model: auto, toolChoice: 'auto' });
    expect(auto.requests.map((request) => request.toolChoice)).toEqual(['auto', 'auto', 'auto']);

    // A provider would honour 'none'; this model does not, to show the value is kept for the run.
    const none = new ScriptedModel(twoCallsThenDone, { honorNone: false });
    await new Agent({ name: 'e', tools: [getRecord] }).run('go', { model: none, toolChoice: { mode: 'none' } });
    expect(none.requests.map((request) => request.toolChoice)).toEqual([
      { mode: 'none' },
      { mode: 'none' },
      { mode: 'none' },
    ]);
  });

  it('T-E04 required allow-lists are reset; auto allow-lists are kept', async () => {
    const required: ToolChoice = { mode: 'required', allowedTools: ['getRecord'] };
    const requiredModel = new ScriptedModel(twoCallsThenDone);
    await new Agent({ name: 'e', tools: [getRecord] }).run('go', { model: requiredModel, toolChoice: required });
    expect(requiredModel.requests.map((request) => request.toolChoice)).toEqual([required, undefined, undefined]);

    const auto: ToolChoice = { mode: 'auto', allowedTools: ['getRecord'] };
    const autoModel = new ScriptedModel(twoCallsThenDone);
    await new Agent({ name: 'e', tools: [getRecord] }).run('go', { model: autoModel, toolChoice: auto });
    expect(autoModel.requests.map((request) => request.toolChoice)).toEqual([auto, auto, auto]);
  });

  it('T-E05 the reset is scoped to the run: agent defaults force every run again', async () => {
    const agent = new Agent({ name: 'e', tools: [getRecord], toolChoice: 'required' });
    const model = new ScriptedModel([
      { toolCalls: [call('c1', 'getRecord')] },
      { text: 'run 1' },
      { toolCalls: [call('c2', 'getRecord')] },
      { text: 'run 2' },
    ]);
    await agent.run('one', { model });
    await agent.run('two', { model });
    expect(model.requests.map((request) => request.toolChoice)).toEqual(['required', undefined, 'required', undefined]);
    expect(agent.toolChoice).toBe('required');
  });

  it('T-E06 run-level choice overrides the agent; null keeps the agent default', async () => {
    const agent = new Agent({ name: 'e', tools: [getRecord], toolChoice: 'auto' });
    const overridden = new ScriptedModel([{ text: 'done' }]);
    await agent.run('go', { model: overridden, toolChoice: 'required' });
    expect(overridden.requests[0]?.toolChoice).toBe('required');
    const kept = new ScriptedModel([{ text: 'done' }]);
    await agent.run('go', { model: kept, toolChoice: null });
    expect(kept.requests[0]?.toolChoice).toBe('auto');
  });

  it('T-E07 validation rejects malformed choices with ToolChoiceError', () => {
    const invalid: unknown[] = [
      'invalid_mode',
      { mode: 'invalid_mode' },
      { mode: 'auto', requiredFunctionName: 'x' },
      { mode: 'none', allowedTools: ['a'] },
      { mode: 'auto', allowedTools: 'x' },
      { mode: 'auto', allowedTools: ['a', 1] },
      { requiredFunctionName: 'x' },
      { mode: 'required', requiredFunction: 'x' },
      { mode: 'required', requiredFunctionName: '' },
      null,
      42,
    ];
    for (const value of invalid) {
      expect(() => validateToolChoice(value), JSON.stringify(value)).toThrow(ToolChoiceError);
    }
    expect(validateToolChoice('required')).toEqual({ mode: 'required' });
    expect(validateToolChoice('none')).toEqual({ mode: 'none' });
    expect(validateToolChoice({ mode: 'auto', allowedTools: [] })).toEqual({ mode: 'auto', allowedTools: [] });
    expect(validateToolChoice({ mode: 'required', requiredFunctionName: 'a' })).toEqual({
      mode: 'required',
      requiredFunctionName: 'a',
    });
  });

  it('T-E07b (A-7) an invalid choice fails at run start even with no tools', async () => {
    const model = new ScriptedModel([{ text: 'done' }]);
    const agent = new Agent({ name: 'e' });
    await expect(agent.run('go', { model, toolChoice: 'sometimes' as ToolChoice })).rejects.toThrow(ToolChoiceError);
    expect(model.requests).toHaveLength(0);
    expect(() => new Agent({ name: 'e', toolChoice: { mode: 'none', allowedTools: [] } as ToolChoice })).toThrow(
      ToolChoiceError,
    );
  });

  it('T-E08 an unknown requiredFunctionName: passed through by default, rejected when strict (A-5)', async () => {
    const a = simpleTool('a');
    const choice: ToolChoice = { mode: 'required', requiredFunctionName: 'zzz' };
    const parity = new ScriptedModel([{ text: 'done' }]);
    await new Agent({ name: 'e', tools: [a] }).run('go', { model: parity, toolChoice: choice });
    expect(parity.requests[0]?.toolChoice).toEqual(choice);

    const strict = new ScriptedModel([{ text: 'done' }]);
    const strictAgent = new Agent({ name: 'e', tools: [a], strictToolChoice: true });
    await expect(strictAgent.run('go', { model: strict, toolChoice: choice })).rejects.toThrow(ToolChoiceError);
    await expect(strictAgent.run('go', { model: strict, toolChoice: choice })).rejects.toThrow(/"zzz"/);
    expect(strict.requests).toHaveLength(0);

    // Strict mode accepts a name of the first request's list, and can be switched per run.
    const ok = new ScriptedModel([{ text: 'done' }, { text: 'done' }]);
    await strictAgent.run('go', { model: ok, toolChoice: { mode: 'required', requiredFunctionName: 'a' } });
    await strictAgent.run('go', { model: ok, toolChoice: choice, strictToolChoice: false });
    expect(ok.requests).toHaveLength(2);
  });

  it('T-E09 a limit sets "none", which beats "required"', async () => {
    const model = new ScriptedModel(twoCallsThenDone);
    const result = await new Agent({ name: 'e', tools: [getRecord], maxFunctionCalls: 1 }).run('go', {
      model,
      toolChoice: 'required',
    });
    expect(model.requests.map((request) => request.toolChoice)).toEqual(['required', 'none']);
    expect(result.stopReason).toBe('limit');
  });

  it('T-E10 a forced loader, then exposure', async () => {
    const factorial = simpleTool('factorial');
    const loadMath = simpleTool('loadMath', (_args, ctx) => {
      ctx.addTools(factorial);
      return 'loaded';
    });
    const model = new ScriptedModel([{ toolCalls: [call('c1', 'loadMath')] }, { text: 'done' }]);
    await new Agent({ name: 'e', tools: [loadMath] }).run('go', {
      model,
      toolChoice: { mode: 'required', requiredFunctionName: 'loadMath' },
    });
    expect(model.requests[1]).not.toHaveProperty('toolChoice');
    expect(wireToolNames(model.requests[1]?.tools ?? [])).toEqual(['loadMath', 'factorial']);
  });

  it('T-E11 a model that ignores "required" ends the run after one request', async () => {
    const model = new ScriptedModel([{ text: 'no tools today' }]);
    const result = await new Agent({ name: 'e', tools: [getRecord] }).run('go', { model, toolChoice: 'required' });
    expect(model.requests).toHaveLength(1);
    expect(result.finalOutput).toBe('no tools today');
  });

  it('(A-8) calls returned under a user-set "none" still run', async () => {
    let runs = 0;
    const tool = simpleTool('t', () => {
      runs += 1;
      return 'ran';
    });
    const model = new ScriptedModel([{ toolCalls: [call('c1', 't')] }, { text: 'done' }], { honorNone: false });
    await new Agent({ name: 'e', tools: [tool], toolChoice: 'none' }).run('go', { model });
    expect(runs).toBe(1);
  });

  it('a request with no tools carries no toolChoice', async () => {
    const model = new ScriptedModel([{ text: 'done' }]);
    await new Agent({ name: 'e', toolChoice: 'required' }).run('go', { model });
    expect(model.requests[0]).not.toHaveProperty('toolChoice');
    expect(model.requests[0]?.tools).toEqual([]);
  });
});
