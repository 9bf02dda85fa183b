// The identity rules on the provider SDK adapters (openai 7, @anthropic-ai/sdk 1, @google/genai 3,
// Bedrock Converse), one file each case, as those SDKs' users write requests: plain tool objects in
// lists spread into a request, hosted tools among them, forced choices and allow-lists, tool loops
// answering calls by ID. Cross-module cases are in the provider fixtures (fixtures/frameworks/openai,
// anthropic, google-genai, bedrock; test/rules/integration.test.ts).
import callIdRule from '../../rules/no-call-id-coercion.js';
import collisionRule from '../../rules/no-tool-name-collision.js';
import referenceRule from '../../rules/required-function-name-known.js';
import { loc, runCases } from './testers.js';

const FORCED = 'the forced request fails or is ignored';
const DROPPED = 'the name is dropped and no tool is offered for it';
const CALL = 'the tools of this call';
const BOTH_SENT = 'both reach the model, and which one a call runs is up to the code that dispatches it';

// ---------------------------------------------------------------- collisions

const openaiChatDuplicate = `import OpenAI from 'openai';

const client = new OpenAI();
const catalog = [{ type: 'function', function: { name: 'get_book', parameters: {} } }] as const;
const orders = [
  { type: 'function', function: { name: 'get_order', parameters: {} } },
  { type: 'function', function: { name: 'get_book', parameters: {} } },
] as const;

export const reply = await client.chat.completions.create({ model: 'gpt-4.1', messages: [], tools: [...catalog, ...orders] });
`;

const openaiRunToolsDuplicate = `import OpenAI from 'openai';
import { zodFunction } from 'openai/helpers/zod';
import { z } from 'zod';

const client = new OpenAI();
const byIsbn = zodFunction({ name: 'find_book', parameters: z.object({ isbn: z.string() }), function: async () => 'isbn' });
const byTitle = zodFunction({ name: 'find_book', parameters: z.object({ title: z.string() }), function: async () => 'title' });

export const runner = client.chat.completions.runTools({ model: 'gpt-4.1', messages: [], tools: [byIsbn, byTitle] });
`;

const anthropicDuplicate = `import Anthropic from '@anthropic-ai/sdk';

const anthropic = new Anthropic();
const accountTools: Anthropic.Tool[] = [{ name: 'get_customer', input_schema: { type: 'object' } }];
const serviceTools: Anthropic.Tool[] = [{ name: 'get_customer', input_schema: { type: 'object' } }];

export const message = await anthropic.beta.messages.create({ model: 'claude-sonnet-4-5', max_tokens: 512, messages: [], tools: [...accountTools, ...serviceTools] });
`;

// Two `{ functionDeclarations }` entries of one request are one set of declarations.
const geminiDuplicate = `import { GoogleGenAI } from '@google/genai';

const ai = new GoogleGenAI({});
export const reply = await ai.models.generateContent({
  model: 'gemini-2.5-flash',
  contents: 'hi',
  config: {
    tools: [{ functionDeclarations: [{ name: 'get_account' }, { name: 'get_bill' }] }, { googleSearch: {} }, { functionDeclarations: [{ name: 'get_account' }] }],
  },
});
`;

const bedrockDuplicate = `import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';

const client = new BedrockRuntimeClient({});
export const out = await client.send(
  new ConverseCommand({ modelId: 'm', messages: [], toolConfig: { tools: [{ toolSpec: { name: 'get_fare' } }, { cachePoint: { type: 'default' } }, { toolSpec: { name: 'get_fare' } }] } }),
);
`;

// Hosted tools have no function name; a second request is a set of its own.
const hostedAndTwoRequests = `import OpenAI from 'openai';
import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';

const openai = new OpenAI();
const anthropic = new Anthropic();
const ai = new GoogleGenAI({});
const lookup = { type: 'function', name: 'lookup', parameters: {}, strict: false } as const;

export const a = await openai.responses.create({ model: 'gpt-4.1', input: 'a', tools: [{ type: 'web_search' }, { type: 'file_search', vector_store_ids: ['vs_1'] }, { type: 'web_search' }, lookup] });
export const b = await openai.responses.create({ model: 'gpt-4.1', input: 'b', tools: [lookup] });
export const c = await anthropic.messages.create({ model: 'claude-sonnet-4-5', max_tokens: 512, messages: [], tools: [{ type: 'web_search_20250305', name: 'web_search' }, { name: 'lookup', input_schema: { type: 'object' } }] });
export const d = await ai.models.generateContent({ model: 'gemini-2.5-flash', contents: 'd', config: { tools: [{ googleSearch: {} }, { codeExecution: {} }, { googleSearch: {} }, { functionDeclarations: [{ name: 'lookup' }] }] } });
`;

