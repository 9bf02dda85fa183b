// Call-ID coercions (framework independent): `String(id)`, `` `${id}` ``, `id.toString()`,
// `'' + id`, `id + ''`, and every spelling of a fallback: `id ?? ''`, `id || ''`, chains
// (`a ?? b ?? ''`, `String(a ?? event.id)`), `id ? id : ''`, `id !== undefined ? id : ''`,
// `if (!id) id = ''`, `id ??= ''`, destructuring defaults (`{ id = '' }`), where `id` is a provider
// call ID (by what the value is: tool-call-values.ts); each with where the coerced value flows
// (call-id-flow.ts) and what stands in for a missing ID.
import type * as TS from 'typescript';
import type { CallIdCoercionFact } from '../types.js';
import { type Ctx, accessName, chainText, isFunctionLike, isSimpleChain, isStringLike, outerParent, parentOf, propertyNameText, spanOf, terminalName, textOf, unwrap } from './context.js';
import { CALL_ID_PROPERTIES, bindingFlow, flowOf } from './call-id-flow.js';
import { cannotBeMissing, guaranteedProperty } from './call-id-guarantees.js';
import { type Scope, lookup } from './scope.js';
import { MEMO_PARTS } from './memo-parts.js';
import { GENERATOR, isMinted } from './minted.js';
import { isItemWithOwnCallId } from './responses-items.js';
import { declaredType, isToolCallPattern, isToolCallValue } from './tool-call-values.js';

/** A type name that says "call ID" (`ToolCallId`, a branded string): one test for syntax and types. */
export function isCallIdTypeName(name: string): boolean {
  return /CallId$/.test(name);
}

/** `call_id`, `callId`, `callID`, `toolCallId`, `tool_call_id`, `tool_use_id`, `toolUseId`, and names ending in one. */
export const CALL_ID_NAMES: { has(name: string): boolean } = CALL_ID_PROPERTIES;
/** Names whose `.callId` is not a model tool call: telephony providers. */
const TELEPHONY = /twilio|telnyx|vonage|plivo|telephony|phone/i;
/** A predicate function's name: `isString`, `_isString`, `isNonEmptyString`, `hasValue`. */
const PREDICATE = /^_?(?:is|has)[A-Z_]\w*$/;
/** Only `call_id`/`callId` objects are raw items `extractToolCallId(item)` can read. */
const RAW_ITEM_FIELDS = new Set(['call_id', 'callId']);

type Evidence = CallIdCoercionFact['evidence'];
type Fallback = NonNullable<CallIdCoercionFact['fallback']>;

function isCallIdAccess(ctx: Ctx, e: TS.Expression, scope?: Scope): boolean {
  const { ts } = ctx;
  if (!ts.isPropertyAccessExpression(e) && !ts.isElementAccessExpression(e)) return false;
  const name = accessName(ts, e);
  // A Responses item's own `id` is the item's, whatever the value is named (responses-items.ts).
  if (name === 'id') return isToolCallValue(ctx, e.expression, scope, e) && !isItemWithOwnCallId(ctx, e.expression, scope, e);
  return name !== undefined && CALL_ID_NAMES.has(name) && !TELEPHONY.test(textOf(ctx, e.expression));
}

/** Is this a provider call ID, and why? */
export function callIdEvidence(ctx: Ctx, expr: TS.Expression, scope: Scope, useSeam = true): Evidence | undefined {
  const { ts } = ctx;
  const e = unwrap(ts, expr);
  if (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e)) {
    if (isCallIdAccess(ctx, e, scope)) return 'property';
  } else if (ts.isIdentifier(e)) {
    const evidence = identifierEvidence(ctx, e, scope);
    if (evidence !== null) return evidence;
  }
  return useSeam && ctx.options.isCallIdExpression?.(e) ? 'type' : undefined;
}

/**
 * A declared type that says "call ID": a type named `…CallId` (`ToolCallId`, a branded string),
 * or the type of a call-ID property (`FunctionCallItem['callId']`), possibly `| undefined`.
 */
function isCallIdType(ctx: Ctx, type: TS.TypeNode | undefined): boolean {
  const { ts } = ctx;
  if (!type) return false;
  if (ts.isTypeReferenceNode(type)) {
    const name = ts.isIdentifier(type.typeName) ? type.typeName.text : type.typeName.right.text;
    return isCallIdTypeName(name);
  }
  if (ts.isIndexedAccessTypeNode(type)) {
    const index = type.indexType;
    return ts.isLiteralTypeNode(index) && ts.isStringLiteral(index.literal) && CALL_ID_NAMES.has(index.literal.text);
  }
  if (ts.isUnionTypeNode(type)) return type.types.some((member) => isCallIdType(ctx, member));
  return false;
}

