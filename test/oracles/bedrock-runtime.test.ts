// Differential oracle against AWS Bedrock Runtime's Converse API (`@aws-sdk/client-bedrock-runtime`
// 3.1178.0): generated tool lists (test/oracles/provider-lists.ts) of `{ toolSpec: { name,
// inputSchema } }` entries, spread into `toolConfig.tools` after which a `{ cachePoint }` marker
// follows, with or without a forced `toolChoice: { tool: { name } }`, are analysed as source and sent
// through the SDK's own middleware stack (serialisation, SigV4 signing with fixed credentials) to a
// fake `requestHandler` that records the HTTP request and fails it (no network; the response is never
// parsed, so the streaming command is checked the same way). Sent as `client.send(new
// ConverseCommand(...))`, `new ConverseStreamCommand(...)` or the aggregated client's `converse()`.
// The SDK sends the list as written (it validates nothing client-side): the names in one body more
// than once are exactly the names no-tool-name-collision reports (one finding per extra occurrence),
// and required-function-name-known reports exactly a forced name the body's tools lack.
import { BedrockRuntime, BedrockRuntimeClient, ConverseCommand, ConverseStreamCommand } from '@aws-sdk/client-bedrock-runtime';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../src/checks/index.js';
import { runOracle, type Verdict } from './harness.js';
import { buildTools, choiceNames, compareNames, emitProject, listsConfig, type ListsConfig, type ProviderWriter } from './provider-lists.js';

type Call = 'send' | 'stream' | 'aggregated';
type Config = ListsConfig<Call>;

const q = (s: string): string => JSON.stringify(s);
const MODEL = 'anthropic.claude-sonnet-4-5-20250929-v1:0';
const SCHEMA = `{ json: { type: 'object', properties: {} } }`;
const CLIENT_OPTIONS = `{ region: process.env.AWS_REGION ?? 'us-east-1' }`;

const writer: ProviderWriter<Call> = {
  clientModule:
    `import { BedrockRuntime, BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';\n\n` +
    `export const client = new BedrockRuntimeClient(${CLIENT_OPTIONS});\n` +
    `export const runtime = new BedrockRuntime(${CLIENT_OPTIONS});\n`,
  tool: (name, label) => `{ toolSpec: { name: ${name}, description: ${q(label)}, inputSchema: ${SCHEMA} } }`,
  liveTool: (name, label) => ({ toolSpec: { name, description: label, inputSchema: { json: { type: 'object', properties: {} } } } }),
  request(tools, choice, call) {
    const forced = choice.length === 0 ? '' : `, toolChoice: { tool: { name: ${q(choice[0]!)} } }`;
    const input = `{ modelId: ${q(MODEL)}, messages: [{ role: 'user', content: [{ text: 'Help.' }] }], toolConfig: { tools: [...${tools}, { cachePoint: { type: 'default' } }]${forced} } }`;
    if (call === 'aggregated') return `runtime.converse(${input})`;
    return `client.send(new ${call === 'stream' ? 'ConverseStreamCommand' : 'ConverseCommand'}(${input}))`;
  },
};

/** The main module imports the command it sends, or the aggregated client instead of `client`. */
function emit(c: Config): Record<string, string> {
  const files = emitProject(c, writer);
  const main = files['src/main.ts']!;
  files['src/main.ts'] =
    c.variant === 'aggregated'
      ? main.replace(`import { client } from './client.js';`, `import { runtime } from './client.js';`)
      : `import { ${c.variant === 'stream' ? 'ConverseStreamCommand' : 'ConverseCommand'} } from '@aws-sdk/client-bedrock-runtime';\n${main}`;
  return files;
}

class Captured extends Error {}

// The SDK warns once that its releases after January 2027 need Node 22; this suite pins its version.
process.env['AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED'] = 'true';

