// Where a coerced call ID goes, decided in syntax: up the coercion's parent chain, and through a
// `const` it initialises to that constant's uses in the same function. A made-up ID only does harm
// where something pairs by it (a request or tool result, a returned ID, a key, a comparison); in a
// log line, a lookup or a memo string it cannot attach a result to the wrong call.
import type * as TS from 'typescript';
import type { CallIdFlow } from '../types.js';
import { type Ctx, accessName, classMethod, isFunctionLike, isStringLike, parentOf, propertyNameText, textOf, unwrap } from './context.js';
import { MEMO_PARTS } from './memo-parts.js';
import { isMinted } from './minted.js';
import { TOOL_CALL_VALUE } from './tool-call-values.js';
import type { Scope } from './scope.js';

/** Properties that carry a call ID to a provider, a tool result or an approval. */
const CALL_ID_EXACT: ReadonlySet<string> = new Set(['call_id', 'callId', 'callID', 'toolCallId', 'tool_call_id', 'tool_use_id', 'toolUseId']);
/** Names that end in one: `parentToolCallId`, `tool_toolCallId` (a database column), `last_tool_use_id`. */
const CALL_ID_SUFFIX = /(?:tool_?call_?id|tool_?use_?id)$/i;
export const CALL_ID_PROPERTIES: { has(name: string): boolean } = {
  has: (name) => CALL_ID_EXACT.has(name) || CALL_ID_SUFFIX.test(name),
};
/** Property names that say "key": `key`, `cacheKey`, `idempotency_key`. */
const KEY_PROPERTY = /(?:^key|Key|_key)$/;
/** `type` of an object literal that is a tool call or a tool result (`function_call`, `tool-result`, `tool_use`). */
const TOOL_OBJECT_TYPE = /tool|function_call|call_output|computer_call/i;
/** Functions that turn one call ID into another (`_convertToolCallIdToMistralCompatible`): the result is still the ID. */
const ID_CONVERTER = /call_?id|tool_?id|callid/i;
/** Logging, console and error text. */
const LOG_CALLEE = /^(?:console|logger|log|debug|info|warn|warning|error|trace|verbose|fatal|print|printf|emitWarning|assert|expect)$/i;
const LOG_RECEIVER = /^(?:console|logger|log|_?logger|this\.logger|process\.stderr|process\.stdout|span|tracer|telemetry)$/i;
/** Read-only lookups: a missing key finds nothing, it pairs nothing. */
const LOOKUP_METHODS = new Set(['get', 'has', 'delete', 'includes', 'indexOf', 'lastIndexOf', 'getItem', 'peek']);
/** Functions whose return value is text for a person (labels, titles, messages). */
const DISPLAY_FUNCTION = /label|display|title|describe|description|format|message|text|render|summar|tostring|debug|log/i;
const MAX_DEPTH = 3;

/** What a flow is traced with: the value standing in for a missing ID, and the scope of the coercion (for minted values). */
export interface Trace {
  fallback: TS.Expression | undefined;
  scope: Scope;
}

/** Where the coercion at `node` flows. `trace.fallback`: the literal standing in for a missing ID, when there is one. */
export function flowOf(ctx: Ctx, node: TS.Node, trace: Trace): CallIdFlow {
  return climb(ctx, node, trace, 0);
}