/** 'name' or undefined when settled, null when syntax says nothing. */
function identifierEvidence(ctx: Ctx, id: TS.Identifier, scope: Scope, depth = 0): Evidence | undefined | null {
  const { ts } = ctx;
  const decl = lookup(scope, id.text);
  const named = CALL_ID_NAMES.has(id.text);
  if (decl && isCallIdType(ctx, declaredType(ctx, decl))) return 'type';
  const holder = decl && parentOf(ctx, decl.nameNode);
  if (decl && holder && ctx.ts.isBindingElement(holder)) {
    // `const { id } = toolCall`, `({ toolCallId }) => …`: what the destructured property is.
    const key = propertyNameText(ts, holder.propertyName ?? holder.name);
    if (key !== undefined && CALL_ID_NAMES.has(key)) return 'name';
    const pattern = parentOf(ctx, holder);
    if (key === 'id' && pattern && ts.isObjectBindingPattern(pattern) && isToolCallPattern(ctx, pattern, decl.scope)) return 'property';
  }
  if (decl && (decl.kind === 'const' || ((decl.kind === 'let' || decl.kind === 'var') && !decl.reassigned))) {
    if (decl.init) {
      const init = unwrap(ts, decl.init);
      if (isCallIdAccess(ctx, init, decl.scope)) return 'name';
      if (isFreshValue(ctx, init)) return undefined;
      if (ts.isIdentifier(init) && depth < 8) {
        const aliased = identifierEvidence(ctx, init, decl.scope, depth + 1);
        if (aliased !== null) return aliased;
      }
      return named ? 'name' : null;
    }
    const path = decl.pattern?.path;
    const last = path?.[path.length - 1];
    if (last !== undefined && CALL_ID_NAMES.has(last)) return 'name';
  }
  return named ? 'name' : null;
}

/** A value minted here, not read from a provider: a literal, a template, `new X()`, `randomUUID()`. */
function isFreshValue(ctx: Ctx, init: TS.Expression): boolean {
  const { ts } = ctx;
  if (isStringLike(ts, init) || ts.isTemplateExpression(init) || ts.isNewExpression(init) || ts.isNumericLiteral(init)) return true;
  return ts.isCallExpression(init) && GENERATOR.test(textOf(ctx, init.expression));
}

function rawItemText(ctx: Ctx, expr: TS.Expression): string | undefined {
  const { ts } = ctx;
  const e = unwrap(ts, expr);
  if (!ts.isPropertyAccessExpression(e) && !ts.isElementAccessExpression(e)) return undefined;
  const name = accessName(ts, e);
  if (name === undefined || !RAW_ITEM_FIELDS.has(name) || !isSimpleChain(ts, e.expression)) return undefined;
  return textOf(ctx, unwrap(ts, e.expression));
}

/** A coerced call ID: the operand named in the finding, and what stands in for it when missing. */
interface Coerced {
  id: TS.Expression;
  evidence: Evidence;
  /** The last operand of a default chain (`''`, `event.id`, `requestID`). */
  fallback: TS.Expression | undefined;
  /** What the fallback is: a literal or `String(undefined)` makes an ID up; another value is another ID. */
  stands: Fallback | undefined;
  /** One call ID, or `<id> ?? '<literal>'`: what `extractToolCallId(item)` can stand in for. */
  simple: boolean;
}

function push(ctx: Ctx, form: CallIdCoercionFact['form'], node: TS.Node, coerced: Coerced, scope: Scope, flow?: CallIdCoercionFact['flow']): void {
  const { id } = coerced;
  ctx.facts.callIdCoercions.push({
    form,
    expression: textOf(ctx, id),
    evidence: coerced.evidence,
    span: spanOf(ctx, node),
    expressionSpan: spanOf(ctx, id),
    rawItemText: coerced.simple ? rawItemText(ctx, id) : undefined,
    ...(coerced.stands ? { fallback: coerced.stands } : {}),
    flow: flow ?? (defaultsOwnParameter(ctx, id, node, scope) ? { kind: 'own-default' } : flowOf(ctx, node, { fallback: coerced.fallback, scope })),
  });
}

