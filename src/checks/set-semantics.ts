// What the framework behind an exposure set does with two entries of one name, and which words fit
// it in messages. Read from the set's adapter (src/facts/adapters), so each framework is described
// by its own behaviour: LangChain runs the first tool of a name, the others the last; the
// runtime's addTools() throws; only frameworks with tool namespaces are told to use one.
import type { ResolvedExposureSet } from '../facts/resolved.js';
import type { FrameworkAdapter } from '../facts/adapters/types.js';

/** Which of two tools of one name a set runs: the first or the last listed, or none (the call throws). */
export type Dispatch = 'first' | 'last' | 'throws';

export function dispatchOf(set: Pick<ResolvedExposureSet, 'kind' | 'duplicatesOutcome'>, adapter: FrameworkAdapter | undefined): Dispatch {
  // The runtime's addTools (LiveToolList.add, src/runtime/loop/live-tools.ts) rejects a second
  // object of a name it already holds, from the same call too: nothing is added. A provider API
  // that rejects duplicate names, or a framework that throws on them, runs neither.
  if (set.kind === 'add-tools' || set.duplicatesOutcome !== undefined) return 'throws';
  // Frameworks that look a name up with `tools.find(...)` run the first tool of that name.
  return adapter?.dispatch === 'first' ? 'first' : 'last';
}

/** `dispatch picks {{winner}}`: the tool a first- or last-wins set runs. */
export function toolWinnerText(dispatch: 'first' | 'last'): string {
  return dispatch === 'first' ? 'the first tool listed' : 'the last tool listed';
}

/**
 * Whether tool namespaces exist where the set is built: the framework defines them
 * (`toolNamespace()` of @openai/agents and the runtime), or the dumped API has them.
 */
export function hasNamespaces(set: Pick<ResolvedExposureSet, 'hasNamespaces'>, adapter: FrameworkAdapter | undefined): boolean {
  return set.hasNamespaces === true || (adapter?.namespaces?.length ?? 0) > 0;
}

/** `Give each tool {{remedy}}.`: a namespace is advice only where the framework has them. */
export function uniqueNameRemedy(set: Pick<ResolvedExposureSet, 'hasNamespaces'>, adapter: FrameworkAdapter | undefined): string {
  return hasNamespaces(set, adapter) ? 'a unique name or a namespace' : 'a unique name';
}
