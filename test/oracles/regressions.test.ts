// The disagreements the framework oracles (test/oracles/<framework>.test.ts) found, each as its
// minimal case: the static verdict (in-process analyzer) and what the real framework does with the
// same configuration, side by side. Named after the disagreement.
import { BedrockRuntime } from '@aws-sdk/client-bedrock-runtime';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Agent, Runner, tool as agentTool, toolNamespace, Usage, type Model, type ModelRequest } from '@openai/agents';
import { generateText, jsonSchema, tool as aiTool, type Tool } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { Finding } from '../../src/checks/index.js';
import { staticFindings, type SourceFiles } from './harness.js';

// Tool names must reach the SDK's error text.
process.env['OPENAI_AGENTS_DONT_LOG_TOOL_DATA'] = '0';

/** `[x, x]`: one value listed twice, as data. */
function twice<T>(value: T): T[] {
  return [value, value];
}

function row(f: Finding): string {
  return `${f.ruleId}/${f.messageId} "${String(f.data.name)}" ${f.file}:${String(f.span.loc.start.line)}:${String(f.span.loc.start.column + 1)}`;
}

async function rows(files: SourceFiles): Promise<string[]> {
  return (await staticFindings(files)).map(row);
}

// ---------------------------------------------------------------- @openai/agents

const answer: Model = {
  getResponse: (_request: ModelRequest) =>
    Promise.resolve({
      output: [{ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'done' }] }],
      usage: new Usage(),
      responseId: 'response-1',
    }),
  // eslint-disable-next-line require-yield -- never streamed
  async *getStreamedResponse() {
    throw new Error('not streamed');
  },
};

/** The error a run under toolNameCollisionPolicy 'error' ends with, or 'runs'. */
async function strictRun(agent: Agent): Promise<string> {
  try {
    await new Runner({ modelProvider: { getModel: () => answer }, toolNameCollisionPolicy: 'error', tracingDisabled: true }).run(agent, 'hello');
    return 'runs';
  } catch (error) {
    // The first sentence: the names and kinds, without the remedy.
    return error instanceof Error ? error.message.slice(0, error.message.indexOf('). ') + 2) : String(error);
  }
}

const lookup = (): ReturnType<typeof agentTool> => agentTool({ name: 'lookup', description: 'Look up.', parameters: z.object({ q: z.string() }), execute: async () => 'ok' });
const TOOL = `import { tool } from '@openai/agents';
import { z } from 'zod';

export const lookup = tool({ name: 'lookup', description: 'Look up.', parameters: z.object({ q: z.string() }), execute: async () => 'ok' });
`;

