// Fixed result texts (upstream gists) and the conversion of a result value into model-visible text.

export const FUNCTION_FAILED_TEXT = 'Error: Function failed.';
export const ARGUMENT_PARSING_FAILED_TEXT = 'Error: Argument parsing failed.';
export const REJECTED_BY_USER_TEXT = 'Error: Tool call invocation was rejected by user.';
export const MISSING_CALL_ID_TEXT = 'Error: Tool invocations require a non-empty string call ID before execution.';
export const MULTIPLE_HANDOFFS_TEXT = 'Error: Multiple handoffs were requested in one response; only the first one runs.';
export const LIMIT_FALLBACK_TEXT = 'Function invocation limit reached before a final answer could be produced.';

export function notFoundText(name: string): string {
  return `Error: Requested function "${name}" not found.`;
}

/** Decision A-3: an approved call whose tool is not in the resumed run's live list. */
export function noLongerAvailableText(name: string): string {
  return `Error: Requested function "${name}" is no longer available.`;
}

export function handoffText(agentName: string): string {
  return JSON.stringify({ assistant: agentName });
}

/** Error text, with the exception message appended only when detailed errors are on. */
export function errorText(base: string, error: unknown, detailed: boolean): string {
  if (!detailed) return base;
  const message = error instanceof Error ? error.message : String(error);
  return `${base} Exception: ${message}`;
}

/**
 * Result value → text: strings as they are, null/undefined as '' (a gate that set nothing),
 * everything else as JSON when it serialises, else String(value).
 */
export function resultToText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  try {
    const json = JSON.stringify(value);
    if (json !== undefined) return json;
  } catch {
    // Cycles, BigInt: fall through to String().
  }
  return String(value);
}
