// no-confusable-tool-names: names in one exposure set equal up to case and "_"/"-".
import { setKey, setLabel } from './set-label.js';
import type { SourceRef } from '../facts/resolved.js';
import type { Finding } from './finding.js';
import type { CheckInput } from './input.js';
import { makeFinding } from './make-finding.js';
import { memberLocation } from './tool-name-collision.js';

const RULE = 'no-confusable-tool-names';

/** get_user, getUser, Get-User and GETUSER all fold to "getuser". */
export function foldToolName(name: string): string {
  return name.replace(/[_-]/g, '').toLowerCase();
}

export function checkConfusableToolNames(input: CheckInput): Finding[] {
  const findings: Finding[] = [];
  for (const set of input.linked.exposureSets) {
    type Member = { name: string | undefined; at: SourceRef; definedAt: SourceRef };
    const firstByFold = new Map<string, Member & { name: string }>();
    const members: Member[] = [
      ...set.tools
        .filter((t) => t.namespace === undefined && t.kind !== 'hosted')
        .map((t) => ({ name: t.name, at: memberLocation(t), definedAt: t.definedAt })),
      ...set.handoffs.map((h) => ({ name: h.toolName, at: memberLocation(h), definedAt: h.definedAt })),
    ];
    for (const { name, at, definedAt } of members) {
      if (name === undefined) continue;
      const folded = foldToolName(name);
      const first = firstByFold.get(folded);
      if (!first) {
        firstByFold.set(folded, { name, at, definedAt });
        continue;
      }
      // Equal names are no-tool-name-collision's business.
      if (first.name === name) continue;
      findings.push(
        makeFinding(RULE, 'confusableNames', {
          at,
          data: { name, other: first.name, set: setLabel(set) },
          related: [
            { file: first.at.file, span: first.at.span, message: `"${first.name}" is listed here` },
            ...(first.definedAt === first.at ? [] : [{ ...first.definedAt, message: `"${first.name}" is defined here` }]),
            ...(definedAt === at ? [] : [{ ...definedAt, message: `"${name}" is defined here` }]),
          ],
          key: `${setKey(set)}|${first.name}|${name}`,
        }),
      );
    }
  }
  return findings;
}
