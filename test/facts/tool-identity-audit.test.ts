import { resultsBeforeNext } from '../../src/checks/middleware-result-before-next.js';
import { describe, expect, it } from 'vitest';
import { extract, idAt, nameOf, offset, pos, show, spanOfText, linkedNames, publicNames } from './helpers.js';

const code = `import { Agent, defineTool, toolNamespace, type FunctionInvocationContext, type FunctionMiddleware } from 'tool-identity-audit/runtime';

export const search = defineTool({
  name: 'search',
  description: 'Search the docs',
  parameters: { type: 'object', properties: {} },
  approvalMode: 'always_require',
  deferLoading: true,
  async execute(args, ctx) {
    ctx.addTools([defineTool({ name: 'details', description: 'd', parameters: {}, execute: () => 'x' }), fetchTool]);
    ctx.tools.push(fetchTool);
    return 'ok';
  },
});
const fetchTool = defineTool({ name: 'fetch', description: 'Fetch', parameters: {}, approvalMode: 'never_require', execute: () => 'x' });
const crm = toolNamespace({ name: ' crm ', description: 'CRM', tools: [fetchTool] });

const audit: FunctionMiddleware = async (ctx, next) => {
  ctx.result = 'cached';
  await next();
};
async function logCalls(ctx: FunctionInvocationContext, next: () => Promise<void>) {
  if (ctx.arguments.dryRun) {
    ctx.result = 'dry';
    return;
  }
  next();
}
const support = new Agent({ name: 'Support Agent' });
export const agent = new Agent({
  name: 'Docs',
  tools: [search, crm],
  handoffs: [support],
  middleware: [audit, logCalls],
  toolChoice: { mode: 'required', requiredFunctionName: 'search' },
  toolNameCollisionPolicy: 'error',
});
function helper(context: { tools: unknown[] }) {
  context.tools = [fetchTool];
}
function unrelated(config: { tools: unknown[] }) {
  config.tools.push(fetchTool);
}
const outside = makeContext();
outside.addTools(fetchTool);
const result = await agent.run('hello', { model, toolChoice: 'auto' });
`;

