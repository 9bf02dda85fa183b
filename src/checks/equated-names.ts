// Names a framework treats as one although they differ (`ExposureSpec.duplicates.equate`: Strands'
// registry refuses `my_tool` next to `my-tool`): the later tool of such a pair fails like a
// duplicate. Identical names are the collision groups' findings, not repeated here.
import type { ResolvedExposureSet, ResolvedTool, SourceRef } from '../facts/resolved.js';
import type { CollisionData, Finding } from './finding.js';
import { makeFinding } from './make-finding.js';
import { setKey, setLabel } from './set-label.js';

const RULE = 'no-tool-name-collision';

/** One finding per tool whose name equals an earlier one's only once the equated characters are. */
export function equatedNameFindings(
  set: ResolvedExposureSet,
  tools: readonly ResolvedTool[],
  locate: (tool: ResolvedTool) => SourceRef,
  collision: (tools: ResolvedTool[], names: string[]) => CollisionData,
): Finding[] {
  const equate = set.duplicatesEquate;
  if (!equate) return [];
  const key = (name: string): string => equate.pairs.reduce((text, [a, b]) => text.replaceAll(b, a), name);
  const firstOf = new Map<string, ResolvedTool>();
  const findings: Finding[] = [];
  for (const tool of tools) {
    if (tool.name === undefined || tool.namespace !== undefined || tool.kind === 'hosted') continue;
    const first = firstOf.get(key(tool.name));
    if (!first) {
      firstOf.set(key(tool.name), tool);
      continue;
    }
    if (first.name === tool.name) continue;
    findings.push(
      makeFinding(RULE, 'equatedNameFails', {
        at: locate(tool),
        data: { name: tool.name, other: first.name!, set: setLabel(set), equated: equate.text, outcome: set.duplicatesOutcome ?? 'the call fails' },
        related: [{ file: locate(first).file, span: locate(first).span, message: `"${first.name!}" is listed here` }],
        collision: collision([first, tool], [first.name!, tool.name]),
        key: `${setKey(set)}|equated|${key(tool.name)}|${tool.name}`,
      }),
    );
  }
  return findings;
}
