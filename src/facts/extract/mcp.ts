// MCP server instances and their tool registrations (`server.registerTool('x', ...)`). The linker
// builds one exposure set per instance, following it through the functions it is passed to; a
// parameter typed as a server stands for one instance when no caller can be followed.
import type * as TS from 'typescript';
import { adapterEnabledBy } from '../adapters/index.js';
import type { McpRegistrationSpec } from '../adapters/types.js';
import { type Ctx, branchPath, makeId, spanOf, unwrap } from './context.js';
import type { Def } from './definitions.js';
import { type CallNode, writtenName } from './options.js';
import { type Scope, lookup } from './scope.js';
import { toValueRef } from './values.js';

export function addMcpServer(ctx: Ctx, node: CallNode, scope: Scope, def: Extract<Def, { kind: 'mcp-server' }>): void {
  ctx.facts.mcpServers.push({
    id: def.id,
    adapter: def.adapter.id,
    role: def.spec.role,
    name: writtenName(ctx, node, def.spec.name, scope)?.value,
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
    span: spanOf(ctx, cls.name ?? cls),
  });
}

/**
 * A registration when the name is written where the spec says (a string, a constant: not an
 * options object or a callback, which are other overloads or other APIs). True when recorded.
 */
export function addMcpRegistration(ctx: Ctx, node: TS.CallExpression, receiver: TS.Expression, scope: Scope, adapterId: string, spec: McpRegistrationSpec): boolean {
  const { ts } = ctx;
  const source = spec.name.find((s) => s.from === 'argument');
  const arg = source?.from === 'argument' ? node.arguments[source.index] : undefined;
  const n = arg && unwrap(ts, arg);
  if (!n || ts.isObjectLiteralExpression(n) || ts.isFunctionExpression(n) || ts.isArrowFunction(n)) return false;
  const name = writtenName(ctx, node, spec.name, scope)?.value;
  if (!name) return false;
  const branch = branchPath(ctx, node);
  ctx.facts.mcpRegistrations.push({
    adapter: adapterId,
    receiver: toValueRef(ctx, receiver, scope),
    name,
    ...(branch.length > 0 ? { branch } : {}),
    ...(spec.onDuplicate === 'replaces' ? { replaces: true as const } : {}),
    span: spanOf(ctx, node),
  });
  return true;
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
