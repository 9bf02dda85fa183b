// no-namespace-equals-name: `toolNamespace({ name: 'x', tools: [tool named 'x'] })` is the reserved
// wire shape of a deferred top-level tool. Reported on the namespace name (the start of its value);
// a string literal there gets a rename suggestion.
import rule from '../../rules/no-namespace-equals-name.js';
import { loc, replaceNth, runCases } from './testers.js';

const RULE = 'no-namespace-equals-name';

const forecastNamespace = `import { tool, toolNamespace } from '@openai/agents';
import { z } from 'zod';

export const forecastTools = toolNamespace({
  name: 'forecast',
  description: 'Weather forecasts and alerts.',
  tools: [
    tool({
      name: 'forecast',
      description: 'Forecast for the next days.',
      parameters: z.object({ city: z.string(), days: z.number().int().min(1).max(10) }),
      execute: async ({ city, days }) => \`\${days}-day forecast for \${city}\`,
    }),
    tool({
      name: 'alerts',
      description: 'Active weather alerts.',
      parameters: z.object({ city: z.string() }),
      execute: async ({ city }) => \`alerts for \${city}\`,
    }),
  ],
});
`;

// @openai/agents trims and sanitises namespace names: 'Forecast ' reaches the model as 'Forecast'.
const sanitisedNamespace = `import { tool, toolNamespace } from '@openai/agents';
import { z } from 'zod';

const forecast = tool({
  name: 'Forecast',
  description: 'Forecast for the next days.',
  parameters: z.object({ city: z.string() }),
  execute: async ({ city }) => \`forecast for \${city}\`,
});

export const weather = toolNamespace({ name: 'Forecast ', description: 'Weather.', tools: [forecast] });
`;

const suffixTaken = `import { defineTool, toolNamespace } from 'tool-identity-audit/runtime';
import { z } from 'zod';

const orders = defineTool<{ orderNumber: string }>({
  name: 'orders',
  description: 'Look up an order.',
  parameters: z.object({ orderNumber: z.string() }),
  execute: ({ orderNumber }) => ({ orderNumber }),
});

const ordersTools = defineTool<Record<string, never>>({
  name: 'orders_tools',
  description: 'List the order tools.',
  parameters: z.object({}),
  execute: () => ['orders'],
});

export const orderNamespace = toolNamespace({ name: 'orders', description: 'Orders.', tools: [orders, ordersTools] });
`;

const constantNamespaceName = `import { tool, toolNamespace } from '@openai/agents';
import { z } from 'zod';

const PLANTS = 'plants';

const findPlants = tool({
  name: 'plants',
  description: 'Find plants by hardiness zone.',
  parameters: z.object({ zone: z.string() }),
  execute: async ({ zone }) => \`plants for zone \${zone}\`,
});

export const catalog = toolNamespace({ name: PLANTS, description: 'Plant catalog.', tools: [findPlants] });
`;

// The member is defined in fixtures/typed/tools/forecast.ts (named 'forecast').
const importedMember = `import { toolNamespace } from '@openai/agents';
import { forecast } from './tools/forecast.js';

export const forecastTools = toolNamespace({
  name: 'forecast',
  description: 'Weather forecasts.',
  tools: [forecast],
});
`;

