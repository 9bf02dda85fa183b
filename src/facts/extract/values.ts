// Values: statically known names (`NameValue`) and the small value IR (`ValueRef`) that the
// linker walks across files. Everything is resolved lexically from the walk's scopes.
import type * as TS from 'typescript';
import type { NameValue, Span, StaticVia, ValueRef } from '../types.js';
import {
  type Ctx,
  accessName,
  isAsConst,
  isFunctionLike,
  parentOf,
  isStringLike,
  propertyNameText,
  shortText,
  spanOf,
  unwrap,
} from './context.js';
import { classify } from './definitions.js';
import { type Decl, type Scope, fnKeyOf, lookup } from './scope.js';

const MAX_DEPTH = 32;

type Resolved =
  | { kind: 'static'; value: string; via: StaticVia }
  | { kind: 'imported'; module: string; imported: string; path: string[] }
  /** A template or `+` of parts some of which are imported constants. */
  | { kind: 'concat'; parts: Array<Exclude<Resolved, { kind: 'concat' }>> };

/**
 * `\`${PREFIX}_search\``, `PREFIX + '_search'`: static when every part is, a `concat` when some
 * part is an imported constant the linker must read, undefined when any part is unknown.
 */
function compose(parts: ReadonlyArray<Resolved | undefined>): Resolved | undefined {
  const flat: Array<Exclude<Resolved, { kind: 'concat' }>> = [];
  for (const part of parts) {
    if (part === undefined) return undefined;
    if (part.kind === 'concat') flat.push(...part.parts);
    else flat.push(part);
  }
  if (flat.every((part) => part.kind === 'static')) return { kind: 'static', value: flat.map((part) => part.value).join(''), via: 'template' };
  return { kind: 'concat', parts: flat };
}

/** An identifier followed by static property keys: `NAMES.crm['lookup']` → NAMES, ['crm', 'lookup']. */
export function accessChain(ctx: Ctx, expr: TS.Expression): { base: TS.Identifier; path: string[] } | undefined {
  const { ts } = ctx;
  const path: string[] = [];
  let e = unwrap(ts, expr);
  while (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e)) {
    const name = accessName(ts, e);
    if (name === undefined) return undefined;
    path.unshift(name);
    e = unwrap(ts, e.expression);
  }
  return ts.isIdentifier(e) && path.length > 0 ? { base: e, path } : undefined;
}

function isValueBinding(decl: Decl): boolean {
  if (decl.kind === 'const') return true;
  return (decl.kind === 'let' || decl.kind === 'var') && !decl.reassigned;
}

/** Resolves `decl` followed by `path` to a string. */
function resolveDeclPath(ctx: Ctx, decl: Decl, path: string[], depth: number): Resolved | undefined {
  const { ts } = ctx;
  if (depth > MAX_DEPTH) return undefined;
  if (decl.kind === 'import') {
    if (decl.typeOnly || decl.module === undefined || decl.imported === undefined) return undefined;
    if (decl.imported === '*') {
      if (path.length === 0) return undefined;
      return { kind: 'imported', module: decl.module, imported: path[0]!, path: path.slice(1) };
    }
    return { kind: 'imported', module: decl.module, imported: decl.imported, path };
  }
  if (decl.kind === 'enum') {
    if (path.length !== 1 || !decl.node || !ts.isEnumDeclaration(decl.node)) return undefined;
    const member = decl.node.members.find((m) => propertyNameText(ts, m.name) === path[0]);
    const init = member?.initializer && unwrap(ts, member.initializer);
    return init && isStringLike(ts, init) ? { kind: 'static', value: init.text, via: 'enum' } : undefined;
  }
  if (!isValueBinding(decl)) return undefined;
  if (decl.init) return resolveIn(ctx, decl.init, decl.scope, path, depth + 1, false);
  if (decl.pattern?.path) return resolveIn(ctx, decl.pattern.root, decl.scope, [...decl.pattern.path, ...path], depth + 1, false);
  return undefined;
}