function climb(ctx: Ctx, start: TS.Node, trace: Trace, depth: number): CallIdFlow {
  const { ts } = ctx;
  let child: TS.Node = start;
  // Set once the ID is a property of an object literal that goes on: a label function returning that
  // object hands the ID on, it does not turn it into text.
  let carried = false;
  for (let parent = parentOf(ctx, child); parent; child = parent, parent = parentOf(ctx, child)) {
    // Wrappers and choices pass the value on unchanged.
    if (
      ts.isParenthesizedExpression(parent) ||
      ts.isAsExpression(parent) ||
      ts.isSatisfiesExpression(parent) ||
      ts.isNonNullExpression(parent) ||
      ts.isTypeAssertionExpression(parent) ||
      ts.isAwaitExpression(parent) ||
      ts.isSpreadElement(parent) ||
      (ts.isConditionalExpression(parent) && child !== parent.condition)
    ) {
      continue;
    }
    if (ts.isTemplateSpan(parent)) continue;
    if (ts.isTemplateExpression(parent)) {
      if (parent.templateSpans.length >= MEMO_PARTS) return { kind: 'memo' };
      // `Refund ${id} was queued`: words between spaces are a sentence for a reader (a person, or a
      // model reading a tool's result); no identifier or key is written with them.
      if (isProse(parent)) return { kind: 'text' };
      // `${toolCallId || 'fq'}-${index}`: a key made unique by an index or a counter is a row key, not the call ID.
      if (parent.templateSpans.some((span) => span !== child && isMinted(ctx, unwrap(ts, span.expression), trace.scope))) return { kind: 'memo' };
      const tagged = parentOf(ctx, parent);
      if (tagged && ts.isTaggedTemplateExpression(tagged)) return { kind: 'other' };
      continue;
    }
    if (ts.isArrayLiteralExpression(parent)) {
      // `[a, b].join(':')` is a string built from the parts: go on from the join call.
      const join = joinCall(ctx, parent);
      if (join && parent.elements.length >= MEMO_PARTS) return { kind: 'memo' };
      if (join) parent = join;
      continue;
    }
    const object = carryingObject(ctx, parent, child);
    if (object) {
      carried = true;
      parent = object;
      continue;
    }
    const step = classify(ctx, parent, child, trace, depth);
    if (step === 'continue') continue;
    return step.kind === 'display' && carried && (ts.isReturnStatement(parent) || ts.isArrowFunction(parent)) ? { kind: 'returned' } : step;
  }
  return { kind: 'other' };
}

/** The template's own text has words and spaces between them: at least two words, and whitespace. */
function isProse(template: TS.TemplateExpression): boolean {
  const parts = [template.head.text, ...template.templateSpans.map((span) => span.literal.text)];
  const words = parts.reduce((n, part) => n + (part.match(/[A-Za-z]{2,}/g)?.length ?? 0), 0);
  return words >= 2 && parts.some((part) => /[A-Za-z]\s|\s[A-Za-z]/.test(part));
}

/** Property names that say "an ID" (`id`, `messageId`, `parent_id`): an object holding one hands it on. */
const ID_PROPERTY = /^id$|Id$|_id$|ID$/;

/**
 * `{ id: <id>, label }`: an ID property that is no call-ID property by its name, in an object literal.
 * The object goes on with the ID in it, so where the object goes is where the ID goes. A property
 * named otherwise (`status`, `label`) says the value is something else. Returns the object to climb
 * on from, or undefined.
 */
function carryingObject(ctx: Ctx, parent: TS.Node, child: TS.Node): TS.ObjectLiteralExpression | undefined {
  const { ts } = ctx;
  let name: string | undefined;
  if (ts.isPropertyAssignment(parent) && child === parent.initializer) name = propertyNameText(ts, parent.name);
  else if (ts.isShorthandPropertyAssignment(parent)) name = parent.name.text;
  else return undefined;
  const object = parentOf(ctx, parent);
  if (name === undefined || !object || !ts.isObjectLiteralExpression(object) || !ID_PROPERTY.test(name)) return undefined;
  return propertyFlow(ctx, name, object, child).kind === 'other' ? object : undefined;
}

/** `[a, b].join(':')`: the call. */
function joinCall(ctx: Ctx, array: TS.ArrayLiteralExpression): TS.CallExpression | undefined {
  const { ts } = ctx;
  const access = parentOf(ctx, array);
  if (!access || !ts.isPropertyAccessExpression(access) || access.name.text !== 'join') return undefined;
  const call = parentOf(ctx, access);
  return call && ts.isCallExpression(call) && call.expression === access ? call : undefined;
}

