// stable-tool-identity: a tool definition written inline in the argument of addTools() (alone or as
// an array element) inside a tool's execute, a middleware, or a helper taking the context. Reported on
// the inline definition, with its name. Module-level tools passed by reference are fine; an addTools()
// on a receiver that is no invocation context is left to no-tool-mutation-outside-invocation.
import rule from '../../rules/stable-tool-identity.js';
import { loc, runCases } from './testers.js';

const RULE = 'stable-tool-identity';

const inlineInExecute = `import { defineTool } from 'tool-identity-audit/runtime';
import { z } from 'zod';

const trackParcel = defineTool<{ trackingNumber: string }>({
  name: 'track_parcel',
  description: 'Where a parcel is now.',
  parameters: z.object({ trackingNumber: z.string() }),
  execute: async ({ trackingNumber }) => ({ trackingNumber, status: 'in transit' }),
});

export const lookupOrder = defineTool<{ orderId: string }>({
  name: 'lookup_order',
  description: 'Order status; unlocks parcel tracking and cancellation.',
  parameters: z.object({ orderId: z.string() }),
  async execute({ orderId }, ctx) {
    ctx.addTools([
      trackParcel,
      defineTool({
        name: 'cancel_order',
        description: 'Cancel the order before it ships.',
        parameters: z.object({}),
        execute: async () => ({ cancelled: orderId }),
      }),
    ]);
    return { orderId, status: 'packed' };
  },
});
`;

const inlineErrors = [
  {
    messageId: 'inlineTool' as const,
    data: { name: '"cancel_order"' },
    ...loc(
      inlineInExecute,
      `defineTool({
        name: 'cancel_order',
        description: 'Cancel the order before it ships.',
        parameters: z.object({}),
        execute: async () => ({ cancelled: orderId }),
      })`,
    ),
  },
];

const inMiddleware = `import { Agent, defineTool, type FunctionInvocationContext, type FunctionMiddleware } from 'tool-identity-audit/runtime';
import { z } from 'zod';

const TOOL_NAME = 'request_callback';

const offerCallback: FunctionMiddleware = async (ctx, next) => {
  await next();
  if (ctx.result === undefined) ctx.addTools(defineTool({ name: TOOL_NAME, description: 'Ask a human to call back.', parameters: z.object({ phone: z.string() }), execute: async ({ phone }) => ({ queued: phone }) }));
};

export function unlockSurvey(ctx: FunctionInvocationContext, topic: string): void {
  ctx.addTools(defineTool({ name: \`survey_\${topic}\`, description: 'Short survey.', parameters: z.object({}), execute: async () => 'thanks' }));
}

export const helpdesk = new Agent({ name: 'helpdesk', middleware: [offerCallback] });
`;

// Stored in a local first: still a new object on every invocation.
const localInExecute = `import { Agent, defineTool, type FunctionMiddleware } from 'tool-identity-audit/runtime';
import { z } from 'zod';

export const startReturn = defineTool<{ orderId: string }>({
  name: 'start_return',
  description: 'Open a return for an order; unlocks the label tool.',
  parameters: z.object({ orderId: z.string() }),
  async execute({ orderId }, ctx) {
    const printLabel = defineTool({
      name: 'print_return_label',
      description: 'Print the return label.',
      parameters: z.object({}),
      execute: async () => ({ label: \`RMA-\${orderId}\` }),
    });
    ctx.addTools([printLabel]);
    return { orderId, status: 'return opened' };
  },
});

const offerCoupon: FunctionMiddleware = async (ctx, next) => {
  await next();
  const couponTools = [defineTool({ name: 'apply_coupon', description: 'Apply a coupon.', parameters: z.object({ code: z.string() }), execute: async ({ code }) => ({ applied: code }) })];
  ctx.addTools(couponTools);
};

export const returnsDesk = new Agent({ name: 'returns', tools: [startReturn], middleware: [offerCoupon] });
`;

