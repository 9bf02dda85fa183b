import { ToolIdentityError } from './errors.js';
import { lookupKeyId } from './lookup-keys.js';
import { reservedSyntheticNamespaceMessage } from './namespace.js';
import { getFunctionToolLookupKeyForCall } from './tool-calls.js';
import { getFunctionToolDispatchName, getFunctionToolLookupKeyForTool } from './tool-identity.js';
import {
  getExplicitFunctionToolNamespace,
  getFunctionToolPublicName,
  isDeferredTopLevelFunctionTool,
} from './tool-shape.js';

/** Kind of a function-tool lookup configuration problem (runtime-identity.md c.1 steps 1-3). */
export type FunctionToolLookupConfigurationProblemKind =
  | 'reserved-namespace'
  | 'deferred-duplicate'
  | 'qualified-duplicate';

/** One configuration problem; `index`/`firstIndex` are positions in the checked tool list. */
export interface FunctionToolLookupConfigurationProblem {
  kind: FunctionToolLookupConfigurationProblemKind;
  /** The offending tool. */
  index: number;
  /** The earlier tool it collides with (duplicates only). */
  firstIndex?: number;
  /** Public name of the offending tool. */
  name: string;
  /** Its explicit namespace, when it has one. */
  namespace?: string;
  /** Its dispatch (qualified) name. */
  qualifiedName?: string;
  /** The text {@link validateFunctionToolLookupConfiguration} throws for this problem. */
  message: string;
}

function deferredDuplicateMessage(name: string): string {
  return (
    `Ambiguous function tool configuration: the deferred top-level tool name \`${name}\` is used by ` +
    'multiple tools. Rename one of the deferred-loading top-level function tools to avoid ambiguous dispatch.'
  );
}

function qualifiedDuplicateMessage(qualifiedName: string): string {
  return (
    `Ambiguous function tool configuration: the qualified name \`${qualifiedName}\` is used by multiple ` +
    'tools. Rename the namespace-wrapped function or dotted top-level tool to avoid ambiguous dispatch.'
  );
}

function asList(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? (value as readonly unknown[]) : [];
}

/**
 * Structured form of {@link validateFunctionToolLookupConfiguration} for static checks: every
 * problem, in the order Python's single pass meets them, each with the message Python would
 * throw, so no caller has to parse messages (runtime-identity.md c.1).
 *
 * Per tool, in order: a reserved `namespace === name` shape is reported and the tool is then
 * left out of further bookkeeping (it has no valid identity to collide with); a deferred
 * top-level name already used by a deferred tool is a `deferred-duplicate`; a dispatch name
 * already owned is a `qualified-duplicate` unless both tools lack an explicit namespace (bare
 * duplicates and bare-vs-deferred are allowed). The first element equals the error that
 * `validateFunctionToolLookupConfiguration` throws. Non-function tools are ignored; a
 * non-array input has no problems. Never throws.
 */
export function findFunctionToolLookupConfigurationProblems(
  tools: readonly unknown[],
): FunctionToolLookupConfigurationProblem[] {
  const problems: FunctionToolLookupConfigurationProblem[] = [];
  const qualifiedOwners = new Map<string, number>();
  const deferredOwners = new Map<string, number>();
  const list = asList(tools);
  for (let index = 0; index < list.length; index += 1) {
    const tool = list[index];
    const name = getFunctionToolPublicName(tool);
    if (name === undefined) {
      continue;
    }
    const namespace = getExplicitFunctionToolNamespace(tool);
    const qualifiedName = getFunctionToolDispatchName(tool);
    const base = {
      index,
      name,
      ...(namespace === undefined ? {} : { namespace }),
      ...(qualifiedName === undefined ? {} : { qualifiedName }),
    };
    if (namespace === name) {
      problems.push({ kind: 'reserved-namespace', ...base, message: reservedSyntheticNamespaceMessage(name, namespace) });
      continue;
    }
    if (isDeferredTopLevelFunctionTool(tool)) {
      const firstIndex = deferredOwners.get(name);
      if (firstIndex === undefined) {
        deferredOwners.set(name, index);
      } else {
        problems.push({ kind: 'deferred-duplicate', ...base, firstIndex, message: deferredDuplicateMessage(name) });
      }
    }
    if (qualifiedName === undefined) {
      continue;
    }
    const firstIndex = qualifiedOwners.get(qualifiedName);
    if (firstIndex === undefined) {
      qualifiedOwners.set(qualifiedName, index);
    } else if (namespace !== undefined || getExplicitFunctionToolNamespace(list[firstIndex]) !== undefined) {
      problems.push({
        kind: 'qualified-duplicate',
        ...base,
        firstIndex,
        message: qualifiedDuplicateMessage(qualifiedName),
      });
    }
  }
  return problems;
}

/**
 * Returns nothing, or throws {@link ToolIdentityError} with the first problem of
 * {@link findFunctionToolLookupConfigurationProblems}: a reserved same-name namespace, two
 * deferred top-level tools with one name, or one dispatch name owned by tools of which at least
 * one is namespaced (e.g. dotted bare `crm.lookup` next to `crm`/`lookup`). These configurations
 * cannot be dispatched unambiguously, so Python rejects them under every collision policy
 * (runtime-identity.md c.1).
 */
export function validateFunctionToolLookupConfiguration(tools: readonly unknown[]): void {
  const [first] = findFunctionToolLookupConfigurationProblems(tools);
  if (first !== undefined) {
    throw new ToolIdentityError(first.message, {
      toolName: first.name,
      ...(first.namespace === undefined ? {} : { namespace: first.namespace }),
    });
  }
}

/**
 * Validates, then maps `lookupKeyId(key)` to the tool with that key; the last tool with a key
 * wins, so bare duplicates collapse to the last one, matching the warn-mode winner
 * (runtime-identity.md (b), c.3). Non-function tools are skipped. Throws
 * {@link ToolIdentityError} for an invalid configuration.
 */
export function buildFunctionToolLookupMap<T>(tools: readonly T[]): Map<string, T> {
  validateFunctionToolLookupConfiguration(tools);
  const map = new Map<string, T>();
  for (const tool of asList(tools) as readonly T[]) {
    const key = getFunctionToolLookupKeyForTool(tool);
    if (key !== undefined) {
      map.set(lookupKeyId(key), tool);
    }
  }
  return map;
}

/**
 * The tool dispatch picks for a call, or undefined: the exact lookup key only, with none of the
 * JS fallbacks, so a bare call never reaches a deferred tool and `crm.lookup` never reaches
 * `crm`/`lookup` (runtime-identity.md (g), (i) #8). Accepts the tool list (validated like
 * {@link buildFunctionToolLookupMap}, so an invalid configuration throws
 * {@link ToolIdentityError}) or a map that function built.
 */
export function resolveFunctionToolCall<T>(
  tools: readonly T[] | ReadonlyMap<string, T>,
  toolCall: unknown,
): T | undefined {
  const map = tools instanceof Map ? (tools as ReadonlyMap<string, T>) : buildFunctionToolLookupMap(tools as readonly T[]);
  const key = getFunctionToolLookupKeyForCall(toolCall);
  return key === undefined ? undefined : map.get(lookupKeyId(key));
}
