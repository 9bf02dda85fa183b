// FunctionInvocationContext: what a tool body and function middleware receive for one call.
import type { FunctionTool } from './define-tool.js';
import { ToolContextUnboundError } from './errors.js';
import { PROGRESSIVE_TOOLS, warnExperimentalFeature } from './experimental-warning.js';
import { readOnlyToolView, type LiveToolList, type ToolInput, type ToolRemoval } from './live-tools.js';
import type { ModelToolCall } from './model.js';

export interface FunctionInvocationContext {
  /**
   * The live tool list of this run, as a read-only view (decision A-9): it reflects later
   * addTools/removeTools calls, and every mutation attempt throws ReadOnlyToolListError.
   * Empty on an unbound context.
   */
  readonly tools: readonly FunctionTool[];
  /** Experimental. Adds tools for the next model request of this run; atomic; same object = no-op. */
  addTools(tools: ToolInput): void;
  /** Experimental. Removes tools by name (or by another tool's identity) from the next request on. */
  removeTools(tools: ToolRemoval): void;
  /** The tool being invoked. */
  readonly function: FunctionTool;
  /** Parsed arguments; middleware may rewrite them before `next()` (the tool re-validates). */
  arguments: Record<string, unknown>;
  /** Provider call id, exactly as the model sent it ('' for a direct invocation outside a loop). */
  readonly callId: string;
  /** The call's result. Middleware sets it to short-circuit or to override after `next()`. */
  result: unknown;
  /** False when the context belongs to no running loop; then addTools/removeTools throw. */
  readonly bound: boolean;
  /** The call as the tool should see it: a deferred tool's synthetic `namespace` is stripped. */
  readonly toolCall: ModelToolCall | undefined;
  /** Scratch space shared by every invocation of one run (and carried into its approval resume). */
  readonly runData: Map<string, unknown>;
}

export interface InvocationContextInit {
  function: FunctionTool;
  arguments: Record<string, unknown>;
  callId: string;
  toolCall?: ModelToolCall;
  live?: LiveToolList;
  runData?: Map<string, unknown>;
}

class InvocationContext implements FunctionInvocationContext {
  readonly function: FunctionTool;
  arguments: Record<string, unknown>;
  readonly callId: string;
  result: unknown = undefined;
  readonly toolCall: ModelToolCall | undefined;
  readonly runData: Map<string, unknown>;
  readonly #live: LiveToolList | undefined;
  readonly #view: readonly FunctionTool[];

  constructor(init: InvocationContextInit) {
    this.function = init.function;
    this.arguments = init.arguments;
    this.callId = init.callId;
    this.toolCall = init.toolCall;
    this.runData = init.runData ?? new Map();
    this.#live = init.live;
    this.#view = init.live?.view ?? readOnlyToolView([]);
  }

  get tools(): readonly FunctionTool[] {
    return this.#view;
  }

  get bound(): boolean {
    return this.#live !== undefined;
  }

  // Arrow properties so `const { addTools } = ctx` keeps working.
  readonly addTools = (tools: ToolInput): void => {
    // Warn before any check, so the warning fires even when the call then throws (upstream order).
    warnExperimentalFeature(PROGRESSIVE_TOOLS, 'FunctionInvocationContext.addTools');
    if (this.#live === undefined) throw new ToolContextUnboundError('addTools');
    this.#live.add(tools);
  };

  readonly removeTools = (tools: ToolRemoval): void => {
    warnExperimentalFeature(PROGRESSIVE_TOOLS, 'FunctionInvocationContext.removeTools');
    if (this.#live === undefined) throw new ToolContextUnboundError('removeTools');
    this.#live.remove(tools);
  };
}

/** Internal: the loop builds bound contexts with a live list. */
export function createInvocationContext(init: InvocationContextInit): FunctionInvocationContext {
  return new InvocationContext(init);
}

/**
 * A context bound to no run (for unit tests of tools and middleware, and direct invocation):
 * `tools` is empty and addTools/removeTools throw ToolContextUnboundError.
 */
export function createFunctionInvocationContext(init: {
  function: FunctionTool;
  arguments?: Record<string, unknown>;
  callId?: string;
  toolCall?: ModelToolCall;
}): FunctionInvocationContext {
  return new InvocationContext({
    function: init.function,
    arguments: init.arguments ?? {},
    callId: directCallId(init.callId),
    ...(init.toolCall === undefined ? {} : { toolCall: init.toolCall }),
  });
}

/** A direct invocation has no provider call: its ID is the caller's, else empty, never made up from something else. */
function directCallId(callId?: string): string {
  return typeof callId === 'string' ? callId : '';
}