const validCases = [
  {
    name: 'module-level tools passed by reference, alone or in a list',
    code: `import { Agent, defineTool, type FunctionMiddleware } from 'tool-identity-audit/runtime';
import { z } from 'zod';

const createShipment = defineTool<{ orderId: string }>({
  name: 'create_shipment',
  description: 'Book a carrier.',
  parameters: z.object({ orderId: z.string() }),
  execute: async ({ orderId }) => ({ booked: orderId }),
});
const voidShipment = defineTool<{ trackingNumber: string }>({
  name: 'void_shipment',
  description: 'Cancel a label.',
  parameters: z.object({ trackingNumber: z.string() }),
  execute: async ({ trackingNumber }) => ({ voided: trackingNumber }),
});
const labelTools = [createShipment, voidShipment];

export const openDesk = defineTool({
  name: 'open_desk',
  description: 'Unlock the label tools.',
  parameters: z.object({}),
  execute: async (_args, ctx) => {
    ctx.addTools(labelTools);
    ctx.addTools([createShipment, ...labelTools]);
    return 'open';
  },
});

const closeAtSix: FunctionMiddleware = async (ctx, next) => {
  if (new Date().getHours() >= 18) ctx.removeTools([createShipment, voidShipment]);
  await next();
};

export const packer = new Agent({ name: 'packer', tools: [openDesk], middleware: [closeAtSix] });
`,
  },
  {
    name: 'a local tool made once per agent by the factory that builds the agent, not per invocation',
    code: `import { Agent, defineTool } from 'tool-identity-audit/runtime';
import { z } from 'zod';

export function storeAgent(storeId: string) {
  const checkStock = defineTool<{ sku: string }>({
    name: 'check_stock',
    description: 'Stock of a SKU in this store.',
    parameters: z.object({ sku: z.string() }),
    execute: async ({ sku }) => ({ storeId, sku, units: 3 }),
  });
  const openStore = defineTool({
    name: 'open_store',
    description: 'Sign in to the store; unlocks stock checks.',
    parameters: z.object({}),
    execute: async (_args, ctx) => {
      ctx.addTools(checkStock);
      return 'open';
    },
  });
  return new Agent({ name: \`store-\${storeId}\`, tools: [openStore] });
}
`,
  },
];

runCases(RULE, rule, {
  valid: validCases,
  invalid: [
    {
      name: "an inline defineTool in the list a tool's execute adds",
      code: inlineInExecute,
      errors: inlineErrors,
    },
    {
      name: 'a tool stored in a local of the execute body, and a local array in middleware',
      code: localInExecute,
      errors: [
        {
          messageId: 'inlineTool',
          data: { name: '"print_return_label"' },
          ...loc(
            localInExecute,
            `defineTool({
      name: 'print_return_label',
      description: 'Print the return label.',
      parameters: z.object({}),
      execute: async () => ({ label: \`RMA-\${orderId}\` }),
    })`,
          ),
        },
        {
          messageId: 'inlineTool',
          data: { name: '"apply_coupon"' },
          ...loc(
            localInExecute,
            "defineTool({ name: 'apply_coupon', description: 'Apply a coupon.', parameters: z.object({ code: z.string() }), execute: async ({ code }) => ({ applied: code }) })",
          ),
        },
      ],
    },
    {
      mode: 'syntax',
      name: 'inline in a typed middleware (constant name) and in a helper typed FunctionInvocationContext (dynamic name)',
      code: inMiddleware,
      errors: [
        {
          messageId: 'inlineTool',
          data: { name: '"request_callback"' },
          ...loc(
            inMiddleware,
            "defineTool({ name: TOOL_NAME, description: 'Ask a human to call back.', parameters: z.object({ phone: z.string() }), execute: async ({ phone }) => ({ queued: phone }) })",
          ),
        },
        {
          messageId: 'inlineTool',
          data: { name: '(name not known statically)' },
          ...loc(inMiddleware, "defineTool({ name: `survey_${topic}`, description: 'Short survey.', parameters: z.object({}), execute: async () => 'thanks' })"),
        },
      ],
    },
  ],
});