/** Resolves `expr` then walks `path` through `as const` object literals. */
function resolveIn(ctx: Ctx, expr: TS.Expression, scope: Scope, path: string[], depth: number, frozen: boolean): Resolved | undefined {
  const { ts } = ctx;
  if (depth > MAX_DEPTH) return undefined;
  const isFrozen = frozen || isAsConst(ts, expr);
  const e = unwrap(ts, expr);
  if (path.length === 0) {
    if (ts.isStringLiteral(e)) return { kind: 'static', value: e.text, via: 'literal' };
    if (ts.isNoSubstitutionTemplateLiteral(e)) return { kind: 'static', value: e.text, via: 'template' };
    if (ts.isTemplateExpression(e)) {
      const literal = (text: string): Resolved => ({ kind: 'static', value: text, via: 'template' });
      return compose([
        literal(e.head.text),
        ...e.templateSpans.flatMap((span) => [resolveIn(ctx, span.expression, scope, [], depth + 1, false), literal(span.literal.text)]),
      ]);
    }
    if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      return compose([resolveIn(ctx, e.left, scope, [], depth + 1, false), resolveIn(ctx, e.right, scope, [], depth + 1, false)]);
    }
  }
  if (ts.isIdentifier(e)) {
    const decl = lookup(scope, e.text);
    return decl ? resolveDeclPath(ctx, decl, path, depth + 1) : undefined;
  }
  if (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e)) {
    const chain = accessChain(ctx, e);
    if (!chain) return undefined;
    const decl = lookup(scope, chain.base.text);
    return decl ? resolveDeclPath(ctx, decl, [...chain.path, ...path], depth + 1) : undefined;
  }
  if (path.length === 0) return undefined;
  const [head, ...rest] = path as [string, ...string[]];
  if (ts.isObjectLiteralExpression(e) && isFrozen) {
    const prop = findProperty(ctx, e, head, scope);
    if (!prop || prop.uncertain || !prop.value) return undefined;
    return resolveIn(ctx, prop.value, prop.scope, rest, depth + 1, true);
  }
  if (ts.isArrayLiteralExpression(e) && isFrozen) {
    const index = Number(head);
    const element = Number.isInteger(index) ? e.elements[index] : undefined;
    if (!element || e.elements.slice(0, index + 1).some((el) => ts.isSpreadElement(el))) return undefined;
    return resolveIn(ctx, element, scope, rest, depth + 1, true);
  }
  if (ts.isCallExpression(e) && isObjectFreeze(ctx, e, scope) && e.arguments[0]) {
    return resolveIn(ctx, e.arguments[0], scope, path, depth + 1, true);
  }
  return undefined;
}

function isObjectFreeze(ctx: Ctx, call: TS.CallExpression, scope: Scope): boolean {
  const { ts } = ctx;
  const callee = unwrap(ts, call.expression);
  return (
    ts.isPropertyAccessExpression(callee) &&
    callee.name.text === 'freeze' &&
    ts.isIdentifier(callee.expression) &&
    callee.expression.text === 'Object' &&
    !lookup(scope, 'Object')
  );
}

/** The statically known string an expression denotes, or `dynamic`. */
export function nameValue(ctx: Ctx, expr: TS.Expression, scope: Scope): NameValue {
  const { ts } = ctx;
  const e = unwrap(ts, expr);
  // A literal's own span (without `as const` or parentheses): suggestions edit inside its quotes.
  const span = spanOf(ctx, isStringLike(ts, e) ? e : expr);
  const resolved = resolveIn(ctx, expr, scope, [], 0, false);
  if (resolved?.kind === 'imported') {
    return { kind: 'imported', module: resolved.module, imported: resolved.imported, path: resolved.path, span };
  }
  if (resolved?.kind === 'concat') {
    return {
      kind: 'concat',
      parts: resolved.parts.map((part) => (part.kind === 'static' ? { kind: 'static', value: part.value, via: part.via, span } : { ...part, span })),
      span,
    };
  }
  if (resolved?.kind === 'static') {
    let via = resolved.via;
    if (ts.isIdentifier(e)) via = 'constant';
    else if (ts.isTemplateExpression(e) || ts.isBinaryExpression(e)) via = 'template';
    else if (!isStringLike(ts, e)) via = via === 'enum' ? 'enum' : 'object';
    return { kind: 'static', value: resolved.value, via, span };
  }
  return { kind: 'dynamic', text: shortText(ctx, expr), span };
}

