// Handlers that run a tool by the name a request carries (`McpDispatchSpec`): `switch
// (request.params.name) { case 'a': ... }`, `if (name === 'a')` chains, through destructuring
// (`const { name, arguments: args } = request.params`) and `const` aliases. The strings the name is
// compared with are recorded; any other use of the name (a lookup, a call argument, a method on it)
// means other names may run, so the dispatch is not complete.
import type * as TS from 'typescript';
import type { McpDispatchSpec } from '../adapters/types.js';
import { type Ctx, isFunctionLike, outerParent, parentOf, propertyNameText, spanOf, unwrap } from './context.js';
import { isLogCall } from './identity-uses.js';
import { isRequest } from './mcp.js';
import { functionOf } from './options.js';
import type { Scope } from './scope.js';
import { nameValue, toValueRef } from './values.js';
import type { NameValue } from '../types.js';

// Per compiler module: two TypeScript versions number their syntax kinds differently.
const comparisonKinds = new WeakMap<object, Set<number>>();

/** True when the call sets the spec's handler (recorded even when the handler cannot be read). */
export function addMcpDispatch(ctx: Ctx, node: TS.CallExpression, receiver: TS.Expression, scope: Scope, adapterId: string, spec: McpDispatchSpec): boolean {
  if (!isRequest(ctx, node, scope, adapterId, spec.request)) return false;
  const handler = functionOf(ctx, node.arguments[spec.handler.argument], scope);
  const read = handler ? readDispatch(ctx, handler, spec.handler.parameter, spec.handler.name, ctx.fnByNode.get(handler)?.scope ?? scope) : undefined;
  (ctx.facts.mcpDispatches ??= []).push({
    adapter: adapterId,
    receiver: toValueRef(ctx, receiver, scope),
    names: read?.names ?? [],
    complete: !!read && read.complete && read.names.length > 0,
    ...(handler && rejectsOthers(ctx, handler, spec.errorFlag) ? { rejectsOthers: true as const } : {}),
    span: spanOf(ctx, node),
  });
  return true;
}

/**
 * The handler turns away a name no comparison matched: a `default:` clause, or the body's last
 * statement, throws or answers an error (`return { [errorFlag]: true, ... }`, the adapter's flag).
 * Code that runs for any other name and answers normally handles those names: it is a branch too.
 */
function rejectsOthers(ctx: Ctx, handler: TS.FunctionLikeDeclaration, errorFlag: string | undefined): boolean {
  const { ts } = ctx;
  const body = handler.body;
  if (!body || !ts.isBlock(body)) return false;
  const isErrorAnswer = (e: TS.Expression): boolean => {
    const value = unwrap(ts, ts.isAwaitExpression(e) ? e.expression : e);
    return (
      errorFlag !== undefined &&
      ts.isObjectLiteralExpression(value) &&
      value.properties.some((p) => ts.isPropertyAssignment(p) && propertyNameText(ts, p.name) === errorFlag && p.initializer.kind === ts.SyntaxKind.TrueKeyword)
    );
  };
  const rejects = (statement: TS.Statement): boolean =>
    ts.isThrowStatement(statement) || (ts.isReturnStatement(statement) && statement.expression !== undefined && isErrorAnswer(statement.expression));
  const last = body.statements.at(-1);
  if (last && rejects(last)) return true;
  let found = false;
  const visit = (node: TS.Node): void => {
    if (found || isFunctionLike(ts, node)) return;
    if (ts.isDefaultClause(node) && node.statements.some(rejects)) found = true;
    ts.forEachChild(node, visit);
  };
  body.statements.forEach(visit);
  return found;
}

interface Read {
  names: NameValue[];
  complete: boolean;
}

