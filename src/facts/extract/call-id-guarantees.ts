// A call ID that cannot be missing: a fallback on it never runs and `String()` of it changes nothing,
// so neither makes an ID up. Known from a framework's guarantee (an adapter's `ToolDefiner.callId`:
// the AI SDK passes `execute(input, { toolCallId })` a string), from a type written in the file
// (`interface Call { id: string }`), or from the checker in typed ESLint.
import type * as TS from 'typescript';
import { type Ctx, parentOf, propertyNameText, unwrap } from './context.js';
import { classify } from './definitions.js';
import { pickedByType } from './picked-by-type.js';
import { type Scope, lookup } from './scope.js';
import { declaredType, localTypeMembers } from './tool-call-values.js';
import type { FrameworkAdapter } from '../adapters/types.js';

export function cannotBeMissing(ctx: Ctx, expr: TS.Expression, scope: Scope, depth = 0): boolean {
  const { ts } = ctx;
  const e = unwrap(ts, expr);
  if (ctx.options.isPresentString?.(e)) return true;
  if (depth > 4) return false;
  if (ts.isIdentifier(e)) {
    const decl = lookup(scope, e.text);
    if (!decl) return false;
    const type = declaredType(ctx, decl);
    const optional = decl.kind === 'param' && decl.node !== undefined && ts.isParameter(decl.node) && decl.node.questionToken !== undefined;
    if (type) return !optional && isRequiredString(ctx, type);
    const holder = parentOf(ctx, decl.nameNode);
    if (holder && ts.isBindingElement(holder) && !holder.initializer) {
      const key = propertyNameText(ts, holder.propertyName ?? holder.name);
      const pattern = parentOf(ctx, holder);
      const param = pattern && parentOf(ctx, pattern);
      return key !== undefined && !!param && ts.isParameter(param) && guaranteedProperty(ctx, param, decl.scope) === key;
    }
    if (decl.init && (decl.kind === 'const' || !decl.reassigned)) return cannotBeMissing(ctx, decl.init, decl.scope, depth + 1);
    return false;
  }
  if (!ts.isPropertyAccessExpression(e) || e.questionDotToken) return false;
  if (providerGuarantees(ctx, e, scope)) return true;
  const receiver = unwrap(ts, e.expression);
  if (!ts.isIdentifier(receiver)) return false;
  const decl = lookup(scope, receiver.text);
  if (!decl) return false;
  if (decl.kind === 'param' && decl.node && ts.isParameter(decl.node) && guaranteedProperty(ctx, decl.node, decl.scope) === e.name.text) return true;
  const type = declaredType(ctx, decl) ?? iteratedElementType(ctx, decl.nameNode, decl.scope);
  return type !== undefined && memberIsRequiredString(ctx, type, e.name.text);
}

/** `for (const b of blocks)` where `blocks: CallBlock[]` is declared: `CallBlock`. */
function iteratedElementType(ctx: Ctx, name: TS.Node, scope: Scope): TS.TypeNode | undefined {
  const { ts } = ctx;
  const decl = parentOf(ctx, name);
  const list = decl && parentOf(ctx, decl);
  const loop = list && parentOf(ctx, list);
  if (!loop || !ts.isForOfStatement(loop) || loop.initializer !== list) return undefined;
  const iterated = unwrap(ts, loop.expression);
  const listDecl = ts.isIdentifier(iterated) ? lookup(scope, iterated.text) : undefined;
  const type = listDecl && declaredType(ctx, listDecl);
  if (!type) return undefined;
  if (ts.isArrayTypeNode(type)) return type.elementType;
  if (ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && /^(?:Readonly)?Array$/.test(type.typeName.text)) return type.typeArguments?.[0];
  return undefined;
}

/** `string`, a string literal type, or a union of them: never `undefined` or `null`. */
function isRequiredString(ctx: Ctx, type: TS.TypeNode): boolean {
  const { ts } = ctx;
  const K = ts.SyntaxKind;
  if (type.kind === K.StringKeyword) return true;
  if (ts.isLiteralTypeNode(type)) return ts.isStringLiteral(type.literal);
  if (ts.isTemplateLiteralTypeNode(type)) return true;
  if (ts.isUnionTypeNode(type)) return type.types.every((member) => isRequiredString(ctx, member));
  return false;
}

