// Tool identity at dispatch: two tools named `lookup` live in different namespaces, and a deferred
// tool is called back with the synthetic `namespace == name`. Each call reaches exactly one tool,
// chosen by lookup key; the deferred tool never sees the synthetic namespace.
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { Agent, defineTool, ScriptedModel, toolNamespace, wireToolNames } from '../src/runtime/index.js';

const lookup = (system: string) =>
  defineTool({
    name: 'lookup',
    description: `Looks up an account in ${system}.`,
    parameters: z.object({ accountId: z.string() }),
    execute: ({ accountId }) => `${system} account ${accountId}`,
  });

const crm = toolNamespace({ name: 'crm', description: 'Customer records.', tools: [lookup('CRM')] });
const billing = toolNamespace({ name: 'billing', description: 'Invoices and payments.', tools: [lookup('billing')] });

const getWeather = defineTool({
  name: 'get_weather',
  description: 'Current weather for a city.',
  parameters: z.object({ city: z.string() }),
  deferLoading: true,
  execute: ({ city }, ctx) => `${city}: sunny (call seen with namespace: ${ctx.toolCall?.namespace ?? 'none'})`,
});

export async function main() {
  const agent = new Agent({ name: 'Accounts', tools: [...crm, ...billing, getWeather] });
  const model = new ScriptedModel([
    {
      toolCalls: [
        { call_id: 'call_crm', name: 'lookup', namespace: 'crm', arguments: '{"accountId":"A1"}' },
        { call_id: 'call_billing', name: 'lookup', namespace: 'billing', arguments: '{"accountId":"A1"}' },
        { call_id: 'call_weather', name: 'get_weather', namespace: 'get_weather', arguments: '{"city":"Oslo"}' },
        { call_id: 'call_bare', name: 'lookup', arguments: '{"accountId":"A1"}' },
      ],
    },
    { text: 'Done.' },
  ]);
  const result = await agent.run('Look up A1 everywhere.', { model });
  return {
    example: 'namespaced-dispatch',
    wire: model.requests[0]?.tools.map((tool) => `${tool.type}:${tool.name}`),
    visibleNames: wireToolNames(model.requests[0]?.tools ?? []),
    outputs: result.items.flatMap((item) => (item.type === 'function_call_output' ? [[item.callId, item.output]] : [])),
  };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await main(), null, 2));
}
