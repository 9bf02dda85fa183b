// Call-ID coercions (framework independent): `String(id)`, `` `${id}` ``, `id.toString()`,
// `'' + id`, `id + ''`, `id ?? ''`, `id || ''`, chains (`a ?? b ?? ''`, `String(a ?? event.id)`)
// where `id` is a provider call ID; each with where the coerced value flows (call-id-flow.ts).
import type * as TS from 'typescript';
import type { CallIdCoercionFact } from '../types.js';
import { type Ctx, accessName, isFunctionLike, isSimpleChain, isStringLike, outerParent, parentOf, spanOf, terminalName, textOf, unwrap } from './context.js';
import { CALL_ID_PROPERTIES, flowOf } from './call-id-flow.js';
import { type Decl, type Scope, lookup } from './scope.js';

/** A type name that says "call ID" (`ToolCallId`, a branded string): one test for syntax and types. */
export function isCallIdTypeName(name: string): boolean {
  return /CallId$/.test(name);
}

/** `call_id`, `callId`, `callID`, `toolCallId`, `tool_call_id`, `tool_use_id`, `toolUseId`. */
export const CALL_ID_NAMES: ReadonlySet<string> = CALL_ID_PROPERTIES;
/** Names whose `.callId` is not a model tool call: telephony providers. */
const TELEPHONY = /twilio|telnyx|vonage|plivo|telephony|phone/i;
/** Calls that mint a fresh ID rather than read one from the provider. */
const GENERATOR = /uuid|nanoid|random|generate|create|make|new|now|next(?=[A-Z_])/i;
/** Only `call_id`/`callId` objects are raw items `extractToolCallId(item)` can read. */
const RAW_ITEM_FIELDS = new Set(['call_id', 'callId']);

type Evidence = CallIdCoercionFact['evidence'];

/** A value that is one tool call (`toolCall`, `tc`, `tool_use`): its `id` is the call ID. */
const TOOL_CALL_VALUE = /^(?:tool_?call|tc|tool_?use|function_?call|tool_?call_?part|tool_?call_?chunk)$/i;
/** Lists of tool calls: `tool_calls[0]` and `rawToolCallChunksWithIndex[0]` are one. */
const TOOL_CALL_LIST = /tool_?call(?:_?chunk)?s|tool_?uses|function_?calls/i;
/**
 * Framework tool-call types, by the name written in an annotation (`ToolCall`, `ContentBlock.Tools.ToolCall`,
 * `ToolCallPart`, `FunctionCallItem`, `ToolUseBlock`, `ChatCompletionMessageToolCall`): their `id` is the call ID.
 */
const TOOL_CALL_TYPE = /^(?:\w*ToolCall(?:Part|Item|Chunk|Block)?|FunctionCall(?:Item)?|ToolUse(?:Block)?(?:Param)?)$/;

/** Is `receiver` one tool call: named like one, an element of a tool-call list, or declared with a tool-call type? */
function isToolCallValue(ctx: Ctx, receiver: TS.Expression, scope: Scope | undefined): boolean {
  const { ts } = ctx;
  const e = unwrap(ts, receiver);
  const name = terminalName(ts, e);
  if (name !== undefined && TOOL_CALL_VALUE.test(name)) return true;
  if (ts.isElementAccessExpression(e)) {
    const list = terminalName(ts, unwrap(ts, e.expression));
    if (list !== undefined && TOOL_CALL_LIST.test(list)) return true;
  }
  if (scope && ts.isIdentifier(e)) {
    const decl = lookup(scope, e.text);
    const type = decl && declaredType(ctx, decl);
    return type !== undefined && isToolCallType(ctx, type);
  }
  return false;
}

function isToolCallType(ctx: Ctx, type: TS.TypeNode): boolean {
  const { ts } = ctx;
  if (ts.isTypeReferenceNode(type)) {
    const name = ts.isIdentifier(type.typeName) ? type.typeName.text : type.typeName.right.text;
    return TOOL_CALL_TYPE.test(name);
  }
  if (ts.isUnionTypeNode(type)) return type.types.some((member) => isToolCallType(ctx, member));
  return false;
}