runCases('no-tool-name-collision on the provider SDKs', collisionRule, {
  valid: [{ name: 'hosted tools (no function name) listed twice; one tool in two requests', code: hostedAndTwoRequests }],
  invalid: [
    {
      name: 'OpenAI create: two lists spread into one request send get_book twice; the app dispatches',
      code: openaiChatDuplicate,
      errors: [{ messageId: 'duplicateNameFails', data: { name: 'get_book', set: CALL, outcome: BOTH_SENT, remedy: 'a unique name' }, ...loc(openaiChatDuplicate, '...orders') }],
    },
    {
      name: 'OpenAI runTools: two zodFunction tools of one name; the runner runs the last one',
      code: openaiRunToolsDuplicate,
      errors: [
        {
          messageId: 'duplicateToolName',
          data: { name: 'find_book', set: CALL, winner: 'the last tool listed', remedy: 'a unique name' },
          ...loc(openaiRunToolsDuplicate, 'byIsbn', 2),
        },
      ],
    },
    {
      name: 'Anthropic beta.messages.create: the API rejects two tools named get_customer',
      code: anthropicDuplicate,
      errors: [
        {
          messageId: 'duplicateNameFails',
          data: { name: 'get_customer', set: CALL, outcome: 'the Anthropic API rejects the request (400 "tools: Tool names must be unique")', remedy: 'a unique name' },
          ...loc(anthropicDuplicate, '...serviceTools'),
        },
      ],
    },
    {
      name: 'Gemini: declarations in two functionDeclarations entries (a hosted tool between) are one set',
      code: geminiDuplicate,
      errors: [
        {
          messageId: 'duplicateNameFails',
          data: { name: 'get_account', set: CALL, outcome: 'the Gemini API rejects the request (400 "Duplicate function declaration found")', remedy: 'a unique name' },
          // A plain object listed in the set is reported where it is listed: the object.
          ...loc(geminiDuplicate, "{ name: 'get_account' }", 2),
        },
      ],
    },
    {
      name: 'Bedrock Converse: two toolSpecs named get_fare around a cachePoint',
      code: bedrockDuplicate,
      errors: [{ messageId: 'duplicateNameFails', data: { name: 'get_fare', set: CALL, outcome: BOTH_SENT, remedy: 'a unique name' }, ...loc(bedrockDuplicate, "{ toolSpec: { name: 'get_fare' } }", 2) }],
    },
  ],
});

// ---------------------------------------------------------------- forced choices and allow-lists

const choicesFine = `import OpenAI from 'openai';
import Anthropic from '@anthropic-ai/sdk';
import { FunctionCallingConfigMode, GoogleGenAI } from '@google/genai';

const openai = new OpenAI();
const anthropic = new Anthropic();
const ai = new GoogleGenAI({});
const chatTools = [{ type: 'function', function: { name: 'get_order', parameters: {} } }, { type: 'custom', custom: { name: 'sql' } }] as const;

export const a = await openai.chat.completions.create({ model: 'm', messages: [], tools: [...chatTools], tool_choice: 'required' });
export const b = await openai.chat.completions.create({ model: 'm', messages: [], tools: [...chatTools], tool_choice: { type: 'custom', custom: { name: 'sql' } } });
export const c = await openai.responses.create({ model: 'm', input: 'c', tools: [{ type: 'function', name: 'get_order', parameters: {}, strict: false }, { type: 'web_search' }], tool_choice: { type: 'web_search' } });
// An MCP server's tool is named by the server, not by a function tool of the request.
export const d = await openai.responses.create({ model: 'm', input: 'd', tools: [{ type: 'mcp', server_label: 'crm', server_url: 'https://crm.example/mcp' }], tool_choice: { type: 'mcp', server_label: 'crm', name: 'find_account' } });
export const e = await anthropic.messages.create({ model: 'm', max_tokens: 512, messages: [], tools: [{ name: 'get_order', input_schema: { type: 'object' } }], tool_choice: { type: 'any' } });
export const f = await ai.models.generateContent({ model: 'm', contents: 'f', config: { tools: [{ functionDeclarations: [{ name: 'get_order' }] }], toolConfig: { functionCallingConfig: { mode: FunctionCallingConfigMode.ANY, allowedFunctionNames: ['get_order'] } } } });
`;

