// no-tool-mutation-outside-invocation: addTools / removeTools on a context that is not the context
// parameter of a tool's execute or of a function middleware: a context made with
// createFunctionInvocationContext(), one kept in module state, or any other local or imported value.
// Reported on the whole call. Receivers the extractor cannot trace (an untyped parameter of a helper,
// `this.ctx`) are unknown and never reported; a parameter typed FunctionInvocationContext counts as
// an invocation context.
import rule from '../../rules/no-tool-mutation-outside-invocation.js';
import { loc, runCases } from './testers.js';

const RULE = 'no-tool-mutation-outside-invocation';

const handMadeContext = `import { createFunctionInvocationContext, defineTool } from 'tool-identity-audit/runtime';
import { z } from 'zod';

const refundOrder = defineTool<{ orderId: string }>({
  name: 'refund_order',
  description: 'Refund a delivered order.',
  parameters: z.object({ orderId: z.string() }),
  execute: async ({ orderId }) => ({ refunded: orderId }),
});

export const unlockRefunds = defineTool({
  name: 'unlock_refunds',
  description: 'Verify the agent badge and unlock refunds.',
  parameters: z.object({}),
  execute: async () => 'Refunds unlocked.',
});

// A unit test of the loader: the context is bound to no run, so addTools throws.
export async function testUnlock(): Promise<void> {
  const ctx = createFunctionInvocationContext({ function: unlockRefunds });
  ctx.addTools([refundOrder]);
}
`;

const moduleState = `import { Agent, defineTool, type FunctionInvocationContext } from 'tool-identity-audit/runtime';
import { z } from 'zod';
import { lastContext } from './session-state.js';

const exportLedger = defineTool<{ month: string }>({
  name: 'export_ledger',
  description: 'Export the ledger of a month as CSV.',
  parameters: z.object({ month: z.string() }),
  execute: async ({ month }) => \`ledger-\${month}.csv\`,
});

export const bookkeeper = new Agent({ name: 'bookkeeper', tools: [exportLedger] });

let current: FunctionInvocationContext | undefined;

export function closeBooks(): void {
  lastContext.removeTools('export_ledger');
  current = undefined;
}

export const remember = (ctx: FunctionInvocationContext) => {
  current = ctx;
};
`;

const validCases: Array<{ name: string; code: string }> = [
  {
    name: "the context parameter of a tool's execute and of middleware (listed or typed)",
    code: `import { Agent, defineTool, type FunctionMiddleware } from 'tool-identity-audit/runtime';
import { z } from 'zod';

const createShipment = defineTool<{ orderId: string }>({
  name: 'create_shipment',
  description: 'Book a carrier for a packed order.',
  parameters: z.object({ orderId: z.string() }),
  execute: async ({ orderId }) => ({ booked: orderId }),
});

export const openShippingDesk = defineTool<{ station: string }>({
  name: 'open_shipping_desk',
  description: 'Sign in at a packing station.',
  parameters: z.object({ station: z.string() }),
  async execute({ station }, ctx) {
    const context = ctx;
    context.addTools([createShipment]);
    return \`Signed in at \${station}.\`;
  },
});

const closeDeskAfterHours: FunctionMiddleware = async (ctx, next) => {
  if (new Date().getHours() >= 18) ctx.removeTools(createShipment);
  await next();
};

export const warehouse = new Agent({
  name: 'warehouse',
  tools: [openShippingDesk],
  middleware: [
    closeDeskAfterHours,
    async (ctx, next) => {
      await next();
      if (ctx.result === 'closed') ctx.removeTools('create_shipment');
    },
  ],
});
`,
  },
  {
    name: 'a helper whose parameter is typed FunctionInvocationContext',
    code: `import { defineTool, type FunctionInvocationContext } from 'tool-identity-audit/runtime';
import { z } from 'zod';

const voidLabel = defineTool<{ trackingNumber: string }>({
  name: 'void_label',
  description: 'Cancel a label that has not been scanned yet.',
  parameters: z.object({ trackingNumber: z.string() }),
  execute: async ({ trackingNumber }) => ({ voided: trackingNumber }),
});

export function unlockLabelTools(ctx: FunctionInvocationContext): void {
  ctx.addTools(voidLabel);
}
`,
  },
  {
    name: 'receivers that cannot be traced: an untyped helper parameter, a property of this',
    code: `import { defineTool } from 'tool-identity-audit/runtime';
import { z } from 'zod';

const escalate = defineTool({
  name: 'escalate',
  description: 'Page the on-call engineer.',
  parameters: z.object({ reason: z.string() }),
  execute: async ({ reason }) => ({ paged: true, reason }),
});

export function grantEscalation(context: { addTools(tools: unknown): void }): void {
  context.addTools(escalate);
}

export class Session {
  constructor(private readonly ctx: { removeTools(names: string): void }) {}

  end(): void {
    this.ctx.removeTools('escalate');
  }
}
`,
  },
];

