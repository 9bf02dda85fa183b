// The invocation context of tool runs and middleware: `addTools` / `removeTools` calls, changes of
// `ctx.tools`, where each context comes from, and the shape of each middleware body (where it sets
// the result and calls `next()`). Verdicts on those shapes are the checks' (src/checks).
import type * as TS from 'typescript';
import type { FrameworkAdapter, InvocationContextSpec } from '../adapters/types.js';
import type { MiddlewareFact, Span, ValueRef } from '../types.js';
import { type Ctx, makeId, outerParent, spanOf, unwrap } from './context.js';
import { adapterForModule, classify } from './definitions.js';
import { functionOf } from './options.js';
import { type Scope, lookup } from './scope.js';
import { toValueRef } from './values.js';

export type Roles = Map<TS.Node, { role: 'execute' | 'middleware'; contextParameter: number; adapter: FrameworkAdapter }>;

export interface PendingContextCall {
  node: TS.CallExpression;
  receiver: TS.Expression;
  method: 'addTools' | 'removeTools';
  spec: InvocationContextSpec;
  adapter: FrameworkAdapter;
  scope: Scope;
}

const CONTEXT_NAME = /^(ctx|context|invocation)$|Context$|Ctx$/;

/** `ctx.addTools(...)` / `ctx.removeTools(...)` of an enabled adapter, kept for after the walk. */
export function matchContextCall(ctx: Ctx, node: TS.CallExpression, method: string, receiver: TS.Expression, scope: Scope): PendingContextCall | undefined {
  if (node.arguments.length < 1) return undefined;
  for (const adapter of ctx.enabled) {
    const spec = adapter.invocationContext;
    if (spec && (method === spec.addToolsMethod || method === spec.removeToolsMethod)) {
      return { node, receiver, method: method === spec.addToolsMethod ? 'addTools' : 'removeTools', spec, adapter, scope };
    }
  }
  return undefined;
}

export function hasTypeName(ctx: Ctx, type: TS.TypeNode | undefined, names: readonly string[], scope: Scope, adapter: FrameworkAdapter): boolean {
  const { ts } = ctx;
  if (!type || !ts.isTypeReferenceNode(type)) return false;
  const typeName = type.typeName;
  const last = ts.isIdentifier(typeName) ? typeName.text : typeName.right.text;
  if (!names.includes(last)) return false;
  const root = ts.isIdentifier(typeName) ? typeName : typeName.left;
  if (!ts.isIdentifier(root)) return false;
  const decl = lookup(scope, root.text);
  return decl?.kind === 'import' && decl.module !== undefined && adapterForModule(ctx, decl.module) === adapter;
}

/** Where a context receiver comes from: an invocation context parameter, something else, or unknown. */
export function contextReceiver(
  ctx: Ctx,
  roles: Roles,
  expr: TS.Expression,
  scope: Scope,
  adapter: FrameworkAdapter,
  spec: InvocationContextSpec,
  depth = 0,
): 'invocation' | 'other' | 'unknown' {
  const { ts } = ctx;
  const e = unwrap(ts, expr);
  if (!ts.isIdentifier(e) || depth > 8) return 'unknown';
  const decl = lookup(scope, e.text);
  if (!decl) return 'other';
  if (decl.kind === 'param') {
    const fn = decl.fn?.node;
    const role = fn && roles.get(fn);
    if (role && role.adapter === adapter && role.contextParameter === decl.paramIndex) return 'invocation';
    const param = decl.node && ts.isParameter(decl.node) ? decl.node : undefined;
    if (param && hasTypeName(ctx, param.type, spec.contextTypeNames, decl.scope, adapter)) return 'invocation';
    return 'unknown';
  }
  if ((decl.kind === 'const' || decl.kind === 'let') && !decl.reassigned && decl.init && ts.isIdentifier(unwrap(ts, decl.init))) {
    return contextReceiver(ctx, roles, decl.init, decl.scope, adapter, spec, depth + 1);
  }
  if (decl.kind === 'other') return 'unknown';
  return 'other';
}

/** True when the receiver of `x.tools` may be an invocation context of this adapter. */
export function isContextLike(ctx: Ctx, roles: Roles, receiver: TS.Expression, scope: Scope, adapter: FrameworkAdapter, spec: InvocationContextSpec): 'invocation' | 'other' | 'unknown' | undefined {
  const kind = contextReceiver(ctx, roles, receiver, scope, adapter, spec);
  const e = unwrap(ctx.ts, receiver);
  const name = ctx.ts.isIdentifier(e) ? e.text : undefined;
  return kind === 'invocation' || (name !== undefined && CONTEXT_NAME.test(name)) ? kind : undefined;
}

/** Middleware declared by type (`const audit: FunctionMiddleware = async (ctx, next) => ...`). */
export function collectTypedMiddleware(ctx: Ctx, roles: Roles, variables: Array<{ node: TS.VariableDeclaration; scope: Scope }>): void {
  for (const adapter of ctx.enabled) {
    const spec = adapter.invocationContext;
    if (!spec) continue;
    for (const { node, scope } of variables) {
      if (!node.type || !hasTypeName(ctx, node.type, spec.middlewareTypeNames, scope, adapter)) continue;
      const fn = functionOf(ctx, node.initializer, scope);
      if (fn && !roles.has(fn)) roles.set(fn, { role: 'middleware', contextParameter: 0, adapter });
    }
  }
}

function inlineToolSpans(ctx: Ctx, arg: TS.Expression, scope: Scope): Span[] {
  const { ts } = ctx;
  const e = unwrap(ts, arg);
  const elements = ts.isArrayLiteralExpression(e) ? e.elements.map((el) => (ts.isSpreadElement(el) ? undefined : el)) : [e];
  const spans: Span[] = [];
  for (const element of elements) {
    if (!element) continue;
    const u = unwrap(ts, element);
    if ((ts.isCallExpression(u) || ts.isNewExpression(u)) && classify(ctx, u, scope)?.kind === 'tool') spans.push(spanOf(ctx, u));
  }
  return spans;
}

