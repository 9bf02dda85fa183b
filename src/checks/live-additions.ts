// no-tool-name-collision for an `addTools` call made inside a tool's execute, against the live list
// of each agent that lists that tool: what the runtime's `addTools` (LiveToolList.add) and the next
// request's collision policy do with the agent's configured tools, its handoffs and what other such
// calls add to it. The call's own members are checked as a set of their own elsewhere.
import {
  findFunctionToolLookupConfigurationProblems,
  getFunctionToolDispatchName,
  getFunctionToolLookupKeyForTool,
  lookupKeyId,
} from '../runtime/identity/index.js';
import type { ResolvedExposureSet, ResolvedTool } from '../facts/resolved.js';
import type { Finding, RelatedLocation } from './finding.js';
import { makeFinding } from './make-finding.js';
import { setKey, setLabel } from './set-label.js';
import { describeTool, handoffWinner, toHandoffLike, toToolLike } from './tool-like.js';

const RULE = 'no-tool-name-collision';

type Source = 'listed' | 'added';

function lookupId(tool: ResolvedTool): string | undefined {
  const key = getFunctionToolLookupKeyForTool(toToolLike(tool));
  return key === undefined ? undefined : lookupKeyId(key);
}

function uniqueByKey<T extends { key: string }>(items: readonly T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(item.key) && (seen.add(item.key), true));
}

function at(tool: ResolvedTool): { file: string; span: ResolvedTool['definedAt']['span'] } {
  return tool.listedAt ?? tool.definedAt;
}

function related(tool: ResolvedTool, message: string): RelatedLocation {
  const { file, span } = at(tool);
  return { file, span, message };
}

/**
 * Findings for the members `call` adds to `agent`: a name (lookup key) the live list already has,
 * which makes `addTools` throw and add nothing; a qualified name made ambiguous; and a bare name a
 * handoff of the agent routes, which the next request's collision policy rejects or gives to the
 * handoff. `others` are the other calls that add to the same agent (run in either order).
 */
export function liveAdditionFindings(call: ResolvedExposureSet, agent: ResolvedExposureSet, others: readonly ResolvedExposureSet[]): Finding[] {
  const all: Array<{ key: string; tool: ResolvedTool; source: Source }> = uniqueByKey([
    ...agent.tools.map((tool) => ({ key: tool.key, tool, source: 'listed' as const })),
    ...others.flatMap((other) => other.tools.map((tool) => ({ key: tool.key, tool, source: 'added' as const }))),
  ]);
  const listed = new Set(agent.tools.map((tool) => tool.key));
  // Adding an object the agent lists is a no-op; one this call lists twice is added once.
  const added = uniqueByKey(call.tools).filter((tool) => !listed.has(tool.key) && tool.name !== undefined);
  const label = `${setLabel(agent)} after this addTools() call`;
  const keyPart = `${setKey(call)}|live:${setKey(agent)}`;
  const findings: Finding[] = [];
  const handoffs = agent.handoffs.map(toHandoffLike);
  // One tool may be listed by several agents: say which agent's list this finding is about.
  const owner: RelatedLocation = { file: agent.at.file, span: agent.at.span, message: 'the agent whose tools this addTools() call adds to' };
  for (const tool of added) {
    // What the list may hold before this call: the agent's tools and other calls' additions (not this object).
    const base = all.filter((entry) => entry.key !== tool.key);
    const id = lookupId(tool);
    const name = getFunctionToolDispatchName(toToolLike(tool)) ?? tool.name ?? '?';
    const taken = id === undefined ? undefined : base.find((entry) => lookupId(entry.tool) === id);
    if (taken) {
      findings.push(
        makeFinding(RULE, 'addedNameTaken', {
          at: at(tool),
          data: { name, set: setLabel(agent), other: taken.source === 'listed' ? 'a tool it lists' : 'a tool another addTools() call adds' },
          related: [related(taken.tool, `"${name}" is already here`), owner],
          collision: { set: call.key, members: [{ kind: 'tool', key: taken.tool.key }, { kind: 'tool', key: tool.key }], names: [name] },
          key: `${keyPart}|taken|${name}`,
        }),
      );
      continue;
    }
    const list = [...base.map(({ tool: member }) => member), tool];
    // The added tool is last, so a problem it causes is reported at its index.
    const problem = findFunctionToolLookupConfigurationProblems(list.map(toToolLike)).find(
      (p) => p.kind === 'qualified-duplicate' && p.index === list.length - 1,
    );
    const other = problem?.firstIndex === undefined ? undefined : list[problem.firstIndex];
    if (problem && other) {
      const qualified = problem.qualifiedName ?? name;
      findings.push(
        makeFinding(RULE, 'qualifiedNameCollision', {
          at: at(tool),
          data: { name: qualified, set: label, detail: `${describeTool(other)} and ${describeTool(tool)}` },
          related: [related(other, `"${qualified}" is first used here`), owner],
          collision: { set: call.key, members: [{ kind: 'tool', key: other.key }, { kind: 'tool', key: tool.key }], names: [qualified] },
          key: `${keyPart}|qualified|${qualified}`,
        }),
      );
      continue;
    }
    // A bare name also routed by a handoff: the policy keeps the handoff (the last one of that name).
    const handoffIndex = getFunctionToolLookupKeyForTool(toToolLike(tool))?.kind === 'bare' ? handoffs.findLastIndex((h) => h.toolName === tool.name) : -1;
    const handoff = agent.handoffs[handoffIndex];
    if (handoff) {
      const where = handoff.listedAt ?? handoff.definedAt;
      findings.push(
        makeFinding(RULE, 'toolHandoffCollision', {
          at: at(tool),
          data: { name, set: label, winner: handoffWinner(handoff) },
          related: [{ file: where.file, span: where.span, message: `"${name}" that dispatch picks` }, owner],
          collision: { set: call.key, members: [{ kind: 'tool', key: tool.key }, { kind: 'handoff', key: handoff.key }], names: [name] },
          key: `${keyPart}|bare|${name}`,
        }),
      );
    }
  }
  return findings;
}
