// Exposure sets of agents and calls, with the agents' later mutations (in any module), the agents
// themselves, and the live lists that a tool's loader adds to.
import type { AgentMutationFact, ValueRef } from '../types.js';
import type { ResolvedAgent, ResolvedExposureSet, ResolvedToolReference } from '../resolved.js';
import type { LinkContext } from './context.js';
import { liveList } from './items.js';
import { type MissingByName, collectHandoffs, collectKeyed, collectToolkit, collectTools } from './members.js';
import { resolveTop } from './lists.js';
import { collectPrefixedServers, isServerToolReference } from './prefixed-servers.js';
import { isToolCopy, keyedTool, toolKey } from './records.js';
import { resolvedReference } from './references.js';
import { registeredTools } from './registry.js';
import { resolve, staticName } from './values.js';

/** Mutations of agents made in other modules, by agent key, in a deterministic order. */
function externalMutations(ctx: LinkContext): Map<string, Array<{ file: string; mutation: AgentMutationFact }>> {
  const byAgent = new Map<string, Array<{ file: string; mutation: AgentMutationFact }>>();
  for (const [file, fi] of ctx.index) {
    for (const mutation of fi.facts.agentMutations) {
      for (const item of resolve(ctx, file, mutation.agent, 0)) {
        if (item.t !== 'agent') continue;
        const key = `${item.file}#${item.agent.id}`;
        let list = byAgent.get(key);
        if (!list) byAgent.set(key, (list = []));
        list.push({ file, mutation });
      }
    }
  }
  // Importers run after the modules they import; between importers, order by path, then position.
  for (const list of byAgent.values()) {
    list.sort((a, b) => (a.file === b.file ? a.mutation.span.start - b.mutation.span.start : a.file < b.file ? -1 : 1));
  }
  return byAgent;
}

