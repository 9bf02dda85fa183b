// Python's repr() of a str, which the normative Python messages embed ({name!r}).

const NON_PRINTABLE = /^[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]$/u;

function hex(codePoint: number, width: number): string {
  return codePoint.toString(16).padStart(width, '0');
}

/**
 * Python `repr(str)`: single quotes unless the text contains `'` and no `"`, with Python's
 * escapes for backslash, the quote, \t \n \r and non-printable code points. Emulated because
 * runtime-identity.md (c.3, j.3) derives collision messages with `{A!r}`.
 */
export function pythonRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    if (ch === quote || ch === '\\') {
      out += `\\${ch}`;
    } else if (ch === '\t') {
      out += '\\t';
    } else if (ch === '\n') {
      out += '\\n';
    } else if (ch === '\r') {
      out += '\\r';
    } else if (cp === 0x20 || !NON_PRINTABLE.test(ch)) {
      out += ch;
    } else if (cp <= 0xff) {
      out += `\\x${hex(cp, 2)}`;
    } else if (cp <= 0xffff) {
      out += `\\u${hex(cp, 4)}`;
    } else {
      out += `\\U${hex(cp, 8)}`;
    }
  }
  return out + quote;
}

/**
 * A short description of any value for error messages: strings in Python repr, primitives as
 * written, objects only by kind. Never calls user code (no toString), so it cannot throw.
 */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') {
    return pythonRepr(value);
  }
  if (value === null) {
    return 'null';
  }
  switch (typeof value) {
    case 'undefined':
      return 'undefined';
    case 'number':
    case 'boolean':
      return String(value);
    case 'bigint':
      return `${value.toString()}n`;
    case 'symbol':
      return 'a symbol';
    case 'function':
      return 'a function';
    default:
      return Array.isArray(value) ? 'an array' : 'an object';
  }
}
