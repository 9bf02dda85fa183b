// middleware-result-before-next: in function middleware, `ctx.result = ...` followed in the same
// statement list by `next()` (awaited, returned or not) with no later assignment. Decided per
// statement list, so a result set in a branch that returns is never reported.
import type { MiddlewareFact, Span } from '../facts/types.js';
import type { Finding } from './finding.js';
import type { CheckInput } from './input.js';
import { makeFinding } from './make-finding.js';

const RULE = 'middleware-result-before-next';

export function checkMiddlewareResultBeforeNext(input: CheckInput): Finding[] {
  const findings: Finding[] = [];
  for (const facts of input.files) {
    for (const middleware of facts.middleware) {
      for (const span of resultsBeforeNext(middleware)) {
        findings.push(makeFinding(RULE, 'resultBeforeNext', { at: { file: facts.file, span }, data: {}, key: 'resultBeforeNext' }));
      }
    }
  }
  return findings;
}

/**
 * Result assignments that a later `next()` overwrites: pending assignments become reported when
 * `next()` follows; an assignment after that `next()` takes them back (the last write wins).
 */
export function resultsBeforeNext(middleware: MiddlewareFact): Span[] {
  const reported: Span[] = [];
  for (const list of middleware.statementLists) {
    let pending: Span[] = [];
    let armed: Span[] = [];
    for (const event of list) {
      if (event.kind === 'result') {
        if (armed.length > 0) {
          for (const span of armed) reported.splice(reported.indexOf(span), 1);
          armed = [];
        }
        pending.push(event.span);
      } else {
        reported.push(...pending);
        armed = pending;
        pending = [];
      }
    }
  }
  return reported.sort((a, b) => a.start - b.start);
}