/** Every exposure set of agents and calls, in file then exposure order, with its agent and set references. */
export function linkExposures(ctx: LinkContext, serverSets: ReadonlyMap<string, ResolvedExposureSet>): {
  exposureSets: ResolvedExposureSet[];
  agents: ResolvedAgent[];
  references: ResolvedToolReference[];
  loaders: Map<ResolvedExposureSet, string>;
} {
  const exposureSets: ResolvedExposureSet[] = [];
  const agents: ResolvedAgent[] = [];
  const external = externalMutations(ctx);
  const references: ResolvedToolReference[] = [];
  const loaders = new Map<ResolvedExposureSet, string>();

  for (const [file, fi] of ctx.index) {
    for (const exposure of fi.facts.exposures) {
      const key = `${file}#${exposure.id}`;
      const agent = exposure.owner ? fi.agents.get(exposure.owner) : undefined;
      const agentName = agent ? staticName(ctx, file, agent.name) : undefined;
      const set: ResolvedExposureSet = {
        key,
        kind: exposure.kind,
        adapter: exposure.adapter,
        name: agentName,
        at: { file, span: agent ? agent.nameSpan : exposure.span },
        tools: [],
        handoffs: [],
        unresolved: [],
        toolNameCollisionPolicy: agent?.toolNameCollisionPolicy,
      };
      if (agent) set.agentKey = `${file}#${agent.id}`;
      if (exposure.toolsShape === 'record') set.toolsShape = 'record';
      if (exposure.duplicatesOutcome !== undefined) set.duplicatesOutcome = exposure.duplicatesOutcome;
      if (exposure.duplicatesEquate) set.duplicatesEquate = exposure.duplicatesEquate;
      if (agent && !agent.name && agent.holder !== undefined) set.holder = agent.holder;
      if (exposure.loadedBy !== undefined) loaders.set(set, toolKey(file, exposure.loadedBy));
      // Each source keeps its own file: mutations in other modules name values of those modules.
      const sources: Record<'tools' | 'handoffs', Array<{ file: string; value: ValueRef }>> = {
        tools: [...(exposure.tools ? [exposure.tools] : []), ...(exposure.alsoTools ?? [])].map((value) => ({ file, value })),
        handoffs: exposure.handoffs ? [{ file, value: exposure.handoffs }] : [],
      };
      const apply = (from: string, property: 'tools' | 'handoffs', mode: 'add' | 'assign', values: ValueRef[]): void => {
        // An assignment replaces what the agent had so far; a push adds to it.
        if (mode === 'assign') sources[property] = [];
        for (const value of values) sources[property].push({ file: from, value });
      };
      for (const addition of exposure.additions) apply(file, addition.property, addition.mode, [addition.value]);
      for (const { file: from, mutation } of (set.agentKey && external.get(set.agentKey)) || []) {
        const list = agent && liveList(agent, mutation.property);
        if (!list) continue;
        if (mutation.mode === 'unknown') set.unresolved.push({ file: from, span: mutation.span, text: 'changed in a way that cannot be followed' });
        else apply(from, list, mutation.mode, mutation.values);
      }
      if (exposure.kind === 'toolkit') {
        // A list of tools on its own: a set only when every element is one of its adapter's tools.
        if (!collectToolkit(ctx, file, exposure.tools, set, exposure.toolkitOf)) continue;
      } else {
        for (const source of sources.tools) {
          for (const missing of collectTools(ctx, source.file, source.value, set, exposure.toolsShape === 'record', exposure)) references.push(registryReference(ctx, set, missing));
        }
      }
      for (const keyed of exposure.keyedMembers ?? []) collectKeyed(ctx, file, keyed, set);
      for (const added of exposure.addedTools ?? []) set.tools.push(keyedTool(ctx, set.adapter, added.name, { file, span: added.span }));
      const serverKeys = exposure.prefixedMcpServers ? collectPrefixedServers(ctx, file, exposure.prefixedMcpServers, set, serverSets) : undefined;
      for (const source of sources.handoffs) collectHandoffs(ctx, source.file, source.value, set);
      for (const list of exposure.distinctAgents ?? []) {
        // Entries the linker cannot name are left out: only agents named twice for certain count.
        const entries = resolveTop(ctx, file, list.value).flatMap(({ item, listedAt }) => {
          const name = item.t === 'string' ? item.value : item.t === 'agent' ? staticName(ctx, item.file, item.agent.name) : undefined;
          return name === undefined || !listedAt ? [] : [{ name, at: listedAt }];
        });
        (set.distinctAgents ??= []).push({ option: list.option, outcome: list.outcome, entries });
      }
      if (exposure.mutatedUnknown) {
        set.unresolved.push({ file, span: exposure.span, text: 'mutated after construction' });
      }
      exposureSets.push(set);
      for (const reference of exposure.references ?? []) {
        const resolved = resolvedReference(ctx, file, reference, 'set', [key]);
        if (reference.serverTools && !isServerToolReference(resolved.name, exposure.prefixedMcpServers, serverKeys)) continue;
        references.push(resolved);
      }

      if (agent) {
        const resolvedAgent: ResolvedAgent = {
          key: `${file}#${agent.id}`,
          adapter: agent.adapter,
          name: agentName,
          at: { file, span: agent.nameSpan },
          handoffAgentKeys: set.handoffs.flatMap((h) => (h.agentKey ? [h.agentKey] : [])),
          // From the set's own members: a tool disabled in code is in no set and wraps nothing here.
          toolAgentKeys: set.tools.flatMap((t) => (t.agentKey ? [t.agentKey] : [])),
          mcpServerKeys: [],
          exposureKey: key,
        };
        if (!agent.name) resolvedAgent.unnamed = true;
        if (!agent.name && agent.holder !== undefined) resolvedAgent.holder = agent.holder;
        if (agent.mcpServers) {
          for (const item of resolve(ctx, file, agent.mcpServers, 0)) {
            if (item.t === 'mcp') resolvedAgent.mcpServerKeys.push(`${item.file}#${item.server.id}`);
          }
        }
        agents.push(resolvedAgent);
      }
    }
  }
  return { exposureSets, agents, references, loaders };
}

/**
 * An `addTools` call in a tool's execute adds to the live list of each agent that lists the tool
 * (itself, or a copy such as a namespace member: `<tool key>~...` / `<tool key>:<record key>`).
 */
export function linkLoaders(sets: readonly ResolvedExposureSet[], loaders: ReadonlyMap<ResolvedExposureSet, string>): void {
  for (const [set, loader] of loaders) {
    const liveIn = sets.filter((agent) => agent.kind === 'agent' && agent.adapter === set.adapter && agent.tools.some((tool) => isToolCopy(tool.key, loader))).map((agent) => agent.key);
    if (liveIn.length > 0) set.liveIn = liveIn;
  }
}

/** A string among a set's tools that no definition registers: a reference to a missing tool. */
function registryReference(ctx: LinkContext, set: ResolvedExposureSet, missing: MissingByName): ResolvedToolReference {
  return {
    level: 'set',
    option: 'tools',
    form: 'names',
    at: missing.at,
    name: missing.name,
    setKeys: [set.key],
    targetUnresolved: false,
    runTools: [],
    runToolsUnresolved: false,
    effect: missing.effect,
    registered: [...registeredTools(ctx, set.adapter).keys()].sort(),
  };
}
