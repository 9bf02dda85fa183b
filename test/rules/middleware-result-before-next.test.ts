// middleware-result-before-next: in function middleware (listed in an agent's `middleware`, or typed
// FunctionMiddleware), `ctx.result = ...` followed in the same block by `next()` (awaited, returned
// or kept) with no assignment after it. Reported on the assignment. A result set in a branch that
// returns, or set again after next(), is fine.
import rule from '../../rules/middleware-result-before-next.js';
import { loc, runCases } from './testers.js';

const RULE = 'middleware-result-before-next';

const cacheGate = `import { Agent, type FunctionMiddleware } from 'tool-identity-audit/runtime';

/** Meant as a fallback answer for when the inventory service is down. */
const withFallback: FunctionMiddleware = async (ctx, next) => {
  ctx.result = { error: 'The inventory service did not answer; try again in a minute.' };
  await next();
};

export const stockroom = new Agent({ name: 'stockroom', middleware: [withFallback] });
`;

const gateErrors = [{ messageId: 'resultBeforeNext' as const, data: {}, ...loc(cacheGate, "ctx.result = { error: 'The inventory service did not answer; try again in a minute.' }") }];

const listed = `import { Agent } from 'tool-identity-audit/runtime';

export const payroll = new Agent({
  name: 'payroll',
  middleware: [
    async (ctx, next) => {
      if (ctx.function.name === 'run_payroll' && new Date().getDate() > 25) {
        ctx.result = { error: 'Payroll is locked after the 25th.' };
        return next();
      }
      return next();
    },
  ],
});
`;

// Across blocks: a branch that sets the result and falls through to next(), a try whose catch
// sets a fallback and carries on, a result set before a block that calls next().
const acrossBlocks = `import { Agent, type FunctionMiddleware } from 'tool-identity-audit/runtime';
import { quoteCache } from './quote-cache.js';

const cachedQuotes: FunctionMiddleware = async (ctx, next) => {
  const cached = quoteCache.get(JSON.stringify(ctx.arguments));
  if (cached !== undefined) {
    ctx.result = cached;
  }
  await next();
};

const fallbackOnOutage: FunctionMiddleware = async (ctx, next) => {
  try {
    await quoteCache.ping();
  } catch {
    ctx.result = { error: 'Quotes are unavailable right now.' };
  }
  return next();
};

const auditFirst: FunctionMiddleware = async (ctx, next) => {
  ctx.result = { status: 'pending review' };
  if (ctx.function.name !== 'delete_quote') {
    await next();
  }
};

export const quotes = new Agent({ name: 'quotes', middleware: [cachedQuotes, fallbackOnOutage, auditFirst] });
`;

const validCases = [
  {
    name: 'a gate that returns after setting the result, and an override after next()',
    code: `import { Agent, type FunctionMiddleware } from 'tool-identity-audit/runtime';

const storeIsOpen = () => new Date().getHours() >= 9 && new Date().getHours() < 18;

const requireOpenStore: FunctionMiddleware = async (ctx, next) => {
  if (ctx.function.name === 'print_label' && !storeIsOpen()) {
    ctx.result = { printed: false, message: 'Labels print while the store is open.' };
    return;
  }
  await next();
};

export const kiosk = new Agent({
  name: 'kiosk',
  middleware: [
    requireOpenStore,
    async (ctx, next) => {
      ctx.result = 'pending';
      await next();
      ctx.result = { value: ctx.result, at: new Date().toISOString() };
    },
  ],
});
`,
  },
  {
    name: 'functions that are not middleware',
    code: `import { Agent } from 'tool-identity-audit/runtime';

export const reports = new Agent({ name: 'reports' });

/** A step of the report pipeline, not function middleware. */
export async function resetStep(ctx: { result: unknown }, next: () => Promise<void>) {
  ctx.result = undefined;
  await next();
}
`,
  },
  {
    name: 'across blocks: exclusive if/else arms, a try whose catch returns, a switch whose case returns',
    code: `import { Agent, type FunctionMiddleware } from 'tool-identity-audit/runtime';
import { quoteCache } from './quote-cache.js';

const cachedOrLive: FunctionMiddleware = async (ctx, next) => {
  const cached = quoteCache.get(JSON.stringify(ctx.arguments));
  if (cached !== undefined) {
    ctx.result = cached;
  } else {
    await next();
  }
};

const failClosed: FunctionMiddleware = async (ctx, next) => {
  try {
    await quoteCache.ping();
  } catch {
    ctx.result = { error: 'Quotes are unavailable right now.' };
    return;
  }
  await next();
};

const byTool: FunctionMiddleware = async (ctx, next) => {
  switch (ctx.function.name) {
    case 'delete_quote':
      ctx.result = { error: 'Quotes cannot be deleted here.' };
      return;
    default:
      break;
  }
  await next();
  if (ctx.result === undefined) {
    ctx.result = { error: 'No quote.' };
  }
};

export const quotes = new Agent({ name: 'quotes', middleware: [cachedOrLive, failClosed, byTool] });
`,
  },
];

runCases(RULE, rule, {
  valid: validCases,
  invalid: [
    { name: 'a typed middleware sets a fallback result, then awaits next()', code: cacheGate, errors: gateErrors },
    {
      mode: 'syntax',
      name: 'across blocks: a branch that falls through, a catch that carries on, next() inside a later if',
      code: acrossBlocks,
      errors: [
        { messageId: 'resultBeforeNext', data: {}, ...loc(acrossBlocks, 'ctx.result = cached') },
        { messageId: 'resultBeforeNext', data: {}, ...loc(acrossBlocks, "ctx.result = { error: 'Quotes are unavailable right now.' }") },
        { messageId: 'resultBeforeNext', data: {}, ...loc(acrossBlocks, "ctx.result = { status: 'pending review' }") },
      ],
    },
    {
      mode: 'syntax',
      name: 'a listed middleware sets the result and returns next()',
      code: listed,
      errors: [{ messageId: 'resultBeforeNext', data: {}, ...loc(listed, "ctx.result = { error: 'Payroll is locked after the 25th.' }") }],
    },
  ],
});
