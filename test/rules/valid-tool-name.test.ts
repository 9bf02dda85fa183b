// valid-tool-name: tool, namespace, handoff and MCP tool names the provider accepts; names that a
// framework rewrites are reported with the name the model sees. Reported on the name (the start
// of its value); handoffs on the handoff() call or the agent's name.
import rule, { type Options } from '../../rules/valid-tool-name.js';
import { loc, runCases, type ValidCase } from './testers.js';

/** Options as users write them: partial, the rest from `meta.defaultOptions`. */
const opts = (options: Partial<Options[0]>): Options => [options as Options[0]];

const RULE = 'valid-tool-name';
const OPENAI_CHARS = 'only letters, digits, "_" and "-" are allowed';
const OPENAI_AGENTS = 'OpenAI Agents SDK (JavaScript)';
const OPENAI_REWRITES = 'characters outside [A-Za-z0-9_]';

const MASTRA_REWRITES = 'keys outside [a-zA-Z0-9_-], not starting with a letter or _, or over 63 characters';

const mastraKeys = `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import { z } from 'zod';

const lookupOrder = createTool({
  id: 'lookup-order',
  description: 'Look up an order.',
  inputSchema: z.object({ orderId: z.string() }),
  execute: async ({ context }) => ({ orderId: context.orderId }),
});

const refundOrder = createTool({
  id: 'refund-order',
  description: 'Refund an order.',
  inputSchema: z.object({ orderId: z.string() }),
  execute: async ({ context }) => ({ refunded: context.orderId }),
});

export const supportAgent = new Agent({
  name: 'support',
  instructions: 'Help with orders.',
  model: 'openai/gpt-4o-mini',
  tools: { ['look up']: lookupOrder, 'refund order': refundOrder, [lookupOrder.id]: lookupOrder },
});
`;

const dottedName = `import { defineTool } from 'tool-identity-audit/runtime';
import { z } from 'zod';

export const searchOrders = defineTool<{ query: string }>({
  name: 'orders.search',
  description: 'Search orders by order number or customer email.',
  parameters: z.object({ query: z.string() }),
  execute: ({ query }) => \`orders matching \${query}\`,
});
`;

const longName = `import { tool } from '@openai/agents';
import { z } from 'zod';

export const listInvoicesDetailed = tool({
  name: 'list_customer_invoices_with_line_items_tax_breakdown_and_payment_attempts',
  description: 'List invoices with every line item, the tax breakdown and each payment attempt.',
  parameters: z.object({ customerId: z.string() }),
  execute: async ({ customerId }) => \`invoices of \${customerId}\`,
});
`;

const rewrittenName = `import { tool } from '@openai/agents';
import { z } from 'zod';

export const lookupAccount = tool({
  name: 'lookup account',
  description: 'Look up a customer account.',
  parameters: z.object({ customerId: z.string() }),
  execute: async ({ customerId }) => \`account \${customerId}\`,
});
`;

const emptyName = `import { defineTool } from 'tool-identity-audit/runtime';
import { z } from 'zod';

export const unnamed = defineTool<Record<string, never>>({
  name: '',
  description: 'Placeholder.',
  parameters: z.object({}),
  execute: () => 'ok',
});
`;

const badNamespaces = `import { defineTool, toolNamespace } from 'tool-identity-audit/runtime';
import { tool, toolNamespace as agentsNamespace } from '@openai/agents';
import { z } from 'zod';

export const crm = toolNamespace({
  name: 'crm tools',
  description: 'CRM.',
  tools: [defineTool({ name: 'lookup', description: 'Look up.', parameters: z.object({}), execute: () => 'ok' })],
});

export const ledger = agentsNamespace({
  name: 'ledger-tools',
  description: 'Ledger.',
  tools: [tool({ name: 'balance', description: 'Balance.', parameters: z.object({}), execute: async () => '0' })],
});
`;

const badHandoffs = `import { Agent, handoff } from '@openai/agents';

const refunds = new Agent({ name: 'refunds', instructions: 'Refunds.' });
const escalations = new Agent({
  name: 'Enterprise Billing Collections And Escalations Specialist Desk',
  instructions: 'Escalations.',
});

export const triage = new Agent({
  name: 'triage',
  instructions: 'Route the customer.',
  handoffs: [handoff(refunds, { toolNameOverride: 'transfer to refunds' }), escalations],
});
`;

