// The generated configurations of the runtime oracle: one plain model, emitted both as source
// (emit.ts) and as live runtime objects (live.ts). Names come from small pools so that collisions,
// dotted names, reserved namespaces and derived handoff names meet often.
import fc from 'fast-check';

/** One entry of an agent's (or shared array's) `tools`. */
export type Member =
  | { kind: 'tool'; tool: number }
  /** `...nsN`: every member of a `toolNamespace()`. */
  | { kind: 'namespace'; namespace: number }
  /** `...sharedN`: an array exported by the shared module. */
  | { kind: 'shared'; shared: number }
  /** A function tool that runs another (earlier) agent: this runtime's agent-as-tool idiom. */
  | { kind: 'agentTool'; agent: number }
  /** A tool whose execute calls `ctx.addTools([...])` with tools of the tools module. */
  | { kind: 'loader'; loader: number };

export interface ToolModel {
  name: string;
  defer: boolean;
}

export interface NamespaceModel {
  name: string;
  tools: number[];
}

export interface LoaderModel {
  /** Tools, namespace spreads and shared-array spreads (no agent tools, no loaders). */
  adds: Member[];
}

export interface HandoffModel {
  agent: number;
  /** `handoffs: [agent]`, `handoff(agent)`, or `handoff(agent, { toolNameOverride })`. */
  form: 'agent' | 'handoff' | 'override';
  override: string;
}

export interface AgentModel {
  name: string;
  policy: 'error' | 'warn';
  tools: Member[];
  /** Targets are earlier agents only, so every module defines them before use. */
  handoffs: HandoffModel[];
}

export interface Config {
  tools: ToolModel[];
  namespaces: NamespaceModel[];
  /** Each may spread earlier shared arrays only. */
  shared: Member[][];
  loaders: LoaderModel[];
  agents: AgentModel[];
  /** Agents before this index live in `specialists.ts`; the rest in `agents.ts`, which imports them. */
  split: number;
}

const TOOL_NAMES = ['search', 'lookup', 'crm', 'crm.lookup', 'billing', 'transfer_to_billing', 'escalate'] as const;
const NAMESPACE_NAMES = ['crm', 'lookup', 'billing'] as const;
const AGENT_NAMES = ['Billing', 'Refunds', 'Triage', 'billing', 'Search'] as const;
const OVERRIDES = ['escalate', 'search', 'transfer_to_billing', 'lookup', 'billing', ''] as const;

/** The name the model sees for a loader: unique, so the scripted model can always call it. */
export function loaderName(index: number): string {
  return `load_more_${index}`;
}

const rawMember = fc.record({ kind: fc.constantFrom('tool', 'tool', 'namespace', 'shared', 'agentTool', 'loader'), at: fc.nat(7) });

const rawConfig = fc.record({
  tools: fc.array(fc.record({ name: fc.constantFrom(...TOOL_NAMES), defer: fc.constantFrom(false, false, true) }), { minLength: 1, maxLength: 7 }),
  namespaces: fc.array(fc.record({ name: fc.constantFrom(...NAMESPACE_NAMES), tools: fc.array(fc.nat(7), { minLength: 1, maxLength: 3 }) }), { maxLength: 2 }),
  shared: fc.array(fc.array(rawMember, { minLength: 1, maxLength: 3 }), { maxLength: 2 }),
  loaders: fc.array(fc.record({ adds: fc.array(rawMember, { minLength: 1, maxLength: 3 }) }), { maxLength: 2 }),
  agents: fc.array(
    fc.record({
      name: fc.constantFrom(...AGENT_NAMES),
      policy: fc.constantFrom('error' as const, 'warn' as const),
      tools: fc.array(rawMember, { maxLength: 4 }),
      handoffs: fc.array(
        fc.record({ agent: fc.nat(4), form: fc.constantFrom('agent' as const, 'handoff' as const, 'override' as const), override: fc.constantFrom(...OVERRIDES) }),
        { maxLength: 3 },
      ),
    }),
    { minLength: 1, maxLength: 4 },
  ),
  split: fc.nat(3),
});

