// Class-defined tools: `class SearchTool extends StructuredTool { name = 'search' }`, matched by an
// adapter's `extends` shape. The class is the definition; `new SearchTool()` is an instance of it
// (the value IR's `instance`), which the linker turns into a member of the set that lists it.
import type * as TS from 'typescript';
import type { NameSource } from '../adapters/types.js';
import type { NameValue, ToolDefinitionFact, ValueRef } from '../types.js';
import { type Ctx, propertyNameText, spanOf } from './context.js';
import type { Def } from './definitions.js';
import type { Scope } from './scope.js';
import { nameValue, toValueRef } from './values.js';

/** The initialiser of an instance property `member = ...` of a class body. */
function memberInitializer(ctx: Ctx, cls: TS.ClassLikeDeclaration, member: string): TS.Expression | undefined {
  const { ts } = ctx;
  for (const element of cls.members) {
    if (!ts.isPropertyDeclaration(element) || propertyNameText(ts, element.name) !== member) continue;
    const isStatic = element.modifiers?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword);
    if (!isStatic && element.initializer) return element.initializer;
  }
  return undefined;
}

function className(ctx: Ctx, cls: TS.ClassLikeDeclaration, sources: readonly NameSource[], scope: Scope): { value: NameValue; node: TS.Node } | undefined {
  for (const source of sources) {
    if (source.from !== 'class-member') continue;
    const init = memberInitializer(ctx, cls, source.member);
    if (init) return { value: nameValue(ctx, init, scope), node: init };
  }
  return undefined;
}

/**
 * `class X extends Base` whose base is not a framework class: the base as a value and the names its
 * instance properties are set to, for the linker to decide whether X is a tool class.
 */
export function subclassRef(ctx: Ctx, cls: TS.ClassLikeDeclaration, scope: Scope): ValueRef | undefined {
  const { ts } = ctx;
  const base = cls.heritageClauses?.find((clause) => clause.token === ts.SyntaxKind.ExtendsKeyword)?.types[0]?.expression;
  if (!base) return undefined;
  const members: Record<string, NameValue> = {};
  for (const element of cls.members) {
    if (!ts.isPropertyDeclaration(element) || !element.initializer) continue;
    if (element.modifiers?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword)) continue;
    const key = propertyNameText(ts, element.name);
    if (key !== undefined && !Object.hasOwn(members, key)) members[key] = nameValue(ctx, element.initializer, scope);
  }
  return { kind: 'subclass', of: toValueRef(ctx, base, scope), members, span: spanOf(ctx, cls.name ?? cls) };
}

export function addClassTool(ctx: Ctx, cls: TS.ClassLikeDeclaration, scope: Scope, def: Extract<Def, { kind: 'tool' }>): void {
  const written = className(ctx, cls, def.spec.name, scope);
  const fact: ToolDefinitionFact = {
    id: def.id,
    adapter: def.adapter.id,
    kind: def.spec.kind,
    name: written?.value,
    namespace: undefined,
    deferLoading: false,
    approvalRequired: false,
    span: spanOf(ctx, cls),
    nameSpan: spanOf(ctx, written?.node ?? cls.name ?? cls),
  };
  if (written) fact.nameFrom = 'class-member';
  const member = def.spec.name.find((source) => source.from === 'class-member');
  if (member?.from === 'class-member') fact.nameMember = member.member;
  ctx.facts.tools.push(fact);
}
