// Responses API items that carry their call ID in `call_id` (`function_call`, `computer_call`, ...):
// their own `id` is the item's (`fc_...`), not the call's. A guard or a filter on the item's `type`
// says so whatever the value is named, so `toolCall.id` over `output.filter((i) => i.type ===
// 'function_call')` is an item ID.
import type * as TS from 'typescript';
import { type Ctx, parentOf, unwrap } from './context.js';
import { type Scope, lookup } from './scope.js';
import { type DiscriminantTest, ELEMENT_CALLBACKS, SAME_ELEMENTS, callbackTestsDiscriminant, isGuarded } from './tool-call-values.js';

const ITEM_WITH_CALL_ID = /^(?:function_call|custom_tool_call|computer_call|local_shell_call|shell_call|apply_patch_call)(?:_output)?$/;
const isItemWithCallId: DiscriminantTest = (literal) => ITEM_WITH_CALL_ID.test(literal);
const MAX_DEPTH = 6;

/** `expr` is known, by a guard or a filter on its `type`, to be an item whose call ID is its `call_id`. */
export function isItemWithOwnCallId(ctx: Ctx, expr: TS.Expression, scope: Scope | undefined, at: TS.Node): boolean {
  const { ts } = ctx;
  const e = unwrap(ts, expr);
  if (isGuarded(ctx, e, at, isItemWithCallId)) return true;
  if (!scope || !ts.isIdentifier(e)) return false;
  const decl = lookup(scope, e.text);
  if (!decl) return false;
  // `const item = output.find((i) => i.type === 'function_call')`.
  const init = decl.init && (decl.kind === 'const' || !decl.reassigned) ? unwrap(ts, decl.init) : undefined;
  if (init && ts.isCallExpression(init)) {
    const callee = unwrap(ts, init.expression);
    const test = init.arguments[0];
    if (ts.isPropertyAccessExpression(callee) && (callee.name.text === 'find' || callee.name.text === 'findLast') && test) return callbackTestsDiscriminant(ctx, test, isItemWithCallId);
  }
  const holder = parentOf(ctx, decl.nameNode);
  if (!holder) return false;
  // `for (const item of output.filter(...))`.
  if (ts.isVariableDeclaration(holder)) {
    const list = parentOf(ctx, holder);
    const loop = list && parentOf(ctx, list);
    return !!loop && ts.isForOfStatement(loop) && loop.initializer === list && isFilteredList(ctx, loop.expression, decl.scope, 0);
  }
  // `calls.map((toolCall) => ...)` where `calls = output.filter(...)`.
  if (ts.isParameter(holder)) {
    const fn = parentOf(ctx, holder);
    if (!fn || !(ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) || fn.parameters[0] !== holder) return false;
    const call = parentOf(ctx, fn);
    if (!call || !ts.isCallExpression(call) || call.arguments[0] !== fn) return false;
    const callee = unwrap(ts, call.expression);
    return ts.isPropertyAccessExpression(callee) && ELEMENT_CALLBACKS.has(callee.name.text) && isFilteredList(ctx, callee.expression, decl.scope, 0);
  }
  return false;
}

/** A list filtered down to such items: `output.filter((i) => i.type === 'function_call')`, directly or through a constant. */
function isFilteredList(ctx: Ctx, expr: TS.Expression, scope: Scope, depth: number): boolean {
  const { ts } = ctx;
  const e = unwrap(ts, expr);
  if (depth > MAX_DEPTH) return false;
  if (ts.isCallExpression(e)) {
    const callee = unwrap(ts, e.expression);
    if (!ts.isPropertyAccessExpression(callee) || !SAME_ELEMENTS.has(callee.name.text)) return false;
    const test = e.arguments[0];
    if (callee.name.text === 'filter' && test && callbackTestsDiscriminant(ctx, test, isItemWithCallId)) return true;
    return isFilteredList(ctx, callee.expression, scope, depth + 1);
  }
  if (!ts.isIdentifier(e)) return false;
  const decl = lookup(scope, e.text);
  return !!decl?.init && (decl.kind === 'const' || !decl.reassigned) && isFilteredList(ctx, decl.init, decl.scope, depth + 1);
}
