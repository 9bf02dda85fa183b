// Differential oracle against the OpenAI Node SDK (`openai` 7.59.0): generated tool lists
// (test/oracles/provider-lists.ts: a client made in one module, lists of plain tool objects in two
// modules spreading each other, names from a constants module) given to `chat.completions.create`,
// `responses.create` and `chat.completions.runTools`, with a forced function or an allowed-tools
// list, are analysed as source and sent through the SDK's own request path to a fake `fetch`
// (no network). The names the SDK sends more than once in one request body are exactly the names
// no-tool-name-collision reports (one finding per extra occurrence), and required-function-name-known
// reports exactly the forced names the body's tools lack. For `runTools` the fake model then calls
// each name once: the SDK runs the last tool of a name (`functionsByName`), as the findings say.
import fc from 'fast-check';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../src/checks/index.js';
import { runOracle, type Verdict } from './harness.js';
import { buildTools, choiceNames, compareNames, emitProject, extraOccurrences, fakeFetch, listsConfig, type ListsConfig, type ProviderWriter } from './provider-lists.js';

type Api = 'chat' | 'responses' | 'runTools';
type Config = ListsConfig<Api>;

const q = (s: string): string => JSON.stringify(s);
const PARAMETERS = `{ type: 'object', properties: {} }`;
/** The labels of the functions `runTools` ran, in order. */
const ran: string[] = [];

const writer: ProviderWriter<Api> = {
  clientModule: `import OpenAI from 'openai';\n\nexport const client = new OpenAI({ apiKey: process.env.OPENAI_API_KEY });\n`,
  tool(name, label, api) {
    if (api === 'responses') return `{ type: 'function', name: ${name}, description: ${q(label)}, parameters: ${PARAMETERS}, strict: false }`;
    const run = api === 'runTools' ? `, function: async () => ${q(label)}, parse: JSON.parse` : '';
    return `{ type: 'function', function: { name: ${name}, description: ${q(label)}, parameters: ${PARAMETERS}${run} } }`;
  },
  liveTool(name, label, api) {
    const parameters = { type: 'object', properties: {} };
    if (api === 'responses') return { type: 'function', name, description: label, parameters, strict: false };
    if (api === 'chat') return { type: 'function', function: { name, description: label, parameters } };
    return { type: 'function', function: { name, description: label, parameters, parse: JSON.parse, function: async () => (ran.push(label), label) } };
  },
  request(tools, choice, api) {
    const method = api === 'responses' ? 'responses.create' : `chat.completions.${api === 'chat' ? 'create' : 'runTools'}`;
    const input = api === 'responses' ? `input: 'Help.'` : `messages: [{ role: 'user', content: 'Help.' }]`;
    const forced = choice.length === 0 ? '' : `, tool_choice: ${choiceSource(choice, api)}`;
    return `client.${method}({ model: 'gpt-4.1', ${input}, tools: ${tools}${forced} })`;
  },
};

function choiceSource(choice: readonly string[], api: Api): string {
  if (api === 'responses') {
    return choice.length === 1
      ? `{ type: 'function', name: ${q(choice[0]!)} }`
      : `{ type: 'allowed_tools', mode: 'auto', tools: [${choice.map((n) => `{ type: 'function', name: ${q(n)} }`).join(', ')}] }`;
  }
  return choice.length === 1
    ? `{ type: 'function', function: { name: ${q(choice[0]!)} } }`
    : `{ type: 'allowed_tools', allowed_tools: { mode: 'auto', tools: [${choice.map((n) => `{ type: 'function', function: { name: ${q(n)} } }`).join(', ')}] } }`;
}

function liveChoice(choice: readonly string[], api: Api): unknown {
  if (choice.length === 0) return undefined;
  if (api === 'responses') return choice.length === 1 ? { type: 'function', name: choice[0] } : { type: 'allowed_tools', mode: 'auto', tools: choice.map((name) => ({ type: 'function', name })) };
  return choice.length === 1
    ? { type: 'function', function: { name: choice[0] } }
    : { type: 'allowed_tools', allowed_tools: { mode: 'auto', tools: choice.map((name) => ({ type: 'function', function: { name } })) } };
}

const completion = (message: Record<string, unknown>): unknown => ({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 0,
  model: 'gpt-4.1',
  choices: [{ index: 0, finish_reason: message['tool_calls'] ? 'tool_calls' : 'stop', logprobs: null, message: { role: 'assistant', content: null, refusal: null, ...message } }],
});

