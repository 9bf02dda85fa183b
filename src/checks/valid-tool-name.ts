// valid-tool-name: model-facing tool, namespace, handoff and MCP tool names against provider rules.
// Names sent verbatim that the provider rejects are errors; names the framework rewrites are
// warnings saying what the model sees, unless the rewrite collides or the written form is used.
import type { ResolvedExposureSet, ResolvedTool, SourceRef } from '../facts/resolved.js';
import type { RuleOptions } from './rule-option-schemas.js';
import type { Finding } from './finding.js';
import { adapterOf, type CheckInput } from './input.js';
import { makeFinding } from './make-finding.js';
import { isTestFile } from './test-files.js';
import type { FrameworkAdapter } from '../facts/adapters/types.js';
import { mcpToolNameRule, providerLabel, ruleProblem, toolNameProblem, type ProviderRule } from './tool-name-rules.js';
import { setKey, setLabel } from './set-label.js';

const RULE = 'valid-tool-name';

interface NamedThing {
  what: 'Tool' | 'Namespace' | 'Handoff tool' | 'MCP tool';
  key: string;
  name: string;
  writtenName: string | undefined;
  adapter: string;
  at: SourceRef;
  /** The tool itself, for tools (collisions and references of its rewritten name). */
  tool?: ResolvedTool;
}

export function checkValidToolNames(input: CheckInput, options: RuleOptions<'valid-tool-name'>): Finding[] {
  const findings: Finding[] = [];
  for (const thing of namedThings(input)) {
    // A name written in a test reaches a stub model, not a provider; tests of name validation write
    // invalid names on purpose.
    if (input.matchPath && isTestFile(input.matchPath(thing.at.file))) continue;
    // An MCP server's names must fit the MCP pattern whatever model a client forwards them to.
    const mcpProblem = thing.what === 'MCP tool' ? ruleProblem(thing.name, mcpToolNameRule) : undefined;
    // A framework that always talks to one provider is held to that provider's rule.
    const own = thing.what === 'MCP tool' ? undefined : adapterRule(adapterOf(input, thing.adapter)?.nameRule);
    const ownProblem = own ? ruleProblem(thing.name, own) : undefined;
    const problem = mcpProblem ?? (own ? ownProblem : toolNameProblem(thing.name, options.provider, options.pattern));
    if (problem !== undefined) {
      const provider = mcpProblem !== undefined ? mcpToolNameRule.label : own ? own.label : providerLabel(options.provider, options.pattern);
      findings.push(
        makeFinding(RULE, 'invalidToolName', {
          at: thing.at,
          data: { what: thing.what, name: thing.name, provider, reason: problem },
          key: `${thing.what}|${thing.name}`,
        }),
      );
    } else if (thing.writtenName !== undefined) {
      const finding = rewriteFinding(input, thing, thing.writtenName, options.reportRewrites);
      if (finding) findings.push(finding);
    }
  }
  return findings;
}

/** An adapter's `nameRule` as a provider rule. */
function adapterRule(rule: FrameworkAdapter['nameRule']): ProviderRule | undefined {
  if (!rule) return undefined;
  const first = rule.first ? { first: { test: new RegExp(`[${rule.first.characters}]`), text: rule.first.text } } : {};
  return { label: rule.label, maxLength: rule.maxLength, allowed: new RegExp(`[${rule.characters}]`), allowedText: rule.charactersText, ...first };
}

/**
 * A name the framework rewrites before the request. Harmless while nothing depends on the written
 * form: a warning that says what the model sees. An error when the rewritten name collides with
 * another member of a set the tool is in, or when a tool choice or active-tools list of such a set
 * uses the written form (it then names no tool).
 */