const validCases = [
  {
    name: 'namespace differs from every member',
    code: `import { defineTool, toolNamespace } from 'tool-identity-audit/runtime';
import { z } from 'zod';

const checkStock = defineTool<{ sku: string }>({
  name: 'check_stock',
  description: 'Stock on hand for a SKU.',
  parameters: z.object({ sku: z.string() }),
  execute: ({ sku }) => ({ sku, onHand: 3 }),
});

const reserveStock = defineTool<{ sku: string; quantity: number }>({
  name: 'reserve_stock',
  description: 'Reserve stock for an order.',
  parameters: z.object({ sku: z.string(), quantity: z.number().int() }),
  execute: ({ sku, quantity }) => ({ sku, quantity }),
});

export const inventory = toolNamespace({ name: 'inventory', description: 'Inventory.', tools: [checkStock, reserveStock] });
`,
  },
  {
    name: 'a deferred top-level tool named like a namespace elsewhere, and a top-level tool named like a namespace',
    code: `import { Agent, tool, toolNamespace } from '@openai/agents';
import { z } from 'zod';

const forecast = tool({
  name: 'forecast',
  description: 'Forecast, loaded on demand.',
  parameters: z.object({ city: z.string() }),
  deferLoading: true,
  execute: async ({ city }) => \`forecast for \${city}\`,
});

const crm = tool({
  name: 'crm',
  description: 'Open the CRM record.',
  parameters: z.object({ id: z.string() }),
  execute: async ({ id }) => id,
});

const crmTools = toolNamespace({
  name: 'crm_tools',
  description: 'CRM.',
  tools: [
    tool({ name: 'lookup', description: 'Look up.', parameters: z.object({ id: z.string() }), execute: async ({ id }) => id }),
  ],
});

export const agent = new Agent({ name: 'agent', instructions: 'Help.', tools: [forecast, crm, ...crmTools] });
`,
  },
  {
    name: 'a namespace name that is not statically known',
    code: `import { tool, toolNamespace } from '@openai/agents';
import { z } from 'zod';

export function tenantNamespace(config: { namespace: string }) {
  return toolNamespace({
    name: config.namespace,
    description: 'Tenant tools.',
    tools: [tool({ name: 'forecast', description: 'Forecast.', parameters: z.object({}), execute: async () => 'sunny' })],
  });
}
`,
  },
];

runCases(RULE, rule, {
  valid: [...validCases, { mode: 'syntax', name: 'syntax only: an imported member is unknown', code: importedMember }],
  invalid: [
    {
      name: 'namespace "forecast" with a member tool "forecast" (@openai/agents)',
      code: forecastNamespace,
      errors: [
        {
          messageId: 'namespaceEqualsName',
          data: { namespace: 'forecast', name: 'forecast' },
          ...loc(forecastNamespace, "'forecast'", 1),
          suggestions: [
            {
              messageId: 'renameNamespace',
              data: { suggested: 'forecast_tools' },
              output: replaceNth(forecastNamespace, "'forecast'", "'forecast_tools'", 1),
            },
          ],
        },
      ],
    },
    {
      mode: 'syntax',
      name: 'names are compared as the model sees them: "Forecast " is sanitised to "Forecast"',
      code: sanitisedNamespace,
      errors: [
        {
          messageId: 'namespaceEqualsName',
          data: { namespace: 'Forecast', name: 'Forecast' },
          ...loc(sanitisedNamespace, "'Forecast '"),
          suggestions: [
            {
              messageId: 'renameNamespace',
              data: { suggested: 'Forecast_tools' },
              output: replaceNth(sanitisedNamespace, "'Forecast '", "'Forecast_tools'"),
            },
          ],
        },
      ],
    },
    {
      mode: 'syntax',
      name: 'the suggested name skips one a member already uses (reference runtime)',
      code: suffixTaken,
      errors: [
        {
          messageId: 'namespaceEqualsName',
          data: { namespace: 'orders', name: 'orders' },
          ...loc(suffixTaken, "'orders'", 3),
          suggestions: [
            {
              messageId: 'renameNamespace',
              data: { suggested: 'orders_tools_2' },
              output: replaceNth(suffixTaken, "'orders'", "'orders_tools_2'", 3),
            },
          ],
        },
      ],
    },
    {
      mode: 'syntax',
      name: 'a namespace named by a constant: reported on the constant, no suggestion',
      code: constantNamespaceName,
      errors: [
        {
          messageId: 'namespaceEqualsName',
          data: { namespace: 'plants', name: 'plants' },
          ...loc(constantNamespaceName, 'PLANTS', 2),
          suggestions: [],
        },
      ],
    },
    {
      mode: 'typed',
      name: 'the member is defined in another module',
      code: importedMember,
      errors: [
        {
          messageId: 'namespaceEqualsName',
          data: { namespace: 'forecast', name: 'forecast', otherPlaces: ' Also at tools/forecast.ts:5.' },
          ...loc(importedMember, "'forecast'"),
          suggestions: [
            {
              messageId: 'renameNamespace',
              data: { suggested: 'forecast_tools' },
              output: replaceNth(importedMember, "'forecast'", "'forecast_tools'"),
            },
          ],
        },
      ],
    },
  ],
});
