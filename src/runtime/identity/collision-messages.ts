import { pythonRepr } from './python-repr.js';
import { readField } from './records.js';

/** One owner of a colliding bare name: a function tool or a handoff, by input position. */
export interface ToolNameCollisionMember {
  kind: 'tool' | 'handoff';
  index: number;
}

/** A member together with the object it stands for, as the message builder needs it. */
export interface CollisionEntry extends ToolNameCollisionMember {
  value: unknown;
}

/** Python's warning text when tool data must not be logged (runtime-identity.md c.3). */
export const REDACTED_TOOL_NAME_COLLISION_WARNING =
  'Tool name collision detected. Assign unique routed tool names or enable tool data logging for details.';

/**
 * The agent name when the entry's name is still the one derived from that agent. A renamed
 * copy loses the status, since its name no longer comes from the agent (c.3, "derived owner").
 */
function derivedOwnerAgent(entry: CollisionEntry, name: string): string | undefined {
  const identity = readField(entry.value, 'defaultIdentity');
  const agentName = readField(identity, 'agentName');
  if (typeof agentName !== 'string' || readField(identity, 'derivedName') !== name) {
    return undefined;
  }
  return agentName;
}

/**
 * The two agents whose default names collide, in insertion order, when the group is exactly two
 * entries owned by two distinct derived owners (keyed by agent name); otherwise
 * undefined. This is the case Python words as "agents A and B both derive ..." (c.3).
 */
export function derivedCollisionAgents(name: string, entries: readonly CollisionEntry[]): [string, string] | undefined {
  if (entries.length !== 2) {
    return undefined;
  }
  const agents = new Set<string>();
  for (const entry of entries) {
    const agent = derivedOwnerAgent(entry, name);
    if (agent !== undefined) {
      agents.add(agent);
    }
  }
  const [first, second] = agents;
  return agents.size === 2 && first !== undefined && second !== undefined ? [first, second] : undefined;
}

/**
 * Python's message for one colliding group (runtime-identity.md c.3, "How message(group) is
 * chosen"): the derived-agent text when {@link derivedCollisionAgents} applies, otherwise the
 * tools-only, handoffs-only or mixed text. Every variant names the colliding tool name in
 * backticks; agent names are quoted with Python `repr()`.
 */
export function toolNameCollisionMessage(name: string, entries: readonly CollisionEntry[]): string {
  const hasTool = entries.some((entry) => entry.kind === 'tool');
  const hasHandoff = entries.some((entry) => entry.kind === 'handoff');
  const agents = derivedCollisionAgents(name, entries);
  if (agents !== undefined) {
    const [subject, label, option] =
      hasTool && hasHandoff
        ? ['agent routing', 'tool name', '`tool_name=` or `tool_name_override=`']
        : hasTool
          ? ['agent tool', 'tool name', '`tool_name=`']
          : ['handoff', 'handoff tool name', '`tool_name_override=`'];
    return (
      `Ambiguous ${subject} configuration: agents ${pythonRepr(agents[0])} and ${pythonRepr(agents[1])} ` +
      `both derive the ${label} \`${name}\`. Pass an explicit ${option} to one of them.`
    );
  }
  if (hasTool && hasHandoff) {
    return (
      `Ambiguous tool routing configuration: the tool name \`${name}\` is used by both a function tool and a ` +
      'handoff. Assign a unique routed name to every colliding function tool and handoff with ' +
      '`name_override=`, `tool_name=`, `tool_name_override=`, or a namespace.'
    );
  }
  if (hasHandoff) {
    return (
      `Ambiguous handoff configuration: the handoff tool name \`${name}\` is used by multiple handoffs. ` +
      'Pass a unique `tool_name_override=` to each handoff.'
    );
  }
  return (
    `Ambiguous function tool configuration: the tool name \`${name}\` is used by multiple tools. ` +
    'Assign a unique routed name to every colliding function tool with `name_override=`, `tool_name=`, ' +
    'or a namespace.'
  );
}
