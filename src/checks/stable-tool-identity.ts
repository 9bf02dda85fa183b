// stable-tool-identity: a tool definition written inline in the argument of addTools() inside a tool
// or middleware body (`ctx.addTools(defineTool({...}))`): a new object on every invocation. Calls on a
// receiver traced to something other than an invocation context are left to
// no-tool-mutation-outside-invocation.
import type { Finding } from './finding.js';
import type { CheckInput } from './input.js';
import { makeFinding } from './make-finding.js';

const RULE = 'stable-tool-identity';

export function checkStableToolIdentity(input: CheckInput): Finding[] {
  const findings: Finding[] = [];
  const names = new Map(input.linked.tools.map((tool) => [tool.key, tool.name]));
  for (const facts of input.files) {
    for (const use of facts.contextUses) {
      if (use.method !== 'addTools' || use.receiver === 'other') continue;
      for (const span of use.inlineTools) {
        const def = facts.tools.find((tool) => tool.span.start === span.start && tool.span.end === span.end);
        const name = def ? names.get(`${facts.file}#${def.id}`) : undefined;
        findings.push(
          makeFinding(RULE, 'inlineTool', {
            at: { file: facts.file, span },
            data: { name: name === undefined ? '(name not known statically)' : `"${name}"` },
            key: `inline|${name ?? ''}`,
          }),
        );
      }
    }
  }
  return findings;
}