function classify(ctx: Ctx, parent: TS.Node, child: TS.Node, trace: Trace, depth: number): CallIdFlow | 'continue' {
  const { ts } = ctx;
  const K = ts.SyntaxKind;
  if (ts.isBinaryExpression(parent)) {
    const op = parent.operatorToken.kind;
    if (op === K.QuestionQuestionToken || op === K.BarBarToken || op === K.AmpersandAmpersandToken || op === K.PlusToken) return 'continue';
    if (op === K.EqualsEqualsEqualsToken || op === K.ExclamationEqualsEqualsToken || op === K.EqualsEqualsToken || op === K.ExclamationEqualsToken) {
      return { kind: 'compared' };
    }
    if (op === K.EqualsToken && child === parent.right) {
      const target = unwrap(ts, parent.left);
      const name = ts.isPropertyAccessExpression(target) || ts.isElementAccessExpression(target) ? accessName(ts, target) : undefined;
      if (name !== undefined) return propertyFlow(ctx, name, undefined, parent);
      return { kind: 'other' };
    }
    if (op === K.PlusEqualsToken) return { kind: 'text' };
    return { kind: 'other' };
  }
  if (ts.isCallExpression(parent) || ts.isNewExpression(parent)) {
    if (child === parent.expression) return { kind: 'other' };
    const flow = argumentFlow(ctx, parent, child);
    if (flow !== 'continue' && flow.kind === 'other' && ts.isCallExpression(parent)) return parameterFlow(ctx, parent, child, trace, depth);
    return flow;
  }
  if (ts.isElementAccessExpression(parent)) {
    if (child !== parent.argumentExpression) return { kind: 'other' };
    const outer = parentOf(ctx, parent);
    if (outer && ts.isBinaryExpression(outer) && outer.left === parent && outer.operatorToken.kind === K.EqualsToken) return { kind: 'key' };
    return { kind: 'lookup' };
  }
  if (ts.isComputedPropertyName(parent)) return { kind: 'key' };
  if (ts.isPropertyAssignment(parent) && child === parent.initializer) {
    const name = propertyNameText(ts, parent.name);
    return name === undefined ? { kind: 'other' } : propertyFlow(ctx, name, parentOf(ctx, parent), child);
  }
  if (ts.isShorthandPropertyAssignment(parent)) return propertyFlow(ctx, parent.name.text, parentOf(ctx, parent), child);
  if (ts.isReturnStatement(parent)) return returnFlow(ctx, parent);
  if (ts.isArrowFunction(parent) && child === parent.body) return returnFlow(ctx, parent);
  if (ts.isVariableDeclaration(parent) && child === parent.initializer) return variableFlow(ctx, parent, trace, depth);
  if (ts.isJsxAttribute(parent) || ts.isJsxExpression(parent)) return { kind: 'display' };
  if (ts.isThrowStatement(parent)) return { kind: 'log' };
  if (ts.isCaseClause(parent)) return { kind: 'compared' };
  return { kind: 'other' };
}

function calleeParts(ctx: Ctx, call: TS.CallExpression | TS.NewExpression): { name: string | undefined; receiver: string | undefined } {
  const { ts } = ctx;
  const callee = unwrap(ts, call.expression);
  if (ts.isIdentifier(callee)) return { name: callee.text, receiver: undefined };
  if (ts.isPropertyAccessExpression(callee)) return { name: callee.name.text, receiver: textOf(ctx, unwrap(ts, callee.expression)) };
  return { name: undefined, receiver: undefined };
}

