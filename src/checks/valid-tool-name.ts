// valid-tool-name: model-facing tool, namespace, handoff and MCP tool names against provider rules.
import type { SourceRef } from '../facts/resolved.js';
import type { RuleOptions } from './catalog.js';
import type { Finding } from './finding.js';
import type { CheckInput } from './input.js';
import { makeFinding } from './make-finding.js';
import { mcpToolNameRule, providerLabel, ruleProblem, toolNameProblem } from './tool-name-rules.js';
import { getAdapter } from '../facts/adapters/index.js';

const RULE = 'valid-tool-name';

interface NamedThing {
  what: 'Tool' | 'Namespace' | 'Handoff tool' | 'MCP tool';
  key: string;
  name: string;
  writtenName: string | undefined;
  adapter: string;
  at: SourceRef;
}

export function checkValidToolNames(input: CheckInput, options: RuleOptions<'valid-tool-name'>): Finding[] {
  const findings: Finding[] = [];
  for (const thing of namedThings(input)) {
    // An MCP server's names must fit the MCP pattern whatever model a client forwards them to.
    const mcpProblem = thing.what === 'MCP tool' ? ruleProblem(thing.name, mcpToolNameRule) : undefined;
    const problem = mcpProblem ?? toolNameProblem(thing.name, options.provider, options.pattern);
    if (problem !== undefined) {
      const provider = mcpProblem !== undefined ? mcpToolNameRule.label : providerLabel(options.provider, options.pattern);
      findings.push(
        makeFinding(RULE, 'invalidToolName', {
          at: thing.at,
          data: { what: thing.what, name: thing.name, provider, reason: problem },
          key: `${thing.what}|${thing.name}`,
        }),
      );
    } else if (thing.writtenName !== undefined) {
      findings.push(
        makeFinding(RULE, 'rewrittenToolName', {
          at: thing.at,
          data: {
            what: thing.what,
            name: thing.writtenName,
            publicName: thing.name,
            framework: getAdapter(thing.adapter)?.title ?? thing.adapter,
            rewrites: getAdapter(thing.adapter)?.naming.rewrites ?? 'names',
          },
          key: `${thing.what}|rewritten|${thing.writtenName}`,
        }),
      );
    }
  }
  return findings;
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
    add({ what: 'Tool', key: `${tool.definedAt.file}:${tool.definedAt.span.start}|${tool.name}`, name: tool.name, writtenName: tool.writtenName, adapter: tool.adapter, at: tool.definedAt });
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
      else add({ what: 'Tool', key: `${tool.definedAt.file}:${tool.definedAt.span.start}|${tool.name}`, name: tool.name, writtenName: tool.writtenName, adapter: tool.adapter, at: tool.definedAt });
    }
  }
  return things;
}
