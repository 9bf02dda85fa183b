// The invocation context of tool runs and middleware: `addTools` / `removeTools` calls, changes of
// `ctx.tools`, where each context comes from, and the shape of each middleware body (where it sets
// the result and calls `next()`). Verdicts on those shapes are the checks' (src/checks).
import type * as TS from 'typescript';
import type { FrameworkAdapter, InvocationContextSpec } from '../adapters/types.js';
import type { MiddlewareFact, MiddlewareStep, Span, ValueRef } from '../types.js';
import { type Ctx, isFunctionLike, makeId, outerParent, parentOf, spanOf, unwrap } from './context.js';
import { adapterForModule, classify } from './definitions.js';
import { functionOf } from './options.js';
import { type Scope, lookup } from './scope.js';
import { toValueRef } from './values.js';

/** `tool`: for an execute, the id of the tool definition it belongs to. */
export type Roles = Map<TS.Node, { role: 'execute' | 'middleware'; contextParameter: number; adapter: FrameworkAdapter; tool?: string }>;

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

/** The function whose parameter the receiver is (through `const c = ctx` aliases). */
function contextOwner(ctx: Ctx, expr: TS.Expression, scope: Scope): TS.Node | undefined {
  const { ts } = ctx;
  let e = unwrap(ts, expr);
  let at = scope;
  for (let depth = 0; depth < 8 && ts.isIdentifier(e); depth += 1) {
    const decl = lookup(at, e.text);
    if (decl?.kind === 'param') return decl.fn?.node;
    if (!decl?.init) return undefined;
    e = unwrap(ts, decl.init);
    at = decl.scope;
  }
  return undefined;
}

const TIMERS = new Set(['setTimeout', 'setInterval', 'setImmediate', 'queueMicrotask', 'requestAnimationFrame', 'requestIdleCallback']);
const TIMER_OWNERS = new Set(['globalThis', 'window', 'self']);
const PROMISE_CALLBACKS = new Set(['then', 'catch', 'finally']);
const LISTENERS = new Set(['on', 'once', 'addListener', 'addEventListener', 'prependListener', 'prependOnceListener', 'subscribe']);

/**
 * The callback between `call` and the function `owner` that received the context, when that
 * callback runs only after `owner` has returned: a timer, `.then()` on a promise nobody awaits or
 * returns, an event listener. Callbacks that run before (`.map()`, an awaited `.then()`, a timer
 * inside an awaited `new Promise`) are not.
 */
function deferredCallback(ctx: Ctx, call: TS.Node, owner: TS.Node): string | undefined {
  const { ts } = ctx;
  for (let node = parentOf(ctx, call); node && node !== owner; node = parentOf(ctx, node)) {
    if (!ts.isArrowFunction(node) && !ts.isFunctionExpression(node)) continue;
    const { parent } = outerParent(ctx, node);
    if (!parent || !ts.isCallExpression(parent) || !parent.arguments.some((a) => unwrap(ts, a) === node)) continue;
    const callee = unwrap(ts, parent.expression);
    const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
    if (name === undefined) continue;
    const receiver = ts.isPropertyAccessExpression(callee) ? unwrap(ts, callee.expression) : undefined;
    const receiverName = receiver && ts.isIdentifier(receiver) ? receiver.text : undefined;
    if (TIMERS.has(name) && (receiver === undefined || (receiverName !== undefined && TIMER_OWNERS.has(receiverName)))) {
      if (!insideAwaitedPromise(ctx, parent, owner)) return `${name}()`;
    } else if (name === 'nextTick' && receiverName === 'process') {
      if (!insideAwaitedPromise(ctx, parent, owner)) return 'process.nextTick()';
    } else if (PROMISE_CALLBACKS.has(name) && receiver !== undefined) {
      if (floats(ctx, chainEnd(ctx, parent))) return `.${name}()`;
    } else if (LISTENERS.has(name) && receiver !== undefined) {
      const event = parent.arguments[0] && ts.isStringLiteralLike(parent.arguments[0]) ? `'${parent.arguments[0].text}'` : '';
      return `an event listener (.${name}(${event}))`;
    }
  }
  return undefined;
}