/** The comparisons of the requested name in the handler's body. */
function readDispatch(ctx: Ctx, handler: TS.FunctionLikeDeclaration, parameter: number, target: readonly string[], scope: Scope): Read | undefined {
  const { ts } = ctx;
  const param = handler.parameters[parameter];
  if (!param || !handler.body) return undefined;
  // Local names holding the request or a part of it, with the path they stand for.
  const tracked = new Map<string, string[]>();
  const read: Read = { names: [], complete: true };
  if (!bind(ctx, param.name, [], target, tracked)) read.complete = false;
  const visit = (node: TS.Node): void => {
    if (ts.isIdentifier(node) && tracked.has(node.text)) {
      if (isReference(ctx, node)) use(ctx, node, tracked.get(node.text)!, target, tracked, read, scope);
      // Names are tracked by their text: a nested declaration of one would be taken for the request.
      else if (declares(ctx, node)) read.complete = false;
    }
    ts.forEachChild(node, visit);
  };
  visit(handler.body);
  return read;
}

/**
 * Binds a parameter or declaration name standing for `path` of the request. False when part of the
 * name escapes where it cannot be followed (a rest element that keeps it, a default value).
 */
function bind(ctx: Ctx, name: TS.BindingName, path: string[], target: readonly string[], tracked: Map<string, string[]>): boolean {
  const { ts } = ctx;
  if (ts.isIdentifier(name)) {
    tracked.set(name.text, path);
    return true;
  }
  if (!ts.isObjectBindingPattern(name)) return !isPrefix(path, target);
  let ok = true;
  const taken = new Set<string>();
  for (const element of name.elements) {
    const key = element.dotDotDotToken ? undefined : element.propertyName ? propertyText(ctx, element.propertyName) : ts.isIdentifier(element.name) ? element.name.text : undefined;
    if (element.dotDotDotToken) {
      // `...rest` keeps the name when the next step of the path is not destructured before it.
      if (path.length < target.length && !taken.has(target[path.length]!)) ok = false;
      continue;
    }
    if (key === undefined) {
      if (isPrefix(path, target)) ok = false;
      continue;
    }
    taken.add(key);
    const next = [...path, key];
    if (!overlaps(next, target)) continue;
    if (element.initializer && next.length >= target.length) ok = false;
    if (!bind(ctx, element.name, next, target, tracked)) ok = false;
  }
  return ok;
}

/** One reference to a tracked name: the requested name itself, an object holding it, or another part. */
function use(ctx: Ctx, id: TS.Identifier, start: string[], target: readonly string[], tracked: Map<string, string[]>, read: Read, scope: Scope): void {
  const { ts } = ctx;
  let path = start;
  let expr: TS.Node = id;
  while (path.length < target.length) {
    const { parent, child } = outerParent(ctx, expr);
    const step = parent && accessStep(ctx, parent, child);
    if (step === undefined) break;
    path = [...path, step];
    expr = parent!;
    if (!overlaps(path, target)) return;
  }
  if (path.length > target.length) return;
  // The name, or an object that holds it, kept in a `const`: followed through the declaration.
  const { parent, child } = outerParent(ctx, expr);
  if (parent && ts.isVariableDeclaration(parent) && parent.initializer === child && isConst(ctx, parent)) {
    if (!bind(ctx, parent.name, path, target, tracked)) read.complete = false;
    return;
  }
  const compared = path.length === target.length ? comparedWith(ctx, expr) : undefined;
  if (compared === 'message') return;
  if (compared === undefined) {
    read.complete = false;
    return;
  }
  for (const value of compared) {
    const name = nameValue(ctx, value, scope);
    // Compared with a value the file cannot know (`t.name`, a parameter): any tool may run.
    if (name.kind === 'dynamic') read.complete = false;
    read.names.push(name);
  }
}

function isConst(ctx: Ctx, declaration: TS.VariableDeclaration): boolean {
  const list = parentOf(ctx, declaration);
  return !!list && ctx.ts.isVariableDeclarationList(list) && (list.flags & ctx.ts.NodeFlags.Const) !== 0;
}

/**
 * What a use of the requested name compares it with: the labels of the `switch` it discriminates,
 * the other operand of `===`/`==`/`!==`/`!=`; `message` for a use that only builds text of an error,
 * an answer or a log line (inside a `throw`, a template or `+` given to `new` or an object property,
 * an argument of a console or logger call); undefined
 * for any other use.
 */
