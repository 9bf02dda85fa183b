// Function middleware: an onion around each tool invocation. The first middleware is outermost.
import type { FunctionInvocationContext } from './context.js';

/**
 * Wraps one tool invocation. Not calling `next()` skips the tool and every inner middleware (a gate);
 * whatever `ctx.result` holds then becomes the call's result. Throw MiddlewareTermination to end the
 * loop after the current batch.
 */
export type FunctionMiddleware = (ctx: FunctionInvocationContext, next: () => Promise<void>) => Promise<void>;

/**
 * Runs `middleware` around `handler` and returns `ctx.result` afterwards. Nothing guards against
 * `next()` being called twice (the tool then runs twice), matching upstream; lint rules cover that.
 */
export async function executeFunctionMiddleware(
  middleware: readonly FunctionMiddleware[],
  ctx: FunctionInvocationContext,
  handler: (ctx: FunctionInvocationContext) => Promise<void>,
): Promise<unknown> {
  const dispatch = async (index: number): Promise<void> => {
    const layer = middleware[index];
    if (layer === undefined) {
      await handler(ctx);
      return;
    }
    await layer(ctx, () => dispatch(index + 1));
  };
  await dispatch(0);
  return ctx.result;
}
