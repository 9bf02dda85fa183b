// Tools a framework keeps in a registry by name (`ToolDefiner.registers`), for the sets that list
// tools by name string (`ToolsSpec.byName`): which tool a string stands for, and whether a name no
// definition registers can be told apart from one registered in code the analysis does not hold.
import type { ResolvedTool, SourceRef } from '../resolved.js';
import type { LinkContext } from './context.js';
import { resolvedTool } from './records.js';

const registries = new WeakMap<LinkContext, Map<string, Map<string, ResolvedTool>>>();

/** Every registered tool of `adapter` in the analysis, by its written name (a later registration replaces an earlier one). */
export function registeredTools(ctx: LinkContext, adapter: string): Map<string, ResolvedTool> {
  let byAdapter = registries.get(ctx);
  if (!byAdapter) registries.set(ctx, (byAdapter = new Map()));
  let tools = byAdapter.get(adapter);
  if (tools) return tools;
  tools = new Map();
  for (const [file, fi] of ctx.index) {
    for (const def of fi.facts.tools) {
      if (!def.registered || def.adapter !== adapter) continue;
      const tool = resolvedTool(ctx, { t: 'tool', file, def }, undefined);
      const written = tool.writtenName ?? tool.name;
      if (written !== undefined) tools.set(written, tool);
    }
  }
  byAdapter.set(adapter, tools);
  return tools;
}

/**
 * Whether every module the set's file imports by a relative path is in the analysis: otherwise
 * (one file linted alone) a tool it names may be registered in a module the analysis lacks.
 */
export function importsResolved(ctx: LinkContext, file: string): boolean {
  const imports = ctx.index.get(file)?.facts.imports ?? [];
  return imports.every((fact) => !fact.module.startsWith('.') || ctx.options.resolveModule(file, fact.module) !== undefined);
}

/** A tool named by a string in a set, as the set lists it. */
export function listedByName(tool: ResolvedTool, listedAt: SourceRef): ResolvedTool {
  return { ...tool, listedAt };
}
