// MCP server instances and their tool registrations (`server.registerTool('x', ...)`). The linker
// builds one exposure set per instance, following it through the functions it is passed to.
import type * as TS from 'typescript';
import type { McpRegistrationSpec } from '../adapters/types.js';
import { type Ctx, branchPath, spanOf, unwrap } from './context.js';
import type { Def } from './definitions.js';
import { type CallNode, writtenName } from './options.js';
import type { Scope } from './scope.js';
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
    span: spanOf(ctx, node),
  });
  return true;
}
