// Which calls are definitions of an enabled adapter: callees are followed through renamed imports,
// namespace imports, `require`, and local `const` aliases, then matched against the adapters'
// call shapes (`./match.ts`). Classification is cached per node so a definition has one id whether
// it is met as a fact or as a value inside another fact.
import type * as TS from 'typescript';
import { adapterEnabledBy } from '../adapters/index.js';
import type {
  ExposureSpec,
  FrameworkAdapter,
  HandoffDefiner,
  McpServerSpec,
  NamespaceDefiner,
  ToolDefiner,
} from '../adapters/types.js';
import { type Ctx, accessName, makeId, unwrap } from './context.js';
import { type Matched, matchShape, receiverOf } from './match.js';
import { type Scope, lookup } from './scope.js';

export type Def =
  | { kind: 'tool'; adapter: FrameworkAdapter; spec: ToolDefiner; id: string; receiver?: TS.Expression }
  | { kind: 'namespace'; adapter: FrameworkAdapter; spec: NamespaceDefiner; id: string }
  | { kind: 'handoff'; adapter: FrameworkAdapter; spec: HandoffDefiner; id: string }
  /** An agent, or a one-shot set (`spec.kind === 'call'`). */
  | { kind: 'agent'; adapter: FrameworkAdapter; spec: ExposureSpec; id: string }
  | { kind: 'mcp-server'; adapter: FrameworkAdapter; spec: McpServerSpec; id: string }
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

/** A definition from the first matching entry, or undefined when the entry defines nothing. */
function defOf(ctx: Ctx, node: TS.Node, adapter: FrameworkAdapter, matched: readonly Matched[], receiver?: TS.Expression): Def | undefined {
  for (const m of matched) {
    switch (m.role) {
      case 'tool':
        return { kind: 'tool', adapter, spec: m.spec, id: makeId(ctx, 'tool', node), ...(receiver ? { receiver } : {}) };
      case 'namespace':
        return { kind: 'namespace', adapter, spec: m.spec, id: makeId(ctx, 'namespace', node) };
      case 'handoff':
        return { kind: 'handoff', adapter, spec: m.spec, id: makeId(ctx, 'handoff', node) };
      case 'exposure':
        return { kind: 'agent', adapter, spec: m.spec, id: makeId(ctx, m.spec.kind === 'call' ? 'set' : 'agent', node) };
      case 'mcp-server':
        return { kind: 'mcp-server', adapter, spec: m.spec, id: makeId(ctx, 'mcp', node) };
      case 'opaque-agent':
        return { kind: 'opaque-agent', adapter };
      default:
        break;
    }
  }
  return undefined;
}

/** `class X extends Base`: a tool class when `Base` matches an adapter's `extends` shape. */
function classifyClass(ctx: Ctx, node: TS.ClassLikeDeclaration, scope: Scope): Def | undefined {
  const { ts } = ctx;
  for (const clause of node.heritageClauses ?? []) {
    if (clause.token !== ts.SyntaxKind.ExtendsKeyword) continue;
    for (const type of clause.types) {
      const base = resolveImported(ctx, type.expression, scope);
      const adapter = base && adapterForModule(ctx, base.module);
      if (base && adapter) return defOf(ctx, node, adapter, matchShape(adapter, 'extends', base.name, 0));
    }
  }
  return undefined;
}

/**
 * The adapter entries a call or `new` matches, by how its callee is reached: an adapter export
 * called or constructed, an export's static method, or a method on a receiver that is not an
 * import of a framework module (`agent.asTool()`, local or imported from a project module). A
 * method of a framework import that is no static shape matches nothing.
 */
export function shapeMatches(ctx: Ctx, node: TS.CallExpression | TS.NewExpression, scope: Scope): Array<{ adapter: FrameworkAdapter; matched: Matched[]; receiver?: TS.Expression }> {
  const { ts } = ctx;
  const isNew = ts.isNewExpression(node);
  const argumentCount = node.arguments?.length ?? 0;
  const target = resolveImported(ctx, node.expression, scope);
  const adapter = target && adapterForModule(ctx, target.module);
  if (target && adapter) return [{ adapter, matched: matchShape(adapter, isNew ? 'new' : 'call', target.name, argumentCount) }];
  const wrapped = wrapperMatches(ctx, node, scope, target);
  if (wrapped.length > 0) return wrapped;
  const callee = unwrap(ts, node.expression);
  if (isNew || !ts.isPropertyAccessExpression(callee)) return [];
  const method = callee.name.text;
  const owner = resolveImported(ctx, callee.expression, scope);
  const ownerAdapter = owner && adapterForModule(ctx, owner.module);
  if (ownerAdapter) return [{ adapter: ownerAdapter, matched: matchShape(ownerAdapter, 'static', `${owner.name}.${method}`, argumentCount) }];
  // A value imported from a module of the project (`agent0.asTool()` on an agent defined in
  // ./agents.ts) is a receiver like a local one; the linker follows the import.
  // A shape with a receiver path matches only a call written through that path.
  const reached = (m: Matched): boolean => !m.receiverPath || receiverOf(ts, callee.expression, m) !== undefined;
  return ctx.enabled.map((candidate) => ({
    adapter: candidate,
    matched: matchShape(candidate, 'method', method, argumentCount).filter(reached),
    receiver: callee.expression,
  }));
}

/**
 * A project's own callable declared as a wrapper (`registerPaidTool(server, 'x', ...)`), called by
 * the name it is declared or imported under: the enabled adapters' wrapper shapes of that name.
 */
export function wrapperMatches(
  ctx: Ctx,
  node: TS.CallExpression | TS.NewExpression,
  scope: Scope,
  target = resolveImported(ctx, node.expression, scope),
): Array<{ adapter: FrameworkAdapter; matched: Matched[] }> {
  const { ts } = ctx;
  const callee = unwrap(ts, node.expression);
  const name = target?.name !== undefined && target.name !== '*' ? target.name : ts.isIdentifier(callee) ? callee.text : undefined;
  if (name === undefined) return [];
  const table = ts.isNewExpression(node) ? 'new' : 'call';
  const out: Array<{ adapter: FrameworkAdapter; matched: Matched[] }> = [];
  for (const candidate of ctx.enabled) {
    const matched = matchShape(candidate, table, name, node.arguments?.length ?? 0).filter((m) => m.wrapper);
    if (matched.length > 0) out.push({ adapter: candidate, matched });
  }
  return out;
}

function classifyUncached(ctx: Ctx, node: TS.Node, scope: Scope): Def | undefined {
  const { ts } = ctx;
  if (ts.isClassDeclaration(node) || ts.isClassExpression(node)) return classifyClass(ctx, node, scope);
  if (!ts.isNewExpression(node) && !ts.isCallExpression(node)) return undefined;
  for (const { adapter, matched, receiver } of shapeMatches(ctx, node, scope)) {
    const found = defOf(ctx, node, adapter, matched, receiver);
    if (found) return found;
  }
  return undefined;
}
