// Section 10 B: addTools / removeTools semantics, exercised on a context bound to a real loop.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  Agent,
  createFunctionInvocationContext,
  defineTool,
  DuplicateToolNameError,
  FUNCTION_FAILED_TEXT,
  getFunctionToolQualifiedName,
  invokeTool,
  ReadOnlyToolListError,
  ScriptedModel,
  ToolContextUnboundError,
  ToolIdentityError,
  toolNamespace,
  wireToolNames,
  type FunctionInvocationContext,
  type FunctionTool,
  type ModelToolCall,
  type RunResult,
} from '../../../src/runtime/index.js';

const call = (callId: string, name: string, args: Record<string, unknown> = {}): ModelToolCall => ({
  call_id: callId,
  name,
  arguments: JSON.stringify(args),
});

function simpleTool(name: string, execute: FunctionTool['execute'] = () => `${name} ok`): FunctionTool {
  return defineTool({ name, description: name, parameters: { type: 'object', properties: {} }, execute });
}

/** Public (qualified) names of a tool list. */
const listed = (tools: readonly FunctionTool[]): string[] =>
  tools.map((tool) => getFunctionToolQualifiedName(tool) ?? '');

/** Runs `body` inside a tool invocation of a real run whose configured tools are [probe, ...tools]. */
async function inLoop(
  tools: readonly FunctionTool[],
  body: (ctx: FunctionInvocationContext) => void | Promise<void>,
): Promise<{ result: RunResult; error: unknown }> {
  let error: unknown;
  const probe = simpleTool('probe', async (_args, ctx) => {
    try {
      await body(ctx);
    } catch (caught) {
      error = caught;
    }
    return 'probed';
  });
  const model = new ScriptedModel([{ toolCalls: [call('p1', 'probe')] }, { text: 'done' }]);
  const result = await new Agent({ name: 'b', tools: [probe, ...tools] }).run('go', { model });
  return { result, error };
}

beforeEach(() => {
  vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
  return () => vi.restoreAllMocks();
});