function argumentFlow(ctx: Ctx, call: TS.CallExpression | TS.NewExpression, child: TS.Node): CallIdFlow | 'continue' {
  const { ts } = ctx;
  const { name, receiver } = calleeParts(ctx, call);
  if (name === undefined) return { kind: 'other' };
  if (ts.isNewExpression(call) && /Error$/.test(name)) return { kind: 'log' };
  if (receiver !== undefined && LOG_RECEIVER.test(receiver.replace(/\?$/, ''))) return { kind: 'log' };
  if (receiver === undefined && LOG_CALLEE.test(name)) return { kind: 'log' };
  if (receiver === 'JSON' && name === 'stringify') return { kind: 'memo' };
  const first = call.arguments?.[0] === child;
  if (receiver !== undefined && LOOKUP_METHODS.has(name)) return { kind: 'lookup' };
  if (receiver !== undefined && name === 'set' && first) return { kind: 'key' };
  if (receiver !== undefined && name === 'add' && first) return { kind: 'key' };
  if (ts.isNewExpression(call) && name === 'Set') return { kind: 'key' };
  if ((name === 'String' && receiver === undefined) || ID_CONVERTER.test(name)) return 'continue';
  return { kind: 'other' };
}

/**
 * An argument of a function declared in this file (`handleFailure(toolName, toolCallId)`): where the
 * parameter goes in that function's body.
 */
function parameterFlow(ctx: Ctx, call: TS.CallExpression, child: TS.Node, trace: Trace, depth: number): CallIdFlow {
  const { ts } = ctx;
  const callee = unwrap(ts, call.expression);
  const index = call.arguments.indexOf(child as TS.Expression);
  if (index < 0 || depth >= MAX_DEPTH) return { kind: 'other' };
  const fn = ts.isIdentifier(callee)
    ? localFunction(ctx, call, callee.text)
    : ts.isPropertyAccessExpression(callee) && callee.expression.kind === ts.SyntaxKind.ThisKeyword
      ? ownMethod(ctx, call, callee.name.text)
      : undefined;
  const param = fn?.parameters[index];
  if (!fn || !param || !ts.isIdentifier(param.name) || param.dotDotDotToken) return { kind: 'other' };
  let quiet: CallIdFlow = { kind: 'other' };
  for (const use of usesOf(ctx, fn, param.name)) {
    const flow = climb(ctx, use, trace, depth + 1);
    if (isHarmful(flow)) return flow;
    if (quiet.kind === 'other') quiet = flow;
  }
  return quiet;
}

/** `this.name(...)`: the method (or arrow property) `name` of the class around the node the flow starts from. */
function ownMethod(ctx: Ctx, from: TS.Node, name: string): TS.FunctionLikeDeclaration | undefined {
  const { ts } = ctx;
  let cls: TS.Node | undefined = parentOf(ctx, from);
  while (cls && !ts.isClassLike(cls)) cls = parentOf(ctx, cls);
  if (!cls || !ts.isClassLike(cls)) return undefined;
  return classMethod(ctx, cls, name);
}

/** `function name(...) {}` or `const name = (...) => ...` in a block or file around the node the flow starts from. */
function localFunction(ctx: Ctx, from: TS.Node, name: string): TS.FunctionLikeDeclaration | undefined {
  const { ts } = ctx;
  for (let scope = parentOf(ctx, from); scope; scope = parentOf(ctx, scope)) {
    if (!ts.isBlock(scope) && !ts.isSourceFile(scope)) continue;
    for (const statement of scope.statements) {
      if (ts.isFunctionDeclaration(statement) && statement.name?.text === name && statement.body) return statement;
      if (!ts.isVariableStatement(statement)) continue;
      for (const decl of statement.declarationList.declarations) {
        if (!ts.isIdentifier(decl.name) || decl.name.text !== name || !decl.initializer) continue;
        const init = unwrap(ts, decl.initializer);
        if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return init;
      }
    }
  }
  return undefined;
}

/** A value stored in a property: a call-ID property or a key sends it on; `id` only of a tool-call object. */
function propertyFlow(ctx: Ctx, name: string, object: TS.Node | undefined, value: TS.Node): CallIdFlow {
  const { ts } = ctx;
  const carries =
    CALL_ID_PROPERTIES.has(name) ||
    KEY_PROPERTY.test(name) ||
    (name === 'id' && object !== undefined && isToolObject(ctx, object, value)) ||
    (object !== undefined && carrierHolds(ctx, object, name));
  if (!carries) return { kind: 'other' };
  if (object && ts.isObjectLiteralExpression(object) && objectGoesToLog(ctx, object)) return { kind: 'log' };
  return { kind: 'sent', property: name };
}

