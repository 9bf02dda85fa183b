// required-function-name-known: a `requiredFunctionName` (agent `toolChoice`, `@openai/agents`
// `modelSettings.toolChoice: '<name>'`, or the toolChoice of one `agent.run(...)`) that names none of
// the tools the agent starts with: configured tools (public, written or qualified name), handoff tool
// names, and the run's own `tools`. Reported on the name. When a tool of that name is only added
// later through addTools(), the message says so (requiredFunctionAddedLater) and that call is related.
// Quiet when the agent's set is not fully known (unresolved members, dynamic names, MCP servers), when
// the name is dynamic, or when a run's receiver or run-level tools cannot be followed.
import rule from '../../rules/required-function-name-known.js';
import { loc, runCases } from './testers.js';

const RULE = 'required-function-name-known';
const FORCED = 'the forced request fails or is ignored';

const typo = `import { Agent, defineTool } from 'tool-identity-audit/runtime';
import { z } from 'zod';

const lookupOrder = defineTool<{ orderId: string }>({
  name: 'lookup_order',
  description: 'Order lines and status.',
  parameters: z.object({ orderId: z.string() }),
  execute: async ({ orderId }) => ({ orderId, status: 'delivered' }),
});

const startReturn = defineTool<{ orderId: string }>({
  name: 'start_return',
  description: 'Start a return for a delivered order.',
  parameters: z.object({ orderId: z.string() }),
  execute: async ({ orderId }) => ({ rma: \`RMA-\${orderId}\` }),
});

export const returnsDesk = new Agent({
  name: 'returns_desk',
  instructions: 'Look the order up first.',
  tools: [lookupOrder, startReturn],
  toolChoice: { mode: 'required', requiredFunctionName: 'lookup_orders' },
});
`;

const typoErrors = [
  {
    messageId: 'unknownRequiredFunction' as const,
    data: { option: 'requiredFunctionName', effect: FORCED, name: 'lookup_orders', set: 'agent "returns_desk"', available: '"lookup_order", "start_return"' },
    ...loc(typo, "'lookup_orders'"),
  },
];

const addedLater = `import { Agent, defineTool } from 'tool-identity-audit/runtime';
import { z } from 'zod';

const createShipment = defineTool<{ orderId: string }>({
  name: 'create_shipment',
  description: 'Book a carrier for a packed order.',
  parameters: z.object({ orderId: z.string() }),
  execute: async ({ orderId }) => ({ booked: orderId }),
});

const openShippingDesk = defineTool<{ station: string }>({
  name: 'open_shipping_desk',
  description: 'Sign in at a packing station; unlocks creating shipments.',
  parameters: z.object({ station: z.string() }),
  execute: async ({ station }, ctx) => {
    ctx.addTools([createShipment]);
    return \`Signed in at \${station}.\`;
  },
});

export const packer = new Agent({ name: 'packer', tools: [openShippingDesk] });

export async function shipNow(orderId: string) {
  return packer.run(\`Ship order \${orderId}\`, {
    toolChoice: { mode: 'required', requiredFunctionName: 'create_shipment' },
  });
}
`;

const runTools = `import { Agent, defineTool, toolNamespace } from 'tool-identity-audit/runtime';
import { z } from 'zod';

const findContact = defineTool<{ email: string }>({
  name: 'find_contact',
  description: 'Find a CRM contact by email.',
  parameters: z.object({ email: z.string() }),
  execute: async ({ email }) => ({ email, id: 'c_1' }),
});
const crm = toolNamespace({ name: 'crm', description: 'CRM', tools: [findContact] });

const logCall = defineTool<{ contactId: string; notes: string }>({
  name: 'log_call',
  description: 'Log a phone call on a contact.',
  parameters: z.object({ contactId: z.string(), notes: z.string() }),
  execute: async ({ contactId }) => ({ logged: contactId }),
});

export const sales = new Agent({ name: 'sales', tools: [crm] });

export async function afterCall(notes: string) {
  return sales.run(notes, {
    tools: [logCall],
    toolChoice: { mode: 'required', requiredFunctionName: 'log_calls' },
  });
}
`;

