// Adapter-driven facts: tool, namespace, handoff, agent and MCP definitions, exposure sets and
// their later mutations, MCP registrations, functions and calls (to link a server passed through
// functions), invocation-context uses, tool choices and middleware.
import type * as TS from 'typescript';
import type { FrameworkAdapter, InvocationContextSpec, ToolChoiceStyle } from '../adapters/types.js';
import type {
  AgentFact,
  ExposureFact,
  NameValue,
  Span,
  ToolChoiceFact,
  ToolDefinitionFact,
  ValueRef,
} from '../types.js';
import {
  type Ctx,
  isAssignmentOperator,
  isStringLike,
  makeId,
  outerParent,
  propertyNameText,
  shortText,
  branchPath,
  spanOf,
  unwrap,
} from './context.js';
import { type Def, adapterForModule, classify, resolveImported } from './definitions.js';
import { type Scope, lookup } from './scope.js';
import {
  findProperty,
  anySpreadMayDefine,
  isFalseLiteral,
  isTrueLiteral,
  nameValue,
  optionAt,
  resolveObject,
  toValueRef,
} from './values.js';

type Role = { role: 'execute' | 'middleware'; contextParameter: number; adapter: FrameworkAdapter };

export interface FrameworkState {
  exposureByAgent: Map<string, ExposureFact>;
  /** Functions that run with an invocation context: a tool's execute, an agent's middleware. */
  roles: Map<TS.Node, Role>;
  pendingProperties: Array<{ node: TS.PropertyAccessExpression; scope: Scope }>;
  pendingContextCalls: Array<{
    node: TS.CallExpression;
    receiver: TS.Expression;
    method: 'addTools' | 'removeTools';
    spec: InvocationContextSpec;
    adapter: FrameworkAdapter;
    scope: Scope;
  }>;
}

export function createFrameworkState(): FrameworkState {
  return { exposureByAgent: new Map(), roles: new Map(), pendingProperties: [], pendingContextCalls: [] };
}

const MUTATING_METHODS = new Set(['splice', 'pop', 'shift', 'sort', 'reverse', 'fill', 'copyWithin', 'length']);
const ADDING_METHODS = new Set(['push', 'unshift']);

function dynamic(ctx: Ctx, node: TS.Node, text?: string): NameValue {
  return { kind: 'dynamic', text: text ?? shortText(ctx, node), span: spanOf(ctx, node) };
}

function unknownRef(ctx: Ctx, node: TS.Node): ValueRef {
  return { kind: 'unknown', text: shortText(ctx, node), span: spanOf(ctx, node) };
}

function noteDynamicName(ctx: Ctx, what: string, name: NameValue | undefined): void {
  if (name?.kind !== 'dynamic') return;
  ctx.facts.notes.push({
    kind: 'dynamic-name',
    message: `${what} name is not statically known (${name.text}); it is never used to decide a collision.`,
    span: name.span,
  });
}

function calleeSpan(ctx: Ctx, node: TS.CallExpression | TS.NewExpression): Span {
  return spanOf(ctx, node.expression);
}

type Options = { obj: TS.ObjectLiteralExpression; scope: Scope } | undefined;

/**
 * Reads a string option: the written name with the span to report on, `dynamic` when the options
 * cannot be followed, undefined when the option is certainly absent.
 */
function stringOption(
  ctx: Ctx,
  optionsArg: TS.Expression | undefined,
  options: Options,
  key: string,
): { value: NameValue; node: TS.Node } | undefined {
  if (!optionsArg) return undefined;
  if (!options) return { value: dynamic(ctx, optionsArg, `${shortText(ctx, optionsArg)}.${key}`), node: optionsArg };
  const prop = findProperty(ctx, options.obj, key, options.scope);
  if (!prop) {
    return anySpreadMayDefine(ctx, options.obj, key, options.scope) ? { value: dynamic(ctx, options.obj, `${shortText(ctx, options.obj)}.${key}`), node: options.obj } : undefined;
  }
  if (!prop.value || prop.uncertain) return { value: dynamic(ctx, prop.node), node: prop.node };
  // Findings point at the value the user would change, not at `name:`.
  return { value: nameValue(ctx, prop.value, prop.scope), node: prop.value };
}