describe('@openai/agents regressions', () => {
  it('an agent imported from another module and used as a tool (asTool) is a member of the set', async () => {
    const files = {
      'src/agents.ts': `import { Agent } from '@openai/agents';\n\nexport const billing = new Agent({ name: 'Billing', instructions: 'Bills.' });\n`,
      'src/tools.ts': TOOL,
      'src/triage.ts': [
        `import { Agent } from '@openai/agents';`,
        `import { billing } from './agents.js';`,
        `import { lookup } from './tools.js';`,
        '',
        `export const triage = new Agent({ name: 'Triage', tools: [lookup, billing.asTool({ toolName: 'lookup', toolDescription: 'Ask billing.' })] });`,
        '',
      ].join('\n'),
    };
    expect(await rows(files)).toEqual(['no-tool-name-collision/duplicateToolName "lookup" src/triage.ts:5:59']);
    const billing = new Agent({ name: 'Billing', instructions: 'Bills.' });
    const triage = new Agent({ name: 'Triage', tools: [lookup(), billing.asTool({ toolName: 'lookup', toolDescription: 'Ask billing.' })] });
    expect(await strictRun(triage)).toBe("Duplicate enabled tool name found: 'lookup' (2 function tools).");
  });

  it('an object listed again is picked at its last listing: in [a, b, a] dispatch runs a, so b is the loser', async () => {
    const files = {
      'src/triage.ts': [
        `import { Agent, tool } from '@openai/agents';`,
        `import { z } from 'zod';`,
        '',
        `const a = tool({ name: 'lookup', description: 'A.', parameters: z.object({ q: z.string() }), execute: async () => 'ok' });`,
        `const b = tool({ name: 'lookup', description: 'B.', parameters: z.object({ q: z.string() }), execute: async () => 'ok' });`,
        `export const triage = new Agent({ name: 'Triage', tools: [a, b, a] });`,
        '',
      ].join('\n'),
    };
    const findings = await staticFindings(files);
    expect(findings.map(row)).toEqual([
      'no-tool-name-collision/duplicateToolName "lookup" src/triage.ts:6:62',
      'no-tool-name-collision/sameToolListedTwice "lookup" src/triage.ts:6:65',
    ]);
    // The loser's finding points at the winner where it is listed last.
    expect(findings[0]?.related[0]?.span.loc.start.column).toBe(64);
    // Under 'warn' the SDK shows the model `a` (its last entry wins) and hides the other two.
    const a = agentTool({ name: 'lookup', description: 'A.', parameters: z.object({ q: z.string() }), execute: async () => 'ok' });
    const b = agentTool({ name: 'lookup', description: 'B.', parameters: z.object({ q: z.string() }), execute: async () => 'ok' });
    const seen: ModelRequest[] = [];
    const recording: Model = { ...answer, getResponse: (request: ModelRequest) => (seen.push(request), answer.getResponse(request)) };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await new Runner({ modelProvider: { getModel: () => recording }, toolNameCollisionPolicy: 'warn', tracingDisabled: true }).run(
        // As data (Array.of), so this repository's own audit sees no collision here.
        new Agent({ name: 'Triage', tools: Array.of(a, b, a) }),
        'hello',
      );
    } finally {
      warn.mockRestore();
    }
    expect(seen[0]?.tools.map((t) => ('description' in t ? t.description : t.type))).toEqual(['A.']);
  });

  it('a tool name composed from an imported constant (a template or +) is the name the SDK sees', async () => {
    const files = {
      'src/names.ts': `export const PREFIX = 'look';\n`,
      'src/tools.ts': [
        `import { tool } from '@openai/agents';`,
        `import { z } from 'zod';`,
        `import * as names from './names.js';`,
        '',
        "export const first = tool({ name: `${names.PREFIX}up`, description: 'One.', parameters: z.object({ q: z.string() }), execute: async () => 'ok' });",
        `export const second = tool({ name: names.PREFIX + 'up', description: 'Two.', parameters: z.object({ q: z.string() }), execute: async () => 'ok' });`,
        '',
      ].join('\n'),
      'src/triage.ts': `import { Agent } from '@openai/agents';\nimport { first, second } from './tools.js';\n\nexport const triage = new Agent({ name: 'Triage', tools: [first, second] });\n`,
    };
    expect(await rows(files)).toEqual(['no-tool-name-collision/duplicateToolName "lookup" src/triage.ts:4:59']);
    expect(await strictRun(new Agent({ name: 'Triage', tools: [lookup(), lookup()] }))).toBe("Duplicate enabled tool name found: 'lookup' (2 function tools).");
  });

  it('a tool listed bare and inside a namespace is two tools (toolNamespace copies its members)', async () => {
    const files = {
      'src/tools.ts': `${TOOL}export const crm = toolNamespace({ name: 'crm', description: 'CRM.', tools: [lookup] });\n`.replace('{ tool }', '{ tool, toolNamespace }'),
      'src/triage.ts': `import { Agent } from '@openai/agents';\nimport { crm, lookup } from './tools.js';\n\nexport const triage = new Agent({ name: 'Triage', tools: [lookup, ...crm] });\n`,
    };
    expect(await rows(files)).toEqual([]);
    const bare = lookup();
    expect(await strictRun(new Agent({ name: 'Triage', tools: [bare, ...toolNamespace({ name: 'crm', description: 'CRM.', tools: [bare] })] }))).toBe('runs');
  });

  it('the same agent listed twice in handoffs is two handoffs of one name', async () => {
    const files = {
      'src/triage.ts': [
        `import { Agent } from '@openai/agents';`,
        '',
        `const billing = new Agent({ name: 'Billing', instructions: 'Bills.' });`,
        `export const triage = new Agent({ name: 'Triage', handoffs: [billing, billing] });`,
        '',
      ].join('\n'),
    };
    expect(await rows(files)).toEqual(['no-tool-name-collision/duplicateHandoffName "transfer_to_Billing" src/triage.ts:4:62']);
    const billing = new Agent({ name: 'Billing', instructions: 'Bills.' });
    // Built from data (the project audits its own tests; this is the SDK's side of the case).
    expect(await strictRun(new Agent({ name: 'Triage', handoffs: twice(billing) }))).toBe("Duplicate enabled tool name found: 'transfer_to_Billing' (2 handoffs).");
  });

  it('a namespace spread twice is reported under the qualified name the SDK rejects', async () => {
    const files = {
      'src/tools.ts': `${TOOL}export const crm = toolNamespace({ name: 'crm', description: 'CRM.', tools: [lookup] });\n`.replace('{ tool }', '{ tool, toolNamespace }'),
      'src/triage.ts': `import { Agent } from '@openai/agents';\nimport { crm } from './tools.js';\n\nexport const triage = new Agent({ name: 'Triage', tools: [...crm, ...crm] });\n`,
    };
    expect(await rows(files)).toEqual(['no-tool-name-collision/sameToolListedTwice "crm.lookup" src/triage.ts:4:67']);
    const crm = toolNamespace({ name: 'crm', description: 'CRM.', tools: [lookup()] });
    expect(await strictRun(new Agent({ name: 'Triage', tools: [...crm, ...crm] }))).toBe("Duplicate enabled tool name found: 'crm.lookup' (2 function tools).");
  });
});

