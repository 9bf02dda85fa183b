// middleware-await-next: a `next()` call in function middleware used as a statement on its own (or
// under `void`): neither awaited nor returned nor kept in a variable.
import type { Finding } from './finding.js';
import type { CheckInput } from './input.js';
import { makeFinding } from './make-finding.js';

const RULE = 'middleware-await-next';

export function checkMiddlewareAwaitNext(input: CheckInput): Finding[] {
  const findings: Finding[] = [];
  for (const facts of input.files) {
    for (const middleware of facts.middleware) {
      for (const call of middleware.nextCalls) {
        if (call.use === 'used') continue;
        findings.push(makeFinding(RULE, 'unawaitedNext', { at: { file: facts.file, span: call.span }, data: {}, key: 'unawaitedNext' }));
      }
    }
  }
  return findings;
}