export interface PropertyLookup {
  /** The property node (`name: 'x'`, `{ name }`, `execute() {}`). */
  node: TS.ObjectLiteralElementLike;
  /** The value expression; undefined for methods and accessors. */
  value: TS.Expression | undefined;
  /** Scope to resolve `value` in (another object's, when the property comes through a spread). */
  scope: Scope;
  /** A later spread that cannot be followed may override it. */
  uncertain: boolean;
}

/**
 * The property named `key` of an object literal as the object is built: the last one written, or
 * one brought in by a spread of a known object literal. `uncertain` when a later spread cannot be
 * followed; undefined when absent (see `anySpreadMayDefine` for "maybe present through a spread").
 */
export function findProperty(ctx: Ctx, obj: TS.ObjectLiteralExpression, key: string, scope: Scope, depth = 0): PropertyLookup | undefined {
  const { ts } = ctx;
  let found: PropertyLookup | undefined;
  for (const prop of obj.properties) {
    if (ts.isSpreadAssignment(prop)) {
      const spread = depth > MAX_DEPTH ? undefined : resolveObject(ctx, prop.expression, scope);
      if (!spread) {
        // `...(cond && { providerOptions })`: sets `key` only if one of its objects can.
        const maybe = depth > MAX_DEPTH ? undefined : conditionalObjects(ctx, prop.expression, scope);
        if (!maybe) {
          if (found) found.uncertain = true;
          continue;
        }
        for (const object of maybe) {
          const inner = findProperty(ctx, object.obj, key, object.scope, depth + 1);
          if (inner) found = { ...inner, uncertain: true };
          else if (found && anySpreadMayDefine(ctx, object.obj, key, object.scope)) found.uncertain = true;
        }
        continue;
      }
      const inner = findProperty(ctx, spread.obj, key, spread.scope, depth + 1);
      if (inner) found = inner;
      else if (found && anySpreadMayDefine(ctx, spread.obj, key, spread.scope)) found.uncertain = true;
      continue;
    }
    if (propertyNameText(ts, prop.name) !== key) continue;
    if (ts.isPropertyAssignment(prop)) found = { node: prop, value: prop.initializer, scope, uncertain: false };
    else if (ts.isShorthandPropertyAssignment(prop)) found = { node: prop, value: prop.name, scope, uncertain: false };
    else found = { node: prop, value: undefined, scope, uncertain: false };
  }
  return found;
}

/** True unless every spread of `obj` is a known object literal without `key`. */
export function anySpreadMayDefine(ctx: Ctx, obj: TS.ObjectLiteralExpression, key: string, scope: Scope): boolean {
  return obj.properties.some((p) => ctx.ts.isSpreadAssignment(p) && spreadMayDefine(ctx, p.expression, key, scope, 0));
}

function spreadMayDefine(ctx: Ctx, expr: TS.Expression, key: string, scope: Scope, depth: number): boolean {
  const resolved = depth > MAX_DEPTH ? undefined : resolveObject(ctx, expr, scope);
  const objects = resolved ? [resolved] : depth > MAX_DEPTH ? undefined : conditionalObjects(ctx, expr, scope);
  if (!objects) return true;
  return objects.some((object) =>
    object.obj.properties.some((p) =>
      ctx.ts.isSpreadAssignment(p) ? spreadMayDefine(ctx, p.expression, key, object.scope, depth + 1) : propertyNameText(ctx.ts, p.name) === key,
    ),
  );
}

/**
 * The object literals a conditional spread may bring in: `cond && { a }` (spreading a falsy value
 * adds nothing), `cond ? { a } : { b }`, with `undefined`, `null`, `false` and `''` as empty
 * branches; undefined when some branch is not a known object literal.
 */
