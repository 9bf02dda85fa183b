// Parse on demand: which files must be parsed, decided from their bytes and from the facts of the
// files that were. A file whose text cannot yield facts beyond its module surface (`mayHaveFacts`)
// is parsed only when the linker can reach it: when a parsed file's values name it through an
// import, a re-export or `export * from`, and so on transitively. Everything else the linker never
// visits, so skipping it cannot change a finding.
import type { FileFacts } from '../facts/types.js';

/** Kinds of fact values that name another module the linker resolves through. */
const MODULE_REFERENCES: ReadonlySet<string> = new Set(['import', 'imported', 're-export']);

/**
 * The module specifiers the linker may resolve while following `facts`: every `import`/`imported`
 * value and re-export anywhere in them, and `export * from` targets. The plain import list is not
 * among them: an import no value uses is never followed.
 */
export function linkerSpecifiers(facts: FileFacts): Set<string> {
  const out = new Set<string>(facts.exportAll);
  const visit = (value: unknown): void => {
    if (typeof value !== 'object' || value === null) return;
    if (Array.isArray(value)) {
      for (const element of value) visit(element);
      return;
    }
    const record = value as Record<string, unknown>;
    if (typeof record.kind === 'string' && MODULE_REFERENCES.has(record.kind) && typeof record.module === 'string') out.add(record.module);
    for (const key in record) {
      // Spans and positions hold no references; they are most of a fact's objects.
      if (key !== 'span' && key !== 'keySpan' && key !== 'loc') visit(record[key]);
    }
  };
  for (const key in facts) {
    if (key !== 'imports' && key !== 'file' && key !== 'adapters' && key !== 'exportAll') visit((facts as unknown as Record<string, unknown>)[key]);
  }
  return out;
}

/**
 * Relative module specifiers in a file's text, for following imports out of a file that is not
 * parsed: static imports and re-exports (not `import type`/`export type`), `require('./x')` and
 * `import('./x')`. A specifier inside a comment or string is followed too: that costs a stat.
 */
const SPECIFIER =
  /\b(?:(?:import|export)(?!\s+type[\s{*])(?:[^'"`;()]*?\bfrom)?|require\s*\(|import\s*\()\s*(['"])(\.{1,2}(?:\/[^'"\n]*)?)\1/g;

export function relativeSpecifiers(text: string): string[] {
  const out = new Set<string>();
  for (const match of text.matchAll(SPECIFIER)) out.add(match[2]!);
  return [...out];
}
