// Suggestions that call a runtime helper also import it when the file does not yet, and only where
// the project can satisfy that import (CheckInput.canImportRuntime).
import type { FileFacts } from '../facts/types.js';
import type { CheckInput } from './input.js';

export const RUNTIME_MODULE = 'tool-identity-audit/runtime';

/** The local name under which `helper` is imported from the runtime, if it is. */
export function importedHelperName(facts: FileFacts, helper: string): string | undefined {
  return facts.imports.find((i) => i.imported === helper && (i.module === RUNTIME_MODULE || i.module === 'tool-identity-audit'))
    ?.local;
}

/**
 * The edits that make `helper` callable in `facts.file`, and the name to call it by; undefined when
 * the file would need a new import of the runtime that its package.json cannot satisfy.
 */
export function helperImport(
  input: Pick<CheckInput, 'canImportRuntime'>,
  facts: FileFacts,
  helper: string,
): { name: string; edits: Array<{ range: [number, number]; text: string }> } | undefined {
  const local = importedHelperName(facts, helper);
  if (local !== undefined) return { name: local, edits: [] };
  if (input.canImportRuntime && !input.canImportRuntime(facts.file)) return undefined;
  return { name: helper, edits: [{ range: [0, 0], text: `import { ${helper} } from '${RUNTIME_MODULE}';\n` }] };
}
