// middleware-await-next: a `next()` call in function middleware (listed in an agent's `middleware`, or
// typed FunctionMiddleware) that is a statement of its own or under `void`: neither awaited nor
// returned. Reported on the call. `await next()`, `return next()`, an expression body `=> next()`
// and `const done = next(); ...; await done` are fine.
import rule from '../../rules/middleware-await-next.js';
import { loc, runCases } from './testers.js';

const RULE = 'middleware-await-next';

const detached = `import { Agent, type FunctionMiddleware } from 'tool-identity-audit/runtime';

const audit: FunctionMiddleware = async (ctx, next) => {
  console.info(JSON.stringify({ tool: ctx.function.name, callId: ctx.callId }));
  next();
};

export const ledger = new Agent({ name: 'ledger', middleware: [audit] });
`;

const detachedErrors = [{ messageId: 'unawaitedNext' as const, data: {}, ...loc(detached, 'next()') }];

const voided = `import { Agent } from 'tool-identity-audit/runtime';

export const intake = new Agent({
  name: 'intake',
  middleware: [
    (ctx, next) => {
      const started = Date.now();
      void next();
      console.debug(\`\${ctx.function.name} took \${Date.now() - started} ms\`);
    },
  ],
});
`;

const validCases = [
  {
    name: 'awaited, returned, an expression body, and a promise awaited later',
    code: `import { Agent, type FunctionMiddleware } from 'tool-identity-audit/runtime';

const timing: FunctionMiddleware = async (ctx, next) => {
  const started = performance.now();
  try {
    await next();
  } finally {
    console.debug(ctx.function.name, performance.now() - started);
  }
};

export const ops = new Agent({
  name: 'ops',
  middleware: [
    timing,
    (ctx, next) => next(),
    (ctx, next) => {
      if (ctx.arguments.dryRun === true) {
        ctx.result = 'dry run';
        return;
      }
      return next();
    },
    async (ctx, next) => {
      const done = next();
      console.debug('started', ctx.function.name);
      await done;
    },
  ],
});
`,
  },
  {
    name: 'a next() that is not a middleware parameter',
    code: `import { Agent } from 'tool-identity-audit/runtime';

export const reports = new Agent({ name: 'reports' });

export function drain(queue: { next(): void }, next: () => void) {
  queue.next();
  next();
}
`,
  },
];

runCases(RULE, rule, {
  valid: validCases,
  invalid: [
    { name: 'a typed middleware calls next() without awaiting it', code: detached, errors: detachedErrors },
    {
      mode: 'syntax',
      name: 'void next() in a listed middleware: the tool still runs detached',
      code: voided,
      errors: [{ messageId: 'unawaitedNext', data: {}, ...loc(voided, 'next()', 1) }],
    },
  ],
});