function isDefaultOperator(ctx: Ctx, e: TS.Node): e is TS.BinaryExpression {
  const { ts } = ctx;
  if (!ts.isBinaryExpression(e)) return false;
  const op = e.operatorToken.kind;
  return op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken;
}

/** `a ?? b`, `a || b`, or a conditional that keeps `a` when present (`a ? a : b`, `a !== undefined ? a : b`). */
function isDefaultExpression(ctx: Ctx, e: TS.Node): boolean {
  return isDefaultOperator(ctx, e) || (ctx.ts.isConditionalExpression(e) && conditionalDefault(ctx, e) !== undefined);
}

/** What a condition says of one value: `x`, `x !== undefined`, `x != null`, `typeof x === 'string'` (present), or their negations. */
function presenceTest(ctx: Ctx, condition: TS.Expression): { subject: string; present: boolean } | undefined {
  const { ts } = ctx;
  const K = ts.SyntaxKind;
  const e = unwrap(ts, condition);
  if (ts.isPrefixUnaryExpression(e) && e.operator === K.ExclamationToken) {
    const inner = presenceTest(ctx, e.operand);
    return inner && { subject: inner.subject, present: !inner.present };
  }
  if (ts.isIdentifier(e) || ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e)) return { subject: chainText(ctx, e), present: true };
  // A predicate on the value: `isString(x)`, `_isString(x)`, `isNonEmpty(x)`, `Boolean(x)`.
  if (ts.isCallExpression(e) && e.arguments.length === 1 && !ts.isSpreadElement(e.arguments[0]!)) {
    const callee = terminalName(ts, e.expression);
    if (callee !== undefined && (PREDICATE.test(callee) || callee === 'Boolean')) return { subject: chainText(ctx, e.arguments[0]!), present: true };
    return undefined;
  }
  if (!ts.isBinaryExpression(e)) return undefined;
  const op = e.operatorToken.kind;
  const equal = op === K.EqualsEqualsEqualsToken || op === K.EqualsEqualsToken;
  const unequal = op === K.ExclamationEqualsEqualsToken || op === K.ExclamationEqualsToken;
  if (!equal && !unequal) return undefined;
  const [left, right] = [unwrap(ts, e.left), unwrap(ts, e.right)];
  const isNothing = (x: TS.Expression): boolean => (ts.isIdentifier(x) && x.text === 'undefined') || x.kind === K.NullKeyword || ts.isVoidExpression(x);
  if (isNothing(right) || isNothing(left)) return { subject: chainText(ctx, isNothing(right) ? left : right), present: unequal };
  // `typeof x === 'string'`
  const typeOf = ts.isTypeOfExpression(left) ? left : ts.isTypeOfExpression(right) ? right : undefined;
  const literal = typeOf === left ? right : left;
  if (typeOf && isStringLike(ts, literal) && literal.text === 'string') return { subject: chainText(ctx, typeOf.expression), present: equal };
  return undefined;
}


/**
 * `x != null ? String(x) : undefined`, `if (typeof x === 'string') … \`${x}\``: the text is made only
 * where the ID is present, so no "undefined" is made up (the checked value is the provider's own).
 */
function checkedPresent(ctx: Ctx, node: TS.Node, id: TS.Expression): boolean {
  const { ts } = ctx;
  const subject = chainText(ctx, id);
  const holds = (condition: TS.Expression, truth: boolean): boolean => {
    const e = unwrap(ts, condition);
    if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken && truth) return holds(e.left, true) || holds(e.right, true);
    const test = presenceTest(ctx, e);
    return test !== undefined && test.subject === subject && test.present === truth;
  };
  let child: TS.Node = node;
  for (let parent = parentOf(ctx, child); parent && !isFunctionLike(ts, parent); child = parent, parent = parentOf(ctx, child)) {
    if (ts.isConditionalExpression(parent) && child !== parent.condition && holds(parent.condition, child === parent.whenTrue)) return true;
    if (ts.isIfStatement(parent) && child !== parent.expression && holds(parent.expression, child === parent.thenStatement)) return true;
    if (ts.isBinaryExpression(parent) && child === parent.right && parent.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken && holds(parent.left, true)) return true;
  }
  return false;
}

/** `x ? x : ''`, `x !== undefined ? x : ''`, `!x ? '' : x`: [x, fallback]. */
function conditionalDefault(ctx: Ctx, e: TS.ConditionalExpression): [TS.Expression, TS.Expression] | undefined {
  const test = presenceTest(ctx, e.condition);
  if (!test) return undefined;
  const [kept, fallback] = test.present ? [e.whenTrue, e.whenFalse] : [e.whenFalse, e.whenTrue];
  const keptValue = unwrap(ctx.ts, kept);
  if (chainText(ctx, keptValue) !== test.subject) return undefined;
  return [keptValue, fallback];
}

