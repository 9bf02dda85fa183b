// required-function-name-known: a statically known reference to a tool by name (a forced tool
// choice such as `requiredFunctionName` or `toolChoice: { type: 'tool', toolName }`, an element of
// `activeTools`), on a set or given to one run, that names none of the tools the set starts with:
// its configured tools and handoffs, plus the run's own tools. Known names are what the runtime's
// strictToolChoice accepts: the public name, the qualified (dispatch) name, and handoff tool names.
// Tools added later through addTools() do not count. Quiet whenever the set is not fully known: unresolved members, dynamic names, MCP servers
// (their tools arrive at run time), a run receiver that is not one known agent. A server's
// dispatching handler against its tools list: ./dispatched-names.ts.
import { setKey, setLabel } from './set-label.js';
import { getFunctionToolQualifiedName } from '../runtime/identity/index.js';
import type { ResolvedExposureSet, ResolvedHandoff, ResolvedTool, ResolvedToolReference, SourceRef } from '../facts/resolved.js';
import type { AgentFact } from '../facts/types.js';
import type { Finding } from './finding.js';
import { checkDispatchedNames } from './dispatched-names.js';
import type { CheckInput } from './input.js';
import { makeFinding } from './make-finding.js';
import { toToolLike } from './tool-like.js';

const RULE = 'required-function-name-known';
/** Names shown in the message; the rest is counted. */
const SHOWN = 8;

export function checkRequiredFunctionNameKnown(input: CheckInput): Finding[] {
  const findings: Finding[] = [];
  const agentFacts = new Map<string, AgentFact>();
  for (const facts of input.files) for (const agent of facts.agents) agentFacts.set(`${facts.file}#${agent.id}`, agent);
  const sets = new Map(input.linked.exposureSets.map((set) => [set.key, set]));
  // Names that some addTools() call brings in later: the usual reason for a forced name that is missing.
  const addedAt = new Map<string, SourceRef>();
  for (const set of input.linked.exposureSets) {
    if (set.kind !== 'add-tools') continue;
    for (const tool of set.tools) {
      for (const name of namesOf(tool)?.names ?? []) if (!addedAt.has(name)) addedAt.set(name, set.at);
    }
  }

  for (const reference of input.linked.toolReferences ?? []) {
    const name = reference.name;
    const setKey0 = reference.setKeys[0];
    if (name === undefined || setKey0 === undefined || reference.setKeys.length !== 1) continue;
    if (reference.targetUnresolved || reference.runToolsUnresolved) continue;
    const set = sets.get(setKey0);
    if (set && reference.registered) {
      findings.push(registryFinding(reference, reference.registered, name, set));
      continue;
    }
    if (!set || set.unresolved.length > 0) continue;
    // MCP servers attached to an agent add tools only known at run time.
    const fact = set.agentKey ? agentFacts.get(set.agentKey) : undefined;
    if (fact?.mcpServers !== undefined) continue;
    const known = knownNames([...set.tools, ...reference.runTools], set.handoffs);
    if (known === undefined || known.names.has(name)) continue;

    const label = reference.runTools.length > 0 ? `${setLabel(set)} and this run's tools` : setLabel(set);
    const shown = known.shown.slice(0, SHOWN).map((n) => `"${n}"`);
    if (known.shown.length > SHOWN) shown.push(`${known.shown.length - SHOWN} more`);
    const added = reference.form === 'tool-choice' ? addedAt.get(name) : undefined;
    const related = [{ ...set.at, message: `${setLabel(set)}: its tools are configured here` }];
    if (added) related.push({ ...added, message: `"${name}" is added here, after the first request` });
    const effect = reference.effect ?? (reference.form === 'tool-choice' ? 'the forced request fails or is ignored' : 'the name is dropped and no tool is offered for it');
    findings.push(
      makeFinding(RULE, added ? 'requiredFunctionAddedLater' : 'unknownRequiredFunction', {
        at: reference.at,
        data: { option: reference.option, name, set: label, available: shown.length > 0 ? shown.join(', ') : 'none', effect },
        related,
        key: keyOf(reference.form, reference.level, setKey(set), name),
      }),
    );
  }
  findings.push(...checkDispatchedNames(input));
  return findings;
}

/**
 * A name string listed among the tools that the framework looks up in its registry, where no
 * definition of the analysis registers it (the linker decided; the set's other members do not matter).
 */
function registryFinding(reference: ResolvedToolReference, registered: readonly string[], name: string, set: ResolvedExposureSet): Finding {
  const shown = registered.slice(0, SHOWN).map((n) => `"${n}"`);
  if (registered.length > SHOWN) shown.push(`${registered.length - SHOWN} more`);
  return makeFinding(RULE, 'unknownRegisteredTool', {
    at: reference.at,
    data: { option: reference.option, name, registered: shown.length > 0 ? shown.join(', ') : 'none', effect: reference.effect ?? 'the call fails' },
    related: [{ ...set.at, message: `${setLabel(set)}: its tools are listed here` }],
    key: `${keyOf(reference.form, reference.level, setKey(set), name)}|registry`,
  });
}

/** Forced choices keep the key they had before lists of names were references too (baselines survive). */
function keyOf(form: 'tool-choice' | 'names', level: 'set' | 'run', set: string, name: string): string {
  if (form === 'tool-choice') return `${level === 'set' ? 'agent' : 'run'}|${set}|${name}`;
  return `${level}|${set}|names|${name}`;
}

/**
 * The names a forced choice may use for `tool` (public, as written, qualified) and the one a call of
 * it carries (the qualified name of a namespaced tool); undefined when its name or namespace is not static.
 */
function namesOf(tool: ResolvedTool): { names: string[]; display: string } | undefined {
  if (tool.name === undefined || tool.namespaceDynamic) return undefined;
  const display = getFunctionToolQualifiedName(toToolLike(tool)) ?? tool.name;
  const names = [tool.name, display];
  if (tool.writtenName !== undefined) names.push(tool.writtenName);
  return { names, display };
}

/** Names accepted for a forced call and the ones to show; undefined when any member is not static. */
function knownNames(
  tools: readonly ResolvedTool[],
  handoffs: readonly ResolvedHandoff[],
): { names: Set<string>; shown: string[] } | undefined {
  const names = new Set<string>();
  const shown: string[] = [];
  for (const tool of tools) {
    const named = namesOf(tool);
    if (named === undefined) return undefined;
    for (const n of named.names) names.add(n);
    if (!shown.includes(named.display)) shown.push(named.display);
  }
  for (const handoff of handoffs) {
    if (handoff.toolName === undefined) return undefined;
    names.add(handoff.toolName);
    if (!shown.includes(handoff.toolName)) shown.push(handoff.toolName);
  }
  return { names, shown };
}
