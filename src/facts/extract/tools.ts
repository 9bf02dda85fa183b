// Tool, namespace and handoff definitions. Facts keep the name as written and where it came from;
// the linker applies the framework's naming rules.
import type { ToolDefinitionFact } from '../types.js';
import type * as TS from 'typescript';
import { type Ctx, outerParent, propertyNameText, spanOf } from './context.js';
import type { Def } from './definitions.js';
import type { Roles } from './invocation.js';
import { type CallNode, approvalRequired, certainOption, functionOption, isTrueOption, unknownRef, valueOption, writtenName } from './options.js';
import type { OptionAt } from '../adapters/types.js';
import { isFalseLiteral } from './values.js';
import type { Scope } from './scope.js';
import { toValueRef } from './values.js';

export function addTool(ctx: Ctx, roles: Roles, node: CallNode, scope: Scope, def: Extract<Def, { kind: 'tool' }>): void {
  const { spec, adapter } = def;
  const written = writtenName(ctx, node, spec.name, scope);
  if (spec.execute) {
    const fn = functionOption(ctx, node, spec.execute, scope);
    if (fn) roles.set(fn, { role: 'execute', contextParameter: spec.execute.contextParameter, adapter, tool: def.id });
  }
  const fact: ToolDefinitionFact = {
    id: def.id,
    adapter: adapter.id,
    kind: spec.kind,
    name: written?.value,
    namespace: undefined,
    deferLoading: isTrueOption(ctx, node, spec.deferLoading, scope),
    approvalRequired: approvalRequired(ctx, node, spec.approval, scope),
    span: spanOf(ctx, node),
    nameSpan: spanOf(ctx, written?.node ?? node.expression),
  };
  if (written) fact.nameFrom = written.from;
  if (written?.from === 'record-key') {
    // `{ search: tool({...}) }`: the key that lists it where it is written is its name, unless a set
    // re-keys it (the linker names set members by their own keys).
    const key = recordKey(ctx, node);
    if (key) {
      fact.name = { kind: 'static', value: key.text, via: 'literal', span: spanOf(ctx, key.node) };
      fact.nameSpan = spanOf(ctx, key.node);
    }
  }
  if (isDisabled(ctx, node, spec.enabled, scope)) fact.disabled = true;
  if (spec.registers) fact.registered = true;
  if (spec.kind === 'agent-tool' && def.receiver) fact.agent = toValueRef(ctx, def.receiver, scope);
  ctx.facts.tools.push(fact);
}

/** The key of the object-literal property whose value is `node`, when written statically. */
function recordKey(ctx: Ctx, node: CallNode): { text: string; node: TS.Node } | undefined {
  const { ts } = ctx;
  const { parent } = outerParent(ctx, node);
  if (!parent || !ts.isPropertyAssignment(parent)) return undefined;
  const text = propertyNameText(ts, parent.name);
  return text === undefined ? undefined : { text, node: parent.name };
}

export function addNamespace(ctx: Ctx, node: CallNode, scope: Scope, def: Extract<Def, { kind: 'namespace' }>): void {
  const { spec, adapter } = def;
  const written = writtenName(ctx, node, spec.name, scope);
  ctx.facts.namespaces.push({
    id: def.id,
    adapter: adapter.id,
    name: written?.value,
    members: valueOption(ctx, node, spec.tools, scope) ?? unknownRef(ctx, node),
    span: spanOf(ctx, node),
    nameSpan: spanOf(ctx, written?.node ?? node.expression),
  });
}

export function addHandoff(ctx: Ctx, node: CallNode, scope: Scope, def: Extract<Def, { kind: 'handoff' }>): void {
  const { spec, adapter } = def;
  const agentArg = node.arguments?.[spec.agentArgument];
  const override = writtenName(ctx, node, spec.override, scope)?.value;
  ctx.facts.handoffs.push({
    id: def.id,
    adapter: adapter.id,
    agent: agentArg ? toValueRef(ctx, agentArg, scope) : unknownRef(ctx, node),
    toolNameOverride: override,
    ...(isDisabled(ctx, node, spec.enabled, scope) ? { disabled: true as const } : {}),
    span: spanOf(ctx, node),
  });
}

/** `isEnabled: false` written as a literal; a function or a variable may enable it at run time. */
function isDisabled(ctx: Ctx, node: CallNode, at: OptionAt | undefined, scope: Scope): boolean {
  const found = at && certainOption(ctx, node, at, scope);
  return !!found && isFalseLiteral(ctx, found.value);
}
