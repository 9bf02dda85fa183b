// no-tool-name-collision: per exposure set, the reference runtime decides; this file only maps
// its verdicts onto source locations.
import { setKey, setLabel } from './set-label.js';
import {
  findFunctionToolLookupConfigurationProblems,
  findToolNameCollisions,
  getFunctionToolDispatchName,
  type ToolNameCollisionGroup,
} from '../runtime/identity/index.js';
import type { ResolvedExposureSet, ResolvedHandoff, ResolvedTool, ResolvedToolGroup, SourceRef } from '../facts/resolved.js';
import type { CollisionData, Finding, RelatedLocation } from './finding.js';
import { adapterOf, type CheckInput } from './input.js';
import { makeFinding } from './make-finding.js';
import { liveAdditionFindings } from './live-additions.js';
import { describeTool, handoffWinner, toHandoffLike, toToolLike } from './tool-like.js';
import type { FrameworkAdapter } from '../facts/adapters/types.js';
import { oneDefinitionFindings } from './one-definition.js';
import { equatedNameFindings } from './equated-names.js';
import { dispatchOf, toolWinnerText, uniqueNameRemedy } from './set-semantics.js';

const RULE = 'no-tool-name-collision';

export function checkToolNameCollisions(input: CheckInput): Finding[] {
  const findings: Finding[] = [];
  const sets = new Map(input.linked.exposureSets.map((set) => [set.key, set]));
  // The addTools calls that add to each agent's live list, in set order.
  const addersOf = new Map<string, ResolvedExposureSet[]>();
  for (const set of input.linked.exposureSets) {
    for (const agentKey of set.liveIn ?? []) {
      const adders = addersOf.get(agentKey);
      if (adders) adders.push(set);
      else addersOf.set(agentKey, [set]);
    }
  }
  for (const set of input.linked.exposureSets) {
    findings.push(...checkSet(set, adapterOf(input, set.adapter)));
    for (const agentKey of set.liveIn ?? []) {
      const agent = sets.get(agentKey);
      const others = (addersOf.get(agentKey) ?? []).filter((other) => other !== set);
      if (agent) findings.push(...liveAdditionFindings(set, agent, others));
    }
  }
  // A toolkit's collision is reported once, where the smallest toolkit holding both members lists
  // them, not again for every list, agent or call that takes the toolkit.
  const reportedIn = new Map<string, ResolvedExposureSet>();
  for (const finding of findings) {
    const set = sets.get(finding.collision?.set ?? '');
    if (set?.kind !== 'toolkit') continue;
    const identity = collisionIdentity(finding);
    const best = reportedIn.get(identity);
    if (!best || set.tools.length < best.tools.length) reportedIn.set(identity, set);
  }
  return findings.filter((finding) => {
    const best = reportedIn.get(collisionIdentity(finding));
    return !best || best.key === finding.collision?.set;
  });
}

function collisionIdentity(finding: Finding): string {
  const collision = finding.collision;
  if (!collision) return '';
  return `${finding.messageId}|${collision.names.join(',')}|${collision.members.map((m) => m.key).sort().join(',')}`;
}

/** Where a member is reported: where the set lists it, else where it is defined. */
export function memberLocation(member: ResolvedTool | ResolvedHandoff): SourceRef {
  return member.listedAt ?? member.definedAt;
}

