// no-direct-tools-mutation: `ctx.tools.push(...)`, `splice`, `length = 0`, `ctx.tools[i] = ...` and
// `ctx.tools = [...]` on an invocation context. Only receivers traced to the context parameter of a
// tool's execute or a function middleware (or a parameter typed FunctionInvocationContext) count: a
// `context.tools` of some other object is not the live tool list.
import type { Finding } from './finding.js';
import type { CheckInput } from './input.js';
import { makeFinding } from './make-finding.js';
import { refText } from './tool-mutation-outside-invocation.js';

const RULE = 'no-direct-tools-mutation';

export function checkDirectToolsMutation(input: CheckInput): Finding[] {
  const findings: Finding[] = [];
  for (const facts of input.files) {
    for (const use of facts.contextUses) {
      if (use.method !== 'tools-mutation' && use.method !== 'tools-assignment') continue;
      if (use.receiver !== 'invocation') continue;
      findings.push(
        makeFinding(RULE, use.method === 'tools-assignment' ? 'toolsAssigned' : 'toolsMutated', {
          at: { file: facts.file, span: use.span },
          data: {},
          key: `${use.method}|${refText(use.argument)}`,
        }),
      );
    }
  }
  return findings;
}
