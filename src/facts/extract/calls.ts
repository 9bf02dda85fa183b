// Calls that define nothing: MCP registrations, invocation-context calls, tool choices given to a
// run, and calls of local or imported functions (the linker follows MCP servers passed as arguments).
import type * as TS from 'typescript';
import type { RunSpec } from '../adapters/types.js';
import { type Ctx, spanOf, unwrap } from './context.js';
import { adapterForModule, resolveImported, wrapperMatches } from './definitions.js';
import { type PendingContextCall, matchContextCall } from './invocation.js';
import { matchShape, receiverOf } from './match.js';
import { addMcpDispatch } from './dispatch.js';
import { addMcpRegistration } from './mcp.js';
import { type CallNode, functionOf, lookupOption } from './options.js';
import { collectReferences } from './references.js';
import { type Decl, type Scope, lookup } from './scope.js';
import { toValueRef } from './values.js';
import type { ValueRef } from '../types.js';

function isNamespaceReceiver(ctx: Ctx, expr: TS.Expression, scope: Scope): boolean {
  return resolveImported(ctx, expr, scope)?.name === '*';
}

function isPassedValue(ts: Ctx['ts'], arg: TS.Expression): boolean {
  return ts.isIdentifier(arg) || arg.kind === ts.SyntaxKind.ThisKeyword || (ts.isPropertyAccessExpression(arg) && arg.expression.kind === ts.SyntaxKind.ThisKeyword);
}

/** Calls that are not definitions: registrations, context calls, runs, calls linking functions. */
export function handleOtherCall(ctx: Ctx, contextCalls: PendingContextCall[], node: TS.CallExpression, scope: Scope): void {
  const { ts } = ctx;
  const callee = unwrap(ts, node.expression);
  if (ts.isPropertyAccessExpression(callee)) {
    const method = callee.name.text;
    const receiver = callee.expression;
    for (const adapter of ctx.enabled) {
      const matched = matchShape(adapter, 'method', method, node.arguments.length);
      for (const m of matched) {
        const on = m.role !== 'mcp-registration' ? undefined : m.spec.server ? node.arguments[m.spec.server.argument] : receiverOf(ts, receiver, m);
        if (m.role !== 'mcp-registration' || !on || isNamespaceReceiver(ctx, on, scope)) continue;
        if (addMcpRegistration(ctx, node, on, scope, adapter.id, m.spec)) return;
      }
      for (const m of matched) {
        const on = m.role !== 'mcp-dispatch' ? undefined : m.spec.server ? node.arguments[m.spec.server.argument] : receiver;
        if (m.role === 'mcp-dispatch' && on && !isNamespaceReceiver(ctx, on, scope) && addMcpDispatch(ctx, node, on, scope, adapter.id, m.spec)) return;
      }
      const contextCall = matchContextCall(ctx, node, method, receiver, scope);
      if (contextCall && contextCall.adapter === adapter) {
        contextCalls.push(contextCall);
        return;
      }
      for (const m of matched) {
        if (m.role === 'run-options' && !isNamespaceReceiver(ctx, receiver, scope) && addRunReferences(ctx, node, receiver, scope, adapter.id, m.spec)) return;
      }
    }
    if (addParameterRegistration(ctx, node, scope)) return;
    if (addImportedRun(ctx, node, scope)) return;
  } else if (addWrapperRegistration(ctx, node, scope)) return;
  addCallFact(ctx, node, scope);
}

/** `registerPaidTool(server, 'x', ...)`, `onToolCall(server, handler)`: a project wrapper that registers on, or dispatches for, the server it is given. */
function addWrapperRegistration(ctx: Ctx, node: TS.CallExpression, scope: Scope): boolean {
  for (const { adapter, matched } of wrapperMatches(ctx, node, scope)) {
    for (const m of matched) {
      const server = (m.role === 'mcp-registration' || m.role === 'mcp-dispatch') && m.spec.server ? node.arguments[m.spec.server.argument] : undefined;
      if (m.role === 'mcp-registration' && server && addMcpRegistration(ctx, node, server, scope, adapter.id, m.spec)) return true;
      if (m.role === 'mcp-dispatch' && server && addMcpDispatch(ctx, node, server, scope, adapter.id, m.spec)) return true;
    }
  }
  return false;
}

/**
 * `export function registerSearch(server) { server.tool('search', ...) }` in a module that does not
 * enable the registration's adapter (an untyped, `any` or JSDoc-typed parameter, JavaScript): a
 * registration on a parameter is recorded for any adapter; the linker keeps it only when a caller
 * passes that adapter's server.
 */
