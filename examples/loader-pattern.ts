// Loader pattern: start with one small "loader" tool; calling it exposes the real tools for the
// rest of the run. The model's first request lists only the loader.
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { Agent, defineTool, ScriptedModel, wireToolNames } from '../src/runtime/index.js';

// Defined once at module scope: re-adding the same object is a no-op, a new object would clash.
const factorial = defineTool({
  name: 'factorial',
  description: 'Computes n! for a small non-negative integer n.',
  parameters: z.object({ n: z.number().int().min(0).max(20) }),
  execute: ({ n }) => {
    let product = 1;
    for (let i = 2; i <= n; i += 1) product *= i;
    return product;
  },
});

const loadMath = defineTool({
  name: 'loadMath',
  description: 'Makes the math tools available.',
  parameters: { type: 'object', properties: {} },
  execute: (_args, ctx) => {
    ctx.addTools(factorial);
    return 'Math tools loaded; they are available from the next step.';
  },
});

export async function main() {
  const model = new ScriptedModel([
    { toolCalls: [{ call_id: 'call_load', name: 'loadMath', arguments: '{}' }] },
    { toolCalls: [{ call_id: 'call_fact', name: 'factorial', arguments: '{"n":5}' }] },
    { text: '5! is 120.' },
  ]);
  const agent = new Agent({ name: 'Math helper', tools: [loadMath] });
  const result = await agent.run('What is 5 factorial?', { model });
  return {
    example: 'loader-pattern',
    requestTools: model.requests.map((request) => wireToolNames(request.tools)),
    outputs: result.items.flatMap((item) => (item.type === 'function_call_output' ? [[item.callId, item.output]] : [])),
    finalOutput: result.finalOutput,
  };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await main(), null, 2));
}
