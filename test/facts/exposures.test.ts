import { describe, expect, it } from 'vitest';
import { extract, nameOf, offset, pos, show } from './helpers.js';

const code = `import { Agent, tool } from '@openai/agents';
import { sharedTools } from './shared';
import { escalation } from './escalation';

const a = tool({ name: 'a', execute: async () => '' });
const extra = tool({ name: 'extra', execute: async () => '' });
const baseTools = [a];
export const main = new Agent({ name: 'Main', tools: [...baseTools, ...sharedTools, a], handoffs: [] });
const other = new Agent({ name: 'Other', tools: pickTools() });
const third = new Agent({ name: 'Third', tools: [a] });
const fourth = new Agent({ name: 'Fourth', tools: [a] });
const base = { name: 'Base', tools: [a], handoffs: [main] };
const fromConst = new Agent(base);
const spreadOpts = new Agent({ ...base, name: 'Spread' });
export const viaParam = (opts: any) => new Agent(opts);

main.tools.push(extra, ...baseTools);
main.handoffs.push(other);
other.handoffs = [main];
console.log(main.tools.length, main.tools.map((t) => t.name), [...main.handoffs]);
for (const t of main.tools) console.log(t);
if (main.tools.includes(a)) console.log('yes');
third.tools.splice(0, 1);
register(fourth.tools);
escalation.handoffs.push(main);
`;

describe('exposure sets', () => {
  const facts = extract(code);
  const b = (name: string) => `binding:${name}@${offset(code, `const ${name} =`) + 6}`;
  const exposureOf = (agentName: string) => {
    const agent = facts.agents.find((x) => nameOf(x.name) === agentName)!;
    return facts.exposures.find((e) => e.owner === agent.id)!;
  };

  it('keeps spreads, imports and bindings in the listed order', () => {
    const main = exposureOf('Main');
    expect(show(main.tools)).toBe(`[...${b('baseTools')}, ...import:./shared#sharedTools, ${b('a')}]`);
    expect(show(main.handoffs)).toBe('[]');
    expect(show(exposureOf('Other').tools)).toBe('unknown(pickTools())');
  });

  it('follows push and assignment after construction', () => {
    const main = exposureOf('Main');
    expect(main.additions.map((x) => [x.property, show(x.value), x.span.loc.start])).toEqual([
      ['tools', b('extra'), pos(code, 'main.tools.push')],
      ['tools', `...${b('baseTools')}`, pos(code, 'main.tools.push')],
      ['handoffs', b('other'), pos(code, 'main.handoffs.push')],
    ]);
    expect(main.mutatedUnknown).toBe(false);
    const other = exposureOf('Other');
    expect(other.additions.map((x) => [x.property, show(x.value)])).toEqual([['handoffs', `[binding:main@${offset(code, 'main =')}]`]]);
    expect(other.mutatedUnknown).toBe(false);
  });

  it('marks sets changed in ways it cannot follow, never silently clean', () => {
    expect(exposureOf('Third').mutatedUnknown).toBe(true);
    expect(exposureOf('Fourth').mutatedUnknown).toBe(true);
    expect(exposureOf('Third').additions).toEqual([]);
    // Options that cannot be followed: the set's tools are unknown, not empty.
    const opaque = facts.exposures.find((e) => e.span.start === offset(code, 'new Agent(opts)'))!;
    expect(show(opaque.tools)).toBe('unknown(opts)');
  });

  it('records mutations of an agent imported from another module for the linker', () => {
    expect(
      facts.agentMutations.map((m) => [show(m.agent), m.property, m.mode, m.values.map(show), m.span.loc.start.line]),
    ).toEqual([['import:./escalation#escalation', 'handoffs', 'add', [`binding:main@${offset(code, 'main =')}`], pos(code, 'escalation.handoffs').line]]);
  });

  it('reads options through const objects and spreads', () => {
    expect(show(exposureOf('Base').tools)).toBe(`[${b('a')}]`);
    expect(show(exposureOf('Base').handoffs)).toBe(`[binding:main@${offset(code, 'main =')}]`);
    expect(show(exposureOf('Spread').tools)).toBe(`[${b('a')}]`);
    const viaParam = facts.agents.find((x) => x.name?.kind === 'dynamic')!;
    expect(nameOf(viaParam.name)).toBe('dynamic:opts.name');
    expect(show(viaParam.tools)).toBe('unknown(opts)');
    expect(show(viaParam.handoffs)).toBe('unknown(opts)');
  });
});