/**
 * `{ functionResponse: { id } }`: the object is the value of a key that an adapter's `callIdCarriers`
 * says holds a tool call or its answer, and `name` is where that object keeps the call ID.
 */
function carrierHolds(ctx: Ctx, object: TS.Node, name: string): boolean {
  const { ts } = ctx;
  const holder = parentOf(ctx, object);
  if (!holder || !ts.isPropertyAssignment(holder) || holder.initializer !== object) return false;
  const key = propertyNameText(ts, holder.name);
  return key !== undefined && ctx.adapters.some((adapter) => adapter.callIdCarriers?.some((c) => c.holder === key && c.property === name) === true);
}

/** An object literal that is a tool call or a tool result: a tool `type`, a spread tool call, or the tool call's own `id` copied. */
function isToolObject(ctx: Ctx, object: TS.Node, value: TS.Node): boolean {
  const { ts } = ctx;
  if (!ts.isObjectLiteralExpression(object)) return false;
  for (const property of object.properties) {
    if (ts.isPropertyAssignment(property) && propertyNameText(ts, property.name) === 'type') {
      const init = unwrap(ts, property.initializer);
      if (isStringLike(ts, init) && TOOL_OBJECT_TYPE.test(init.text)) return true;
    }
    if (ts.isSpreadAssignment(property)) {
      const spread = unwrap(ts, property.expression);
      if (ts.isIdentifier(spread) && TOOL_CALL_VALUE.test(spread.text)) return true;
    }
  }
  // `{ id, name, input }`: a tool's name and its arguments beside the ID make the object a tool call.
  if (hasCallShape(ctx, object)) return true;
  // `id: toolCall.id ?? ''`: the tool call's own ID copied into the object that stands for it.
  return /\b(?:tool_?call|tc|tool_?use)\??\.id\b/i.test(textOf(ctx, value));
}

/** Properties that hold a tool call's arguments. */
const ARGUMENTS_PROPERTY = /^(?:input|arguments|args|parameters|params)$/;

/** An object literal with a tool's `name` and its arguments (`input`, `arguments`, `args`), or those under `function`. */
function hasCallShape(ctx: Ctx, object: TS.ObjectLiteralExpression): boolean {
  const { ts } = ctx;
  const names = new Set(
    object.properties.flatMap((property) => {
      if (ts.isShorthandPropertyAssignment(property)) return [property.name.text];
      const name = ts.isPropertyAssignment(property) || ts.isMethodDeclaration(property) ? propertyNameText(ts, property.name) : undefined;
      return name === undefined ? [] : [name];
    }),
  );
  if (names.has('name') && [...names].some((name) => ARGUMENTS_PROPERTY.test(name))) return true;
  // Chat Completions' `{ id, type: 'function', function: { name, arguments } }` nests the two.
  return object.properties.some((property) => {
    if (!ts.isPropertyAssignment(property) || propertyNameText(ts, property.name) !== 'function') return false;
    const inner = unwrap(ts, property.initializer);
    return ts.isObjectLiteralExpression(inner) && hasCallShape(ctx, inner);
  });
}

/** `logger.info({ callId: id ?? 'unknown' })`, `console.log({...})`, `new Error(...)`. */
function objectGoesToLog(ctx: Ctx, object: TS.ObjectLiteralExpression): boolean {
  const { ts } = ctx;
  let node: TS.Node = object;
  for (let parent = parentOf(ctx, node); parent; node = parent, parent = parentOf(ctx, node)) {
    if (ts.isParenthesizedExpression(parent) || ts.isAsExpression(parent) || ts.isSatisfiesExpression(parent)) continue;
    if (ts.isCallExpression(parent) || ts.isNewExpression(parent)) {
      if (node === parent.expression) return false;
      const flow = argumentFlow(ctx, parent, node);
      return flow !== 'continue' && flow.kind === 'log';
    }
    return false;
  }
  return false;
}

