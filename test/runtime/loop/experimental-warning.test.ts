// Section 10 C: the PROGRESSIVE_TOOLS experimental warning (decision A-1: once per feature id per process).
// T-C04 / T-C05 concern MCP progressive disclosure, which this runtime does not ship (section H).
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import {
  Agent,
  createFunctionInvocationContext,
  defineTool,
  PROGRESSIVE_TOOLS,
  resetExperimentalWarningsForTests,
  ScriptedModel,
  ToolContextUnboundError,
  type FunctionTool,
} from '../../../src/runtime/index.js';

function simpleTool(name: string, execute: FunctionTool['execute'] = () => `${name} ok`): FunctionTool {
  return defineTool({ name, description: name, parameters: { type: 'object', properties: {} }, execute });
}

let emitWarning: MockInstance<typeof process.emitWarning>;

beforeEach(() => {
  resetExperimentalWarningsForTests();
  emitWarning = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

const progressiveWarnings = () =>
  emitWarning.mock.calls.filter(([, options]) => (options as { code?: string } | undefined)?.code === PROGRESSIVE_TOOLS);

describe('C. experimental warning', () => {
  it('T-C01 the first add warns once; a second add is silent', async () => {
    const extra1 = simpleTool('extra1');
    const extra2 = simpleTool('extra2');
    const loader = simpleTool('loader', (_args, ctx) => {
      ctx.addTools(extra1);
      ctx.addTools(extra2);
      return 'loaded';
    });
    const model = new ScriptedModel([
      { toolCalls: [{ call_id: 'c1', name: 'loader', arguments: '{}' }] },
      { text: 'done' },
    ]);
    await new Agent({ name: 'c', tools: [loader] }).run('go', { model });
    const warnings = progressiveWarnings();
    expect(warnings).toHaveLength(1);
    const [message, options] = warnings[0] ?? [];
    expect(message).toContain('[PROGRESSIVE_TOOLS]');
    expect(message).toContain('addTools');
    expect(options).toEqual({ type: 'ExperimentalWarning', code: 'PROGRESSIVE_TOOLS' });
  });

  it('T-C02 addTools and removeTools share one warning slot', async () => {
    const extra = simpleTool('extra');
    const loader = simpleTool('loader', (_args, ctx) => {
      ctx.addTools(extra);
      ctx.removeTools('extra');
      return 'done';
    });
    const model = new ScriptedModel([
      { toolCalls: [{ call_id: 'c1', name: 'loader', arguments: '{}' }] },
      { text: 'done' },
    ]);
    await new Agent({ name: 'c', tools: [loader] }).run('go', { model });
    expect(progressiveWarnings()).toHaveLength(1);
  });

  it('T-C02b whichever helper runs first names itself in the warning', () => {
    const ctx = createFunctionInvocationContext({ function: simpleTool('t') });
    expect(() => ctx.removeTools('x')).toThrow(ToolContextUnboundError);
    expect(() => ctx.addTools(simpleTool('y'))).toThrow(ToolContextUnboundError);
    const warnings = progressiveWarnings();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.[0]).toContain('removeTools');
  });

  it('T-C03 the warning fires even when the call then throws', () => {
    const ctx = createFunctionInvocationContext({ function: simpleTool('t') });
    expect(() => ctx.addTools(simpleTool('x'))).toThrow(ToolContextUnboundError);
    expect(progressiveWarnings()).toHaveLength(1);
  });

  it('the slot is per process: without a reset, a later run stays silent', async () => {
    const ctx = createFunctionInvocationContext({ function: simpleTool('t') });
    expect(() => ctx.addTools(simpleTool('x'))).toThrow(ToolContextUnboundError);
    expect(() => ctx.addTools(simpleTool('x'))).toThrow(ToolContextUnboundError);
    const other = createFunctionInvocationContext({ function: simpleTool('u') });
    expect(() => other.removeTools('x')).toThrow(ToolContextUnboundError);
    expect(progressiveWarnings()).toHaveLength(1);
  });
});
