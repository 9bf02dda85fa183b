// defineTool: the one way a function tool is built. Tools are frozen plain objects (own enumerable
// properties only) so toolNamespace() can copy them and identity helpers can read them as ToolLike.
// Zod is used through the schema's own methods (toJSONSchema, safeParse) and imported for types
// only, so the runtime layer loads nothing but Node built-ins.
import type * as z from 'zod';
import { validateFunctionToolName } from '../identity/index.js';
import type { FunctionInvocationContext } from './context.js';
import { AgentConfigError } from './errors.js';

/** A JSON Schema object, as sent to the model. */
export type JsonSchema = { readonly [key: string]: unknown };

export type ApprovalMode = 'always_require' | 'never_require';

/** A function tool. Structurally a ToolLike with `type: 'function'`. */
export interface FunctionTool<Args = unknown> {
  readonly type: 'function';
  /** Public name the model sees. */
  readonly name: string;
  readonly description: string;
  /** Model-visible argument schema (a zod schema is converted with `z.toJSONSchema`). */
  readonly parameters: JsonSchema;
  readonly approvalMode: ApprovalMode;
  /** Present (and true) only for deferred-loading tools. */
  readonly deferLoading?: boolean;
  /** Explicit namespace; set only by `toolNamespace()`. */
  readonly namespace?: string;
  readonly namespaceDescription?: string;
  /** The zod schema the arguments are validated with, when `parameters` was a zod schema. */
  readonly argumentsSchema?: z.ZodType;
  // Method syntax on purpose: parameters are then checked bivariantly, so a FunctionTool<{ n: number }>
  // can sit in a FunctionTool[] next to tools with other argument types.
  execute(args: Args, ctx: FunctionInvocationContext): unknown;
}

export interface DefineToolOptions<Args> {
  name: string;
  description: string;
  parameters: JsonSchema | z.ZodType;
  execute(args: Args, ctx: FunctionInvocationContext): unknown;
  approvalMode?: ApprovalMode;
  deferLoading?: boolean;
}

/** A plain function accepted by `ctx.addTools`; it is wrapped into a new FunctionTool on every add. */
export type PlainToolFunction = (args: Record<string, unknown>, ctx: FunctionInvocationContext) => unknown;

export function defineTool<S extends z.ZodType>(
  options: Omit<DefineToolOptions<z.output<S>>, 'parameters'> & { parameters: S },
): FunctionTool<z.output<S>>;
export function defineTool<Args = Record<string, unknown>>(
  options: Omit<DefineToolOptions<Args>, 'parameters'> & { parameters: JsonSchema },
): FunctionTool<Args>;
export function defineTool(options: DefineToolOptions<unknown>): FunctionTool<unknown> {
  if (options === null || typeof options !== 'object') {
    throw new AgentConfigError('defineTool() needs an options object.');
  }
  const { name, description, parameters, execute, approvalMode = 'never_require', deferLoading } = options;
  if (typeof name !== 'string' || name.length === 0) {
    throw new AgentConfigError('defineTool() needs a non-empty string name.');
  }
  if (typeof description !== 'string') {
    throw new AgentConfigError(`defineTool("${name}"): description must be a string.`);
  }
  if (typeof execute !== 'function') {
    throw new AgentConfigError(`defineTool("${name}"): execute must be a function.`);
  }
  if (approvalMode !== 'always_require' && approvalMode !== 'never_require') {
    throw new AgentConfigError(
      `defineTool("${name}"): approvalMode must be 'always_require' or 'never_require'.`,
    );
  }
  if (deferLoading !== undefined && typeof deferLoading !== 'boolean') {
    throw new AgentConfigError(`defineTool("${name}"): deferLoading must be a boolean.`);
  }

  let wireSchema: JsonSchema;
  let argumentsSchema: z.ZodType | undefined;
  if (isZodSchema(parameters)) {
    argumentsSchema = parameters;
    // `io: 'input'` describes what the model must send, before zod transforms/defaults apply.
    const { $schema: _dialect, ...rest } = parameters.toJSONSchema({ io: 'input', unrepresentable: 'any' });
    wireSchema = rest;
  } else if (isPlainObject(parameters)) {
    // Copy so later edits of the caller's object cannot change what the model sees.
    wireSchema = structuredClone(parameters) as JsonSchema;
  } else {
    throw new AgentConfigError(`defineTool("${name}"): parameters must be a JSON schema object or a zod schema.`);
  }

  const tool: FunctionTool<unknown> = {
    type: 'function',
    name,
    description,
    parameters: Object.freeze(wireSchema),
    approvalMode,
    ...(deferLoading === true ? { deferLoading: true } : {}),
    ...(argumentsSchema === undefined ? {} : { argumentsSchema }),
    execute,
  };
  return Object.freeze(tool);
}

/**
 * Wraps a plain function as a tool named after the function. A new object is made on every call
 * (decision A-10, parity): re-adding the same plain function in a later invocation is a duplicate.
 * The derived name is checked with the identity rule for derived names (ASCII, at most 64 chars).
 */
export function toolFromFunction(fn: PlainToolFunction): FunctionTool<Record<string, unknown>> {
  validateFunctionToolName(fn.name);
  return defineTool<Record<string, unknown>>({
    name: fn.name,
    description: '',
    parameters: { type: 'object', properties: {}, additionalProperties: true },
    execute: (args, ctx) => fn(args, ctx),
  });
}

/** True for objects made by defineTool (or copies of them, e.g. from toolNamespace). */
export function isFunctionTool(value: unknown): value is FunctionTool {
  return (
    value !== null &&
    typeof value === 'object' &&
    (value as { type?: unknown }).type === 'function' &&
    typeof (value as { execute?: unknown }).execute === 'function'
  );
}

/** Zod 4 (classic) schemas carry `_zod` internals plus these methods; zod 3 schemas do not. */
function isZodSchema(value: unknown): value is z.ZodType {
  if (value === null || typeof value !== 'object' || !('_zod' in value)) return false;
  const candidate = value as { safeParse?: unknown; toJSONSchema?: unknown };
  return typeof candidate.safeParse === 'function' && typeof candidate.toJSONSchema === 'function';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