/** A value option as a ValueRef: `unknown` when the options cannot be followed, undefined when absent. */
function valueOption(ctx: Ctx, optionsArg: TS.Expression | undefined, options: Options, key: string): ValueRef | undefined {
  if (!optionsArg) return undefined;
  if (!options) return unknownRef(ctx, optionsArg);
  const prop = findProperty(ctx, options.obj, key, options.scope);
  if (!prop) return anySpreadMayDefine(ctx, options.obj, key, options.scope) ? unknownRef(ctx, options.obj) : undefined;
  if (!prop.value) return unknownRef(ctx, prop.node);
  const value = toValueRef(ctx, prop.value, prop.scope);
  return prop.uncertain ? { kind: 'unknown', text: shortText(ctx, prop.node), span: value.span } : value;
}

function isFalsyLiteral(ctx: Ctx, expr: TS.Expression): boolean {
  const { ts } = ctx;
  const e = unwrap(ts, expr);
  if (isFalseLiteral(ctx, e) || e.kind === ts.SyntaxKind.NullKeyword) return true;
  if (ts.isIdentifier(e) && e.text === 'undefined') return true;
  if (ts.isNumericLiteral(e) && Number(e.text) === 0) return true;
  return isStringLike(ts, e) && e.text === '';
}

function approvalRequired(
  ctx: Ctx,
  approval: { option: string; requiredWhen: 'truthy' } | { option: string; requiredWhen: 'equals'; value: string } | undefined,
  options: Options,
): boolean {
  if (!approval || !options) return false;
  const prop = findProperty(ctx, options.obj, approval.option, options.scope);
  if (!prop) return false;
  if (approval.requiredWhen === 'equals') {
    if (!prop.value) return false;
    const value = nameValue(ctx, prop.value, prop.scope);
    return value.kind === 'static' && value.value === approval.value;
  }
  return !prop.value || !isFalsyLiteral(ctx, prop.value);
}

