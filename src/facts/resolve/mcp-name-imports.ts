// Which files that look MCP names up import files that build them (`LinkedProject.mcpNameImports`).
import type { FileFacts } from '../types.js';
import type { LinkContext } from './context.js';

/**
 * See `LinkedProject.mcpNameImports`: for each file that looks MCP names up, the files it imports
 * that build such names (only those: what else it imports does not matter here, and a file that
 * builds names always has the tokens that get it parsed, with or without the pre-filter).
 */
export function mcpNameImports(ctx: LinkContext): Record<string, string[]> | undefined {
  let out: Record<string, string[]> | undefined;
  const buildsNames = (facts: FileFacts): boolean => facts.identityStrings.some((s) => s.form === 'mcp-name' && s.lookup !== true);
  for (const [file, fi] of ctx.index) {
    const looksUp = fi.facts.mcpNameLookups.length > 0 || fi.facts.identityStrings.some((s) => s.form === 'mcp-name' && s.lookup === true);
    if (!looksUp) continue;
    const targets = new Set<string>();
    for (const specifier of new Set(fi.facts.imports.map((i) => i.module))) {
      const target = ctx.options.resolveModule(file, specifier);
      const facts = target === undefined || target === file ? undefined : ctx.index.get(target)?.facts;
      if (facts && buildsNames(facts)) targets.add(target!);
    }
    if (targets.size > 0) (out ??= {})[file] = [...targets];
  }
  return out;
}