/** Context uses of the pending `addTools` / `removeTools` calls; each `addTools` is an exposure set too. */
export function addContextCalls(ctx: Ctx, roles: Roles, calls: readonly PendingContextCall[]): void {
  for (const call of calls) {
    const arg = call.node.arguments[0]!;
    const argument = toValueRef(ctx, arg, call.scope);
    ctx.facts.contextUses.push({
      method: call.method,
      receiver: contextReceiver(ctx, roles, call.receiver, call.scope, call.adapter, call.spec),
      inlineTools: call.method === 'addTools' ? inlineToolSpans(ctx, arg, call.scope) : [],
      argument,
      span: spanOf(ctx, call.node),
    });
    if (call.method === 'addTools') {
      ctx.facts.exposures.push({
        id: makeId(ctx, 'exposure', call.node),
        adapter: call.adapter.id,
        kind: 'add-tools',
        tools: argument,
        handoffs: undefined,
        additions: [],
        mutatedUnknown: false,
        span: spanOf(ctx, call.node),
      });
    }
  }
}

/** A change of `ctx.tools` (`push`, assignment) recorded as a context use. */
export function addToolsPropertyUse(
  ctx: Ctx,
  receiverKind: 'invocation' | 'other' | 'unknown',
  usage: { kind: 'add'; values: ValueRef[]; span: Span } | { kind: 'assign'; value: ValueRef; span: Span } | { kind: 'mutate'; span: Span },
): void {
  let argument: ValueRef | undefined;
  if (usage.kind === 'assign') argument = usage.value;
  else if (usage.kind === 'add') argument = usage.values.length === 1 ? usage.values[0] : { kind: 'array', elements: usage.values, span: usage.span };
  ctx.facts.contextUses.push({
    method: usage.kind === 'assign' ? 'tools-assignment' : 'tools-mutation',
    receiver: receiverKind,
    inlineTools: [],
    argument,
    span: usage.span,
  });
}

/**
 * The shape of a middleware body: in each statement list, the statements that set the result and
 * those that call `next()`; and every `next()` call with how its value is used.
 */
export function middlewareShape(ctx: Ctx, fn: TS.FunctionLikeDeclaration, spec: InvocationContextSpec | undefined): MiddlewareFact {
  const { ts } = ctx;
  const [ctxParam, nextParam] = fn.parameters;
  const ctxName = ctxParam && ts.isIdentifier(ctxParam.name) ? ctxParam.name.text : undefined;
  const nextName = nextParam && ts.isIdentifier(nextParam.name) ? nextParam.name.text : undefined;
  const fact: MiddlewareFact = { statementLists: [], nextCalls: [], span: spanOf(ctx, fn) };
  const isNextCall = (e: TS.Expression | undefined): e is TS.CallExpression => {
    if (!e || nextName === undefined) return false;
    const u = unwrap(ts, e);
    return ts.isCallExpression(u) && ts.isIdentifier(unwrap(ts, u.expression)) && (unwrap(ts, u.expression) as TS.Identifier).text === nextName;
  };
  const stripAwait = (e: TS.Expression | undefined): TS.Expression | undefined => {
    const u = e && unwrap(ts, e);
    return u && ts.isAwaitExpression(u) ? u.expression : u;
  };
  const resultAssignment = (statement: TS.Statement): TS.Expression | undefined => {
    if (!ts.isExpressionStatement(statement) || ctxName === undefined || !spec) return undefined;
    const e = unwrap(ts, statement.expression);
    if (!ts.isBinaryExpression(e) || e.operatorToken.kind !== ts.SyntaxKind.EqualsToken) return undefined;
    const left = unwrap(ts, e.left);
    return ts.isPropertyAccessExpression(left) &&
      left.name.text === spec.resultProperty &&
      ts.isIdentifier(unwrap(ts, left.expression)) &&
      (unwrap(ts, left.expression) as TS.Identifier).text === ctxName
      ? e
      : undefined;
  };
  const isNextStatement = (statement: TS.Statement): boolean => {
    if (ts.isExpressionStatement(statement) || ts.isReturnStatement(statement)) return isNextCall(stripAwait(statement.expression));
    if (ts.isVariableStatement(statement)) return statement.declarationList.declarations.some((d) => isNextCall(stripAwait(d.initializer)));
    return false;
  };
  const scanList = (statements: readonly TS.Statement[]): void => {
    const events: MiddlewareFact['statementLists'][number] = [];
    for (const statement of statements) {
      const assignment = resultAssignment(statement);
      if (assignment) events.push({ kind: 'result', span: spanOf(ctx, assignment) });
      else if (isNextStatement(statement)) events.push({ kind: 'next', span: spanOf(ctx, statement) });
    }
    if (events.length > 0) fact.statementLists.push(events);
  };
  const visit = (node: TS.Node): void => {
    if (node !== fn && (ts.isFunctionExpression(node) || ts.isArrowFunction(node) || ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node))) return;
    if (ts.isBlock(node) || ts.isCaseClause(node) || ts.isDefaultClause(node)) scanList(node.statements);
    if (ts.isCallExpression(node) && isNextCall(node)) {
      const { parent } = outerParent(ctx, node);
      const use = parent && ts.isExpressionStatement(parent) ? 'statement' : parent && ts.isVoidExpression(parent) ? 'void' : 'used';
      fact.nextCalls.push({ use, span: spanOf(ctx, node) });
    }
    ts.forEachChild(node, visit);
  };
  if (fn.body) visit(fn.body);
  return fact;
}
