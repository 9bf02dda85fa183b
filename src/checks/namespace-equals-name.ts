// no-namespace-equals-name: the runtime's lookup validation reports the reserved shape; we place it
// on the namespace name and offer a rename.
import { findFunctionToolLookupConfigurationProblems } from '../runtime/identity/index.js';
import type { ResolvedNamespace } from '../facts/resolved.js';
import type { Finding } from './finding.js';
import type { CheckInput } from './input.js';
import { makeFinding } from './make-finding.js';
import { toToolLike } from './tool-like.js';

const RULE = 'no-namespace-equals-name';

export function checkNamespaceEqualsName(input: CheckInput): Finding[] {
  return input.linked.namespaces.flatMap(checkNamespace);
}

function checkNamespace(ns: ResolvedNamespace): Finding[] {
  const findings: Finding[] = [];
  const reported = new Set<string>();
  for (const problem of findFunctionToolLookupConfigurationProblems(ns.members.map(toToolLike))) {
    const member = ns.members[problem.index];
    if (problem.kind !== 'reserved-namespace' || !member || reported.has(problem.name)) continue;
    reported.add(problem.name);
    const suggested = suggestName(problem.name, ns);
    findings.push(
      makeFinding(RULE, 'namespaceEqualsName', {
        at: ns.at,
        data: { namespace: problem.namespace ?? problem.name, name: problem.name },
        related: [{ file: member.definedAt.file, span: member.definedAt.span, message: `tool "${problem.name}" is defined here` }],
        // Only a literal written at the namespace can be edited in place (inside its quotes).
        suggestions: ns.literalSpan
          ? [
              {
                messageId: 'renameNamespace',
                data: { suggested },
                edits: [{ range: [ns.literalSpan.start + 1, ns.literalSpan.end - 1], text: suggested }],
              },
            ]
          : [],
        key: `${problem.name}`,
      }),
    );
  }
  return findings;
}

/** `<name>_tools`, or `<name>_tools_2`... when a member already uses that name. */
function suggestName(name: string, ns: ResolvedNamespace): string {
  const taken = new Set(ns.members.map((m) => m.name));
  let candidate = `${name}_tools`;
  for (let i = 2; taken.has(candidate); i += 1) candidate = `${name}_tools_${i}`;
  return candidate;
}
