// Differential oracle against the Anthropic TypeScript SDK (`@anthropic-ai/sdk` 1.15.0): generated
// tool lists (test/oracles/provider-lists.ts) given to `messages.create`, `messages.countTokens` and
// `beta.messages.create`, with or without a forced `tool_choice: { type: 'tool', name }`, are
// analysed as source and sent through the SDK's request path to a fake `fetch` (no network). The SDK
// sends the list as written (it checks nothing; the API rejects duplicate names with 400 "tools:
// Tool names must be unique."): the names in one body more than once are exactly the names
// no-tool-name-collision reports as failing requests (one finding per extra occurrence), and
// required-function-name-known reports exactly a forced name the body's tools lack.
import Anthropic from '@anthropic-ai/sdk';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../src/checks/index.js';
import { runOracle, type Verdict } from './harness.js';
import { buildTools, choiceNames, compareNames, emitProject, fakeFetch, listsConfig, type ListsConfig, type ProviderWriter } from './provider-lists.js';

type Method = 'create' | 'countTokens' | 'beta';
type Config = ListsConfig<Method>;

const q = (s: string): string => JSON.stringify(s);
const PATH: Record<Method, string> = { create: 'messages.create', countTokens: 'messages.countTokens', beta: 'beta.messages.create' };

const writer: ProviderWriter<Method> = {
  clientModule: `import Anthropic from '@anthropic-ai/sdk';\n\nexport const client = new Anthropic({ apiKey: process.env.ANTHROPIC_API_KEY });\n`,
  tool: (name, label) => `{ name: ${name}, description: ${q(label)}, input_schema: { type: 'object', properties: {} } }`,
  liveTool: (name, label) => ({ name, description: label, input_schema: { type: 'object', properties: {} } }),
  request(tools, choice, method) {
    const tokens = method === 'countTokens' ? '' : ', max_tokens: 1024';
    const forced = choice.length === 0 ? '' : `, tool_choice: { type: 'tool', name: ${q(choice[0]!)} }`;
    return `client.${PATH[method]}({ model: 'claude-sonnet-4-5'${tokens}, messages: [{ role: 'user', content: 'Help.' }], tools: ${tools}${forced} })`;
  },
};

async function sent(c: Config): Promise<string[]> {
  const { fetch, bodies } = fakeFetch((url) =>
    url.includes('count_tokens')
      ? { input_tokens: 1 }
      : { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-sonnet-4-5', content: [{ type: 'text', text: 'done' }], stop_reason: 'end_turn', stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } },
  );
  const client = new Anthropic({ apiKey: 'test', fetch, maxRetries: 0 });
  const choice = choiceNames(c);
  const request = {
    model: 'claude-sonnet-4-5',
    messages: [{ role: 'user' as const, content: 'Help.' }],
    tools: buildTools(c, writer),
    ...(choice.length === 0 ? {} : { tool_choice: { type: 'tool', name: choice[0] } }),
  };
  if (c.variant === 'countTokens') await client.messages.countTokens(request as never);
  else if (c.variant === 'beta') await client.beta.messages.create({ ...request, max_tokens: 1024 } as never);
  else await client.messages.create({ ...request, max_tokens: 1024 } as never);
  return (bodies[0]!['tools'] as Array<{ name: string }>).map((t) => t.name);
}

async function compare(c: Config, findings: readonly Finding[]): Promise<Verdict> {
  const verdict = compareNames(await sent(c), choiceNames(c), findings);
  if ('disagree' in verdict) return verdict;
  // Every duplicate is a rejected request, whatever member it is (never "dispatch picks").
  const other = findings.filter((f) => f.ruleId === 'no-tool-name-collision' && f.messageId !== 'duplicateNameFails' && f.messageId !== 'sameToolListedTwice');
  return other.length > 0 ? { disagree: `the API rejects duplicates; got ${other.map((f) => f.messageId).join(', ')}` } : verdict;
}

const config = listsConfig(fc.constantFrom<Method>('create', 'countTokens', 'beta'), 1);
const CASES = Number(process.env.PROV_CASES ?? 300);

describe('@anthropic-ai/sdk 1.15.0: the static verdict is what the SDK sends', () => {
  it(`${String(CASES)} generated requests`, { timeout: 240_000 }, async () => {
    const outcomes = await runOracle({ framework: '@anthropic-ai/sdk 1.15.0', model: config, emit: (c) => emitProject(c, writer), compare, numRuns: CASES });
    expect(Object.keys(outcomes).sort()).toEqual(expect.arrayContaining(['duplicates', 'unique', 'unique, choice missing', 'unique, choice sent']));
  });
});
