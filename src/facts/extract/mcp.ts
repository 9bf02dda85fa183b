// MCP server instances and their tool registrations (`server.registerTool('x', ...)`). The linker
// builds one exposure set per instance, following it through the functions it is passed to; a
// parameter typed as a server stands for one instance when no caller can be followed.
import type * as TS from 'typescript';
import { adapterEnabledBy } from '../adapters/index.js';
import type { McpRegistrationSpec, McpRequestSpec } from '../adapters/types.js';
import { type Ctx, branchPath, isStringLike, makeId, propertyNameText, spanOf, unwrap } from './context.js';
import { type Def, resolveImported } from './definitions.js';
import { type CallNode, dynamic, lookupProperty, stringOf, valueOption, writtenName } from './options.js';
import { optionValues } from './references.js';
import { type Scope, lookup } from './scope.js';
import { resolveObject, toValueRef } from './values.js';
import type { McpRegistrationFact, NameValue, Span } from '../types.js';

export function addMcpServer(ctx: Ctx, node: CallNode, scope: Scope, def: Extract<Def, { kind: 'mcp-server' }>): void {
  const tools = def.spec.tools ? valueOption(ctx, node, def.spec.tools, scope) : undefined;
  ctx.facts.mcpServers.push({
    id: def.id,
    adapter: def.adapter.id,
    role: def.spec.role,
    name: writtenName(ctx, node, def.spec.name, scope)?.value,
    ...(tools ? { tools } : {}),
    span: spanOf(ctx, node),
  });
}

/**
 * `class MyServer extends McpServer { constructor() { super({ name }) } }`: the class is one server
 * (every instance of it), named by the options its constructor passes to `super`. Registrations on
 * `this` in its members land in its set (see `thisRef` in `./values.ts`).
 */
export function addClassMcpServer(ctx: Ctx, cls: TS.ClassLikeDeclaration, scope: Scope, def: Extract<Def, { kind: 'mcp-server' }>): void {
  const { ts } = ctx;
  const ctor = cls.members.find((member): member is TS.ConstructorDeclaration => ts.isConstructorDeclaration(member) && !!member.body);
  let superCall: TS.CallExpression | undefined;
  for (const statement of ctor?.body?.statements ?? []) {
    const e = ts.isExpressionStatement(statement) ? unwrap(ts, statement.expression) : undefined;
    if (e && ts.isCallExpression(e) && e.expression.kind === ts.SyntaxKind.SuperKeyword) {
      superCall = e;
      break;
    }
  }
  ctx.facts.mcpServers.push({
    id: def.id,
    adapter: def.adapter.id,
    role: def.spec.role,
    name: superCall ? writtenName(ctx, superCall, def.spec.name, scope)?.value : undefined,
    isClass: true,
    span: spanOf(ctx, cls.name ?? cls),
  });
}

/**
 * A registration when the name is written where the spec says (a positional string or constant: not
 * an options object or a callback, which are other overloads or other APIs; or an option of the
 * options object), or one per element of a registered list. True when recorded.
 */
export function addMcpRegistration(ctx: Ctx, node: TS.CallExpression, receiver: TS.Expression, scope: Scope, adapterId: string, spec: McpRegistrationSpec): boolean {
  if (spec.request && !isRequest(ctx, node, scope, adapterId, spec.request)) return false;
  if (spec.list) return addListRegistrations(ctx, node, receiver, scope, adapterId, spec, spec.list);
  const { ts } = ctx;
  const source = spec.name[0];
  if (source?.from === 'argument') {
    const arg = node.arguments[source.index];
    const n = arg && unwrap(ts, arg);
    if (!n || ts.isObjectLiteralExpression(n) || ts.isFunctionExpression(n) || ts.isArrowFunction(n)) return false;
  } else if (source?.from === 'option') {
    // An options object (inline or a `const`), or a value that may be one: not a string or a function.
    const arg = node.arguments[source.argument];
    const n = arg && unwrap(ts, arg);
    if (!n || ts.isStringLiteralLike(n) || ts.isFunctionExpression(n) || ts.isArrowFunction(n)) return false;
  }
  const name = writtenName(ctx, node, spec.name, scope)?.value;
  if (!name) return false;
  pushRegistration(ctx, node, receiver, scope, adapterId, spec, name, spanOf(ctx, node));
  return true;
}

/** The request a handler is set for is the spec's: an export of an enabling module, or a string. */
export function isRequest(ctx: Ctx, node: TS.CallExpression, scope: Scope, adapterId: string, request: McpRequestSpec): boolean {
  const arg = node.arguments[request.argument];
  if (!arg) return false;
  const e = unwrap(ctx.ts, arg);
  if (isStringLike(ctx.ts, e)) return request.strings.includes(e.text);
  const method = schemaMethod(ctx, e, scope);
  if (method !== undefined) return request.strings.includes(method);
  const imported = resolveImported(ctx, e, scope);
  const adapter = ctx.adapters.find((a) => a.id === adapterId);
  return !!imported && !!adapter && adapterEnabledBy(adapter, imported.module) && request.exports.includes(imported.name);
}