/** `a ?? b || ''`, `a ? a : b ?? ''` → [a, b, '']; undefined when `expr` is no default chain. */
function chainOperands(ctx: Ctx, expr: TS.Expression): TS.Expression[] | undefined {
  const { ts } = ctx;
  const top = unwrap(ts, expr);
  if (!isDefaultExpression(ctx, top)) return undefined;
  const operands: TS.Expression[] = [];
  const visit = (e: TS.Expression): void => {
    const inner = unwrap(ts, e);
    if (isDefaultOperator(ctx, inner)) {
      visit(inner.left);
      visit(inner.right);
      return;
    }
    const conditional = ts.isConditionalExpression(inner) ? conditionalDefault(ctx, inner) : undefined;
    if (conditional) {
      visit(conditional[0]);
      visit(conditional[1]);
      return;
    }
    operands.push(inner);
  };
  visit(top);
  return operands;
}

type FallbackKind = 'missing' | 'fresh' | 'id' | 'made-up';

/** What the last operand of a chain puts in place of a missing ID. */
function fallbackKind(ctx: Ctx, last: TS.Expression, scope: Scope, useSeam: boolean, before: readonly TS.Expression[] = []): FallbackKind {
  const { ts } = ctx;
  const K = ts.SyntaxKind;
  // `item.call_id ?? item.id`: the item's own provider ID (hosted Responses tools send only `id`), unique per item.
  if (isOwnItemId(ctx, last, before, scope)) return 'id';
  if ((ts.isIdentifier(last) && last.text === 'undefined') || last.kind === K.NullKeyword || ts.isVoidExpression(last)) return 'missing';
  if (isMinted(ctx, last, scope)) return 'fresh';
  // A template that mints: `call_${nanoid()}`, `tc-${n}-${i}`, `${Date.now()}`.
  if (ts.isTemplateExpression(last) && last.templateSpans.some((span) => isMinted(ctx, unwrap(ts, span.expression), scope))) return 'fresh';
  if (!isStringLike(ts, last) && !ts.isNumericLiteral(last) && callIdEvidence(ctx, last, scope, useSeam)) return 'id';
  return 'made-up';
}

/** What a reported fallback stands in with, for the message. */
function standsIn(ctx: Ctx, last: TS.Expression, kind: FallbackKind): Fallback {
  const { ts } = ctx;
  const text = shortQuote(textOf(ctx, last));
  if (kind === 'missing') return { kind: 'literal', text: 'undefined' };
  if (kind === 'id') return { kind: 'other-id', text };
  const literal = isStringLike(ts, last) || ts.isNumericLiteral(last) || ts.isTemplateExpression(last) || ts.isNoSubstitutionTemplateLiteral(last);
  return { kind: literal ? 'literal' : 'other-id', text };
}

/** One line of source, about 80 characters at most. */
function shortQuote(text: string): string {
  const line = text.split('\n')[0]!.trim();
  return line.length > 80 || line !== text.trim() ? `${line.slice(0, 77).trimEnd()}…` : line;
}

/** Values whose `id` names one message of a stream: the call and its result come in two, with two IDs. */
const STREAM_MESSAGE = /event|evt|message|msg|request|req|chunk|delta|props/i;

/** `x.id` where an earlier operand reads the call ID of the same `x` (an item, not an event or message). */
function isOwnItemId(ctx: Ctx, last: TS.Expression, before: readonly TS.Expression[], scope: Scope): boolean {
  const { ts } = ctx;
  if (!ts.isPropertyAccessExpression(last) || last.name.text !== 'id') return false;
  const holder = terminalName(ts, last.expression);
  if (holder === undefined || STREAM_MESSAGE.test(holder)) return false;
  // `const fn = chunk.tool_call.function; chunk.tool_call.call_id ?? fn.id`: an id inside the same call.
  const holderText = resolvedText(ctx, unwrap(ts, last.expression), scope);
  return before.some((operand) => {
    const e = unwrap(ts, operand);
    if (!ts.isPropertyAccessExpression(e) && !ts.isElementAccessExpression(e)) return false;
    const name = accessName(ts, e);
    if (name === undefined || !CALL_ID_NAMES.has(name)) return false;
    const receiver = chainText(ctx, e.expression);
    return holderText === receiver || holderText.startsWith(`${receiver}.`);
  });
}

