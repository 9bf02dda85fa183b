// What the analysis understood, per framework (`--debug`): the tool definitions, the sets and MCP
// servers it found, and how many sets are incomplete and why, so that a clean report can be told
// from one that saw nothing. A pure function of the linked project.
import type { LinkedProject, ResolvedExposureSet } from '../facts/resolved.js';

interface Tally {
  definitions: number;
  dynamicDefinitions: number;
  /** Definitions named by the record key a set lists them under. */
  keyedDefinitions: number;
  sets: number;
  servers: number;
  registrations: number;
  /** Sets with a member the linker could not follow (an unknown value or wrapper). */
  unfollowed: number;
  /** Sets with a member whose name is not a static string. */
  dynamicNames: number;
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

function tallyOf(map: Map<string, Tally>, adapter: string): Tally {
  let tally = map.get(adapter);
  if (!tally) map.set(adapter, (tally = { definitions: 0, dynamicDefinitions: 0, keyedDefinitions: 0, sets: 0, servers: 0, registrations: 0, unfollowed: 0, dynamicNames: 0 }));
  return tally;
}

function isDynamicMember(set: ResolvedExposureSet): boolean {
  return set.tools.some((tool) => tool.kind !== 'hosted' && tool.name === undefined) || set.handoffs.some((handoff) => handoff.toolName === undefined);
}

/** `titleOf` names an adapter id for people (its `title`), falling back to the id. */
export function renderCoverage(toolName: string, linked: LinkedProject, titleOf: (adapter: string) => string): string {
  const byAdapter = new Map<string, Tally>();
  for (const tool of linked.tools) {
    const tally = tallyOf(byAdapter, tool.adapter);
    tally.definitions++;
    if (tool.namedByKey) tally.keyedDefinitions++;
    else if (tool.kind !== 'hosted' && tool.name === undefined) tally.dynamicDefinitions++;
  }
  for (const set of linked.exposureSets) {
    const tally = tallyOf(byAdapter, set.adapter);
    if (set.kind === 'mcp-server') {
      tally.servers++;
      tally.registrations += set.tools.length;
    } else tally.sets++;
    if (set.unresolved.length > 0) tally.unfollowed++;
    if (isDynamicMember(set)) tally.dynamicNames++;
  }
  const lines = [...byAdapter.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([adapter, t]) => {
      const parts: string[] = [];
      if (t.definitions > 0 || t.servers === 0) {
        const notes = [...(t.dynamicDefinitions > 0 ? [`${t.dynamicDefinitions} with a dynamic name`] : []), ...(t.keyedDefinitions > 0 ? [`${t.keyedDefinitions} named by the key that lists them`] : [])];
        parts.push(plural(t.definitions, 'tool definition') + (notes.length > 0 ? ` (${notes.join(', ')})` : ''));
      }
      if (t.sets > 0 || t.servers === 0) parts.push(plural(t.sets, 'set'));
      if (t.servers > 0) parts.push(`${plural(t.servers, 'MCP server')} with ${plural(t.registrations, 'registration')}`);
      const incomplete: string[] = [];
      if (t.unfollowed > 0) incomplete.push(`${t.unfollowed} with a member not followed (a value from outside the analysis, or an unknown wrapper)`);
      if (t.dynamicNames > 0) incomplete.push(`${t.dynamicNames} with a member of dynamic name`);
      const tail = incomplete.length > 0 ? `; incomplete: ${incomplete.join(', ')}` : '';
      return `  ${titleOf(adapter)}: ${parts.join(', ')}${tail}`;
    });
  if (lines.length === 0) {
    return `${toolName}: no tool definitions, sets or MCP servers of a known framework were found (declare the project's own wrappers under "adapters")\n`;
  }
  return `${toolName}: understood\n${lines.join('\n')}\n`;
}