/**
 * A request schema written by hand (`z.object({ method: z.literal('tools/list') })`, inline or a
 * `const` of the file), by its shape rather than a validation library's names: a call whose first
 * argument is an object literal (through trailing calls such as `.strict()`), whose JSON-RPC
 * `method` property is a call of one string literal. The method that literal names.
 */
function schemaMethod(ctx: Ctx, expr: TS.Expression, scope: Scope): string | undefined {
  const { ts } = ctx;
  let e = expr;
  if (ts.isIdentifier(e)) {
    const decl = lookup(scope, e.text);
    if (decl?.kind !== 'const' || !decl.init) return undefined;
    e = unwrap(ts, decl.init);
  }
  const shapeOf = (call: TS.CallExpression): TS.ObjectLiteralExpression | undefined => {
    const first = call.arguments[0] && unwrap(ts, call.arguments[0]);
    return first && ts.isObjectLiteralExpression(first) ? first : undefined;
  };
  while (ts.isCallExpression(e) && !shapeOf(e) && ts.isPropertyAccessExpression(e.expression)) e = unwrap(ts, e.expression.expression);
  const shape = ts.isCallExpression(e) ? shapeOf(e) : undefined;
  if (!shape) return undefined;
  for (const property of shape.properties) {
    if (!ts.isPropertyAssignment(property) || propertyNameText(ts, property.name) !== 'method') continue;
    const value = unwrap(ts, property.initializer);
    if (!ts.isCallExpression(value) || value.arguments.length !== 1) return undefined;
    const literal = unwrap(ts, value.arguments[0]!);
    return isStringLike(ts, literal) ? literal.text : undefined;
  }
  return undefined;
}

type ListSpec = NonNullable<McpRegistrationSpec['list']>;

/**
 * `server.addTools([a, b])`: one registration per element, in order, each at its element. With a
 * `path`, each list it reaches (`return { tools: [...] }` of a handler): the lists of different
 * `return`s are alternatives, so their elements never both run.
 */
function addListRegistrations(ctx: Ctx, node: TS.CallExpression, receiver: TS.Expression, scope: Scope, adapterId: string, spec: McpRegistrationSpec, list: ListSpec): boolean {
  const arg = node.arguments[list.argument];
  if (!arg) return false;
  const site = { node, receiver, scope, adapterId, spec, list };
  if (!list.path?.length) {
    registerList(ctx, site, arg, scope, spanOf(ctx, node).start, []);
    return true;
  }
  const lists = optionValues(ctx, node, { argument: list.argument, path: list.path }, scope).flatMap((at) => (at.expr ? [{ expr: at.expr, scope: at.scope }] : []));
  // A handler whose lists cannot be read (a helper's result, an imported handler): tools not known here.
  if (lists.length === 0) pushRegistration(ctx, node, receiver, scope, adapterId, spec, dynamic(ctx, arg), spanOf(ctx, arg), { start: spanOf(ctx, node).start, onDuplicate: list.inCall });
  const call = spanOf(ctx, node).start;
  lists.forEach((found, i) => registerList(ctx, site, found.expr, found.scope, spanOf(ctx, found.expr).start, lists.length > 1 ? [`${String(call)}@returns:${String(i)}`] : []));
  return true;
}

interface ListSite {
  node: TS.CallExpression;
  receiver: TS.Expression;
  scope: Scope;
  adapterId: string;
  spec: McpRegistrationSpec;
  list: ListSpec;
}

/**
 * The elements of one registered list, each one registration. A list or a spread element that
 * cannot be followed here (an import, a parameter) is one registration under an unknown name, whose
 * elements the linker reads where it can follow the value (`elements`).
 */
function registerList(ctx: Ctx, site: ListSite, expr: TS.Expression, scope: Scope, start: number, arms: string[]): void {
  const { ts } = ctx;
  const { node, receiver, adapterId, spec, list } = site;
  const inCall = { start, onDuplicate: list.inCall };
  const unknown = (value: TS.Expression, valueScope: Scope, at: TS.Node, one = false): void =>
    pushRegistration(ctx, node, receiver, site.scope, adapterId, spec, dynamic(ctx, at), spanOf(ctx, at), inCall, arms, {
      list: toValueRef(ctx, value, valueScope),
      name: list.name,
      ...(one ? { one: true as const } : {}),
    });
  const array = arrayOf(ctx, expr, scope);
  if (!array) {
    unknown(expr, scope, expr);
    return;
  }
  for (const element of array.elements) {
    if (ts.isOmittedExpression(element)) continue;
    if (ts.isSpreadElement(element)) {
      unknown(element.expression, array.scope, element);
      continue;
    }
    const name = elementName(ctx, element, list.name, array.scope);
    // An element the file cannot read (an imported tool object, a factory's result): the linker may.
    const e = unwrap(ts, element);
    if (name.kind === 'dynamic' && (ts.isIdentifier(e) || ts.isPropertyAccessExpression(e) || ts.isCallExpression(e))) {
      unknown(element, array.scope, element, true);
      continue;
    }
    pushRegistration(ctx, node, receiver, site.scope, adapterId, spec, name, spanOf(ctx, element), inCall, arms);
  }
}