/** The outermost call of a `.then(...).catch(...)` chain that starts at `call`. */
function chainEnd(ctx: Ctx, call: TS.CallExpression): TS.Expression {
  const { ts } = ctx;
  let end: TS.Expression = call;
  for (;;) {
    const { parent } = outerParent(ctx, end);
    const grand = parent && ts.isPropertyAccessExpression(parent) ? outerParent(ctx, parent).parent : undefined;
    if (!parent || !grand || !ts.isCallExpression(grand) || unwrap(ts, grand.expression) !== parent) return end;
    end = grand;
  }
}

/** A promise left floating: a statement of its own or under `void`; awaited, returned or kept ones are not. */
function floats(ctx: Ctx, expr: TS.Expression): boolean {
  const { parent } = outerParent(ctx, expr);
  return parent !== undefined && (ctx.ts.isExpressionStatement(parent) || ctx.ts.isVoidExpression(parent));
}

/** `await new Promise((resolve) => setTimeout(...))`: the owner waits for the timer. */
function insideAwaitedPromise(ctx: Ctx, from: TS.Node, owner: TS.Node): boolean {
  const { ts } = ctx;
  for (let node = parentOf(ctx, from); node && node !== owner; node = parentOf(ctx, node)) {
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'Promise') return !floats(ctx, node);
  }
  return false;
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

/**
 * Tool definitions in the argument of `addTools` that make a new object on each invocation: written
 * in the argument, or in a local (or a local array) declared in the same invocation (the body of
 * the tool's execute or the middleware, or a helper it calls) rather than outside it.
 */
function inlineToolSpans(ctx: Ctx, roles: Roles, call: TS.CallExpression, arg: TS.Expression, scope: Scope): Span[] {
  const { ts } = ctx;
  const spans: Span[] = [];
  const visit = (expr: TS.Expression, at: Scope, depth: number): void => {
    const u = unwrap(ts, expr);
    if (ts.isArrayLiteralExpression(u)) {
      for (const element of u.elements) if (!ts.isSpreadElement(element)) visit(element, at, depth);
    } else if ((ts.isCallExpression(u) || ts.isNewExpression(u)) && classify(ctx, u, at)?.kind === 'tool') {
      spans.push(spanOf(ctx, u));
    } else if (ts.isIdentifier(u) && depth < 4) {
      const decl = lookup(at, u.text);
      if ((decl?.kind === 'const' || decl?.kind === 'let') && !decl.reassigned && decl.init && declaredPerInvocation(ctx, roles, call, decl.nameNode)) {
        visit(decl.init, decl.scope, depth + 1);
      }
    }
  };
  visit(arg, scope, 0);
  return spans;
}

/**
 * True when `declaration` runs once per invocation that reaches `call`: its function encloses the
 * call, and no tool execute or middleware lies between the two (a tool built by the factory that
 * also builds the agent is made once, not per call).
 */
function declaredPerInvocation(ctx: Ctx, roles: Roles, call: TS.Node, declaration: TS.Node): boolean {
  const { ts } = ctx;
  let owner: TS.Node | undefined = parentOf(ctx, declaration);
  while (owner && !isFunctionLike(ts, owner)) owner = parentOf(ctx, owner);
  if (!owner) return false;
  for (let node = parentOf(ctx, call); node; node = parentOf(ctx, node)) {
    if (node === owner) return true;
    if (roles.has(node)) return false;
  }
  return false;
}

