// What an exported function carries for the modules that import it, in every file that exports
// functions, framework import or not (the module holding a handler or a tool list often imports
// nothing of the SDK): how it compares its parameters with strings (`dispatchReads`, for a
// dispatching handler elsewhere that hands it the requested name: `return handleToolCall(
// request.params.name, args)`, `setRequestHandler(CallToolRequestSchema, handleCall)`), and the
// array literal it returns (`export function createToolDefinitions() { return [{ name: 'x' }] }`).
import type * as TS from 'typescript';
import type { FrameworkAdapter, McpDispatchSpec } from '../adapters/types.js';
import type { FunctionFact, ValueRef } from '../types.js';
import { type Ctx, isFunctionLike, spanOf, unwrap } from './context.js';
import { exportedDispatchReads } from './dispatch.js';
import { type FnInfo, type Scope, fnKeyOf } from './scope.js';
import { toValueRef } from './values.js';

const specsOf = new WeakMap<readonly FrameworkAdapter[], readonly McpDispatchSpec[]>();

export function addExportedFunctionFacts(ctx: Ctx, functions: readonly FnInfo[] | undefined): void {
  const { ts, facts } = ctx;
  let specs = specsOf.get(ctx.adapters);
  if (!specs) specsOf.set(ctx.adapters, (specs = ctx.adapters.flatMap((adapter) => adapter.mcpDispatches ?? [])));
  // No comparison and no array in the file: most files stop here.
  const compares = specs.length > 0 && (ctx.text.includes('switch') || ctx.text.includes('=='));
  if (facts.exports.length === 0 || (!compares && !ctx.text.includes('['))) return;
  const exported = new Set<string>();
  for (const { value } of facts.exports) {
    if (value.kind === 'function') exported.add(value.key);
    else if (value.kind === 'binding') {
      const bound = facts.bindings[value.key];
      if (bound?.kind === 'function') exported.add(bound.key);
    }
  }
  if (exported.size === 0) return;
  const candidates: Array<{ node: TS.FunctionLikeDeclaration; name: string | undefined }> = [];
  if (functions) {
    for (const info of functions) if (exported.has(info.key)) candidates.push({ node: info.node, name: info.name });
  } else {
    // A file read for its module surface only: its top-level functions.
    for (const statement of ctx.sf.statements) {
      if (ts.isFunctionDeclaration(statement) && statement.body) candidates.push({ node: statement, name: statement.name?.text });
      else if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          const init = declaration.initializer && unwrap(ts, declaration.initializer);
          if (init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) && ts.isIdentifier(declaration.name)) candidates.push({ node: init, name: declaration.name.text });
        }
      }
    }
  }
  const byKey = new Map(facts.functions.map((fact) => [fact.key, fact]));
  let added = false;
  for (const { node, name } of candidates) {
    const key = fnKeyOf(ctx, node);
    if (!exported.has(key)) continue;
    const scope = ctx.fnByNode.get(node)?.scope ?? ctx.fileScope;
    const reads = compares ? exportedDispatchReads(ctx, node, specs, scope) : [];
    let fact = byKey.get(key);
    const lists = fact?.returns ? [] : returnedArrays(ctx, node, scope);
    if (reads.length === 0 && lists.length === 0) continue;
    if (!fact) {
      fact = { key, name, params: node.parameters.map((p) => (ts.isIdentifier(p.name) ? p.name.text : ctx.text.slice(p.name.getStart(ctx.sf), p.name.getEnd()))), span: spanOf(ctx, node) } satisfies FunctionFact;
      facts.functions.push(fact);
      added = true;
    }
    if (reads.length > 0) fact.dispatchReads = reads;
    if (lists.length > 0) fact.returns = lists;
  }
  if (added) facts.functions.sort((a, b) => a.span.start - b.span.start);
}

const RETURNS_ARRAY = /\breturn\s*\[/;

/** The array literals the function returns itself (a `return [...]`, an arrow's `=> [...]`), when every return is one. */
function returnedArrays(ctx: Ctx, fn: TS.FunctionLikeDeclaration, scope: Scope): ValueRef[] {
  const { ts } = ctx;
  const body = fn.body;
  if (!body) return [];
  // Only `return [...]` or an arrow's `=> [...]` is read: most functions return something else.
  if (ts.isBlock(body) ? !RETURNS_ARRAY.test(ctx.text.slice(body.pos, body.end)) : !ts.isArrayLiteralExpression(unwrap(ts, body))) return [];
  const returned: TS.Expression[] = [];
  if (!ts.isBlock(body)) returned.push(body);
  else {
    const visit = (node: TS.Node): void => {
      if (isFunctionLike(ts, node) || ts.isClassLike(node)) return;
      if (ts.isReturnStatement(node) && node.expression) returned.push(node.expression);
      ts.forEachChild(node, visit);
    };
    body.statements.forEach(visit);
  }
  if (returned.length === 0 || !returned.every((e) => ts.isArrayLiteralExpression(unwrap(ts, e)))) return [];
  return returned.map((e) => toValueRef(ctx, e, scope));
}