function rewriteFinding(input: CheckInput, thing: NamedThing, writtenName: string, reportRewrites: boolean): Finding | undefined {
  const adapter = adapterOf(input, thing.adapter);
  const data = {
    what: thing.what,
    name: writtenName,
    publicName: thing.name,
    framework: adapter?.title ?? thing.adapter,
    rewrites: adapter?.naming.rewrites ?? 'names',
  };
  const sets = thing.tool ? input.linked.exposureSets.filter((set) => set.tools.some((t) => t.key === thing.tool!.key)) : [];
  for (const set of sets) {
    // Where two tools of one name make the call fail, the collision is no-tool-name-collision's.
    if (set.duplicatesOutcome !== undefined) continue;
    const other = collidingMember(set, thing.tool!);
    if (other) {
      return makeFinding(RULE, 'rewrittenNameCollides', {
        at: thing.at,
        data: { ...data, other: other.label, set: setLabel(set) },
        related: [{ file: other.at.file, span: other.at.span, message: `${other.label} is also sent as "${thing.name}"` }],
        key: `${thing.what}|rewritten-collides|${writtenName}|${setKey(set)}`,
      });
    }
  }
  const setKeys = new Set(sets.map((set) => set.key));
  const reference = (input.linked.toolReferences ?? []).find(
    (r) => r.name === writtenName && (r.setKeys.some((key) => setKeys.has(key)) || r.runTools.some((t) => t.key === thing.tool?.key)),
  );
  if (reference) {
    return makeFinding(RULE, 'rewrittenNameReferenced', {
      at: thing.at,
      data: { ...data, option: reference.option },
      related: [{ file: reference.at.file, span: reference.at.span, message: `${reference.option} names "${writtenName}"` }],
      key: `${thing.what}|rewritten-referenced|${writtenName}|${reference.option}`,
    });
  }
  if (!reportRewrites) return undefined;
  return makeFinding(RULE, 'rewrittenToolName', {
    at: thing.at,
    data,
    maxSeverity: 'warning',
    key: `${thing.what}|rewritten|${writtenName}`,
  });
}

/** Another tool (same namespace) or a handoff of `set` that the model sees under the same name. */
function collidingMember(set: ResolvedExposureSet, tool: ResolvedTool): { label: string; at: SourceRef } | undefined {
  for (const other of set.tools) {
    if (other.key === tool.key || other.kind === 'hosted' || other.name !== tool.name || other.namespace !== tool.namespace) continue;
    return { label: `tool "${other.writtenName ?? other.name}"`, at: other.definedAt };
  }
  const handoff = set.handoffs.find((h) => h.toolName !== undefined && h.toolName === tool.name);
  return handoff ? { label: `the handoff "${handoff.toolName}"`, at: handoff.definedAt } : undefined;
}

function namedThings(input: CheckInput): NamedThing[] {
  const things: NamedThing[] = [];
  const seen = new Set<string>();
  const add = (thing: NamedThing): void => {
    if (seen.has(thing.key)) return;
    seen.add(thing.key);
    things.push(thing);
  };
  for (const tool of input.linked.tools) {
    // Hosted tools are named by the provider itself.
    if (tool.name === undefined || tool.kind === 'hosted') continue;
    add({ what: 'Tool', key: `${tool.definedAt.file}:${tool.definedAt.span.start}|${tool.name}`, name: tool.name, writtenName: tool.writtenName, adapter: tool.adapter, at: tool.definedAt, tool });
  }
  for (const ns of input.linked.namespaces) {
    if (ns.name === undefined) continue;
    add({ what: 'Namespace', key: ns.key, name: ns.name, writtenName: ns.writtenName, adapter: ns.adapter, at: ns.at });
  }
  for (const set of input.linked.exposureSets) {
    for (const handoff of set.handoffs) {
      if (handoff.toolName === undefined) continue;
      add({ what: 'Handoff tool', key: handoff.key, name: handoff.toolName, writtenName: undefined, adapter: set.adapter, at: handoff.definedAt });
    }
    for (const tool of set.tools) {
      if (tool.name === undefined || tool.kind === 'hosted') continue;
      if (set.kind === 'mcp-server') add({ what: 'MCP tool', key: tool.key, name: tool.name, writtenName: undefined, adapter: tool.adapter, at: tool.definedAt });
      // Tools named by the set (a record key, an `agents` key) only have a name where a set lists them.
      else add({ what: 'Tool', key: `${tool.definedAt.file}:${tool.definedAt.span.start}|${tool.name}`, name: tool.name, writtenName: tool.writtenName, adapter: tool.adapter, at: tool.definedAt, tool });
    }
  }
  return things;
}
