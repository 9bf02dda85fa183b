// The catalog: every tool definition and namespace in file order, as written (not as listed).
import type { ResolvedNamespace, ResolvedTool } from '../resolved.js';
import type { LinkContext } from './context.js';
import { resolvedTool } from './records.js';
import { namespaceName, resolve, staticName } from './values.js';

export function linkCatalog(ctx: LinkContext): { tools: ResolvedTool[]; namespaces: ResolvedNamespace[] } {
  const tools: ResolvedTool[] = [];
  const namespaces: ResolvedNamespace[] = [];
  for (const [file, fi] of ctx.index) {
    for (const def of fi.facts.tools) tools.push(resolvedTool(ctx, { t: 'tool', file, def }, undefined));
    for (const ns of fi.facts.namespaces) {
      const members: ResolvedTool[] = [];
      let name: string | undefined;
      for (const item of resolve(ctx, file, { kind: 'namespace', id: ns.id, span: ns.span }, 0)) {
        if (item.t !== 'tool') continue;
        members.push(resolvedTool(ctx, item, undefined));
        name = item.ns?.name;
      }
      if (members.length === 0) name = namespaceName(ctx, file, ns);
      const written = staticName(ctx, file, ns.name);
      const resolved: ResolvedNamespace = {
        key: `${file}#${ns.id}`,
        adapter: ns.adapter,
        name,
        at: { file, span: ns.nameSpan },
        members,
      };
      if (ns.name?.kind === 'static' && (ns.name.via === 'literal' || ns.name.via === 'template')) {
        resolved.literalSpan = ns.name.span;
      }
      if (written !== undefined && written !== name) resolved.writtenName = written;
      namespaces.push(resolved);
    }
  }
  return { tools, namespaces };
}
