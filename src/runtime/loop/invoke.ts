// Runs one function call: parse → validate → middleware onion → tool. Every failure becomes an error
// result; only MiddlewareTermination changes the loop's course.
import { normalizeToolCallForFunctionTool } from '../identity/index.js';
import { parseArgumentsJson, validateArguments } from './arguments.js';
import { createFunctionInvocationContext, createInvocationContext } from './context.js';
import type { FunctionTool } from './define-tool.js';
import { ArgumentParsingError, MiddlewareTermination } from './errors.js';
import type { LiveToolList } from './live-tools.js';
import { executeFunctionMiddleware, type FunctionMiddleware } from './middleware.js';
import type { ModelToolCall } from './model.js';
import { ARGUMENT_PARSING_FAILED_TEXT, FUNCTION_FAILED_TEXT, errorText, resultToText } from './results.js';

export interface InvocationOutcome {
  output: string;
  /** True when the call failed (counts toward the consecutive-error limit). */
  isError: boolean;
  error?: unknown;
  /** True when MiddlewareTermination ended the call: the loop stops after this batch. */
  terminated: boolean;
}

export interface InvokeCallOptions {
  tool: FunctionTool;
  /** The call exactly as the model sent it. */
  call: ModelToolCall;
  live: LiveToolList;
  middleware: readonly FunctionMiddleware[];
  runData: Map<string, unknown>;
  includeDetailedErrors: boolean;
}

export async function invokeFunctionCall(options: InvokeCallOptions): Promise<InvocationOutcome> {
  const { tool, call, live, middleware, runData, includeDetailedErrors } = options;
  const fail = (base: string, error: unknown): InvocationOutcome => ({
    output: errorText(base, error, includeDetailedErrors),
    isError: true,
    error,
    terminated: false,
  });

  let args: Record<string, unknown>;
  try {
    args = parseArgumentsJson(call.arguments);
    // Checked before middleware too, so middleware only ever sees arguments that were valid once.
    validateArguments(tool, args);
  } catch (error) {
    return fail(ARGUMENT_PARSING_FAILED_TEXT, error);
  }

  const ctx = createInvocationContext({
    function: tool,
    arguments: args,
    callId: call.call_id,
    // The tool sees its bare identity: a deferred tool's synthetic namespace is stripped here only;
    // the raw call (namespace kept) stays in the run items and the transcript.
    toolCall: normalizeToolCallForFunctionTool(call, tool),
    live,
    runData,
  });

  try {
    await executeFunctionMiddleware(middleware, ctx, async (current) => {
      // Middleware may have rewritten the arguments: validate again right before execute.
      const validated = validateArguments(tool, current.arguments);
      current.result = await tool.execute(validated, current);
    });
    return { output: resultToText(ctx.result), isError: false, terminated: false };
  } catch (error) {
    if (error instanceof MiddlewareTermination) {
      if (error.hasResult) ctx.result = error.result;
      return { output: resultToText(ctx.result), isError: false, terminated: true };
    }
    return fail(error instanceof ArgumentParsingError ? ARGUMENT_PARSING_FAILED_TEXT : FUNCTION_FAILED_TEXT, error);
  }
}

/**
 * Calls a tool directly, outside any loop: arguments are validated, no middleware runs, and the
 * context is unbound (addTools/removeTools throw ToolContextUnboundError). Errors propagate.
 */
export async function invokeTool(tool: FunctionTool, args: Record<string, unknown> = {}): Promise<unknown> {
  const validated = validateArguments(tool, args);
  const ctx = createFunctionInvocationContext({ function: tool, arguments: args });
  return await tool.execute(validated, ctx);
}