/** The text of a chain, through a `const` alias: `fn` of `const fn = chunk.tool_call.function` reads `chunk.tool_call.function`. */
function resolvedText(ctx: Ctx, e: TS.Expression, scope: Scope): string {
  const { ts } = ctx;
  if (ts.isIdentifier(e)) {
    const decl = lookup(scope, e.text);
    if (decl?.kind === 'const' && decl.init && isSimpleChain(ts, decl.init)) return chainText(ctx, decl.init);
  }
  return chainText(ctx, e);
}

/**
 * The call ID `expr` coerces. `alone`: `expr` is a default chain on its own, reported only when its
 * last operand makes an ID up or is another value; `wrapped`: inside String() or a template, which
 * also turn a missing ID into text. A call ID that cannot be missing (a framework's guarantee, a
 * declared `string`) coerces nothing: its fallback never runs and `String()` of a string is itself.
 */
function coercedOf(ctx: Ctx, expr: TS.Expression, scope: Scope, mode: 'alone' | 'wrapped'): Coerced | undefined {
  const { ts } = ctx;
  const operands = chainOperands(ctx, expr);
  if (!operands) {
    const evidence = callIdEvidence(ctx, expr, scope);
    if (!evidence || cannotBeMissing(ctx, expr, scope)) return undefined;
    return { id: expr, evidence, fallback: undefined, stands: undefined, simple: true };
  }
  const last = operands[operands.length - 1]!;
  // The type checker is asked about chain operands only where a literal stands in for the ID, as before
  // chains were followed: `a || b` is everywhere, and each question costs a type lookup.
  const useSeam = isStringLike(ts, last);
  const kind = fallbackKind(ctx, last, scope, useSeam, operands.slice(0, -1));
  if (kind === 'fresh' || (mode === 'alone' && kind !== 'made-up')) return undefined;
  for (let i = 0; i < operands.length - 1; i++) {
    const operand = operands[i]!;
    const evidence = callIdEvidence(ctx, operand, scope, useSeam);
    if (!evidence) continue;
    if (cannotBeMissing(ctx, operand, scope)) return undefined;
    // `delta.id || lastId || ''`: a chunk without an ID continues the call an earlier chunk named.
    if (operands.slice(i + 1).some((later) => isCarriedId(ctx, later))) return undefined;
    return { id: operand, evidence, fallback: last, stands: standsIn(ctx, last, kind), simple: operands.length === 2 && isStringLike(ts, last) };
  }
  if (mode === 'wrapped' && kind === 'id') {
    const evidence = callIdEvidence(ctx, last, scope, useSeam);
    if (evidence && !cannotBeMissing(ctx, last, scope)) return { id: last, evidence, fallback: undefined, stands: undefined, simple: false };
  }
  return undefined;
}

/** A call-ID access: `x.id`, `x.tool_call_id`, `x.callId`, or a chain of such behind `??`/`||`. */
function readsCallId(ctx: Ctx, expr: TS.Expression): boolean {
  const { ts } = ctx;
  const e = unwrap(ts, expr);
  if (isDefaultOperator(ctx, e)) return readsCallId(ctx, e.left);
  if (!ts.isPropertyAccessExpression(e) && !ts.isElementAccessExpression(e)) return false;
  const name = accessName(ts, e);
  return name !== undefined && (name === 'id' || CALL_ID_NAMES.has(name));
}

/**
 * `lastId` of `if (delta.id) lastId = delta.id`: a binding or field the code reassigns from a call ID
 * as a stream goes on. Falling back to it pairs a chunk that carries no ID with the call an earlier
 * chunk opened, which is how streamed tool calls are put together, not another call's ID.
 */
function isCarriedId(ctx: Ctx, expr: TS.Expression): boolean {
  const { ts } = ctx;
  const e = unwrap(ts, expr);
  if (!ts.isIdentifier(e) && !(ts.isPropertyAccessExpression(e) && isSimpleChain(ts, e))) return false;
  const target = chainText(ctx, e);
  let carried = false;
  const visit = (n: TS.Node): void => {
    if (carried) return;
    if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.EqualsToken && n.left.kind !== ts.SyntaxKind.ArrayLiteralExpression) {
      const left = unwrap(ts, n.left);
      if ((ts.isIdentifier(left) || ts.isPropertyAccessExpression(left)) && chainText(ctx, left) === target && readsCallId(ctx, n.right)) carried = true;
    }
    ts.forEachChild(n, visit);
  };
  visit(ctx.sf);
  return carried;
}

