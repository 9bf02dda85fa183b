import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { extractFacts, mayHaveFacts } from '../../src/facts/extract.js';
import { emptyFacts } from '../../src/facts/extract/context.js';
import { publicNames, extract, viaTypeScript } from './helpers.js';

describe('pre-filter', () => {
  it('returns empty facts for a file that mentions no enabler and no identity token', () => {
    const code = `import { tool } from 'llm-kit';\nconsole.log(tool({ name: 'x' }), String(value));\n`;
    expect(mayHaveFacts(code)).toBe(false);
    const facts = extract(code, 'src/plain.ts');
    expect(facts).toStrictEqual({ ...emptyFacts('src/plain.ts'), imports: [{ local: 'tool', module: 'llm-kit', imported: 'tool' }] });
  });

  it('does not walk a pre-filtered file (the type seam is never asked)', () => {
    let asked = 0;
    const seam = { isCallIdExpression: () => (asked++, true) };
    const skipped = extract(`export const out = String(value);\n`, 'src/skip.ts', seam);
    expect(skipped.callIdCoercions).toEqual([]);
    expect(asked).toBe(0);
    const walked = extract(`export const out = String(value); // tool_call_id\n`, 'src/walk.ts', seam);
    expect(walked.callIdCoercions.map((c) => c.evidence)).toEqual(['type']);
    expect(asked).toBe(2);
  });

  it('passes files that mention an enabler or a token', () => {
    expect(mayHaveFacts(`import { Agent } from '@openai/agents';`)).toBe(true);
    expect(mayHaveFacts(`import x from '@modelcontextprotocol/sdk/server/mcp.js';`)).toBe(true);
    expect(mayHaveFacts('const id = item.call_id;')).toBe(true);
    expect(mayHaveFacts('const q = `${ns}.${name}`;')).toBe(true);
    expect(mayHaveFacts('const q = tool.qualifiedName;')).toBe(true);
    expect(mayHaveFacts('const returns = functions.options;')).toBe(false);
  });
});

describe('output', () => {
  const code = `import { Agent, tool } from '@openai/agents';
export const agents = [1, 2, 3].map((i) => new Agent({ name: \`agent \${i}\`, tools: [tool({ name: 't', execute: async () => '' })] }));
export const seq = new Agent({ name: 'Seq', tools: [tool({ name: 'x', execute: async () => '' }).asTool?.()] });
`;

  it('is deterministic, JSON-serialisable and has unique ids', () => {
    const first = extract(code);
    const second = extract(code);
    expect(second).toStrictEqual(first);
    const ids = [...first.tools, ...first.agents, ...first.exposures, ...first.namespaces, ...first.handoffs, ...first.mcpServers].map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(first.agents.map((a) => a.name?.kind)).toEqual(['dynamic', 'static']);
  });

  it('is the same without parent pointers', () => {
    const withParents = viaTypeScript('src/a.ts', code);
    const sf = ts.createSourceFile('src/a.ts', code, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
    expect(extractFacts(ts, sf, { file: 'src/a.ts' })).toStrictEqual(withParents);
  });

  it('handles TSX files', () => {
    const tsx = `import { tool } from '@openai/agents';
import { useCopilotAction } from '@copilotkit/react-core';
export const search = tool({ name: 'search', execute: async () => '' });
export function Panel({ callId }: { callId: string }) {
  useCopilotAction({ name: 'search', render: () => <div key={\`\${callId}\`}>{String(callId)}</div> });
  return <span>{callId}</span>;
}
`;
    const facts = extract(tsx, 'src/panel.tsx');
    expect(publicNames(facts)).toEqual(['search']);
    expect(facts.callIdCoercions.map((c) => c.form)).toEqual(['template', 'String']);
  });

  it('scales to large files', () => {
    const lines = [`import { Agent, tool } from '@openai/agents';`];
    for (let i = 0; i < 2000; i++) lines.push(`const t${i} = tool({ name: 'tool_${i}', execute: async () => '' });`);
    lines.push(`export const big = new Agent({ name: 'Big', tools: [${Array.from({ length: 2000 }, (_, i) => `t${i}`).join(', ')}] });`);
    const facts = extract(lines.join('\n'), 'src/big.ts');
    expect(facts.tools).toHaveLength(2000);
    expect(publicNames(facts)[1999]).toBe('tool_1999');
    expect(facts.agents[0]!.tools?.kind === 'array' && facts.agents[0]!.tools.elements.length).toBe(2000);
  });
});