/** The function an option names: inline, or an identifier bound to a function. */
function functionOf(ctx: Ctx, expr: TS.Expression | undefined, scope: Scope, depth = 0): TS.FunctionLikeDeclaration | undefined {
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

function functionOfProperty(ctx: Ctx, options: Options, key: string): TS.FunctionLikeDeclaration | undefined {
  if (!options) return undefined;
  const prop = findProperty(ctx, options.obj, key, options.scope);
  if (!prop) return undefined;
  if (ctx.ts.isMethodDeclaration(prop.node)) return prop.node;
  return functionOf(ctx, prop.value, prop.scope);
}

/** The name JS gives the function in `{ execute: ... }` (the SDK names an unnamed tool after it). */
function inferredFunctionName(ctx: Ctx, options: NonNullable<Options>, key: string): { value: NameValue } | undefined {
  const { ts } = ctx;
  const prop = findProperty(ctx, options.obj, key, options.scope);
  if (!prop || prop.uncertain) return undefined;
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
  if (name === undefined) return { value: dynamic(ctx, prop.node) };
  return { value: { kind: 'static', value: name, via: 'derived', span: spanOf(ctx, prop.node) } };
}

/**
 * The agent definition (`new Agent(...)`, `Agent.create(...)`) an expression denotes in this file,
 * following `const` chains: `triage` bound to `new Agent({ name: 'Triage' })`.
 */
function agentDefinitionOf(
  ctx: Ctx,
  expr: TS.Expression,
  scope: Scope,
  depth = 0,
): { call: TS.CallExpression | TS.NewExpression; scope: Scope; def: Extract<Def, { kind: 'agent' }> } | undefined {
  const { ts } = ctx;
  if (depth > 8) return undefined;
  const e = unwrap(ts, expr);
  if (ts.isIdentifier(e)) {
    const decl = lookup(scope, e.text);
    if ((decl?.kind === 'const' || decl?.kind === 'let' || decl?.kind === 'var') && !decl.reassigned && decl.init) {
      return agentDefinitionOf(ctx, decl.init, decl.scope, depth + 1);
    }
    return undefined;
  }
  if (!ts.isCallExpression(e) && !ts.isNewExpression(e)) return undefined;
  const def = classify(ctx, e, scope);
  return def?.kind === 'agent' ? { call: e, scope, def } : undefined;
}

/** The static name of an agent value. */
function agentStaticName(ctx: Ctx, expr: TS.Expression, scope: Scope): string | undefined {
  const agent = agentDefinitionOf(ctx, expr, scope);
  if (!agent) return undefined;
  const optionsArg = agent.call.arguments?.[0];
  const name = stringOption(ctx, optionsArg, resolveObject(ctx, optionsArg, agent.scope), agent.def.spec.nameOption);
  return name?.value.kind === 'static' ? name.value.value : undefined;
}

/** The agent id an expression denotes when it is bound to an agent defined in this file. */
function agentIdOf(ctx: Ctx, expr: TS.Expression, scope: Scope): string | undefined {
  return agentDefinitionOf(ctx, expr, scope)?.def.id;
}

function toolChoice(ctx: Ctx, expr: TS.Expression, scope: Scope, style: ToolChoiceStyle): ToolChoiceFact {
  const { ts } = ctx;
  const span = spanOf(ctx, expr);
  const modes = new Set(['auto', 'required', 'none']);
  const e = unwrap(ts, expr);
  const object = resolveObject(ctx, e, scope);
  if (object) {
    const modeProp = findProperty(ctx, object.obj, 'mode', object.scope);
    const mode = modeProp?.value && !modeProp.uncertain ? nameValue(ctx, modeProp.value, modeProp.scope) : undefined;
    const required = stringOption(ctx, e, object, 'requiredFunctionName');
    return {
      mode: mode?.kind === 'static' && modes.has(mode.value) ? (mode.value as ToolChoiceFact['mode']) : 'unknown',
      requiredFunctionName: required?.value,
      span,
    };
  }
  const value = nameValue(ctx, e, scope);
  if (value.kind === 'static' && modes.has(value.value)) {
    return { mode: value.value as ToolChoiceFact['mode'], requiredFunctionName: undefined, span };
  }
  if (style === 'name-string' && value.kind !== 'dynamic') {
    return { mode: 'required', requiredFunctionName: value, span };
  }
  return { mode: 'unknown', requiredFunctionName: undefined, span };
}

function addTool(ctx: Ctx, st: FrameworkState, node: TS.CallExpression, scope: Scope, def: Extract<Def, { kind: 'tool' }>): void {
  const { spec, adapter } = def;
  const optionsArg = node.arguments[0];
  const options = resolveObject(ctx, optionsArg, scope);
  let name: NameValue | undefined;
  let nameSpan = calleeSpan(ctx, node);
  if (spec.kind === 'function' && spec.nameOption) {
    const written = stringOption(ctx, optionsArg, options, spec.nameOption);
    if (written) {
      name = written.value;
      nameSpan = spanOf(ctx, written.node);
    } else if (options && spec.nameFromFunctionOption) {
      name = inferredFunctionName(ctx, options, spec.nameFromFunctionOption)?.value;
    }
  }
  if (spec.execute) {
    const fn = functionOfProperty(ctx, options, spec.execute.option);
    if (fn) st.roles.set(fn, { role: 'execute', contextParameter: spec.execute.contextParameter, adapter });
  }
  const deferProp = spec.deferLoadingOption && options ? findProperty(ctx, options.obj, spec.deferLoadingOption, options.scope) : undefined;
  pushTool(ctx, adapter, node, 'Tool', {
    id: def.id,
    kind: spec.kind,
    name,
    deferLoading: !!deferProp && !deferProp.uncertain && isTrueLiteral(ctx, deferProp.value),
    approvalRequired: approvalRequired(ctx, spec.approval, options),
    nameSpan,
  });
}

/** Records a tool definition: the public name follows the adapter's naming; no namespace yet. */
function pushTool(
  ctx: Ctx,
  adapter: FrameworkAdapter,
  node: TS.Node,
  label: string,
  fields: Omit<ToolDefinitionFact, 'adapter' | 'publicName' | 'namespace' | 'span'>,
): void {
  const { name } = fields;
  ctx.facts.tools.push({
    ...fields,
    adapter: adapter.id,
    publicName: name?.kind === 'static' ? adapter.publicToolName(name.value) : undefined,
    namespace: undefined,
    span: spanOf(ctx, node),
  });
  noteDynamicName(ctx, label, name);
}

function addAgentTool(ctx: Ctx, node: TS.CallExpression, scope: Scope, def: Extract<Def, { kind: 'agent-tool' }>): void {
  const { spec, adapter } = def;
  const optionsArg = node.arguments[0];
  const options = resolveObject(ctx, optionsArg, scope);
  const written = stringOption(ctx, optionsArg, options, spec.nameOption);
  let name = written?.value;
  let nameSpan = written ? spanOf(ctx, written.node) : calleeSpan(ctx, node);
  let defaultIdentity: ToolDefinitionFact['defaultIdentity'];
  if (!written && adapter.agentToolName) {
    const agentName = agentStaticName(ctx, def.receiver, scope);
    if (agentName !== undefined) {
      const derivedName = adapter.agentToolName(agentName);
      defaultIdentity = { agentName, derivedName };
      name = { kind: 'static', value: derivedName, via: 'derived', span: calleeSpan(ctx, node) };
      nameSpan = calleeSpan(ctx, node);
    }
  }
  pushTool(ctx, adapter, node, 'Agent tool', {
    id: def.id,
    kind: 'agent-tool',
    name,
    deferLoading: false,
    approvalRequired: approvalRequired(ctx, spec.approval, options),
    defaultIdentity,
    agent: toValueRef(ctx, def.receiver, scope),
    nameSpan,
  });
}

function addNamespace(ctx: Ctx, node: TS.CallExpression, scope: Scope, def: Extract<Def, { kind: 'namespace' }>): void {
  const { spec, adapter } = def;
  const optionsArg = node.arguments[0];
  const options = resolveObject(ctx, optionsArg, scope);
  const written = stringOption(ctx, optionsArg, options, spec.nameOption);
  const name = written?.value;
  ctx.facts.namespaces.push({
    id: def.id,
    adapter: adapter.id,
    name,
    publicName: name?.kind === 'static' ? adapter.publicNamespaceName(name.value) : undefined,
    members: valueOption(ctx, optionsArg, options, spec.toolsOption) ?? unknownRef(ctx, node),
    span: spanOf(ctx, node),
    nameSpan: written ? spanOf(ctx, written.node) : calleeSpan(ctx, node),
  });
  noteDynamicName(ctx, 'Namespace', name);
}

function addHandoff(ctx: Ctx, node: TS.CallExpression, scope: Scope, def: Extract<Def, { kind: 'handoff' }>): void {
  const { spec, adapter } = def;
  const agentArg = node.arguments[spec.agentArgument];
  const optionsArg = node.arguments[spec.optionsArgument];
  const options = resolveObject(ctx, optionsArg, scope);
  ctx.facts.handoffs.push({
    id: def.id,
    adapter: adapter.id,
    agent: agentArg ? toValueRef(ctx, agentArg, scope) : unknownRef(ctx, node),
    toolNameOverride: stringOption(ctx, optionsArg, options, spec.overrideOption)?.value,
    span: spanOf(ctx, node),
  });
}

function addAgent(ctx: Ctx, st: FrameworkState, node: TS.CallExpression | TS.NewExpression, scope: Scope, def: Extract<Def, { kind: 'agent' }>): void {
  const { spec, adapter } = def;
  const optionsArg = node.arguments?.[0];
  const options = resolveObject(ctx, optionsArg, scope);
  const written = stringOption(ctx, optionsArg, options, spec.nameOption);
  const tools = valueOption(ctx, optionsArg, options, spec.toolsOption);
  const handoffs = spec.handoffsOption ? valueOption(ctx, optionsArg, options, spec.handoffsOption) : undefined;
  const mcpServers = spec.mcpServersOption ? valueOption(ctx, optionsArg, options, spec.mcpServersOption) : undefined;
  let includeServerInToolNames = false;
  if (options && spec.includeServerInToolNamesPath) {
    const found = optionAt(ctx, options, spec.includeServerInToolNamesPath);
    includeServerInToolNames = !!found && !found.prop.uncertain && isTrueLiteral(ctx, found.prop.value);
  }
  let toolNameCollisionPolicy: AgentFact['toolNameCollisionPolicy'];
  if (options && spec.collisionPolicyOption) {
    const policy = stringOption(ctx, optionsArg, options, spec.collisionPolicyOption)?.value;
    if (policy?.kind === 'static' && (policy.value === 'warn' || policy.value === 'error')) toolNameCollisionPolicy = policy.value;
  }
  let choice: ToolChoiceFact | undefined;
  if (options && spec.toolChoicePath && spec.toolChoiceStyle) {
    const found = optionAt(ctx, options, spec.toolChoicePath);
    if (found?.prop.value && !found.prop.uncertain) choice = toolChoice(ctx, found.prop.value, found.scope, spec.toolChoiceStyle);
  }
  if (options && spec.middlewareOption) {
    const prop = findProperty(ctx, options.obj, spec.middlewareOption, options.scope);
    const list = prop?.value && unwrap(ctx.ts, prop.value);
    if (list && ctx.ts.isArrayLiteralExpression(list)) {
      for (const element of list.elements) {
        const fn = functionOf(ctx, element, prop!.scope);
        if (fn) st.roles.set(fn, { role: 'middleware', contextParameter: 0, adapter });
      }
    }
  }
  const span = spanOf(ctx, node);
  const agent: AgentFact = {
    id: def.id,
    adapter: adapter.id,
    kind: spec.kind,
    name: written?.value,
    tools,
    handoffs,
    mcpServers,
    includeServerInToolNames,
    toolNameCollisionPolicy,
    toolChoice: choice,
    span,
    nameSpan: written ? spanOf(ctx, written.node) : calleeSpan(ctx, node),
  };
  ctx.facts.agents.push(agent);
  const exposure: ExposureFact = {
    id: makeId(ctx, 'exposure', node),
    adapter: adapter.id,
    kind: 'agent',
    owner: def.id,
    tools,
    handoffs,
    additions: [],
    mutatedUnknown: false,
    span,
  };
  ctx.facts.exposures.push(exposure);
  st.exposureByAgent.set(def.id, exposure);
  if (optionsArg && !options) {
    ctx.facts.notes.push({
      kind: 'incomplete-set',
      message: `The options of this agent (${shortText(ctx, optionsArg)}) cannot be followed statically; its tools are unknown.`,
      span: spanOf(ctx, optionsArg),
    });
  }
  noteDynamicName(ctx, 'Agent', written?.value);
}

function addMcpServer(ctx: Ctx, node: TS.NewExpression, scope: Scope, def: Extract<Def, { kind: 'mcp-server' }>): void {
  const optionsArg = node.arguments?.[0];
  const options = resolveObject(ctx, optionsArg, scope);
  ctx.facts.mcpServers.push({
    id: def.id,
    adapter: def.adapter.id,
    role: def.spec.role,
    name: stringOption(ctx, optionsArg, options, def.spec.nameOption)?.value,
    span: spanOf(ctx, node),
  });
}

function isNamespaceReceiver(ctx: Ctx, expr: TS.Expression, scope: Scope): boolean {
  return resolveImported(ctx, expr, scope)?.name === '*';
}

/** Calls that are not definitions: registrations, context calls, runs, calls linking functions. */
function handleOtherCall(ctx: Ctx, st: FrameworkState, node: TS.CallExpression, scope: Scope): void {
  const { ts } = ctx;
  const callee = unwrap(ts, node.expression);
  if (ts.isPropertyAccessExpression(callee)) {
    const method = callee.name.text;
    const receiver = callee.expression;
    for (const adapter of ctx.enabled) {
      const reg = adapter.mcpRegistrations;
      if (reg && reg.methods.includes(method) && node.arguments.length >= reg.minArguments) {
        const nameArg = node.arguments[reg.nameArgument];
        const n = nameArg && unwrap(ts, nameArg);
        if (n && !ts.isObjectLiteralExpression(n) && !ts.isFunctionExpression(n) && !ts.isArrowFunction(n) && !isNamespaceReceiver(ctx, receiver, scope)) {
          const name = nameValue(ctx, nameArg, scope);
          const branch = branchPath(ctx, node);
          ctx.facts.mcpRegistrations.push({
            adapter: adapter.id,
            receiver: toValueRef(ctx, receiver, scope),
            name,
            ...(branch.length > 0 ? { branch } : {}),
            span: spanOf(ctx, node),
          });
          noteDynamicName(ctx, 'MCP tool', name);
          return;
        }
      }
      const ic = adapter.invocationContext;
      if (ic && node.arguments.length >= 1 && (method === ic.addToolsMethod || method === ic.removeToolsMethod)) {
        st.pendingContextCalls.push({
          node,
          receiver,
          method: method === ic.addToolsMethod ? 'addTools' : 'removeTools',
          spec: ic,
          adapter,
          scope,
        });
        return;
      }
      const run = adapter.run;
      if (run && method === run.method && node.arguments.length > run.optionsArgument && !isNamespaceReceiver(ctx, receiver, scope)) {
        const options = resolveObject(ctx, node.arguments[run.optionsArgument], scope);
        const prop = options && findProperty(ctx, options.obj, run.toolChoiceOption, options.scope);
        if (options && prop?.value && !prop.uncertain) {
          const tools = run.toolsOption ? runTools(ctx, options, run.toolsOption) : undefined;
          ctx.facts.runToolChoices.push({
            agent: toValueRef(ctx, receiver, scope),
            toolChoice: toolChoice(ctx, prop.value, prop.scope, run.toolChoiceStyle),
            ...(tools ? { tools } : {}),
            span: spanOf(ctx, node),
          });
          return;
        }
      }
    }
  }
  addCallFact(ctx, node, scope);
}

/** Run-level tools in a run's options: the written value, `unknown` when a spread may set them. */
function runTools(ctx: Ctx, options: { obj: TS.ObjectLiteralExpression; scope: Scope }, option: string): ValueRef | undefined {
  const prop = findProperty(ctx, options.obj, option, options.scope);
  if (prop?.value && !prop.uncertain) return toValueRef(ctx, prop.value, prop.scope);
  if (prop || anySpreadMayDefine(ctx, options.obj, option, options.scope)) {
    return { kind: 'unknown', text: `${option} (not followed)`, span: spanOf(ctx, prop?.node ?? options.obj) };
  }
  return undefined;
}

/** `register(server)`: a call to a local or imported function with an identifier argument. */
function addCallFact(ctx: Ctx, node: TS.CallExpression, scope: Scope): void {
  const { ts } = ctx;
  if (!node.arguments.some((arg) => ts.isIdentifier(unwrap(ts, arg)))) return;
  const callee = unwrap(ts, node.expression);
  const imported = resolveImported(ctx, callee, scope);
  if (imported) {
    if (imported.name === '*' || adapterForModule(ctx, imported.module)) return;
  } else {
    if (!ts.isIdentifier(callee)) return;
    const decl = lookup(scope, callee.text);
    if (!decl) return;
    if (decl.kind !== 'function' && !functionOf(ctx, callee, scope)) return;
  }
  ctx.facts.calls.push({
    callee: toValueRef(ctx, callee, scope),
    args: node.arguments.map((arg) => toValueRef(ctx, arg, scope)),
    span: spanOf(ctx, node),
  });
}

export function handleCallOrNew(ctx: Ctx, st: FrameworkState, node: TS.CallExpression | TS.NewExpression, scope: Scope): void {
  const def = classify(ctx, node, scope);
  if (def) {
    switch (def.kind) {
      case 'tool':
        addTool(ctx, st, node as TS.CallExpression, scope, def);
        return;
      case 'agent-tool':
        addAgentTool(ctx, node as TS.CallExpression, scope, def);
        return;
      case 'namespace':
        addNamespace(ctx, node as TS.CallExpression, scope, def);
        return;
      case 'handoff':
        addHandoff(ctx, node as TS.CallExpression, scope, def);
        return;
      case 'agent':
        addAgent(ctx, st, node, scope, def);
        return;
      case 'mcp-server':
        addMcpServer(ctx, node as TS.NewExpression, scope, def);
        return;
      default:
        return;
    }
  }
  if (ctx.ts.isCallExpression(node)) handleOtherCall(ctx, st, node, scope);
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
function usageOf(ctx: Ctx, access: TS.PropertyAccessExpression, scope: Scope): Usage {
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

const CONTEXT_NAME = /^(ctx|context|invocation)$|Context$|Ctx$/;

function hasTypeName(ctx: Ctx, type: TS.TypeNode | undefined, names: readonly string[], scope: Scope, adapter: FrameworkAdapter): boolean {
  const { ts } = ctx;
  if (!type || !ts.isTypeReferenceNode(type)) return false;
  const typeName = type.typeName;
  const last = ts.isIdentifier(typeName) ? typeName.text : typeName.right.text;
  if (!names.includes(last)) return false;
  const root = ts.isIdentifier(typeName) ? typeName : typeName.left;
  if (!ts.isIdentifier(root)) return false;
  const decl = lookup(scope, root.text);
  return decl?.kind === 'import' && decl.module !== undefined && adapterForModule(ctx, decl.module) === adapter;
}

/** Where a context receiver comes from: an invocation context parameter, something else, or unknown. */
function contextReceiver(
  ctx: Ctx,
  st: FrameworkState,
  expr: TS.Expression,
  scope: Scope,
  adapter: FrameworkAdapter,
  spec: InvocationContextSpec,
  depth = 0,
): 'invocation' | 'other' | 'unknown' {
  const { ts } = ctx;
  const e = unwrap(ts, expr);
  if (!ts.isIdentifier(e) || depth > 8) return 'unknown';
  const decl = lookup(scope, e.text);
  if (!decl) return 'other';
  if (decl.kind === 'param') {
    const fn = decl.fn?.node;
    const role = fn && st.roles.get(fn);
    if (role && role.adapter === adapter && role.contextParameter === decl.paramIndex) return 'invocation';
    const param = decl.node && ts.isParameter(decl.node) ? decl.node : undefined;
    if (param && hasTypeName(ctx, param.type, spec.contextTypeNames, decl.scope, adapter)) return 'invocation';
    return 'unknown';
  }
  if ((decl.kind === 'const' || decl.kind === 'let') && !decl.reassigned && decl.init && ts.isIdentifier(unwrap(ts, decl.init))) {
    return contextReceiver(ctx, st, decl.init, decl.scope, adapter, spec, depth + 1);
  }
  if (decl.kind === 'other') return 'unknown';
  return 'other';
}

/** Middleware declared by type (`const audit: FunctionMiddleware = async (ctx, next) => ...`). */
function collectTypedMiddleware(ctx: Ctx, st: FrameworkState, variables: Array<{ node: TS.VariableDeclaration; scope: Scope }>): void {
  for (const adapter of ctx.enabled) {
    const spec = adapter.invocationContext;
    if (!spec) continue;
    for (const { node, scope } of variables) {
      if (!node.type || !hasTypeName(ctx, node.type, spec.middlewareTypeNames, scope, adapter)) continue;
      const fn = functionOf(ctx, node.initializer, scope);
      if (fn && !st.roles.has(fn)) st.roles.set(fn, { role: 'middleware', contextParameter: 0, adapter });
    }
  }
}

function inlineToolSpans(ctx: Ctx, arg: TS.Expression, scope: Scope): Span[] {
  const { ts } = ctx;
  const e = unwrap(ts, arg);
  const elements = ts.isArrayLiteralExpression(e) ? e.elements.map((el) => (ts.isSpreadElement(el) ? undefined : el)) : [e];
  const spans: Span[] = [];
  for (const element of elements) {
    if (!element) continue;
    const u = unwrap(ts, element);
    if ((ts.isCallExpression(u) || ts.isNewExpression(u)) && classify(ctx, u, scope)?.kind === 'tool') spans.push(spanOf(ctx, u));
  }
  return spans;
}

export function finishFrameworks(ctx: Ctx, st: FrameworkState, variables: Array<{ node: TS.VariableDeclaration; scope: Scope }>): void {
  const { ts } = ctx;
  collectTypedMiddleware(ctx, st, variables);

  for (const call of st.pendingContextCalls) {
    const arg = call.node.arguments[0]!;
    const argument = toValueRef(ctx, arg, call.scope);
    ctx.facts.contextUses.push({
      method: call.method,
      receiver: contextReceiver(ctx, st, call.receiver, call.scope, call.adapter, call.spec),
      inlineTools: call.method === 'addTools' ? inlineToolSpans(ctx, arg, call.scope) : [],
      argument,
      span: spanOf(ctx, call.node),
    });
    if (call.method === 'addTools') {
      ctx.facts.exposures.push({
        id: makeId(ctx, 'exposure', call.node),
        adapter: call.adapter.id,
        kind: 'add-tools',
        tools: argument,
        handoffs: undefined,
        additions: [],
        mutatedUnknown: false,
        span: spanOf(ctx, call.node),
      });
    }
  }

  for (const { node, scope } of st.pendingProperties) {
    const property = node.name.text as 'tools' | 'handoffs';
    const agentId = agentIdOf(ctx, node.expression, scope);
    const exposure = agentId !== undefined ? st.exposureByAgent.get(agentId) : undefined;
    if (exposure) {
      const usage = usageOf(ctx, node, scope);
      if (usage.kind === 'add') {
        for (const value of usage.values) exposure.additions.push({ property, mode: 'add', value, span: usage.span });
      } else if (usage.kind === 'assign') {
        exposure.additions.push({ property, mode: 'assign', value: usage.value, span: usage.span });
      } else if (usage.kind === 'mutate' || usage.kind === 'escape') {
        if (!exposure.mutatedUnknown) {
          ctx.facts.notes.push({
            kind: 'incomplete-set',
            message: `\`${shortText(ctx, node)}\` is changed or handed on here in a way that cannot be followed; the agent's set is incomplete.`,
            span: spanOf(ctx, node),
          });
        }
        exposure.mutatedUnknown = true;
      }
      continue;
    }
    const receiver = unwrap(ts, node.expression);
    const imported = resolveImported(ctx, receiver, scope);
    if (imported && imported.name !== '*') {
      const usage = usageOf(ctx, node, scope);
      if (usage.kind === 'add' || usage.kind === 'assign' || usage.kind === 'mutate') {
        // The linker applies it to the agent defined in the other module.
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
      const kind = contextReceiver(ctx, st, node.expression, scope, adapter, spec);
      const name = ts.isIdentifier(receiver) ? receiver.text : undefined;
      if (kind !== 'invocation' && !(name !== undefined && CONTEXT_NAME.test(name))) continue;
      let argument: ValueRef | undefined;
      if (usage.kind === 'assign') argument = usage.value;
      else if (usage.kind === 'add') {
        argument = usage.values.length === 1 ? usage.values[0] : { kind: 'array', elements: usage.values, span: usage.span };
      }
      ctx.facts.contextUses.push({
        method: usage.kind === 'assign' ? 'tools-assignment' : 'tools-mutation',
        receiver: kind,
        inlineTools: [],
        argument,
        span: usage.span,
      });
    }
  }

  for (const [fn, role] of st.roles) {
    if (role.role === 'middleware') ctx.facts.middleware.push(analyzeMiddleware(ctx, fn as TS.FunctionLikeDeclaration));
  }
  ctx.facts.middleware.sort((a, b) => a.span.start - b.span.start);
  ctx.facts.contextUses.sort((a, b) => a.span.start - b.span.start);
}

/** `ctx.result = ...; await next()` and `next()` not awaited, on one statement list at a time. */
function analyzeMiddleware(ctx: Ctx, fn: TS.FunctionLikeDeclaration): { resultBeforeNext: Span[]; unawaitedNext: Span[]; span: Span } {
  const { ts } = ctx;
  const [ctxParam, nextParam] = fn.parameters;
  const ctxName = ctxParam && ts.isIdentifier(ctxParam.name) ? ctxParam.name.text : undefined;
  const nextName = nextParam && ts.isIdentifier(nextParam.name) ? nextParam.name.text : undefined;
  const resultBeforeNext: Span[] = [];
  const unawaitedNext: Span[] = [];
  const isNextCall = (e: TS.Expression | undefined): e is TS.CallExpression => {
    if (!e || nextName === undefined) return false;
    const u = unwrap(ts, e);
    return ts.isCallExpression(u) && ts.isIdentifier(unwrap(ts, u.expression)) && (unwrap(ts, u.expression) as TS.Identifier).text === nextName;
  };
  const stripAwait = (e: TS.Expression | undefined): TS.Expression | undefined => {
    const u = e && unwrap(ts, e);
    return u && ts.isAwaitExpression(u) ? u.expression : u;
  };
  const isResultAssignment = (statement: TS.Statement): TS.Expression | undefined => {
    if (!ts.isExpressionStatement(statement) || ctxName === undefined) return undefined;
    const e = unwrap(ts, statement.expression);
    if (!ts.isBinaryExpression(e) || e.operatorToken.kind !== ts.SyntaxKind.EqualsToken) return undefined;
    const left = unwrap(ts, e.left);
    return ts.isPropertyAccessExpression(left) && left.name.text === 'result' && ts.isIdentifier(unwrap(ts, left.expression)) && (unwrap(ts, left.expression) as TS.Identifier).text === ctxName
      ? e
      : undefined;
  };
  const isNextStatement = (statement: TS.Statement): boolean => {
    if (ts.isExpressionStatement(statement) || ts.isReturnStatement(statement)) return isNextCall(stripAwait(statement.expression));
    if (ts.isVariableStatement(statement)) return statement.declarationList.declarations.some((d) => isNextCall(stripAwait(d.initializer)));
    return false;
  };
  const scanList = (statements: readonly TS.Statement[]): void => {
    let pending: Span[] = [];
    let armed: Span[] = [];
    for (const statement of statements) {
      const assignment = isResultAssignment(statement);
      if (assignment) {
        if (armed.length > 0) {
          for (const span of armed) resultBeforeNext.splice(resultBeforeNext.indexOf(span), 1);
          armed = [];
        }
        pending.push(spanOf(ctx, assignment));
      } else if (isNextStatement(statement)) {
        resultBeforeNext.push(...pending);
        armed = pending;
        pending = [];
      }
    }
  };
  const visit = (node: TS.Node): void => {
    if (node !== fn && (ts.isFunctionExpression(node) || ts.isArrowFunction(node) || ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node))) return;
    if (ts.isBlock(node) || ts.isCaseClause(node) || ts.isDefaultClause(node)) scanList(node.statements);
    if (ts.isCallExpression(node) && isNextCall(node)) {
      const { parent } = outerParent(ctx, node);
      if (parent && (ts.isExpressionStatement(parent) || ts.isVoidExpression(parent))) unawaitedNext.push(spanOf(ctx, node));
    }
    ts.forEachChild(node, visit);
  };
  if (fn.body) visit(fn.body);
  resultBeforeNext.sort((a, b) => a.start - b.start);
  return { resultBeforeNext, unawaitedNext, span: spanOf(ctx, fn) };
}

export function queueToolsProperty(st: FrameworkState, node: TS.PropertyAccessExpression, scope: Scope): void {
  st.pendingProperties.push({ node, scope });
}
