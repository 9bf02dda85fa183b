// The analyzer's verdict on the emitted source, mapped back onto the model: each finding's line
// names the declaration it sits on (emit.ts puts one declaration per line).
import type { Finding } from '../../src/checks/index.js';
import type { Emitted, Entity } from './emit.js';
import { loadersListed, namespacesReached, type Config } from './model.js';

export interface StaticAgentVerdict {
  /** Names of every finding that concerns the agent: its own set, its loaders, its namespaces. */
  names: string[];
  /** Bare-name collisions on the agent's own set: name -> who dispatch picks (live.ts's wording). */
  winners: Map<string, string>;
}

export interface StaticVerdict {
  namespaces: string[][];
  agents: StaticAgentVerdict[];
  /** Findings on a line that declares nothing the oracle checks (a bug in the oracle or the rule). */
  unmapped: Finding[];
}

const BARE = new Set(['duplicateToolName', 'toolHandoffCollision', 'duplicateHandoffName', 'derivedNameCollision']);

function describeEntity(entity: Entity | undefined): string | undefined {
  if (entity?.kind === 'tool') return `tool ${entity.index}`;
  if (entity?.kind === 'agentTool') return `agent tool ${entity.index}`;
  if (entity?.kind === 'loader') return `loader ${entity.index}`;
  return undefined;
}

function winnerOf(finding: Finding, emitted: Emitted): string | undefined {
  if (finding.messageId === 'derivedNameCollision') return `handoff ${finding.data.second}`;
  const handoff = /^the handoff to agent "(.*)"$/.exec(finding.data.winner ?? '');
  if (handoff) return `handoff ${handoff[1]}`;
  // The winner's definition comes first among the "is defined here" locations (tool-name-collision.ts).
  const definition = finding.related.find((r) => /^"[^"]*" is defined here$/.test(r.message));
  return definition && describeEntity(emitted.at.get(`${definition.file}:${definition.span.loc.start.line}`));
}

export function staticVerdict(config: Config, emitted: Emitted, findings: readonly Finding[]): StaticVerdict {
  const namespaces: string[][] = config.namespaces.map(() => []);
  const own: Finding[][] = config.agents.map(() => []);
  const loaders: string[][] = config.loaders.map(() => []);
  const live: string[][] = config.agents.map(() => []);
  const unmapped: Finding[] = [];
  for (const finding of findings) {
    const entity = emitted.at.get(`${finding.file}:${finding.span.loc.start.line}`);
    const name = finding.data.name ?? '?';
    if (finding.ruleId === 'no-namespace-equals-name' && entity?.kind === 'namespace') namespaces[entity.index]?.push(name);
    else if (finding.ruleId === 'no-tool-name-collision' && entity?.kind === 'agent') own[entity.index]?.push(finding);
    else if (finding.ruleId === 'no-tool-name-collision' && entity?.kind === 'loader') {
      // A loader's call checked against one agent's live list names that agent; else it is the call's own set.
      const owner = finding.related.find((r) => r.message === 'the agent whose tools this addTools() call adds to');
      const agent = owner && emitted.at.get(`${owner.file}:${owner.span.loc.start.line}`);
      if (agent?.kind === 'agent') live[agent.index]?.push(name);
      else if (owner) unmapped.push(finding);
      else loaders[entity.index]?.push(name);
    } else unmapped.push(finding);
  }
  const agents = config.agents.map((_, i): StaticAgentVerdict => {
    const winners = new Map<string, string>();
    for (const finding of own[i] ?? []) {
      const winner = BARE.has(finding.messageId) ? winnerOf(finding, emitted) : undefined;
      if (winner !== undefined) winners.set(finding.data.name ?? '?', winner);
    }
    const names = [
      ...(own[i] ?? []).map((f) => f.data.name ?? '?'),
      ...loadersListed(config, i).flatMap((l) => loaders[l] ?? []),
      ...(live[i] ?? []),
      ...namespacesReached(config, i).flatMap((n) => namespaces[n] ?? []),
    ];
    return { names: [...new Set(names)].sort(), winners };
  });
  return { namespaces, agents, unmapped };
}