function conditionalObjects(ctx: Ctx, expr: TS.Expression, scope: Scope): Array<{ obj: TS.ObjectLiteralExpression; scope: Scope }> | undefined {
  const { ts } = ctx;
  const e = unwrap(ts, expr);
  const branches: TS.Expression[] = [];
  if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken) branches.push(e.right);
  else if (ts.isConditionalExpression(e)) branches.push(e.whenTrue, e.whenFalse);
  else return undefined;
  const out: Array<{ obj: TS.ObjectLiteralExpression; scope: Scope }> = [];
  for (const branch of branches) {
    const b = unwrap(ts, branch);
    if (b.kind === ts.SyntaxKind.NullKeyword || isFalseLiteral(ctx, b) || (ts.isIdentifier(b) && b.text === 'undefined' && !lookup(scope, 'undefined'))) continue;
    if (isStringLike(ts, b) && b.text === '') continue;
    const object = resolveObject(ctx, b, scope);
    if (!object) return undefined;
    out.push(object);
  }
  return out;
}

/** An options argument as an object literal: written inline or through a `const` binding. */
export function resolveObject(
  ctx: Ctx,
  expr: TS.Expression | undefined,
  scope: Scope,
  depth = 0,
): { obj: TS.ObjectLiteralExpression; scope: Scope } | undefined {
  const { ts } = ctx;
  if (!expr || depth > MAX_DEPTH) return undefined;
  const e = unwrap(ts, expr);
  if (ts.isObjectLiteralExpression(e)) return { obj: e, scope };
  if (ts.isIdentifier(e)) {
    const decl = lookup(scope, e.text);
    if (decl && isValueBinding(decl) && decl.init) return resolveObject(ctx, decl.init, decl.scope, depth + 1);
  }
  return undefined;
}

/** Follows an option path through nested object literals: `['mcpConfig', 'includeServerInToolNames']`. */
export function optionAt(
  ctx: Ctx,
  options: { obj: TS.ObjectLiteralExpression; scope: Scope },
  path: readonly string[],
): { prop: PropertyLookup; scope: Scope } | undefined {
  let current = options;
  for (let i = 0; i < path.length; i++) {
    const prop = findProperty(ctx, current.obj, path[i]!, current.scope);
    if (!prop) return undefined;
    if (i === path.length - 1) return { prop, scope: prop.scope };
    const next = resolveObject(ctx, prop.value, prop.scope);
    if (!next) return undefined;
    current = next;
  }
  return undefined;
}

/** True when the expression is the literal `true`. */
export function isTrueLiteral(ctx: Ctx, expr: TS.Expression | undefined): boolean {
  return !!expr && unwrap(ctx.ts, expr).kind === ctx.ts.SyntaxKind.TrueKeyword;
}

export function isFalseLiteral(ctx: Ctx, expr: TS.Expression | undefined): boolean {
  return !!expr && unwrap(ctx.ts, expr).kind === ctx.ts.SyntaxKind.FalseKeyword;
}

export function unknownRef(ctx: Ctx, node: TS.Node): ValueRef {
  return { kind: 'unknown', text: shortText(ctx, node), span: spanOf(ctx, node) };
}

export function functionRef(ctx: Ctx, node: TS.FunctionLikeDeclaration): ValueRef {
  ctx.referencedFunctions.add(node);
  return { kind: 'function', key: fnKeyOf(ctx, node), span: spanOf(ctx, node) };
}

/**
 * `Object.assign({}, a, b)`: an object built like `{ ...a, ...b }` (later sources win). Only when
 * `Object` is the global one.
 */
function objectAssign(ctx: Ctx, e: TS.Expression, scope: Scope): ValueRef | undefined {
  const { ts } = ctx;
  if (!ts.isCallExpression(e) || e.arguments.length === 0) return undefined;
  const callee = unwrap(ts, e.expression);
  if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== 'assign') return undefined;
  const owner = unwrap(ts, callee.expression);
  if (!ts.isIdentifier(owner) || owner.text !== 'Object' || lookup(scope, 'Object')) return undefined;
  const properties = e.arguments.map((arg) => ({
    key: '...',
    value: { kind: 'spread', of: toValueRef(ctx, ts.isSpreadElement(arg) ? arg.expression : arg, scope), span: spanOf(ctx, arg) } as ValueRef,
  }));
  return { kind: 'object', properties, span: spanOf(ctx, e) };
}

