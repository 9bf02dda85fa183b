import { ToolIdentityError } from './errors.js';
import { getFunctionToolLookupKey, lookupKeyId, normalizeLookupKey } from './lookup-keys.js';
import { pythonRepr } from './python-repr.js';
import { toolQualifiedName, toolTraceName } from './qualified-names.js';
import { isObjectLike, readField, shallowCopy } from './records.js';
import { nonEmptyString } from './strings.js';
import { getFunctionToolPublicName, isDeferredTopLevelFunctionTool } from './tool-shape.js';
import type { LookupKey } from './types.js';

/** The call's `name` when it is a non-empty string, else undefined (runtime-identity.md (b)). */
export function getToolCallName(toolCall: unknown): string | undefined {
  return nonEmptyString(readField(toolCall, 'name'));
}

/** The call's `namespace` when it is a non-empty string; `""` counts as absent (§ (b)). */
export function getToolCallNamespace(toolCall: unknown): string | undefined {
  return nonEmptyString(readField(toolCall, 'namespace'));
}

/**
 * Qualified name of a call. Keeps a synthetic namespace (`get_weather.get_weather`), because
 * that spelling is what not-found errors and legacy keys use (runtime-identity.md (b), (g)).
 */
export function getToolCallQualifiedName(toolCall: unknown): string | undefined {
  return toolQualifiedName(getToolCallName(toolCall), getToolCallNamespace(toolCall));
}

/** Trace name of a call; collapses the synthetic `namespace === name` shape (a.6). */
export function getToolCallTraceName(toolCall: unknown): string | undefined {
  return toolTraceName(getToolCallName(toolCall), getToolCallNamespace(toolCall));
}

/**
 * The lookup key a call is dispatched by: the name/namespace rule of a.4 applied to the call's
 * fields, so `namespace === name` selects the deferred tool (runtime-identity.md a.4).
 */
export function getFunctionToolLookupKeyForCall(toolCall: unknown): LookupKey | undefined {
  return getFunctionToolLookupKey(getToolCallName(toolCall), getToolCallNamespace(toolCall));
}

/**
 * The call to hand to a deferred top-level tool: a shallow copy without `namespace` when the
 * tool is deferred and the call carries the synthetic `namespace === name === tool.name`;
 * otherwise the same object. Python strips the synthetic namespace just before invocation so
 * the tool sees its bare identity (runtime-identity.md (g)). Never mutates the input.
 */
export function normalizeToolCallForFunctionTool<T>(toolCall: T, tool: unknown): T {
  if (!isObjectLike(toolCall) || !isDeferredTopLevelFunctionTool(tool)) {
    return toolCall;
  }
  const name = getFunctionToolPublicName(tool);
  if (getToolCallName(toolCall) !== name || getToolCallNamespace(toolCall) !== name) {
    return toolCall;
  }
  const copy = shallowCopy(toolCall) as Record<string, unknown>;
  delete copy['namespace'];
  return copy as T;
}

/**
 * The call with its routing namespace restored from a persisted key: a copy whose `namespace`
 * is the key's namespace (namespaced) or name (deferred). The same object comes back when the
 * key is missing or `bare`, names a different tool, or the call already has a non-empty
 * namespace; `""` counts as absent. Used when rebuilding approved calls from run state
 * (runtime-identity.md (g), Python `restore_tool_call_routing_identity`).
 */
export function restoreToolCallRoutingIdentity<T>(toolCall: T, lookupKey: unknown): T {
  const key = normalizeLookupKey(lookupKey);
  if (key === undefined || key.kind === 'bare' || !isObjectLike(toolCall)) {
    return toolCall;
  }
  if (getToolCallName(toolCall) !== key.name || getToolCallNamespace(toolCall) !== undefined) {
    return toolCall;
  }
  const copy = shallowCopy(toolCall) as Record<string, unknown>;
  copy['namespace'] = key.kind === 'namespaced' ? key.namespace : key.name;
  return copy as T;
}

function pythonKeyRepr(key: LookupKey): string {
  const parts = key.kind === 'namespaced' ? [key.kind, key.namespace, key.name] : [key.kind, key.name];
  return `(${parts.map(pythonRepr).join(', ')})`;
}

/**
 * Returns nothing, or throws {@link ToolIdentityError} when a persisted lookup key cannot belong
 * to the raw call: its name differs, or the call has a namespace whose key differs. Resuming
 * with such a state would route an approved call to another tool (runtime-identity.md (g),
 * Python resume path). The message names the key and the call's qualified name.
 */
export function validatePersistedToolIdentity(toolCall: unknown, lookupKey: LookupKey): void {
  const key = normalizeLookupKey(lookupKey);
  if (key === undefined) {
    return;
  }
  const name = getToolCallName(toolCall);
  const namespace = getToolCallNamespace(toolCall);
  const callKey = getFunctionToolLookupKeyForCall(toolCall);
  const mismatched =
    key.name !== name || (namespace !== undefined && (callKey === undefined || lookupKeyId(callKey) !== lookupKeyId(key)));
  if (mismatched) {
    const qualified = getToolCallQualifiedName(toolCall) ?? '<unnamed call>';
    throw new ToolIdentityError(
      `Persisted tool identity ${pythonKeyRepr(key)} does not match raw tool call ${qualified}. ` +
        'Restore a consistent RunState before resuming.',
      { ...(name === undefined ? {} : { toolName: name }), ...(namespace === undefined ? {} : { namespace }) },
    );
  }
}