const typedImports = `import { Agent } from '@openai/agents';
import { baseTools } from './tools/index.js';

export const weatherDesk = new Agent({
  name: 'weather_desk',
  instructions: 'Answer with the forecast.',
  tools: baseTools,
  modelSettings: { toolChoice: 'forcast' },
});
`;

// AI SDK apps add optional settings with a conditional spread next to `tools`.
const conditionalSpread = `import { ToolLoopAgent, isStepCount, tool } from 'ai';
import { z } from 'zod';

const search = tool({ description: 'Search the web.', inputSchema: z.object({ query: z.string() }), execute: async ({ query }) => [query] });
const fetchPage = tool({ description: 'Fetch a page.', inputSchema: z.object({ url: z.string() }), execute: async ({ url }) => url });

export function createResearcher(providerOptions?: Record<string, Record<string, string>>, slow = false) {
  return new ToolLoopAgent({
    id: 'researcher',
    model: 'openai/gpt-4o-mini',
    tools: { search, fetch: fetchPage },
    activeTools: ['search', 'fetchPage'],
    stopWhen: isStepCount(slow ? 50 : 20),
    ...(providerOptions && { providerOptions }),
    ...(slow ? { maxOutputTokens: 4000 } : undefined),
  });
}
`;

const validCases = [
  {
    name: 'configured tools by name or qualified name, a handoff, and run-level tools',
    code: `import { Agent, defineTool, toolNamespace } from 'tool-identity-audit/runtime';
import { z } from 'zod';

const findContact = defineTool<{ email: string }>({
  name: 'find_contact',
  description: 'Find a CRM contact by email.',
  parameters: z.object({ email: z.string() }),
  execute: async ({ email }) => ({ email, id: 'c_1' }),
});
const crm = toolNamespace({ name: 'crm', description: 'CRM', tools: [findContact] });
const logCall = defineTool<{ contactId: string }>({
  name: 'log_call',
  description: 'Log a phone call.',
  parameters: z.object({ contactId: z.string() }),
  execute: async ({ contactId }) => ({ logged: contactId }),
});

export const billing = new Agent({ name: 'billing' });

export const sales = new Agent({
  name: 'sales',
  tools: [crm],
  handoffs: [billing],
  toolChoice: { mode: 'required', requiredFunctionName: 'crm.find_contact' },
});

export const support = new Agent({
  name: 'support',
  tools: [findContact],
  handoffs: [billing],
  toolChoice: { mode: 'required', requiredFunctionName: 'transfer_to_billing' },
});

export async function callNotes(notes: string) {
  await sales.run(notes, { toolChoice: { mode: 'required', requiredFunctionName: 'find_contact' } });
  return sales.run(notes, { tools: [logCall], toolChoice: { mode: 'required', requiredFunctionName: 'log_call' } });
}
`,
  },
  {
    name: 'sets and names that are not fully known',
    code: `import { Agent, type FunctionTool } from 'tool-identity-audit/runtime';
import { pluginTools } from './plugins.js';

declare function loadTools(tenant: string): FunctionTool[];

export const tenantBot = new Agent({
  name: 'tenant_bot',
  tools: loadTools(process.env.TENANT ?? 'default'),
  toolChoice: { mode: 'required', requiredFunctionName: 'search' },
});

export const pluginBot = new Agent({
  name: 'plugin_bot',
  tools: [...pluginTools],
  toolChoice: { mode: 'required', requiredFunctionName: 'plugin_search' },
});

const empty = new Agent({ name: 'empty' });

export async function ask(agent: Agent, forced: string, defaults: { tools?: FunctionTool[] }) {
  await agent.run('hi', { toolChoice: { mode: 'required', requiredFunctionName: 'anything' } });
  await empty.run('hi', { toolChoice: { mode: 'required', requiredFunctionName: forced } });
  return empty.run('hi', { ...defaults, toolChoice: { mode: 'required', requiredFunctionName: 'from_defaults' } });
}
`,
  },
  {
    name: 'a conditional spread that may replace the tools: the set is not known',
    code: `import { ToolLoopAgent, tool } from 'ai';
import { z } from 'zod';

const search = tool({ description: 'Search the web.', inputSchema: z.object({ query: z.string() }), execute: async ({ query }) => [query] });
const offline = { cached: tool({ description: 'Cached pages.', inputSchema: z.object({}), execute: async () => [] }) };

export function createResearcher(useCache: boolean) {
  return new ToolLoopAgent({
    id: 'researcher',
    model: 'openai/gpt-4o-mini',
    tools: { search },
    activeTools: ['cached'],
    ...(useCache ? { tools: offline } : {}),
  });
}
`,
  },
];

