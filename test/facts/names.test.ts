import { describe, expect, it } from 'vitest';
import type { NameValue } from '../../src/facts/types.js';
import { publicNames, extract, spanOfText } from './helpers.js';

const code = `import { tool } from '@openai/agents';
import { NAMES, SEARCH } from './names';
import * as names from './names';

enum ToolName { Fetch = 'fetch', Count = 1 }
const BASE = 'base';
const CHAIN = BASE;
const OBJ = { crm: { lookup: 'crm_lookup' }, plain: 'plain' } as const;
const FROZEN = Object.freeze({ frozen: 'frozen_name' });
const MUTABLE = { x: 'mutable' };
const { plain: destructured } = OBJ;
let reassigned = 'r1';
reassigned = 'r2';
let stable = 'stable';

const exec = { execute: async () => '' };
tool({ name: 'literal', ...exec });
tool({ name: \`template\`, ...exec });
tool({ name: CHAIN, ...exec });
tool({ name: OBJ.crm.lookup, ...exec });
tool({ name: OBJ['plain'], ...exec });
tool({ name: FROZEN.frozen, ...exec });
tool({ name: ToolName.Fetch, ...exec });
tool({ name: NAMES.search, ...exec });
tool({ name: SEARCH, ...exec });
tool({ name: names.OTHER, ...exec });
tool({ name: destructured, ...exec });
tool({ name: stable, ...exec });
tool({ name: reassigned, ...exec });
tool({ name: \`\${BASE}_x\`, ...exec });
tool({ name: MUTABLE.x, ...exec });
tool({ name: ToolName.Count, ...exec });
tool({ name: getName(), ...exec });
function make(param: string) {
  return tool({ name: param, ...exec });
}
for (const def of defs) tool({ name: def.name, ...exec });
function inner() {
  const LOCAL = 'inner_local';
  return tool({ name: LOCAL, ...exec });
}
export { ToolName, OBJ, destructured, reassigned };
`;

function describeName(name: NameValue | undefined): string {
  if (!name) return 'none';
  if (name.kind === 'static') return `${name.via}:${name.value}`;
  if (name.kind === 'imported') return `imported:${name.module}#${name.imported}${name.path.map((p) => `.${p}`).join('')}`;
  if (name.kind === 'concat') return `concat:${name.parts.map((part) => describeName(part)).join('+')}`;
  return `dynamic:${name.text}`;
}

describe('NameValue sources', () => {
  const facts = extract(code);
  const byText = facts.tools.map((t) => describeName(t.name));

  it('resolves every static source and keeps the rest dynamic', () => {
    expect(byText).toEqual([
      'literal:literal',
      'template:template',
      'constant:base',
      'object:crm_lookup',
      'object:plain',
      'object:frozen_name',
      'enum:fetch',
      'imported:./names#NAMES.search',
      'imported:./names#SEARCH',
      'imported:./names#OTHER',
      'constant:plain',
      'constant:stable',
      'dynamic:reassigned',
      // A template of constants is as static as its parts.
      'template:base_x',
      'dynamic:MUTABLE.x',
      'dynamic:ToolName.Count',
      'dynamic:getName()',
      'dynamic:param',
      'dynamic:def.name',
      'constant:inner_local',
    ]);
  });

  it('spans the written expression; the linker names only static ones', () => {
    const names = publicNames(facts);
    const chain = facts.tools[2]!;
    expect(chain.name).toEqual({ kind: 'static', value: 'base', via: 'constant', span: spanOfText(code, 'CHAIN', 1) });
    expect(names[2]).toBe('base');
    const imported = facts.tools[7]!;
    expect(imported.name).toEqual({ kind: 'imported', module: './names', imported: 'NAMES', path: ['search'], span: spanOfText(code, 'NAMES.search') });
    expect(names[7]).toBeUndefined();
    const dyn = facts.tools[12]!;
    expect(dyn.name).toEqual({ kind: 'dynamic', text: 'reassigned', span: spanOfText(code, 'reassigned', 2) });
    expect(names[12]).toBeUndefined();
  });

  it('records every dynamic name as dynamic, at the name', () => {
    expect(facts.tools.filter((t) => t.name?.kind === 'dynamic').map((t) => t.name!.span.loc.start.line)).toEqual([29, 31, 32, 33, 35, 37]);
  });

  it('binds enums and as-const objects as objects, so imported members resolve in other files', () => {
    expect(facts.bindings[`ToolName@${code.indexOf('ToolName')}`]).toMatchObject({
      kind: 'object',
      properties: [
        { key: 'Fetch', value: { kind: 'string', value: 'fetch' } },
        { key: 'Count', value: { kind: 'unknown', text: 'Count = 1' } },
      ],
    });
    expect(facts.bindings[`OBJ@${code.indexOf('OBJ')}`]).toMatchObject({
      kind: 'object',
      properties: [
        { key: 'crm', value: { kind: 'object', properties: [{ key: 'lookup', value: { kind: 'string', value: 'crm_lookup' } }] } },
        { key: 'plain', value: { kind: 'string', value: 'plain' } },
      ],
    });
    expect(facts.bindings[`destructured@${code.indexOf('destructured')}`]).toMatchObject({
      kind: 'member',
      property: 'plain',
      object: { kind: 'binding', name: 'OBJ' },
    });
    // A reassigned binding is never followed: its export is unknown and it gets no binding value.
    expect(facts.exports.find((e) => e.exported === 'reassigned')?.value).toMatchObject({ kind: 'unknown', text: 'reassigned' });
    expect(facts.bindings[`reassigned@${code.indexOf('reassigned')}`]).toBeUndefined();
  });
});

describe('names written through options objects', () => {
  it('follows const options objects and spreads; a name an unknown spread may override is dynamic', () => {
    const src = `import { tool } from '@openai/agents';
const opts = { name: 'from_const', execute: async () => '' };
tool(opts);
tool({ name: 'before', ...opts });
tool({ ...opts, name: 'after' });
tool({ name: 'shadowed', ...makeOptions() });
tool(makeOptions());
`;
    const facts = extract(src);
    expect(facts.tools.map((t) => describeName(t.name))).toEqual([
      'literal:from_const',
      'literal:from_const',
      'literal:after',
      "dynamic:name: 'shadowed'",
      'dynamic:makeOptions().name',
    ]);
  });
});