describe('tool-identity-audit runtime adapter', () => {
  const facts = extract(code, 'src/docs-agent.ts');
  const binding = (name: string) => `binding:${name}@${offset(code, `const ${name} =`) + 6}`;

  it('records defineTool with verbatim names, approval mode and deferral', () => {
    expect(facts.adapters).toEqual(['tool-identity-audit']);
    const names = publicNames(facts);
    expect(facts.tools.map((t, i) => [t.id, nameOf(t.name), names[i], t.approvalRequired, t.deferLoading])).toEqual([
      [idAt('tool', code, "defineTool({\n  name: 'search'"), 'search', 'search', true, true],
      [idAt('tool', code, "defineTool({ name: 'details'"), 'details', 'details', false, false],
      [idAt('tool', code, "defineTool({ name: 'fetch'"), 'fetch', 'fetch', false, false],
    ]);
    expect(facts.tools[0]!.nameSpan).toEqual(spanOfText(code, "'search'"));
  });

  it('strips the namespace name (Python semantics)', () => {
    const names = linkedNames(facts).namespaces;
    expect(facts.namespaces.map((n) => [nameOf(n.name), names.get(n.id), show(n.members)])).toEqual([
      [' crm ', 'crm', `[${binding('fetchTool')}]`],
    ]);
  });

  it('records the agent: handoffs listed directly, collision policy and tool choice', () => {
    const docs = facts.agents.find((a) => nameOf(a.name) === 'Docs')!;
    expect(show(docs.tools)).toBe(`[${binding('search')}, ${binding('crm')}]`);
    expect(show(docs.handoffs)).toBe(`[${binding('support')}]`);
    expect(docs.mcpServers).toBeUndefined();
    expect(docs.toolNameCollisionPolicy).toBe('error');
    expect(facts.exposures.find((e) => e.owner === docs.id)!.references).toEqual([
      {
        option: 'requiredFunctionName',
        form: 'tool-choice',
        name: { kind: 'static', value: 'search', via: 'literal', span: spanOfText(code, "'search'", 1) },
        span: spanOfText(code, "'search'", 1),
      },
    ]);
    expect(facts.handoffs).toEqual([]);
  });

  it('makes an add-tools exposure set per addTools() call', () => {
    const addTools = facts.exposures.filter((e) => e.kind === 'add-tools');
    expect(addTools.map((e) => [e.id, show(e.tools)])).toEqual([
      [idAt('exposure', code, 'ctx.addTools'), `[tool:${facts.tools[1]!.id}, ${binding('fetchTool')}]`],
      [idAt('exposure', code, 'outside.addTools'), binding('fetchTool')],
    ]);
    expect(facts.exposures.map((e) => e.kind)).toEqual(['add-tools', 'agent', 'agent', 'add-tools']);
  });

  it('classifies context uses by where the context comes from', () => {
    expect(facts.contextUses.map((u) => [u.method, u.receiver, show(u.argument), u.inlineTools.length, u.span.loc.start.line])).toEqual([
      ['addTools', 'invocation', `[tool:${facts.tools[1]!.id}, ${binding('fetchTool')}]`, 1, 10],
      ['tools-mutation', 'invocation', binding('fetchTool'), 0, 11],
      ['tools-assignment', 'unknown', `[${binding('fetchTool')}]`, 0, pos(code, 'context.tools =').line],
      ['addTools', 'other', binding('fetchTool'), 0, pos(code, 'outside.addTools').line],
    ]);
    expect(facts.contextUses[0]!.inlineTools).toEqual([
      spanOfText(code, "defineTool({ name: 'details', description: 'd', parameters: {}, execute: () => 'x' })"),
    ]);
  });

  it('records the shape of middleware listed on the agent or typed as FunctionMiddleware', () => {
    expect(facts.middleware).toEqual([
      {
        steps: [
          { kind: 'result', span: spanOfText(code, "ctx.result = 'cached'") },
          { kind: 'next', span: spanOfText(code, 'await next();'), exits: false },
        ],
        nextCalls: [{ use: 'used', span: spanOfText(code, 'next()') }],
        span: spanOfText(code, "async (ctx, next) => {\n  ctx.result = 'cached';\n  await next();\n}"),
      },
      {
        steps: [
          {
            kind: 'branch',
            arms: [[{ kind: 'result', span: spanOfText(code, "ctx.result = 'dry'") }, { kind: 'exit', span: spanOfText(code, 'return;') }], []],
            exhaustive: false,
          },
          { kind: 'next', span: spanOfText(code, 'next();', 1), exits: false },
        ],
        nextCalls: [{ use: 'statement', span: spanOfText(code, 'next()', 1) }],
        span: { ...facts.middleware[1]!.span, start: offset(code, 'async function logCalls') },
      },
    ]);
    // The verdicts are the checks': a result set before next(), and a next() left floating.
    expect(facts.middleware.map((m) => resultsBeforeNext(m))).toEqual([[spanOfText(code, "ctx.result = 'cached'")], []]);
  });

  it('records no run reference for a run whose tool choice is a mode', () => {
    // `toolChoice: 'auto'` names no tool; the run is an ordinary call.
    expect(facts.runReferences).toEqual([]);
  });
});

describe('middleware result/next ordering', () => {
  it('flags ctx.result set before next() only when nothing sets it afterwards', () => {
    const src = `import { Agent } from 'tool-identity-audit';
new Agent({
  name: 'M',
  middleware: [
    async (ctx, next) => { ctx.result = 1; await next(); ctx.result = 2; },
    async (ctx, next) => { ctx.result = 1; return next(); },
    async (ctx, next) => { await next(); ctx.result = 3; },
    (ctx, next) => next(),
    async (ctx, next) => { void next(); },
  ],
});
`;
    const facts = extract(src);
    expect(facts.middleware.map((m) => [resultsBeforeNext(m).map((s) => s.loc.start), m.nextCalls.filter((c) => c.use !== 'used').length])).toEqual([
      [[], 0],
      [[{ line: 6, column: 27 }], 0],
      [[], 0],
      [[], 0],
      [[], 1],
    ]);
  });
});

describe('tool-identity-audit runtime: handoff()', () => {
  const code = `import { Agent, handoff } from 'tool-identity-audit/runtime';
const billing = new Agent({ name: 'Billing' });
export const triage = new Agent({ name: 'Triage', handoffs: [handoff(billing, { toolNameOverride: 'to_billing' }), handoff(billing)] });
`;
  const facts = extract(code);

  it('records handoff(agent, { toolNameOverride }) with its target agent', () => {
    expect(facts.handoffs.map((h) => [h.adapter, show(h.agent), nameOf(h.toolNameOverride)])).toEqual([
      ['tool-identity-audit', `binding:billing@${offset(code, 'billing =')}`, 'to_billing'],
      ['tool-identity-audit', `binding:billing@${offset(code, 'billing =')}`, undefined],
    ]);
    expect(show(facts.agents[1]?.handoffs)).toBe(`[handoff:${idAt('handoff', code, 'handoff(billing, {')}, handoff:${idAt('handoff', code, 'handoff(billing)')}]`);
  });
});