function checkSet(set: ResolvedExposureSet, adapter: FrameworkAdapter | undefined): Finding[] {
  const findings: Finding[] = [];
  // The tools as the framework adds them: toolkits skipped for a taken name, toolkits' tools last.
  const added = addedTools(set.tools);
  for (const skip of added.skipped) findings.push(skippedToolkitFinding(set, adapter, skip));
  // A skipped toolkit's tools still share names with each other and with the tools listed after
  // it: those duplicates are reported as if it were added (its tools would be lost to them too).
  const skippedKeys = new Set(added.skipped.flatMap((skip) => skip.lost.map((tool) => tool.key)));
  for (const members of new Map(added.skipped.map((skip) => [skip.group.key, skip.lost])).values()) {
    const after = set.tools.slice(set.tools.indexOf(members.at(-1)!) + 1).filter((tool) => !skippedKeys.has(tool.key));
    const inner = byLastListing([...members, ...after]);
    const own = new Set(members.map((tool) => tool.key));
    for (const group of findToolNameCollisions(inner.map(toToolLike), [])) {
      if (group.members.some((m) => m.kind === 'tool' && own.has(inner[m.index]!.key))) {
        findings.push(...groupFindings(set, adapter, group, inner, []).filter((finding) => finding.collision?.members.some((m) => own.has(m.key))));
      }
    }
  }
  // The same object listed twice is reported once as such (unless the runtime keeps it once
  // anyway), then counted once below; one whose name is not known is oneDefinitionFindings'.
  const keptOnce = adapter?.keepsSameToolOnce === true;
  const seen = new Map<string, ResolvedTool>();
  const tools: ResolvedTool[] = [];
  for (const tool of added.tools) {
    const first = seen.get(tool.key);
    if (!first) {
      seen.set(tool.key, tool);
      tools.push(tool);
      continue;
    }
    if (tool.name === undefined || keptOnce) continue;
    // A namespaced tool is dispatched, and rejected, by its qualified name (`crm.lookup`).
    const name = getFunctionToolDispatchName(toToolLike(tool)) ?? tool.name;
    findings.push(
      makeFinding(RULE, 'sameToolListedTwice', {
        at: memberLocation(tool),
        data: { name, set: setLabel(set) },
        related: [related(memberLocation(first), `"${name}" is first listed here`)],
        collision: collisionData(set, [tool], [name]),
        key: `${setKey(set)}|twice|${name}`,
      }),
    );
  }
  // A handoff listed twice (the same agent or handoff() object) is two routed entries of one name,
  // for @openai/agents and the reference runtime alike: both reject it under 'error'.
  const handoffs = set.handoffs;
  const toolLikes = tools.map(toToolLike);

  for (const problem of findFunctionToolLookupConfigurationProblems(toolLikes)) {
    // The reserved shape is no-namespace-equals-name's finding.
    if (problem.kind === 'reserved-namespace' || problem.firstIndex === undefined) continue;
    const tool = tools[problem.index];
    const first = tools[problem.firstIndex];
    if (!tool || !first) continue;
    const deferred = problem.kind === 'deferred-duplicate';
    // A qualified-name duplicate always carries its qualified name; a deferred one is keyed by its name.
    const name = deferred ? problem.name : problem.qualifiedName;
    if (name === undefined) continue;
    findings.push(
      makeFinding(RULE, deferred ? 'deferredNameCollision' : 'qualifiedNameCollision', {
        at: memberLocation(tool),
        data: deferred ? { name, set: setLabel(set) } : { name, set: setLabel(set), detail: `${describeTool(first)} and ${describeTool(tool)}` },
        related: [related(memberLocation(first), `"${name}" is first used here`), ...definitionIfListed(first), ...definitionIfListed(tool)],
        collision: collisionData(set, [first, tool], [name]),
        key: `${setKey(set)}|${problem.kind}|${name}`,
      }),
    );
  }

  // Where the runtime keeps every entry and dispatch is last-wins, an object listed again is picked
  // at its last listing: `[a, b, a]` runs `a`, so `b` is the one never reached.
  const lastWins = !keptOnce && dispatchOf(set, adapter) === 'last';
  const dispatchOrder = lastWins ? byLastListing(added.tools) : tools;
  for (const group of findToolNameCollisions(lastWins ? dispatchOrder.map(toToolLike) : toolLikes, handoffs.map(toHandoffLike))) {
    findings.push(...groupFindings(set, adapter, group, dispatchOrder, handoffs));
  }
  findings.push(...equatedNameFindings(set, tools, memberLocation, (members, names) => collisionData(set, members, names)));
  findings.push(...duplicateAgentFindings(set));
  findings.push(...oneDefinitionFindings(set, adapter));
  return findings;
}

interface SkippedToolkit {
  member: ResolvedTool;
  earlier: ResolvedTool;
  group: ResolvedToolGroup;
  lost: ResolvedTool[];
}

