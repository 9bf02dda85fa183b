import { ToolIdentityError } from './errors.js';
import { describeValue } from './python-repr.js';
import { isObjectLike, readField } from './records.js';
import { isNonEmptyString, nonEmptyString } from './strings.js';
import type { LookupKey, SerializedLookupKey } from './types.js';

/**
 * Lookup key for a name and namespace: undefined without a valid name; `deferred_top_level`
 * when the namespace equals the name (the reserved wire shape of a loaded deferred tool);
 * `namespaced` for any other non-empty namespace; otherwise `bare` (runtime-identity.md a.4).
 */
export function getFunctionToolLookupKey(name: unknown, namespace?: unknown): LookupKey | undefined {
  if (!isNonEmptyString(name)) {
    return undefined;
  }
  if (!isNonEmptyString(namespace)) {
    return { kind: 'bare', name };
  }
  if (namespace === name) {
    return { kind: 'deferred_top_level', name };
  }
  return { kind: 'namespaced', namespace, name };
}

/**
 * Validates a lookup-key-shaped value and returns a fresh key holding only the fields of its
 * kind, or undefined. Follows Python's deserialization rules (runtime-identity.md a.4): only
 * mappings, non-empty `kind`/`name`, known kinds, a non-empty `namespace` for `namespaced`;
 * extra fields are ignored, so a `bare` key carrying a `namespace` stays bare.
 */
export function normalizeLookupKey(value: unknown): LookupKey | undefined {
  if (!isObjectLike(value)) {
    return undefined;
  }
  const kind = readField(value, 'kind');
  const name = nonEmptyString(readField(value, 'name'));
  if (name === undefined) {
    return undefined;
  }
  switch (kind) {
    case 'bare':
      return { kind, name };
    case 'deferred_top_level':
      return { kind, name };
    case 'namespaced': {
      const namespace = nonEmptyString(readField(value, 'namespace'));
      return namespace === undefined ? undefined : { kind, namespace, name };
    }
    default:
      return undefined;
  }
}

/** True when the value is a well-formed {@link LookupKey} (see {@link normalizeLookupKey}). */
export function isLookupKey(value: unknown): value is LookupKey {
  return normalizeLookupKey(value) !== undefined;
}

/**
 * Plain JSON object for persisting a key (`{kind, name}` or `{kind, namespace, name}`), or
 * undefined for anything that is not a valid key. Mirrors Python's RunState form, which is
 * what `tool_lookup_key`/`lookupKey` store (runtime-identity.md a.4).
 */
export function serializeFunctionToolLookupKey(key: unknown): SerializedLookupKey | undefined {
  return normalizeLookupKey(key);
}

/**
 * Reads a persisted key back; any malformed data gives undefined instead of an error, because a
 * missing key only means "derive it again" (runtime-identity.md a.4, Python deserialization).
 */
export function deserializeFunctionToolLookupKey(data: unknown): LookupKey | undefined {
  return normalizeLookupKey(data);
}

function keyParts(key: LookupKey): string[] {
  return key.kind === 'namespaced' ? [key.kind, key.namespace, key.name] : [key.kind, key.name];
}

/**
 * Stable, collision-free string for a key: `JSON.stringify([kind, ...parts])`, the same form
 * openai-agents-js brands (runtime-identity.md a.4). JSON of a string array is injective and the
 * kind fixes the arity, so distinct keys never share an id; it is the `Map` key of
 * {@link buildFunctionToolLookupMap}. Throws {@link ToolIdentityError} for a value that is not
 * a valid key, because silently mapping garbage would merge unrelated tools.
 */
export function lookupKeyId(key: LookupKey): string {
  const normalized = normalizeLookupKey(key);
  if (normalized === undefined) {
    throw new ToolIdentityError(`lookupKeyId() requires a valid lookup key; got ${describeValue(key)}.`);
  }
  return JSON.stringify(keyParts(normalized));
}

/** Inverse of {@link lookupKeyId}; undefined for strings it could not have produced. */
export function parseLookupKeyId(id: unknown): LookupKey | undefined {
  if (typeof id !== 'string') {
    return undefined;
  }
  let parts: unknown;
  try {
    parts = JSON.parse(id);
  } catch {
    return undefined;
  }
  if (!Array.isArray(parts)) {
    return undefined;
  }
  const [kind, first, second] = parts as unknown[];
  const key =
    parts.length === 3 && kind === 'namespaced'
      ? normalizeLookupKey({ kind, namespace: first, name: second })
      : parts.length === 2 && kind !== 'namespaced'
        ? normalizeLookupKey({ kind, name: first })
        : undefined;
  // Only canonical spellings round-trip; `[ "bare" , "x" ]` must not alias `["bare","x"]`.
  return key !== undefined && JSON.stringify(keyParts(key)) === id ? key : undefined;
}
