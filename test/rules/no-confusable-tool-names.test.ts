// no-confusable-tool-names: two different names in one exposure set that fold to the same string
// (case, "_" and "-" removed). Reported once, on the later member, where the set lists it.
import rule from '../../rules/no-confusable-tool-names.js';
import { loc, runCases } from './testers.js';

const RULE = 'no-confusable-tool-names';

const snakeAndCamel = `import { Agent, tool } from '@openai/agents';
import { z } from 'zod';

const getUser = tool({
  name: 'get_user',
  description: 'Look up a user by ID.',
  parameters: z.object({ userId: z.string() }),
  execute: async ({ userId }) => \`user \${userId}\`,
});

const getUserByEmail = tool({
  name: 'getUser',
  description: 'Look up a user by email address.',
  parameters: z.object({ email: z.string() }),
  execute: async ({ email }) => \`user with \${email}\`,
});

export const accountsAgent = new Agent({
  name: 'accounts',
  instructions: 'Answer questions about user accounts.',
  tools: [getUser, getUserByEmail],
});
`;

const dashAndUnderscore = `import { Agent, defineTool } from 'tool-identity-audit/runtime';
import { z } from 'zod';

const getOrder = defineTool<{ orderNumber: string }>({
  name: 'get_order',
  description: 'Look up an order.',
  parameters: z.object({ orderNumber: z.string() }),
  execute: ({ orderNumber }) => ({ orderNumber }),
});

const getOrderLegacy = defineTool<{ orderNumber: string }>({
  name: 'Get-Order',
  description: 'Look up an order in the legacy system.',
  parameters: z.object({ orderNumber: z.string() }),
  execute: ({ orderNumber }) => ({ orderNumber, legacy: true }),
});

export const support = new Agent({ name: 'support', instructions: 'Orders.', tools: [getOrder, getOrderLegacy] });
`;

const toolAndHandoff = `import { Agent, handoff, tool } from '@openai/agents';
import { z } from 'zod';

const billing = new Agent({ name: 'billing', instructions: 'Billing.' });

const transferToBilling = tool({
  name: 'transferToBilling',
  description: 'Move the ticket to the billing queue.',
  parameters: z.object({ ticketId: z.string() }),
  execute: async ({ ticketId }) => \`moved \${ticketId}\`,
});

export const triage = new Agent({
  name: 'triage',
  instructions: 'Route the customer.',
  tools: [transferToBilling],
  handoffs: [handoff(billing, { toolNameOverride: 'transfer_to_billing' })],
});
`;

const mcpServer = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const server = new McpServer({ name: 'forge', version: '1.0.0' });

server.registerTool('get_issue', { inputSchema: { id: z.string() } }, async ({ id }) => ({ content: [{ type: 'text', text: id }] }));
server.registerTool('getIssue', { inputSchema: { key: z.string() } }, async ({ key }) => ({ content: [{ type: 'text', text: key }] }));
`;

// getUser ('get_user') and getUserByEmail ('getUser') are defined in fixtures/typed/tools/users.ts.
const importedPair = `import { Agent } from '@openai/agents';
import { getUser, getUserByEmail } from './tools/users.js';

export const accountsAgent = new Agent({
  name: 'accounts',
  instructions: 'Answer questions about user accounts.',
  tools: [getUser, getUserByEmail],
});
`;

const validCases = [
  {
    name: 'distinct words',
    code: `import { Agent, tool } from '@openai/agents';
import { z } from 'zod';

const getUser = tool({ name: 'get_user', description: 'User by ID.', parameters: z.object({ id: z.string() }), execute: async ({ id }) => id });
const findUsers = tool({ name: 'find_users', description: 'Users by email.', parameters: z.object({ email: z.string() }), execute: async ({ email }) => email });

export const accountsAgent = new Agent({ name: 'accounts', instructions: 'Accounts.', tools: [getUser, findUsers] });
`,
  },
  {
    name: 'equal names are a collision, not a confusable pair',
    code: `import { Agent, tool } from '@openai/agents';
import { z } from 'zod';

