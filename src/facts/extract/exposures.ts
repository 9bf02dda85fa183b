// Sets of tools shown to one model: agents (`new Agent({...})`, factories) and one-shot calls
// (`kind: 'call'` in the adapter), their tool choice, and the later changes of an agent's live
// tool and handoff properties, in this module or (for imported agents) in another one.
import type * as TS from 'typescript';
import type { ExposureSpec, ObjectToolShape } from '../adapters/types.js';
import type { AgentFact, ExposureFact, ObjectToolFact, Span, ValueRef } from '../types.js';
import { type Ctx, accessName, isAssignmentOperator, makeId, outerParent, propertyNameText, shortText, spanOf, unwrap } from './context.js';
import { type Def, classify, resolveImported } from './definitions.js';
import { type Roles, addToolsPropertyUse, isContextLike } from './invocation.js';
import { type CallNode, certainOption, functionOf, isTrueOption, lookupOption, stringOption, valueOption, writtenName } from './options.js';
import { collectReferences } from './references.js';
import { type Scope, lookup } from './scope.js';
import { toValueRef } from './values.js';

/** `x.tools`, or `x['tools']` with a string key. */
export type LiveAccess = TS.PropertyAccessExpression | TS.ElementAccessExpression;

/** Exposure facts of this file's agents, by agent id: later changes are added to them. */
export type AgentSets = Map<string, { exposure: ExposureFact; spec: ExposureSpec }>;

const MUTATING_METHODS = new Set(['splice', 'pop', 'shift', 'sort', 'reverse', 'fill', 'copyWithin', 'length']);
const ADDING_METHODS = new Set(['push', 'unshift']);

