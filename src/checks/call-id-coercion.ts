// no-call-id-coercion: the extractor finds coercions of provider call IDs and where each flows; the
// ones that can pair a result or an approval with the wrong call (sent, returned, used as a key,
// compared) become findings, with an extractToolCallId() suggestion when the raw item is known.
import type { Finding } from './finding.js';
import type { CheckInput } from './input.js';
import { makeFinding } from './make-finding.js';
import { helperImport } from './import-edit.js';
import type { CallIdCoercionFact, CallIdFlow } from '../facts/types.js';

const RULE = 'no-call-id-coercion';

const formText: Record<CallIdCoercionFact['form'], string> = {
  String: 'String()',
  template: 'a template literal',
  toString: '.toString()',
  concat: 'string concatenation',
  'nullish-default': 'a `??` default',
  'logical-default': 'a `||` default',
};

/** Where a made-up ID does harm; a log line, a lookup or a memo string cannot pair anything with the wrong call. */
function harmful(flow: CallIdFlow): boolean {
  return flow.kind === 'sent' || flow.kind === 'returned' || flow.kind === 'key' || flow.kind === 'compared';
}

export function checkCallIdCoercion(input: CheckInput): Finding[] {
  const findings: Finding[] = [];
  for (const facts of input.files) {
    for (const fact of facts.callIdCoercions) {
      if (!harmful(fact.flow)) continue;
      const suggestions = [];
      // extractToolCallId reads `call_id` (then `id`) of a raw provider item; `callId` fields of
      // SDK items are not what it reads, so only the wire field gets the suggestion.
      if (fact.rawItemText !== undefined && /(?:\.call_id|\[\s*['"]call_id['"]\s*\])$/.test(fact.expression)) {
        const { name, edits } = helperImport(facts, 'extractToolCallId');
        suggestions.push({
          messageId: 'useExtractToolCallId',
          data: { rawItem: fact.rawItemText },
          edits: [...edits, { range: [fact.span.start, fact.span.end] as [number, number], text: `${name}(${fact.rawItemText})` }],
        });
      }
      findings.push(
        makeFinding(RULE, 'coercedCallId', {
          at: { file: facts.file, span: fact.span },
          data: { expression: fact.expression, form: formText[fact.form] },
          suggestions,
          key: `${fact.form}|${fact.expression}`,
        }),
      );
    }
  }
  return findings;
}
