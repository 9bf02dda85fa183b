// Gate pattern: a write tool is exposed only after the matching read tool ran. The live list is
// rebuilt for every run, so the gate re-arms by itself: run 2 starts without the write tool again.
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { Agent, defineTool, ScriptedModel, wireToolNames } from '../src/runtime/index.js';

const updateRecord = defineTool({
  name: 'updateRecord',
  description: 'Updates a record that was fetched in this run.',
  parameters: z.object({ recordId: z.string(), value: z.string() }),
  execute: ({ recordId, value }) => `Record ${recordId} set to ${value}.`,
});

const getRecord = defineTool({
  name: 'getRecord',
  description: 'Fetches a record; afterwards it can be updated.',
  parameters: z.object({ recordId: z.string() }),
  execute: ({ recordId }, ctx) => {
    ctx.addTools(updateRecord);
    return { recordId, value: 'old' };
  },
});

export async function main() {
  const agent = new Agent({ name: 'Records', tools: [getRecord] });
  const model = new ScriptedModel([
    // Run 1: read, then write.
    { toolCalls: [{ call_id: 'r1_get', name: 'getRecord', arguments: '{"recordId":"R1"}' }] },
    { toolCalls: [{ call_id: 'r1_set', name: 'updateRecord', arguments: '{"recordId":"R1","value":"new"}' }] },
    { text: 'Updated R1.' },
    // Run 2: a write without a read is not even a known tool.
    { toolCalls: [{ call_id: 'r2_set', name: 'updateRecord', arguments: '{"recordId":"R1","value":"newer"}' }] },
    { text: 'I need to fetch the record first.' },
  ]);
  const first = await agent.run('Set R1 to new.', { model });
  const second = await agent.run('Set R1 to newer.', { model });
  const outputs = (items: typeof first.items) =>
    items.flatMap((item) => (item.type === 'function_call_output' ? [[item.callId, item.output]] : []));
  return {
    example: 'gate-pattern',
    requestTools: model.requests.map((request) => wireToolNames(request.tools)),
    run1: { outputs: outputs(first.items), finalOutput: first.finalOutput },
    run2: { outputs: outputs(second.items), finalOutput: second.finalOutput },
  };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await main(), null, 2));
}
