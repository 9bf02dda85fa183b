// Reading what an adapter's `OptionAt` and `NameSource` point at in a call: options objects written
// inline or through `const`, nested option paths, spreads that may or may not set an option.
import type * as TS from 'typescript';
import type { ApprovalSpec, NameSource, OptionAt } from '../adapters/types.js';
import type { NameFrom, NameValue, ValueRef } from '../types.js';
import { type Ctx, isStringLike, propertyNameText, shortText, spanOf, unwrap } from './context.js';
import { type Scope, lookup } from './scope.js';
import { type PropertyLookup, anySpreadMayDefine, findProperty, isFalseLiteral, nameValue, resolveObject, toValueRef } from './values.js';

export type CallNode = TS.CallExpression | TS.NewExpression;

export type OptionLookup =
  | { state: 'absent' }
  /** The options (or an object on the path) cannot be followed; `node` is what could not be. */
  | { state: 'unknown'; node: TS.Node }
  | { state: 'found'; prop: PropertyLookup };

export function dynamic(ctx: Ctx, node: TS.Node, text?: string): NameValue {
  return { kind: 'dynamic', text: text ?? shortText(ctx, node), span: spanOf(ctx, node) };
}

export function unknownRef(ctx: Ctx, node: TS.Node): ValueRef {
  return { kind: 'unknown', text: shortText(ctx, node), span: spanOf(ctx, node) };
}

/** A property of a known object literal: absent, maybe set by a spread that cannot be followed, or found. */
export function lookupProperty(ctx: Ctx, object: { obj: TS.ObjectLiteralExpression; scope: Scope }, key: string): OptionLookup {
  const prop = findProperty(ctx, object.obj, key, object.scope);
  if (prop) return { state: 'found', prop };
  return anySpreadMayDefine(ctx, object.obj, key, object.scope) ? { state: 'unknown', node: object.obj } : { state: 'absent' };
}

/** The option at `at` of a call: certainly absent, not followable, or found. */
export function lookupOption(ctx: Ctx, call: CallNode, at: OptionAt, scope: Scope): OptionLookup {
  const arg = call.arguments?.[at.argument];
  if (!arg) return { state: 'absent' };
  // A function is no options object: `tool(fn, { name })` names nothing at argument 0, so a
  // definer's next source (argument 1) is read. (Sources are tried in order: `NameSource`.)
  if (at.path.length > 0 && functionOf(ctx, arg, scope)) return { state: 'absent' };
  let current = resolveObject(ctx, arg, scope);
  if (!current) return { state: 'unknown', node: arg };
  for (let i = 0; i < at.path.length; i++) {
    const found = lookupProperty(ctx, current, at.path[i]!);
    if (found.state !== 'found' || i === at.path.length - 1) return found;
    const next = resolveObject(ctx, found.prop.value, found.prop.scope);
    if (!next) return { state: 'unknown', node: found.prop.node };
    current = next;
  }
  return { state: 'absent' };
}

/** A string option: the written name and the node to report on; undefined when certainly absent. */
export function stringOption(ctx: Ctx, call: CallNode, at: OptionAt, scope: Scope): { value: NameValue; node: TS.Node } | undefined {
  if (at.path.length === 0) {
    const arg = call.arguments?.[at.argument];
    return arg ? { value: nameValue(ctx, arg, scope), node: arg } : undefined;
  }
  return stringOf(ctx, lookupOption(ctx, call, at, scope), at.path.join('.'));
}

/** The string a looked-up option or property holds (`dynamic` when it cannot be known). */
export function stringOf(ctx: Ctx, found: OptionLookup, path: string): { value: NameValue; node: TS.Node } | undefined {
  if (found.state === 'absent') return undefined;
  if (found.state === 'unknown') return { value: dynamic(ctx, found.node, `${shortText(ctx, found.node)}.${path}`), node: found.node };
  const { prop } = found;
  if (!prop.value || prop.uncertain) return { value: dynamic(ctx, prop.node), node: prop.node };
  // Findings point at the value the user would change, not at `name:`.
  return { value: nameValue(ctx, prop.value, prop.scope), node: prop.value };
}

/** A value option as a ValueRef: `unknown` when it cannot be followed, undefined when absent. */
export function valueOption(ctx: Ctx, call: CallNode, at: OptionAt, scope: Scope): ValueRef | undefined {
  if (at.path.length === 0) {
    // The argument itself: `model.bindTools([a, b])`.
    const arg = call.arguments?.[at.argument];
    return arg ? toValueRef(ctx, arg, scope) : undefined;
  }
  const found = lookupOption(ctx, call, at, scope);
  if (found.state === 'absent') return undefined;
  if (found.state === 'unknown') return unknownRef(ctx, found.node);
  const { prop } = found;
  if (!prop.value) return unknownRef(ctx, prop.node);
  const value = toValueRef(ctx, prop.value, prop.scope);
  return prop.uncertain ? { kind: 'unknown', text: shortText(ctx, prop.node), span: value.span } : value;
}

/** The option's value expression when it is written and certain. */
export function certainOption(ctx: Ctx, call: CallNode, at: OptionAt, scope: Scope): { value: TS.Expression; scope: Scope } | undefined {
  const found = lookupOption(ctx, call, at, scope);
  if (found.state !== 'found' || !found.prop.value || found.prop.uncertain) return undefined;
  return { value: found.prop.value, scope: found.prop.scope };
}

