/**
 * True for non-null, non-array objects: the values whose fields the helpers read. Python reads
 * fields with "mapping-or-attribute" access (runtime-identity.md §0); a JS object covers both.
 * Guarded because `Array.isArray` throws on a revoked proxy and the helpers must not throw.
 */
export function isObjectLike(value: unknown): value is object {
  if (typeof value !== 'object' || value === null) {
    return false;
  }
  try {
    return !Array.isArray(value);
  } catch {
    return false;
  }
}

/**
 * `value[key]` for object-like values, otherwise undefined. Getters that throw count as absent,
 * because bad input must never make a non-throwing helper throw (runtime-api.md).
 */
export function readField(value: unknown, key: string): unknown {
  if (!isObjectLike(value)) {
    return undefined;
  }
  try {
    return (value as Record<string, unknown>)[key];
  } catch {
    return undefined;
  }
}

/**
 * A shallow copy that keeps the prototype, so class-based payloads stay usable; the helpers
 * that "return a copy" must never mutate their input (runtime-api.md).
 */
export function shallowCopy<T extends object>(value: T): T {
  return Object.assign(Object.create(Object.getPrototypeOf(value) as object | null) as T, value);
}