/** The value IR of an expression. */
export function toValueRef(ctx: Ctx, expr: TS.Expression, scope: Scope): ValueRef {
  const { ts } = ctx;
  const span = spanOf(ctx, expr);
  const e = unwrap(ts, expr);
  if (isStringLike(ts, e)) return { kind: 'string', value: e.text, span };
  if (ts.isArrayLiteralExpression(e)) {
    const elements: ValueRef[] = [];
    for (const element of e.elements) {
      if (ts.isOmittedExpression(element)) continue;
      if (ts.isSpreadElement(element)) {
        elements.push({ kind: 'spread', of: toValueRef(ctx, element.expression, scope), span: spanOf(ctx, element) });
      } else {
        elements.push(toValueRef(ctx, element, scope));
      }
    }
    return { kind: 'array', elements, span };
  }
  if (ts.isObjectLiteralExpression(e)) {
    const properties: Array<{ key: string; value: ValueRef; keySpan?: Span; dynamicKey?: true; keyValue?: ValueRef }> = [];
    for (const prop of e.properties) {
      if (ts.isSpreadAssignment(prop)) {
        properties.push({ key: '...', value: { kind: 'spread', of: toValueRef(ctx, prop.expression, scope), span: spanOf(ctx, prop) } });
        continue;
      }
      const staticKey = propertyNameText(ts, prop.name);
      const key = staticKey ?? `[${shortText(ctx, prop.name)}]`;
      const keySpan = spanOf(ctx, prop.name);
      const at =
        staticKey !== undefined
          ? { keySpan }
          : ts.isComputedPropertyName(prop.name)
            ? { keySpan, dynamicKey: true as const, keyValue: toValueRef(ctx, prop.name.expression, scope) }
            : { keySpan, dynamicKey: true as const };
      if (ts.isPropertyAssignment(prop)) properties.push({ key, value: toValueRef(ctx, prop.initializer, scope), ...at });
      else if (ts.isShorthandPropertyAssignment(prop)) properties.push({ key, value: toValueRef(ctx, prop.name, scope), ...at });
      else if (ts.isMethodDeclaration(prop)) properties.push({ key, value: functionRef(ctx, prop), ...at });
      else properties.push({ key, value: unknownRef(ctx, prop), ...at });
    }
    return { kind: 'object', properties, span };
  }
  const merged = objectAssign(ctx, e, scope);
  if (merged) return merged;
  if (ts.isIdentifier(e)) return identifierRef(ctx, e, scope, span);
  if (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e)) {
    const property = accessName(ts, e);
    if (property === undefined) return unknownRef(ctx, expr);
    const base = unwrap(ts, e.expression);
    if (base.kind === ts.SyntaxKind.ThisKeyword) {
      const field = thisFieldRef(ctx, e, base, property, scope);
      if (field) return field;
    }
    const wrapped = wrappedServerRef(ctx, e, base, property, scope);
    if (wrapped) return wrapped;
    if (ts.isIdentifier(base)) {
      const decl = lookup(scope, base.text);
      if (decl?.kind === 'import' && decl.imported === '*' && decl.module !== undefined && !decl.typeOnly) {
        return { kind: 'import', module: decl.module, imported: property, name: shortText(ctx, e), span };
      }
    }
    return { kind: 'member', object: toValueRef(ctx, e.expression, scope), property, span };
  }
  if (ts.isCallExpression(e) || ts.isNewExpression(e)) {
    const def = classify(ctx, e, scope);
    if (def) {
      switch (def.kind) {
        case 'tool':
          return { kind: 'tool', id: def.id, span };
        case 'namespace':
          return { kind: 'namespace', id: def.id, span };
        case 'handoff':
          return { kind: 'handoff', id: def.id, span };
        case 'agent':
          // A one-shot set (`generateText(...)`) is a call result, not an agent.
          return def.spec.kind === 'call' ? unknownRef(ctx, expr) : { kind: 'agent', id: def.id, span };
        case 'mcp-server':
          return { kind: 'mcp-server', id: def.id, span };
        case 'pass-through': {
          const argument = e.arguments?.[def.argument];
          return argument && !ctx.ts.isSpreadElement(argument) ? toValueRef(ctx, argument, scope) : unknownRef(ctx, expr);
        }
        default:
          break;
      }
      return unknownRef(ctx, expr);
    }
    return callOrInstanceRef(ctx, e, scope, span) ?? unknownRef(ctx, expr);
  }
  if (ts.isFunctionExpression(e) || ts.isArrowFunction(e)) return functionRef(ctx, e);
  if (e.kind === ts.SyntaxKind.ThisKeyword) return thisRef(ctx, e, scope) ?? unknownRef(ctx, expr);
  return unknownRef(ctx, expr);
}

