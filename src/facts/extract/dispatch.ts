// Handlers that run a tool by the name a request carries (`McpDispatchSpec`): `switch
// (request.params.name) { case 'a': ... }`, `if (name === 'a')` chains, through destructuring
// (`const { name, arguments: args } = request.params`) and `const` aliases. The strings the name is
// compared with are recorded; any other use of the name (a lookup, a call argument, a method on it)
// means other names may run, so the dispatch is not complete.
import type * as TS from 'typescript';
import type { McpDispatchSpec } from '../adapters/types.js';
import { type Ctx, classMethod, isFunctionLike, outerParent, parentOf, propertyNameText, spanOf, unwrap } from './context.js';
import { isLogCall } from './identity-uses.js';
import { isRequest } from './mcp.js';
import { functionOf } from './options.js';
import type { Scope } from './scope.js';
import { nameValue, toValueRef } from './values.js';
import type { DispatchDelegate, DispatchRead, NameValue } from '../types.js';

// Per compiler module: two TypeScript versions number their syntax kinds differently.
const comparisonKinds = new WeakMap<object, Set<number>>();

/** True when the call sets the spec's handler (recorded even when the handler cannot be read). */
export function addMcpDispatch(ctx: Ctx, node: TS.CallExpression, receiver: TS.Expression, scope: Scope, adapterId: string, spec: McpDispatchSpec): boolean {
  if (spec.request && !isRequest(ctx, node, scope, adapterId, spec.request)) return false;
  const flags = spec.errorFlag === undefined ? [] : [spec.errorFlag];
  const read: Read = { names: [], complete: true, rejectsOthers: false, delegates: [] };
  const arg = node.arguments[spec.handler.argument];
  // The handler as written, or a function of the file or class it names, or one imported.
  if (!arg || !handTo(ctx, arg, spec.handler.parameter, spec.handler.name, scope, flags, read, new Set())) read.complete = false;
  (ctx.facts.mcpDispatches ??= []).push({
    adapter: adapterId,
    receiver: toValueRef(ctx, receiver, scope),
    names: read.names,
    complete: read.complete && (read.names.length > 0 || read.delegates.length > 0),
    ...(read.rejectsOthers ? { rejectsOthers: true as const } : {}),
    ...(read.delegates.length > 0 ? { delegates: read.delegates } : {}),
    span: spanOf(ctx, node),
  });
  return true;
}

/**
 * How an exported function compares a parameter with strings, for handlers elsewhere that hand it
 * the requested name (`f(name)`) or the request (`f(request)`, then at the adapters' name paths).
 * Only reads that compare with something are kept; the text test skips bodies with no comparison.
 */
export function exportedDispatchReads(ctx: Ctx, fn: TS.FunctionLikeDeclaration, specs: readonly McpDispatchSpec[], scope: Scope): DispatchRead[] {
  const body = fn.body;
  if (!body || fn.parameters.length === 0) return [];
  const text = ctx.text.slice(body.pos, body.end);
  // A dispatch is a `switch`, or comparisons with strings or members (not with `null`, numbers, variables).
  if (!text.includes('switch') && !STRING_COMPARISON.test(text)) return [];
  const flags = [...new Set(specs.flatMap((spec) => (spec.errorFlag === undefined ? [] : [spec.errorFlag])))];
  const paths = [[], ...specs.map((spec) => [...spec.handler.name])];
  const seen = new Set<string>();
  const out: DispatchRead[] = [];
  let rejects: boolean | undefined;
  fn.parameters.forEach((param, index) => {
    // A parameter the body never compares, switches on, destructures or aliases compares nothing.
    if (ctx.ts.isIdentifier(param.name) && !mayCompare(text, param.name.text)) return;
    for (const path of paths) {
      const key = `${String(index)}:${path.join('.')}`;
      if (seen.has(key) || !path.every((step) => text.includes(step))) continue;
      seen.add(key);
      const read: Read = { names: [], complete: true, rejectsOthers: false, delegates: [] };
      if (!readInto(ctx, fn, index, path, scope, flags, read, new Set([fn]))) continue;
      if (!read.names.some((name) => name.kind !== 'dynamic') && read.delegates.length === 0) continue;
      if ((rejects ??= rejectsOthers(ctx, fn, flags))) read.rejectsOthers = true;
      out.push({
        index,
        path,
        names: read.names,
        complete: read.complete,
        ...(read.rejectsOthers ? { rejectsOthers: true as const } : {}),
        ...(read.delegates.length > 0 ? { delegates: read.delegates } : {}),
      });
    }
  });
  return out;
}

/** A cheap look at the text: `switch (p…`, `=== p`, `p.x ===`, `} = p`, `= p.x` (a `const` alias). */
function mayCompare(text: string, name: string): boolean {
  if (!text.includes(name)) return false;
  let pattern = comparePatterns.get(name);
  if (!pattern) {
    const p = name.replace(/[$]/g, '\\$&');
    pattern = new RegExp(`(?:switch\\s*\\(\\s*|[!=]==?\\s*|=\\s*)${p}(?![\\w$])|(?<![\\w$.])${p}(?:\\??\\.[\\w$]+)*\\s*[!=]==?`);
    // Parameter names repeat across a project (`name`, `request`, `args`): compiled once each.
    if (comparePatterns.size < 10_000) comparePatterns.set(name, pattern);
  }
  return pattern.test(text);
}

