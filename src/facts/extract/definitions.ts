// Which calls are definitions of an enabled adapter: callees are followed through renamed imports,
// namespace imports, `require`, and local `const` aliases. Classification is cached per node so a
// definition has one id whether it is met as a fact or as a value inside another fact.
import type * as TS from 'typescript';
import { adapterEnabledBy } from '../adapters/index.js';
import type {
  AgentClassSpec,
  AgentMethodsSpec,
  FrameworkAdapter,
  HandoffDefinerSpec,
  McpServerClassSpec,
  NamespaceDefinerSpec,
  ToolDefinerSpec,
} from '../adapters/types.js';
import { type Ctx, accessName, makeId, own, unwrap } from './context.js';
import { type Scope, lookup } from './scope.js';

export type Def =
  | { kind: 'tool'; adapter: FrameworkAdapter; spec: ToolDefinerSpec; id: string }
  | {
      kind: 'agent-tool';
      adapter: FrameworkAdapter;
      spec: NonNullable<AgentMethodsSpec['asTool']>;
      receiver: TS.Expression;
      id: string;
    }
  | { kind: 'namespace'; adapter: FrameworkAdapter; spec: NamespaceDefinerSpec; id: string }
  | { kind: 'handoff'; adapter: FrameworkAdapter; spec: HandoffDefinerSpec; id: string }
  | { kind: 'agent'; adapter: FrameworkAdapter; spec: AgentClassSpec; id: string }
  | { kind: 'mcp-server'; adapter: FrameworkAdapter; spec: McpServerClassSpec; id: string }
  /** `agent.clone(...)`: some agent, not followed. */
  | { kind: 'opaque-agent'; adapter: FrameworkAdapter };

export interface ImportedName {
  module: string;
  /** Exported name; `*` for the namespace object itself. */
  name: string;
}

const MAX_DEPTH = 32;

/** The imported binding an expression denotes (`tool`, `agents.tool`, `const t = tool; t`), if any. */
export function resolveImported(ctx: Ctx, expr: TS.Expression, scope: Scope, depth = 0): ImportedName | undefined {
  const { ts } = ctx;
  if (depth > MAX_DEPTH) return undefined;
  const e = unwrap(ts, expr);
  if (ts.isIdentifier(e)) {
    const decl = lookup(scope, e.text);
    if (!decl) return undefined;
    if (decl.kind === 'import') return decl.module !== undefined && decl.imported !== undefined ? { module: decl.module, name: decl.imported } : undefined;
    if ((decl.kind === 'const' || decl.kind === 'let' || decl.kind === 'var') && !decl.reassigned) {
      if (decl.init) return resolveImported(ctx, decl.init, decl.scope, depth + 1);
      if (decl.pattern?.path?.length === 1) {
        const base = resolveImported(ctx, decl.pattern.root, decl.scope, depth + 1);
        if (base?.name === '*') return { module: base.module, name: decl.pattern.path[0]! };
      }
    }
    return undefined;
  }
  if (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e)) {
    const name = accessName(ts, e);
    if (name === undefined) return undefined;
    const base = resolveImported(ctx, e.expression, scope, depth + 1);
    if (base?.name === '*') return { module: base.module, name };
  }
  return undefined;
}

export function adapterForModule(ctx: Ctx, module: string): FrameworkAdapter | undefined {
  return ctx.enabled.find((adapter) => adapterEnabledBy(adapter, module));
}

/** The definition a call or `new` expression makes, or undefined. */
export function classify(ctx: Ctx, node: TS.Node, scope: Scope): Def | undefined {
  const cached = ctx.defs.get(node);
  if (cached !== undefined) return cached ?? undefined;
  const def = ctx.enabled.length > 0 ? classifyUncached(ctx, node, scope) : undefined;
  ctx.defs.set(node, def ?? null);
  return def;
}

function classifyUncached(ctx: Ctx, node: TS.Node, scope: Scope): Def | undefined {
  const { ts } = ctx;
  if (ts.isNewExpression(node)) {
    const target = resolveImported(ctx, node.expression, scope);
    const adapter = target && adapterForModule(ctx, target.module);
    if (!target || !adapter) return undefined;
    const agent = own(adapter.agents, target.name);
    if (agent?.construct) return { kind: 'agent', adapter, spec: agent, id: makeId(ctx, 'agent', node) };
    const server = own(adapter.mcpServers, target.name);
    if (server) return { kind: 'mcp-server', adapter, spec: server, id: makeId(ctx, 'mcp', node) };
    return undefined;
  }
  if (!ts.isCallExpression(node)) return undefined;
  const target = resolveImported(ctx, node.expression, scope);
  const adapter = target && adapterForModule(ctx, target.module);
  if (target && adapter) {
    const tool = own(adapter.tools, target.name);
    if (tool) return { kind: 'tool', adapter, spec: tool, id: makeId(ctx, 'tool', node) };
    const namespace = own(adapter.namespaces, target.name);
    if (namespace) return { kind: 'namespace', adapter, spec: namespace, id: makeId(ctx, 'namespace', node) };
    const handoff = own(adapter.handoffs, target.name);
    if (handoff) return { kind: 'handoff', adapter, spec: handoff, id: makeId(ctx, 'handoff', node) };
    return undefined;
  }
  const callee = unwrap(ts, node.expression);
  if (!ts.isPropertyAccessExpression(callee)) return undefined;
  const method = callee.name.text;
  const owner = resolveImported(ctx, callee.expression, scope);
  if (owner) {
    const ownerAdapter = adapterForModule(ctx, owner.module);
    const agent = ownerAdapter && own(ownerAdapter.agents, owner.name);
    if (ownerAdapter && agent?.factories.includes(method)) {
      return { kind: 'agent', adapter: ownerAdapter, spec: agent, id: makeId(ctx, 'agent', node) };
    }
    return undefined; // a method of something imported (`agents.run`, `z.object`): not an agent value
  }
  for (const candidate of ctx.enabled) {
    const asTool = candidate.agentMethods?.asTool;
    if (asTool && asTool.method === method) {
      return { kind: 'agent-tool', adapter: candidate, spec: asTool, receiver: callee.expression, id: makeId(ctx, 'tool', node) };
    }
    if (candidate.agentMethods?.opaque?.includes(method)) return { kind: 'opaque-agent', adapter: candidate };
  }
  return undefined;
}
