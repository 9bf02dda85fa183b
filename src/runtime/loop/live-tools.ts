// The run-local live tool list: one per run, handed to every invocation context as a read-only view.
// All mutation goes through add()/remove(), which are synchronous, so each call is atomic even when
// parallel tool calls share the list (JS runs them one at a time).
import {
  getFunctionToolLookupKeyForTool,
  getFunctionToolQualifiedName,
  lookupKeyId,
  validateFunctionToolLookupConfiguration,
} from '../identity/index.js';
import { isFunctionTool, toolFromFunction, type FunctionTool, type PlainToolFunction } from './define-tool.js';
import { DuplicateToolNameError, ReadOnlyToolListError } from './errors.js';

/** What `addTools` accepts: tools, plain functions, and (nested) arrays of them. */
export type ToolInput = FunctionTool | PlainToolFunction | readonly ToolInput[];
/** What `removeTools` accepts: a name (one string is one name), a tool, a plain function, or arrays. */
export type ToolRemoval = string | FunctionTool | PlainToolFunction | readonly ToolRemoval[];

const readOnlyHandler: ProxyHandler<FunctionTool[]> = {
  set: rejectMutation,
  defineProperty: rejectMutation,
  deleteProperty: rejectMutation,
  preventExtensions: rejectMutation,
  setPrototypeOf: rejectMutation,
};

function rejectMutation(): never {
  throw new ReadOnlyToolListError();
}

/** A live, read-only view of `target`: reads see later changes, every write throws. */
export function readOnlyToolView(target: FunctionTool[]): readonly FunctionTool[] {
  return new Proxy(target, readOnlyHandler);
}

/**
 * Identity used to decide "same tool": the function-tool lookup key, so `crm.lookup` and
 * `billing.lookup` are different tools, and a deferred `x` differs from a bare `x`.
 */
export function toolIdentityId(tool: FunctionTool): string {
  const key = getFunctionToolLookupKeyForTool(tool);
  if (key === undefined || key === null) {
    throw new TypeError(`Tool ${JSON.stringify(tool.name)} has no valid function-tool identity.`);
  }
  return lookupKeyId(key);
}

export class LiveToolList {
  readonly #tools: FunctionTool[];
  readonly view: readonly FunctionTool[];

  /** Configured tools: the same object listed twice is kept once; name clashes are left to the collision policy. */
  constructor(initial: readonly FunctionTool[]) {
    this.#tools = [];
    for (const tool of initial) {
      if (!this.#tools.includes(tool)) this.#tools.push(tool);
    }
    this.view = readOnlyToolView(this.#tools);
  }

  /** A copy of the list as it is now (the batch snapshot). */
  snapshot(): FunctionTool[] {
    return [...this.#tools];
  }

  /**
   * Validates the whole batch against a copy, then commits in one step; on any error nothing changes.
   * Same object again: no-op. Different object with the same identity: DuplicateToolNameError.
   */
  add(input: ToolInput): void {
    const candidate = [...this.#tools];
    for (const tool of flattenAdditions(input)) {
      if (candidate.includes(tool)) continue;
      const id = toolIdentityId(tool);
      const clash = candidate.find((existing) => toolIdentityId(existing) === id);
      if (clash !== undefined) throw new DuplicateToolNameError(tool.name, explicitNamespace(tool));
      candidate.push(tool);
    }
    // Catches what a per-key check cannot: a dotted bare name next to the same namespaced name, or
    // a reserved same-name namespace. Rejecting here keeps the run alive (an error result) instead of
    // failing the next model request.
    validateFunctionToolLookupConfiguration(candidate);
    this.#tools.splice(0, this.#tools.length, ...candidate);
  }

  /**
   * Removes by name, never by object identity: a string matches a tool's dispatch (qualified) name;
   * a tool or plain function matches every tool with the same lookup key. Unknown names are ignored.
   */
  remove(input: ToolRemoval): void {
    const names = new Set<string>();
    const ids = new Set<string>();
    for (const entry of flattenRemovals(input)) {
      if (typeof entry === 'string') names.add(entry);
      else ids.add(toolIdentityId(entry));
    }
    const kept = this.#tools.filter((tool) => {
      const dispatchName = getFunctionToolQualifiedName(tool);
      if (typeof dispatchName === 'string' && names.has(dispatchName)) return false;
      return !ids.has(toolIdentityId(tool));
    });
    this.#tools.splice(0, this.#tools.length, ...kept);
  }
}

function explicitNamespace(tool: FunctionTool): string | undefined {
  return typeof tool.namespace === 'string' && tool.namespace.length > 0 ? tool.namespace : undefined;
}

function flattenAdditions(input: ToolInput): FunctionTool[] {
  const out: FunctionTool[] = [];
  const visit = (entry: unknown): void => {
    if (Array.isArray(entry)) {
      for (const item of entry) visit(item);
    } else if (isFunctionTool(entry)) {
      out.push(entry);
    } else if (typeof entry === 'function') {
      out.push(toolFromFunction(entry as PlainToolFunction));
    } else {
      throw new TypeError(`addTools accepts function tools or plain functions; got ${describe(entry)}.`);
    }
  };
  visit(input);
  return out;
}

function flattenRemovals(input: ToolRemoval): (string | FunctionTool)[] {
  const out: (string | FunctionTool)[] = [];
  const visit = (entry: unknown): void => {
    if (typeof entry === 'string') {
      out.push(entry);
    } else if (Array.isArray(entry)) {
      for (const item of entry) visit(item);
    } else if (isFunctionTool(entry)) {
      out.push(entry);
    } else if (typeof entry === 'function') {
      out.push(toolFromFunction(entry as PlainToolFunction));
    } else {
      throw new TypeError(`removeTools accepts names, function tools or plain functions; got ${describe(entry)}.`);
    }
  };
  visit(input);
  return out;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'object') return `an object of type ${JSON.stringify((value as { type?: unknown }).type)}`;
  return typeof value;
}