const badMcpTool = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const server = new McpServer({ name: 'docs', version: '1.0.0' });

server.registerTool('search docs', { inputSchema: { query: z.string() } }, async ({ query }) => ({
  content: [{ type: 'text', text: \`results for \${query}\` }],
}));
`;

const MCP_PATTERN = "the MCP specification's tool-name pattern";
const MCP_CHARS = 'only letters, digits, "_", "-" and "." are allowed';

// v2 packages, a server received as a typed parameter: the names are checked on syntax alone.
const mcpV2Names = `import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

export function registerDocsTools(server: McpServer): void {
  server.registerTool('docs.search', { inputSchema: z.object({ query: z.string() }) }, async ({ query }) => ({
    content: [{ type: 'text', text: query }],
  }));
  server.registerTool('search-docs', { inputSchema: z.object({ query: z.string() }) }, async ({ query }) => ({
    content: [{ type: 'text', text: query }],
  }));
  server.registerTool('docs, page', { inputSchema: z.object({ page: z.string() }) }, async ({ page }) => ({
    content: [{ type: 'text', text: page }],
  }));
  server.registerTool('${'x'.repeat(129)}', { inputSchema: z.object({}) }, async () => ({ content: [] }));
}
`;

const digitFirst = `import { defineTool } from 'tool-identity-audit/runtime';
import { z } from 'zod';

export const firstLine = defineTool<Record<string, never>>({
  name: '1st_line_support',
  description: 'First-line support checklist.',
  parameters: z.object({}),
  execute: () => 'checklist',
});
`;

const camelCase = `import { defineTool } from 'tool-identity-audit/runtime';
import { z } from 'zod';

export const getOrder = defineTool<{ orderNumber: string }>({
  name: 'getOrder',
  description: 'Look up an order.',
  parameters: z.object({ orderNumber: z.string() }),
  execute: ({ orderNumber }) => ({ orderNumber }),
});
`;

// NAMES.lookup is 'lookup account' in fixtures/typed/names.ts.
const importedName = `import { tool } from '@openai/agents';
import { z } from 'zod';
import { NAMES } from './names.js';

export const lookupAccount = tool({
  name: NAMES.lookup,
  description: 'Look up a customer account.',
  parameters: z.object({ customerId: z.string() }),
  execute: async ({ customerId }) => \`account \${customerId}\`,
});
`;

// Rewrites that something depends on: the rewritten name collides with another tool of the agent,
// or the agent's tool choice uses the written form.
const rewriteCollides = `import { Agent, tool } from '@openai/agents';
import { z } from 'zod';

const getWeather = tool({
  name: 'get_weather',
  description: 'Current weather of a city.',
  parameters: z.object({ city: z.string() }),
  execute: async ({ city }) => \`sunny in \${city}\`,
});

const getWeatherBeta = tool({
  name: 'get weather',
  description: 'Weather from the new provider.',
  parameters: z.object({ city: z.string() }),
  execute: async ({ city }) => \`cloudy in \${city}\`,
});

export const forecaster = new Agent({ name: 'forecaster', tools: [getWeather, getWeatherBeta] });
`;

const rewriteReferenced = `import { Agent, tool } from '@openai/agents';
import { z } from 'zod';

const refundExpert = tool({
  name: 'Refund Expert',
  description: 'Decide whether an order can be refunded.',
  parameters: z.object({ orderId: z.string() }),
  execute: async ({ orderId }) => \`refund approved for \${orderId}\`,
});

export const refunds = new Agent({
  name: 'refunds',
  tools: [refundExpert],
  modelSettings: { toolChoice: 'Refund Expert' },
});
`;

const validCases: ValidCase<Options>[] = [
  {
    name: 'accepted names: letters, digits, "_" and "-" (verbatim in the reference runtime), a 64-character name',
    code: `import { defineTool } from 'tool-identity-audit/runtime';
import { z } from 'zod';

export const getOrder = defineTool<{ orderNumber: string }>({
  name: 'get_order',
  description: 'Look up an order.',
  parameters: z.object({ orderNumber: z.string() }),
  execute: ({ orderNumber }) => ({ orderNumber }),
});

export const trackReturn = defineTool<{ rma: string }>({
  name: 'track-return-2',
  description: 'Track a return parcel.',
  parameters: z.object({ rma: z.string() }),
  execute: ({ rma }) => ({ rma }),
});

export const longest = defineTool<Record<string, never>>({
  name: '${'a'.repeat(64)}',
  description: 'Sixty-four characters.',
  parameters: z.object({}),
  execute: () => 'ok',
});
`,
  },
  {
    name: 'hosted tools, dynamic names, derived handoff names and name lists are not checked or are fine',
    code: `import { Agent, handoff, tool, webSearchTool } from '@openai/agents';
import { z } from 'zod';

const billing = new Agent({ name: 'Billing Team', instructions: 'Billing.' });

export function tenantAgent(config: { toolName: string }) {
  return new Agent({
    name: 'tenant',
    instructions: 'Help the tenant.',
    tools: [
      webSearchTool(),
      tool({ name: config.toolName, description: 'Tenant tool.', parameters: z.object({}), execute: async () => 'ok' }),
    ],
    handoffs: [billing, handoff(billing, { toolNameOverride: 'escalate_billing' })],
  });
}

export const policy = { activeTools: ['search docs!', 'orders.search'] };
`,
  },
  {
    name: 'record keys computed at run time (`[tool.id]`) are not names to check',
    code: `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import { generateText, tool } from 'ai';
import { z } from 'zod';

const lookupOrder = createTool({
  id: 'lookup-order',
  description: 'Look up an order.',
  inputSchema: z.object({ orderId: z.string() }),
  execute: async ({ context }) => ({ orderId: context.orderId }),
});

export const supportAgent = new Agent({
  name: 'support',
  instructions: 'Help with orders.',
  model: 'openai/gpt-4o-mini',
  tools: { [lookupOrder.id]: lookupOrder },
});

export function answer(prompt: string, toolName: string) {
  return generateText({
    model: 'openai/gpt-4o-mini',
    prompt,
    tools: { [toolName + ' v2']: tool({ description: 'Tenant tool.', inputSchema: z.object({}), execute: async () => 'ok' }) },
  });
}
`,
  },
  {
    name: 'reportRewrites: false: a rewrite nothing depends on is not reported',
    code: rewrittenName,
    options: opts({ reportRewrites: false }),
  },
  {
    name: 'anthropic: up to 128 characters',
    code: longName,
    options: opts({ provider: 'anthropic' }),
  },
  {
    name: 'gemini: dots and colons are accepted',
    code: dottedName,
    options: opts({ provider: 'gemini' }),
  },
  {
    name: 'a custom pattern replaces the preset',
    code: dottedName,
    options: opts({ pattern: '^[a-z]+\\.[a-z]+$' }),
  },
];

runCases(RULE, rule, {
  valid: [
    ...validCases,
    { mode: 'syntax', name: 'syntax only: a name imported from another module is unknown', code: importedName },
    // Tests reach stub models, and tests of name validation write bad names on purpose.
    { mode: 'syntax', name: 'a name written in a test file (*.test.ts)', code: dottedName, filename: 'src/tools.test.ts' },
    { mode: 'syntax', name: 'a name written under __tests__/', code: badMcpTool, filename: 'src/__tests__/server.ts' },
  ],
  invalid: [
    {
      name: 'a dot is rejected by OpenAI; the reference runtime sends names unchanged',
      code: dottedName,
      errors: [
        {
          messageId: 'invalidToolName',
          data: { what: 'Tool', name: 'orders.search', provider: 'OpenAI', reason: `it contains "."; ${OPENAI_CHARS}` },
          ...loc(dottedName, "'orders.search'"),
        },
      ],
    },
    {
      mode: 'syntax',
      name: '73 characters: longer than OpenAI allows',
      code: longName,
      errors: [
        {
          messageId: 'invalidToolName',
          data: {
            what: 'Tool',
            name: 'list_customer_invoices_with_line_items_tax_breakdown_and_payment_attempts',
            provider: 'OpenAI',
            reason: 'it is 73 characters long; the limit is 64',
          },
          ...loc(longName, "'list_customer_invoices_with_line_items_tax_breakdown_and_payment_attempts'"),
        },
      ],
    },
    {
      mode: 'syntax',
      name: '@openai/agents rewrites "lookup account" to "lookup_account"',
      code: rewrittenName,
      errors: [
        {
          messageId: 'rewrittenToolName',
          data: { what: 'Tool', name: 'lookup account', publicName: 'lookup_account', framework: OPENAI_AGENTS, rewrites: OPENAI_REWRITES },
          ...loc(rewrittenName, "'lookup account'"),
        },
      ],
    },
    {
      mode: 'syntax',
      name: 'a rewritten name that collides with another tool of the agent is an error',
      code: rewriteCollides,
      errors: [
        {
          messageId: 'rewrittenNameCollides',
          data: {
            what: 'Tool',
            name: 'get weather',
            publicName: 'get_weather',
            framework: OPENAI_AGENTS,
            rewrites: OPENAI_REWRITES,
            other: 'tool "get_weather"',
            set: 'agent "forecaster"',
          },
          ...loc(rewriteCollides, "'get weather'"),
        },
      ],
    },
    {
      mode: 'syntax',
      name: 'a rewritten name whose written form is the tool choice is an error',
      code: rewriteReferenced,
      errors: [
        {
          messageId: 'rewrittenNameReferenced',
          data: { what: 'Tool', name: 'Refund Expert', publicName: 'Refund_Expert', framework: OPENAI_AGENTS, rewrites: OPENAI_REWRITES, option: 'toolChoice' },
          ...loc(rewriteReferenced, "'Refund Expert'"),
        },
      ],
    },
    {
      mode: 'syntax',
      name: 'reportRewrites: false leaves out harmless rewrites, not those that collide',
      code: rewriteCollides + rewrittenName.replace(/^import .*\n/gm, '').replace('lookupAccount', 'lookupAccount2'),
      options: opts({ reportRewrites: false }),
      errors: [
        {
          messageId: 'rewrittenNameCollides',
          data: {
            what: 'Tool',
            name: 'get weather',
            publicName: 'get_weather',
            framework: OPENAI_AGENTS,
            rewrites: OPENAI_REWRITES,
            other: 'tool "get_weather"',
            set: 'agent "forecaster"',
          },
          ...loc(rewriteCollides, "'get weather'"),
        },
      ],
    },
    {
      mode: 'syntax',
      name: 'an empty name',
      code: emptyName,
      errors: [
        {
          messageId: 'invalidToolName',
          data: { what: 'Tool', name: '', provider: 'OpenAI', reason: 'it is empty' },
          ...loc(emptyName, "''"),
        },
      ],
    },
    {
      mode: 'syntax',
      name: 'namespace names: rejected (reference runtime) and rewritten (@openai/agents)',
      code: badNamespaces,
      errors: [
        {
          messageId: 'invalidToolName',
          data: { what: 'Namespace', name: 'crm tools', provider: 'OpenAI', reason: `it contains " "; ${OPENAI_CHARS}` },
          ...loc(badNamespaces, "'crm tools'"),
        },
        {
          messageId: 'rewrittenToolName',
          data: { what: 'Namespace', name: 'ledger-tools', publicName: 'ledger_tools', framework: OPENAI_AGENTS, rewrites: OPENAI_REWRITES },
          ...loc(badNamespaces, "'ledger-tools'"),
        },
      ],
    },
    {
      mode: 'syntax',
      name: 'handoff tool names: an override with spaces and a derived name over 64 characters',
      code: badHandoffs,
      errors: [
        {
          messageId: 'invalidToolName',
          data: {
            what: 'Handoff tool',
            name: 'transfer_to_Enterprise_Billing_Collections_And_Escalations_Specialist_Desk',
            provider: 'OpenAI',
            reason: 'it is 74 characters long; the limit is 64',
          },
          ...loc(badHandoffs, "'Enterprise Billing Collections And Escalations Specialist Desk'"),
        },
        {
          messageId: 'invalidToolName',
          data: { what: 'Handoff tool', name: 'transfer to refunds', provider: 'OpenAI', reason: `it contains " "; ${OPENAI_CHARS}` },
          ...loc(badHandoffs, "handoff(refunds, { toolNameOverride: 'transfer to refunds' })"),
        },
      ],
    },
    {
      mode: 'syntax',
      name: 'an MCP tool name with a space',
      code: badMcpTool,
      errors: [
        {
          messageId: 'invalidToolName',
          data: { what: 'MCP tool', name: 'search docs', provider: MCP_PATTERN, reason: `it contains " "; ${MCP_CHARS}` },
          ...loc(badMcpTool, "'search docs'"),
        },
      ],
    },
    {
      // The MCP pattern first (whatever the provider), then the provider's rule for names a client forwards.
      name: 'MCP v2 tools on a typed server parameter: the MCP pattern, then the provider',
      code: mcpV2Names,
      errors: [
        {
          messageId: 'invalidToolName',
          data: { what: 'MCP tool', name: 'docs.search', provider: 'OpenAI', reason: `it contains "."; ${OPENAI_CHARS}` },
          ...loc(mcpV2Names, "'docs.search'"),
        },
        {
          messageId: 'invalidToolName',
          data: { what: 'MCP tool', name: 'docs, page', provider: MCP_PATTERN, reason: `it contains ",", " "; ${MCP_CHARS}` },
          ...loc(mcpV2Names, "'docs, page'"),
        },
        {
          messageId: 'invalidToolName',
          data: { what: 'MCP tool', name: 'x'.repeat(129), provider: MCP_PATTERN, reason: 'it is 129 characters long; the limit is 128' },
          ...loc(mcpV2Names, `'${'x'.repeat(129)}'`),
        },
      ],
    },
    {
      name: 'MCP: gemini accepts the dot, the MCP pattern still rejects a space',
      code: mcpV2Names,
      options: opts({ provider: 'gemini' }),
      errors: [
        {
          messageId: 'invalidToolName',
          data: { what: 'MCP tool', name: 'docs, page', provider: MCP_PATTERN, reason: `it contains ",", " "; ${MCP_CHARS}` },
          ...loc(mcpV2Names, "'docs, page'"),
        },
        {
          messageId: 'invalidToolName',
          data: { what: 'MCP tool', name: 'x'.repeat(129), provider: MCP_PATTERN, reason: 'it is 129 characters long; the limit is 128' },
          ...loc(mcpV2Names, `'${'x'.repeat(129)}'`),
        },
      ],
    },
    {
      mode: 'syntax',
      name: 'anthropic: the same character set as OpenAI',
      code: dottedName,
      options: opts({ provider: 'anthropic' }),
      errors: [
        {
          messageId: 'invalidToolName',
          data: { what: 'Tool', name: 'orders.search', provider: 'Anthropic', reason: `it contains "."; ${OPENAI_CHARS}` },
          ...loc(dottedName, "'orders.search'"),
        },
      ],
    },
    {
      mode: 'syntax',
      name: 'gemini: the first character must be a letter or "_"',
      code: digitFirst,
      options: opts({ provider: 'gemini' }),
      errors: [
        {
          messageId: 'invalidToolName',
          data: { what: 'Tool', name: '1st_line_support', provider: 'Gemini', reason: 'it must start with a letter or "_"' },
          ...loc(digitFirst, "'1st_line_support'"),
        },
      ],
    },
    {
      mode: 'syntax',
      name: 'a custom pattern',
      code: camelCase,
      options: opts({ pattern: '^[a-z_]+$' }),
      errors: [
        {
          messageId: 'invalidToolName',
          data: { what: 'Tool', name: 'getOrder', provider: 'the configured pattern', reason: 'it does not match /^[a-z_]+$/' },
          ...loc(camelCase, "'getOrder'"),
        },
      ],
    },
    {
      name: 'Mastra rewrites a record key written as a literal, computed or not',
      code: mastraKeys,
      errors: [
        {
          messageId: 'rewrittenToolName',
          data: { what: 'Tool', name: 'look up', publicName: 'look_up', framework: 'Mastra', rewrites: MASTRA_REWRITES },
          ...loc(mastraKeys, "['look up']"),
        },
        {
          messageId: 'rewrittenToolName',
          data: { what: 'Tool', name: 'refund order', publicName: 'refund_order', framework: 'Mastra', rewrites: MASTRA_REWRITES },
          ...loc(mastraKeys, "'refund order'"),
        },
      ],
    },
    {
      mode: 'typed',
      name: 'the name is a constant of another module',
      code: importedName,
      errors: [
        {
          messageId: 'rewrittenToolName',
          data: { what: 'Tool', name: 'lookup account', publicName: 'lookup_account', framework: OPENAI_AGENTS, rewrites: OPENAI_REWRITES },
          ...loc(importedName, 'NAMES.lookup'),
        },
      ],
    },
  ],
});
