import { getFunctionToolLookupKey } from './lookup-keys.js';
import { toolQualifiedName, toolTraceName } from './qualified-names.js';
import { readField } from './records.js';
import { nonEmptyString } from './strings.js';
import {
  getExplicitFunctionToolNamespace,
  getFunctionToolPublicName,
  isDeferredTopLevelFunctionTool,
} from './tool-shape.js';
import type { LookupKey } from './types.js';

/**
 * The lookup key a function tool is dispatched by: `deferred_top_level` for a deferred
 * top-level tool, otherwise the key of (public name, explicit namespace); undefined for other
 * tools. A reserved-shape tool (`namespace === name`) also maps to the deferred key, which is
 * why configuration validation rejects it (runtime-identity.md a.4, (b)).
 */
export function getFunctionToolLookupKeyForTool(tool: unknown): LookupKey | undefined {
  const name = getFunctionToolPublicName(tool);
  if (name === undefined) {
    return undefined;
  }
  if (isDeferredTopLevelFunctionTool(tool)) {
    return { kind: 'deferred_top_level', name };
  }
  return getFunctionToolLookupKey(name, getExplicitFunctionToolNamespace(tool));
}

/**
 * Zero or one keys: a tool has the dispatch key or the deferred key, never both
 * (runtime-identity.md a.4, Python `get_function_tool_lookup_keys`).
 */
export function getFunctionToolLookupKeys(tool: unknown): LookupKey[] {
  const key = getFunctionToolLookupKeyForTool(tool);
  return key === undefined ? [] : [key];
}

/**
 * `explicitNamespace.name` or `name`; a deferred tool's dispatch name is its bare name, and a
 * dotted bare `crm.lookup` equals `crm`/`lookup`, which is why validation rejects that pair
 * (runtime-identity.md a.3).
 */
export function getFunctionToolDispatchName(tool: unknown): string | undefined {
  return toolQualifiedName(getFunctionToolPublicName(tool), getExplicitFunctionToolNamespace(tool));
}

/** Alias of {@link getFunctionToolDispatchName}, as in Python (runtime-identity.md a.3). */
export function getFunctionToolQualifiedName(tool: unknown): string | undefined {
  return getFunctionToolDispatchName(tool);
}

/** Trace/display name of a function tool: `toolTraceName(name, explicitNamespace)` (a.6). */
export function getFunctionToolTraceName(tool: unknown): string | undefined {
  return toolTraceName(getFunctionToolPublicName(tool), getExplicitFunctionToolNamespace(tool));
}

/**
 * Trace name of any tool: its `traceName` when that is a non-empty string, else its `name`.
 * Covers non-function tools such as the computer tool, whose runtime name
 * `computer_use_preview` is traced as `computer` (runtime-identity.md a.6).
 */
export function getToolTraceNameForTool(tool: unknown): string | undefined {
  return nonEmptyString(readField(tool, 'traceName')) ?? nonEmptyString(readField(tool, 'name'));
}
