// Values minted on the spot, unique to one call of the code: generators, counters, indexes and
// clocks. A fallback to one makes up no shared ID, and a key made unique by one is no call ID.
import type * as TS from 'typescript';
import { type Ctx, flattenPlus, isStringLike, parentOf, textOf, unwrap } from './context.js';
import { type Scope, lookup } from './scope.js';
import { ELEMENT_CALLBACKS } from './tool-call-values.js';

/** Calls that mint a fresh ID rather than read one from the provider. */
export const GENERATOR = /uuid|nanoid|random|generate|create|make|new|now|next(?=[A-Z_])/i;
/** A count or a position: `calls.length`, `seen.size`, `event.index`, `chunk.idx`. */
const INDEX_PROPERTY = /^(?:length|size|index|idx|position|seq|sequence)$/;

/**
 * A value minted on the spot, unique to this call: a generator (`generateId()`, `randomUUID()`,
 * `Date.now()`, `new X()`), a counter (`n++`, a numeric `let` the code increments), or an index
 * (`.map((call, i) => …)`'s `i`, a `for (let i …)` variable, `list.length`, a parameter that
 * defaults to a number), also through a constant made from one (`const i = delta.index ?? 0`).
 */
export function isMinted(ctx: Ctx, e: TS.Expression, scope: Scope, hops = 0): boolean {
  const { ts } = ctx;
  const K = ts.SyntaxKind;
  if (ts.isNewExpression(e) || (ts.isCallExpression(e) && GENERATOR.test(textOf(ctx, e.expression)))) return true;
  if ((ts.isPostfixUnaryExpression(e) || ts.isPrefixUnaryExpression(e)) && (e.operator === K.PlusPlusToken || e.operator === K.MinusMinusToken)) return true;
  if (ts.isPropertyAccessExpression(e) && INDEX_PROPERTY.test(e.name.text)) return true;
  if (ts.isBinaryExpression(e)) {
    const op = e.operatorToken.kind;
    // `event.index ?? nextIndex` (both minted), `delta.index ?? 0` (a position, else the first),
    // `index + 1` (either: arithmetic on an index is an index).
    if (op === K.QuestionQuestionToken || op === K.BarBarToken) {
      const right = unwrap(ts, e.right);
      return isMinted(ctx, unwrap(ts, e.left), scope) && (ts.isNumericLiteral(right) || isMinted(ctx, right, scope));
    }
    if (op === K.PlusToken || op === K.MinusToken || op === K.AsteriskToken) {
      const [left, right] = [unwrap(ts, e.left), unwrap(ts, e.right)];
      // `'call_' + Math.random().toString(36)`: text joined with `+` is a template by another
      // spelling, so a part unique to this call makes the whole unique.
      if (op === K.PlusToken) {
        const parts = flattenPlus(ctx, e).map((part) => unwrap(ts, part));
        if (parts.some((part) => isStringLike(ts, part) || ts.isTemplateExpression(part))) return parts.some((part) => isMinted(ctx, part, scope));
      }
      return (isMinted(ctx, left, scope) && (ts.isNumericLiteral(right) || isMinted(ctx, right, scope))) || (ts.isNumericLiteral(left) && isMinted(ctx, right, scope));
    }
  }
  if (ts.isCallExpression(e) && e.arguments.length === 1 && ts.isIdentifier(e.expression) && e.expression.text === 'String') return isMinted(ctx, unwrap(ts, e.arguments[0]!), scope);
  // `streaming ? \`s-${n++}\` : \`c-${Date.now()}\``: fresh whichever way it goes.
  if (ts.isConditionalExpression(e)) return isMinted(ctx, unwrap(ts, e.whenTrue), scope) && isMinted(ctx, unwrap(ts, e.whenFalse), scope);
  // `call_${nanoid()}`, `tc-${n}-${i}`: a part unique to this call makes the whole unique.
  if (ts.isTemplateExpression(e)) return e.templateSpans.some((span) => isMinted(ctx, unwrap(ts, span.expression), scope));
  if (!ts.isIdentifier(e)) return false;
  const decl = lookup(scope, e.text);
  if (!decl) return false;
  if (decl.kind === 'param') {
    // A parameter that defaults to a number (`mapCall(call, index = 0)`): a position or count the
    // caller passes, as a function's own optional parameter is the caller's to decide.
    const param = decl.node;
    if (param && ts.isParameter(param) && param.initializer && ts.isNumericLiteral(unwrap(ts, param.initializer))) return true;
    // The index parameter of an array callback: `(call, i) => …`.
    const fn = decl.fn?.node;
    const call = fn && parentOf(ctx, fn);
    const callee = call && ts.isCallExpression(call) ? unwrap(ts, call.expression) : undefined;
    return decl.paramIndex === 1 && !!callee && ts.isPropertyAccessExpression(callee) && ELEMENT_CALLBACKS.has(callee.name.text);
  }
  if (isEntriesIndex(ctx, decl.nameNode, decl.scope)) return true;
  // `const idx = typeof call.index === 'number' ? call.index : index`: made from a minted value.
  if (decl.init && (decl.kind === 'const' || !decl.reassigned) && hops < 4 && isMinted(ctx, unwrap(ts, decl.init), decl.scope, hops + 1)) return true;
  if (decl.kind !== 'let' && decl.kind !== 'var') return false;
  const holder = parentOf(ctx, decl.nameNode);
  const list = holder && parentOf(ctx, holder);
  const loop = list && parentOf(ctx, list);
  if (loop && ts.isForStatement(loop) && loop.initializer === list) return true;
  return decl.reassigned && !!decl.init && ts.isNumericLiteral(unwrap(ts, decl.init));
}


