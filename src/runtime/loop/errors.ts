// Typed errors of the function-calling loop. Identity errors come from `../identity/` (ToolIdentityError).
import { toolQualifiedName } from '../identity/index.js';

/** A progressive-tools helper was called on a context that is not bound to a running loop. */
export class ToolContextUnboundError extends Error {
  readonly helper: 'addTools' | 'removeTools';

  constructor(helper: 'addTools' | 'removeTools') {
    const verb = helper === 'addTools' ? 'add' : 'remove';
    super(
      `Cannot ${verb} tools: this FunctionInvocationContext is not bound to a live agent run. ` +
        `${helper} is only available for functions invoked within an agent's function-calling loop.`,
    );
    this.name = 'ToolContextUnboundError';
    this.helper = helper;
  }
}

/** `addTools` was given a different tool object with the identity of one already in the live list. */
export class DuplicateToolNameError extends Error {
  /** Public name of the clashing tool. */
  readonly toolName: string;
  /** Explicit namespace of the clashing tool, when it has one. */
  readonly namespace: string | undefined;

  constructor(toolName: string, namespace?: string) {
    const shown = toolQualifiedName(toolName, namespace) ?? toolName;
    super(`Duplicate tool name '${shown}'. Tool names must be unique.`);
    this.name = 'DuplicateToolNameError';
    this.toolName = toolName;
    this.namespace = namespace;
  }
}

/** An invalid `toolChoice`, or (with `strictToolChoice`) a `requiredFunctionName` that names no tool. */
export class ToolChoiceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ToolChoiceError';
  }
}

/** Thrown by every mutating operation on the read-only `ctx.tools` view (decision A-9). */
export class ReadOnlyToolListError extends TypeError {
  constructor() {
    super('ctx.tools is a read-only view of the live tool list; use ctx.addTools() / ctx.removeTools().');
    this.name = 'ReadOnlyToolListError';
  }
}

/** A model call named no available tool while `terminateOnUnknownCalls` is set. */
export class UnknownToolError extends Error {
  readonly toolName: string;

  constructor(toolName: string) {
    super(`Requested function "${toolName}" not found.`);
    this.name = 'UnknownToolError';
    this.toolName = toolName;
  }
}

/** Invalid Agent / run configuration (limits, policy, tool shapes). */
export class AgentConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AgentConfigError';
  }
}

/** Arguments did not parse as a JSON object or did not satisfy the tool's schema. */
export class ArgumentParsingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArgumentParsingError';
  }
}

/** Misuse of a RunState: resuming twice, or deciding an approval the state does not hold. */
export class RunStateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RunStateError';
  }
}

/**
 * Thrown by function middleware (or a tool) to end the loop after the current batch: sibling calls
 * finish, all results are recorded, and no further model request is made.
 */
export class MiddlewareTermination extends Error {
  /** True when the constructor received a `result`, which then becomes the call's result. */
  readonly hasResult: boolean;
  readonly result: unknown;

  constructor(message = 'Function invocation loop terminated by middleware.', options: { result?: unknown } = {}) {
    super(message);
    this.name = 'MiddlewareTermination';
    this.hasResult = Object.prototype.hasOwnProperty.call(options, 'result');
    this.result = options.result;
  }
}