/**
 * The class whose instance `this` denotes at `node`: the class of the nearest enclosing function
 * that binds `this` (arrows do not), when it is an instance member (a method, the constructor, an
 * accessor, a property initialiser). Undefined in plain functions and static members.
 */
function thisClass(ctx: Ctx, node: TS.Node): TS.ClassLikeDeclaration | undefined {
  const { ts } = ctx;
  for (let current = parentOf(ctx, node); current; current = parentOf(ctx, current)) {
    if (ts.isArrowFunction(current)) continue;
    if (ts.isClassStaticBlockDeclaration(current) || ts.isClassLike(current)) return undefined;
    if (isFunctionLike(ts, current) || ts.isPropertyDeclaration(current)) {
      const cls = parentOf(ctx, current);
      if (!cls || !ts.isClassLike(cls)) return undefined;
      const isStatic = !ts.isConstructorDeclaration(current) && ts.canHaveModifiers(current) && ts.getModifiers(current)?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword);
      return isStatic ? undefined : cls;
    }
  }
  return undefined;
}

const fieldWritersOf = new WeakMap<TS.Node, Map<string, TS.Expression[]>>();

/** What each instance field of a class is set to: its initialiser and every `this.f = ...` in the class. */
function fieldWriters(ctx: Ctx, cls: TS.ClassLikeDeclaration): Map<string, TS.Expression[]> {
  const cached = fieldWritersOf.get(cls);
  if (cached) return cached;
  const { ts } = ctx;
  const writers = new Map<string, TS.Expression[]>();
  const add = (name: string | undefined, value: TS.Expression): void => {
    if (name === undefined) return;
    let list = writers.get(name);
    if (!list) writers.set(name, (list = []));
    list.push(value);
  };
  const visit = (node: TS.Node): void => {
    if (ts.isBinaryExpression(node) && node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && node.operatorToken.kind <= ts.SyntaxKind.LastAssignment) {
      const left = unwrap(ts, node.left);
      if ((ts.isPropertyAccessExpression(left) || ts.isElementAccessExpression(left)) && unwrap(ts, left.expression).kind === ts.SyntaxKind.ThisKeyword && thisClass(ctx, left) === cls) {
        add(accessName(ts, left) ?? '[computed]', node.right);
      }
    }
    ts.forEachChild(node, visit);
  };
  for (const member of cls.members) {
    const isStatic = ts.canHaveModifiers(member) && ts.getModifiers(member)?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword);
    if (ts.isPropertyDeclaration(member) && member.initializer && !isStatic) add(propertyNameText(ts, member.name), member.initializer);
    visit(member);
  }
  fieldWritersOf.set(cls, writers);
  return writers;
}

/**
 * `this.server` in a class whose field `server` is set once, to a definition of a server: that
 * server (one fact for every instance of the class). Anything else is left to `member`.
 */
function thisFieldRef(ctx: Ctx, e: TS.Expression, self: TS.Node, property: string, scope: Scope): ValueRef | undefined {
  const cls = thisClass(ctx, self);
  const writers = cls && fieldWriters(ctx, cls).get(property);
  if (!writers || writers.length !== 1 || fieldWriters(ctx, cls).has('[computed]')) return undefined;
  const def = classify(ctx, unwrap(ctx.ts, writers[0]!), scope);
  return def?.kind === 'mcp-server' ? { kind: 'mcp-server', id: def.id, span: spanOf(ctx, e) } : undefined;
}

/**
 * `this.mcp.server`, `wrapper.server`: the field `server` of an object made by `new Wrapper()` (held
 * by a field of `this` set once, or by a `const`), where `Wrapper` is a class of this file whose
 * field `server` is set once, to a server: that server (one for every instance of `Wrapper`).
 */
