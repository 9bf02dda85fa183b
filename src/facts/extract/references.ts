// Tool references: strings in a call's options that name tools of its set, as an adapter's
// `ReferenceSpec`s place them: a forced tool choice (`toolChoice: { type: 'tool', toolName: 'x' }`,
// `tool_choice: 'x'`, `requiredFunctionName`) or a list of names (`activeTools: ['a', 'b']`), also
// inside what a function option returns (`prepareStep: () => ({ toolChoice })`). Only names known
// without running code become facts; whether they name a configured tool is src/checks' call.
import type * as TS from 'typescript';
import { RETURNS, type OptionAt, type ReferenceSpec, type ToolChoiceStyle } from '../adapters/types.js';
import type { NameValue, ToolReferenceFact } from '../types.js';
import { type Ctx, isFunctionLike, unwrap } from './context.js';
import { type CallNode, functionOf, lookupProperty, stringOf } from './options.js';
import { type Scope, lookup } from './scope.js';
import { findProperty, nameValue, resolveObject } from './values.js';

const MAX_DEPTH = 16;

export interface At {
  expr?: TS.Expression;
  /** A method written in an options object (`prepareStep() {...}`). */
  fn?: TS.FunctionLikeDeclaration;
  scope: Scope;
}

export function collectReferences(ctx: Ctx, call: CallNode, specs: readonly ReferenceSpec[] | undefined, scope: Scope): ToolReferenceFact[] {
  const out: ToolReferenceFact[] = [];
  for (const spec of specs ?? []) {
    const option = optionLabel(spec);
    for (const at of optionValues(ctx, call, spec, scope)) {
      if (!at.expr) continue;
      if (spec.form === 'tool-choice') {
        for (const forced of forcedNames(ctx, at.expr, at.scope, spec.style, 0)) {
          out.push({ option: forced.option ?? option, form: 'tool-choice', name: forced.name, span: forced.name.span });
        }
      } else {
        for (const name of listedNames(ctx, at.expr, at.scope, 0, spec.objectName)) {
          out.push({
            option,
            form: 'names',
            name,
            ...(spec.serverTools ? { serverTools: true as const } : {}),
            ...(spec.effect !== undefined ? { effect: spec.effect } : {}),
            span: name.span,
          });
        }
      }
    }
  }
  return out;
}

/** How messages name the option: the object form's name option, else the last path step. */
function optionLabel(spec: ReferenceSpec): string {
  const steps = spec.path.filter((step) => step !== RETURNS);
  return steps[steps.length - 1] ?? 'tool choice';
}

/** Every expression the path can reach: through object literals, and into return values at `'()'`. */
export function optionValues(ctx: Ctx, call: CallNode, spec: OptionAt, scope: Scope): At[] {
  const arg = call.arguments?.[spec.argument];
  if (!arg) return [];
  let current: At[] = [{ expr: arg, scope }];
  for (const step of spec.path) {
    const next: At[] = [];
    for (const at of current) {
      if (step === RETURNS) {
        const fn = at.fn ?? (at.expr ? functionOf(ctx, at.expr, at.scope) : undefined);
        if (fn) next.push(...returnsOf(ctx, fn, at.scope));
        continue;
      }
      for (const branch of at.expr ? branches(ctx, at.expr, 0) : []) {
        const object = resolveObject(ctx, branch, at.scope);
        if (!object) continue;
        const prop = findProperty(ctx, object.obj, step, object.scope);
        if (!prop || prop.uncertain) continue;
        if (ctx.ts.isMethodDeclaration(prop.node)) next.push({ fn: prop.node, scope: prop.scope });
        else if (prop.value) next.push({ expr: prop.value, scope: prop.scope });
      }
    }
    current = next;
  }
  return current;
}

/** Both branches of `c ? a : b` (nested), else the expression itself. */
function branches(ctx: Ctx, expr: TS.Expression, depth: number): TS.Expression[] {
  const e = unwrap(ctx.ts, expr);
  if (!ctx.ts.isConditionalExpression(e) || depth > MAX_DEPTH) return [e];
  return [...branches(ctx, e.whenTrue, depth + 1), ...branches(ctx, e.whenFalse, depth + 1)];
}

