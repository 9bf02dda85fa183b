// required-function-name-known, for a server that runs tools by the requested name (the low-level
// MCP `Server`'s `tools/call` handler switching on `request.params.name`): a name it dispatches
// that its tools list does not carry never runs (no model is offered it), and a listed tool it
// does not dispatch always falls to the handler's default, when that default turns it away (throws
// or answers an error; code that answers every other name is a branch too). Only when both sides are complete:
// every listed name static, and every handler on the server compares the name with static strings
// only (a lookup by the name or a call it is passed to may run any tool).
import type { ResolvedMcpDispatch, SourceRef } from '../facts/resolved.js';
import type { Finding } from './finding.js';
import type { CheckInput } from './input.js';
import { makeFinding } from './make-finding.js';
import { setKey, setLabel } from './set-label.js';

const RULE = 'required-function-name-known';
/** Names shown in the message; the rest is counted. */
const SHOWN = 8;

export function checkDispatchedNames(input: CheckInput): Finding[] {
  const findings: Finding[] = [];
  const sets = new Map(input.linked.exposureSets.map((set) => [set.key, set]));
  const bySet = new Map<string, ResolvedMcpDispatch[]>();
  for (const dispatch of input.linked.mcpDispatches ?? []) {
    for (const key of dispatch.setKeys) bySet.set(key, [...(bySet.get(key) ?? []), dispatch]);
  }
  for (const [key, dispatches] of bySet) {
    const set = sets.get(key);
    if (!set || set.kind !== 'mcp-server' || set.tools.length === 0 || set.unresolved.length > 0) continue;
    if (!dispatches.every((d) => d.complete && d.names.every((n) => n.name !== undefined))) continue;
    if (set.tools.some((tool) => tool.name === undefined)) continue;
    const listed = new Map<string, SourceRef>();
    for (const tool of set.tools) if (!listed.has(tool.name!)) listed.set(tool.name!, tool.definedAt);
    const dispatched = new Map<string, SourceRef>();
    for (const d of dispatches) for (const n of d.names) if (!dispatched.has(n.name!)) dispatched.set(n.name!, n.at);
    const label = setLabel(set);
    const created = { ...set.at, message: `${label} is created here` };
    const report = (messageId: 'unlistedDispatchedTool' | 'undispatchedListedTool', name: string, at: SourceRef, data: Record<string, string>, other: SourceRef & { message: string }): void => {
      const kind = messageId === 'unlistedDispatchedTool' ? 'dispatch' : 'undispatched';
      findings.push(makeFinding(RULE, messageId, { at, data: { name, set: label, ...data }, related: [other, created], key: `${kind}|${setKey(set)}|${name}` }));
    };
    const list = { ...set.tools[0]!.definedAt, message: `${label}: its tools/list answer lists its tools here` };
    const handler = { ...dispatches[0]!.at, message: `${label}: its tools/call handler is set here` };
    for (const [name, at] of dispatched) if (!listed.has(name)) report('unlistedDispatchedTool', name, at, { listed: shown(listed.keys()) }, list);
    // A listed tool no branch names falls to what runs for other names: a defect only where that turns it away.
    if (!dispatches.every((d) => d.rejectsOthers)) continue;
    for (const [name, at] of listed) if (!dispatched.has(name)) report('undispatchedListedTool', name, at, { dispatched: shown(dispatched.keys()) }, handler);
  }
  return findings;
}

function shown(names: Iterable<string>): string {
  const all = [...names].map((n) => `"${n}"`);
  const out = all.slice(0, SHOWN);
  if (all.length > SHOWN) out.push(`${String(all.length - SHOWN)} more`);
  return out.length > 0 ? out.join(', ') : 'none';
}
