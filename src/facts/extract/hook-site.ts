// The escape hatch for an adapter that truly needs code (`FrameworkAdapter.collect`): a hook sees
// one matched call through framework-neutral readers and can only add facts, in the ordinary fact
// shapes, through `HookSite` (declared with the adapter vocabulary). The walker stays a loop over tables.
import type { HookSite } from '../adapters/types.js';
import { type Ctx, makeId, spanOf } from './context.js';
import { shapeMatches } from './definitions.js';
import { type CallNode, valueOption, writtenName } from './options.js';
import type { Scope } from './scope.js';

export function runHooks(ctx: Ctx, node: CallNode, scope: Scope): void {
  if (!ctx.enabled.some((adapter) => adapter.collect)) return;
  for (const { adapter, matched: all } of shapeMatches(ctx, node, scope)) {
    const matched = all.filter((m) => m.role === 'hook');
    if (matched.length === 0 || !adapter.collect) continue;
    const site: HookSite = {
      adapterId: adapter.id,
      span: spanOf(ctx, node),
      argumentCount: node.arguments?.length ?? 0,
      readName: (sources) => writtenName(ctx, node, sources, scope)?.value,
      readValue: (at) => valueOption(ctx, node, at, scope),
      addTool: (tool) => {
        const id = makeId(ctx, 'tool', node);
        ctx.facts.tools.push({
          id,
          adapter: adapter.id,
          kind: tool.kind,
          name: tool.name,
          namespace: undefined,
          deferLoading: tool.deferLoading ?? false,
          approvalRequired: tool.approvalRequired ?? false,
          span: spanOf(ctx, node),
          nameSpan: tool.name?.span ?? spanOf(ctx, node.expression),
        });
        return { kind: 'tool', id, span: spanOf(ctx, node) };
      },
      addSet: (set) => {
        ctx.facts.exposures.push({
          id: makeId(ctx, 'exposure', node),
          adapter: adapter.id,
          kind: 'call',
          tools: set.tools,
          ...(set.toolsShape === 'record' ? { toolsShape: 'record' as const } : {}),
          handoffs: undefined,
          additions: [],
          mutatedUnknown: false,
          span: spanOf(ctx, node),
        });
      },
    };
    for (const m of matched) if (m.role === 'hook') m.spec.collect(site);
  }
}