/**
 * The set's tools in the order the framework holds them (`ObjectToolShape.group`): a toolkit that
 * skips on conflict and holds a name already added (by a standalone tool or an earlier toolkit) is
 * left out whole; toolkits exposed last follow every standalone tool. Other sets are unchanged.
 */
function addedTools(listed: readonly ResolvedTool[]): { tools: ResolvedTool[]; skipped: SkippedToolkit[] } {
  if (!listed.some((tool) => tool.group)) return { tools: [...listed], skipped: [] };
  const have = new Map<string, ResolvedTool>();
  const standalone: ResolvedTool[] = [];
  const grouped: ResolvedTool[] = [];
  const skipped: SkippedToolkit[] = [];
  const decided = new Set<string>();
  for (const tool of listed) {
    const group = tool.group;
    if (!group) {
      standalone.push(tool);
      if (tool.name !== undefined && !have.has(tool.name)) have.set(tool.name, tool);
      continue;
    }
    if (decided.has(group.key)) continue;
    decided.add(group.key);
    const members = listed.filter((other) => other.group?.key === group.key);
    // Every member whose name is taken is a reason the toolkit is skipped: each is reported.
    const conflicts = group.skipsOnConflict ? members.filter((member) => member.name !== undefined && have.has(member.name) && have.get(member.name)!.key !== member.key) : [];
    if (conflicts.length > 0) {
      for (const member of conflicts) skipped.push({ member, earlier: have.get(member.name!)!, group, lost: members });
      continue;
    }
    for (const member of members) if (member.name !== undefined && !have.has(member.name)) have.set(member.name, member);
    (group.exposedLast ? grouped : standalone).push(...members);
  }
  return { tools: [...standalone, ...grouped], skipped };
}

function skippedToolkitFinding(set: ResolvedExposureSet, adapter: FrameworkAdapter | undefined, skip: SkippedToolkit): Finding {
  const name = skip.member.name!;
  const lost = [...new Set(skip.lost.map((tool) => (tool.name === undefined ? '?' : `"${tool.name}"`)))].join(', ');
  return makeFinding(RULE, 'toolkitSkipped', {
    at: memberLocation(skip.member),
    data: { toolkit: skip.group.name === undefined ? '(unnamed)' : `"${skip.group.name}"`, name, set: setLabel(set), framework: adapter?.title ?? 'the framework', lost },
    related: uniqueRelated([
      related(memberLocation(skip.earlier), `"${name}" is already here`),
      related(skip.group.at, 'the skipped toolkit is added here'),
      ...definitionIfListed(skip.member),
    ]),
    collision: collisionData(set, [skip.member, skip.earlier], [name]),
    key: `${setKey(set)}|toolkit-skipped|${skip.group.name ?? ''}|${name}`,
  });
}

/** An option that must name each agent once (`canHandoffTo`) naming one twice: reported at each later entry. */
function duplicateAgentFindings(set: ResolvedExposureSet): Finding[] {
  const findings: Finding[] = [];
  for (const list of set.distinctAgents ?? []) {
    const first = new Map<string, SourceRef>();
    for (const entry of list.entries) {
      const earlier = first.get(entry.name);
      if (!earlier) {
        first.set(entry.name, entry.at);
        continue;
      }
      findings.push(
        makeFinding(RULE, 'duplicateAgentEntry', {
          at: entry.at,
          data: { name: entry.name, set: setLabel(set), option: list.option, outcome: list.outcome },
          related: [related(earlier, `agent "${entry.name}" is first named here`)],
          key: `${setKey(set)}|distinct|${list.option}|${entry.name}`,
        }),
      );
    }
  }
  return findings;
}

/** Each object once, at its last listing, in the order of those listings. */
function byLastListing(listed: readonly ResolvedTool[]): ResolvedTool[] {
  const last = new Map<string, number>();
  listed.forEach((tool, i) => last.set(tool.key, i));
  return listed.filter((tool, i) => last.get(tool.key) === i);
}