function wrappedServerRef(ctx: Ctx, e: TS.Expression, base: TS.Expression, property: string, scope: Scope): ValueRef | undefined {
  const { ts } = ctx;
  let holder: { value: TS.Expression; scope: Scope } | undefined;
  if ((ts.isPropertyAccessExpression(base) || ts.isElementAccessExpression(base)) && unwrap(ts, base.expression).kind === ts.SyntaxKind.ThisKeyword) {
    const cls = thisClass(ctx, base);
    const name = accessName(ts, base);
    const writers = cls && name !== undefined ? fieldWriters(ctx, cls).get(name) : undefined;
    if (writers?.length === 1 && !fieldWriters(ctx, cls!).has('[computed]')) holder = { value: writers[0]!, scope };
  } else if (ts.isIdentifier(base)) {
    const decl = lookup(scope, base.text);
    if (decl?.kind === 'const' && decl.init) holder = { value: decl.init, scope: decl.scope };
  }
  const made = holder && unwrap(ts, holder.value);
  if (!made || !ts.isNewExpression(made) || !ts.isIdentifier(made.expression)) return undefined;
  const cls = lookup(holder!.scope, made.expression.text);
  if (cls?.kind !== 'class' || !cls.node || !ts.isClassLike(cls.node)) return undefined;
  const writers = fieldWriters(ctx, cls.node).get(property);
  if (writers?.length !== 1 || fieldWriters(ctx, cls.node).has('[computed]')) return undefined;
  const def = classify(ctx, unwrap(ts, writers[0]!), cls.scope);
  return def?.kind === 'mcp-server' ? { kind: 'mcp-server', id: def.id, span: spanOf(ctx, e) } : undefined;
}

/** `this` in a class that is itself a server (it extends one): that server. */
function thisRef(ctx: Ctx, self: TS.Node, scope: Scope): ValueRef | undefined {
  const cls = thisClass(ctx, self);
  const def = cls && classify(ctx, cls, scope);
  return def?.kind === 'mcp-server' ? { kind: 'mcp-server', id: def.id, span: spanOf(ctx, self) } : undefined;
}

/**
 * `new X()` of a class, `f()` of a function: values every framework needs followed (a toolkit
 * class, `tools: getTools()`). Only identifiers bound in this file or imported are followed.
 */
function callOrInstanceRef(ctx: Ctx, e: TS.CallExpression | TS.NewExpression, scope: Scope, span: ValueRef['span']): ValueRef | undefined {
  const { ts } = ctx;
  const callee = unwrap(ts, e.expression);
  if (!ts.isIdentifier(callee)) return undefined;
  const decl = lookup(scope, callee.text);
  if (!decl) return undefined;
  if (ts.isNewExpression(e)) {
    if (decl.kind !== 'class' && decl.kind !== 'import') return undefined;
    return { kind: 'instance', of: identifierRef(ctx, callee, scope, spanOf(ctx, callee)), span };
  }
  if (decl.kind === 'import') return { kind: 'call-result', fn: identifierRef(ctx, callee, scope, spanOf(ctx, callee)), span };
  const fn = decl.kind === 'function' && decl.fn ? decl.fn.node : undefined;
  return fn ? { kind: 'call-result', fn: functionRef(ctx, fn), span } : undefined;
}

function identifierRef(ctx: Ctx, id: TS.Identifier, scope: Scope, span: ValueRef['span']): ValueRef {
  const decl = lookup(scope, id.text);
  if (!decl) return unknownRef(ctx, id);
  switch (decl.kind) {
    case 'import':
      if (decl.module === undefined || decl.imported === undefined || decl.typeOnly) return unknownRef(ctx, id);
      return { kind: 'import', module: decl.module, imported: decl.imported, name: id.text, span };
    case 'param':
      if (!decl.fn || decl.paramIndex === undefined) return unknownRef(ctx, id);
      ctx.referencedFunctions.add(decl.fn.node);
      return { kind: 'param', fn: decl.fn.key, index: decl.paramIndex, name: id.text, span };
    case 'function':
    case 'class':
    case 'enum':
      return { kind: 'binding', key: decl.key, name: id.text, span };
    case 'const':
    case 'let':
    case 'var':
      if (decl.reassigned || (!decl.init && !decl.pattern?.path)) return unknownRef(ctx, id);
      return { kind: 'binding', key: decl.key, name: id.text, span };
    default:
      return unknownRef(ctx, id);
  }
}