export function addAgent(ctx: Ctx, roles: Roles, sets: AgentSets, node: CallNode, scope: Scope, def: Extract<Def, { kind: 'agent' }>): void {
  const { spec, adapter } = def;
  const argument = spec.tools?.argument ?? 0;
  if (spec.requiredOptions && spec.requiredOptions.every((name) => lookupOption(ctx, node, { argument, path: [name] }, scope).state === 'absent')) return;
  const span = spanOf(ctx, node);
  const tools = spec.tools ? valueOption(ctx, node, spec.tools, scope) : undefined;
  const handoffs = spec.handoffs ? valueOption(ctx, node, spec.handoffs, scope) : undefined;
  if (spec.middleware) {
    const list = certainOption(ctx, node, spec.middleware, scope);
    const array = list && unwrap(ctx.ts, list.value);
    if (array && ctx.ts.isArrayLiteralExpression(array)) {
      for (const element of array.elements) {
        const fn = functionOf(ctx, element, list.scope);
        if (fn) roles.set(fn, { role: 'middleware', contextParameter: 0, adapter });
      }
    }
  }
  const exposure: ExposureFact = {
    id: makeId(ctx, 'exposure', node),
    adapter: adapter.id,
    kind: spec.kind === 'call' ? 'call' : 'agent',
    tools,
    handoffs,
    additions: [],
    mutatedUnknown: false,
    span,
  };
  if (spec.tools?.shape === 'record') exposure.toolsShape = 'record';
  if (spec.tools?.objectNames) exposure.objectToolNames = spec.tools.objectNames.map((path) => [...path]);
  if (spec.tools?.objects) exposure.objectTools = spec.tools.objects.map(objectToolFact);
  if (spec.duplicates) exposure.duplicatesOutcome = spec.duplicates.outcome;
  if (spec.duplicates?.equate) exposure.duplicatesEquate = { pairs: spec.duplicates.equate.pairs.map(([a, b]) => [a, b]), text: spec.duplicates.equate.text };
  if (spec.tools?.byName) exposure.toolsByName = { effect: spec.tools.byName.effect, external: [...spec.tools.byName.external] };
  const references = collectReferences(ctx, node, spec.references, scope);
  if (references.length > 0) exposure.references = references;
  const keyed = (spec.keyedMembers ?? []).flatMap((at) => {
    const value = valueOption(ctx, node, at, scope);
    return value ? [{ prefix: at.prefix, value }] : [];
  });
  if (keyed.length > 0) exposure.keyedMembers = keyed;
  const also = (spec.tools?.alsoAt ?? []).flatMap((at) => valueOption(ctx, node, at, scope) ?? []);
  if (also.length > 0) exposure.alsoTools = also;
  const added = (spec.addedTools ?? []).flatMap((at) => {
    const found = certainOption(ctx, node, at, scope);
    const value = found && unwrap(ctx.ts, found.value);
    // `subAgents: []` adds nothing; any other value (a list, a variable) may.
    if (!found || !value || (ctx.ts.isArrayLiteralExpression(value) && value.elements.length === 0)) return [];
    return [{ name: at.name, span: spanOf(ctx, found.value) }];
  });
  if (added.length > 0) exposure.addedTools = added;
  const distinct = (spec.distinctAgents ?? []).flatMap((at) => {
    const value = valueOption(ctx, node, at, scope);
    return value ? [{ option: at.path.join('.'), outcome: at.outcome, value }] : [];
  });
  if (distinct.length > 0) exposure.distinctAgents = distinct;
  const servers = spec.prefixedMcpServers && valueOption(ctx, node, spec.prefixedMcpServers, scope);
  if (servers) exposure.prefixedMcpServers = { prefix: spec.prefixedMcpServers!.prefix, separator: spec.prefixedMcpServers!.separator, value: servers };
  if (spec.kind !== 'call') {
    const written = spec.name ? writtenName(ctx, node, spec.name, scope) : undefined;
    const agent: AgentFact = {
      id: def.id,
      adapter: adapter.id,
      kind: spec.kind,
      name: written?.value,
      tools,
      handoffs,
      mcpServers: spec.mcpServers ? valueOption(ctx, node, spec.mcpServers, scope) : undefined,
      includeServerInToolNames: isTrueOption(ctx, node, spec.includeServerInToolNames, scope),
      toolNameCollisionPolicy: undefined,
      span,
      nameSpan: spanOf(ctx, written?.node ?? node.expression),
    };
    if (spec.liveProperties) agent.liveProperties = { ...spec.liveProperties };
    const holder = holderOf(ctx, node);
    if (holder !== undefined) agent.holder = holder;
    if (spec.collisionPolicy) {
      const policy = stringOption(ctx, node, spec.collisionPolicy, scope)?.value;
      if (policy?.kind === 'static' && (policy.value === 'warn' || policy.value === 'error')) agent.toolNameCollisionPolicy = policy.value;
    }
    ctx.facts.agents.push(agent);
    exposure.owner = def.id;
    sets.set(def.id, { exposure, spec });
  }
  ctx.facts.exposures.push(exposure);
}

/**
 * What holds a value: the variable, object property or class field it initialises, through
 * parentheses, casts and `await` (`const supportAgent = await createAgent(...)`).
 */
function holderOf(ctx: Ctx, node: TS.Node): string | undefined {
  const { ts } = ctx;
  let { parent, child } = outerParent(ctx, node);
  while (parent && ts.isAwaitExpression(parent)) ({ parent, child } = outerParent(ctx, parent));
  if (!parent) return undefined;
  if (!ts.isVariableDeclaration(parent) && !ts.isPropertyDeclaration(parent) && !ts.isPropertyAssignment(parent)) return undefined;
  return parent.initializer === child ? propertyNameText(ts, parent.name) : undefined;
}

/**
 * A toolkit: an array literal held by a variable or returned by a function, in a file whose adapter
 * treats such lists as sets. The linker keeps it only when every element is one of that adapter's tools.
 */
export function addToolkit(ctx: Ctx, adapterId: string, array: TS.ArrayLiteralExpression | TS.ObjectLiteralExpression, scope: Scope, toolkitOf?: string[]): void {
  const record = ctx.ts.isObjectLiteralExpression(array);
  if ((record ? array.properties : array.elements).length < 2) return;
  const exposure: ExposureFact = {
    id: makeId(ctx, 'toolkit', array),
    adapter: adapterId,
    kind: 'toolkit',
    tools: toValueRef(ctx, array, scope),
    handoffs: undefined,
    additions: [],
    mutatedUnknown: false,
    span: spanOf(ctx, array),
  };
  if (toolkitOf) exposure.toolkitOf = toolkitOf;
  if (record) exposure.toolsShape = 'record';
  ctx.facts.exposures.push(exposure);
}