describe('module surface', () => {
  const surface = `import def, { a as b, type T } from './a';
import * as ns from './ns';
const { x } = require('./cjs');
export const one = 'one', two = [b, ns.thing, def];
export function fn(p: number) { return p; }
export { b as renamed, x };
export { y as z, default as w } from './y';
export * from './star';
export * as all from './all';
export type { T };
export enum Color { Red = 'red' }
export class K {}
let later;
export default one;
`;

  it('records imports, exports, re-exports and top-level bindings', () => {
    const facts = extract(surface, 'src/surface.ts');
    expect(facts.adapters).toEqual([]);
    expect(facts.imports).toEqual([
      { local: 'def', module: './a', imported: 'default' },
      { local: 'b', module: './a', imported: 'a' },
      { local: 'ns', module: './ns', imported: '*' },
      { local: 'x', module: './cjs', imported: 'x' },
    ]);
    expect(facts.exports.map((e) => [e.exported, e.value.kind === 're-export' ? `re-export:${e.value.module}#${e.value.imported}` : show(e.value)])).toEqual([
      ['one', `binding:one@${offset(surface, 'one =')}`],
      ['two', `binding:two@${offset(surface, 'two =')}`],
      ['fn', `binding:fn@${offset(surface, 'fn(')}`],
      ['renamed', 'import:./a#a'],
      ['x', 'import:./cjs#x'],
      ['z', 're-export:./y#y'],
      ['w', 're-export:./y#default'],
      ['all', 're-export:./all#*'],
      ['Color', `binding:Color@${offset(surface, 'Color')}`],
      ['K', `binding:K@${offset(surface, 'K {}')}`],
      ['default', `binding:one@${offset(surface, 'one =')}`],
    ]);
    expect(facts.exportAll).toEqual(['./star']);
    expect(Object.entries(facts.bindings).map(([k, v]) => [k, show(v)])).toEqual([
      [`one@${offset(surface, 'one =')}`, '"one"'],
      [`two@${offset(surface, 'two =')}`, '[import:./a#a, import:./ns#thing, import:./a#default]'],
      [`fn@${offset(surface, 'fn(')}`, `function:fn@${offset(surface, 'export function')}`],
      [`Color@${offset(surface, 'Color')}`, '{Red: "red"}'],
      [`K@${offset(surface, 'K {}')}`, 'unknown(K)'],
    ]);
    expect(facts.functions).toEqual([]);
  });

  it('reads the same top-level surface whether or not the file is pre-filtered', () => {
    const prefiltered = extract(surface, 'src/surface.ts');
    const walked = extract(`${surface}// callId\n`, 'src/surface.ts');
    expect(walked.imports).toEqual(prefiltered.imports);
    expect(walked.exports).toEqual(prefiltered.exports);
    expect(walked.exportAll).toEqual(prefiltered.exportAll);
    expect(walked.bindings).toEqual(prefiltered.bindings);
  });

  it('binds declarations in every scope of a walked file', () => {
    const src = `import { Agent } from '@openai/agents';
export function build(flag: boolean) {
  const inner = ['x'];
  if (flag) {
    let deeper = inner;
    return new Agent({ name: 'A', tools: deeper });
  }
  return undefined;
}
export default function () {}
`;
    const facts = extract(src);
    expect(Object.entries(facts.bindings).map(([k, v]) => [k, show(v)])).toEqual([
      [`build@${offset(src, 'build(')}`, `function:fn@${offset(src, 'export function build')}`],
      [`inner@${offset(src, 'inner =')}`, '["x"]'],
      [`deeper@${offset(src, 'deeper =')}`, `binding:inner@${offset(src, 'inner =')}`],
    ]);
    expect(show(facts.agents[0]!.tools)).toBe(`binding:deeper@${offset(src, 'deeper =')}`);
    expect(facts.exports.map((e) => [e.exported, show(e.value as never)])).toEqual([
      ['build', `binding:build@${offset(src, 'build(')}`],
      ['default', `function:fn@${offset(src, 'export default function')}`],
    ]);
    expect(facts.functions.map((f) => [f.key, f.name, f.params])).toEqual([
      [`fn@${offset(src, 'export function build')}`, 'build', ['flag']],
      [`fn@${offset(src, 'export default function')}`, undefined, []],
    ]);
  });
});