function groupFindings(
  set: ResolvedExposureSet,
  adapter: FrameworkAdapter | undefined,
  group: ToolNameCollisionGroup,
  tools: readonly ResolvedTool[],
  handoffs: readonly ResolvedHandoff[],
): Finding[] {
  const memberOf = (m: { kind: 'tool' | 'handoff'; index: number }): ResolvedTool | ResolvedHandoff | undefined =>
    m.kind === 'tool' ? tools[m.index] : handoffs[m.index];
  const toolsOnly = group.members.every((m) => m.kind === 'tool');
  // Which tool runs, per framework (a handoff, when one takes part, is the runtime's winner).
  const dispatch = toolsOnly ? dispatchOf(set, adapter) : 'last';
  const winnerRef = dispatch === 'last' ? group.winner : group.members[0]!;
  const winner = memberOf(winnerRef);
  if (!winner) return [];
  const findings: Finding[] = [];
  if (set.kind === 'mcp-server') {
    // One server instance: the second registration of a name fails (or replaces the first) when it runs.
    const members = group.members.map(memberOf);
    const [first] = members;
    for (const [i, member] of members.entries()) {
      // Registrations in different branches of one if/switch never both run.
      if (i === 0 || !member || !first || members.slice(0, i).every((m) => !m || exclusive(m, member))) continue;
      findings.push(
        makeFinding(RULE, registrationMessage(member, members.slice(0, i)), {
          at: memberLocation(member),
          data: { name: group.name, server: set.name === undefined ? 'instance' : `"${set.name}"` },
          related: [
            related(memberLocation(first), `"${group.name}" is first registered here`),
            related(set.at, set.instanceIsParameter ? 'the server instance is passed in here' : 'the server instance is created here'),
          ],
          collision: collisionData(set, [first, member], [group.name]),
          key: `${setKey(set)}|mcp|${group.name}`,
        }),
      );
    }
    return findings;
  }
  const kinds = new Set(group.members.map((m) => m.kind));
  const winnerGroup = winnerRef.kind === 'tool' ? (winner as ResolvedTool).group : undefined;
  const winnerText =
    winnerRef.kind === 'handoff'
      ? handoffWinner(winner as ResolvedHandoff)
      : winnerGroup?.exposedLast && group.members.some((m) => m.kind === 'tool' && !tools[m.index]?.group)
        ? `the tool of toolkit ${winnerGroup.name === undefined ? '(unnamed)' : `"${winnerGroup.name}"`} (toolkits' tools are sent after the standalone ones)`
        : toolWinnerText(dispatch === 'first' ? 'first' : 'last');
  // Reported on every owner that loses dispatch: that is the tool or handoff the model can never reach.
  for (const m of group.members) {
    if (m.kind === winnerRef.kind && m.index === winnerRef.index) continue;
    const member = memberOf(m);
    if (!member) continue;
    let messageId: string;
    let data: Record<string, string>;
    if (group.derivedAgents) {
      messageId = 'derivedNameCollision';
      const option = kinds.size === 2 ? 'toolName or toolNameOverride' : kinds.has('tool') ? 'toolName' : 'toolNameOverride';
      data = { name: group.name, set: setLabel(set), first: group.derivedAgents[0], second: group.derivedAgents[1], option };
    } else if (kinds.size === 2 || kinds.has('handoff')) {
      messageId = kinds.size === 2 ? 'toolHandoffCollision' : 'duplicateHandoffName';
      data = { name: group.name, set: setLabel(set), winner: winnerText };
    } else if (dispatch === 'throws' && set.kind === 'add-tools') {
      messageId = 'duplicateAddedName';
      data = { name: group.name };
    } else if (dispatch === 'throws') {
      messageId = 'duplicateNameFails';
      data = { name: group.name, set: setLabel(set), outcome: set.duplicatesOutcome ?? 'the call fails', remedy: uniqueNameRemedy(set, adapter) };
    } else if (set.toolsShape === 'record' && writtenKey(member as ResolvedTool) === writtenKey(winner as ResolvedTool)) {
      // `{ ...a, ...b }`, Object.assign: the object holds one value per key; the framework never sees the earlier one.
      messageId = 'recordKeyReplaced';
      data = { name: group.name, set: setLabel(set) };
    } else {
      messageId = 'duplicateToolName';
      data = { name: group.name, set: setLabel(set), winner: winnerText, remedy: uniqueNameRemedy(set, adapter) };
    }
    findings.push(
      makeFinding(RULE, messageId, {
        at: memberLocation(member),
        data,
        related: uniqueRelated([
          related(memberLocation(winner), winnerNote(messageId, group.name)),
          ...definitionIfListed(winner),
          ...definitionIfListed(member),
        ]),
        collision: collisionData(set, [member, winner], [group.name]),
        key: `${setKey(set)}|bare|${group.name}`,
      }),
    );
  }
  return findings;
}