/** The member `name` of a type literal or a local interface/type alias is declared `name: string` (not optional). */
function memberIsRequiredString(ctx: Ctx, type: TS.TypeNode, name: string): boolean {
  const { ts } = ctx;
  let members: readonly TS.TypeElement[] | undefined;
  if (ts.isTypeLiteralNode(type)) members = type.members;
  else if (ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName)) members = localTypeMembers(ctx, type.typeName.text);
  const member = members?.find((m) => ts.isPropertySignature(m) && propertyNameText(ts, m.name) === name) as TS.PropertySignature | undefined;
  return !!member && !member.questionToken && !!member.type && isRequiredString(ctx, member.type);
}

/**
 * The property of `param` that the framework guarantees is the call ID: `param` is parameter
 * `callId.parameter` of the function at option `callId.path` of a tool definition whose adapter says so.
 */
export function guaranteedProperty(ctx: Ctx, param: TS.ParameterDeclaration, scope: Scope): string | undefined {
  const { ts } = ctx;
  const fn = parentOf(ctx, param);
  if (!fn || !ts.isFunctionLike(fn)) return undefined;
  const index = (fn as TS.FunctionLikeDeclaration).parameters.indexOf(param);
  // Up the option path: `execute: async (...) => …` or `execute(...) {}` inside the definition's options.
  const path: string[] = [];
  let node: TS.Node = fn;
  let parent = parentOf(ctx, node);
  if (parent && ts.isMethodDeclaration(fn) && ts.isObjectLiteralExpression(parent)) {
    const name = propertyNameText(ts, fn.name);
    if (name === undefined) return undefined;
    path.unshift(name);
    node = parent;
    parent = parentOf(ctx, node);
  }
  while (parent && (ts.isPropertyAssignment(parent) || ts.isObjectLiteralExpression(parent) || ts.isParenthesizedExpression(parent))) {
    if (ts.isPropertyAssignment(parent)) {
      const name = propertyNameText(ts, parent.name);
      if (name === undefined) return undefined;
      path.unshift(name);
    }
    node = parent;
    parent = parentOf(ctx, node);
  }
  if (!parent || !ts.isCallExpression(parent)) return undefined;
  const argument = parent.arguments.indexOf(node as TS.Expression);
  const def = classify(ctx, parent, scope);
  const spec = def?.kind === 'tool' ? def.spec.callId : undefined;
  if (!spec || spec.argument !== argument || spec.parameter !== index) return undefined;
  return spec.path.length === path.length && spec.path.every((step, i) => step === path[i]) ? spec.property : undefined;
}

/** The discriminants that guarantee a property, each with the words that void it in a file. */
type Guarantees = ReadonlyMap<string, readonly string[]>;

const guaranteesOf = new WeakMap<readonly FrameworkAdapter[], ReadonlyMap<string, Guarantees>>();

/** Every adapter's `callIdGuarantees`: property -> discriminant -> `unlessFileMentions` (lower case). */
function guaranteesByProperty(list: readonly FrameworkAdapter[]): ReadonlyMap<string, Guarantees> {
  let map = guaranteesOf.get(list);
  if (!map) {
    const byProperty = new Map<string, Map<string, string[]>>();
    for (const adapter of list) {
      for (const { discriminant, property, unlessFileMentions = [] } of adapter.callIdGuarantees ?? []) {
        let byDiscriminant = byProperty.get(property);
        if (!byDiscriminant) byProperty.set(property, (byDiscriminant = new Map()));
        byDiscriminant.set(discriminant, [...(byDiscriminant.get(discriminant) ?? []), ...unlessFileMentions.map((word) => word.toLowerCase())]);
      }
    }
    guaranteesOf.set(list, (map = byProperty));
  }
  return map;
}