/** Sends the request through the SDK; returns the first body's tool names and, for runTools, the labels each name ran. */
async function send(c: Config): Promise<{ sent: string[]; labels: string[] }> {
  const tools = buildTools(c, writer);
  const namesOf = (body: Record<string, unknown>): string[] =>
    (body['tools'] as Array<{ name?: string; function?: { name: string } }>).map((t) => t.name ?? t.function!.name);
  const { fetch, bodies } = fakeFetch((url, body, index) => {
    if (url.endsWith('/responses')) return { id: 'resp_1', object: 'response', created_at: 0, model: 'gpt-4.1', status: 'completed', output: [], tools: [], parallel_tool_calls: true, tool_choice: 'auto' };
    // runTools: the model calls each name it was sent once, then answers.
    if (c.variant === 'runTools' && index === 0) {
      return completion({ tool_calls: [...new Set(namesOf(body))].map((name, i) => ({ id: `call_${String(i)}`, type: 'function', function: { name, arguments: '{}' } })) });
    }
    return completion({ content: 'done' });
  });
  const client = new OpenAI({ apiKey: 'test', fetch, maxRetries: 0 });
  const tool_choice = liveChoice(choiceNames(c), c.variant);
  const base = { model: 'gpt-4.1', ...(tool_choice === undefined ? {} : { tool_choice }) };
  ran.length = 0;
  if (c.variant === 'responses') await client.responses.create({ ...base, input: 'Help.', tools } as never);
  else if (c.variant === 'chat') await client.chat.completions.create({ ...base, messages: [{ role: 'user', content: 'Help.' }], tools } as never);
  else {
    // A forced function makes the runner stop after one call; an unknown one is the API's to reject.
    await client.chat.completions.runTools({ ...base, messages: [{ role: 'user', content: 'Help.' }], tools } as never).done().catch(() => undefined);
  }
  return { sent: namesOf(bodies[0]!), labels: [...ran] };
}

async function compare(c: Config, findings: readonly Finding[]): Promise<Verdict> {
  const { sent, labels } = await send(c);
  const verdict = compareNames(sent, choiceNames(c), findings);
  if ('disagree' in verdict) return verdict;
  const collisions = findings.filter((f) => f.ruleId === 'no-tool-name-collision' && f.messageId !== 'sameToolListedTwice');
  const expected = c.variant === 'runTools' ? 'duplicateToolName' : 'duplicateNameFails';
  const wrong = collisions.filter((f) => f.messageId !== expected);
  if (wrong.length > 0) return { disagree: `${c.variant}: expected ${expected}, got ${wrong.map((f) => f.messageId).join(', ')}` };
  if (c.variant === 'runTools' && extraOccurrences(sent).length > 0 && choiceNames(c).length === 0) {
    // The function the SDK ran for each name is the last tool of that name it was sent.
    const tools = buildTools(c, writer) as Array<{ function: { name: string; description: string } }>;
    const lastLabel = new Map(tools.map((t) => [t.function.name, t.function.description]));
    const expectedRuns = [...new Set(sent)].map((name) => lastLabel.get(name)!);
    if (JSON.stringify(labels) !== JSON.stringify(expectedRuns)) return { disagree: `runTools ran ${JSON.stringify(labels)}; the last tools of each name are ${JSON.stringify(expectedRuns)}` };
    if (collisions.some((f) => f.data.winner !== 'the last tool listed')) return { disagree: 'a runTools finding names another winner than the last tool listed' };
    return { agree: `${verdict.agree} (runTools ran the last)` };
  }
  return verdict;
}

const config = listsConfig(fc.constantFrom<Api>('chat', 'responses', 'runTools'), 2);
const CASES = Number(process.env.PROV_CASES ?? 300);

describe('openai 7.59.0: the static verdict is what the SDK sends', () => {
  it(`${String(CASES)} generated requests`, { timeout: 240_000 }, async () => {
    const outcomes = await runOracle({ framework: 'openai 7.59.0', model: config, emit: (c) => emitProject(c, writer), compare, numRuns: CASES });
    expect(Object.keys(outcomes).sort()).toEqual(expect.arrayContaining(['duplicates', 'unique', 'unique, choice missing', 'unique, choice sent', 'duplicates (runTools ran the last)']));
  });
});