/** `function call(name: string, callId?: string) { ... callId ?? 'call_1' }`: a default for the function's own optional parameter. */
function defaultsOwnParameter(ctx: Ctx, id: TS.Expression, node: TS.Node, scope: Scope): boolean {
  const { ts } = ctx;
  if (!ts.isIdentifier(id)) return false;
  const decl = lookup(scope, id.text);
  if (!decl || decl.kind !== 'param' || !decl.node || !ts.isParameter(decl.node) || !ts.isIdentifier(decl.node.name)) return false;
  const param = decl.node;
  const optional =
    param.questionToken !== undefined ||
    param.initializer !== undefined ||
    (param.type !== undefined && ts.isUnionTypeNode(param.type) && param.type.types.some((t) => t.kind === ts.SyntaxKind.UndefinedKeyword));
  if (!optional) return false;
  let fn: TS.Node | undefined = parentOf(ctx, node);
  while (fn && !isFunctionLike(ts, fn)) fn = parentOf(ctx, fn);
  return fn === parentOf(ctx, param);
}

/** `a.callId` or `a?.b.callId`: an access some link of which may be missing. */
function isOptionalChainAccess(ctx: Ctx, expr: TS.Expression): boolean {
  const { ts } = ctx;
  let e: TS.Expression = unwrap(ts, expr);
  while (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e)) {
    if (e.questionDotToken) return true;
    e = unwrap(ts, e.expression);
  }
  return false;
}

function isEmptyString(ctx: Ctx, expr: TS.Expression): boolean {
  const e = unwrap(ctx.ts, expr);
  return isStringLike(ctx.ts, e) && e.text === '';
}

function isGlobalStringCall(ctx: Ctx, node: TS.Node, scope: Scope): boolean {
  const { ts } = ctx;
  if (!ts.isCallExpression(node)) return false;
  const callee = unwrap(ts, node.expression);
  return ts.isIdentifier(callee) && callee.text === 'String' && node.arguments.length === 1 && !lookup(scope, 'String');
}

/** `` `${x}` `` with nothing around the one substitution, not tagged. */
function isSoleTemplate(ctx: Ctx, node: TS.TemplateExpression): boolean {
  const span = node.templateSpans[0];
  return node.head.text === '' && node.templateSpans.length === 1 && span !== undefined && span.literal.text === '';
}

/** A default chain that an enclosing coercion reports (`String(a ?? b)`, `` `${a ?? ''}` ``, `'' + (a ?? b)`), or a link of a longer chain. */
function isInsideReportedCoercion(ctx: Ctx, node: TS.Expression, scope: Scope): boolean {
  const { ts } = ctx;
  const { parent, child } = outerParent(ctx, node);
  if (!parent) return false;
  if (isDefaultOperator(ctx, parent)) return true;
  if (ts.isConditionalExpression(parent) && child !== parent.condition && conditionalDefault(ctx, parent) !== undefined) return true;
  if (isGlobalStringCall(ctx, parent, scope)) return true;
  if (ts.isTemplateSpan(parent)) {
    const template = parentOf(ctx, parent);
    const tagged = template && parentOf(ctx, template);
    return template !== undefined && ts.isTemplateExpression(template) && isSoleTemplate(ctx, template) && !(tagged && ts.isTaggedTemplateExpression(tagged));
  }
  return (
    ts.isBinaryExpression(parent) &&
    parent.operatorToken.kind === ts.SyntaxKind.PlusToken &&
    (isEmptyString(ctx, parent.left) || isEmptyString(ctx, parent.right))
  );
}