/** A returned value: a call ID, unless the function makes text for a person. */
function returnFlow(ctx: Ctx, node: TS.Node): CallIdFlow {
  const { ts } = ctx;
  for (let current: TS.Node | undefined = node; current; current = parentOf(ctx, current)) {
    if (!isFunctionLike(ts, current)) continue;
    const name = functionName(ctx, current);
    if (name !== undefined && DISPLAY_FUNCTION.test(name)) return { kind: 'display' };
    return { kind: 'returned' };
  }
  return { kind: 'returned' };
}

function functionName(ctx: Ctx, fn: TS.FunctionLikeDeclaration): string | undefined {
  const { ts } = ctx;
  if (fn.name && ts.isIdentifier(fn.name)) return fn.name.text;
  const parent = parentOf(ctx, fn);
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent)) return propertyNameText(ts, parent.name);
  return undefined;
}

/** `const id = <coercion>`: rejected on the next statement, or followed to its uses. */
function variableFlow(ctx: Ctx, decl: TS.VariableDeclaration, trace: Trace, depth: number): CallIdFlow {
  const { ts } = ctx;
  if (!ts.isIdentifier(decl.name)) return { kind: 'other' };
  const list = parentOf(ctx, decl);
  const statement = list && parentOf(ctx, list);
  if (!list || !ts.isVariableDeclarationList(list) || !statement || !ts.isVariableStatement(statement)) return { kind: 'other' };
  if ((list.flags & ts.NodeFlags.BlockScoped) === 0) return { kind: 'other' };
  const name = decl.name.text;
  if (rejectedNext(ctx, statement, name, trace.fallback)) return { kind: 'guarded' };
  if (depth >= MAX_DEPTH) return { kind: 'other' };
  const container = containerOf(ctx, statement);
  if (!container) return { kind: 'other' };
  const uses = usesOf(ctx, container, decl.name);
  const guardable = isEmptyFallback(ctx, trace.fallback);
  let quiet: CallIdFlow = { kind: 'other' };
  for (const use of uses) {
    if (guardable && insideTruthyGuard(ctx, use, name, container)) continue;
    const flow = climb(ctx, use, trace, depth + 1);
    if (isHarmful(flow)) return flow;
    if (quiet.kind === 'other') quiet = flow;
  }
  return quiet;
}

/** Where a binding's value goes: its reads after the declaration in its function (`const { id = '' } = call`). */
export function bindingFlow(ctx: Ctx, name: TS.Identifier, trace: Trace): CallIdFlow {
  const container = containerOf(ctx, name);
  if (!container) return { kind: 'other' };
  const guardable = isEmptyFallback(ctx, trace.fallback);
  let quiet: CallIdFlow = { kind: 'other' };
  for (const use of usesOf(ctx, container, name)) {
    if (guardable && insideTruthyGuard(ctx, use, name.text, container)) continue;
    const flow = climb(ctx, use, trace, 1);
    if (isHarmful(flow)) return flow;
    if (quiet.kind === 'other') quiet = flow;
  }
  return quiet;
}

export function isHarmful(flow: CallIdFlow): boolean {
  return flow.kind === 'sent' || flow.kind === 'returned' || flow.kind === 'key' || flow.kind === 'compared';
}

/** `if (!id) return;`, `if (id === '') throw ...` after the declaration, before anything else reads `id`. */
function rejectedNext(ctx: Ctx, statement: TS.VariableStatement, name: string, fallback: TS.Expression | undefined): boolean {
  const { ts } = ctx;
  const block = parentOf(ctx, statement);
  if (!block || !('statements' in block)) return false;
  const statements = (block as TS.Block).statements;
  let next: TS.Statement | undefined;
  for (let i = statements.indexOf(statement) + 1; i < statements.length; i++) {
    if (mentions(ctx, statements[i]!, name)) {
      next = statements[i];
      break;
    }
  }
  if (!next || !ts.isIfStatement(next) || !exits(ctx, next.thenStatement)) return false;
  const fallbackText = fallback && isStringLike(ts, unwrap(ts, fallback)) ? (unwrap(ts, fallback) as TS.StringLiteral).text : undefined;
  return testsMissing(ctx, next.expression, name, fallbackText);
}

