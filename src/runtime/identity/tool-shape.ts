import { isObjectLike, readField } from './records.js';
import { nonEmptyString } from './strings.js';

/**
 * True when the value is an object with `type: 'function'`. Only those have a function-tool
 * identity; this stands in for Python's `on_invoke_tool` + `params_json_schema` shape test
 * (runtime-identity.md §0, (i) #4).
 */
export function hasFunctionToolShape(tool: unknown): boolean {
  return isObjectLike(tool) && readField(tool, 'type') === 'function';
}

/**
 * The model-visible name of a function tool when it is a non-empty string, otherwise undefined
 * (runtime-identity.md a.1; Python gates on the function-tool shape, so other tools have none).
 */
export function getFunctionToolPublicName(tool: unknown): string | undefined {
  return hasFunctionToolShape(tool) ? nonEmptyString(readField(tool, 'name')) : undefined;
}

/**
 * The explicit namespace `toolNamespace()` attached, when it is a non-empty string; `""` means
 * no namespace (runtime-identity.md a.2). The synthetic wire namespace of a deferred tool is
 * never an explicit namespace.
 */
export function getExplicitFunctionToolNamespace(tool: unknown): string | undefined {
  return hasFunctionToolShape(tool) ? nonEmptyString(readField(tool, 'namespace')) : undefined;
}

/** Alias of {@link getExplicitFunctionToolNamespace}, as in Python (runtime-identity.md a.2). */
export function getFunctionToolNamespace(tool: unknown): string | undefined {
  return getExplicitFunctionToolNamespace(tool);
}

/** The namespace description when it is a non-empty string (runtime-identity.md (b)). */
export function getFunctionToolNamespaceDescription(tool: unknown): string | undefined {
  return hasFunctionToolShape(tool) ? nonEmptyString(readField(tool, 'namespaceDescription')) : undefined;
}

/**
 * True for a function tool with a valid public name, truthy `deferLoading` and no explicit
 * namespace. Truthiness follows normative Python rather than JS's `=== true`, so
 * `deferLoading: 1` counts (runtime-identity.md a.4, (i) #3). A namespaced tool with
 * `deferLoading` stays namespaced.
 */
export function isDeferredTopLevelFunctionTool(tool: unknown): boolean {
  return (
    getFunctionToolPublicName(tool) !== undefined &&
    getExplicitFunctionToolNamespace(tool) === undefined &&
    Boolean(readField(tool, 'deferLoading'))
  );
}
