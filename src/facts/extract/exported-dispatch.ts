// Exported functions a dispatching handler in another module may hand the requested name to
// (`return handleToolCall(request.params.name, args)`, `setRequestHandler(CallToolRequestSchema,
// handleCall)`): how each compares its parameters with strings, kept on its FunctionFact for the
// linker. Read in every file that exports functions, framework import or not: the module that holds
// the handler often imports nothing of the SDK.
import type * as TS from 'typescript';
import type { FrameworkAdapter, McpDispatchSpec } from '../adapters/types.js';
import type { FunctionFact } from '../types.js';
import { type Ctx, spanOf, unwrap } from './context.js';
import { exportedDispatchReads } from './dispatch.js';
import { type FnInfo, fnKeyOf } from './scope.js';

const specsOf = new WeakMap<readonly FrameworkAdapter[], readonly McpDispatchSpec[]>();

export function addExportedDispatchReads(ctx: Ctx, functions: readonly FnInfo[] | undefined): void {
  const { ts, facts } = ctx;
  let specs = specsOf.get(ctx.adapters);
  if (!specs) specsOf.set(ctx.adapters, (specs = ctx.adapters.flatMap((adapter) => adapter.mcpDispatches ?? [])));
  // No comparison in the file, no dispatch read: most files stop here.
  if (specs.length === 0 || facts.exports.length === 0 || (!ctx.text.includes('switch') && !ctx.text.includes('=='))) return;
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
    const reads = exportedDispatchReads(ctx, node, specs, ctx.fnByNode.get(node)?.scope ?? ctx.fileScope);
    if (reads.length === 0) continue;
    let fact = byKey.get(key);
    if (!fact) {
      fact = { key, name, params: node.parameters.map((p) => (ts.isIdentifier(p.name) ? p.name.text : ctx.text.slice(p.name.getStart(ctx.sf), p.name.getEnd()))), span: spanOf(ctx, node) } satisfies FunctionFact;
      facts.functions.push(fact);
      added = true;
    }
    fact.dispatchReads = reads;
  }
  if (added) facts.functions.sort((a, b) => a.span.start - b.span.start);
}