// A namespace tool's members are not followed: the set is incomplete, so an unknown name is quiet.
const namespaceIncomplete = `import OpenAI from 'openai';

const openai = new OpenAI();
export const reply = await openai.responses.create({
  model: 'm',
  input: 'hi',
  tools: [{ type: 'namespace', name: 'crm', description: 'CRM tools.', tools: [] }, { type: 'function', name: 'get_order', parameters: {}, strict: false }],
  tool_choice: { type: 'function', name: 'crm_find_account' },
});
`;

const choicesMissing = `import OpenAI from 'openai';
import Anthropic from '@anthropic-ai/sdk';
import { ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import { GoogleGenAI } from '@google/genai';

const openai = new OpenAI();
const anthropic = new Anthropic();
const ai = new GoogleGenAI({});
const chatTools = [{ type: 'function', function: { name: 'get_order', parameters: {} } }] as const;

export const a = await openai.chat.completions.create({ model: 'm', messages: [], tools: [...chatTools], tool_choice: { type: 'function', function: { name: 'get_orders' } } });
export const b = await openai.responses.create({ model: 'm', input: 'b', tools: [{ type: 'function', name: 'get_order', parameters: {}, strict: false }], tool_choice: { type: 'allowed_tools', mode: 'required', tools: [{ type: 'function', name: 'refund' }] } });
export const c = await anthropic.messages.create({ model: 'm', max_tokens: 512, messages: [], tools: [{ name: 'get_order', input_schema: { type: 'object' } }], tool_choice: { type: 'tool', name: 'lookup_order' } });
export const d = await ai.models.generateContent({ model: 'm', contents: 'd', config: { tools: [{ functionDeclarations: [{ name: 'get_order' }] }], toolConfig: { functionCallingConfig: { allowedFunctionNames: ['get_order', 'cancel_order'] } } } });
export const e = new ConverseCommand({ modelId: 'm', messages: [], toolConfig: { tools: [{ toolSpec: { name: 'get_order' } }], toolChoice: { tool: { name: 'find_order' } } } });
`;

runCases('required-function-name-known on the provider SDKs', referenceRule, {
  valid: [
    { name: 'modes, a custom tool forced by name, a hosted tool choice, an MCP tool choice, allowed names that are declared', code: choicesFine },
    { name: 'OpenAI Responses: a namespace tool makes the set incomplete', code: namespaceIncomplete },
  ],
  invalid: [
    {
      name: 'each SDK: a forced tool or allowed name that the request does not send',
      code: choicesMissing,
      errors: [
        { messageId: 'unknownRequiredFunction', data: { option: 'tool_choice', name: 'get_orders', set: CALL, available: '"get_order"', effect: FORCED }, ...loc(choicesMissing, "'get_orders'") },
        { messageId: 'unknownRequiredFunction', data: { option: 'tools', name: 'refund', set: CALL, available: '"get_order"', effect: DROPPED }, ...loc(choicesMissing, "'refund'") },
        { messageId: 'unknownRequiredFunction', data: { option: 'tool_choice', name: 'lookup_order', set: CALL, available: '"get_order"', effect: FORCED }, ...loc(choicesMissing, "'lookup_order'") },
        { messageId: 'unknownRequiredFunction', data: { option: 'allowedFunctionNames', name: 'cancel_order', set: CALL, available: '"get_order"', effect: DROPPED }, ...loc(choicesMissing, "'cancel_order'") },
        { messageId: 'unknownRequiredFunction', data: { option: 'toolChoice', name: 'find_order', set: CALL, available: '"get_order"', effect: FORCED }, ...loc(choicesMissing, "'find_order'") },
      ],
    },
  ],
});

// ---------------------------------------------------------------- call IDs