// ---------------------------------------------------------------- MCP SDK

describe('MCP SDK regressions', () => {
  it('a registration function called twice on one server registers each of its names twice', async () => {
    const files = {
      'src/tools.ts': [
        `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
        '',
        `export function registerSearch(server: McpServer): void {`,
        `  server.registerTool('search', { description: 'Search.' }, async () => ({ content: [] }));`,
        `}`,
        '',
      ].join('\n'),
      'src/main.ts': [
        `import { BedrockRuntime } from '@aws-sdk/client-bedrock-runtime';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
        `import { registerSearch } from './tools.js';`,
        '',
        `export const server = new McpServer({ name: 'docs', version: '1.0.0' });`,
        `registerSearch(server);`,
        `registerSearch(server);`,
        '',
      ].join('\n'),
    };
    expect(await rows(files)).toEqual(['no-tool-name-collision/mcpDuplicateRegistration "search" src/tools.ts:4:23']);
    const server = new McpServer({ name: 'docs', version: '1.0.0' });
    const registerSearch = (s: McpServer): unknown => s.registerTool('search', { description: 'Search.' }, async () => ({ content: [] }));
    // In a loop, so the project's own audit sees one call: the second turn is the SDK's verdict.
    const outcomes = [0, 1].map(() => {
      try {
        registerSearch(server);
        return 'registered';
      } catch (error) {
        return String(error);
      }
    });
    expect(outcomes).toEqual(['registered', 'Error: Tool search is already registered']);
  });
});

// ---------------------------------------------------------------- AI SDK

/** The tool names and descriptions the model is sent for `tools`. */
async function sentTools(tools: Record<string, Tool>): Promise<string[]> {
  const sent: string[] = [];
  const model = new MockLanguageModelV3({
    doGenerate: async (options) => {
      for (const t of options.tools ?? []) sent.push(`${t.name}: ${t.type === 'function' ? (t.description ?? '') : ''}`);
      return {
        content: [{ type: 'text', text: 'done' }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } },
        warnings: [],
      };
    },
  });
  await generateText({ model, prompt: 'Help.', tools });
  return sent;
}

const search = (description: string): Tool => aiTool({ description, inputSchema: jsonSchema<{ q: string }>({ type: 'object', properties: { q: { type: 'string' } } }), execute: async () => 'ok' });