function comparedWith(ctx: Ctx, node: TS.Node): TS.Expression[] | 'message' | undefined {
  const { ts } = ctx;
  const { parent, child } = outerParent(ctx, node);
  if (!parent) return undefined;
  if (ts.isSwitchStatement(parent) && parent.expression === child) {
    return parent.caseBlock.clauses.flatMap((clause) => (ts.isCaseClause(clause) ? [clause.expression] : []));
  }
  if (ts.isBinaryExpression(parent) && comparisons(ts).has(parent.operatorToken.kind)) return [parent.left === child ? parent.right : parent.left];
  if (insideThrow(ctx, parent)) return 'message';
  let text: TS.Node = child;
  let up: TS.Node | undefined = parent;
  while (up && (ts.isTemplateSpan(up) || ts.isTemplateExpression(up) || (ts.isBinaryExpression(up) && up.operatorToken.kind === ts.SyntaxKind.PlusToken) || ts.isParenthesizedExpression(up))) {
    text = up;
    up = parentOf(ctx, up);
  }
  if (text !== child && up && (ts.isNewExpression(up) || (ts.isPropertyAssignment(up) && up.initializer === text))) return 'message';
  // `console.error(\`calling ${name}\`)`, `logger.info('tool', name)`: a log line runs no tool.
  if (up && ts.isCallExpression(up) && up.expression !== text && isLogCall(ctx, up)) return 'message';
  return undefined;
}

function comparisons(ts: Ctx['ts']): Set<number> {
  let kinds = comparisonKinds.get(ts.SyntaxKind);
  if (!kinds) {
    const K = ts.SyntaxKind;
    kinds = new Set([K.EqualsEqualsEqualsToken, K.EqualsEqualsToken, K.ExclamationEqualsEqualsToken, K.ExclamationEqualsToken]);
    comparisonKinds.set(ts.SyntaxKind, kinds);
  }
  return kinds;
}

function insideThrow(ctx: Ctx, node: TS.Node): boolean {
  const { ts } = ctx;
  for (let up: TS.Node | undefined = node; up && !ts.isFunctionLike(up); up = parentOf(ctx, up)) if (ts.isThrowStatement(up)) return true;
  return false;
}

/** `x.a`, `x['a']`: the property read from `child`. */
function accessStep(ctx: Ctx, parent: TS.Node, child: TS.Node): string | undefined {
  const { ts } = ctx;
  if (ts.isPropertyAccessExpression(parent) && parent.expression === child) return parent.name.text;
  if (ts.isElementAccessExpression(parent) && parent.expression === child) {
    const arg = unwrap(ts, parent.argumentExpression);
    if (ts.isStringLiteralLike(arg)) return arg.text;
  }
  return undefined;
}

/** An identifier read as a value: not a property name, a declared name or a destructured key. */
function isReference(ctx: Ctx, id: TS.Identifier): boolean {
  const { ts } = ctx;
  const parent = parentOf(ctx, id);
  if (!parent) return false;
  if (ts.isPropertyAccessExpression(parent)) return parent.expression === id;
  if (ts.isPropertyAssignment(parent) || ts.isMethodDeclaration(parent) || ts.isPropertyDeclaration(parent)) return parent.name !== id;
  if (ts.isBindingElement(parent) || ts.isVariableDeclaration(parent) || ts.isParameter(parent) || ts.isFunctionDeclaration(parent)) return false;
  return true;
}

/** The name a declaration declares (not a destructured key). */
function declares(ctx: Ctx, id: TS.Identifier): boolean {
  const { ts } = ctx;
  const parent = parentOf(ctx, id);
  if (!parent) return false;
  if (ts.isBindingElement(parent) || ts.isVariableDeclaration(parent) || ts.isParameter(parent) || ts.isFunctionDeclaration(parent) || ts.isClassDeclaration(parent)) return parent.name === id;
  return false;
}

function propertyText(ctx: Ctx, name: TS.PropertyName): string | undefined {
  const { ts } = ctx;
  if (ts.isIdentifier(name) || ts.isStringLiteralLike(name)) return name.text;
  return undefined;
}

function isPrefix(path: readonly string[], target: readonly string[]): boolean {
  return path.length <= target.length && path.every((step, i) => step === target[i]);
}

/** One path leads to the other: a prefix of the name's path, or a path inside the name. */
function overlaps(path: readonly string[], target: readonly string[]): boolean {
  return path.every((step, i) => i >= target.length || step === target[i]);
}