function isCallIdAccess(ctx: Ctx, e: TS.Expression, scope?: Scope): boolean {
  const { ts } = ctx;
  if (!ts.isPropertyAccessExpression(e) && !ts.isElementAccessExpression(e)) return false;
  const name = accessName(ts, e);
  if (name === 'id') return isToolCallValue(ctx, e.expression, scope);
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

/** The type annotation written on a parameter or variable declaration, if any. */
function declaredType(ctx: Ctx, decl: Decl): TS.TypeNode | undefined {
  const { ts } = ctx;
  if (decl.kind === 'param' && decl.node && ts.isParameter(decl.node)) return decl.node.type;
  const parent = parentOf(ctx, decl.nameNode);
  return parent && ts.isVariableDeclaration(parent) ? parent.type : undefined;
}

/** 'name' or undefined when settled, null when syntax says nothing. */
function identifierEvidence(ctx: Ctx, id: TS.Identifier, scope: Scope, depth = 0): Evidence | undefined | null {
  const { ts } = ctx;
  const decl = lookup(scope, id.text);
  const named = CALL_ID_NAMES.has(id.text);
  if (decl && isCallIdType(ctx, declaredType(ctx, decl))) return 'type';
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
  /** One call ID, or `<id> ?? '<literal>'`: what `extractToolCallId(item)` can stand in for. */
  simple: boolean;
}

function push(ctx: Ctx, form: CallIdCoercionFact['form'], node: TS.Node, coerced: Coerced, scope: Scope): void {
  const { id } = coerced;
  ctx.facts.callIdCoercions.push({
    form,
    expression: textOf(ctx, id),
    evidence: coerced.evidence,
    span: spanOf(ctx, node),
    expressionSpan: spanOf(ctx, id),
    rawItemText: coerced.simple ? rawItemText(ctx, id) : undefined,
    flow: defaultsOwnParameter(ctx, id, node, scope) ? { kind: 'own-default' } : flowOf(ctx, node, coerced.fallback),
  });
}

function isDefaultOperator(ctx: Ctx, e: TS.Node): e is TS.BinaryExpression {
  const { ts } = ctx;
  if (!ts.isBinaryExpression(e)) return false;
  const op = e.operatorToken.kind;
  return op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken;
}

/** `a ?? b || ''` → [a, b, '']; undefined when `expr` is no default chain. */
function chainOperands(ctx: Ctx, expr: TS.Expression): TS.Expression[] | undefined {
  const top = unwrap(ctx.ts, expr);
  if (!isDefaultOperator(ctx, top)) return undefined;
  const operands: TS.Expression[] = [];
  const visit = (e: TS.Expression): void => {
    const inner = unwrap(ctx.ts, e);
    if (isDefaultOperator(ctx, inner)) {
      visit(inner.left);
      visit(inner.right);
    } else {
      operands.push(inner);
    }
  };
  visit(top);
  return operands;
}

/** What the last operand of a chain puts in place of a missing ID. */
function fallbackKind(ctx: Ctx, last: TS.Expression, scope: Scope, useSeam: boolean, before: readonly TS.Expression[] = []): 'missing' | 'fresh' | 'id' | 'made-up' {
  const { ts } = ctx;
  const K = ts.SyntaxKind;
  // `item.call_id ?? item.id`: the item's own provider ID (hosted Responses tools send only `id`), unique per item.
  if (isOwnItemId(ctx, last, before)) return 'id';
  if ((ts.isIdentifier(last) && last.text === 'undefined') || last.kind === K.NullKeyword || ts.isVoidExpression(last)) return 'missing';
  // A freshly minted ID (`generateId()`, `randomUUID()`, `` `call_${nanoid()}` ``) is unique: it pairs nothing by accident.
  if (ts.isNewExpression(last) || (ts.isCallExpression(last) && GENERATOR.test(textOf(ctx, last.expression)))) return 'fresh';
  if (ts.isTemplateExpression(last) && last.templateSpans.some((span) => fallbackKind(ctx, unwrap(ts, span.expression), scope, false) === 'fresh')) return 'fresh';
  if (!isStringLike(ts, last) && !ts.isNumericLiteral(last) && callIdEvidence(ctx, last, scope, useSeam)) return 'id';
  return 'made-up';
}

/** Values whose `id` names one message of a stream: the call and its result come in two, with two IDs. */
const STREAM_MESSAGE = /event|evt|message|msg|request|req|chunk|delta|props/i;

/** `x.id` where an earlier operand reads the call ID of the same `x` (an item, not an event or message). */
function isOwnItemId(ctx: Ctx, last: TS.Expression, before: readonly TS.Expression[]): boolean {
  const { ts } = ctx;
  if (!ts.isPropertyAccessExpression(last) || last.name.text !== 'id') return false;
  const holder = terminalName(ts, last.expression);
  if (holder === undefined || STREAM_MESSAGE.test(holder)) return false;
  const receiver = textOf(ctx, unwrap(ts, last.expression)).replace(/\?$/, '');
  return before.some((operand) => {
    const e = unwrap(ts, operand);
    if (!ts.isPropertyAccessExpression(e) && !ts.isElementAccessExpression(e)) return false;
    const name = accessName(ts, e);
    return name !== undefined && CALL_ID_NAMES.has(name) && textOf(ctx, unwrap(ts, e.expression)).replace(/\?$/, '') === receiver;
  });
}

/**
 * The call ID `expr` coerces. `alone`: `expr` is a default chain on its own, reported only when its
 * last operand makes an ID up; `wrapped`: inside String() or a template, which also turn a missing
 * ID into text.
 */
function coercedOf(ctx: Ctx, expr: TS.Expression, scope: Scope, mode: 'alone' | 'wrapped'): Coerced | undefined {
  const { ts } = ctx;
  const operands = chainOperands(ctx, expr);
  if (!operands) {
    const evidence = callIdEvidence(ctx, expr, scope);
    return evidence ? { id: expr, evidence, fallback: undefined, simple: true } : undefined;
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
    if (evidence) return { id: operand, evidence, fallback: last, simple: operands.length === 2 && isStringLike(ts, last) };
  }
  if (mode === 'wrapped' && kind === 'id') {
    const evidence = callIdEvidence(ctx, last, scope, useSeam);
    if (evidence) return { id: last, evidence, fallback: undefined, simple: false };
  }
  return undefined;
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
function isInsideReportedCoercion(ctx: Ctx, node: TS.BinaryExpression, scope: Scope): boolean {
  const { ts } = ctx;
  const { parent } = outerParent(ctx, node);
  if (!parent) return false;
  if (isDefaultOperator(ctx, parent)) return true;
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
      if (coerced) push(ctx, 'String', node, coerced, scope);
      return;
    }
    const callee = unwrap(ts, node.expression);
    if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'toString' && node.arguments.length === 0) {
      const evidence = callIdEvidence(ctx, callee.expression, scope);
      if (evidence) push(ctx, 'toString', node, { id: callee.expression, evidence, fallback: undefined, simple: true }, scope);
    }
    return;
  }
  if (ts.isTemplateExpression(node)) {
    const parent = parentOf(ctx, node);
    if (parent && ts.isTaggedTemplateExpression(parent)) return;
    if (isSoleTemplate(ctx, node)) {
      const coerced = coercedOf(ctx, node.templateSpans[0]!.expression, scope, 'wrapped');
      if (coerced) push(ctx, 'template', node, coerced, scope);
      return;
    }
    // `wo-${ctx?.agent?.toolCallId}`: the optional chain says the ID may be missing, and the
    // template turns a missing one into the text "undefined" inside a key.
    for (const part of node.templateSpans) {
      if (!isOptionalChainAccess(ctx, part.expression)) continue;
      const evidence = callIdEvidence(ctx, part.expression, scope);
      if (evidence) {
        push(ctx, 'template', node, { id: part.expression, evidence, fallback: undefined, simple: false }, scope);
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
      const coerced = coercedOf(ctx, node, scope, 'alone');
      if (coerced) push(ctx, op === ts.SyntaxKind.QuestionQuestionToken ? 'nullish-default' : 'logical-default', node, coerced, scope);
    }
  }
}
