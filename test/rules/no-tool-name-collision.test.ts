// no-tool-name-collision: one exposure set (an agent's tools + handoffs, one MCP server instance)
// must not expose a routed name twice. The finding sits on each member that loses dispatch (the
// winner is the last handoff, else the last tool listed), where the set lists it.
import rule from '../../rules/no-tool-name-collision.js';
import { loc, runCases } from './testers.js';

const RULE = 'no-tool-name-collision';

// ---------------------------------------------------------------- invalid, one file

const twoSearchTools = `import { Agent, tool } from '@openai/agents';
import { z } from 'zod';

const searchOrders = tool({
  name: 'search',
  description: 'Search orders by order number or customer email.',
  parameters: z.object({ query: z.string() }),
  execute: async ({ query }) => \`orders matching \${query}\`,
});

const searchHelpCenter = tool({
  name: 'search',
  description: 'Search help-center articles.',
  parameters: z.object({ query: z.string() }),
  execute: async ({ query }) => \`articles matching \${query}\`,
});

export const supportAgent = new Agent({
  name: 'support_agent',
  instructions: 'Help customers with their orders and with product questions.',
  tools: [searchOrders, searchHelpCenter],
});
`;

const toolVersusDerivedHandoff = `import { Agent, tool } from '@openai/agents';
import { z } from 'zod';

const billingAgent = new Agent({
  name: 'billing_agent',
  instructions: 'Answer questions about invoices, charges and payment methods.',
});

const openBillingTicket = tool({
  name: 'transfer_to_billing_agent',
  description: 'Open a ticket in the billing queue.',
  parameters: z.object({ summary: z.string() }),
  execute: async ({ summary }) => \`ticket opened: \${summary}\`,
});

export const triageAgent = new Agent({
  name: 'triage_agent',
  instructions: 'Route the customer to the right team.',
  tools: [openBillingTicket],
  handoffs: [billingAgent],
});
`;

const twoHandoffOverrides = `import { Agent, handoff } from '@openai/agents';

const refundsAgent = new Agent({ name: 'refunds_agent', instructions: 'Handle refund requests.' });
const returnsAgent = new Agent({ name: 'returns_agent', instructions: 'Handle return labels.' });

export const triageAgent = new Agent({
  name: 'triage_agent',
  instructions: 'Route refunds and returns.',
  handoffs: [
    handoff(refundsAgent, { toolNameOverride: 'transfer_to_after_sales' }),
    handoff(returnsAgent, { toolNameOverride: 'transfer_to_after_sales' }),
  ],
});
`;

// `toFunctionToolName` turns both ' ' and '-' into '_': two agents, one derived handoff name.
const derivedHandoffNames = `import { Agent } from '@openai/agents';

const billingUs = new Agent({ name: 'Billing Desk', instructions: 'Invoices and charges.' });
const billingEu = new Agent({ name: 'Billing-Desk', instructions: 'Invoices and charges in the EU.' });

export const triageAgent = new Agent({
  name: 'triage_agent',
  instructions: 'Route billing questions.',
  handoffs: [billingUs, billingEu],
});
`;

const derivedAgentToolNames = `import { Agent } from '@openai/agents';

const researchUs = new Agent({ name: 'Research Agent', instructions: 'Research US sources.' });
const researchEu = new Agent({ name: 'Research-Agent', instructions: 'Research EU sources.' });

export const writer = new Agent({
  name: 'writer',
  instructions: 'Write reports from research.',
  tools: [researchUs.asTool({ toolDescription: 'US research.' }), researchEu.asTool({ toolDescription: 'EU research.' })],
});
`;

const agentToolVersusTool = `import { Agent, tool } from '@openai/agents';
import { z } from 'zod';

const research = new Agent({ name: 'research', instructions: 'Find sources.' });

const researchCache = tool({
  name: 'research',
  description: 'Read cached research notes.',
  parameters: z.object({ topic: z.string() }),
  execute: async ({ topic }) => \`notes on \${topic}\`,
});

export const writer = Agent.create({
  name: 'writer',
  instructions: 'Write reports.',
  tools: [research.asTool({ toolDescription: 'Ask the research agent.' }), researchCache],
});
`;

const sameToolTwice = `import { Agent, tool } from '@openai/agents';
import { z } from 'zod';

const getOrder = tool({
  name: 'get_order',
  description: 'Look up an order.',
  parameters: z.object({ orderNumber: z.string() }),
  execute: async ({ orderNumber }) => \`order \${orderNumber}\`,
});

const baseTools = [getOrder];

export const supportAgent = new Agent({
  name: 'support_agent',
  instructions: 'Help with orders.',
  tools: [...baseTools, getOrder],
});
`;

const namespaceMembersShareName = `import { Agent, defineTool, toolNamespace } from 'tool-identity-audit/runtime';
import { z } from 'zod';

const lookupAccount = defineTool<{ customerId: string }>({
  name: 'lookup_account',
  description: 'Look up a customer profile.',
  parameters: z.object({ customerId: z.string() }),
  execute: ({ customerId }) => ({ customerId, tier: 'gold' }),
});

const lookupAccountWithNotes = defineTool<{ customerId: string }>({
  name: 'lookup_account',
  description: 'Look up a customer profile with internal notes.',
  parameters: z.object({ customerId: z.string() }),
  execute: ({ customerId }) => ({ customerId, notes: [] }),
});

const crmTools = toolNamespace({
  name: 'crm',
  description: 'Customer profiles in the CRM.',
  tools: [lookupAccount, lookupAccountWithNotes],
});

export const accountsAgent = new Agent({
  name: 'accounts',
  instructions: 'Answer questions about customer accounts.',
  tools: [...crmTools],
});
`;

const twoDeferredTools = `import { Agent, tool } from '@openai/agents';
import { z } from 'zod';

const estimateDelivery = tool({
  name: 'estimate_delivery',
  description: 'Delivery window from the warehouse estimate.',
  parameters: z.object({ orderNumber: z.string() }),
  deferLoading: true,
  execute: async ({ orderNumber }) => \`window for \${orderNumber}\`,
});

const carrierEstimate = tool({
  name: 'estimate_delivery',
  description: 'Delivery window from the carrier.',
  parameters: z.object({ orderNumber: z.string() }),
  deferLoading: true,
  execute: async ({ orderNumber }) => \`carrier window for \${orderNumber}\`,
});

export const supportAgent = new Agent({
  name: 'support_agent',
  instructions: 'Answer delivery questions.',
  tools: [estimateDelivery, carrierEstimate],
});
`;

const mcpRegistersTwice = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const server = new McpServer({ name: 'docs', version: '1.0.0' });

