// Suggestions that call a runtime helper also import it when the file does not yet.
import type { FileFacts } from '../facts/types.js';

export const RUNTIME_MODULE = 'tool-identity-audit/runtime';

/** The local name under which `helper` is imported from the runtime, if it is. */
export function importedHelperName(facts: FileFacts, helper: string): string | undefined {
  return facts.imports.find((i) => i.imported === helper && (i.module === RUNTIME_MODULE || i.module === 'tool-identity-audit'))
    ?.local;
}

/** The edits that make `helper` callable in `facts.file`, and the name to call it by. */
export function helperImport(facts: FileFacts, helper: string): { name: string; edits: Array<{ range: [number, number]; text: string }> } {
  const local = importedHelperName(facts, helper);
  if (local !== undefined) return { name: local, edits: [] };
  return { name: helper, edits: [{ range: [0, 0], text: `import { ${helper} } from '${RUNTIME_MODULE}';\n` }] };
}