runCases(RULE, rule, {
  valid: [...validCases, { mode: 'syntax', name: 'imported tools are unknown without type information', code: typedImports }],
  invalid: [
    { name: "a typo in the agent's forced tool", code: typo, errors: typoErrors },
    {
      name: 'AI SDK: conditional spreads of other settings leave the tools known',
      code: conditionalSpread,
      errors: [
        {
          messageId: 'unknownRequiredFunction',
          data: { option: 'activeTools', effect: 'the name is dropped and no tool is offered for it', name: 'fetchPage', set: 'agent "researcher"', available: '"search", "fetch"' },
          ...loc(conditionalSpread, "'fetchPage'"),
        },
      ],
    },
    {
      mode: 'syntax',
      name: 'a run forces a tool that only addTools() brings in later',
      code: addedLater,
      errors: [
        {
          messageId: 'requiredFunctionAddedLater',
          data: { option: 'requiredFunctionName', name: 'create_shipment', set: 'agent "packer"', available: '"open_shipping_desk"' },
          ...loc(addedLater, "'create_shipment'", 2),
        },
      ],
    },
    {
      mode: 'syntax',
      name: "a run with its own tools: the run's tools and the agent's are listed",
      code: runTools,
      errors: [
        {
          messageId: 'unknownRequiredFunction',
          data: { option: 'requiredFunctionName', effect: FORCED, name: 'log_calls', set: 'agent "sales" and this run\'s tools', available: '"crm.find_contact", "log_call"' },
          ...loc(runTools, "'log_calls'"),
        },
      ],
    },
    {
      mode: 'syntax',
      name: 'an agent without tools: nothing is configured',
      code: `import { Agent, type FunctionTool } from 'tool-identity-audit/runtime';

const empty = new Agent({ name: 'empty' });

export async function ask(defaults: { model?: string }, extra: FunctionTool[]) {
  await empty.run('hi', { ...defaults, tools: extra, toolChoice: { mode: 'required', requiredFunctionName: 'from_extra' } });
  return empty.run('hi', { model: defaults.model, toolChoice: { mode: 'required', requiredFunctionName: 'search' } });
}
`,
      errors: [
        {
          messageId: 'unknownRequiredFunction',
          data: { option: 'requiredFunctionName', effect: FORCED, name: 'search', set: 'agent "empty"', available: 'none' },
          line: 7,
          column: 105,
          endLine: 7,
          endColumn: 113,
        },
      ],
    },
    {
      mode: 'typed',
      name: 'tools imported through a barrel are followed (@openai/agents modelSettings.toolChoice)',
      code: typedImports,
      errors: [
        {
          messageId: 'unknownRequiredFunction',
          data: { option: 'toolChoice', effect: FORCED, name: 'forcast', set: 'agent "weather_desk"', available: '"get_user", "forecast"' },
          ...loc(typedImports, "'forcast'"),
        },
      ],
    },
  ],
});