/** An array literal written inline or held by a `const`. */
function arrayOf(ctx: Ctx, expr: TS.Expression | undefined, scope: Scope, depth = 0): { elements: readonly TS.Expression[]; scope: Scope } | undefined {
  const { ts } = ctx;
  if (!expr || depth > 4) return undefined;
  const e = unwrap(ts, expr);
  if (ts.isArrayLiteralExpression(e)) return { elements: e.elements, scope };
  if (ts.isIdentifier(e)) {
    const decl = lookup(scope, e.text);
    if (decl?.kind === 'const' && decl.init) return arrayOf(ctx, decl.init, decl.scope, depth + 1);
  }
  return undefined;
}

/** The name at `path` inside one listed element: dynamic when the element or the path cannot be followed. */
function elementName(ctx: Ctx, element: TS.Expression, path: readonly string[], scope: Scope): NameValue {
  let current = resolveObject(ctx, element, scope);
  for (const [i, key] of path.entries()) {
    if (!current) break;
    const found = lookupProperty(ctx, current, key);
    if (found.state !== 'found') break;
    if (i === path.length - 1) return stringOf(ctx, found, path.join('.'))?.value ?? dynamic(ctx, element);
    current = resolveObject(ctx, found.prop.value, found.prop.scope);
  }
  return dynamic(ctx, element);
}

function pushRegistration(
  ctx: Ctx,
  node: TS.CallExpression,
  receiver: TS.Expression,
  scope: Scope,
  adapterId: string,
  spec: McpRegistrationSpec,
  name: NameValue,
  span: Span,
  inCall?: McpRegistrationFact['inCall'],
  arms: readonly string[] = [],
  elements?: McpRegistrationFact['elements'],
): void {
  const branch = [...branchPath(ctx, node), ...arms];
  ctx.facts.mcpRegistrations.push({
    adapter: adapterId,
    receiver: toValueRef(ctx, receiver, scope),
    name,
    ...(branch.length > 0 ? { branch } : {}),
    ...(elements ? { elements } : {}),
    ...(spec.onDuplicate === 'replaces' ? { replaces: true as const } : {}),
    ...(spec.onDuplicate === 'listed' ? { listed: true as const } : {}),
    ...(inCall ? { inCall } : {}),
    span,
  });
}

/**
 * `function registerX(server: McpServer)`: every parameter whose type annotation names one of an
 * enabled adapter's `parameterTypes` (imported by name or through a namespace) becomes a server fact
 * tied to that parameter.
 */
export function addTypedServerParameters(ctx: Ctx): void {
  const { ts } = ctx;
  const specs = ctx.enabled.flatMap((adapter) => (adapter.mcpServers ?? []).filter((spec) => spec.parameterTypes?.length).map((spec) => ({ adapter, spec })));
  if (specs.length === 0) return;
  for (const info of ctx.fnByNode.values()) {
    info.node.parameters.forEach((param, index) => {
      const type = param.type;
      if (!ts.isIdentifier(param.name) || !type || !ts.isTypeReferenceNode(type)) return;
      const scope = info.scope ?? ctx.fileScope;
      const typeName = type.typeName;
      let module: string | undefined;
      let exported: string | undefined;
      if (ts.isIdentifier(typeName)) {
        const decl = lookup(scope, typeName.text);
        if (decl?.kind === 'import') [module, exported] = [decl.module, decl.imported];
      } else if (ts.isIdentifier(typeName.left)) {
        const decl = lookup(scope, typeName.left.text);
        if (decl?.kind === 'import' && decl.imported === '*') [module, exported] = [decl.module, typeName.right.text];
      }
      if (module === undefined || exported === undefined) return;
      const found = specs.find(({ adapter, spec }) => adapterEnabledBy(adapter, module) && spec.parameterTypes!.includes(exported));
      if (!found) return;
      ctx.facts.mcpServers.push({
        id: makeId(ctx, 'mcp', param),
        adapter: found.adapter.id,
        role: found.spec.role,
        name: undefined,
        parameter: { fn: info.key, index },
        span: spanOf(ctx, param),
      });
    });
  }
}
