/**
 * True only for a string of length >= 1. Identity helpers treat every other value, `""`
 * included, as absent and never coerce (runtime-identity.md §0, "Non-empty string").
 */
export function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

/** The value when it already is a non-empty string, otherwise undefined (no coercion, §0). */
export function nonEmptyString(value: unknown): string | undefined {
  return isNonEmptyString(value) ? value : undefined;
}

// What Python's `str.isspace()` accepts. JS `\s`/`trim()` differ (they include U+FEFF and
// omit U+001C..U+001F and U+0085), and the normative rules strip and replace the Python way.
const PYTHON_WHITESPACE = '\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const PYTHON_WHITESPACE_EDGES = new RegExp(`^[${PYTHON_WHITESPACE}]+|[${PYTHON_WHITESPACE}]+$`, 'gu');

/** A fresh global regex matching one Python whitespace character (for `replace`). */
export function pythonWhitespacePattern(): RegExp {
  return new RegExp(`[${PYTHON_WHITESPACE}]`, 'gu');
}

/** Python's `str.strip()` with no arguments: removes Python whitespace at both ends. */
export function pythonStrip(value: string): string {
  return value.replace(PYTHON_WHITESPACE_EDGES, '');
}
