/**
 * Orders strings by Unicode code point, like Python's `sorted()`. Plain `<` compares UTF-16
 * units and `localeCompare` depends on the locale; runtime-identity.md (j.4, d.7) asks for the
 * deterministic Python order.
 */
export function compareCodePoints(a: string, b: string): number {
  const left = a[Symbol.iterator]();
  const right = b[Symbol.iterator]();
  for (;;) {
    const l = left.next();
    const r = right.next();
    if (l.done === true || r.done === true) {
      return (l.done === true ? 0 : 1) - (r.done === true ? 0 : 1);
    }
    const diff = (l.value.codePointAt(0) ?? 0) - (r.value.codePointAt(0) ?? 0);
    if (diff !== 0) {
      return diff;
    }
  }
}