/** The JSON body of the one HTTP request the SDK makes for `c`. */
async function sentBody(c: Config): Promise<{ path: string; body: Record<string, unknown> }> {
  const requests: Array<{ path: string; body: string }> = [];
  const options = {
    region: 'us-east-1',
    credentials: { accessKeyId: 'AKIDTEST', secretAccessKey: 'test-secret' },
    maxAttempts: 1,
    requestHandler: {
      handle: async (request: { path: string; body?: unknown }) => {
        requests.push({ path: request.path, body: typeof request.body === 'string' ? request.body : new TextDecoder().decode(request.body as Uint8Array) });
        throw new Captured('captured');
      },
    },
  };
  const choice = choiceNames(c);
  const input = {
    modelId: MODEL,
    messages: [{ role: 'user' as const, content: [{ text: 'Help.' }] }],
    toolConfig: { tools: [...buildTools(c, writer), { cachePoint: { type: 'default' } }], ...(choice.length === 0 ? {} : { toolChoice: { tool: { name: choice[0]! } } }) },
  } as never;
  const client = new BedrockRuntimeClient(options);
  const send: Promise<unknown> =
    c.variant === 'aggregated'
      ? new BedrockRuntime(options).converse(input)
      : c.variant === 'stream'
        ? client.send(new ConverseStreamCommand(input))
        : client.send(new ConverseCommand(input));
  await expect(send).rejects.toBeInstanceOf(Captured);
  expect(requests).toHaveLength(1);
  return { path: requests[0]!.path, body: JSON.parse(requests[0]!.body) as Record<string, unknown> };
}

async function sent(c: Config): Promise<string[]> {
  const { body } = await sentBody(c);
  const tools = (body['toolConfig'] as { tools: Array<{ toolSpec?: { name: string } }> }).tools;
  return tools.flatMap((t) => (t.toolSpec ? [t.toolSpec.name] : []));
}

async function compare(c: Config, findings: readonly Finding[]): Promise<Verdict> {
  const verdict = compareNames(await sent(c), choiceNames(c), findings);
  if ('disagree' in verdict) return verdict;
  // Both tools of one name reach the model: a duplicate is never reported as one shadowing the other.
  const other = findings.filter((f) => f.ruleId === 'no-tool-name-collision' && f.messageId !== 'duplicateNameFails' && f.messageId !== 'sameToolListedTwice');
  return other.length > 0 ? { disagree: `both tools are sent; got ${other.map((f) => f.messageId).join(', ')}` } : verdict;
}

const config = listsConfig(fc.constantFrom<Call>('send', 'stream', 'aggregated'), 1);
const CASES = Number(process.env.PROV_CASES ?? 300);

describe('@aws-sdk/client-bedrock-runtime 3.1178.0: the static verdict is what the SDK sends', () => {
  it(`${String(CASES)} generated requests`, { timeout: 240_000 }, async () => {
    const outcomes = await runOracle({ framework: '@aws-sdk/client-bedrock-runtime 3.1178.0', model: config, emit, compare, numRuns: CASES });
    expect(Object.keys(outcomes).sort()).toEqual(expect.arrayContaining(['duplicates', 'unique', 'unique, choice missing', 'unique, choice sent']));
  });

  it('sends the tools, the cache marker and the forced choice as written, to the command of the call', async () => {
    const c: Config = { lists: [{ module: 0, entries: [{ name: 0, constant: false }] }], main: [{ spread: 0 }, { name: 0, constant: true }], choice: [4], variant: 'stream' };
    const { path, body } = await sentBody(c);
    expect(path).toBe(`/model/${encodeURIComponent(MODEL)}/converse-stream`);
    expect(body['toolConfig']).toEqual({
      tools: [
        { toolSpec: { name: 'search', description: 'list 0 #0', inputSchema: { json: { type: 'object', properties: {} } } } },
        { toolSpec: { name: 'search', description: 'main #1', inputSchema: { json: { type: 'object', properties: {} } } } },
        { cachePoint: { type: 'default' } },
      ],
      toolChoice: { tool: { name: 'escalate' } },
    });
  });
});
