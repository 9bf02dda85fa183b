import { ToolIdentityError } from './errors.js';
import { describeValue, pythonRepr } from './python-repr.js';
import { readField } from './records.js';
import { pythonWhitespacePattern } from './strings.js';

// Python's `re` `\s` is `str.isspace()`; which characters count only decides whether to warn.
const PYTHON_WHITESPACE = pythonWhitespacePattern();
const NOT_FUNCTION_NAME_CHAR = /[^A-Za-z0-9_]/gu;
const FALLBACK_FUNCTION_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** Result of {@link describeFunctionStyleTransform}. */
export interface FunctionStyleTransform {
  /** The transformed name. */
  name: string;
  /** Python's warning text when it would log one, else undefined. */
  warning: string | undefined;
}

/**
 * Python's `transform_string_function_style` with its warning decision: whitespace, then every
 * other code point outside `[A-Za-z0-9_]`, becomes `_` (one per code point), then ASCII
 * lower-case. Warns when characters were replaced and either `warnOnWhitespace` is set or a
 * non-whitespace character was replaced; case-only changes never warn
 * (runtime-identity.md (e)). Handoff names pass `warnOnWhitespace: false`. Undefined for a
 * non-string.
 */
export function describeFunctionStyleTransform(
  value: string,
  options?: { warnOnWhitespace?: boolean },
): FunctionStyleTransform;
export function describeFunctionStyleTransform(
  value: unknown,
  options?: { warnOnWhitespace?: boolean },
): FunctionStyleTransform | undefined;
export function describeFunctionStyleTransform(
  value: unknown,
  options: { warnOnWhitespace?: boolean } = {},
): FunctionStyleTransform | undefined {
  if (typeof value !== 'string') {
    return undefined;
  }
  const spaced = value.replace(PYTHON_WHITESPACE, '_');
  const replaced = spaced.replace(NOT_FUNCTION_NAME_CHAR, '_');
  const name = replaced.toLowerCase();
  const warnOnWhitespace = readField(options, 'warnOnWhitespace') !== false;
  const warns = replaced !== value && (warnOnWhitespace || replaced !== spaced);
  const warning = warns
    ? `Tool name ${pythonRepr(value)} contains invalid characters for function calling and has been ` +
      `transformed to ${pythonRepr(name)}. Please use only letters, digits, and underscores to avoid ` +
      'potential naming conflicts.'
    : undefined;
  return { name, warning };
}

/**
 * Python's function-style name: `My Tool` → `my_tool`, `Café` → `caf_` (one `_` per code point,
 * lower-cased), as used for agent-as-tool and handoff defaults (runtime-identity.md (e)).
 * Undefined for a non-string, since no value is coerced.
 */
export function transformStringFunctionStyle(name: string): string;
export function transformStringFunctionStyle(name: unknown): string | undefined;
export function transformStringFunctionStyle(name: unknown): string | undefined {
  return describeFunctionStyleTransform(name)?.name;
}

/**
 * Default handoff tool name `transfer_to_<agent>` in Python's function style, lower-cased;
 * `""` gives `transfer_to_` (runtime-identity.md (e); JS keeps case, Python is normative).
 * Undefined for a non-string agent name.
 */
export function handoffDefaultToolName(agentName: string): string;
export function handoffDefaultToolName(agentName: unknown): string | undefined;
export function handoffDefaultToolName(agentName: unknown): string | undefined {
  return typeof agentName === 'string' ? transformStringFunctionStyle(`transfer_to_${agentName}`) : undefined;
}

/**
 * Default agent-as-tool name: the agent name in Python's function style, so
 * `transfer to Billing Agent` derives the same name as the default handoff to `Billing Agent`
 * (runtime-identity.md (e)). Undefined for a non-string agent name.
 */
export function agentAsToolDefaultName(agentName: string): string;
export function agentAsToolDefaultName(agentName: unknown): string | undefined;
export function agentAsToolDefaultName(agentName: unknown): string | undefined {
  return transformStringFunctionStyle(agentName);
}

/**
 * Returns nothing for a generated function-tool name of 1-64 ASCII letters, digits, `_` or
 * `-`; otherwise throws {@link ToolIdentityError} naming it. Python validates only this
 * generated fallback (a callable class's name), leaving explicit names to the provider
 * (runtime-identity.md (f), `validate_function_tool_fallback_name`).
 */
export function validateFunctionToolName(name: unknown): void {
  if (typeof name === 'string' && FALLBACK_FUNCTION_NAME.test(name)) {
    return;
  }
  throw new ToolIdentityError(
    `Cannot derive a function tool name from callable class ${describeValue(name)}. Generated names must ` +
      'contain only ASCII letters, digits, underscores, or hyphens and be at most 64 characters. ' +
      'Pass name_override to function_tool().',
    typeof name === 'string' && name.length > 0 ? { toolName: name } : {},
  );
}
