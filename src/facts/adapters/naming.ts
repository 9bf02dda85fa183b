// @openai/agents' name transform. Our own runtime's transforms live in src/runtime/identity, the
// single source of truth; only the JS SDK's differing rule (case kept, UTF-16 units) is here.

/**
 * @openai/agents `toFunctionToolName`: whitespace becomes `_`, then every UTF-16 code unit outside
 * `[A-Za-z0-9]` becomes `_` (so an astral character becomes `__`); case is kept. The SDK throws on
 * an empty result; here an empty name stays empty (the checks report it).
 */
export function toFunctionToolName(name: string): string {
  let out = '';
  for (let i = 0; i < name.length; i++) {
    const unit = name.charCodeAt(i);
    out += isAsciiAlphanumeric(unit) ? name[i] : '_';
  }
  return out;
}

function isAsciiAlphanumeric(unit: number): boolean {
  return (unit >= 48 && unit <= 57) || (unit >= 65 && unit <= 90) || (unit >= 97 && unit <= 122);
}
