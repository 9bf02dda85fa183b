// A value known by its `type` to be of a kind: read under a guard (`if (item.type === 'function_call')`),
// picked by `find` with a callback testing it, or an element of a list filtered by such a callback
// (`for (const b of content.filter(...))`, `calls.map((c) => …)` where `calls = output.filter(...)`).
// Used for the kinds whose call ID the provider always sends (call-id-guarantees.ts) and for
// Responses items whose `id` is their own (responses-items.ts).
import type * as TS from 'typescript';
import { type Ctx, parentOf, unwrap } from './context.js';
import { type Scope, lookup } from './scope.js';
import { type DiscriminantTest, ELEMENT_CALLBACKS, SAME_ELEMENTS, callbackTestsDiscriminant, isGuarded } from './tool-call-values.js';

const MAX_DEPTH = 6;

/** `expr`, read at `at`, is known by a guard, a `find` or a filter on its `type` to pass `test`. */
export function pickedByType(ctx: Ctx, expr: TS.Expression, scope: Scope | undefined, at: TS.Node, test: DiscriminantTest): boolean {
  const { ts } = ctx;
  const e = unwrap(ts, expr);
  if (isGuarded(ctx, e, at, test)) return true;
  if (!scope || !ts.isIdentifier(e)) return false;
  const decl = lookup(scope, e.text);
  if (!decl) return false;
  // `const item = output.find((i) => i.type === 'function_call')`.
  const init = decl.init && (decl.kind === 'const' || !decl.reassigned) ? unwrap(ts, decl.init) : undefined;
  if (init && ts.isCallExpression(init)) {
    const callee = unwrap(ts, init.expression);
    const callback = init.arguments[0];
    if (ts.isPropertyAccessExpression(callee) && (callee.name.text === 'find' || callee.name.text === 'findLast') && callback) return callbackTestsDiscriminant(ctx, callback, test);
  }
  const holder = parentOf(ctx, decl.nameNode);
  if (!holder) return false;
  // `for (const item of output.filter(...))`.
  if (ts.isVariableDeclaration(holder)) {
    const list = parentOf(ctx, holder);
    const loop = list && parentOf(ctx, list);
    return !!loop && ts.isForOfStatement(loop) && loop.initializer === list && isFilteredList(ctx, loop.expression, decl.scope, test, 0);
  }
  // `calls.map((item) => …)` over such a list.
  if (ts.isParameter(holder)) {
    const fn = parentOf(ctx, holder);
    if (!fn || !(ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) || fn.parameters[0] !== holder) return false;
    const call = parentOf(ctx, fn);
    if (!call || !ts.isCallExpression(call) || call.arguments[0] !== fn) return false;
    const callee = unwrap(ts, call.expression);
    return ts.isPropertyAccessExpression(callee) && ELEMENT_CALLBACKS.has(callee.name.text) && isFilteredList(ctx, callee.expression, decl.scope, test, 0);
  }
  return false;
}

/** A list filtered down to that kind: `output.filter((i) => i.type === 'function_call')`, directly, through `slice`/`sort`, or through a constant. */
function isFilteredList(ctx: Ctx, expr: TS.Expression, scope: Scope, test: DiscriminantTest, depth: number): boolean {
  const { ts } = ctx;
  const e = unwrap(ts, expr);
  if (depth > MAX_DEPTH) return false;
  if (ts.isCallExpression(e)) {
    const callee = unwrap(ts, e.expression);
    if (!ts.isPropertyAccessExpression(callee) || !SAME_ELEMENTS.has(callee.name.text)) return false;
    const callback = e.arguments[0];
    if (callee.name.text === 'filter' && callback && callbackTestsDiscriminant(ctx, callback, test)) return true;
    return isFilteredList(ctx, callee.expression, scope, test, depth + 1);
  }
  if (!ts.isIdentifier(e)) return false;
  const decl = lookup(scope, e.text);
  return !!decl?.init && (decl.kind === 'const' || !decl.reassigned) && isFilteredList(ctx, decl.init, decl.scope, test, depth + 1);
}
