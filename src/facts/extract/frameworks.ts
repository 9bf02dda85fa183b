// The adapter-driven step of extraction: each candidate call or `new` is classified against the
// enabled adapters' tables and handed to the module of its concern (tools, exposures, MCP,
// invocation context, other calls). After the walk, pending property uses and context calls are
// settled and middleware shapes are read. Nothing here names a framework.
import type * as TS from 'typescript';
import { type Ctx, unwrap } from './context.js';
import { addClassTool } from './classes.js';
import { classify } from './definitions.js';
import { type AgentSets, type LiveAccess, addAgent, addPropertyUses, addToolkit } from './exposures.js';
import { handleOtherCall } from './calls.js';
import { runHooks } from './hook-site.js';
import { type PendingContextCall, type Roles, addContextCalls, collectTypedMiddleware, middlewareShape } from './invocation.js';
import { addClassMcpServer, addMcpServer, addTypedServerParameters } from './mcp.js';
import type { Scope } from './scope.js';
import { addHandoff, addNamespace, addTool } from './tools.js';

export interface FrameworkState {
  sets: AgentSets;
  /** Functions that run with an invocation context: a tool's execute, an agent's middleware. */
  roles: Roles;
  /** `x.tools` and `x['tools']` accesses of a live property name. */
  pendingProperties: Array<{ node: LiveAccess; scope: Scope }>;
  pendingContextCalls: PendingContextCall[];
}

export function createFrameworkState(): FrameworkState {
  return { sets: new Map(), roles: new Map(), pendingProperties: [], pendingContextCalls: [] };
}

export function handleCallOrNew(ctx: Ctx, st: FrameworkState, node: TS.CallExpression | TS.NewExpression, scope: Scope): void {
  runHooks(ctx, node, scope);
  const def = classify(ctx, node, scope);
  if (def) {
    switch (def.kind) {
      case 'tool':
        addTool(ctx, st.roles, node, scope, def);
        return;
      case 'namespace':
        addNamespace(ctx, node, scope, def);
        return;
      case 'handoff':
        addHandoff(ctx, node, scope, def);
        return;
      case 'agent':
        addAgent(ctx, st.roles, st.sets, node, scope, def);
        return;
      case 'mcp-server':
        addMcpServer(ctx, node, scope, def);
        return;
      default:
        return;
    }
  }
  if (ctx.ts.isCallExpression(node)) handleOtherCall(ctx, st.pendingContextCalls, node, scope);
}

/** `class X extends <adapter base>`: a class-defined tool, or a class that is a server. */
export function handleClass(ctx: Ctx, node: TS.ClassDeclaration, scope: Scope): void {
  const def = classify(ctx, node, scope);
  if (def?.kind === 'tool') addClassTool(ctx, node, scope, def);
  else if (def?.kind === 'mcp-server') addClassMcpServer(ctx, node, scope, def);
}

/** Array literals that variables hold or functions return, for adapters whose toolkits are written so. */
function collectToolkits(
  ctx: Ctx,
  variables: ReadonlyArray<{ node: TS.VariableDeclaration; scope: Scope }>,
  returned: ReadonlyArray<{ node: TS.Expression; scope: Scope }>,
): void {
  const { ts } = ctx;
  const adapter = ctx.enabled.find((candidate) => candidate.toolkitArrays);
  // In a module that imports none of those frameworks (`createTools(kit)` returning `[new A(kit),
  // new B(kit)]`, the classes imported through barrels), a list of values that could be tools is a
  // toolkit of whichever such framework its members turn out to belong to: the linker decides.
  // Only there: a module that imports another framework assembles that framework's lists.
  const plain = ctx.enabled.length === 0;
  const open = adapter || !plain ? undefined : ctx.adapters.filter((candidate) => candidate.toolkitArrays).map((candidate) => candidate.id);
  // Records likewise, only in such a module: elsewhere a record reaches the framework's own call.
  const openRecords = plain ? ctx.adapters.filter((candidate) => candidate.toolkitRecords).map((candidate) => candidate.id) : [];
  if (!adapter && (open === undefined || open.length === 0) && openRecords.length === 0) return;
  const candidates = [...variables.flatMap(({ node, scope }) => (node.initializer ? [{ node: node.initializer, scope }] : [])), ...returned];
  for (const { node, scope } of candidates) {
    const value = unwrap(ts, node);
    if (ts.isObjectLiteralExpression(value)) {
      if (openRecords.length > 0 && value.properties.length >= 2 && value.properties.every((property) => mayBeRecordTool(ctx, property))) addToolkit(ctx, '', value, scope, openRecords);
      continue;
    }
    if (!ts.isArrayLiteralExpression(value)) continue;
    if (adapter) addToolkit(ctx, adapter.id, value, scope);
    else if (open?.length && value.elements.every((element) => mayBeTool(ctx, element))) addToolkit(ctx, '', value, scope, open);
  }
}

