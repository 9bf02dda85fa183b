// Call-ID coercions (framework independent): `String(id)`, `` `${id}` ``, `id.toString()`,
// `'' + id`, `id + ''`, `id ?? ''`, `id || ''` where `id` is a provider call ID.
import type * as TS from 'typescript';
import type { CallIdCoercionFact } from '../types.js';
import { type Ctx, accessName, isSimpleChain, isStringLike, parentOf, spanOf, terminalName, textOf, unwrap } from './context.js';
import { type Decl, type Scope, lookup } from './scope.js';

/** A type name that says "call ID" (`ToolCallId`, a branded string): one test for syntax and types. */
export function isCallIdTypeName(name: string): boolean {
  return /CallId$/.test(name);
}

export const CALL_ID_NAMES: ReadonlySet<string> = new Set(['call_id', 'callId', 'toolCallId', 'tool_call_id']);
/** Names whose `.callId` is not a model tool call: telephony providers. */
const TELEPHONY = /twilio|telnyx|vonage|plivo|telephony|phone/i;
/** Calls that mint a fresh ID rather than read one from the provider. */
const GENERATOR = /uuid|nanoid|random|generate|create|make|new|now/i;
/** Only `call_id`/`callId` objects are raw items `extractToolCallId(item)` can read. */
const RAW_ITEM_FIELDS = new Set(['call_id', 'callId']);

type Evidence = CallIdCoercionFact['evidence'];

/** A value that is one tool call (`toolCall`, `tc`, `tool_use`): its `id` is the call ID. */
const TOOL_CALL_VALUE = /^(?:tool_?call|tc|tool_?use|function_?call|tool_?call_?part)$/i;

function isCallIdAccess(ctx: Ctx, e: TS.Expression): boolean {
  const { ts } = ctx;
  if (!ts.isPropertyAccessExpression(e) && !ts.isElementAccessExpression(e)) return false;
  const name = accessName(ts, e);
  if (name === 'id') {
    const receiver = terminalName(ts, unwrap(ts, e.expression));
    return receiver !== undefined && TOOL_CALL_VALUE.test(receiver);
  }
  return name !== undefined && CALL_ID_NAMES.has(name) && !TELEPHONY.test(textOf(ctx, e.expression));
}

/** Is this a provider call ID, and why? */
export function callIdEvidence(ctx: Ctx, expr: TS.Expression, scope: Scope): Evidence | undefined {
  const { ts } = ctx;
  const e = unwrap(ts, expr);
  if (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e)) {
    if (isCallIdAccess(ctx, e)) return 'property';
  } else if (ts.isIdentifier(e)) {
    const evidence = identifierEvidence(ctx, e, scope);
    if (evidence !== null) return evidence;
  }
  return ctx.options.isCallIdExpression?.(e) ? 'type' : undefined;
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
      if (isCallIdAccess(ctx, init)) return 'name';
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

function push(ctx: Ctx, form: CallIdCoercionFact['form'], node: TS.Node, expr: TS.Expression, evidence: Evidence): void {
  ctx.facts.callIdCoercions.push({
    form,
    expression: textOf(ctx, expr),
    evidence,
    span: spanOf(ctx, node),
    expressionSpan: spanOf(ctx, expr),
    rawItemText: rawItemText(ctx, expr),
  });
}

/** `a?.b.c` or `a.b?.c`: an access some link of which may be missing. */
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

export function collectCallIdCoercion(ctx: Ctx, node: TS.Node, scope: Scope): void {
  const { ts } = ctx;
  if (ts.isCallExpression(node)) {
    const callee = unwrap(ts, node.expression);
    if (ts.isIdentifier(callee) && callee.text === 'String' && node.arguments.length === 1 && !lookup(scope, 'String')) {
      const arg = node.arguments[0]!;
      if (ts.isSpreadElement(arg)) return;
      const evidence = callIdEvidence(ctx, arg, scope);
      if (evidence) push(ctx, 'String', node, arg, evidence);
      return;
    }
    if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'toString' && node.arguments.length === 0) {
      const evidence = callIdEvidence(ctx, callee.expression, scope);
      if (evidence) push(ctx, 'toString', node, callee.expression, evidence);
    }
    return;
  }
  if (ts.isTemplateExpression(node)) {
    const parent = parentOf(ctx, node);
    if (parent && ts.isTaggedTemplateExpression(parent)) return;
    const span = node.templateSpans[0];
    if (node.head.text === '' && node.templateSpans.length === 1 && span && span.literal.text === '') {
      const evidence = callIdEvidence(ctx, span.expression, scope);
      if (evidence) push(ctx, 'template', node, span.expression, evidence);
      return;
    }
    // `wo-${ctx?.agent?.toolCallId}`: the optional chain says the ID may be missing, and the
    // template turns a missing one into the text "undefined" inside a key.
    for (const part of node.templateSpans) {
      if (!isOptionalChainAccess(ctx, part.expression)) continue;
      const evidence = callIdEvidence(ctx, part.expression, scope);
      if (evidence) {
        push(ctx, 'template', node, part.expression, evidence);
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
      const evidence = callIdEvidence(ctx, other, scope);
      if (evidence) push(ctx, 'concat', node, other, evidence);
      return;
    }
    if (op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken) {
      if (!isStringLike(ts, unwrap(ts, node.right))) return;
      const evidence = callIdEvidence(ctx, node.left, scope);
      if (evidence) push(ctx, op === ts.SyntaxKind.QuestionQuestionToken ? 'nullish-default' : 'logical-default', node, node.left, evidence);
    }
  }
}