type Usage =
  | { kind: 'add'; values: ValueRef[]; span: Span }
  | { kind: 'assign'; value: ValueRef; span: Span }
  | { kind: 'mutate'; span: Span }
  | { kind: 'escape' }
  | { kind: 'read' };

function isAssignmentTarget(ctx: Ctx, node: TS.Node): boolean {
  const { ts } = ctx;
  const { parent, child } = outerParent(ctx, node);
  if (!parent) return false;
  if (ts.isBinaryExpression(parent)) return parent.left === child && isAssignmentOperator(ts, parent.operatorToken.kind);
  if (ts.isPrefixUnaryExpression(parent) || ts.isPostfixUnaryExpression(parent)) {
    return parent.operator === ts.SyntaxKind.PlusPlusToken || parent.operator === ts.SyntaxKind.MinusMinusToken;
  }
  return ts.isDeleteExpression(parent);
}

/** How `x.tools` is used where it appears. */
function usageOf(ctx: Ctx, access: LiveAccess, scope: Scope): Usage {
  const { ts } = ctx;
  const { parent, child } = outerParent(ctx, access);
  if (!parent) return { kind: 'read' };
  if ((ts.isPropertyAccessExpression(parent) || ts.isElementAccessExpression(parent)) && parent.expression === child) {
    if (ts.isElementAccessExpression(parent)) return isAssignmentTarget(ctx, parent) ? { kind: 'mutate', span: spanOf(ctx, parent) } : { kind: 'read' };
    const method = parent.name.text;
    const outer = outerParent(ctx, parent);
    if (outer.parent && ts.isCallExpression(outer.parent) && outer.parent.expression === outer.child) {
      const call = outer.parent;
      if (ADDING_METHODS.has(method)) {
        const values = call.arguments.map((arg) =>
          ts.isSpreadElement(arg) ? ({ kind: 'spread', of: toValueRef(ctx, arg.expression, scope), span: spanOf(ctx, arg) } as ValueRef) : toValueRef(ctx, arg, scope),
        );
        return { kind: 'add', values, span: spanOf(ctx, call) };
      }
      return MUTATING_METHODS.has(method) ? { kind: 'mutate', span: spanOf(ctx, call) } : { kind: 'read' };
    }
    if (method === 'length' && isAssignmentTarget(ctx, parent)) return { kind: 'mutate', span: spanOf(ctx, parent) };
    return { kind: 'read' };
  }
  if (ts.isBinaryExpression(parent) && parent.left === child && isAssignmentOperator(ts, parent.operatorToken.kind)) {
    if (parent.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      return { kind: 'assign', value: toValueRef(ctx, parent.right, scope), span: spanOf(ctx, parent) };
    }
    return { kind: 'mutate', span: spanOf(ctx, parent) };
  }
  if (ts.isBinaryExpression(parent)) {
    const op = parent.operatorToken.kind;
    const K = ts.SyntaxKind;
    const comparison = [K.EqualsEqualsEqualsToken, K.ExclamationEqualsEqualsToken, K.EqualsEqualsToken, K.ExclamationEqualsToken, K.InstanceOfKeyword, K.InKeyword];
    return comparison.includes(op) ? { kind: 'read' } : { kind: 'escape' };
  }
  if (
    ts.isSpreadElement(parent) ||
    ts.isSpreadAssignment(parent) ||
    ts.isTemplateSpan(parent) ||
    ts.isTypeOfExpression(parent) ||
    ts.isPrefixUnaryExpression(parent) ||
    ts.isIfStatement(parent) ||
    ts.isExpressionStatement(parent) ||
    ((ts.isForOfStatement(parent) || ts.isForInStatement(parent)) && parent.expression === child) ||
    (ts.isConditionalExpression(parent) && parent.condition === child)
  ) {
    return { kind: 'read' };
  }
  return { kind: 'escape' };
}

/**
 * The agent definition an expression denotes in this file, following `const` chains: `triage`
 * bound to `new Agent({ name: 'Triage' })`.
 */
