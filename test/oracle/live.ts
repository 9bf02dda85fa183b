// The same configuration as live objects of the reference runtime, built with its own API in this
// process (the generated source is never imported), and what the runtime does with each agent:
// whether building it throws, whether a run throws (its own policy), what a loader's addTools does,
// and which warnings and retained tools the model sees.
import {
  Agent,
  DuplicateToolNameError,
  ScriptedModel,
  ToolIdentityError,
  defineTool,
  handoff,
  toolNamespace,
  type FunctionTool,
  type Handoff,
  type ModelRequest,
} from '../../src/runtime/index.js';
import { agentToolName } from './emit.js';
import { flatMembers, loaderName, loadersListed, namespacesReached, type Config, type Member } from './model.js';

const PARAMS = { type: 'object', properties: {} } as const;

export interface AgentVerdict {
  /** Names of namespaces that throw while the agent (or an agent it reaches) is built. */
  construction: string[];
  /** The name the run threw for (its qualified name), when it threw a ToolIdentityError. */
  thrown: string[];
  /** Names the loaders' addTools rejected. */
  addTools: string[];
  /** The name of each collision warning, in order. */
  warnings: string[];
  /** For each warned name: who the model was shown (`tool <i>`, `agent tool <i>`, `handoff <agent name>`). */
  winners: Map<string, string>;
}

export interface LiveVerdict {
  /** Per namespace: the name toolNamespace() threw for, or undefined. */
  namespaces: Array<string | undefined>;
  agents: AgentVerdict[];
}

function qualified(error: unknown): string {
  if (error instanceof ToolIdentityError || error instanceof DuplicateToolNameError) {
    const name = error.toolName ?? '?';
    return error.namespace !== undefined && error.namespace !== name ? `${error.namespace}.${name}` : name;
  }
  throw error;
}

export async function runLive(config: Config): Promise<LiveVerdict> {
  const tools = config.tools.map((t, i) =>
    defineTool({ name: t.name, description: `tool ${i}`, parameters: PARAMS, ...(t.defer ? { deferLoading: true } : {}), execute: () => 'ok' }),
  );
  const namespaces = config.namespaces.map((ns, i): { tools: FunctionTool[] } | { failed: string } => {
    try {
      return { tools: toolNamespace({ name: ns.name, description: `namespace ${i}`, tools: ns.tools.map((t) => tools[t]!) }) };
    } catch (error) {
      return { failed: qualified(error) };
    }
  });
  // Namespace members as toolNamespace() returned them (none when it threw: nothing using it is built).
  const expand = (members: readonly Member[], agentTools: readonly FunctionTool[], loaders: readonly FunctionTool[]): FunctionTool[] =>
    flatMembers(config, members).flatMap((m): FunctionTool[] => {
      switch (m.kind) {
        case 'tool':
          return [tools[m.tool]!];
        case 'namespace': {
          const ns = namespaces[m.namespace]!;
          return 'tools' in ns ? ns.tools : [];
        }
        case 'agentTool':
          return [agentTools[m.agent]!];
        case 'loader':
          return [loaders[m.loader]!];
        case 'shared':
          return [];
      }
    });
  let loaderErrors: string[] = [];
  const loaders = config.loaders.map((l, i) => {
    const adds = expand(l.adds, [], []);
    return defineTool({
      name: loaderName(i),
      description: `loader ${i}`,
      parameters: PARAMS,
      execute: (_args, ctx) => {
        try {
          ctx.addTools(adds);
        } catch (error) {
          loaderErrors.push(qualified(error));
          throw error;
        }
        return 'loaded';
      },
    });
  });

  const warnings: string[] = [];
  const built: Agent[] = [];
  const agentTools: FunctionTool[] = [];
  const verdicts: AgentVerdict[] = [];
  for (const [i, agent] of config.agents.entries()) {
    const construction = namespacesReached(config, i).flatMap((n) => {
      const ns = namespaces[n];
      return ns && 'failed' in ns ? [ns.failed] : [];
    });
    const verdict: AgentVerdict = { construction: [...new Set(construction)], thrown: [], addTools: [], warnings: [], winners: new Map() };
    verdicts.push(verdict);
    if (verdict.construction.length > 0) continue;
    const members = expand(agent.tools, agentTools, loaders);
    const handoffs = agent.handoffs.map((h): Agent | Handoff => {
      const target = built[h.agent]!;
      if (h.form === 'agent') return target;
      if (h.form === 'handoff') return handoff(target);
      return handoff(target, { toolNameOverride: h.override });
    });
    const live = new Agent({
      name: agent.name,
      tools: members,
      handoffs,
      toolNameCollisionPolicy: agent.policy,
      logger: { warn: (message) => warnings.push(message) },
    });
    built[i] = live;
    const target = live;
    agentTools[i] = defineTool({
      name: agentToolName(config, i),
      description: `agent tool ${i}`,
      parameters: PARAMS,
      execute: async () => (await target.run('q', { model: new ScriptedModel([{ text: 'ok' }]) })).finalOutput ?? '',
    });

    // One request that calls every loader the agent lists, then a final answer.
    const loaderCalls = loadersListed(config, i);
    const model = new ScriptedModel((_request, index) =>
      index === 0 && loaderCalls.length > 0
        ? { toolCalls: loaderCalls.map((l, k) => ({ call_id: `call_${k}`, name: loaderName(l), arguments: '{}' })) }
        : { text: 'done' },
    );
    warnings.length = 0;
    loaderErrors = [];
    try {
      await live.run('go', { model });
    } catch (error) {
      verdict.thrown.push(qualified(error));
    }
    verdict.addTools = [...loaderErrors];
    verdict.warnings = warnings.map((w) => /`([^`]+)`/.exec(w)?.[1] ?? w);
    for (const name of verdict.warnings) {
      const shown = [...model.requests].reverse().map((r) => shownAs(r, name)).find((s) => s !== undefined);
      if (shown !== undefined) verdict.winners.set(name, shown);
    }
  }
  return { namespaces: namespaces.map((ns) => ('failed' in ns ? ns.failed : undefined)), agents: verdicts };
}

/** Who a request shows under a top-level name: a tool (by its description) or a handoff (by agent). */
function shownAs(request: ModelRequest, name: string): string | undefined {
  // A deferred tool keeps its own lookup key: it is no owner of the bare name.
  const entry = request.tools.find((t) => t.type === 'function' && t.name === name && t.deferLoading !== true);
  if (!entry) return undefined;
  const handoffTo = /^Hand off to the (.*) agent to handle the request\.$/.exec(entry.description);
  return handoffTo ? `handoff ${handoffTo[1]}` : entry.description;
}