const comparePatterns = new Map<string, RegExp>();
const STRING_COMPARISON = /[!=]==?\s*(?:['"`]|[A-Za-z_$][\w$]*\.[A-Za-z_$])|['"`]\s*[!=]==?/;

/**
 * Reads the function `expr` is (written here, declared in the file, a method of the enclosing
 * class through `this.m` or `this.m.bind(this)`), or records an imported one as a delegate. False
 * when it is none of these.
 */
function handTo(ctx: Ctx, expr: TS.Expression, parameter: number, target: readonly string[], scope: Scope, flags: readonly string[], read: Read, seen: Set<TS.Node>): boolean {
  const { ts } = ctx;
  let e = unwrap(ts, expr);
  // `this.handle.bind(this)`
  if (ts.isCallExpression(e) && ts.isPropertyAccessExpression(e.expression) && e.expression.name.text === 'bind') e = unwrap(ts, e.expression.expression);
  const fn = functionOf(ctx, e, scope) ?? thisMethod(ctx, e);
  if (fn) {
    if (seen.has(fn) || seen.size > MAX_HOPS) return false;
    seen.add(fn);
    if (!readInto(ctx, fn, parameter, target, ctx.fnByNode.get(fn)?.scope ?? scope, flags, read, seen)) return false;
    if (rejectsOthers(ctx, fn, flags)) read.rejectsOthers = true;
    return true;
  }
  if (!ts.isIdentifier(e)) return false;
  const ref = toValueRef(ctx, e, scope);
  if (ref.kind !== 'import') return false;
  read.delegates.push({ callee: ref, index: parameter, path: [...target] });
  return true;
}

/** Functions followed from one handler: recursion and long chains stop being read. */
const MAX_HOPS = 8;

/** `this.handle` inside a class: its method (or arrow property) of that name. */
function thisMethod(ctx: Ctx, expr: TS.Expression): TS.FunctionLikeDeclaration | undefined {
  const { ts } = ctx;
  if (!ts.isPropertyAccessExpression(expr) || expr.expression.kind !== ts.SyntaxKind.ThisKeyword) return undefined;
  let up: TS.Node | undefined = parentOf(ctx, expr);
  // Arrow functions see the outer `this`; other functions have their own.
  while (up && !ts.isClassLike(up)) {
    if (isFunctionLike(ts, up) && !ts.isArrowFunction(up) && !ts.isMethodDeclaration(up) && !ts.isConstructorDeclaration(up)) return undefined;
    up = parentOf(ctx, up);
  }
  return up ? classMethod(ctx, up, expr.name.text) : undefined;
}

/**
 * The handler turns away a name no comparison matched: a `default:` clause, or the body's last
 * statement, throws or answers an error (`return { [errorFlag]: true, ... }`, the adapter's flag).
 * Code that runs for any other name and answers normally handles those names: it is a branch too.
 */
function rejectsOthers(ctx: Ctx, handler: TS.FunctionLikeDeclaration, errorFlags: readonly string[]): boolean {
  const { ts } = ctx;
  const body = handler.body;
  if (!body || !ts.isBlock(body)) return false;
  const isErrorAnswer = (e: TS.Expression): boolean => {
    const value = unwrap(ts, ts.isAwaitExpression(e) ? e.expression : e);
    return (
      ts.isObjectLiteralExpression(value) &&
      value.properties.some((p) => ts.isPropertyAssignment(p) && errorFlags.includes(propertyNameText(ts, p.name) ?? '') && p.initializer.kind === ts.SyntaxKind.TrueKeyword)
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
  rejectsOthers: boolean;
  delegates: DispatchDelegate[];
}

/**
 * Adds the comparisons of `target` inside parameter `parameter` of `fn` to `read`, and whether its
 * body turns other names away. False when the function has no such parameter or no body.
 */
function readInto(ctx: Ctx, fn: TS.FunctionLikeDeclaration, parameter: number, target: readonly string[], scope: Scope, flags: readonly string[], read: Read, seen: Set<TS.Node>): boolean {
  const { ts } = ctx;
  const param = fn.parameters[parameter];
  if (!param || !fn.body) return false;
  // Local names holding the request or a part of it, with the path they stand for.
  const tracked = new Map<string, string[]>();
  const walk: Walk = { read, scope, flags, seen };
  if (!bind(ctx, param.name, [], target, tracked)) read.complete = false;
  const visit = (node: TS.Node): void => {
    if (ts.isIdentifier(node) && tracked.has(node.text)) {
      if (isReference(ctx, node)) use(ctx, node, tracked.get(node.text)!, target, tracked, walk);
      // Names are tracked by their text: a nested declaration of one would be taken for the request.
      else if (declares(ctx, node)) read.complete = false;
    }
    ts.forEachChild(node, visit);
  };
  // An arrow's expression body (`(request) => handle(request)`) is a use like any other.
  visit(fn.body);
  return true;
}

interface Walk {
  read: Read;
  scope: Scope;
  flags: readonly string[];
  seen: Set<TS.Node>;
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
function use(ctx: Ctx, id: TS.Identifier, start: string[], target: readonly string[], tracked: Map<string, string[]>, walk: Walk): void {
  const { ts } = ctx;
  const { read, scope } = walk;
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
    // Handed to a function (`return handleTool(name, args)`, `this.route(request)`): its comparisons count.
    if (parent && ts.isCallExpression(parent) && parent.expression !== child) {
      const index = parent.arguments.indexOf(child as TS.Expression);
      if (index >= 0 && handTo(ctx, parent.expression, index, target.slice(path.length), scope, walk.flags, read, walk.seen)) return;
    }
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
