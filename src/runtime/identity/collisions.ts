import { ToolIdentityError } from './errors.js';
import { validateToolNameCollisionPolicy } from './collision-policy.js';
import {
  REDACTED_TOOL_NAME_COLLISION_WARNING,
  derivedCollisionAgents,
  toolNameCollisionMessage,
  type CollisionEntry,
  type ToolNameCollisionMember,
} from './collision-messages.js';
import { validateFunctionToolLookupConfiguration } from './lookup-configuration.js';
import { readField } from './records.js';
import { nonEmptyString } from './strings.js';
import { getFunctionToolLookupKeyForTool } from './tool-identity.js';

/** One model-visible bare name owned by two or more tools/handoffs. */
export interface ToolNameCollisionGroup {
  /** The colliding routed name. */
  name: string;
  /** Owners in insertion order: all tools in input order, then handoffs. */
  members: ToolNameCollisionMember[];
  /** Python's (unredacted) message for this group. */
  message: string;
  /** The member dispatch would pick and warn mode keeps. */
  winner: ToolNameCollisionMember;
  /**
   * Set when the group is two entries whose names both still derive from two distinct agents
   * (in insertion order): the case the message words as "agents A and B both derive ...".
   */
  derivedAgents?: [string, string];
}

/** Options of {@link resolveToolNameCollisions}. */
export interface ResolveToolNameCollisionsOptions {
  /** `'warn'` (default) or `'error'`; anything else throws. */
  policy?: unknown;
  /** Use the generic warning text, as Python does when tool data must not be logged. */
  redact?: boolean;
}

/** What {@link resolveToolNameCollisions} keeps, in input order, plus one warning per group. */
export interface ResolvedToolNameCollisions<T, H> {
  tools: T[];
  handoffs: H[];
  warnings: string[];
}

function asList<T>(value: readonly T[]): readonly T[] {
  return Array.isArray(value) ? value : [];
}

/**
 * Structured collision finder for static checks: every bare routed name owned by two or more
 * entries, in insertion order of the name, each with its members, Python's message, the
 * winner and, for the derived-agent case, the two agents (runtime-identity.md c.3 steps 2-3).
 *
 * Owners are function tools whose lookup key is `bare` (namespaced, deferred and non-function
 * tools never take part) and handoffs whose `toolName` is a non-empty string. The winner is
 * the last handoff in the group if any, else the last entry: the same object dispatch picks,
 * because handoffs are routed before function lookup and the lookup map is last-wins (c.3, (g)).
 * Lookup-configuration errors are not checked here; see
 * `findFunctionToolLookupConfigurationProblems`. Never throws.
 */
export function findToolNameCollisions(tools: readonly unknown[], handoffs: readonly unknown[]): ToolNameCollisionGroup[] {
  const byName = new Map<string, CollisionEntry[]>();
  const add = (name: string, entry: CollisionEntry): void => {
    const group = byName.get(name);
    if (group === undefined) {
      byName.set(name, [entry]);
    } else {
      group.push(entry);
    }
  };
  asList(tools).forEach((tool, index) => {
    const key = getFunctionToolLookupKeyForTool(tool);
    if (key?.kind === 'bare') {
      add(key.name, { kind: 'tool', index, value: tool });
    }
  });
  asList(handoffs).forEach((handoff, index) => {
    const name = nonEmptyString(readField(handoff, 'toolName'));
    if (name !== undefined) {
      add(name, { kind: 'handoff', index, value: handoff });
    }
  });
  const groups: ToolNameCollisionGroup[] = [];
  for (const [name, entries] of byName) {
    const last = entries.at(-1);
    if (entries.length < 2 || last === undefined) {
      continue;
    }
    const winner = entries.findLast((entry) => entry.kind === 'handoff') ?? last;
    const derivedAgents = derivedCollisionAgents(name, entries);
    groups.push({
      name,
      members: entries.map(({ kind, index }) => ({ kind, index })),
      message: toolNameCollisionMessage(name, entries),
      winner: { kind: winner.kind, index: winner.index },
      ...(derivedAgents === undefined ? {} : { derivedAgents }),
    });
  }
  return groups;
}

/**
 * Decides which tools and handoffs are shown to the model (runtime-identity.md c.3). Validates
 * the policy and the function-tool lookup configuration first (those errors throw
 * {@link ToolIdentityError} under every policy). Then, under `'error'`, the first colliding
 * group throws with its unredacted message; under `'warn'`, each group adds one warning (the
 * generic text when `redact` is set) and only its winner is kept, so what the model sees is
 * what dispatch would run. Returns the retained objects in input order.
 */
export function resolveToolNameCollisions<T, H>(
  tools: readonly T[],
  handoffs: readonly H[],
  options: ResolveToolNameCollisionsOptions = {},
): ResolvedToolNameCollisions<T, H> {
  const policy = validateToolNameCollisionPolicy(readField(options, 'policy'));
  const toolList = asList(tools);
  const handoffList = asList(handoffs);
  validateFunctionToolLookupConfiguration(toolList);
  const groups = findToolNameCollisions(toolList, handoffList);
  const [firstGroup] = groups;
  if (policy === 'error' && firstGroup !== undefined) {
    throw new ToolIdentityError(firstGroup.message, { toolName: firstGroup.name });
  }
  const redact = readField(options, 'redact') === true;
  const dropped = { tool: new Set<number>(), handoff: new Set<number>() };
  for (const group of groups) {
    for (const member of group.members) {
      if (member.kind !== group.winner.kind || member.index !== group.winner.index) {
        dropped[member.kind].add(member.index);
      }
    }
  }
  return {
    tools: toolList.filter((_, index) => !dropped.tool.has(index)),
    handoffs: handoffList.filter((_, index) => !dropped.handoff.has(index)),
    warnings: groups.map((group) => (redact ? REDACTED_TOOL_NAME_COLLISION_WARNING : group.message)),
  };
}