const lowerText = new WeakMap<TS.SourceFile, string>();

/** The file's text contains one of `words` (lower case), in any case. */
function mentions(ctx: Ctx, words: readonly string[]): boolean {
  if (words.length === 0) return false;
  let text = lowerText.get(ctx.sf);
  if (text === undefined) lowerText.set(ctx.sf, (text = ctx.text.toLowerCase()));
  return words.some((word) => text.includes(word));
}

/**
 * `block.id` where `block` is known to be of a kind whose call ID the provider always sends: read
 * under a guard `block.type === 'tool_use'`, or `block` was picked by a callback testing that
 * (`content.find((b) => b.type === 'tool_use')`, an element of `content.filter(...)`).
 */
function providerGuarantees(ctx: Ctx, access: TS.PropertyAccessExpression, scope: Scope): boolean {
  const discriminants = guaranteesByProperty(ctx.adapters).get(access.name.text);
  if (!discriminants) return false;
  const test = (literal: string): boolean => {
    const voidedBy = discriminants.get(literal);
    return voidedBy !== undefined && !mentions(ctx, voidedBy);
  };
  // A type this file writes for the value speaks for it (`interface Block { id?: string }`).
  if (typedHere(ctx, access.expression, scope, 0)) return false;
  return pickedByType(ctx, access.expression, scope, access, test);
}


/**
 * The value, or the list it was taken from, has a type written in this file (a type literal, a
 * local interface or alias): that type, not the wire format, says whether the ID can be missing.
 * An imported type (`Anthropic.ContentBlock`) is the SDK's own and leaves the guarantee standing.
 */
function typedHere(ctx: Ctx, expr: TS.Expression, scope: Scope, depth: number): boolean {
  const { ts } = ctx;
  if (depth > 4) return false;
  let e = unwrap(ts, expr);
  // Down to the root of `a.b[0].filter(...)`: the list a value was taken from.
  while (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e) || ts.isCallExpression(e)) {
    e = unwrap(ts, ts.isCallExpression(e) ? e.expression : e.expression);
  }
  if (!ts.isIdentifier(e)) return false;
  const decl = lookup(scope, e.text);
  if (!decl) return false;
  const type = declaredType(ctx, decl);
  if (type) return writtenHere(ctx, type);
  const holder = parentOf(ctx, decl.nameNode);
  if (holder && ts.isVariableDeclaration(holder)) {
    const list = parentOf(ctx, holder);
    const loop = list && parentOf(ctx, list);
    if (loop && ts.isForOfStatement(loop) && loop.initializer === list) return typedHere(ctx, loop.expression, decl.scope, depth + 1);
  }
  if (holder && ts.isParameter(holder)) {
    const fn = parentOf(ctx, holder);
    const call = fn && parentOf(ctx, fn);
    if (call && ts.isCallExpression(call) && call.arguments[0] === fn) return typedHere(ctx, call.expression, decl.scope, depth + 1);
  }
  if (decl.init && (decl.kind === 'const' || !decl.reassigned)) return typedHere(ctx, decl.init, decl.scope, depth + 1);
  return false;
}

/** A type literal, a local interface or object alias, or a list or union of them. */
function writtenHere(ctx: Ctx, type: TS.TypeNode): boolean {
  const { ts } = ctx;
  if (ts.isTypeLiteralNode(type)) return true;
  if (ts.isArrayTypeNode(type)) return writtenHere(ctx, type.elementType);
  if (ts.isParenthesizedTypeNode(type) || ts.isTypeOperatorNode(type)) return writtenHere(ctx, type.type);
  if (ts.isUnionTypeNode(type) || ts.isIntersectionTypeNode(type)) return type.types.some((member) => writtenHere(ctx, member));
  if (ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName)) {
    if (/^(?:Readonly)?Array$/.test(type.typeName.text)) return type.typeArguments?.[0] !== undefined && writtenHere(ctx, type.typeArguments[0]);
    return localTypeMembers(ctx, type.typeName.text) !== undefined;
  }
  return false;
}
