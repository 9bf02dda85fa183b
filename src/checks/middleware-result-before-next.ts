// middleware-result-before-next: in function middleware, `ctx.result = ...` followed in the same
// statement list by `next()` (awaited, returned or not) with no later assignment. The extractor
// decides per statement list, so a result set in a branch that returns is never reported.
import type { Finding } from './finding.js';
import type { CheckInput } from './input.js';
import { makeFinding } from './make-finding.js';

const RULE = 'middleware-result-before-next';

export function checkMiddlewareResultBeforeNext(input: CheckInput): Finding[] {
  const findings: Finding[] = [];
  for (const facts of input.files) {
    for (const middleware of facts.middleware) {
      for (const span of middleware.resultBeforeNext) {
        findings.push(makeFinding(RULE, 'resultBeforeNext', { at: { file: facts.file, span }, data: {}, key: 'resultBeforeNext' }));
      }
    }
  }
  return findings;
}
