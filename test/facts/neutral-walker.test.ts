// The walker and the linker never name a framework: every name an adapter table matches on (its
// exports, methods, base classes, invocation-context methods and types, enabling modules) must be
// absent from them as a string literal. Words that are also the fact vocabulary are left out: the
// IR's kinds (`tool`, `agent`, `handoff`, `namespace`), the context-use methods and middleware
// events facts record (`addTools`, `removeTools`, `result`, named as the catalog's messages name
// them) the tool-choice field (`requiredFunctionName`), the level of a run's tool choice (`run`), and
// the option words of every tool API that the IR itself uses (`name`, `tools`, `config` in the list
// of words that are no tool name). The walker decides each from the adapter.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { adapters, RETURNS } from '../../src/facts/adapters/index.js';
import { shapeNames } from '../../src/facts/extract/match.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const neutralFiles = [
  ...readdirSync(path.join(root, 'src/facts/extract')).map((f) => `src/facts/extract/${f}`),
  'src/facts/extract.ts',
  ...readdirSync(path.join(root, 'src/facts/resolve')).map((f) => `src/facts/resolve/${f}`),
  'src/facts/resolve.ts',
];
// `options` is a generic word too: the Claude Agent SDK's `query({ options: { allowedTools } })` path step.
const FACT_VOCABULARY = new Set(['tool', 'agent', 'handoff', 'namespace', 'addTools', 'removeTools', 'result', 'requiredFunctionName', 'run', 'name', 'tools', 'config', 'options']);

function apiNames(): string[] {
  const names = new Set<string>();
  for (const adapter of adapters) {
    for (const name of shapeNames(adapter)) names.add(name);
    for (const enabler of adapter.enablers) names.add(enabler);
    for (const spec of adapter.mcpServers ?? []) for (const name of spec.parameterTypes ?? []) names.add(name);
    const ic = adapter.invocationContext;
    if (ic) for (const name of [ic.addToolsMethod, ic.removeToolsMethod, ic.resultProperty, ...ic.contextTypeNames, ...ic.middlewareTypeNames]) names.add(name);
    const references = [...(adapter.runs ?? []), ...(adapter.exposures ?? [])].flatMap((spec) => spec.references ?? []);
    for (const reference of references) {
      if (reference.form === 'tool-choice' && reference.style.object) names.add(reference.style.object.nameOption);
      for (const step of reference.path) if (step !== RETURNS) names.add(step);
    }
  }
  return [...names].filter((name) => !FACT_VOCABULARY.has(name)).sort();
}

describe('framework-neutral walker and linker', () => {
  it('has adapter names to look for', () => {
    expect(apiNames()).toEqual(expect.arrayContaining(['Agent', 'McpServer', 'registerTool', 'experimental', 'tasks', 'asTool', 'defineTool', 'FunctionMiddleware', '@openai/agents', '@modelcontextprotocol/server']));
  });

  it('covers every file of the linker', () => {
    expect(neutralFiles).toEqual(expect.arrayContaining(['src/facts/resolve/values.ts', 'src/facts/resolve/records.ts', 'src/facts/resolve/exposures.ts']));
  });

  it.each(neutralFiles)('%s spells no framework API name', (file) => {
    const text = readFileSync(path.join(root, file), 'utf8');
    const found = apiNames().filter((name) => new RegExp(`['"\`]${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}['"\`]`).test(text));
    expect(found).toEqual([]);
  });
});