// The provider always sends these IDs (callIdGuarantees): the fallbacks never run.
const guaranteedIds = `import OpenAI from 'openai';

export function chatReplies(message: OpenAI.Chat.ChatCompletionMessage, outputs: Map<string, string>) {
  return (message.tool_calls ?? [])
    .filter((call) => call.type === 'function')
    .map((call) => ({ role: 'tool' as const, tool_call_id: call.id ?? '', content: outputs.get(call.function.name) ?? '' }));
}

export function responsesOutputs(response: OpenAI.Responses.Response, run: (name: string) => string) {
  const outputs = [];
  for (const item of response.output) {
    switch (item.type) {
      case 'function_call':
        outputs.push({ type: 'function_call_output' as const, call_id: item.call_id || 'call_0', output: run(item.name) });
        break;
      default:
        break;
    }
  }
  return outputs;
}
`;

// Gemini's functionCall.id is optional; functionResponse.id sends the fallback (callIdCarriers).
const geminiResponses = `import type { FunctionCall, Part } from '@google/genai';

export function answer(calls: FunctionCall[], outputs: Record<string, unknown>): Part[] {
  return calls.map((call) => ({ functionResponse: { id: call.id ?? '', name: call.name, response: { output: outputs[call.name ?? ''] } } }));
}
`;

// A type the file writes for the value speaks for it: the guarantee does not apply.
const typedHere = `interface StoredCall {
  type: 'function_call';
  name: string;
  call_id?: string;
}

export function replay(calls: StoredCall[]) {
  return calls.filter((c) => c.type === 'function_call').map((c) => ({ type: 'function_call_output' as const, call_id: c.call_id ?? '', output: '' }));
}
`;

// The Realtime API's function_call items declare call_id optional: a file that handles them gets
// no guarantee, so its fallback is reported (syntax alone cannot tell them from Responses items).
const realtimeItems = `import OpenAI from 'openai';
import { OpenAIRealtimeWebSocket } from 'openai/realtime/websocket';

export function listen(client: OpenAI, run: (name: string, args: string) => string): void {
  const rt = new OpenAIRealtimeWebSocket({ model: 'gpt-realtime' }, client);
  rt.on('response.done', (event) => {
    for (const item of event.response.output ?? []) {
      if (item.type === 'function_call') {
        rt.send({ type: 'conversation.item.create', item: { type: 'function_call_output', call_id: item.call_id ?? 'call_0', output: run(item.name ?? '', item.arguments ?? '') } });
      }
    }
  });
}
`;

runCases('no-call-id-coercion on the provider SDKs', callIdRule, {
  valid: [{ name: "OpenAI: a function tool call's id, a function_call item's call_id (filter, switch case)", code: guaranteedIds }],
  invalid: [
    {
      name: 'Gemini: a fallback for functionCall.id sent as functionResponse.id',
      code: geminiResponses,
      errors: [{ messageId: 'madeUpCallId', data: { expression: 'call.id', form: 'a `??` default', fallback: "''" }, ...loc(geminiResponses, "call.id ?? ''") }],
    },
    {
      name: "a Realtime API function_call item's call_id is optional: its fallback is reported",
      code: realtimeItems,
      errors: [
        {
          messageId: 'madeUpCallId',
          data: { expression: 'item.call_id', form: 'a `??` default', fallback: "'call_0'" },
          ...loc(realtimeItems, "item.call_id ?? 'call_0'"),
          suggestions: [
            {
              messageId: 'useExtractToolCallId',
              data: { rawItem: 'item' },
              output: `import { extractToolCallId } from 'tool-identity-audit/runtime';\n${realtimeItems.replace("item.call_id ?? 'call_0'", 'extractToolCallId(item)')}`,
            },
          ],
        },
      ],
    },
    {
      name: 'a function_call value typed by the file with an optional call_id',
      code: typedHere,
      errors: [
        {
          messageId: 'madeUpCallId',
          data: { expression: 'c.call_id', form: 'a `??` default', fallback: "''" },
          ...loc(typedHere, "c.call_id ?? ''"),
          suggestions: [
            {
              messageId: 'useExtractToolCallId',
              data: { rawItem: 'c' },
              output: `import { extractToolCallId } from 'tool-identity-audit/runtime';\n${typedHere.replace("c.call_id ?? ''", 'extractToolCallId(c)')}`,
            },
          ],
        },
      ],
    },
  ],
});
