// Tool references: names given by string in a set's options or in one run's.
import type { ToolReferenceFact } from '../types.js';
import type { ResolvedTool, ResolvedToolReference } from '../resolved.js';
import type { LinkContext } from './context.js';
import { resolveTop } from './lists.js';
import { resolvedTool } from './records.js';
import { resolve, staticName } from './values.js';

export function resolvedReference(ctx: LinkContext, file: string, reference: ToolReferenceFact, level: 'set' | 'run', setKeys: string[]): ResolvedToolReference {
  return {
    level,
    option: reference.option,
    form: reference.form,
    at: { file, span: reference.span },
    name: staticName(ctx, file, reference.name),
    setKeys,
    targetUnresolved: false,
    runTools: [],
    runToolsUnresolved: false,
    ...(reference.effect !== undefined ? { effect: reference.effect } : {}),
  };
}

/** Tool references given to runs, with the run's agent (its set) and run-level tools resolved. */
export function runReferences(ctx: LinkContext, exposureOf: ReadonlyMap<string, string>): ResolvedToolReference[] {
  const out: ResolvedToolReference[] = [];
  for (const [file, fi] of ctx.index) {
    for (const run of fi.facts.runReferences) {
      const targets = resolve(ctx, file, run.agent, 0);
      // A run shape of one framework called on another framework's agent is no run of it.
      if (targets.some((item) => item.t === 'agent' && item.agent.adapter !== run.adapter)) continue;
      const setKeys = targets.flatMap((item) => {
        const exposure = item.t === 'agent' ? exposureOf.get(`${item.file}#${item.agent.id}`) : undefined;
        return exposure ? [exposure] : [];
      });
      const runTools: ResolvedTool[] = [];
      let runToolsUnresolved = false;
      if (run.tools) {
        for (const { item, listedAt } of resolveTop(ctx, file, run.tools)) {
          if (item.t === 'tool') runTools.push(resolvedTool(ctx, item, listedAt));
          else runToolsUnresolved = true;
        }
      }
      for (const reference of run.references) {
        out.push({
          ...resolvedReference(ctx, file, reference, 'run', setKeys),
          targetUnresolved: targets.some((item) => item.t !== 'agent') || setKeys.length !== targets.length,
          runTools,
          runToolsUnresolved,
        });
      }
    }
  }
  return out;
}