/** Context uses of the pending `addTools` / `removeTools` calls; each `addTools` is an exposure set too. */
export function addContextCalls(ctx: Ctx, roles: Roles, calls: readonly PendingContextCall[]): void {
  const owners = calls.map((call) =>
    contextReceiver(ctx, roles, call.receiver, call.scope, call.adapter, call.spec) === 'invocation' ? contextOwner(ctx, call.receiver, call.scope) : undefined,
  );
  // An execute that also removes tools may make room for what it adds: its additions are not followed into agents.
  const removing = new Set(calls.flatMap((call, i) => (call.method === 'removeTools' && owners[i] ? [owners[i]] : [])));
  for (const [i, call] of calls.entries()) {
    const arg = call.node.arguments[0]!;
    const argument = toValueRef(ctx, arg, call.scope);
    const receiver = contextReceiver(ctx, roles, call.receiver, call.scope, call.adapter, call.spec);
    const owner = owners[i];
    const deferred = owner ? deferredCallback(ctx, call.node, owner) : undefined;
    ctx.facts.contextUses.push({
      method: call.method,
      receiver,
      inlineTools: call.method === 'addTools' ? inlineToolSpans(ctx, roles, call.node, arg, call.scope) : [],
      ...(deferred ? { deferred } : {}),
      argument,
      span: spanOf(ctx, call.node),
    });
    if (call.method === 'addTools') {
      const loader = owner && !removing.has(owner) && !deferred ? roles.get(owner)?.tool : undefined;
      ctx.facts.exposures.push({
        id: makeId(ctx, 'exposure', call.node),
        adapter: call.adapter.id,
        kind: 'add-tools',
        tools: argument,
        handoffs: undefined,
        additions: [],
        mutatedUnknown: false,
        ...(loader === undefined ? {} : { loadedBy: loader }),
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
  const fact: MiddlewareFact = { steps: [], nextCalls: [], span: spanOf(ctx, fn) };
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
  // The flow of one statement list; `break` / `continue` end the list (the loop or switch goes on).
  const stepsOf = (statements: readonly TS.Statement[]): MiddlewareStep[] => {
    const steps: MiddlewareStep[] = [];
    for (const statement of statements) {
      if (ts.isBreakStatement(statement) || ts.isContinueStatement(statement)) break;
      steps.push(...stepsOfStatement(statement));
    }
    return steps;
  };
  const compound = (step: MiddlewareStep, arms: MiddlewareStep[][]): MiddlewareStep[] => (arms.some((arm) => arm.length > 0) ? [step] : []);
  const stepsOfStatement = (statement: TS.Statement): MiddlewareStep[] => {
    const assignment = resultAssignment(statement);
    if (assignment) return [{ kind: 'result', span: spanOf(ctx, assignment) }];
    if (isNextStatement(statement)) return [{ kind: 'next', span: spanOf(ctx, statement), exits: ts.isReturnStatement(statement) }];
    if (ts.isReturnStatement(statement) || ts.isThrowStatement(statement)) return [{ kind: 'exit', span: spanOf(ctx, statement) }];
    if (ts.isBlock(statement)) return stepsOf(statement.statements);
    if (ts.isLabeledStatement(statement)) return stepsOfStatement(statement.statement);
    if (ts.isIfStatement(statement)) {
      const arms = [stepsOfStatement(statement.thenStatement), statement.elseStatement ? stepsOfStatement(statement.elseStatement) : []];
      return compound({ kind: 'branch', arms, exhaustive: statement.elseStatement !== undefined }, arms);
    }
    if (ts.isSwitchStatement(statement)) {
      const arms = statement.caseBlock.clauses.map((clause) => stepsOf(clause.statements));
      const exhaustive = statement.caseBlock.clauses.some((clause) => ts.isDefaultClause(clause));
      return compound({ kind: 'branch', arms, exhaustive }, arms);
    }
    if (ts.isTryStatement(statement)) {
      const block = stepsOf(statement.tryBlock.statements);
      const handler = statement.catchClause ? stepsOf(statement.catchClause.block.statements) : undefined;
      const finalizer = statement.finallyBlock ? stepsOf(statement.finallyBlock.statements) : undefined;
      const step: MiddlewareStep = { kind: 'try', block, ...(handler ? { handler } : {}), ...(finalizer ? { finalizer } : {}) };
      return compound(step, [block, handler ?? [], finalizer ?? []]);
    }
    if (ts.isForStatement(statement) || ts.isForInStatement(statement) || ts.isForOfStatement(statement) || ts.isWhileStatement(statement) || ts.isDoStatement(statement)) {
      const body = stepsOfStatement(statement.statement);
      return compound({ kind: 'loop', body }, [body]);
    }
    return [];
  };
  const visit = (node: TS.Node): void => {
    if (node !== fn && (ts.isFunctionExpression(node) || ts.isArrowFunction(node) || ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node))) return;
    if (ts.isCallExpression(node) && isNextCall(node)) {
      const { parent } = outerParent(ctx, node);
      const use = parent && ts.isExpressionStatement(parent) ? 'statement' : parent && ts.isVoidExpression(parent) ? 'void' : 'used';
      fact.nextCalls.push({ use, span: spanOf(ctx, node) });
    }
    ts.forEachChild(node, visit);
  };
  if (fn.body && ts.isBlock(fn.body)) fact.steps = stepsOf(fn.body.statements);
  if (fn.body) visit(fn.body);
  return fact;
}