describe('live properties behind casts and string keys', () => {
  const code = `import { Agent } from '@openai/agents';
import { imported } from './agents.js';
const triage = new Agent({ name: 'triage' });
(triage.handoffs as any).push(billing);
(triage as any)['handoffs'].push(refunds);
(<any>triage).tools = [search];
triage!['tools']!.push(lookup);
(imported as any)['handoffs'] = [billing];
triage[handoffsKey].push(other);
`;
  const facts = extract(code);

  it('follows changes of an own agent and of an imported one', () => {
    expect(facts.exposures[0]?.additions.map((a) => [a.property, a.mode, show(a.value)])).toEqual([
      ['handoffs', 'add', `unknown(billing)`],
      ['handoffs', 'add', `unknown(refunds)`],
      ['tools', 'assign', `[unknown(search)]`],
      ['tools', 'add', `unknown(lookup)`],
    ]);
    expect(facts.exposures[0]?.mutatedUnknown).toBe(false);
    expect(facts.agentMutations.map((m) => [show(m.agent), m.property, m.mode, m.values.map(show)])).toEqual([
      ['import:./agents.js#imported', 'handoffs', 'assign', ['[unknown(billing)]']],
    ]);
  });
});

describe('what holds an agent', () => {
  const src = `import { createAgent } from 'langchain';

export const mailAgent = createAgent({ model: 'openai:gpt-4.1', tools: [] });
export const desks = { archive: await createAgent({ model: 'openai:gpt-4.1', tools: [] }), 'night-shift': createAgent({ tools: [] }) as unknown };
class Desk {
  private readonly agent = createAgent({ model: 'openai:gpt-4.1', tools: [] });
}
export default createAgent({ model: 'openai:gpt-4.1', tools: [] });
register(createAgent({ model: 'openai:gpt-4.1', tools: [] }));
`;

  it('records the variable, property or class field an agent initialises, through await and casts', () => {
    expect(extract(src).agents.map((agent) => agent.holder)).toEqual(['mailAgent', 'archive', 'night-shift', 'agent', undefined, undefined]);
  });
});

describe('toolkits of modules that import no framework', () => {
  const lists = `export const kit = [new SearchTool(), new FetchTool()];
export function more() {
  return [alpha, beta()];
}
`;

  it('a plain module offers its lists as toolkits of any framework whose toolkits are lists', () => {
    const facts = extract(`import { SearchTool, FetchTool } from './tools';\n${lists}`, 'src/kit.ts');
    expect(facts.exposures.map((e) => [e.kind, e.adapter, e.toolkitOf])).toEqual([
      ['toolkit', '', ['langchain']],
      ['toolkit', '', ['langchain']],
    ]);
  });

  it('a module that imports another framework offers none: its lists are that framework\'s values', () => {
    const facts = extract(`import { tool } from 'ai';\nimport { SearchTool, FetchTool } from './tools';\n${lists}`, 'src/kit.ts');
    expect(facts.exposures.filter((e) => e.kind === 'toolkit')).toEqual([]);
  });
});
