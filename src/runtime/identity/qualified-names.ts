import { isNonEmptyString } from './strings.js';

/**
 * `namespace.name`, or `name` when the namespace is not a non-empty string; undefined when the
 * name is not a non-empty string. Never collapses `search.search`, because the qualified name
 * is the dispatch name and a self-namespace must stay visible (runtime-identity.md a.3).
 */
export function toolQualifiedName(name: unknown, namespace?: unknown): string | undefined {
  if (!isNonEmptyString(name)) {
    return undefined;
  }
  return isNonEmptyString(namespace) ? `${namespace}.${name}` : name;
}

/**
 * Trace/display name: like {@link toolQualifiedName} but collapses the synthetic
 * `namespace === name` shape to `name`, since that shape is a deferred top-level tool loaded by
 * tool search, not a real namespace (runtime-identity.md a.6).
 */
export function toolTraceName(name: unknown, namespace?: unknown): string | undefined {
  if (isNonEmptyString(name) && namespace === name) {
    return name;
  }
  return toolQualifiedName(name, namespace);
}
