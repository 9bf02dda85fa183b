// Class-defined tools: `class SearchTool extends StructuredTool { name = 'search' }`, matched by an
// adapter's `extends` shape. The class is the definition; `new SearchTool()` is an instance of it
// (the value IR's `instance`), which the linker turns into a member of the set that lists it.
import type * as TS from 'typescript';
import type { NameSource } from '../adapters/types.js';
import type { NameValue, ToolDefinitionFact } from '../types.js';
import { type Ctx, propertyNameText, spanOf } from './context.js';
import type { Def } from './definitions.js';
import type { Scope } from './scope.js';
import { nameValue } from './values.js';

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
  ctx.facts.tools.push(fact);
}
