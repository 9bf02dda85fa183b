// no-identity-helper-bypass: hand-built identity strings outside the configured helper modules.
import picomatch from 'picomatch';
import type { IdentityStringFact } from '../facts/types.js';
import type { RuleOptions } from './catalog.js';
import type { Finding } from './finding.js';
import type { CheckInput } from './input.js';
import { makeFinding } from './make-finding.js';
import { helperImport } from './import-edit.js';

const RULE = 'no-identity-helper-bypass';

/** The runtime's own identity module builds these strings by definition. */
const ALWAYS_ALLOWED = ['**/runtime/identity/**', '**/node_modules/**'];

const whatText: Record<IdentityStringFact['form'], string> = {
  'qualified-name': 'qualified tool name',
  'lookup-key': 'tool lookup key',
  'approval-key': 'approval key',
  'trace-name': 'trace name',
  'qualified-fallback': 'qualified-name fallback',
  'call-key': 'call key',
};

/** Forms whose canonical helper takes exactly the extracted parts, so the edit is safe. */
const REPLACEABLE: ReadonlySet<IdentityStringFact['form']> = new Set(['qualified-name', 'trace-name']);

export function checkIdentityHelperBypass(input: CheckInput, options: RuleOptions<'no-identity-helper-bypass'>): Finding[] {
  const isHelperModule = picomatch([...ALWAYS_ALLOWED, ...options.helperModules], { dot: true });
  const findings: Finding[] = [];
  for (const facts of input.files) {
    const path = input.matchPath ? input.matchPath(facts.file) : facts.file;
    if (isHelperModule(path)) continue;
    for (const fact of facts.identityStrings) {
      if (fact.inErrorMessage && options.ignoreErrorMessages) continue;
      const suggestions = [];
      if (REPLACEABLE.has(fact.form) && fact.parts.length > 0) {
        const { name, edits } = helperImport(facts, fact.helper);
        const replacement = `${name}(${fact.parts.join(', ')})`;
        suggestions.push({
          messageId: 'useHelper',
          data: { replacement },
          edits: [...edits, { range: [fact.span.start, fact.span.end] as [number, number], text: replacement }],
        });
      }
      findings.push(
        makeFinding(RULE, 'handBuiltIdentity', {
          at: { file: facts.file, span: fact.span },
          data: { what: whatText[fact.form], text: fact.text, helper: fact.helper },
          suggestions,
          key: `${fact.form}|${fact.parts.join(',')}`,
        }),
      );
    }
  }
  return findings;
}
