// no-tool-mutation-outside-invocation: addTools / removeTools on a context that the extractor traced to
// something other than the context parameter of a tool's execute or of a function middleware (a local
// or module value, an import, a hand-made context). Receivers it cannot trace (an untyped parameter of
// a helper, `this.ctx`) are unknown and never reported. A call on the invocation context that runs in
// a callback after the tool or middleware returned (a timer, an unawaited `.then()`, a listener) is
// reported too: the context outlives the batch it was made for.
import type { Finding } from './finding.js';
import type { CheckInput } from './input.js';
import { makeFinding } from './make-finding.js';
import type { ValueRef } from '../facts/types.js';

const RULE = 'no-tool-mutation-outside-invocation';

export function checkToolMutationOutsideInvocation(input: CheckInput): Finding[] {
  const findings: Finding[] = [];
  for (const facts of input.files) {
    for (const use of facts.contextUses) {
      if (use.method !== 'addTools' && use.method !== 'removeTools') continue;
      if (use.receiver === 'invocation' && use.deferred !== undefined) {
        findings.push(
          makeFinding(RULE, 'mutationAfterInvocation', {
            at: { file: facts.file, span: use.span },
            data: { method: use.method, via: use.deferred },
            key: `${use.method}|deferred|${refText(use.argument)}`,
          }),
        );
        continue;
      }
      if (use.receiver !== 'other') continue;
      findings.push(
        makeFinding(RULE, 'mutationOutsideInvocation', {
          at: { file: facts.file, span: use.span },
          data: { method: use.method },
          key: `${use.method}|${refText(use.argument)}`,
        }),
      );
    }
  }
  return findings;
}

/** A short, line-free description of an argument, for the finding key. */
export function refText(ref: ValueRef | undefined): string {
  if (!ref) return '';
  switch (ref.kind) {
    case 'binding':
    case 'import':
    case 'param':
      return ref.name;
    case 'string':
      return JSON.stringify(ref.value);
    case 'array':
      return `[${ref.elements.map(refText).join(',')}]`;
    case 'spread':
      return `...${refText(ref.of)}`;
    case 'member':
      return `${refText(ref.object)}.${ref.property}`;
    case 'unknown':
      return ref.text;
    default:
      return ref.kind;
  }
}
