// handoff(agent, { toolNameOverride }) of our own runtime: the static verdict (facts, linker,
// no-tool-name-collision) equals what the runtime does with the same agents: a run under
// toolNameCollisionPolicy 'error' fails on exactly the names the rule reports, and succeeds when the
// rule reports nothing.
import { describe, expect, it } from 'vitest';
import { checks } from '../../src/checks/index.js';
import { adapterNaming } from '../../src/facts/adapters/index.js';
import { linkFacts } from '../../src/facts/resolve.js';
import { Agent, defineTool, handoff, ScriptedModel, ToolIdentityError, type HandoffOptions } from '../../src/runtime/index.js';
import { extract } from './helpers.js';

interface Case {
  name: string;
  /** The tool names on the agent, and each handoff as [target agent name, options]. */
  tools: string[];
  handoffs: Array<[string, HandoffOptions | undefined]>;
  collides: string[];
}

const cases: Case[] = [
  { name: 'an override equal to a tool name', tools: ['escalate'], handoffs: [['Billing', { toolNameOverride: 'escalate' }]], collides: ['escalate'] },
  { name: 'two handoffs with one override', tools: [], handoffs: [['Billing', { toolNameOverride: 'to_money' }], ['Refunds', { toolNameOverride: 'to_money' }]], collides: ['to_money'] },
  { name: 'an empty override falls back to the derived name', tools: ['transfer_to_billing'], handoffs: [['Billing', { toolNameOverride: '' }]], collides: ['transfer_to_billing'] },
  { name: 'no override: the derived name, lower-cased', tools: ['transfer_to_refunds'], handoffs: [['Refunds', undefined]], collides: ['transfer_to_refunds'] },
  { name: 'distinct names', tools: ['escalate'], handoffs: [['Billing', { toolNameOverride: 'to_billing' }], ['Refunds', undefined]], collides: [] },
];

/** The same configuration as source text for the analyzer. */
function source(c: Case): string {
  const targets = [...new Set(c.handoffs.map(([agent]) => agent))];
  return [
    `import { Agent, defineTool, handoff } from 'tool-identity-audit/runtime';`,
    ...targets.map((agent) => `const ${agent.toLowerCase()} = new Agent({ name: '${agent}' });`),
    ...c.tools.map((tool, i) => `const tool${i} = defineTool({ name: '${tool}', description: 'd', parameters: { type: 'object', properties: {} }, execute: () => 'ok' });`),
    `export const triage = new Agent({`,
    `  name: 'Triage',`,
    `  tools: [${c.tools.map((_, i) => `tool${i}`).join(', ')}],`,
    `  handoffs: [${c.handoffs.map(([agent, options]) => `handoff(${agent.toLowerCase()}${options ? `, ${JSON.stringify(options)}` : ''})`).join(', ')}],`,
    `  toolNameCollisionPolicy: 'error',`,
    `});`,
    '',
  ].join('\n');
}

function staticNames(c: Case): string[] {
  const facts = extract(source(c));
  const linked = linkFacts([facts], { resolveModule: () => undefined, naming: adapterNaming });
  return checks['no-tool-name-collision']({ files: [facts], linked, matchPath: (file) => file }, {}).map((f) => f.data.name as string);
}

async function runtimeNames(c: Case): Promise<string[]> {
  const agents = new Map(c.handoffs.map(([agent]) => [agent, new Agent({ name: agent })]));
  const triage = new Agent({
    name: 'Triage',
    tools: c.tools.map((name) => defineTool({ name, description: 'd', parameters: { type: 'object', properties: {} }, execute: () => 'ok' })),
    handoffs: c.handoffs.map(([agent, options]) => handoff(agents.get(agent)!, options)),
    toolNameCollisionPolicy: 'error',
  });
  try {
    await triage.run('hello', { model: new ScriptedModel([{ text: 'done' }]) });
    return [];
  } catch (error) {
    if (!(error instanceof ToolIdentityError) || error.toolName === undefined) throw error;
    return [error.toolName];
  }
}

describe('handoff() of the reference runtime: the rule and the runtime agree', () => {
  it.each(cases)('$name', async (c) => {
    expect(staticNames(c)).toEqual(c.collides);
    expect(await runtimeNames(c)).toEqual(c.collides);
  });
});
