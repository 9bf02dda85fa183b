// Differential oracle against LlamaIndex.TS handoffs (`@llamaindex/workflow` 1.1.25): an agent's
// `canHandoffTo` generated as agent names (strings) or as agent values, where two agent values may
// carry one name, is analysed as source and built as a live `agent({ canHandoffTo })`. LlamaIndex
// throws "Duplicate handoff agents" when one agent is named twice; no-tool-name-collision reports
// `duplicateAgentEntry` exactly then, once per repeated entry. The LLM is a stub never asked.
import { agent } from '@llamaindex/workflow';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../src/checks/index.js';
import { stubLlm } from './llamaindex-llm.js';
import { runOracle, type SourceFiles, type Verdict } from './harness.js';

/** Agents of the module: their names (two of them share 'writer'). */
const AGENTS = [
  { binding: 'writer', name: 'writer' },
  { binding: 'reviewer', name: 'reviewer' },
  { binding: 'writerTwin', name: 'writer' },
] as const;

interface Config {
  /** Strings or agent values: LlamaIndex reads the list by the type of its first entry. */
  form: 'names' | 'agents';
  entries: number[];
}

const config: fc.Arbitrary<Config> = fc.record({
  form: fc.constantFrom('names' as const, 'agents' as const),
  entries: fc.array(fc.nat({ max: AGENTS.length - 1 }), { minLength: 1, maxLength: 4 }),
});

const q = (s: string): string => JSON.stringify(s);

function emit(c: Config): SourceFiles {
  const list = c.entries.map((i) => (c.form === 'names' ? q(AGENTS[i]!.name) : AGENTS[i]!.binding)).join(', ');
  return {
    'src/main.ts': [
      `import { openai } from '@llamaindex/openai';`,
      `import { agent } from '@llamaindex/workflow';`,
      '',
      `const llm = openai({ model: 'gpt-4.1-mini' });`,
      ...AGENTS.map((a) => `export const ${a.binding} = agent({ name: ${q(a.name)}, description: ${q(`The ${a.binding}.`)}, tools: [], llm });`),
      `export const main = agent({ name: 'main', tools: [], llm, canHandoffTo: [${list}] });`,
      '',
    ].join('\n'),
  };
}

/** Never asked: the oracle calls tools through the workflow's dispatch, not through a model. */
const llm = stubLlm;

function compare(c: Config, findings: readonly Finding[]): Promise<Verdict> {
  const live = AGENTS.map((a) => agent({ name: a.name, description: `The ${a.binding}.`, tools: [], llm }));
  let thrown: string | undefined;
  try {
    agent({ name: 'main', tools: [], llm, canHandoffTo: c.form === 'names' ? c.entries.map((i) => AGENTS[i]!.name) : c.entries.map((i) => live[i]!) });
  } catch (error) {
    thrown = (error as Error).message;
  }
  const names = c.entries.map((i) => AGENTS[i]!.name);
  const repeats = names.length - new Set(names).size;
  const reported = findings.filter((f) => f.messageId === 'duplicateAgentEntry');
  if ((thrown !== undefined) !== (reported.length > 0)) {
    return Promise.resolve({ disagree: `LlamaIndex ${thrown === undefined ? 'creates the agent' : `throws "${thrown}"`}; no-tool-name-collision reports ${String(reported.length)} duplicate entries` });
  }
  if (reported.length !== repeats) return Promise.resolve({ disagree: `${String(repeats)} repeated entries, ${String(reported.length)} reported` });
  return Promise.resolve({ agree: thrown === undefined ? 'created' : 'throws' });
}

describe('LlamaIndex.TS: canHandoffTo naming one agent twice', () => {
  it('200 generated handoff lists', { timeout: 120_000 }, async () => {
    const outcomes = await runOracle({ framework: '@llamaindex/workflow 1.1.25', model: config, emit, compare, numRuns: 200 });
    expect(Object.keys(outcomes).sort()).toEqual(['created', 'throws']);
  });
});