describe('B. helper semantics', () => {
  it('T-B01 adding the same object again is a no-op', async () => {
    const dup = simpleTool('dup');
    const { error } = await inLoop([dup], (ctx) => {
      ctx.addTools(dup);
      expect(listed(ctx.tools)).toEqual(['probe', 'dup']);
    });
    expect(error).toBeUndefined();
  });

  it('T-B02 a different object with the same name throws DuplicateToolNameError', async () => {
    const dupA = simpleTool('dup');
    const dupB = simpleTool('dup');
    const { error } = await inLoop([dupA], (ctx) => {
      expect(() => ctx.addTools(dupB)).toThrow(DuplicateToolNameError);
      expect(() => ctx.addTools(dupB)).toThrow("Duplicate tool name 'dup'. Tool names must be unique.");
      expect(ctx.tools[1]).toBe(dupA);
    });
    expect(error).toBeUndefined();
  });

  it('T-B03 a batch with one clash is atomic', async () => {
    const existing = simpleTool('existing');
    const fresh = simpleTool('fresh');
    const clashing = simpleTool('existing');
    const { error } = await inLoop([existing], (ctx) => {
      expect(() => ctx.addTools([fresh, clashing])).toThrow(DuplicateToolNameError);
      expect(listed(ctx.tools)).toEqual(['probe', 'existing']);
    });
    expect(error).toBeUndefined();
  });

  it('T-B04 remove by name, then by object', async () => {
    const a = simpleTool('a');
    const b = simpleTool('b');
    const { error } = await inLoop([a, b], (ctx) => {
      ctx.removeTools('a');
      expect(listed(ctx.tools)).toEqual(['probe', 'b']);
      ctx.removeTools(b);
      expect(listed(ctx.tools)).toEqual(['probe']);
    });
    expect(error).toBeUndefined();
  });

  it('T-B05 removing an unknown name is a no-op', async () => {
    const a = simpleTool('a');
    const { error } = await inLoop([a], (ctx) => {
      ctx.removeTools(['nope', 'also-nope']);
      expect(listed(ctx.tools)).toEqual(['probe', 'a']);
    });
    expect(error).toBeUndefined();
  });

  it('T-B06 an unbound context throws ToolContextUnboundError from both helpers', () => {
    const tool = simpleTool('t');
    const ctx = createFunctionInvocationContext({ function: tool });
    expect(ctx.bound).toBe(false);
    expect(ctx.tools).toEqual([]);
    expect(() => ctx.addTools(simpleTool('x'))).toThrow(ToolContextUnboundError);
    expect(() => ctx.addTools(simpleTool('x'))).toThrow(/Cannot add tools: .*not bound to a live agent run/);
    expect(() => ctx.removeTools('t')).toThrow(ToolContextUnboundError);
    expect(() => ctx.removeTools('t')).toThrow(/Cannot remove tools/);
  });

  it('T-B07 invoking a tool directly leaves its context unbound', async () => {
    const loader = simpleTool('loader', (_args, ctx) => {
      ctx.addTools(simpleTool('extra'));
      return 'never';
    });
    await expect(invokeTool(loader, {})).rejects.toBeInstanceOf(ToolContextUnboundError);
    await expect(invokeTool(simpleTool('plain', () => 42))).resolves.toBe(42);
  });

  it('T-B08 the same object twice in one call is added once', async () => {
    const a = simpleTool('a');
    const { error } = await inLoop([], (ctx) => {
      ctx.addTools([a, a, [a]]);
      expect(listed(ctx.tools)).toEqual(['probe', 'a']);
    });
    expect(error).toBeUndefined();
  });

  it('T-B09 (TS deviation) nameless values are rejected, never appended', async () => {
    const { error } = await inLoop([], (ctx) => {
      // Only named function tools can reach the live list, so upstream's nameless hosted specs
      // (appended and never de-duplicated) have no TS equivalent; they are refused atomically.
      const nameless = { type: 'web_search' } as unknown as FunctionTool;
      expect(() => ctx.addTools([simpleTool('ok'), nameless])).toThrow(TypeError);
      expect(() => ctx.addTools(((() => 1) as unknown) as FunctionTool)).toThrow(ToolIdentityError);
      expect(listed(ctx.tools)).toEqual(['probe']);
    });
    expect(error).toBeUndefined();
  });

  it('T-B10 removal goes by name, not object identity', async () => {
    const b1 = simpleTool('b');
    const b2 = simpleTool('b');
    const { error } = await inLoop([b1], (ctx) => {
      ctx.removeTools(b2);
      expect(listed(ctx.tools)).toEqual(['probe']);
    });
    expect(error).toBeUndefined();
  });

  it('T-B11 a single string is one name', async () => {
    const a = simpleTool('a');
    const b = simpleTool('b');
    const { error } = await inLoop([a, b], (ctx) => {
      ctx.removeTools('ab');
      expect(listed(ctx.tools)).toEqual(['probe', 'a', 'b']);
    });
    expect(error).toBeUndefined();
  });

  it('T-B12 (A-10 parity) re-adding the same plain function in a later call fails', async () => {
    function plainFn(): string {
      return 'plain';
    }
    const loader = simpleTool('loader', (_args, ctx) => {
      ctx.addTools(plainFn);
      return 'loaded';
    });
    const model = new ScriptedModel([
      { toolCalls: [call('c1', 'loader')] },
      { toolCalls: [call('c2', 'loader')] },
      { text: 'unused' },
    ]);
    const agent = new Agent({ name: 'b', tools: [loader], maxConsecutiveErrorsPerRequest: 1 });
    const result = await agent.run('go', { model });
    const outputs = result.items.filter((item) => item.type === 'function_call_output');
    expect(outputs.map((item) => item.output)).toEqual(['loaded', FUNCTION_FAILED_TEXT]);
    expect(outputs[1]?.isError).toBe(true);
    expect(outputs[1]?.error).toBeInstanceOf(DuplicateToolNameError);
    // The failure counts toward the consecutive-error limit: with a limit of 1, 'none' is forced.
    expect(model.requests[2]?.toolChoice).toBe('none');
    expect(result.stopReason).toBe('limit');
  });

  it('T-B12b re-adding the same tool object in a later call stays a no-op', async () => {
    const extra = simpleTool('extra');
    const loader = simpleTool('loader', (_args, ctx) => {
      ctx.addTools(extra);
      return 'loaded';
    });
    const model = new ScriptedModel([
      { toolCalls: [call('c1', 'loader')] },
      { toolCalls: [call('c2', 'loader')] },
      { text: 'done' },
    ]);
    const result = await new Agent({ name: 'b', tools: [loader] }).run('go', { model });
    const outputs = result.items.flatMap((item) => (item.type === 'function_call_output' ? [item.output] : []));
    expect(outputs).toEqual(['loaded', 'loaded']);
    expect(wireToolNames(model.requests[2]?.tools ?? [])).toEqual(['loader', 'extra']);
  });

  it('T-B13 remove then re-add puts the tool at the end', async () => {
    const x = simpleTool('x');
    const y = simpleTool('y');
    const { error } = await inLoop([x, y], (ctx) => {
      ctx.removeTools('x');
      ctx.addTools(x);
      expect(listed(ctx.tools)).toEqual(['probe', 'y', 'x']);
    });
    expect(error).toBeUndefined();
  });

  it('T-B14 (A-9) ctx.tools is read-only: every direct mutation is rejected', async () => {
    const other = simpleTool('other');
    const { error } = await inLoop([simpleTool('a')], (ctx) => {
      const tools = ctx.tools as FunctionTool[];
      expect(() => tools.push(other)).toThrow(ReadOnlyToolListError);
      expect(() => tools.splice(0, 1)).toThrow(ReadOnlyToolListError);
      expect(() => tools.sort()).toThrow(ReadOnlyToolListError);
      expect(() => {
        tools.length = 0;
      }).toThrow(ReadOnlyToolListError);
      expect(() => {
        tools[0] = other;
      }).toThrow(ReadOnlyToolListError);
      expect(() => Object.freeze(tools)).toThrow(ReadOnlyToolListError);
      expect(() => {
        (ctx as { tools: unknown }).tools = [];
      }).toThrow(TypeError);
      expect(listed(ctx.tools)).toEqual(['probe', 'a']);
    });
    expect(error).toBeUndefined();
    // Compile-time side: the type offers no mutators.
    const typeOnly = (ctx: FunctionInvocationContext): void => {
      // @ts-expect-error ctx.tools is a readonly array
      ctx.tools.push(other);
    };
    expect(typeof typeOnly).toBe('function');
  });

  it('T-B14b an unguarded direct mutation fails only that call; the run goes on', async () => {
    const pusher = simpleTool('pusher', (_args, ctx) => {
      (ctx.tools as FunctionTool[]).push(simpleTool('pusher'));
      return 'pushed';
    });
    const model = new ScriptedModel([{ toolCalls: [call('c1', 'pusher')] }, { text: 'done' }]);
    const result = await new Agent({ name: 'b', tools: [pusher] }).run('go', { model });
    const output = result.items.find((item) => item.type === 'function_call_output');
    expect(output?.type === 'function_call_output' && output.output).toBe(FUNCTION_FAILED_TEXT);
    expect(output?.type === 'function_call_output' && output.error).toBeInstanceOf(ReadOnlyToolListError);
    expect(wireToolNames(model.requests[1]?.tools ?? [])).toEqual(['pusher']);
    expect(result.finalOutput).toBe('done');
  });

  it('ctx.tools is a live view: an addition is visible within the same invocation', async () => {
    const a = simpleTool('a');
    const { error } = await inLoop([], (ctx) => {
      const view = ctx.tools;
      ctx.addTools(a);
      expect(listed(view)).toEqual(['probe', 'a']);
    });
    expect(error).toBeUndefined();
  });

  it('identity, not bare name, decides duplicates: namespaces keep same-named tools apart', async () => {
    const [crmLookup] = toolNamespace({ name: 'crm', description: 'CRM', tools: [simpleTool('lookup')] });
    const [billingLookup] = toolNamespace({ name: 'billing', description: 'Billing', tools: [simpleTool('lookup')] });
    const [otherCrmLookup] = toolNamespace({ name: 'crm', description: 'CRM', tools: [simpleTool('lookup')] });
    const bareLookup = simpleTool('lookup');
    const { error } = await inLoop([crmLookup as FunctionTool], (ctx) => {
      ctx.addTools([billingLookup as FunctionTool, bareLookup]);
      expect(listed(ctx.tools)).toEqual(['probe', 'crm.lookup', 'billing.lookup', 'lookup']);
      let clash: unknown;
      try {
        ctx.addTools(otherCrmLookup as FunctionTool);
      } catch (caught) {
        clash = caught;
      }
      expect(clash).toBeInstanceOf(DuplicateToolNameError);
      expect(clash).toMatchObject({ toolName: 'lookup', namespace: 'crm' });
      // A string is a dispatch name: 'crm.lookup' removes only the namespaced tool.
      ctx.removeTools('crm.lookup');
      expect(listed(ctx.tools)).toEqual(['probe', 'billing.lookup', 'lookup']);
    });
    expect(error).toBeUndefined();
  });

  it('an addition the identity rules reject (dotted bare vs namespaced) is atomic', async () => {
    const [crmLookup] = toolNamespace({ name: 'crm', description: 'CRM', tools: [simpleTool('lookup')] });
    const { error } = await inLoop([crmLookup as FunctionTool], (ctx) => {
      expect(() => ctx.addTools([simpleTool('fine'), simpleTool('crm.lookup')])).toThrow(ToolIdentityError);
      expect(listed(ctx.tools)).toEqual(['probe', 'crm.lookup']);
    });
    expect(error).toBeUndefined();
  });
});