type Raw = typeof rawConfig extends fc.Arbitrary<infer T> ? T : never;
type RawMember = Raw['agents'][number]['tools'][number];

/**
 * Indices are taken modulo what exists, and references that cannot be made (no earlier agent, no
 * earlier shared array) are dropped, so every raw value is a valid configuration and shrinking
 * stays inside the space.
 */
function normalize(raw: Raw): Config {
  const toolCount = raw.tools.length;
  const member = (m: RawMember, sharedBefore: number, agentsBefore: number, inShared: boolean): Member | undefined => {
    switch (m.kind) {
      case 'tool':
        return { kind: 'tool', tool: m.at % toolCount };
      case 'namespace':
        return raw.namespaces.length === 0 ? undefined : { kind: 'namespace', namespace: m.at % raw.namespaces.length };
      case 'shared':
        return sharedBefore === 0 ? undefined : { kind: 'shared', shared: m.at % sharedBefore };
      case 'agentTool':
        return inShared || agentsBefore === 0 ? undefined : { kind: 'agentTool', agent: m.at % agentsBefore };
      case 'loader':
        return raw.loaders.length === 0 ? undefined : { kind: 'loader', loader: m.at % raw.loaders.length };
      default:
        return undefined;
    }
  };
  const defined = <T>(value: T | undefined): value is T => value !== undefined;
  return {
    tools: raw.tools,
    namespaces: raw.namespaces.map((ns) => ({ name: ns.name, tools: ns.tools.map((t) => t % toolCount) })),
    // No loaders in shared arrays: loaders may add shared arrays, and modules import no cycle.
    shared: raw.shared.map((members, i) => members.map((m) => member(m, i, 0, true)).filter(defined).filter((m) => m.kind !== 'loader')),
    loaders: raw.loaders.map((l) => ({
      adds: l.adds.map((m) => member(m, raw.shared.length, 0, true)).filter(defined).filter((m) => m.kind !== 'loader'),
    })),
    agents: raw.agents.map((agent, i) => ({
      name: agent.name,
      policy: agent.policy,
      tools: agent.tools.map((m) => member(m, raw.shared.length, i, false)).filter(defined),
      handoffs: i === 0 ? [] : agent.handoffs.map((h) => ({ ...h, agent: h.agent % i })),
    })),
    split: Math.min(raw.split, raw.agents.length - 1),
  };
}

export const configArbitrary: fc.Arbitrary<Config> = rawConfig.map(normalize);

/** Members after expanding shared arrays (not namespaces), in listing order. */
export function flatMembers(config: Config, members: readonly Member[]): Member[] {
  return members.flatMap((m) => (m.kind === 'shared' ? flatMembers(config, config.shared[m.shared] ?? []) : [m]));
}

/**
 * The namespaces an agent needs to exist: those it lists (directly or through shared arrays) and
 * those of every agent it reaches through a handoff or a tool that runs it.
 */
export function namespacesReached(config: Config, agent: number, seen = new Set<number>()): number[] {
  const model = config.agents[agent];
  if (!model || seen.has(agent)) return [];
  seen.add(agent);
  const members = flatMembers(config, model.tools);
  const added = members.flatMap((m) => (m.kind === 'loader' ? flatMembers(config, config.loaders[m.loader]?.adds ?? []) : []));
  const own = [...members, ...added].flatMap((m) => (m.kind === 'namespace' ? [m.namespace] : []));
  const reached = [...model.handoffs.map((h) => h.agent), ...members.flatMap((m) => (m.kind === 'agentTool' ? [m.agent] : []))];
  return [...new Set([...own, ...reached.flatMap((j) => namespacesReached(config, j, seen))])].sort((a, b) => a - b);
}

/** The loaders an agent lists, once each, in listing order. */
export function loadersListed(config: Config, agent: number): number[] {
  return [...new Set(flatMembers(config, config.agents[agent]?.tools ?? []).flatMap((m) => (m.kind === 'loader' ? [m.loader] : [])))];
}
