// no-call-id-coercion: the extractor finds coercions of provider call IDs and where each flows; the
// ones that can pair a result or an approval with the wrong call (sent, returned, used as a key,
// compared) become findings, with an extractToolCallId() suggestion when the raw item is known.
import type { Finding } from './finding.js';
import type { CheckInput } from './input.js';
import { makeFinding } from './make-finding.js';
import { helperImport } from './import-edit.js';
import { quoteSource } from './quote.js';
import type { CallIdCoercionFact, CallIdFlow, FileFacts, Span } from '../facts/types.js';

const RULE = 'no-call-id-coercion';

const formText: Record<CallIdCoercionFact['form'], string> = {
  String: 'String()',
  template: 'a template literal',
  toString: '.toString()',
  concat: 'string concatenation',
  'nullish-default': 'a `??` default',
  'logical-default': 'a `||` default',
  'conditional-default': 'a conditional default',
  'assigned-default': 'a default assigned when it is missing',
  'destructuring-default': 'a destructuring default',
};

/** Forms that turn the ID into text; the others only stand something in for a missing ID. */
const TO_TEXT = new Set<CallIdCoercionFact['form']>(['String', 'template', 'toString', 'concat']);

/** Places where a made-up ID pairs nothing: text for a person, a read-only lookup, a rejected value, a memo string. */
const QUIET = new Set<CallIdFlow['kind']>(['log', 'display', 'text', 'memo', 'lookup', 'guarded', 'own-default']);

/**
 * A fallback does harm where something pairs by the ID (sent, returned, a key, compared); text made
 * of the ID (`String(id)`, `` `${id}` ``) does harm anywhere but in text for a person, a lookup or a
 * memo string: whatever reads it next takes "undefined" for an ID.
 */
function harmful(fact: CallIdCoercionFact): boolean {
  const { flow } = fact;
  if (TO_TEXT.has(fact.form)) return !QUIET.has(flow.kind);
  return flow.kind === 'sent' || flow.kind === 'returned' || flow.kind === 'key' || flow.kind === 'compared';
}

/** Inside a template that generates source code, a call ID is text of the program being written. */
function inGeneratedCode(facts: FileFacts, span: Span): boolean {
  return facts.generatedCode.some((code) => code.start <= span.start && span.end <= code.end);
}

export function checkCallIdCoercion(input: CheckInput): Finding[] {
  const findings: Finding[] = [];
  for (const facts of input.files) {
    for (const fact of facts.callIdCoercions) {
      if (!harmful(fact) || inGeneratedCode(facts, fact.span)) continue;
      const suggestions = [];
      // extractToolCallId reads `call_id` (then `id`) of a raw provider item; `callId` fields of
      // SDK items are not what it reads, so only the wire field gets the suggestion.
      if (fact.rawItemText !== undefined && /(?:\.call_id|\[\s*['"]call_id['"]\s*\])$/.test(fact.expression)) {
        const helper = helperImport(input, facts, 'extractToolCallId');
        const range: [number, number] = [fact.span.start, fact.span.end];
        if (helper) {
          suggestions.push({
            messageId: 'useExtractToolCallId',
            data: { rawItem: quoteSource(fact.rawItemText) },
            edits: [...helper.edits, { range, text: `${helper.name}(${fact.rawItemText})` }],
          });
        } else {
          // The runtime is not installed with this code: what extractToolCallId does, inline.
          const inline = `(typeof ${fact.expression} === 'string' ? ${fact.expression} : undefined)`;
          suggestions.push({ messageId: 'useStringCallId', data: { replacement: quoteSource(inline) }, edits: [{ range, text: inline }] });
        }
      }
      const messageId = fact.fallback === undefined ? 'coercedCallId' : fact.fallback.kind === 'literal' ? 'madeUpCallId' : 'otherCallId';
      findings.push(
        makeFinding(RULE, messageId, {
          at: { file: facts.file, span: fact.span },
          data: { expression: quoteSource(fact.expression), form: formText[fact.form], ...(fact.fallback ? { fallback: quoteSource(fact.fallback.text) } : {}) },
          suggestions,
          key: `${fact.form}|${fact.expression}`,
        }),
      );
    }
  }
  return findings;
}
