// no-tool-name-collision for members whose name is not known here: a tool imported from outside
// the analysis (ESLint without types sees one file), `new X()` of a class the linker cannot see, a
// name computed at run time. One definition carries one name, whatever it is: the same value
// listed twice is one tool listed twice, and two instances of one class are two tools of one name.
// Only array-shaped sets: a record names each entry by its key, and an MCP server by its
// registrations.
import type { ResolvedExposureSet, ResolvedTool, SourceRef } from '../facts/resolved.js';
import type { FrameworkAdapter } from '../facts/adapters/types.js';
import type { Finding } from './finding.js';
import { makeFinding } from './make-finding.js';
import { setKey, setLabel } from './set-label.js';
import { dispatchOf, toolWinnerText } from './set-semantics.js';

const RULE = 'no-tool-name-collision';

interface Entry {
  /** The object: two entries with one value are one object listed twice. */
  value: string;
  /** How the list writes the value, when an identifier names it. */
  text: string | undefined;
  /** The class it is an instance of: its key, and how `new` writes it. */
  instanceOf: { key: string; text: string } | undefined;
  /** Entries in different namespaces, or a bare and a deferred one, never share a lookup key. */
  lane: string;
  at: SourceRef;
  /** The set's member, when the linker resolved it (unresolved entries are not members). */
  tool: ResolvedTool | undefined;
}

function refKey(at: SourceRef): string {
  return `${at.file}:${String(at.span.start)}`;
}

function entriesOf(set: ResolvedExposureSet): Entry[] {
  const entries: Entry[] = [];
  for (const tool of set.tools) {
    // A known name is the runtime's to decide; hosted tools are routed apart by the provider.
    if (tool.name !== undefined || tool.kind === 'hosted' || tool.namespaceDynamic) continue;
    entries.push({
      // A definition inside a factory runs once per call, each time with the caller's name: one
      // definition is one object only where one binding lists it (`[search, search]`).
      value: tool.listedAs !== undefined ? `${tool.key}|${tool.listedAs}` : `${tool.key}|${refKey(tool.listedAt ?? tool.definedAt)}`,
      text: tool.listedAs,
      instanceOf: tool.instanceOf,
      lane: `${tool.namespace ?? ''}|${String(tool.deferLoading)}`,
      at: tool.listedAt ?? tool.definedAt,
      tool,
    });
  }
  for (const member of set.unresolved) {
    if (!member.identity) continue;
    const { value, text, instanceOf } = member.identity;
    entries.push({ value, text, instanceOf, lane: '|false', at: { file: member.file, span: member.span }, tool: undefined });
  }
  return entries;
}

/** Findings for the entries of `set` whose names are unknown but equal. */
export function oneDefinitionFindings(set: ResolvedExposureSet, adapter: FrameworkAdapter | undefined): Finding[] {
  if (set.kind === 'mcp-server' || set.toolsShape === 'record') return [];
  const findings: Finding[] = [];
  // The runtime's live tool list keeps an object it already holds once: no finding for it there.
  const keptOnce = adapter?.keepsSameToolOnce === true;
  const distinct: Entry[] = [];
  const seen = new Map<string, Entry>();
  for (const entry of entriesOf(set)) {
    const first = seen.get(entry.value);
    if (!first) {
      seen.set(entry.value, entry);
      distinct.push(entry);
      continue;
    }
    if (keptOnce) continue;
    const value =
      entry.text !== undefined ? `\`${entry.text}\`` : entry.instanceOf ? `the same instance of \`${entry.instanceOf.text}\`` : 'the same tool object';
    findings.push(
      makeFinding(RULE, 'sameValueListedTwice', {
        at: entry.at,
        data: { value, set: setLabel(set) },
        related: [{ ...first.at, message: `${value} is first listed here` }],
        collision: collision(set, [entry]),
        key: `${setKey(set)}|twice-value|${entry.text ?? entry.value}`,
      }),
    );
  }
  // Two objects of one class: each one the set does not run is reported (all but the first in an
  // addTools() call, which throws at the second).
  const byClass = new Map<string, Entry[]>();
  for (const entry of distinct) {
    if (!entry.instanceOf) continue;
    const id = `${entry.instanceOf.key}|${entry.lane}`;
    const group = byClass.get(id);
    if (group) group.push(entry);
    else byClass.set(id, [entry]);
  }
  const dispatch = dispatchOf(set, adapter);
  for (const group of byClass.values()) {
    if (group.length < 2) continue;
    const winner = dispatch === 'last' ? group.at(-1)! : group[0]!;
    const className = `\`${winner.instanceOf!.text}\``;
    for (const entry of group) {
      if (entry === winner) continue;
      const keyPart = `${setKey(set)}|instances|${winner.instanceOf!.text}`;
      findings.push(
        dispatch === 'throws'
          ? makeFinding(RULE, 'addedInstancesCollide', {
              at: entry.at,
              data: { class: className },
              related: [{ ...winner.at, message: `the first instance of ${className} it adds` }],
              collision: collision(set, [entry, winner]),
              key: keyPart,
            })
          : makeFinding(RULE, 'sameClassInstances', {
              at: entry.at,
              data: { class: className, set: setLabel(set), winner: toolWinnerText(dispatch) },
              related: [{ ...winner.at, message: `the instance of ${className} that dispatch picks` }],
              collision: collision(set, [entry, winner]),
              key: keyPart,
            }),
      );
    }
  }
  return findings;
}

/** The set and the members involved (unresolved entries by their value), with no name known. */
function collision(set: ResolvedExposureSet, entries: readonly Entry[]): Finding['collision'] {
  return { set: set.key, members: entries.map((e) => ({ kind: 'tool' as const, key: e.tool?.key ?? e.value })), names: [] };
}