/**
 * `i` of `for (const [i, call] of calls.entries())`: an array's position. (A `Map` the file makes
 * with `new Map()` yields its keys there, which may well be IDs.)
 */
function isEntriesIndex(ctx: Ctx, name: TS.Node, scope: Scope): boolean {
  const { ts } = ctx;
  const element = parentOf(ctx, name);
  const pattern = element && parentOf(ctx, element);
  if (!element || !pattern || !ts.isBindingElement(element) || !ts.isArrayBindingPattern(pattern) || pattern.elements[0] !== element) return false;
  const declaration = parentOf(ctx, pattern);
  const list = declaration && parentOf(ctx, declaration);
  const loop = list && parentOf(ctx, list);
  if (!loop || !ts.isForOfStatement(loop) || loop.initializer !== list) return false;
  const iterated = unwrap(ts, loop.expression);
  if (!ts.isCallExpression(iterated) || iterated.arguments.length > 0) return false;
  const callee = unwrap(ts, iterated.expression);
  if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== 'entries') return false;
  // `Object.entries(x)` has an argument; `map.entries()` of a `new Map()` here is keyed by something else.
  return !declaredMap(ctx, unwrap(ts, callee.expression), scope);
}

/** A local made as a `Map` (`new Map(...)`) or declared one (`: Map<…>`): its entries are keyed, not numbered. */
function declaredMap(ctx: Ctx, receiver: TS.Expression, scope: Scope): boolean {
  const { ts } = ctx;
  if (!ts.isIdentifier(receiver)) return false;
  const decl = lookup(scope, receiver.text);
  if (!decl) return false;
  const holder = parentOf(ctx, decl.nameNode);
  // A `const` initialiser, or a parameter's default (`byName = new Map()`).
  const made = decl.init ?? (holder && ts.isParameter(holder) ? holder.initializer : undefined);
  const init = made && unwrap(ts, made);
  if (init && ts.isNewExpression(init) && ts.isIdentifier(init.expression) && /^(?:Weak)?Map$/.test(init.expression.text)) return true;
  const type = holder && (ts.isVariableDeclaration(holder) || ts.isParameter(holder)) ? holder.type : undefined;
  return !!type && ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && /^(?:Readonly)?Map$/.test(type.typeName.text);
}