export function collectCallIdCoercion(ctx: Ctx, node: TS.Node, scope: Scope): void {
  const { ts } = ctx;
  if (ts.isCallExpression(node)) {
    if (isGlobalStringCall(ctx, node, scope)) {
      const arg = (node as TS.CallExpression).arguments[0]!;
      if (ts.isSpreadElement(arg)) return;
      const coerced = coercedOf(ctx, arg, scope, 'wrapped');
      if (coerced && !(coerced.fallback === undefined && checkedPresent(ctx, node, coerced.id))) push(ctx, 'String', node, coerced, scope);
      return;
    }
    const callee = unwrap(ts, node.expression);
    if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'toString' && node.arguments.length === 0) {
      const evidence = callIdEvidence(ctx, callee.expression, scope);
      if (evidence && !cannotBeMissing(ctx, callee.expression, scope)) {
        push(ctx, 'toString', node, { id: callee.expression, evidence, fallback: undefined, stands: undefined, simple: true }, scope);
      }
    }
    return;
  }
  if (ts.isTemplateExpression(node)) {
    const parent = parentOf(ctx, node);
    if (parent && ts.isTaggedTemplateExpression(parent)) return;
    if (isSoleTemplate(ctx, node)) {
      const coerced = coercedOf(ctx, node.templateSpans[0]!.expression, scope, 'wrapped');
      if (coerced && !(coerced.fallback === undefined && checkedPresent(ctx, node, coerced.id))) push(ctx, 'template', node, coerced, scope);
      return;
    }
    // `wo-${ctx?.agent?.toolCallId}`: the optional chain says the ID may be missing, and the
    // template turns a missing one into the text "undefined" inside a key. A template of three or
    // more values is a fingerprint, not a key for one call.
    if (node.templateSpans.length >= MEMO_PARTS) return;
    for (const part of node.templateSpans) {
      if (!isOptionalChainAccess(ctx, part.expression)) continue;
      const evidence = callIdEvidence(ctx, part.expression, scope);
      if (evidence) {
        push(ctx, 'template', node, { id: part.expression, evidence, fallback: undefined, stands: undefined, simple: false }, scope);
        return;
      }
    }
    return;
  }
  if (ts.isBinaryExpression(node)) {
    const op = node.operatorToken.kind;
    if (op === ts.SyntaxKind.PlusToken) {
      const other = isEmptyString(ctx, node.left) ? node.right : isEmptyString(ctx, node.right) ? node.left : undefined;
      if (!other) return;
      const coerced = coercedOf(ctx, other, scope, 'wrapped');
      if (coerced) push(ctx, 'concat', node, coerced, scope);
      return;
    }
    if (isDefaultOperator(ctx, node)) {
      if (isInsideReportedCoercion(ctx, node, scope)) return;
      const coerced = coercedOf(ctx, node, scope, 'alone') ?? sentAsCallId(ctx, node, scope);
      if (coerced) push(ctx, op === ts.SyntaxKind.QuestionQuestionToken ? 'nullish-default' : 'logical-default', node, coerced, scope);
      return;
    }
    collectAssignedDefault(ctx, node, scope);
    return;
  }
  if (ts.isConditionalExpression(node)) {
    if (!conditionalDefault(ctx, node) || isInsideReportedCoercion(ctx, node, scope)) return;
    const coerced = coercedOf(ctx, node, scope, 'alone') ?? sentAsCallId(ctx, node, scope);
    if (coerced) push(ctx, 'conditional-default', node, coerced, scope);
    return;
  }
  if (ts.isBindingElement(node)) collectDestructuringDefault(ctx, node, scope);
}

/**
 * `toolCallId: output.id ?? ''`: whatever the value is, the default is written straight into a
 * call-ID property, so a literal stand-in is a made-up call ID.
 */
function sentAsCallId(ctx: Ctx, node: TS.Expression, scope: Scope): Coerced | undefined {
  const { ts } = ctx;
  const { parent, child } = outerParent(ctx, node);
  if (!parent || !ts.isPropertyAssignment(parent) || parent.initializer !== child) return undefined;
  const property = propertyNameText(ts, parent.name);
  if (property === undefined || !CALL_ID_NAMES.has(property)) return undefined;
  const operands = chainOperands(ctx, node);
  const last = operands?.[operands.length - 1];
  if (!operands || !last || !(isStringLike(ts, last) || ts.isNumericLiteral(last))) return undefined;
  const first = operands[0]!;
  if (cannotBeMissing(ctx, first, scope) || fallbackKind(ctx, last, scope, false, operands.slice(0, -1)) !== 'made-up') return undefined;
  return { id: first, evidence: 'sink', fallback: last, stands: standsIn(ctx, last, 'made-up'), simple: false };
}

