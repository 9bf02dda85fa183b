// Runs every example's main() and checks the summary it returns.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { main as forcedFirstCall } from '../../examples/forced-first-call.js';
import { main as gatePattern } from '../../examples/gate-pattern.js';
import { main as loaderPattern } from '../../examples/loader-pattern.js';
import { main as middlewareGate } from '../../examples/middleware-gate.js';
import { main as namespacedDispatch } from '../../examples/namespaced-dispatch.js';

beforeEach(() => {
  vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
  return () => vi.restoreAllMocks();
});

describe('examples', () => {
  it('loader pattern: the loader exposes factorial for the next request', async () => {
    expect(await loaderPattern()).toEqual({
      example: 'loader-pattern',
      requestTools: [['loadMath'], ['loadMath', 'factorial'], ['loadMath', 'factorial']],
      outputs: [
        ['call_load', 'Math tools loaded; they are available from the next step.'],
        ['call_fact', '120'],
      ],
      finalOutput: '5! is 120.',
    });
  });

  it('gate pattern: the write tool appears after the read and is gone again in the next run', async () => {
    const summary = await gatePattern();
    expect(summary.requestTools).toEqual([
      ['getRecord'],
      ['getRecord', 'updateRecord'],
      ['getRecord', 'updateRecord'],
      ['getRecord'],
      ['getRecord'],
    ]);
    expect(summary.run1.outputs).toEqual([
      ['r1_get', '{"recordId":"R1","value":"old"}'],
      ['r1_set', 'Record R1 set to new.'],
    ]);
    expect(summary.run2.outputs).toEqual([['r2_set', 'Error: Requested function "updateRecord" not found.']]);
  });

  it('middleware gate: the unread record is refused, the read one is written, the loop continues', async () => {
    expect(await middlewareGate()).toEqual({
      example: 'middleware-gate',
      outputs: [
        ['get_r1', '{"recordId":"R1","value":"old"}'],
        ['set_r2', 'Error: fetch record R2 before updating it.'],
        ['set_r1', 'Record R1 set to x.'],
      ],
      writes: ['R1'],
      requests: 4,
      finalOutput: 'R1 updated; R2 must be fetched first.',
    });
  });

  it('forced first call: forced once, then unset; strict mode rejects an unknown name', async () => {
    expect(await forcedFirstCall()).toEqual({
      example: 'forced-first-call',
      toolChoicePerRequest: [{ mode: 'required', requiredFunctionName: 'getProfile' }, null],
      finalOutput: 'You are on the pro plan.',
      strictError:
        'toolChoice requiredFunctionName "getInvoices" names no tool of the first request (available: "getProfile").',
    });
  });

  it('namespaced dispatch: each call reaches one tool by lookup key', async () => {
    expect(await namespacedDispatch()).toEqual({
      example: 'namespaced-dispatch',
      wire: ['namespace:crm', 'namespace:billing', 'function:get_weather'],
      visibleNames: ['crm.lookup', 'billing.lookup', 'get_weather'],
      outputs: [
        ['call_crm', 'CRM account A1'],
        ['call_billing', 'billing account A1'],
        ['call_weather', 'Oslo: sunny (call seen with namespace: none)'],
        ['call_bare', 'Error: Requested function "lookup" not found.'],
      ],
    });
  });
});