// Callbacks that run before the tool returns: an awaited chain, a timer the tool waits for, a
// synchronous callback.
validCases.push({
  name: 'callbacks that run before the tool or middleware returns: awaited .then(), an awaited timer, forEach',
  code: `import { Agent, defineTool, type FunctionMiddleware } from 'tool-identity-audit/runtime';
import { z } from 'zod';
import { loadEntitlements } from './entitlements.js';

const issueRefund = defineTool<{ orderId: string }>({
  name: 'issue_refund',
  description: 'Refund an order.',
  parameters: z.object({ orderId: z.string() }),
  execute: async ({ orderId }) => ({ refunded: orderId }),
});

export const verifyAgent = defineTool<{ badge: string }>({
  name: 'verify_agent',
  description: 'Check the agent badge and unlock refunds.',
  parameters: z.object({ badge: z.string() }),
  async execute({ badge }, ctx) {
    await loadEntitlements(badge).then((entitlements) => {
      if (entitlements.includes('refunds')) ctx.addTools(issueRefund);
    });
    await new Promise<void>((resolve) => {
      setTimeout(() => {
        ctx.removeTools('verify_agent');
        resolve();
      }, 50);
    });
    [issueRefund].forEach((tool) => ctx.addTools(tool));
    return 'verified';
  },
});

const lockAfterHours: FunctionMiddleware = async (ctx, next) => {
  return loadEntitlements('desk').then(async (entitlements) => {
    if (!entitlements.includes('after-hours')) ctx.removeTools(issueRefund);
    await next();
  });
};

export const refunds = new Agent({ name: 'refunds', tools: [verifyAgent], middleware: [lockAfterHours] });
`,
});

const deferredMutations = `import { Agent, defineTool, type FunctionMiddleware } from 'tool-identity-audit/runtime';
import { EventEmitter } from 'node:events';
import { z } from 'zod';
import { fetchQuote } from './quotes.js';

const bookFreight = defineTool<{ quoteId: string }>({
  name: 'book_freight',
  description: 'Book a freight quote.',
  parameters: z.object({ quoteId: z.string() }),
  execute: async ({ quoteId }) => ({ booked: quoteId }),
});

export const quoteWatcher = new EventEmitter();

export const requestQuote = defineTool<{ lane: string }>({
  name: 'request_quote',
  description: 'Ask carriers for a freight quote; booking unlocks when one arrives.',
  parameters: z.object({ lane: z.string() }),
  async execute({ lane }, ctx) {
    fetchQuote(lane).then(() => ctx.addTools(bookFreight));
    setTimeout(() => {
      ctx.removeTools(bookFreight);
    }, 60_000);
    quoteWatcher.on('expired', () => ctx.removeTools('book_freight'));
    return \`quote requested for \${lane}\`;
  },
});

const unlockLater: FunctionMiddleware = async (ctx, next) => {
  queueMicrotask(() => ctx.addTools(bookFreight));
  await next();
};

export const freight = new Agent({ name: 'freight', tools: [requestQuote], middleware: [unlockLater] });
`;

const handMadeErrors = [
  {
    messageId: 'mutationOutsideInvocation' as const,
    data: { method: 'addTools' },
    ...loc(handMadeContext, 'ctx.addTools([refundOrder])'),
  },
];

runCases(RULE, rule, {
  valid: validCases,
  invalid: [
    {
      name: 'a context made with createFunctionInvocationContext() is bound to no run',
      code: handMadeContext,
      errors: handMadeErrors,
    },
    {
      mode: 'syntax',
      name: 'the invocation context used in callbacks that run after the tool or middleware returned',
      code: deferredMutations,
      errors: [
        {
          messageId: 'mutationAfterInvocation',
          data: { method: 'addTools', via: '.then()' },
          ...loc(deferredMutations, 'ctx.addTools(bookFreight)'),
        },
        {
          messageId: 'mutationAfterInvocation',
          data: { method: 'removeTools', via: 'setTimeout()' },
          ...loc(deferredMutations, 'ctx.removeTools(bookFreight)'),
        },
        {
          messageId: 'mutationAfterInvocation',
          data: { method: 'removeTools', via: "an event listener (.on('expired'))" },
          ...loc(deferredMutations, "ctx.removeTools('book_freight')"),
        },
        {
          messageId: 'mutationAfterInvocation',
          data: { method: 'addTools', via: 'queueMicrotask()' },
          ...loc(deferredMutations, 'ctx.addTools(bookFreight)', 2),
        },
      ],
    },
    {
      mode: 'syntax',
      name: 'a context imported from module state',
      code: moduleState,
      errors: [
        {
          messageId: 'mutationOutsideInvocation',
          data: { method: 'removeTools' },
          ...loc(moduleState, "lastContext.removeTools('export_ledger')"),
        },
      ],
    },
    {
      mode: 'syntax',
      name: 'addTools on the agent at module scope',
      code: `import { Agent, defineTool } from 'tool-identity-audit/runtime';
import { z } from 'zod';

const trackParcel = defineTool<{ trackingNumber: string }>({
  name: 'track_parcel',
  description: 'Where a parcel is now.',
  parameters: z.object({ trackingNumber: z.string() }),
  execute: async ({ trackingNumber }) => ({ trackingNumber, status: 'in transit' }),
});

export const support = new Agent({ name: 'support', tools: [] });
support.addTools(trackParcel);
`,
      errors: [
        {
          messageId: 'mutationOutsideInvocation',
          data: { method: 'addTools' },
          line: 12,
          column: 1,
          endLine: 12,
          endColumn: 30,
        },
      ],
    },
  ],
});