const outcomeMessage = { throws: 'mcpDuplicateRegistration', replaces: 'mcpReplacedRegistration', listed: 'mcpDuplicateListing' } as const;

/**
 * What the later registration of a name does, which decides the message: one that checks throws,
 * one that does not replaces the tool or lists it again; an element of a list registered by one call
 * (`addTools([...])`) beside an earlier element of that call does what the call does with two.
 */
function registrationMessage(member: ResolvedTool | ResolvedHandoff, earlier: ReadonlyArray<ResolvedTool | ResolvedHandoff | undefined>): string {
  if (!('kind' in member)) return outcomeMessage.throws;
  const inCall = member.inCall;
  if (inCall && earlier.some((m) => m && 'kind' in m && m.inCall?.key === inCall.key && !exclusive(m, member))) return outcomeMessage[inCall.onDuplicate];
  return outcomeMessage[member.replaces ? 'replaces' : member.listed ? 'listed' : 'throws'];
}

/** What the related location of the member that wins says. */
function winnerNote(messageId: string, name: string): string {
  if (messageId === 'duplicateAddedName') return `"${name}" is first added here`;
  if (messageId === 'duplicateNameFails') return `"${name}" is first listed here`;
  if (messageId === 'recordKeyReplaced') return `the later "${name}" that replaces it`;
  return `"${name}" that dispatch picks`;
}

/** The key a record-shaped set lists a tool under, before the framework rewrites it. */
function writtenKey(tool: ResolvedTool): string | undefined {
  return tool.writtenName ?? tool.name;
}

/** True when two registrations sit in different branches of the same if/switch/conditional. */
function exclusive(a: ResolvedTool | ResolvedHandoff, b: ResolvedTool | ResolvedHandoff): boolean {
  if (!('branch' in a) || !('branch' in b) || !a.branch || !b.branch || a.definedAt.file !== b.definedAt.file) return false;
  const taken = new Map(a.branch.map((step) => [step.slice(0, step.indexOf(':')), step]));
  return b.branch.some((step) => {
    const other = taken.get(step.slice(0, step.indexOf(':')));
    return other !== undefined && other !== step;
  });
}

/** A member listed by reference also points at its definition, which may live in another module. */
function definitionIfListed(member: ResolvedTool | ResolvedHandoff): RelatedLocation[] {
  if (!member.listedAt) return [];
  if ('toolName' in member) {
    return [related(member.definedAt, `the handoff to agent "${member.agentName ?? '?'}" is defined here`)];
  }
  return [related(member.definedAt, `"${member.name ?? '?'}" is defined here`)];
}

export function collisionData(set: ResolvedExposureSet, members: ReadonlyArray<ResolvedTool | ResolvedHandoff>, names: string[]): CollisionData {
  return { set: set.key, members: members.map((m) => ({ kind: 'toolName' in m ? 'handoff' : 'tool', key: m.key })), names };
}

/** Two instances of one class share their definition: list it once. */
function uniqueRelated(locations: RelatedLocation[]): RelatedLocation[] {
  const seen = new Set<string>();
  return locations.filter((l) => {
    const id = `${l.file}:${l.span.start}:${l.message}`;
    return !seen.has(id) && (seen.add(id), true);
  });
}

function related(at: SourceRef, message: string): RelatedLocation {
  return { file: at.file, span: at.span, message };
}