const a = tool({ name: 'search', description: 'Orders.', parameters: z.object({ q: z.string() }), execute: async ({ q }) => q });
const b = tool({ name: 'search', description: 'Articles.', parameters: z.object({ q: z.string() }), execute: async ({ q }) => q });

export const supportAgent = new Agent({ name: 'support', instructions: 'Help.', tools: [a, b] });
`,
  },
  {
    name: 'confusable names on two different agents',
    code: `import { Agent, tool } from '@openai/agents';
import { z } from 'zod';

const getUser = tool({ name: 'get_user', description: 'User by ID.', parameters: z.object({ id: z.string() }), execute: async ({ id }) => id });
const getUserByEmail = tool({ name: 'getUser', description: 'User by email.', parameters: z.object({ email: z.string() }), execute: async ({ email }) => email });

export const adminAgent = new Agent({ name: 'admin', instructions: 'Admin.', tools: [getUser] });
export const supportAgent = new Agent({ name: 'support', instructions: 'Support.', tools: [getUserByEmail] });
`,
  },
  {
    name: 'a namespaced member is not compared with top-level tools; hosted tools are skipped',
    code: `import { Agent, tool, toolNamespace, webSearchTool } from '@openai/agents';
import { z } from 'zod';

const crm = toolNamespace({
  name: 'crm',
  description: 'CRM.',
  tools: [tool({ name: 'getUser', description: 'CRM user.', parameters: z.object({ id: z.string() }), execute: async ({ id }) => id })],
});
const getUser = tool({ name: 'get_user', description: 'User by ID.', parameters: z.object({ id: z.string() }), execute: async ({ id }) => id });
const webSearch = tool({ name: 'WebSearch', description: 'Search our site.', parameters: z.object({ q: z.string() }), execute: async ({ q }) => q });

export const accountsAgent = new Agent({ name: 'accounts', instructions: 'Accounts.', tools: [...crm, getUser, webSearchTool(), webSearch] });
`,
  },
];

runCases(RULE, rule, {
  valid: [...validCases, { mode: 'syntax', name: 'syntax only: imported tools are unknown', code: importedPair }],
  invalid: [
    {
      mode: 'syntax',
      name: 'get_user and getUser on one agent',
      code: snakeAndCamel,
      errors: [
        {
          messageId: 'confusableNames',
          data: { name: 'getUser', other: 'get_user', set: 'agent "accounts"' },
          ...loc(snakeAndCamel, 'getUserByEmail', 2),
        },
      ],
    },
    {
      mode: 'syntax',
      name: 'get_order and Get-Order on one agent of the reference runtime',
      code: dashAndUnderscore,
      errors: [
        {
          messageId: 'confusableNames',
          data: { name: 'Get-Order', other: 'get_order', set: 'agent "support"' },
          ...loc(dashAndUnderscore, 'getOrderLegacy', 2),
        },
      ],
    },
    {
      mode: 'syntax',
      name: 'a tool and a handoff override',
      code: toolAndHandoff,
      errors: [
        {
          messageId: 'confusableNames',
          data: { name: 'transfer_to_billing', other: 'transferToBilling', set: 'agent "triage"' },
          ...loc(toolAndHandoff, "handoff(billing, { toolNameOverride: 'transfer_to_billing' })"),
        },
      ],
    },
    {
      mode: 'syntax',
      name: 'two registrations on one MCP server',
      code: mcpServer,
      errors: [
        {
          messageId: 'confusableNames',
          data: { name: 'getIssue', other: 'get_issue', set: 'MCP server "forge"' },
          ...loc(mcpServer, "'getIssue'"),
        },
      ],
    },
    {
      mode: 'typed',
      name: 'both tools are defined in another module',
      code: importedPair,
      errors: [
        {
          messageId: 'confusableNames',
          data: { name: 'getUser', other: 'get_user', set: 'agent "accounts"', otherPlaces: ' Also at tools/users.ts:5, tools/users.ts:12.' },
          ...loc(importedPair, 'getUserByEmail', 2),
        },
      ],
    },
  ],
});