export function addParameterRegistration(ctx: Ctx, node: TS.CallExpression, scope: Scope): boolean {
  const { ts } = ctx;
  const callee = unwrap(ts, node.expression);
  if (!ts.isPropertyAccessExpression(callee)) return false;
  for (const adapter of ctx.adapters) {
    if (ctx.enabled.includes(adapter)) continue;
    for (const m of matchShape(adapter, 'method', callee.name.text, node.arguments.length)) {
      if (m.role !== 'mcp-registration' || m.spec.server) continue;
      const on = receiverOf(ts, callee.expression, m);
      const receiver = on && unwrap(ts, on);
      // The parameter itself, or a property of it (`ctx.server.registerTool(...)`).
      const holder = receiver && ts.isPropertyAccessExpression(receiver) ? unwrap(ts, receiver.expression) : receiver;
      if (!receiver || !holder || !ts.isIdentifier(holder) || !mayHoldServer(ctx, lookup(scope, holder.text))) continue;
      if (addMcpRegistration(ctx, node, receiver, scope, adapter.id, m.spec)) return true;
    }
  }
  return false;
}

/**
 * What a registration in a module without the SDK may be made on: a parameter, a server imported
 * from another module, or `new X()` of a class of another module or of this one (a subclass of the
 * SDK's server: `const server = new StatusServer(); server.registerTool(...)`).
 */
function mayHoldServer(ctx: Ctx, decl: Decl | undefined): boolean {
  if (!decl) return false;
  if (decl.kind === 'param' || (decl.kind === 'import' && !decl.typeOnly)) return true;
  if (decl.kind !== 'const' || !decl.init) return false;
  const init = unwrap(ctx.ts, decl.init);
  if (!ctx.ts.isNewExpression(init) || !ctx.ts.isIdentifier(init.expression)) return false;
  const cls = lookup(decl.scope, init.expression.text);
  return cls?.kind === 'import' || cls?.kind === 'class';
}

/**
 * `maintenanceAgent.generate(msg, { activeTools })` on an agent imported from another module, in a
 * file that may import no framework at all: any adapter's run shape may match; the linker keeps
 * the references only when the receiver is that adapter's agent.
 */
export function addImportedRun(ctx: Ctx, node: TS.CallExpression, scope: Scope): boolean {
  const { ts } = ctx;
  const callee = unwrap(ts, node.expression);
  if (!ts.isPropertyAccessExpression(callee)) return false;
  const imported = resolveImported(ctx, callee.expression, scope);
  if (!imported || imported.name === '*') return false;
  for (const adapter of ctx.adapters) {
    if (ctx.enabled.includes(adapter)) continue;
    for (const m of matchShape(adapter, 'method', callee.name.text, node.arguments.length)) {
      if (m.role === 'run-options' && addRunReferences(ctx, node, callee.expression, scope, adapter.id, m.spec)) return true;
    }
  }
  return false;
}

/** `agent.run(input, { toolChoice })`: recorded when the run names a tool statically. */
function addRunReferences(ctx: Ctx, node: CallNode, receiver: TS.Expression, scope: Scope, adapter: string, spec: RunSpec): boolean {
  const references = collectReferences(ctx, node, spec.references, scope);
  if (references.length === 0) return false;
  const tools = spec.tools ? runTools(ctx, node, spec, scope) : undefined;
  ctx.facts.runReferences.push({
    adapter,
    agent: toValueRef(ctx, receiver, scope),
    references,
    ...(tools ? { tools } : {}),
    span: spanOf(ctx, node),
  });
  return true;
}

/** Run-level tools in a run's options: the written value, `unknown` when a spread may set them. */
function runTools(ctx: Ctx, node: CallNode, spec: RunSpec, scope: Scope): ValueRef | undefined {
  const at = spec.tools!;
  const found = lookupOption(ctx, node, at, scope);
  if (found.state === 'found' && found.prop.value && !found.prop.uncertain) return toValueRef(ctx, found.prop.value, found.prop.scope);
  if (found.state === 'found' || found.state === 'unknown') {
    const where = found.state === 'found' ? found.prop.node : found.node;
    return { kind: 'unknown', text: `${at.path.join('.')} (not followed)`, span: spanOf(ctx, where) };
  }
  return undefined;
}

/** `register(server)`, `register(this.server)`: a call to a local or imported function with an identifier argument (or a field of `this`). */
function addCallFact(ctx: Ctx, node: TS.CallExpression, scope: Scope): void {
  const { ts } = ctx;
  if (!node.arguments.some((arg) => isPassedValue(ts, unwrap(ts, arg)))) return;
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