describe('AI SDK regressions', () => {
  it('a record spread twice is one entry per key: nothing is lost', async () => {
    const files = {
      'src/tools.ts': `import { tool } from 'ai';\nimport { z } from 'zod';\n\nexport const docsTools = { search: tool({ description: 'Search.', inputSchema: z.object({ q: z.string() }), execute: async () => 'ok' }) };\nexport const allTools = { ...docsTools };\n`,
      'src/main.ts': `import { generateText, type LanguageModel } from 'ai';\nimport { allTools, docsTools } from './tools.js';\n\ndeclare const model: LanguageModel;\nexport const answer = await generateText({ model, prompt: 'Help.', tools: { ...docsTools, ...allTools } });\n`,
    };
    expect(await rows(files)).toEqual([]);
    const docsTools = { search: search('Search.') };
    expect(await sentTools({ ...docsTools, ...{ ...docsTools } })).toEqual(['search: Search.']);
  });

  it('a computed key from a constants module names the tool it lists', async () => {
    const files = {
      'src/names.ts': `export const SEARCH = 'search';\n`,
      'src/tools.ts': `import { tool } from 'ai';\nimport { z } from 'zod';\nimport * as names from './names.js';\n\nexport const docsTools = { [names.SEARCH]: tool({ description: 'Docs.', inputSchema: z.object({ q: z.string() }), execute: async () => 'ok' }) };\n`,
      'src/main.ts': [
        `import { generateText, tool, type LanguageModel } from 'ai';`,
        `import { z } from 'zod';`,
        `import { docsTools } from './tools.js';`,
        '',
        `declare const model: LanguageModel;`,
        `export const answer = await generateText({ model, prompt: 'Help.', tools: { ...docsTools, search: tool({ description: 'Tickets.', inputSchema: z.object({ q: z.string() }), execute: async () => 'ok' }) } });`,
        '',
      ].join('\n'),
    };
    expect(await rows(files)).toEqual(['no-tool-name-collision/recordKeyReplaced "search" src/main.ts:6:77']);
    expect(await sentTools({ ...{ ['search']: search('Docs.') }, search: search('Tickets.') })).toEqual(['search: Tickets.']);
  });
});

// ---------------------------------------------------------------- Bedrock Runtime

process.env['AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED'] = 'true';

/** The `toolSpec` names the aggregated client sends for `toolConfig.tools` (captured, never sent). */
async function bedrockSent(tools: unknown[]): Promise<string[]> {
  const bodies: string[] = [];
  const runtime = new BedrockRuntime({
    region: 'us-east-1',
    credentials: { accessKeyId: 'AKIDTEST', secretAccessKey: 'test-secret' },
    maxAttempts: 1,
    requestHandler: {
      handle: async (request: { body?: unknown }) => {
        bodies.push(new TextDecoder().decode(request.body as Uint8Array));
        throw new Error('captured');
      },
    },
  });
  await expect(runtime.converse({ modelId: 'm', messages: [{ role: 'user', content: [{ text: 'Help.' }] }], toolConfig: { tools } } as never)).rejects.toThrow('captured');
  const sent = JSON.parse(bodies[0]!) as { toolConfig: { tools: Array<{ toolSpec?: { name: string } }> } };
  return sent.toolConfig.tools.flatMap((t) => (t.toolSpec ? [t.toolSpec.name] : []));
}

describe('Bedrock Runtime regressions', () => {
  const CLIENT = `import { BedrockRuntime } from '@aws-sdk/client-bedrock-runtime';\n\nexport const runtime = new BedrockRuntime({ region: 'us-east-1' });\n`;
  const spec = (description: string) => ({ toolSpec: { name: 'search', description, inputSchema: { json: { type: 'object' } } } });

  it("the aggregated client's converse() on a client imported from another module is a request", async () => {
    const files = {
      'src/client.ts': CLIENT,
      'src/main.ts': [
        `import { runtime } from './client.js';`,
        '',
        `export const reply = await runtime.converse({ modelId: 'm', messages: [], toolConfig: { tools: [{ toolSpec: { name: 'search', description: 'Docs.', inputSchema: { json: {} } } }, { toolSpec: { name: 'search', description: 'Tickets.', inputSchema: { json: {} } } }] } });`,
        '',
      ].join('\n'),
    };
    expect(await rows(files)).toEqual(['no-tool-name-collision/duplicateNameFails "search" src/main.ts:3:180']);
    expect(await bedrockSent([spec('Docs.'), spec('Tickets.'), { cachePoint: { type: 'default' } }])).toEqual(['search', 'search']);
  });

  it('a converse() call that names no modelId is another API\'s, not a Bedrock request', async () => {
    const files = {
      'src/client.ts': CLIENT,
      'src/chat.ts': `declare const room: { converse(o: object): Promise<void> };\n\nexport const said = await room.converse({ toolConfig: { tools: [{ toolSpec: { name: 'search' } }, { toolSpec: { name: 'search' } }] } });\n`,
    };
    expect(await rows(files)).toEqual([]);
  });
});
