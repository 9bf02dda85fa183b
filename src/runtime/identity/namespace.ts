import { ToolIdentityError } from './errors.js';
import { describeValue, pythonRepr } from './python-repr.js';
import { isObjectLike, readField, shallowCopy } from './records.js';
import { isNonEmptyString, pythonStrip } from './strings.js';
import { hasFunctionToolShape } from './tool-shape.js';

/**
 * True only when both values are non-empty strings and equal: the `namespace === name` wire
 * shape that Responses tool search reserves for deferred top-level tools
 * (runtime-identity.md a.8, (b)).
 */
export function isReservedSyntheticToolNamespace(name: unknown, namespace: unknown): boolean {
  return isNonEmptyString(name) && namespace === name;
}

/** The Python reserved-shape message; it names both the namespace and the tool. */
export function reservedSyntheticNamespaceMessage(name: string, namespace: string): string {
  return (
    `Responses tool-search reserves the synthetic namespace \`${namespace}.${name}\` for deferred ` +
    'top-level function tools. Rename the namespace or tool name to avoid ambiguous dispatch.'
  );
}

/**
 * Returns nothing, or throws {@link ToolIdentityError} when the explicit namespace equals the
 * tool name, because such a tool could not be told apart from a loaded deferred tool
 * (runtime-identity.md a.8, Python `validate_function_tool_namespace_shape`).
 */
export function validateFunctionToolNamespaceShape(name: unknown, namespace: unknown): void {
  if (isReservedSyntheticToolNamespace(name, namespace)) {
    const toolName = name as string;
    throw new ToolIdentityError(reservedSyntheticNamespaceMessage(toolName, toolName), {
      toolName,
      namespace: toolName,
    });
  }
}

/** Options of {@link toolNamespace}, as Python's keyword-only `tool_namespace()`. */
export interface ToolNamespaceOptions<T extends object = object> {
  name: unknown;
  description: unknown;
  tools: readonly T[];
}

/** A tool copy carrying the namespace `toolNamespace()` attached. */
export type NamespacedTool<T> = T & { namespace: string; namespaceDescription: string };

function isNonBlankString(value: unknown): value is string {
  return typeof value === 'string' && pythonStrip(value).length > 0;
}

/**
 * New tool objects carrying `namespace` and `namespaceDescription`; the inputs are untouched.
 * The name and description are stripped of Python whitespace but not sanitised (`"CRM tools"`
 * stays as it is), as in normative Python. Throws {@link ToolIdentityError} for a blank name or
 * description, a tool that is not a function tool, or a member named like the namespace, since
 * that member would take the reserved synthetic shape (runtime-identity.md (f), Python `tool_namespace()`).
 */
export function toolNamespace<T extends object>(options: ToolNamespaceOptions<T>): Array<NamespacedTool<T>> {
  if (!isObjectLike(options)) {
    throw new ToolIdentityError(`toolNamespace() requires an options object; got ${describeValue(options)}.`);
  }
  const rawName = readField(options, 'name');
  if (!isNonBlankString(rawName)) {
    throw new ToolIdentityError(
      `toolNamespace() requires a non-empty namespace name; got ${describeValue(rawName)}.`,
    );
  }
  const namespace = pythonStrip(rawName);
  const rawDescription = readField(options, 'description');
  if (!isNonBlankString(rawDescription)) {
    throw new ToolIdentityError(
      `toolNamespace() requires a non-empty description for namespace ${pythonRepr(namespace)}; ` +
        `got ${describeValue(rawDescription)}.`,
      { namespace },
    );
  }
  const description = pythonStrip(rawDescription);
  const tools: unknown = readField(options, 'tools');
  if (!Array.isArray(tools)) {
    throw new ToolIdentityError(
      `toolNamespace() requires a list of function tools for namespace ${pythonRepr(namespace)}; ` +
        `got ${describeValue(tools)}.`,
      { namespace },
    );
  }
  const members = tools as readonly unknown[];
  members.forEach((tool, index) => {
    if (!hasFunctionToolShape(tool)) {
      const type = readField(tool, 'type');
      const name = readField(tool, 'name');
      throw new ToolIdentityError(
        `toolNamespace() only supports function tools; tool ${describeValue(name)} ` +
          `(type ${describeValue(type)}, index ${index}) cannot join namespace ${pythonRepr(namespace)}.`,
        { namespace, ...(isNonEmptyString(name) ? { toolName: name } : {}) },
      );
    }
  });
  return members.map((tool) => {
    const name = readField(tool, 'name');
    if (isReservedSyntheticToolNamespace(name, namespace)) {
      throw new ToolIdentityError(reservedSyntheticNamespaceMessage(namespace, namespace), {
        toolName: namespace,
        namespace,
      });
    }
    const copy = shallowCopy(tool as T) as NamespacedTool<T>;
    copy.namespace = namespace;
    copy.namespaceDescription = description;
    return copy;
  });
}