function agentIdOf(ctx: Ctx, expr: TS.Expression, scope: Scope, depth = 0): string | undefined {
  const { ts } = ctx;
  if (depth > 8) return undefined;
  const e = unwrap(ts, expr);
  if (ts.isIdentifier(e)) {
    const decl = lookup(scope, e.text);
    if ((decl?.kind === 'const' || decl?.kind === 'let' || decl?.kind === 'var') && !decl.reassigned && decl.init) {
      return agentIdOf(ctx, decl.init, decl.scope, depth + 1);
    }
    return undefined;
  }
  if (!ts.isCallExpression(e) && !ts.isNewExpression(e)) return undefined;
  const def = classify(ctx, e, scope);
  return def?.kind === 'agent' && def.spec.kind !== 'call' ? def.id : undefined;
}

/** Which list of an agent a live property holds, per the agent's adapter. */
function listOf(spec: ExposureSpec, property: string): 'tools' | 'handoffs' | undefined {
  if (spec.liveProperties?.tools === property) return 'tools';
  if (spec.liveProperties?.handoffs === property) return 'handoffs';
  return undefined;
}

/**
 * `x.<live property>` accesses: changes of this file's agents, changes of imported agents (the
 * linker applies them), and changes of an invocation context's tools.
 */
export function addPropertyUses(ctx: Ctx, roles: Roles, sets: AgentSets, pending: ReadonlyArray<{ node: LiveAccess; scope: Scope }>): void {
  const { ts } = ctx;
  for (const { node, scope } of pending) {
    const property = accessName(ts, node);
    if (property === undefined) continue;
    const agentId = agentIdOf(ctx, node.expression, scope);
    const own = agentId !== undefined ? sets.get(agentId) : undefined;
    if (own) {
      const list = listOf(own.spec, property);
      if (!list) continue;
      const usage = usageOf(ctx, node, scope);
      const { exposure } = own;
      if (usage.kind === 'add') {
        for (const value of usage.values) exposure.additions.push({ property: list, mode: 'add', value, span: usage.span });
      } else if (usage.kind === 'assign') {
        exposure.additions.push({ property: list, mode: 'assign', value: usage.value, span: usage.span });
      } else if (usage.kind === 'mutate' || usage.kind === 'escape') {
        exposure.mutatedUnknown = true;
      }
      continue;
    }
    const receiver = unwrap(ts, node.expression);
    const imported = resolveImported(ctx, receiver, scope);
    if (imported && imported.name !== '*') {
      const usage = usageOf(ctx, node, scope);
      if (usage.kind === 'add' || usage.kind === 'assign' || usage.kind === 'mutate') {
        // The linker applies it to the agent defined in the other module, through that agent's adapter.
        ctx.facts.agentMutations.push({
          agent: { kind: 'import', module: imported.module, imported: imported.name, name: shortText(ctx, receiver), span: spanOf(ctx, receiver) },
          property,
          mode: usage.kind === 'mutate' ? 'unknown' : usage.kind,
          values: usage.kind === 'add' ? usage.values : usage.kind === 'assign' ? [usage.value] : [],
          span: usage.span,
        });
      }
      continue;
    }
    for (const adapter of ctx.enabled) {
      const spec = adapter.invocationContext;
      if (!spec || property !== spec.toolsProperty) continue;
      const usage = usageOf(ctx, node, scope);
      if (usage.kind === 'read' || usage.kind === 'escape') continue;
      const kind = isContextLike(ctx, roles, node.expression, scope, adapter, spec);
      if (kind) addToolsPropertyUse(ctx, kind, usage);
    }
  }
}


function objectToolFact(shape: ObjectToolShape): ObjectToolFact {
  const fact: ObjectToolFact = {};
  if (shape.types) fact.types = [...shape.types];
  if ('name' in shape) fact.name = [...shape.name];
  if ('list' in shape) {
    fact.list = [...shape.list];
    if (shape.group) fact.group = { ...shape.group };
  }
  if ('hosted' in shape) {
    fact.hosted = true;
    if (shape.except) fact.except = [...shape.except];
  }
  return fact;
}