/** Does `node` read the identifier `name` anywhere? */
function mentions(ctx: Ctx, node: TS.Node, name: string): boolean {
  const { ts } = ctx;
  let found = false;
  const visit = (n: TS.Node): void => {
    if (found) return;
    if (ts.isIdentifier(n)) {
      if (n.text === name && isRead(ctx, n)) found = true;
      return;
    }
    ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
}

/**
 * A read of `name` that only runs when it is truthy: inside `if (id) { … }`, `id ? … : …`, `id && …`
 * (also `id !== ''`, `id.length`, `id.trim()`). An empty stand-in never gets there.
 */
function insideTruthyGuard(ctx: Ctx, use: TS.Node, name: string, container: TS.Node): boolean {
  const { ts } = ctx;
  let child: TS.Node = use;
  for (let parent = parentOf(ctx, child); parent && parent !== container; child = parent, parent = parentOf(ctx, child)) {
    if (ts.isIfStatement(parent) && child === parent.thenStatement && impliesTruthy(ctx, parent.expression, name)) return true;
    if (ts.isConditionalExpression(parent) && child === parent.whenTrue && impliesTruthy(ctx, parent.condition, name)) return true;
    if (ts.isBinaryExpression(parent) && child === parent.right && parent.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken && impliesTruthy(ctx, parent.left, name)) {
      return true;
    }
  }
  return false;
}

function impliesTruthy(ctx: Ctx, condition: TS.Expression, name: string): boolean {
  const { ts } = ctx;
  const K = ts.SyntaxKind;
  const e = unwrap(ts, condition);
  const isName = (x: TS.Expression): boolean => {
    const u = unwrap(ts, x);
    return ts.isIdentifier(u) && u.text === name;
  };
  if (isName(e)) return true;
  if (ts.isPrefixUnaryExpression(e) && e.operator === K.ExclamationToken) {
    const inner = unwrap(ts, e.operand);
    return ts.isPrefixUnaryExpression(inner) && inner.operator === K.ExclamationToken && isName(inner.operand);
  }
  // `id.length`, `id.trim()`, `id.length > 0`
  if (ts.isPropertyAccessExpression(e) && e.name.text === 'length' && isName(e.expression)) return true;
  if (ts.isCallExpression(e) && ts.isPropertyAccessExpression(e.expression) && e.expression.name.text === 'trim' && isName(e.expression.expression)) return true;
  if (!ts.isBinaryExpression(e)) return false;
  const op = e.operatorToken.kind;
  if (op === K.AmpersandAmpersandToken) return impliesTruthy(ctx, e.left, name) || impliesTruthy(ctx, e.right, name);
  if (op === K.ExclamationEqualsEqualsToken || op === K.ExclamationEqualsToken) {
    const [left, right] = [unwrap(ts, e.left), unwrap(ts, e.right)];
    return (isName(left) && isStringLike(ts, right) && right.text === '') || (isName(right) && isStringLike(ts, left) && left.text === '');
  }
  if (op === K.GreaterThanToken) return impliesTruthy(ctx, e.left, name);
  return false;
}

/** The empty string: the stand-in a truthiness guard keeps out. */
function isEmptyFallback(ctx: Ctx, fallback: TS.Expression | undefined): boolean {
  const e = fallback && unwrap(ctx.ts, fallback);
  return !!e && isStringLike(ctx.ts, e) && e.text === '';
}

function exits(ctx: Ctx, statement: TS.Statement): boolean {
  const { ts } = ctx;
  const last = ts.isBlock(statement) ? statement.statements[statement.statements.length - 1] : statement;
  if (!last) return false;
  const K = ts.SyntaxKind;
  return ts.isReturnStatement(last) || ts.isThrowStatement(last) || last.kind === K.ContinueStatement || last.kind === K.BreakStatement;
}

/** `!id`, `id === ''`, `id === 'unknown'`, `!id || ...`: the condition says the ID is the stand-in. */
function testsMissing(ctx: Ctx, condition: TS.Expression, name: string, fallback: string | undefined): boolean {
  const { ts } = ctx;
  const K = ts.SyntaxKind;
  const e = unwrap(ts, condition);
  if (ts.isPrefixUnaryExpression(e) && e.operator === K.ExclamationToken) {
    const operand = unwrap(ts, e.operand);
    return ts.isIdentifier(operand) && operand.text === name && (fallback === undefined || fallback === '');
  }
  if (ts.isBinaryExpression(e)) {
    const op = e.operatorToken.kind;
    if (op === K.BarBarToken || op === K.AmpersandAmpersandToken) {
      return testsMissing(ctx, e.left, name, fallback) || (op === K.BarBarToken && testsMissing(ctx, e.right, name, fallback));
    }
    if (op === K.EqualsEqualsEqualsToken || op === K.EqualsEqualsToken) {
      const [left, right] = [unwrap(ts, e.left), unwrap(ts, e.right)];
      const sides = ts.isIdentifier(left) && left.text === name ? right : ts.isIdentifier(right) && right.text === name ? left : undefined;
      return sides !== undefined && isStringLike(ts, sides) && (fallback === undefined || sides.text === fallback);
    }
  }
  return false;
}

/** The function body (or file) a declaration's uses are searched in. */
function containerOf(ctx: Ctx, node: TS.Node): TS.Node | undefined {
  const { ts } = ctx;
  // A `const`/`let` lives in its block: a same-named binding in a later branch is another variable.
  const blockScoped = isBlockScopedDeclaration(ctx, node);
  for (let current = parentOf(ctx, node); current; current = parentOf(ctx, current)) {
    if (isFunctionLike(ts, current) || ts.isSourceFile(current)) return current;
    if (blockScoped && (ts.isBlock(current) || ts.isCaseClause(current) || ts.isDefaultClause(current) || ts.isForOfStatement(current) || ts.isForStatement(current))) {
      return current;
    }
  }
  return undefined;
}

/** The statement or name of a `const`/`let` declaration. */
function isBlockScopedDeclaration(ctx: Ctx, node: TS.Node): boolean {
  const { ts } = ctx;
  let current: TS.Node | undefined = node;
  while (current && (ts.isIdentifier(current) || ts.isBindingElement(current) || ts.isObjectBindingPattern(current) || ts.isArrayBindingPattern(current) || ts.isVariableDeclaration(current))) {
    current = parentOf(ctx, current);
  }
  const list = current && ts.isVariableStatement(current) ? current.declarationList : current;
  return !!list && ts.isVariableDeclarationList(list) && (list.flags & ts.NodeFlags.BlockScoped) !== 0;
}

/** Reads of `name` after its declaration inside `container` (property names and redeclarations excluded). */
function usesOf(ctx: Ctx, container: TS.Node, declared: TS.Identifier): TS.Identifier[] {
  const { ts } = ctx;
  const uses: TS.Identifier[] = [];
  const name = declared.text;
  const after = declared.getEnd();
  const visit = (node: TS.Node): void => {
    if (ts.isIdentifier(node)) {
      if (node.text === name && node.getStart(ctx.sf) >= after && isRead(ctx, node)) uses.push(node);
      return;
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(container, visit);
  return uses;
}

function isRead(ctx: Ctx, id: TS.Identifier): boolean {
  const { ts } = ctx;
  const parent = parentOf(ctx, id);
  if (!parent) return false;
  if (ts.isPropertyAccessExpression(parent) && parent.name === id) return false;
  if (ts.isPropertyAssignment(parent) && parent.name === id) return false;
  if ((ts.isVariableDeclaration(parent) || ts.isParameter(parent) || ts.isBindingElement(parent)) && parent.name === id) return false;
  if (ts.isBindingElement(parent) && parent.propertyName === id) return false;
  return true;
}
