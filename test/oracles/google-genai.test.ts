// Differential oracle against the Google Gen AI SDK (`@google/genai` 3.3.0): generated lists of
// function declarations (test/oracles/provider-lists.ts) given to `models.generateContent` or a
// `chats.create` session, either as one `{ functionDeclarations: [...] }` tool or one tool per
// declaration, next to a hosted `{ googleSearch: {} }`, with or without `allowedFunctionNames`, are
// analysed as source and sent through the SDK's request path to a fake `fetch` (no network; the SDK
// calls the global `fetch`). The SDK sends plain declarations as written (its automatic function
// calling checks duplicates only among callable tools; the API rejects them with 400): the names in
// one body more than once are exactly the names no-tool-name-collision reports, and
// required-function-name-known reports exactly the allowed names the body declares none of.
import { FunctionCallingConfigMode, GoogleGenAI, mcpToTool } from '@google/genai';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Finding } from '../../src/checks/index.js';
import { runOracle, type Verdict } from './harness.js';
import { buildTools, choiceNames, compareNames, emitProject, fakeFetch, listsConfig, type ListsConfig, type ProviderWriter } from './provider-lists.js';

type Variant = { call: 'generateContent' | 'chat'; wrap: 'one' | 'each' };
type Config = ListsConfig<Variant>;

const q = (s: string): string => JSON.stringify(s);

const writer: ProviderWriter<Variant> = {
  clientModule: `import { GoogleGenAI } from '@google/genai';\n\nexport const client = new GoogleGenAI({ apiKey: process.env.GEMINI_API_KEY });\n`,
  // 'each': every list holds Tool objects of one declaration each; 'one': the lists hold declarations.
  tool: (name, label, v) => {
    const declaration = `{ name: ${name}, description: ${q(label)}, parametersJsonSchema: { type: 'object', properties: {} } }`;
    return v.wrap === 'each' ? `{ functionDeclarations: [${declaration}] }` : declaration;
  },
  liveTool: (name, label, v) => {
    const declaration = { name, description: label, parametersJsonSchema: { type: 'object', properties: {} } };
    return v.wrap === 'each' ? { functionDeclarations: [declaration] } : declaration;
  },
  request(tools, choice, v) {
    const list = v.wrap === 'each' ? `[...${tools}, { googleSearch: {} }]` : `[{ functionDeclarations: ${tools} }, { googleSearch: {} }]`;
    const allowed = choice.length === 0 ? '' : `, toolConfig: { functionCallingConfig: { mode: FunctionCallingConfigMode.ANY, allowedFunctionNames: [${choice.map(q).join(', ')}] } }`;
    const config = `config: { tools: ${list}${allowed} }`;
    return v.call === 'chat'
      ? `client.chats.create({ model: 'gemini-2.5-flash', ${config} }).sendMessage({ message: 'Help.' })`
      : `client.models.generateContent({ model: 'gemini-2.5-flash', contents: 'Help.', ${config} })`;
  },
};

/** The emitted main module imports FunctionCallingConfigMode where it uses it. */
function emit(c: Config): Record<string, string> {
  const files = emitProject(c, writer);
  if (c.choice.length > 0) files['src/main.ts'] = `import { FunctionCallingConfigMode } from '@google/genai';\n${files['src/main.ts']!}`;
  return files;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

async function sent(c: Config): Promise<string[]> {
  const { fetch, bodies } = fakeFetch(() => ({ candidates: [{ content: { role: 'model', parts: [{ text: 'done' }] }, finishReason: 'STOP' }] }));
  vi.stubGlobal('fetch', fetch);
  const client = new GoogleGenAI({ apiKey: 'test' });
  const built = buildTools(c, writer);
  const tools = [...(c.variant.wrap === 'each' ? built : [{ functionDeclarations: built }]), { googleSearch: {} }];
  const choice = choiceNames(c);
  const config = { tools, ...(choice.length === 0 ? {} : { toolConfig: { functionCallingConfig: { mode: FunctionCallingConfigMode.ANY, allowedFunctionNames: choice } } }) } as never;
  if (c.variant.call === 'chat') await client.chats.create({ model: 'gemini-2.5-flash', config }).sendMessage({ message: 'Help.' });
  else await client.models.generateContent({ model: 'gemini-2.5-flash', contents: 'Help.', config });
  vi.unstubAllGlobals();
  return (bodies[0]!['tools'] as Array<{ functionDeclarations?: Array<{ name: string }> }>).flatMap((t) => (t.functionDeclarations ?? []).map((d) => d.name));
}

async function compare(c: Config, findings: readonly Finding[]): Promise<Verdict> {
  const verdict = compareNames(await sent(c), choiceNames(c), findings);
  if ('disagree' in verdict) return verdict;
  const other = findings.filter((f) => f.ruleId === 'no-tool-name-collision' && f.messageId !== 'duplicateNameFails' && f.messageId !== 'sameToolListedTwice');
  return other.length > 0 ? { disagree: `the API rejects duplicates; got ${other.map((f) => f.messageId).join(', ')}` } : verdict;
}

const config = listsConfig(fc.record({ call: fc.constantFrom('generateContent' as const, 'chat' as const), wrap: fc.constantFrom('one' as const, 'each' as const) }), 2);
const CASES = Number(process.env.PROV_CASES ?? 300);

describe('@google/genai 3.3.0: the static verdict is what the SDK sends', () => {
  it(`${String(CASES)} generated requests`, { timeout: 240_000 }, async () => {
    const outcomes = await runOracle({ framework: '@google/genai 3.3.0', model: config, emit, compare, numRuns: CASES });
    expect(Object.keys(outcomes).sort()).toEqual(expect.arrayContaining(['duplicates', 'unique', 'unique, choice missing', 'unique, choice sent']));
  });

  it('automatic function calling on callable tools: the stream throws on two declaring one name before sending; generateContent does not check', async () => {
    const { fetch, bodies } = fakeFetch(() => ({ candidates: [{ content: { role: 'model', parts: [{ text: 'done' }] }, finishReason: 'STOP' }] }));
    vi.stubGlobal('fetch', fetch);
    const client = new GoogleGenAI({ apiKey: 'test' });
    // A callable tool (what mcpToTool returns): its declarations are known at run time only, so the
    // analyzer counts such a set incomplete and reports nothing for it.
    const callable = (name: string) => ({ tool: async () => ({ functionDeclarations: [{ name }] }), callTool: async () => [] });
    const tools = [callable('lookup'), callable('lookup')] as never;
    const stream = async (): Promise<void> => {
      for await (const _chunk of await client.models.generateContentStream({ model: 'gemini-2.5-flash', contents: 'Help.', config: { tools } })) void _chunk;
    };
    await expect(stream()).rejects.toThrow('Duplicate tool declaration name: lookup');
    expect(bodies).toEqual([]);
    await client.models.generateContent({ model: 'gemini-2.5-flash', contents: 'Help.', config: { tools } });
    expect(bodies).toHaveLength(1);
    expect(typeof mcpToTool).toBe('function');
  });
});