export function isTrueOption(ctx: Ctx, call: CallNode, at: OptionAt | undefined, scope: Scope): boolean {
  const found = at && certainOption(ctx, call, at, scope);
  return !!found && unwrap(ctx.ts, found.value).kind === ctx.ts.SyntaxKind.TrueKeyword;
}

function isFalsyLiteral(ctx: Ctx, expr: TS.Expression): boolean {
  const { ts } = ctx;
  const e = unwrap(ts, expr);
  if (isFalseLiteral(ctx, e) || e.kind === ts.SyntaxKind.NullKeyword) return true;
  if (ts.isIdentifier(e) && e.text === 'undefined') return true;
  if (ts.isNumericLiteral(e) && Number(e.text) === 0) return true;
  return isStringLike(ts, e) && e.text === '';
}

export function approvalRequired(ctx: Ctx, call: CallNode, approval: ApprovalSpec | undefined, scope: Scope): boolean {
  if (!approval) return false;
  const found = lookupOption(ctx, call, approval, scope);
  if (found.state !== 'found') return false;
  const { prop } = found;
  if (approval.requiredWhen === 'equals') {
    if (!prop.value) return false;
    const value = nameValue(ctx, prop.value, prop.scope);
    return value.kind === 'static' && value.value === approval.value;
  }
  return !prop.value || !isFalsyLiteral(ctx, prop.value);
}

/** The function an expression names: inline, or an identifier bound to a function. */
export function functionOf(ctx: Ctx, expr: TS.Expression | undefined, scope: Scope, depth = 0): TS.FunctionLikeDeclaration | undefined {
  const { ts } = ctx;
  if (!expr || depth > 8) return undefined;
  const e = unwrap(ts, expr);
  if (ts.isFunctionExpression(e) || ts.isArrowFunction(e)) return e;
  if (ts.isIdentifier(e)) {
    const decl = lookup(scope, e.text);
    if (decl?.kind === 'function' && decl.fn) return decl.fn.node;
    if ((decl?.kind === 'const' || decl?.kind === 'let') && !decl.reassigned && decl.init) return functionOf(ctx, decl.init, decl.scope, depth + 1);
  }
  return undefined;
}

/** The function an option holds (`execute: async () => ...`, `execute() {}`, `execute: run`). */
export function functionOption(ctx: Ctx, call: CallNode, at: OptionAt, scope: Scope): TS.FunctionLikeDeclaration | undefined {
  const found = lookupOption(ctx, call, at, scope);
  if (found.state !== 'found') return undefined;
  if (ctx.ts.isMethodDeclaration(found.prop.node)) return found.prop.node;
  return functionOf(ctx, found.prop.value, found.prop.scope);
}

/** The name JS gives the function in `{ execute: ... }` (the SDK names an unnamed tool after it). */
function inferredFunctionName(ctx: Ctx, call: CallNode, at: OptionAt, scope: Scope): NameValue | undefined {
  const { ts } = ctx;
  const found = lookupOption(ctx, call, at, scope);
  if (found.state !== 'found' || found.prop.uncertain) return undefined;
  const prop = found.prop;
  let name: string | undefined;
  if (ts.isMethodDeclaration(prop.node)) name = propertyNameText(ts, prop.node.name);
  else if (prop.value) {
    const e = unwrap(ts, prop.value);
    if (ts.isFunctionExpression(e)) name = e.name?.text ?? propertyNameText(ts, prop.node.name);
    else if (ts.isArrowFunction(e)) name = propertyNameText(ts, prop.node.name);
    else if (ts.isIdentifier(e)) {
      const decl = lookup(prop.scope, e.text);
      if (decl && functionOf(ctx, e, prop.scope)) name = decl.name;
    }
  }
  if (name === undefined) return dynamic(ctx, prop.node);
  return { kind: 'static', value: name, via: 'derived', span: spanOf(ctx, prop.node) };
}

export interface WrittenName {
  value: NameValue | undefined;
  from: NameFrom;
  /** Where a finding about the name is reported; undefined: at the callee. */
  node?: TS.Node;
}

/**
 * The name a call writes, from the first source present. Sources the walker cannot read at the
 * call (`record-key`, `class-member`, `receiver-agent`) are recorded for the linker.
 */
export function writtenName(ctx: Ctx, call: CallNode, sources: readonly NameSource[], scope: Scope): WrittenName | undefined {
  for (const source of sources) {
    switch (source.from) {
      case 'option': {
        const written = stringOption(ctx, call, source, scope);
        if (written) return { value: written.value, from: 'option', node: written.node };
        break;
      }
      case 'function-name': {
        // Only when the options are known: unknown options may hold a name.
        if (!resolveObject(ctx, call.arguments?.[source.argument], scope)) return undefined;
        const name = inferredFunctionName(ctx, call, source, scope);
        return name ? { value: name, from: 'function-name' } : undefined;
      }
      case 'argument': {
        const arg = call.arguments?.[source.index];
        if (arg) return { value: nameValue(ctx, arg, scope), from: 'argument', node: arg };
        break;
      }
      case 'record-key':
      case 'class-member':
      case 'receiver-agent':
        return { value: undefined, from: source.from };
    }
  }
  return undefined;
}
