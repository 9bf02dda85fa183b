// Middleware gate: every tool stays visible, but a function middleware refuses a write to a record
// that was not read first in this run. Not calling next() skips the tool; ctx.result is what the
// model gets back, and the loop simply continues. Gate state lives in ctx.runData, not module state.
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { Agent, defineTool, ScriptedModel, type FunctionMiddleware } from '../src/runtime/index.js';

const writes: string[] = [];

const getRecord = defineTool({
  name: 'getRecord',
  description: 'Fetches a record.',
  parameters: z.object({ recordId: z.string() }),
  execute: ({ recordId }) => ({ recordId, value: 'old' }),
});

const updateRecord = defineTool({
  name: 'updateRecord',
  description: 'Updates a record.',
  parameters: z.object({ recordId: z.string(), value: z.string() }),
  execute: ({ recordId, value }) => {
    writes.push(recordId);
    return `Record ${recordId} set to ${value}.`;
  },
});

export const readBeforeWrite: FunctionMiddleware = async (ctx, next) => {
  const recordId = ctx.arguments['recordId'];
  if (ctx.function.name === 'getRecord') {
    await next();
    ctx.runData.set(`fetched:${String(recordId)}`, true);
    return;
  }
  if (ctx.function.name === 'updateRecord' && ctx.runData.get(`fetched:${String(recordId)}`) !== true) {
    ctx.result = `Error: fetch record ${String(recordId)} before updating it.`;
    return;
  }
  await next();
};

export async function main() {
  writes.length = 0;
  const agent = new Agent({ name: 'Records', tools: [getRecord, updateRecord], middleware: [readBeforeWrite] });
  const model = new ScriptedModel([
    { toolCalls: [{ call_id: 'get_r1', name: 'getRecord', arguments: '{"recordId":"R1"}' }] },
    { toolCalls: [{ call_id: 'set_r2', name: 'updateRecord', arguments: '{"recordId":"R2","value":"x"}' }] },
    { toolCalls: [{ call_id: 'set_r1', name: 'updateRecord', arguments: '{"recordId":"R1","value":"x"}' }] },
    { text: 'R1 updated; R2 must be fetched first.' },
  ]);
  const result = await agent.run('Update R2 and R1.', { model });
  return {
    example: 'middleware-gate',
    outputs: result.items.flatMap((item) => (item.type === 'function_call_output' ? [[item.callId, item.output]] : [])),
    writes: [...writes],
    requests: model.requests.length,
    finalOutput: result.finalOutput,
  };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await main(), null, 2));
}