/** The expressions a function returns (its own returns, not nested functions'), in source order. */
function returnsOf(ctx: Ctx, fn: TS.FunctionLikeDeclaration, outer: Scope): At[] {
  const { ts } = ctx;
  const scope = ctx.fnByNode.get(fn)?.scope ?? outer;
  const body = fn.body;
  if (!body) return [];
  if (!ts.isBlock(body)) return [{ expr: body, scope }];
  const out: At[] = [];
  const visit = (node: TS.Node): void => {
    if (isFunctionLike(ts, node) || ts.isClassLike(node)) return;
    if (ts.isReturnStatement(node) && node.expression) out.push({ expr: node.expression, scope });
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(body, visit);
  return out;
}

function isKnown(name: NameValue | undefined): name is NameValue {
  return name !== undefined && name.kind !== 'dynamic';
}

/** The tool names a tool choice forces: one per branch of a conditional. */
function forcedNames(ctx: Ctx, expr: TS.Expression, scope: Scope, style: ToolChoiceStyle, depth: number): Array<{ name: NameValue; option?: string }> {
  const { ts } = ctx;
  const e = unwrap(ts, expr);
  if (depth > MAX_DEPTH) return [];
  if (ts.isConditionalExpression(e)) {
    return [...forcedNames(ctx, e.whenTrue, scope, style, depth + 1), ...forcedNames(ctx, e.whenFalse, scope, style, depth + 1)];
  }
  const forced = forcedName(ctx, e, scope, style);
  return forced ? [forced] : [];
}

/** The tool a tool choice forces, when it forces one by a name known statically. */
export function forcedName(ctx: Ctx, expr: TS.Expression, scope: Scope, style: ToolChoiceStyle): { name: NameValue; option?: string } | undefined {
  const { ts } = ctx;
  const e = unwrap(ts, expr);
  const object = style.object && resolveObject(ctx, e, scope);
  if (style.object && object) {
    const { nameOption, path = [], types } = style.object;
    if (types && !types.includes(staticString(stringOf(ctx, lookupProperty(ctx, object, 'type'), 'type')?.value))) return undefined;
    const holder = objectAt(ctx, object, path);
    const name = holder && stringOf(ctx, lookupProperty(ctx, holder, nameOption), nameOption)?.value;
    // A name nested in a typed object (`{ type: 'tool', name }`) is shown as the choice option itself.
    const option = path.length > 0 || types ? undefined : nameOption;
    return isKnown(name) ? { name, ...(option ? { option } : {}) } : undefined;
  }
  if (!style.byName) return undefined;
  const value = nameValue(ctx, e, scope);
  if (value.kind === 'static' && style.modes.includes(value.value)) return undefined;
  return isKnown(value) ? { name: value } : undefined;
}

/** The names a list of names holds: literal elements, spreads of `const` lists, both branches of `?:`. */
function listedNames(ctx: Ctx, expr: TS.Expression, scope: Scope, depth: number, objectName?: readonly string[]): NameValue[] {
  const { ts } = ctx;
  if (depth > MAX_DEPTH) return [];
  const e = unwrap(ts, expr);
  if (ts.isConditionalExpression(e)) {
    return [...listedNames(ctx, e.whenTrue, scope, depth + 1, objectName), ...listedNames(ctx, e.whenFalse, scope, depth + 1, objectName)];
  }
  if (ts.isIdentifier(e)) {
    const decl = lookup(scope, e.text);
    if (decl && (decl.kind === 'const' || decl.kind === 'let') && !decl.reassigned && decl.init) return listedNames(ctx, decl.init, decl.scope, depth + 1, objectName);
    return [];
  }
  if (!ts.isArrayLiteralExpression(e)) return [];
  const names: NameValue[] = [];
  for (const element of e.elements) {
    if (ts.isSpreadElement(element)) names.push(...listedNames(ctx, element.expression, scope, depth + 1, objectName));
    else if (!ts.isOmittedExpression(element)) {
      const name = objectName ? objectNameOf(ctx, element, scope, objectName) : nameValue(ctx, element, scope);
      if (isKnown(name)) names.push(name);
    }
  }
  return names;
}

/** The name an object element of a name list gives at `path` (`{ type: 'function', name: 'x' }`). */
function objectNameOf(ctx: Ctx, element: TS.Expression, scope: Scope, path: readonly string[]): NameValue | undefined {
  const object = resolveObject(ctx, element, scope);
  const last = path[path.length - 1];
  const holder = object && last !== undefined ? objectAt(ctx, object, path.slice(0, -1)) : undefined;
  return holder && last !== undefined ? stringOf(ctx, lookupProperty(ctx, holder, last), last)?.value : undefined;
}

type ObjectAt = NonNullable<ReturnType<typeof resolveObject>>;

/** The object literal reached from `object` through `path` (each step an object-valued property). */
function objectAt(ctx: Ctx, object: ObjectAt, path: readonly string[]): ObjectAt | undefined {
  let current: ObjectAt | undefined = object;
  for (const step of path) {
    const found: ReturnType<typeof lookupProperty> | undefined = current && lookupProperty(ctx, current, step);
    current = found?.state === 'found' && found.prop.value ? resolveObject(ctx, found.prop.value, found.prop.scope) : undefined;
  }
  return current;
}

function staticString(value: NameValue | undefined): string {
  return value?.kind === 'static' ? value.value : '';
}