server.registerTool(
  'search',
  { description: 'Search the API reference.', inputSchema: { query: z.string() } },
  async ({ query }) => ({ content: [{ type: 'text', text: \`reference results for \${query}\` }] }),
);

server.registerTool(
  'search',
  { description: 'Search the changelog.', inputSchema: { query: z.string() } },
  async ({ query }) => ({ content: [{ type: 'text', text: \`changelog results for \${query}\` }] }),
);
`;

const mcpThroughFunction = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

function registerReferenceTools(server: McpServer): void {
  server.registerTool(
    'search',
    { description: 'Search the API reference.', inputSchema: { query: z.string() } },
    async ({ query }) => ({ content: [{ type: 'text', text: \`reference results for \${query}\` }] }),
  );
}

function registerChangelogTools(server: McpServer): void {
  server.tool('search', { query: z.string() }, async ({ query }) => ({
    content: [{ type: 'text', text: \`changelog results for \${query}\` }],
  }));
}

const server = new McpServer({ name: 'docs', version: '1.0.0' });
registerReferenceTools(server);
registerChangelogTools(server);
`;

const handoffPushedLater = `import { Agent, tool } from '@openai/agents';
import { z } from 'zod';

const billing = new Agent({ name: 'billing', instructions: 'Billing questions.' });

const openBillingCase = tool({
  name: 'transfer_to_billing',
  description: 'Open a billing case for the back office.',
  parameters: z.object({ summary: z.string() }),
  execute: async ({ summary }) => \`case opened: \${summary}\`,
});

export const triage = new Agent({
  name: 'triage',
  instructions: 'Route the customer.',
  tools: [openBillingCase],
});

triage.handoffs.push(billing);
`;

const ownRuntimeCollision = `import { Agent, defineTool } from 'tool-identity-audit/runtime';
import { z } from 'zod';

const lookupOrder = defineTool<{ orderNumber: string }>({
  name: 'lookup_order',
  description: 'Look up an order by its number.',
  parameters: z.object({ orderNumber: z.string() }),
  execute: ({ orderNumber }) => ({ orderNumber }),
});

const lookupByTracking = defineTool<{ trackingNumber: string }>({
  name: 'lookup_order',
  description: 'Look up an order by its tracking number.',
  parameters: z.object({ trackingNumber: z.string() }),
  execute: ({ trackingNumber }) => ({ trackingNumber }),
});

export const warehouseOps = new Agent({
  name: 'warehouse_ops',
  instructions: 'Help the warehouse team.',
  tools: [lookupOrder, lookupByTracking],
  toolNameCollisionPolicy: 'error',
});
`;

// ---------------------------------------------------------------- typed: members from other modules

// Two tools named `search`, defined in fixtures/typed/tools/search-docs.ts and search-tickets.ts,
// meet in the agent of the linted file.
const crossModule = `import { Agent } from '@openai/agents';
import { searchDocs } from './tools/search-docs.js';
import { searchTickets } from './tools/search-tickets.js';

export const helpAgent = new Agent({
  name: 'help_agent',
  instructions: 'Answer product questions and find related tickets.',
  tools: [searchDocs, searchTickets],
});
`;

const crossModuleBarrel = `import { Agent } from '@openai/agents';
import * as toolkit from './tools/index.js';

export const helpAgent = new Agent({
  name: 'help_agent',
  instructions: 'Answer product questions.',
  tools: [...toolkit.baseTools, toolkit.searchDocs, toolkit.searchTickets],
});
`;

// The tool name is a constant of names.ts and the handoff target an agent of agents.ts.
const crossModuleHandoff = `import { Agent, tool } from '@openai/agents';
import { z } from 'zod';
import { billingAgent } from './agents.js';
import { NAMES } from './names.js';

const openBillingTicket = tool({
  name: NAMES.billing,
  description: 'Open a ticket in the billing queue.',
  parameters: z.object({ summary: z.string() }),
  execute: async ({ summary }) => \`ticket opened: \${summary}\`,
});

export const triageAgent = new Agent({
  name: 'triage_agent',
  instructions: 'Route the customer.',
  tools: [openBillingTicket],
  handoffs: [billingAgent],
});
`;

// mcp/register-search.ts registers `search` on the server it is given; this file then registers it again.
const crossModuleMcp = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { registerSearch } from './mcp/register-search.js';

const server = new McpServer({ name: 'docs', version: '1.0.0' });
registerSearch(server);
server.registerTool(
  'search',
  { description: 'Search the changelog.', inputSchema: { query: z.string() } },
  async ({ query }) => ({ content: [{ type: 'text', text: \`changelog results for \${query}\` }] }),
);
`;

// fixtures/typed/wiring.ts imports `telcoTriage` from this file and pushes the handoff to
// `billingAgent` (agent name 'billing_agent', derived tool name transfer_to_billing_agent). That
// module imports only the app's agents, not @openai/agents.
const handoffPushedFromAnotherModule = `import { Agent, tool } from '@openai/agents';
import { z } from 'zod';

const openBillingTicket = tool({
  name: 'transfer_to_billing_agent',
  description: 'Open a ticket in the billing queue.',
  parameters: z.object({ summary: z.string() }),
  execute: async ({ summary }) => \`ticket opened: \${summary}\`,
});

export const telcoTriage = new Agent({ name: 'telco_triage', instructions: 'Route the caller.', tools: [openBillingTicket] });
`;

// `const name = 'echo'` here and `const name = 'echo_back'` in tools/echo.ts are two constants.
const moduleLocalConstants = `import { Agent, tool } from '@openai/agents';
import { z } from 'zod';
import { echoBack } from './tools/echo.js';

const name = 'echo';

const echo = tool({
  name,
  description: 'Returns the text unchanged.',
  parameters: z.object({ text: z.string() }),
  execute: async ({ text }) => text,
});

export const selfTest = new Agent({ name: 'self_test', instructions: 'Run the self-test.', tools: [echo, echoBack] });
`;

const sameImportedNameOnTwoAgents = `import { Agent } from '@openai/agents';
import { searchDocs } from './tools/search-docs.js';
import { searchTickets } from './tools/search-tickets.js';

export const docsAgent = new Agent({ name: 'docs_agent', instructions: 'Product questions.', tools: [searchDocs] });
export const ticketsAgent = new Agent({ name: 'tickets_agent', instructions: 'Ticket questions.', tools: [searchTickets] });
`;

// ---------------------------------------------------------------- valid, one file

const validCases = [
  {
    name: 'the same tool name on two different agents',
    code: `import { Agent, handoff, tool } from '@openai/agents';
import { z } from 'zod';

const lookupOrder = tool({
  name: 'lookup_order',
  description: 'Look up an order by its number.',
  parameters: z.object({ orderNumber: z.string() }),
  execute: async ({ orderNumber }) => \`order \${orderNumber}\`,
});

const lookupOrderForRefund = tool({
  name: 'lookup_order',
  description: 'Look up an order with its refundable items.',
  parameters: z.object({ orderNumber: z.string() }),
  execute: async ({ orderNumber }) => \`refundable items of \${orderNumber}\`,
});

const refundsAgent = new Agent({
  name: 'refunds_agent',
  instructions: 'Handle refund requests.',
  tools: [lookupOrderForRefund],
});

export const triageAgent = new Agent({
  name: 'triage_agent',
  instructions: 'Answer order questions and route refunds.',
  tools: [lookupOrder],
  handoffs: [handoff(refundsAgent, { toolNameOverride: 'transfer_to_refunds' })],
});
`,
  },
  {
    name: 'the same tool name on two MCP server instances',
    code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

export const publicDocs = new McpServer({ name: 'docs', version: '1.0.0' });
export const internalDocs = new McpServer({ name: 'docs-internal', version: '1.0.0' });

publicDocs.registerTool('search', { inputSchema: { query: z.string() } }, async ({ query }) => ({
  content: [{ type: 'text', text: \`public results for \${query}\` }],
}));
internalDocs.registerTool('search', { inputSchema: { query: z.string() } }, async ({ query }) => ({
  content: [{ type: 'text', text: \`internal results for \${query}\` }],
}));
`,
  },
  {
    name: 'the same name in if/else branches that never run together',
    code: `import { Agent, tool } from '@openai/agents';
import { z } from 'zod';

const searchStable = tool({
  name: 'search',
  description: 'Search (stable index).',
  parameters: z.object({ query: z.string() }),
  execute: async ({ query }) => \`stable results for \${query}\`,
});

const searchBeta = tool({
  name: 'search',
  description: 'Search (beta index).',
  parameters: z.object({ query: z.string() }),
  execute: async ({ query }) => \`beta results for \${query}\`,
});

export function buildSupportAgent(beta: boolean) {
  if (beta) {
    return new Agent({ name: 'support_agent', instructions: 'Help customers.', tools: [searchBeta] });
  } else {
    return new Agent({ name: 'support_agent', instructions: 'Help customers.', tools: [searchStable] });
  }
}

export const previewAgent = new Agent({
  name: 'preview_agent',
  instructions: 'Help beta customers.',
  tools: process.env.BETA ? [searchBeta] : [searchStable],
});
`,
  },
  {
    name: 'the same name in two test cases, each with its own agent',
    code: `import { Agent, tool } from '@openai/agents';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

describe('support agent', () => {
  it('answers from the stable index', () => {
    const search = tool({ name: 'search', description: 'Stable.', parameters: z.object({ q: z.string() }), execute: async ({ q }) => q });
    expect(new Agent({ name: 'support_agent', instructions: 'Help.', tools: [search] }).tools).toHaveLength(1);
  });

  it('answers from the beta index', () => {
    const search = tool({ name: 'search', description: 'Beta.', parameters: z.object({ q: z.string() }), execute: async ({ q }) => q });
    expect(new Agent({ name: 'support_agent', instructions: 'Help.', tools: [search] }).tools).toHaveLength(1);
  });
});
`,
  },
  {
    name: 'a bare tool and a deferred top-level tool with the same name',
    code: `import { Agent, tool } from '@openai/agents';
import { z } from 'zod';

const estimateDelivery = tool({
  name: 'estimate_delivery',
  description: 'Quick delivery window from the warehouse.',
  parameters: z.object({ orderNumber: z.string() }),
  execute: async ({ orderNumber }) => \`window for \${orderNumber}\`,
});

const carrierEstimate = tool({
  name: 'estimate_delivery',
  description: 'Carrier delivery window with time slots; loaded on demand.',
  parameters: z.object({ orderNumber: z.string() }),
  deferLoading: true,
  execute: async ({ orderNumber }) => \`carrier window for \${orderNumber}\`,
});

export const supportAgent = new Agent({
  name: 'support_agent',
  instructions: 'Answer delivery questions.',
  tools: [estimateDelivery, carrierEstimate],
});
`,
  },
  {
    name: 'the same member name in two different namespaces',
    code: `import { Agent, tool, toolNamespace } from '@openai/agents';
import { z } from 'zod';

const byCustomer = z.object({ customerId: z.string() });

const crmTools = toolNamespace({
  name: 'crm',
  description: 'Customer profiles in the CRM.',
  tools: [
    tool({
      name: 'lookup_account',
      description: 'Look up a customer profile.',
      parameters: byCustomer,
      execute: async ({ customerId }) => \`profile of \${customerId}\`,
    }),
  ],
});

const ledgerTools = toolNamespace({
  name: 'ledger',
  description: 'Balances and payments in the billing ledger.',
  tools: [
    tool({
      name: 'lookup_account',
      description: 'Look up the billing account.',
      parameters: byCustomer,
      execute: async ({ customerId }) => \`billing account of \${customerId}\`,
    }),
  ],
});

export const accountsAgent = new Agent({
  name: 'accounts',
  instructions: 'Answer questions about customer accounts and billing.',
  tools: [...crmTools, ...ledgerTools],
});
`,
  },
  {
    name: 'names that are not definitions: conversation items, activeTools lists, a front-end render hook',
    code: `import { Agent, tool, type AgentInputItem } from '@openai/agents';
import { makeAssistantToolUI } from '@assistant-ui/react';
import { z } from 'zod';

const getOrder = tool({
  name: 'get_order',
  description: 'Look up an order.',
  parameters: z.object({ orderNumber: z.string() }),
  execute: async ({ orderNumber }) => \`order \${orderNumber}\`,
});

export const supportAgent = new Agent({ name: 'support_agent', instructions: 'Help with orders.', tools: [getOrder] });

export function seededItems(orderNumber: string, order: unknown): AgentInputItem[] {
  const callId = \`call_\${Date.now()}\`;
  return [
    { type: 'function_call', callId, name: 'get_order', arguments: JSON.stringify({ orderNumber }), status: 'completed' },
    { type: 'function_call_result', callId, name: 'get_order', status: 'completed', output: { type: 'text', text: JSON.stringify(order) } },
  ];
}

export const channelPolicy = { activeTools: ['get_order', 'get_order', 'track_shipment'] };

export const OrderCard = makeAssistantToolUI({ toolName: 'get_order', render: () => null });
`,
  },
  {
    name: 'dynamic names are unknown, never a collision',
    code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Agent, tool } from '@openai/agents';
import { z } from 'zod';

export interface Macro {
  name: string;
  body: string;
}

export function startServer(macros: readonly Macro[], config: { toolName: string }) {
  const server = new McpServer({ name: 'helpdesk', version: '1.0.0' });
  server.registerTool('search', { inputSchema: { query: z.string() } }, async ({ query }) => ({
    content: [{ type: 'text', text: \`results for \${query}\` }],
  }));
  for (const macro of macros) {
    server.registerTool(macro.name, { inputSchema: {} }, async () => ({ content: [{ type: 'text', text: macro.body }] }));
  }

  const search = tool({
    name: 'search',
    description: 'Search.',
    parameters: z.object({ query: z.string() }),
    execute: async ({ query }) => query,
  });
  const configured = tool({
    name: config.toolName,
    description: 'Configured per tenant.',
    parameters: z.object({ query: z.string() }),
    execute: async ({ query }) => query,
  });
  return { server, agent: new Agent({ name: 'tenant_agent', instructions: 'Help the tenant.', tools: [search, configured] }) };
}
`,
  },
  {
    name: 'unique routed names: override, derived handoff name and explicit agent-tool name',
    code: `import { Agent, handoff, tool, webSearchTool } from '@openai/agents';
import { z } from 'zod';

const refundsAgent = new Agent({ name: 'refunds_agent', instructions: 'Refunds.' });
const supportAgent = new Agent({ name: 'support_agent', instructions: 'Orders.' });
const policyAgent = new Agent({ name: 'refund_policy_agent', instructions: 'Refund policy.' });

const webSearch = tool({
  name: 'web_search',
  description: 'Search our own site.',
  parameters: z.object({ query: z.string() }),
  execute: async ({ query }) => query,
});

export const triageAgent = new Agent({
  name: 'triage_agent',
  instructions: 'Route the customer.',
  tools: [webSearchTool(), webSearch, policyAgent.asTool({ toolName: 'check_refund_policy', toolDescription: 'Refund policy.' })],
  handoffs: [handoff(refundsAgent, { toolNameOverride: 'transfer_to_refunds' }), supportAgent],
});

triageAgent.handoffs.push(handoff(policyAgent, { toolNameOverride: 'ask_policy' }));
`,
  },
  {
    name: 'the same tool on two agents of the reference runtime',
    code: `import { Agent, defineTool } from 'tool-identity-audit/runtime';
import { z } from 'zod';

const lookupLine = defineTool<{ msisdn: string }>({
  name: 'lookup_line',
  description: 'Look up a phone line.',
  parameters: z.object({ msisdn: z.string() }),
  execute: ({ msisdn }) => ({ msisdn }),
});

export const support = new Agent({ name: 'support', instructions: 'Line support.', tools: [lookupLine] });
export const billing = new Agent({ name: 'billing', instructions: 'Line billing.', tools: [lookupLine], handoffs: [support] });
`,
  },
];

runCases(RULE, rule, {
  valid: [
    ...validCases,
    // Without type information imported members are unknown: the typed collisions below are not seen.
    { mode: 'syntax', name: 'syntax only: two imported tools named `search` are unknown', code: crossModule },
    { mode: 'syntax', name: 'syntax only: members behind a namespace import are unknown', code: crossModuleBarrel },
    { mode: 'syntax', name: 'syntax only: an imported constant name and an imported handoff target are unknown', code: crossModuleHandoff },
    { mode: 'syntax', name: 'syntax only: a registration inside an imported function is unknown', code: crossModuleMcp },
    { mode: 'syntax', name: 'syntax only: a handoff pushed by another module is unknown', code: handoffPushedFromAnotherModule },
    { mode: 'typed', name: 'module-local constants `name` in two modules are two constants', code: moduleLocalConstants },
    { mode: 'typed', name: 'the same imported name on two agents', code: sameImportedNameOnTwoAgents },
  ],
  invalid: [
    {
      name: 'two function tools named `search` on one agent (@openai/agents)',
      code: twoSearchTools,
      errors: [
        {
          messageId: 'duplicateToolName',
          data: { name: 'search', set: 'agent "support_agent"', winner: 'the last tool listed', remedy: 'a unique name or a namespace' },
          ...loc(twoSearchTools, 'searchOrders', 2),
        },
      ],
    },
    {
      mode: 'syntax',
      name: 'a function tool and the derived handoff name transfer_to_billing_agent',
      code: toolVersusDerivedHandoff,
      errors: [
        {
          messageId: 'toolHandoffCollision',
          data: { name: 'transfer_to_billing_agent', set: 'agent "triage_agent"', winner: 'the handoff to agent "billing_agent"' },
          ...loc(toolVersusDerivedHandoff, 'openBillingTicket', 2),
        },
      ],
    },
    {
      mode: 'syntax',
      name: 'two handoffs with one toolNameOverride',
      code: twoHandoffOverrides,
      errors: [
        {
          messageId: 'duplicateHandoffName',
          data: { name: 'transfer_to_after_sales', set: 'agent "triage_agent"', winner: 'the handoff to agent "returns_agent"' },
          ...loc(twoHandoffOverrides, "handoff(refundsAgent, { toolNameOverride: 'transfer_to_after_sales' })"),
        },
      ],
    },
    {
      mode: 'syntax',
      name: 'two agents whose names derive the same handoff tool name',
      code: derivedHandoffNames,
      errors: [
        {
          messageId: 'derivedNameCollision',
          data: {
            name: 'transfer_to_Billing_Desk',
            set: 'agent "triage_agent"',
            first: 'Billing Desk',
            second: 'Billing-Desk',
            option: 'toolNameOverride',
          },
          ...loc(derivedHandoffNames, 'billingUs', 2),
        },
      ],
    },
    {
      mode: 'syntax',
      name: 'two agents used as tools whose names derive the same tool name',
      code: derivedAgentToolNames,
      errors: [
        {
          messageId: 'derivedNameCollision',
          data: { name: 'Research_Agent', set: 'agent "writer"', first: 'Research Agent', second: 'Research-Agent', option: 'toolName' },
          ...loc(derivedAgentToolNames, 'researchUs.asTool'),
        },
      ],
    },
    {
      mode: 'syntax',
      name: 'agent.asTool() without toolName collides with a function tool named after the agent (Agent.create)',
      code: agentToolVersusTool,
      errors: [
        {
          messageId: 'duplicateToolName',
          data: { name: 'research', set: 'agent "writer"', winner: 'the last tool listed', remedy: 'a unique name or a namespace' },
          ...loc(agentToolVersusTool, 'research.asTool'),
        },
      ],
    },
    {
      mode: 'syntax',
      name: 'the same tool object listed twice (once through a spread)',
      code: sameToolTwice,
      errors: [
        {
          messageId: 'sameToolListedTwice',
          data: { name: 'get_order', set: 'agent "support_agent"' },
          ...loc(sameToolTwice, 'getOrder', 3),
        },
      ],
    },
    {
      mode: 'syntax',
      name: 'two members of one namespace with one name (reference runtime)',
      code: namespaceMembersShareName,
      errors: [
        {
          messageId: 'qualifiedNameCollision',
          data: {
            name: 'crm.lookup_account',
            set: 'agent "accounts"',
            detail: '"lookup_account" in namespace "crm" and "lookup_account" in namespace "crm"',
          },
          ...loc(namespaceMembersShareName, '...crmTools'),
        },
      ],
    },
    {
      mode: 'syntax',
      name: 'two deferred-loading tools with one name',
      code: twoDeferredTools,
      errors: [
        {
          messageId: 'deferredNameCollision',
          data: { name: 'estimate_delivery', set: 'agent "support_agent"' },
          ...loc(twoDeferredTools, 'carrierEstimate', 2),
        },
      ],
    },
    {
      mode: 'syntax',
      name: 'one MCP server registers `search` twice',
      code: mcpRegistersTwice,
      errors: [{ messageId: 'mcpDuplicateRegistration', data: { server: '"docs"', name: 'search' }, ...loc(mcpRegistersTwice, "'search'", 2) }],
    },
    {
      mode: 'syntax',
      name: 'one MCP server instance passed to two registration functions (server.registerTool and server.tool)',
      code: mcpThroughFunction,
      errors: [{ messageId: 'mcpDuplicateRegistration', data: { server: '"docs"', name: 'search' }, ...loc(mcpThroughFunction, "'search'", 2) }],
    },
    {
      mode: 'syntax',
      name: 'a handoff pushed after construction collides with a tool',
      code: handoffPushedLater,
      errors: [
        {
          messageId: 'toolHandoffCollision',
          data: { name: 'transfer_to_billing', set: 'agent "triage"', winner: 'the handoff to agent "billing"' },
          ...loc(handoffPushedLater, 'openBillingCase', 2),
        },
      ],
    },
    {
      mode: 'syntax',
      name: 'two defineTool() tools with one name on an Agent of the reference runtime',
      code: ownRuntimeCollision,
      errors: [
        {
          messageId: 'duplicateToolName',
          data: { name: 'lookup_order', set: 'agent "warehouse_ops"', winner: 'the last tool listed', remedy: 'a unique name or a namespace' },
          ...loc(ownRuntimeCollision, 'lookupOrder', 2),
        },
      ],
    },
    {
      mode: 'typed',
      name: 'two tools defined in two other modules meet in this agent',
      code: crossModule,
      errors: [
        {
          messageId: 'duplicateToolName',
          data: {
            name: 'search',
            set: 'agent "help_agent"',
            winner: 'the last tool listed',
            remedy: 'a unique name or a namespace',
            // ESLint's message names both definitions, in their modules, as the CLI's related locations do.
            otherPlaces: ' Also at tools/search-tickets.ts:5, tools/search-docs.ts:5.',
          },
          ...loc(crossModule, 'searchDocs', 2),
        },
      ],
    },
    {
      mode: 'typed',
      name: 'members read through a namespace import of a barrel that re-exports them',
      code: crossModuleBarrel,
      errors: [
        {
          messageId: 'duplicateToolName',
          data: {
            name: 'search',
            set: 'agent "help_agent"',
            winner: 'the last tool listed',
            remedy: 'a unique name or a namespace',
            otherPlaces: ' Also at tools/search-tickets.ts:5, tools/search-docs.ts:5.',
          },
          ...loc(crossModuleBarrel, 'toolkit.searchDocs'),
        },
      ],
    },
    {
      mode: 'typed',
      name: 'a tool named by an imported constant collides with the handoff to an imported agent',
      code: crossModuleHandoff,
      errors: [
        {
          messageId: 'toolHandoffCollision',
          data: { name: 'transfer_to_billing_agent', set: 'agent "triage_agent"', winner: 'the handoff to agent "billing_agent"', otherPlaces: ' Also at agents.ts:4.' },
          ...loc(crossModuleHandoff, 'openBillingTicket', 2),
        },
      ],
    },
    {
      mode: 'typed',
      name: 'a server passed to an imported registration function, then registering the same name',
      code: crossModuleMcp,
      errors: [{ messageId: 'mcpDuplicateRegistration', data: { server: '"docs"', name: 'search', otherPlaces: ' Also at mcp/register-search.ts:6.' }, ...loc(crossModuleMcp, "'search'") }],
    },
    {
      mode: 'typed',
      name: 'a handoff pushed into this agent from another module collides with its tool',
      code: handoffPushedFromAnotherModule,
      errors: [
        {
          messageId: 'toolHandoffCollision',
          data: {
            name: 'transfer_to_billing_agent',
            set: 'agent "telco_triage"',
            winner: 'the handoff to agent "billing_agent"',
            otherPlaces: ' Also at wiring.ts:8, agents.ts:4.',
          },
          ...loc(handoffPushedFromAnotherModule, 'openBillingTicket', 2),
        },
      ],
    },
  ],
});

// ---------------------------------------------------------------- MCP SDK v2, registerToolTask, our handoff(), isEnabled, casts

// One receiver, one function: a server received as a typed parameter is one instance on syntax alone.
const v2TypedParameter = `import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

export function registerIncidentTools(server: McpServer): void {
  server.registerTool('open_incident', { inputSchema: z.object({ title: z.string() }) }, async ({ title }) => ({
    content: [{ type: 'text', text: title }],
  }));
  server.registerTool('open_incident', { inputSchema: z.object({ title: z.string(), team: z.string() }) }, async ({ title }) => ({
    content: [{ type: 'text', text: title }],
  }));
}
`;

// v1 path, the type read through a namespace import, the instance passed on to a helper.
const v1TypedParameterThroughHelper = `import type * as mcp from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

function addAlias(target: mcp.McpServer): void {
  target.tool('search', { query: z.string() }, async ({ query }) => ({ content: [{ type: 'text', text: query }] }));
}

export function registerSearchTools(server: mcp.McpServer): void {
  server.tool('search', { query: z.string() }, async ({ query }) => ({ content: [{ type: 'text', text: query }] }));
  addAlias(server);
}
`;

const taskReplacesTool = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const server = new McpServer({ name: 'reports', version: '1.0.0' });

server.registerTool('build_report', { inputSchema: { month: z.string() } }, async ({ month }) => ({
  content: [{ type: 'text', text: month }],
}));

server.experimental.tasks.registerToolTask(
  'build_report',
  { inputSchema: { month: z.string() }, execution: { taskSupport: 'required' } },
  {
    createTask: async (_args, extra) => ({ task: await extra.taskStore.createTask({ ttl: 60_000 }) }),
    getTask: async (_args, extra) => extra.taskStore.getTask(extra.taskId),
    getTaskResult: async (_args, extra) => extra.taskStore.getTaskResult(extra.taskId),
  },
);
`;

const toolAfterTask = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const server = new McpServer({ name: 'reports', version: '1.0.0' });
const handler = {
  createTask: async (_args: unknown, extra: any) => ({ task: await extra.taskStore.createTask({ ttl: 60_000 }) }),
  getTask: async (_args: unknown, extra: any) => extra.taskStore.getTask(extra.taskId),
  getTaskResult: async (_args: unknown, extra: any) => extra.taskStore.getTaskResult(extra.taskId),
};

server.experimental.tasks.registerToolTask('build_report', { inputSchema: { month: z.string() } }, handler);
server.registerTool('build_report', { inputSchema: { month: z.string() } }, async ({ month }) => ({
  content: [{ type: 'text', text: month }],
}));
`;

const ownHandoffs = `import { Agent, defineTool, handoff } from 'tool-identity-audit/runtime';

const billing = new Agent({ name: 'Billing', instructions: 'Invoices and refunds.' });
const refunds = new Agent({ name: 'Refunds', instructions: 'Refunds only.' });

const escalate = defineTool({
  name: 'escalate',
  description: 'Escalate to a human.',
  parameters: { type: 'object', properties: {} },
  execute: () => 'escalated',
});

export const triage = new Agent({
  name: 'Triage',
  tools: [escalate],
  handoffs: [handoff(billing, { toolNameOverride: 'escalate' })],
});

export const desk = new Agent({
  name: 'Desk',
  handoffs: [handoff(billing, { toolNameOverride: 'to_money' }), handoff(refunds, { toolNameOverride: 'to_money' })],
});
`;

const ownHandoffsFine = `import { Agent, defineTool, handoff } from 'tool-identity-audit/runtime';

const billing = new Agent({ name: 'Billing', instructions: 'Invoices and refunds.' });
const escalate = defineTool({
  name: 'escalate',
  description: 'Escalate to a human.',
  parameters: { type: 'object', properties: {} },
  execute: () => 'escalated',
});

// An empty override falls back to the derived name transfer_to_billing.
export const triage = new Agent({ name: 'Triage', tools: [escalate], handoffs: [handoff(billing, { toolNameOverride: '' })] });
export const desk = new Agent({ name: 'Desk', tools: [escalate], handoffs: [handoff(billing, { toolNameOverride: 'to_billing' })] });
`;

const disabledMembers = `import { Agent, handoff, tool } from '@openai/agents';
import { z } from 'zod';

const billing = new Agent({ name: 'billing', instructions: 'Billing questions.' });

const openBillingCase = tool({
  name: 'transfer_to_billing',
  description: 'Open a case in the billing queue.',
  parameters: z.object({ summary: z.string() }),
  execute: async ({ summary }) => summary,
});

const legacyBillingCase = tool({
  name: 'transfer_to_billing',
  description: 'The old billing queue (switched off).',
  parameters: z.object({ summary: z.string() }),
  execute: async ({ summary }) => summary,
  isEnabled: false,
});

// The handoff is switched off: only the tool is offered.
export const triage = new Agent({
  name: 'triage',
  instructions: 'Route the user.',
  tools: [openBillingCase],
  handoffs: [handoff(billing, { isEnabled: false })],
});

// The disabled tool is not offered next to the handoff.
export const frontDesk = new Agent({ name: 'front_desk', instructions: 'Route.', tools: [legacyBillingCase], handoffs: [billing] });
`;

const maybeEnabled = `import { Agent, handoff, tool } from '@openai/agents';
import { z } from 'zod';

const billing = new Agent({ name: 'billing', instructions: 'Billing questions.' });
const billingOpen = process.env.BILLING_OPEN === '1';

const openBillingCase = tool({
  name: 'transfer_to_billing',
  description: 'Open a case in the billing queue.',
  parameters: z.object({ summary: z.string() }),
  execute: async ({ summary }) => summary,
  isEnabled: ({ runContext }) => runContext.context !== undefined,
});

export const triage = new Agent({
  name: 'triage',
  instructions: 'Route the user.',
  tools: [openBillingCase],
  handoffs: [handoff(billing, { isEnabled: billingOpen })],
});
`;

const castsAroundSets = `import { Agent, tool } from '@openai/agents';
import { z } from 'zod';

const billing = new Agent({ name: 'billing', instructions: 'Billing questions.' });
const openBillingCase = tool({
  name: 'transfer_to_billing',
  description: 'Open a case in the billing queue.',
  parameters: z.object({ summary: z.string() }),
  execute: async ({ summary }) => summary,
});

export const first = new Agent({ name: 'first', instructions: 'Route.', tools: [openBillingCase] });
(first.handoffs as any).push(billing);

export const second = new Agent({ name: 'second', instructions: 'Route.', tools: [openBillingCase] });
(second as any)['handoffs'].push(billing);

export const third = new Agent({ name: 'third', instructions: 'Route.' });
(<any>third).tools = [openBillingCase];
third!.handoffs!.push(billing);
`;

const twoFunctionsTwoParameters = `import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

// Two functions, two receivers: nothing in this file says they get one instance.
export function registerDocs(server: McpServer): void {
  server.registerTool('search', { inputSchema: z.object({ q: z.string() }) }, async ({ q }) => ({ content: [{ type: 'text', text: q }] }));
}

export function registerChangelog(server: McpServer): void {
  server.registerTool('search', { inputSchema: z.object({ q: z.string() }) }, async ({ q }) => ({ content: [{ type: 'text', text: q }] }));
}

// Not a server type: any object with a registerTool method.
export function registerOn(registry: { registerTool(name: string, ...rest: unknown[]): void }): void {
  registry.registerTool('search', {}, () => undefined);
  registry.registerTool('search', {}, () => undefined);
}

// Not reached through experimental.tasks: some other registerToolTask.
export function registerTasks(server: McpServer, queue: { registerToolTask(...args: unknown[]): void }): void {
  queue.registerToolTask('search', {}, {});
  queue.registerToolTask('search', {}, {});
  if (process.env.FLAVOUR === 'a') server.registerTool('flavour', {}, async () => ({ content: [] }));
  else server.registerTool('flavour', {}, async () => ({ content: [] }));
}
`;

runCases(`${RULE}: MCP SDK v2, registerToolTask, handoff() of the runtime, isEnabled, casts`, rule, {
  valid: [
    { name: 'two functions with a typed server parameter each, other receivers, branches', code: twoFunctionsTwoParameters },
    { name: 'handoff() of the runtime: an empty override falls back to the derived name; distinct overrides', code: ownHandoffsFine },
    { name: 'isEnabled: false takes a tool or a handoff out of the agent', code: disabledMembers },
  ],
  invalid: [
    {
      name: 'v2: a typed `server: McpServer` parameter registers one name twice in one function',
      code: v2TypedParameter,
      errors: [{ messageId: 'mcpDuplicateRegistration', data: { server: 'instance', name: 'open_incident' }, ...loc(v2TypedParameter, "'open_incident'", 2) }],
    },
    {
      name: 'v1: a namespace-typed parameter passed on to a helper that registers the same name',
      code: v1TypedParameterThroughHelper,
      errors: [{ messageId: 'mcpDuplicateRegistration', data: { server: 'instance', name: 'search' }, ...loc(v1TypedParameterThroughHelper, "'search'") }],
    },
    {
      name: 'registerToolTask after registerTool replaces the tool (no throw)',
      code: taskReplacesTool,
      errors: [{ messageId: 'mcpReplacedRegistration', data: { server: '"reports"', name: 'build_report' }, ...loc(taskReplacesTool, "'build_report'", 2) }],
    },
    {
      name: 'registerTool after registerToolTask throws',
      code: toolAfterTask,
      errors: [{ messageId: 'mcpDuplicateRegistration', data: { server: '"reports"', name: 'build_report' }, ...loc(toolAfterTask, "'build_report'", 2) }],
    },
    {
      name: 'handoff() of the runtime: an override equal to a tool name, and two handoffs with one override',
      code: ownHandoffs,
      errors: [
        {
          messageId: 'toolHandoffCollision',
          data: { name: 'escalate', set: 'agent "Triage"', winner: 'the handoff to agent "Billing"' },
          ...loc(ownHandoffs, 'escalate', 4),
        },
        {
          messageId: 'duplicateHandoffName',
          data: { name: 'to_money', set: 'agent "Desk"', winner: 'the handoff to agent "Refunds"' },
          ...loc(ownHandoffs, "handoff(billing, { toolNameOverride: 'to_money' })"),
        },
      ],
    },
    {
      name: 'isEnabled that is not the literal false keeps the member',
      code: maybeEnabled,
      errors: [
        {
          messageId: 'toolHandoffCollision',
          data: { name: 'transfer_to_billing', set: 'agent "triage"', winner: 'the handoff to agent "billing"' },
          ...loc(maybeEnabled, 'openBillingCase', 2),
        },
      ],
    },
    {
      name: 'casts, parentheses, non-null and a string key around an exposure set are followed',
      code: castsAroundSets,
      errors: [
        {
          messageId: 'toolHandoffCollision',
          data: { name: 'transfer_to_billing', set: 'agent "first"', winner: 'the handoff to agent "billing"' },
          ...loc(castsAroundSets, 'openBillingCase', 2),
        },
        {
          messageId: 'toolHandoffCollision',
          data: { name: 'transfer_to_billing', set: 'agent "second"', winner: 'the handoff to agent "billing"' },
          ...loc(castsAroundSets, 'openBillingCase', 3),
        },
        {
          messageId: 'toolHandoffCollision',
          data: { name: 'transfer_to_billing', set: 'agent "third"', winner: 'the handoff to agent "billing"' },
          ...loc(castsAroundSets, 'openBillingCase', 4),
        },
      ],
    },
  ],
});

// ---------------------------------------------------------------- runtime oracle regressions
// Each case is a disagreement test/oracle/runtime-oracle.test.ts found between the rule and what
// the reference runtime does with the same configuration, named after it.

const sameToolTwiceOnRuntimeAgent = `import { Agent, defineTool } from 'tool-identity-audit/runtime';

const getOrder = defineTool({
  name: 'get_order',
  description: 'Look up an order by its number.',
  parameters: { type: 'object', properties: { orderNumber: { type: 'string' } } },
  execute: () => ({ status: 'shipped' }),
});

const orderTools = [getOrder];

export const support = new Agent({ name: 'support', instructions: 'Order questions.', tools: [...orderTools, getOrder] });
`;

const oneToolTwiceInNamespace = `import { Agent, defineTool, toolNamespace } from 'tool-identity-audit/runtime';

const lookupAccount = defineTool({
  name: 'lookup_account',
  description: 'Look up a customer profile.',
  parameters: { type: 'object', properties: { customerId: { type: 'string' } } },
  execute: () => ({ tier: 'gold' }),
});

const crmTools = toolNamespace({ name: 'crm', description: 'Customer profiles in the CRM.', tools: [lookupAccount, lookupAccount] });

export const accounts = new Agent({ name: 'accounts', instructions: 'Customer accounts.', tools: [...crmTools] });
`;

const oneAgentTwiceAsHandoff = `import { Agent, handoff } from 'tool-identity-audit/runtime';

const billing = new Agent({ name: 'Billing', instructions: 'Invoices and charges.' });
const toBilling = handoff(billing, { toolNameOverride: 'to_billing' });

export const triage = new Agent({ name: 'Triage', instructions: 'Route the customer.', handoffs: [billing, billing] });
export const desk = new Agent({ name: 'Desk', instructions: 'Route the customer.', handoffs: [toBilling, toBilling] });
`;

const loaderIntoLiveList = `import { Agent, defineTool, handoff } from 'tool-identity-audit/runtime';

const params = { type: 'object', properties: {} } as const;
const lookupOrder = defineTool({ name: 'lookup_order', description: 'Look up an order.', parameters: params, execute: () => 'order' });
const lookupOrderV2 = defineTool({ name: 'lookup_order', description: 'Look up an order with its items.', parameters: params, execute: () => 'order and items' });
const searchArchive = defineTool({ name: 'search', description: 'Search archived orders.', parameters: params, execute: () => 'archived' });

const loadArchive = defineTool({
  name: 'load_archive',
  description: 'Make the archive tools available.',
  parameters: params,
  execute: (_args, ctx) => {
    ctx.addTools([searchArchive, lookupOrderV2]);
    return 'loaded';
  },
});

const billing = new Agent({ name: 'Billing', instructions: 'Invoices.' });
export const support = new Agent({
  name: 'support',
  instructions: 'Order questions.',
  tools: [lookupOrder, loadArchive],
  handoffs: [handoff(billing, { toolNameOverride: 'search' })],
});
`;

const loaderSwapsOrReaddsTools = `import { Agent, defineTool } from 'tool-identity-audit/runtime';

const params = { type: 'object', properties: {} } as const;
const lookupOrder = defineTool({ name: 'lookup_order', description: 'Look up an order.', parameters: params, execute: () => 'order' });
const lookupOrderV2 = defineTool({ name: 'lookup_order', description: 'Look up an order with its items.', parameters: params, execute: () => 'order and items' });

// Re-adding a tool the agent already lists is a no-op.
const reload = defineTool({
  name: 'reload',
  description: 'Make sure the order tool is there.',
  parameters: params,
  execute: (_args, ctx) => {
    ctx.addTools([lookupOrder]);
    return 'ok';
  },
});

// Removing the old tool first makes room for the new one: not followed into the agent.
const upgrade = defineTool({
  name: 'upgrade',
  description: 'Swap in the detailed order tool.',
  parameters: params,
  execute: (_args, ctx) => {
    ctx.removeTools('lookup_order');
    ctx.addTools([lookupOrderV2]);
    return 'ok';
  },
});

export const support = new Agent({ name: 'support', instructions: 'Order questions.', tools: [lookupOrder, reload, upgrade] });
`;

// Found by test/oracle/eslint-parity.test.ts: without the target's name the winner was agent "?".
const overridesToImportedAgent = `import { Agent, handoff } from 'tool-identity-audit/runtime';
import { billing } from './specialists.js';

export const triage = new Agent({
  name: 'Triage',
  instructions: 'Route the customer.',
  handoffs: [handoff(billing, { toolNameOverride: 'to_billing' }), handoff(billing, { toolNameOverride: 'to_billing' })],
});
`;

runCases(`${RULE}: runtime oracle regressions`, rule, {
  valid: [
    { name: 'runtime oracle: the same tool object listed twice on a runtime agent is kept once', code: sameToolTwiceOnRuntimeAgent },
    { name: 'runtime oracle: an addTools that re-adds a listed tool, or that removes first, is no collision', code: loaderSwapsOrReaddsTools },
  ],
  invalid: [
    {
      name: 'runtime oracle: one tool listed twice in toolNamespace() is two namespaced copies',
      code: oneToolTwiceInNamespace,
      errors: [
        {
          messageId: 'qualifiedNameCollision',
          data: {
            name: 'crm.lookup_account',
            set: 'agent "accounts"',
            detail: '"lookup_account" in namespace "crm" and "lookup_account" in namespace "crm"',
          },
          ...loc(oneToolTwiceInNamespace, '...crmTools'),
        },
      ],
    },
    {
      name: 'runtime oracle: one agent or one handoff() listed twice as a handoff is two handoffs',
      code: oneAgentTwiceAsHandoff,
      errors: [
        {
          messageId: 'duplicateHandoffName',
          data: { name: 'transfer_to_billing', set: 'agent "Triage"', winner: 'the handoff to agent "Billing"' },
          ...loc(oneAgentTwiceAsHandoff, 'billing', 4),
        },
        {
          messageId: 'duplicateHandoffName',
          data: { name: 'to_billing', set: 'agent "Desk"', winner: 'the handoff to agent "Billing"' },
          ...loc(oneAgentTwiceAsHandoff, 'toBilling', 2),
        },
      ],
    },
    {
      mode: 'syntax',
      name: 'ESLint/CLI parity: two handoffs with one override to an agent whose name is unknown route to the last one listed',
      code: overridesToImportedAgent,
      errors: [
        {
          messageId: 'duplicateHandoffName',
          data: { name: 'to_billing', set: 'agent "Triage"', winner: 'the last handoff listed' },
          ...loc(overridesToImportedAgent, "handoff(billing, { toolNameOverride: 'to_billing' })"),
        },
      ],
    },
    {
      name: 'runtime oracle: addTools in a tool execute adds to the live list of the agent that lists the tool',
      code: loaderIntoLiveList,
      errors: [
        {
          messageId: 'toolHandoffCollision',
          data: { name: 'search', set: 'agent "support" after this addTools() call', winner: 'the handoff to agent "Billing"' },
          ...loc(loaderIntoLiveList, 'searchArchive', 2),
        },
        {
          messageId: 'addedNameTaken',
          data: { name: 'lookup_order', set: 'agent "support"', other: 'a tool it lists' },
          ...loc(loaderIntoLiveList, 'lookupOrderV2', 2),
        },
      ],
    },
  ],
});

// ---------------------------------------------------------------- one definition, one name
// The same value listed twice, or two instances of one class, carry one name whatever it is: a
// collision even where the name is not known here (imported, ESLint without types; a package the
// analysis does not read; a name set at run time). With the definition in view the message names
// the tool (typed ESLint, the CLI on a project).

// fixtures/typed/tools/search-docs.ts defines `searchDocs` (name 'search').
const importedToolTwice = `import { Agent } from '@openai/agents';
import { searchDocs } from './tools/search-docs.js';
import { getUser } from './tools/users.js';

export const helpAgent = new Agent({
  name: 'help_agent',
  instructions: 'Answer product questions and look up the customer.',
  tools: [searchDocs, getUser, searchDocs],
});
`;

// An alias of the import, listed after a local list that holds the import itself.
const importedToolThroughAlias = `import { Agent } from '@openai/agents';
import { searchDocs } from './tools/search-docs.js';
import { getUser } from './tools/users.js';

const customerTools = [searchDocs, getUser];
const docs = searchDocs;

export const accountAgent = new Agent({
  name: 'account_agent',
  instructions: 'Help with the account.',
  tools: [...customerTools, docs],
});
`;

// GmailSearch comes from a package the analysis never reads: its name is unknown in every front end.
const twoMailboxesOneClass = `import { GmailSearch } from '@langchain/community/tools/gmail';
import { createAgent } from 'langchain';

const personal = { credentials: { keyfile: './credentials/personal.json' } };
const work = { credentials: { keyfile: './credentials/work.json' } };

// Two mailboxes, one tool class: both entries are "search_gmail", and LangChain runs the first.
export const mailAgent = createAgent({
  model: 'openai:gpt-4.1',
  systemPrompt: 'Find emails in the personal and the work mailbox.',
  tools: [new GmailSearch(personal), new GmailSearch(work)],
});
`;

// fixtures/typed/tools/mailbox.ts: MailboxSearch names itself 'search_mailbox'; CalendarLookup sets
// its name in the constructor, so no front end computes it.
const instancesOfAProjectClass = `import { createAgent } from 'langchain';
import { CalendarLookup, MailboxSearch } from './tools/mailbox.js';

const support = { account: 'support@example.com' };
const billing = { account: 'billing@example.com' };

export const inboxAgent = createAgent({
  model: 'openai:gpt-4.1',
  tools: [new MailboxSearch(support), new MailboxSearch(billing)],
});

export const scheduleAgent = createAgent({
  model: 'openai:gpt-4.1',
  tools: [new CalendarLookup(support), new CalendarLookup(billing)],
});
`;

// The same object on an agent of @openai/agents: the request carries the name twice.
const oneInstanceTwice = `import { Agent } from '@openai/agents';
import { WebSearch } from '@acme/agent-tools';

const webSearch = new WebSearch({ region: 'eu' });

export const researchAgent = new Agent({
  name: 'research_agent',
  instructions: 'Research the question on the web.',
  tools: [webSearch, webSearch],
});
`;

// The runtime's addTools() throws at a second object of a name it already holds.
const addToolsTwiceOneName = `import { Agent, defineTool } from 'tool-identity-audit/runtime';
import { ArchiveSearch } from './archive-tools.js';

const params = { type: 'object', properties: { query: { type: 'string' } } } as const;
const searchArchive = defineTool({ name: 'search_archive', description: 'Search archived orders.', parameters: params, execute: () => [] });
const searchArchiveByEmail = defineTool({ name: 'search_archive', description: 'Search archived orders by email.', parameters: params, execute: () => [] });

const loadArchive = defineTool({
  name: 'load_archive',
  description: 'Make the archive tools available.',
  parameters: { type: 'object', properties: {} },
  execute: (_args, ctx) => {
    ctx.addTools([searchArchive, searchArchiveByEmail]);
    return 'loaded';
  },
});

const loadColdStorage = defineTool({
  name: 'load_cold_storage',
  description: 'Make the cold-storage search available.',
  parameters: { type: 'object', properties: {} },
  execute: (_args, ctx) => {
    ctx.addTools([new ArchiveSearch('2019'), new ArchiveSearch('2020')]);
    return 'loaded';
  },
});

export const supportAgent = new Agent({ name: 'support', instructions: 'Order questions.', tools: [loadArchive, loadColdStorage] });
`;

// What one definition does not make a collision.
const oneDefinitionFine = `import { Agent, defineTool } from 'tool-identity-audit/runtime';
import { GmailSearch, GmailSendMessage } from '@langchain/community/tools/gmail';
import { createAgent } from 'langchain';
import { lookupLine } from './line-tools.js';
import { makeSearch, workspaceTools } from './workspace-tools.js';

const kit = { credentials: { keyfile: './credentials/work.json' } };

// The runtime keeps an object it already holds once: on the agent and in addTools().
const reload = defineTool({
  name: 'reload',
  description: 'Make sure the line tool is there.',
  parameters: { type: 'object', properties: {} },
  execute: (_args, ctx) => {
    ctx.addTools([lookupLine, lookupLine]);
    return 'ok';
  },
});
export const lineSupport = new Agent({ name: 'line_support', instructions: 'Line questions.', tools: [lookupLine, lookupLine, reload] });

// Two classes; two calls of a factory (each may name its tool); a list spread once; one class on two agents.
export const mailAgent = createAgent({ model: 'openai:gpt-4.1', tools: [new GmailSearch(kit), new GmailSendMessage(kit)] });
export const searchAgent = createAgent({ model: 'openai:gpt-4.1', tools: [makeSearch('orders'), makeSearch('docs'), ...workspaceTools] });
export const workMail = createAgent({ model: 'openai:gpt-4.1', tools: [new GmailSearch(kit)] });

// Branches that never both run.
export function buildMailAgent(shared: boolean) {
  if (shared) return createAgent({ model: 'openai:gpt-4.1', tools: [new GmailSearch(kit)] });
  return createAgent({ model: 'openai:gpt-4.1', tools: [new GmailSearch(kit)] });
}
`;

runCases(`${RULE}: one definition, one name`, rule, {
  valid: [{ name: 'kept once by the runtime, two classes, factory calls, one class on two agents, branches', code: oneDefinitionFine }],
  invalid: [
    {
      mode: 'syntax',
      name: 'syntax only: one imported tool listed twice is one value, whatever its name',
      code: importedToolTwice,
      errors: [
        {
          messageId: 'sameValueListedTwice',
          data: { value: '`searchDocs`', set: 'agent "help_agent"' },
          ...loc(importedToolTwice, 'searchDocs', 3),
        },
      ],
    },
    {
      mode: 'typed',
      name: 'one imported tool listed twice, named where its module is linked',
      code: importedToolTwice,
      errors: [{ messageId: 'sameToolListedTwice', data: { name: 'search', set: 'agent "help_agent"' }, ...loc(importedToolTwice, 'searchDocs', 3) }],
    },
    {
      mode: 'syntax',
      name: 'syntax only: an alias of an imported tool after a list that holds the import',
      code: importedToolThroughAlias,
      errors: [
        {
          messageId: 'sameValueListedTwice',
          data: { value: '`docs`', set: 'agent "account_agent"' },
          ...loc(importedToolThroughAlias, 'docs', 3),
        },
      ],
    },
    {
      mode: 'typed',
      name: 'an alias of an imported tool after a list that holds the import, named',
      code: importedToolThroughAlias,
      errors: [
        { messageId: 'sameToolListedTwice', data: { name: 'search', set: 'agent "account_agent"' }, ...loc(importedToolThroughAlias, 'docs', 3) },
      ],
    },
    {
      name: 'two instances of a package class on a LangChain agent: one name, the first one runs',
      code: twoMailboxesOneClass,
      errors: [
        {
          messageId: 'sameClassInstances',
          data: { class: '`GmailSearch`', set: 'agent `mailAgent`', winner: 'the first tool listed' },
          ...loc(twoMailboxesOneClass, 'new GmailSearch(work)'),
        },
      ],
    },
    {
      mode: 'syntax',
      name: 'syntax only: instances of classes of another module',
      code: instancesOfAProjectClass,
      errors: [
        {
          messageId: 'sameClassInstances',
          data: { class: '`MailboxSearch`', set: 'agent `inboxAgent`', winner: 'the first tool listed' },
          ...loc(instancesOfAProjectClass, 'new MailboxSearch(billing)'),
        },
        {
          messageId: 'sameClassInstances',
          data: { class: '`CalendarLookup`', set: 'agent `scheduleAgent`', winner: 'the first tool listed' },
          ...loc(instancesOfAProjectClass, 'new CalendarLookup(billing)'),
        },
      ],
    },
    {
      mode: 'typed',
      name: 'instances of classes of another module: named by a literal, or by the class when the constructor names it',
      code: instancesOfAProjectClass,
      errors: [
        {
          messageId: 'duplicateToolName',
          data: { name: 'search_mailbox', set: 'agent `inboxAgent`', winner: 'the first tool listed', remedy: 'a unique name', otherPlaces: ' Also at tools/mailbox.ts:6.' },
          ...loc(instancesOfAProjectClass, 'new MailboxSearch(billing)'),
        },
        {
          messageId: 'sameClassInstances',
          data: { class: '`CalendarLookup`', set: 'agent `scheduleAgent`', winner: 'the first tool listed' },
          ...loc(instancesOfAProjectClass, 'new CalendarLookup(billing)'),
        },
      ],
    },
    {
      name: 'one instance of a package class listed twice on an @openai/agents agent',
      code: oneInstanceTwice,
      errors: [
        {
          messageId: 'sameValueListedTwice',
          data: { value: '`webSearch`', set: 'agent "research_agent"' },
          ...loc(oneInstanceTwice, 'webSearch', 3),
        },
      ],
    },
    {
      name: 'addTools() of the runtime with two tools of one name, and with two instances of one class',
      code: addToolsTwiceOneName,
      errors: [
        { messageId: 'duplicateAddedName', data: { name: 'search_archive' }, ...loc(addToolsTwiceOneName, 'searchArchiveByEmail', 2) },
        { messageId: 'addedInstancesCollide', data: { class: '`ArchiveSearch`' }, ...loc(addToolsTwiceOneName, "new ArchiveSearch('2020')") },
      ],
    },
  ],
});

// A definition inside a factory runs once per call, with the caller's name: two results are two
// tools (an eval helper that wraps `tool()` with a spy), one binding listed twice is one.
const factoryResults = `import { tool } from '@langchain/core/tools';
import { createAgent } from 'langchain';

function spiedTool(fn: (input: unknown) => string, fields: { name: string; description: string }) {
  const spy = { calls: 0 };
  return { tool: tool(fn, fields as never), spy };
}

const { tool: lookupReservation } = spiedTool(() => 'found', { name: 'lookup_reservation', description: 'Find a booking.' });
const { tool: cancelFlight } = spiedTool(() => 'cancelled', { name: 'cancel_flight', description: 'Cancel a booking.' });

export const support = createAgent({ model: 'openai:gpt-4.1', tools: [lookupReservation, cancelFlight] });
export const twice = createAgent({ model: 'openai:gpt-4.1', tools: [lookupReservation, lookupReservation] });
`;

runCases(`${RULE}: tools a factory defines`, rule, {
  valid: [],
  invalid: [
    {
      name: 'two results of one factory are two tools; one binding listed twice is one',
      code: factoryResults,
      errors: [
        {
          messageId: 'sameValueListedTwice',
          data: { value: '`lookupReservation`', set: 'agent `twice`' },
          ...loc(factoryResults, 'lookupReservation', 4),
        },
      ],
    },
  ],
});
