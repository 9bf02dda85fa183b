// no-direct-tools-mutation: changing `ctx.tools` of an invocation context in place (`push`, `splice`,
// `length = 0`, `ctx.tools[i] = ...`: messageId toolsMutated, reported on the call or the written
// target) or assigning it (toolsAssigned, reported on the assignment). Only contexts traced to a
// tool's execute, a middleware, or a parameter typed FunctionInvocationContext; `tools` of other
// objects (an agent, a config) are not the live list.
import rule from '../../rules/no-direct-tools-mutation.js';
import { loc, runCases } from './testers.js';

const RULE = 'no-direct-tools-mutation';

const pushInTool = `import { defineTool, type FunctionTool } from 'tool-identity-audit/runtime';
import { z } from 'zod';

const issueRefund = defineTool<{ orderId: string; amount: number }>({
  name: 'issue_refund',
  description: 'Refund part or all of an order.',
  parameters: z.object({ orderId: z.string(), amount: z.number().positive() }),
  execute: async ({ orderId, amount }) => ({ orderId, refunded: amount }),
});

export const verifyManager = defineTool<{ badge: string }>({
  name: 'verify_manager',
  description: 'Check a manager badge before refunds are allowed.',
  parameters: z.object({ badge: z.string() }),
  async execute({ badge }, ctx) {
    if (!badge.startsWith('MGR-')) return 'Not a manager badge.';
    (ctx.tools as FunctionTool[]).push(issueRefund);
    return 'Refunds unlocked.';
  },
});
`;

const middlewareForms = `import { Agent, type FunctionMiddleware } from 'tool-identity-audit/runtime';

const lockdown: FunctionMiddleware = async (ctx, next) => {
  if (process.env.LOCKDOWN === '1') {
    const tools = ctx.tools as unknown[];
    ctx.tools.length = 0;
    ctx.result = { error: 'Lockdown: tools are disabled.' };
    void tools;
    return;
  }
  await next();
};

export const frontDesk = new Agent({
  name: 'front_desk',
  middleware: [
    lockdown,
    async (ctx, next) => {
      await next();
      (ctx as { tools: unknown[] }).tools = [];
    },
  ],
});
`;

const validCases = [
  {
    name: 'reads of ctx.tools, and addTools/removeTools',
    code: `import { defineTool, type FunctionInvocationContext } from 'tool-identity-audit/runtime';
import { z } from 'zod';

const printLabel = defineTool<{ orderId: string }>({
  name: 'print_label',
  description: 'Print the return label.',
  parameters: z.object({ orderId: z.string() }),
  execute: async ({ orderId }) => ({ printed: orderId }),
});

export const startReturn = defineTool<{ orderId: string }>({
  name: 'start_return',
  description: 'Start a return and unlock label printing.',
  parameters: z.object({ orderId: z.string() }),
  async execute({ orderId }, ctx) {
    const names = ctx.tools.map((tool) => tool.name);
    if (!names.includes('print_label') && ctx.tools.length < 20) ctx.addTools(printLabel);
    for (const tool of ctx.tools) console.debug(tool.name);
    return { orderId, available: names };
  },
});

export function closeReturn(ctx: FunctionInvocationContext): void {
  if (ctx.tools.some((tool) => tool.name === 'print_label')) ctx.removeTools('print_label');
}
`,
  },
  {
    name: 'tools of an agent or of a config object are not the live list',
    code: `import { Agent, defineTool } from 'tool-identity-audit/runtime';
import { z } from 'zod';

const weather = defineTool<{ city: string }>({
  name: 'weather',
  description: 'Current weather of a city.',
  parameters: z.object({ city: z.string() }),
  execute: async ({ city }) => \`Sunny in \${city}\`,
});

export const concierge = new Agent({ name: 'concierge', tools: [] });
concierge.tools.push(weather);

export function addDefaults(config: { tools: unknown[] }, context: { tools: unknown[] }): void {
  config.tools.push(weather);
  context.tools = [weather];
}
`,
  },
];

const pushErrors = [
  {
    messageId: 'toolsMutated' as const,
    data: {},
    ...loc(pushInTool, '(ctx.tools as FunctionTool[]).push(issueRefund)'),
  },
];

runCases(RULE, rule, {
  valid: validCases,
  invalid: [
    {
      name: "push on the tool's own ctx.tools",
      code: pushInTool,
      errors: pushErrors,
    },
    {
      mode: 'syntax',
      name: 'length = 0 in a typed middleware; splice through an alias; element assignment',
      code: `import { defineTool } from 'tool-identity-audit/runtime';
import { z } from 'zod';

export const resetTools = defineTool({
  name: 'reset_tools',
  description: 'Drop every tool but this one.',
  parameters: z.object({}),
  execute: async (_args, ctx) => {
    const context = ctx;
    (context.tools as unknown[]).splice(1);
    (ctx.tools as unknown[])[0] = resetTools;
    return 'Reset.';
  },
});
`,
      errors: [
        {
          messageId: 'toolsMutated',
          data: {},
          line: 10,
          column: 5,
          endLine: 10,
          endColumn: 43,
        },
        {
          messageId: 'toolsMutated',
          data: {},
          line: 11,
          column: 5,
          endLine: 11,
          endColumn: 32,
        },
      ],
    },
    {
      mode: 'syntax',
      name: 'middleware: length = 0, and an assignment',
      code: middlewareForms,
      errors: [
        { messageId: 'toolsMutated', data: {}, ...loc(middlewareForms, 'ctx.tools.length') },
        { messageId: 'toolsAssigned', data: {}, ...loc(middlewareForms, '(ctx as { tools: unknown[] }).tools = []') },
      ],
    },
  ],
});