/** A record member that can hold a tool: `key: <a name, instance, call>`, `key` shorthand, or a spread. */
function mayBeRecordTool(ctx: Ctx, property: TS.ObjectLiteralElementLike): boolean {
  const { ts } = ctx;
  if (ts.isShorthandPropertyAssignment(property)) return true;
  if (ts.isSpreadAssignment(property)) return mayBeTool(ctx, property.expression);
  return ts.isPropertyAssignment(property) && mayBeTool(ctx, property.initializer);
}

/**
 * A module the pre-filter would only read for its surface (it imports no framework) may still
 * assemble tools defined elsewhere: its top-level lists, and the lists its top-level functions
 * return directly (`export function createTools(kit) { return [new A(kit), new B(kit)] }`).
 */
export function collectSurfaceToolkits(ctx: Ctx, variables: ReadonlyArray<{ node: TS.VariableDeclaration; scope: Scope }>): void {
  const { ts } = ctx;
  const returned: Array<{ node: TS.Expression; scope: Scope }> = [];
  const returnsOf = (fn: TS.FunctionLikeDeclaration): void => {
    const body = fn.body;
    if (!body) return;
    if (!ts.isBlock(body)) returned.push({ node: body, scope: ctx.fileScope });
    else for (const statement of body.statements) if (ts.isReturnStatement(statement) && statement.expression) returned.push({ node: statement.expression, scope: ctx.fileScope });
  };
  for (const statement of ctx.sf.statements) if (ts.isFunctionDeclaration(statement)) returnsOf(statement);
  const lists: Array<{ node: TS.VariableDeclaration; scope: Scope }> = [];
  for (const variable of variables) {
    const init = variable.node.initializer && unwrap(ts, variable.node.initializer);
    if (init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) returnsOf(init);
    else lists.push(variable);
  }
  collectToolkits(ctx, lists, returned);
}

/** An element that can hold a tool: a name, an instance, a call's result, a spread of a list. */
function mayBeTool(ctx: Ctx, element: TS.Expression): boolean {
  const { ts } = ctx;
  const e = unwrap(ts, ts.isSpreadElement(element) ? element.expression : element);
  return ts.isIdentifier(e) || ts.isNewExpression(e) || ts.isCallExpression(e) || ts.isPropertyAccessExpression(e);
}

export function queueLiveProperty(st: FrameworkState, node: LiveAccess, scope: Scope): void {
  st.pendingProperties.push({ node, scope });
}

export function finishFrameworks(
  ctx: Ctx,
  st: FrameworkState,
  variables: Array<{ node: TS.VariableDeclaration; scope: Scope }>,
  returned: ReadonlyArray<{ node: TS.Expression; scope: Scope }>,
): void {
  collectTypedMiddleware(ctx, st.roles, variables);
  collectToolkits(ctx, variables, returned);
  addContextCalls(ctx, st.roles, st.pendingContextCalls);
  addPropertyUses(ctx, st.roles, st.sets, st.pendingProperties);
  addTypedServerParameters(ctx);
  for (const [fn, role] of st.roles) {
    if (role.role === 'middleware') ctx.facts.middleware.push(middlewareShape(ctx, fn as TS.FunctionLikeDeclaration, role.adapter.invocationContext));
  }
  ctx.facts.middleware.sort((a, b) => a.span.start - b.span.start);
  ctx.facts.contextUses.sort((a, b) => a.span.start - b.span.start);
}