/** `if (!id) id = ''`, `if (id === undefined) { id = 'x' }`, `id ??= ''`, `id ||= ''` on a `let` holding a call ID. */
function collectAssignedDefault(ctx: Ctx, node: TS.BinaryExpression, scope: Scope): void {
  const { ts } = ctx;
  const K = ts.SyntaxKind;
  const op = node.operatorToken.kind;
  if (op !== K.EqualsToken && op !== K.QuestionQuestionEqualsToken && op !== K.BarBarEqualsToken) return;
  const target = unwrap(ts, node.left);
  const fallback = unwrap(ts, node.right);
  if (!ts.isIdentifier(target)) return;
  if (op === K.EqualsToken && (!(isStringLike(ts, fallback) || ts.isNumericLiteral(fallback) || ts.isTemplateExpression(fallback)) || !assignsWhenMissing(ctx, node, target.text))) return;
  const decl = lookup(scope, target.text);
  if (!decl || (decl.kind !== 'let' && decl.kind !== 'var') || !ts.isIdentifier(decl.nameNode)) return;
  const source = decl.init ? unwrap(ts, decl.init) : undefined;
  const evidence: Evidence | undefined =
    source && (ts.isPropertyAccessExpression(source) || ts.isElementAccessExpression(source)) && isCallIdAccess(ctx, source, decl.scope)
      ? 'property'
      : isCallIdType(ctx, declaredType(ctx, decl))
        ? 'type'
        : CALL_ID_NAMES.has(target.text)
          ? 'name'
          : undefined;
  if (!evidence || (source && cannotBeMissing(ctx, source, decl.scope))) return;
  const kind = fallbackKind(ctx, fallback, scope, false);
  if (kind !== 'made-up') return;
  const id = source ?? target;
  const coerced: Coerced = { id, evidence, fallback, stands: standsIn(ctx, fallback, kind), simple: false };
  const flow = defaultsOwnParameter(ctx, target, node, scope) ? { kind: 'own-default' as const } : bindingFlow(ctx, decl.nameNode, { fallback, scope });
  push(ctx, 'assigned-default', node, coerced, scope, flow);
}

/** `x = ''` as the only statement of `if (!x)` / `if (x === undefined)`. */
function assignsWhenMissing(ctx: Ctx, assignment: TS.BinaryExpression, name: string): boolean {
  const { ts } = ctx;
  const statement = parentOf(ctx, assignment);
  if (!statement || !ts.isExpressionStatement(statement)) return false;
  let holder = parentOf(ctx, statement);
  if (holder && ts.isBlock(holder)) holder = holder.statements.length === 1 ? parentOf(ctx, holder) : undefined;
  if (!holder || !ts.isIfStatement(holder) || holder.elseStatement) return false;
  const test = presenceTest(ctx, holder.expression);
  return test !== undefined && !test.present && test.subject === name;
}

/**
 * `const { id = '' } = toolCall`, `for (const { toolCallId = '' } of parts)`, `({ id = '' }: ToolUseBlock) => …`.
 * A parameter's own options object (`function f({ callId = 'call_1' } = {})`) is the function's contract
 * with its callers, like an optional parameter's default; a provider item destructured is not.
 */
function collectDestructuringDefault(ctx: Ctx, element: TS.BindingElement, scope: Scope): void {
  const { ts } = ctx;
  const initializer = element.initializer;
  const pattern = parentOf(ctx, element);
  if (!initializer || !ts.isIdentifier(element.name) || !pattern || !ts.isObjectBindingPattern(pattern)) return;
  const key = propertyNameText(ts, element.propertyName ?? element.name);
  if (key === undefined) return;
  const fromToolCall = isToolCallPattern(ctx, pattern, scope);
  const evidence: Evidence | undefined = CALL_ID_NAMES.has(key) ? 'name' : key === 'id' && fromToolCall ? 'property' : undefined;
  if (!evidence || guaranteedBinding(ctx, pattern, key, scope)) return;
  const fallback = unwrap(ts, initializer);
  const kind = fallbackKind(ctx, fallback, scope, false);
  if (kind === 'fresh' || kind === 'missing') return;
  const owner = parentOf(ctx, pattern);
  const flow = owner && ts.isParameter(owner) && !fromToolCall ? { kind: 'own-default' as const } : bindingFlow(ctx, element.name, { fallback, scope });
  push(ctx, 'destructuring-default', element, { id: element.name, evidence, fallback, stands: standsIn(ctx, fallback, kind), simple: false }, scope, flow);
}

/** A destructured property the framework always passes as a string (`execute(input, { toolCallId = '' })`). */
function guaranteedBinding(ctx: Ctx, pattern: TS.ObjectBindingPattern, key: string, scope: Scope): boolean {
  const { ts } = ctx;
  const param = parentOf(ctx, pattern);
  if (!param || !ts.isParameter(param)) return false;
  return guaranteedProperty(ctx, param, scope) === key;
}
