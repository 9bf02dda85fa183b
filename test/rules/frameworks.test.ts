// The identity rules on the Vercel AI SDK, LangChain.js and Mastra, one file each case, as those
// frameworks' users write them: records keyed by tool name, tool classes and toolkits, forced tool
// choices and active-tool lists, and their call IDs. Cross-module cases are in the framework
// fixtures (fixtures/frameworks/*, test/rules/integration.test.ts).
import callIdRule from '../../rules/no-call-id-coercion.js';
import collisionRule from '../../rules/no-tool-name-collision.js';
import referenceRule from '../../rules/required-function-name-known.js';
import nameRule from '../../rules/valid-tool-name.js';
import { loc, runCases } from './testers.js';

const FORCED = 'the forced request fails or is ignored';

/** The location of the first `length` characters of `needle`. */
function first(code: string, needle: string, length: number): ReturnType<typeof loc> {
  const at = loc(code, needle);
  return { ...at, endLine: at.line, endColumn: at.column + length };
}
const DROPPED = 'the name is dropped and no tool is offered for it';

// ---------------------------------------------------------------- Vercel AI SDK

const aiSpreads = `import { generateText, tool } from 'ai';
import { z } from 'zod';

const docsTools = {
  search: tool({ description: 'Search the docs.', inputSchema: z.object({ q: z.string() }), execute: async ({ q }) => q }),
};
const ticketTools = {
  search: tool({ description: 'Search tickets.', inputSchema: z.object({ q: z.string() }), execute: async ({ q }) => q }),
  create_ticket: tool({ description: 'Open a ticket.', inputSchema: z.object({}), execute: async () => 1 }),
};

export const answer = await generateText({ model, prompt: 'hi', tools: { ...docsTools, ...ticketTools } });
`;

const aiAssign = `import { streamText, tool } from 'ai';
import { z } from 'zod';

const catalogTools = { lookup: tool({ inputSchema: z.object({}), execute: async () => 1 }) };
const orderTools = { lookup: tool({ inputSchema: z.object({}), execute: async () => 2 }) };
export const result = streamText({ model, prompt: 'hi', tools: Object.assign({}, catalogTools, orderTools) });
`;

const aiTwoCalls = `import { generateText, tool } from 'ai';
import { z } from 'zod';

const search = tool({ inputSchema: z.object({ q: z.string() }), execute: async ({ q }) => q });
export const one = await generateText({ model, prompt: 'a', tools: { search } });
export const two = await generateText({ model, prompt: 'b', tools: { search } });
`;

const aiBranches = `import { generateText, tool, type ToolSet } from 'ai';
import { z } from 'zod';

let tools: ToolSet;
if (plan === 'starter') tools = { search: tool({ inputSchema: z.object({}), execute: async () => 1 }) };
else tools = { search: tool({ inputSchema: z.object({}), execute: async () => 2 }) };
export const out = await generateText({ model, prompt: 'a', tools });
`;

const aiReferences = `import { ToolLoopAgent, generateText, tool } from 'ai';
import { z } from 'zod';

const tools = {
  search: tool({ inputSchema: z.object({ q: z.string() }), execute: async ({ q }) => q }),
  get_page: tool({ inputSchema: z.object({ slug: z.string() }), execute: async ({ slug }) => slug }),
};

export const a = await generateText({ model, prompt: 'a', tools, activeTools: ['search', 'get_pages'] });
export const b = await generateText({ model, prompt: 'b', tools, toolChoice: { type: 'tool', toolName: 'serch' } });
export const agent = new ToolLoopAgent({
  model,
  tools,
  prepareStep: async ({ stepNumber }) => (stepNumber === 0 ? { toolChoice: { type: 'tool', toolName: 'search_docs' } } : {}),
});
`;

// AI SDK 5.x releases exported the agent class as `Agent` (6 keeps that name for an interface).
const aiAgentClass = aiReferences.replace('import { ToolLoopAgent, generateText, tool }', 'import { Agent, generateText, tool }').replace('new ToolLoopAgent(', 'new Agent(');

const aiReferencesFine = `import { generateText, tool } from 'ai';
import { z } from 'zod';

const READ_ONLY = ['search'] as const;
const tools = { search: tool({ inputSchema: z.object({}), execute: async () => 1 }) };
export const a = await generateText({ model, prompt: 'a', tools, activeTools: viewer ? [...READ_ONLY] : ['search'], toolChoice: 'required' });
export const b = await generateText({ model, prompt: 'b', tools: { ...tools, ...(await mcp.tools()) }, toolChoice: { type: 'tool', toolName: 'list_incidents' } });
export const c = await generateText({ model, prompt: 'c', tools, toolChoice: { type: 'auto' } });
`;

// Provider tools and inline objects are tools too: every static key of a tools record names one.
const aiProviderTools = `import { openai } from '@ai-sdk/openai';
import { generateText, tool } from 'ai';
import { z } from 'zod';

export const a = await generateText({
  model,
  prompt: 'a',
  tools: {
    web_search: openai.tools.webSearch({}),
    weather: { description: 'Weather.', inputSchema: z.object({}), execute: async () => 'sun' },
    search: tool({ inputSchema: z.object({}), execute: async () => 1 }),
  },
  toolChoice: { type: 'tool', toolName: 'websearch' },
});
export const b = await generateText({ model, prompt: 'b', tools: { web_search: openai.tools.webSearch({}) }, toolChoice: { type: 'tool', toolName: 'web_search' } });
`;

const aiBadKey = `import { tool, type ToolSet } from 'ai';
import { z } from 'zod';

export const billingTools: ToolSet = {
  'lookup invoice': tool({ inputSchema: z.object({ n: z.string() }), execute: async ({ n }) => n }),
};
`;

// One imported tool under two keys: a record names each entry by its key, so that is two names.
const aiOneToolTwoKeys = `import { generateText } from 'ai';
import { searchKnowledgeBase } from './tools/knowledge-base.js';

export const answer = await generateText({ model, prompt: 'hi', tools: { search: searchKnowledgeBase, search_docs: searchKnowledgeBase } });
`;

// ---------------------------------------------------------------- LangChain.js

const lcTwoTools = `import { createAgent, tool } from 'langchain';
import { z } from 'zod';

const lookupOrder = tool(async ({ id }) => id, { name: 'lookup_order', schema: z.object({ id: z.string() }) });
const findOrderFromEmail = tool(async ({ email }) => email, { name: 'lookup_order', schema: z.object({ email: z.string() }) });

export const triage = createAgent({ model: 'openai:gpt-4.1-mini', tools: [lookupOrder, findOrderFromEmail] });
`;

const lcToolkit = `import { StructuredTool } from '@langchain/core/tools';
import { createAgent } from 'langchain';
import { z } from 'zod';

class FleetTracker extends StructuredTool {
  name = 'locate_vehicle';
  description = 'Fleet API position.';
  schema = z.object({ id: z.string() });
  async _call() { return 'fleet'; }
}
class Telematics extends StructuredTool {
  name = 'locate_vehicle';
  description = 'Telematics position.';
  schema = z.object({ id: z.string() });
  async _call() { return 'gps'; }
}

export function toolkit() {
  return [new FleetTracker(), new Telematics()];
}
export const dispatcher = createAgent({ model: 'openai:gpt-4.1', tools: [...toolkit()] });
`;

// Agents without a name are called what holds them; with nothing holding one, just "agent".
const lcUnnamedAgents = `import { createAgent, tool } from 'langchain';
import { z } from 'zod';

const lookupOrder = tool(async ({ id }) => id, { name: 'lookup_order', schema: z.object({ id: z.string() }) });
const findOrderFromEmail = tool(async ({ email }) => email, { name: 'lookup_order', schema: z.object({ email: z.string() }) });

export const desks = {
  orders: createAgent({ model: 'openai:gpt-4.1-mini', tools: [lookupOrder, findOrderFromEmail] }),
};

export default createAgent({ model: 'openai:gpt-4.1-mini', tools: [lookupOrder, findOrderFromEmail] });
`;

const lcFine = `import { DynamicTool, tool } from '@langchain/core/tools';
import { ToolNode } from '@langchain/langgraph/prebuilt';
import { createAgent } from 'langchain';
import { z } from 'zod';

const notify = tool(async () => 'ok', { name: 'notify_driver', schema: z.object({}) });
const clock = new DynamicTool({ name: 'current_time', description: 'Time.', func: async () => 'now' });
const locate = useTelematics ? new DynamicTool({ name: 'locate', description: 'a', func: async () => 'a' }) : new DynamicTool({ name: 'locate', description: 'b', func: async () => 'b' });
export const a = createAgent({ model: 'openai:gpt-4.1', tools: [notify, clock] });
export const b = createAgent({ model: 'openai:gpt-4.1', tools: [notify] });
export const node = new ToolNode([locate, notify]);
export const NAMES = ['notify_driver', 'notify_driver'];
`;

const lcBindTools = `import { tool } from '@langchain/core/tools';
import { ChatOpenAI } from '@langchain/openai';
import { z } from 'zod';

const lookupShipment = tool(async () => 'x', { name: 'lookup_shipment', schema: z.object({}) });
export const forced = new ChatOpenAI({ model: 'gpt-4.1' }).bindTools([lookupShipment], { tool_choice: 'lookup_shipments' });
export const any = new ChatOpenAI({ model: 'gpt-4.1' }).bindTools([lookupShipment], { tool_choice: 'any' });
`;

const lcPlainTools = `import { ChatOpenAI } from '@langchain/openai';

const weatherTool = { name: 'get_weather', description: 'Weather.', schema: { type: 'object', properties: {} } };
const openAiStyle = { type: 'function', function: { name: 'get_time', description: 'Time.', parameters: {} } };
export const model = new ChatOpenAI({ model: 'gpt-4.1' }).bindTools([weatherTool, openAiStyle], { tool_choice: 'get_wether' });
export const twice = new ChatOpenAI({ model: 'gpt-4.1' }).bindTools([weatherTool, { ...weatherTool, description: 'Again.' }]);
`;

const lcCallId = `import { ToolMessage, type AIMessage } from '@langchain/core/messages';

export function answer(last: AIMessage) {
  return (last.tool_calls ?? []).map(
    (toolCall) => new ToolMessage({ content: 'done', tool_call_id: toolCall.id ?? '', name: toolCall.name ?? '' }),
  );
}
`;

// ---------------------------------------------------------------- Mastra

const mastraSpreads = `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import { z } from 'zod';

const findUnit = createTool({ id: 'find-unit', description: 'By tenant.', inputSchema: z.object({}), execute: async () => 1 });
const unitById = createTool({ id: 'unit-by-id', description: 'By ID.', inputSchema: z.object({}), execute: async () => 2 });
const workOrderTools = { lookupUnit: unitById };
const tenantTools = { lookupUnit: findUnit };
export const coordinator = new Agent({ name: 'Coordinator', instructions: 'x', model: 'openai/gpt-4.1', tools: { ...workOrderTools, ...tenantTools } });
`;

const mastraRewritten = `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import { z } from 'zod';

const warranty = createTool({ id: 'check-warranty', description: 'Warranty.', inputSchema: z.object({}), execute: async () => 1 });
const warranty2 = createTool({ id: 'check-warranty-2', description: 'Warranty again.', inputSchema: z.object({}), execute: async () => 2 });
export const booker = new Agent({ name: 'Booker', instructions: 'x', model: 'openai/gpt-4.1', tools: { 'check warranty': warranty, check_warranty: warranty2 } });
`;

const mastraFine = `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import { z } from 'zod';

const findVendor = createTool({ id: 'find-vendor', description: 'a', inputSchema: z.object({}), execute: async () => 1 });
const findEmergencyVendor = createTool({ id: 'find-vendor', description: 'b', inputSchema: z.object({}), execute: async () => 2 });
const vendorAgent = new Agent({ name: 'Vendor', instructions: 'x', model: 'openai/gpt-4.1', tools: { findVendor, findEmergencyVendor } });
export const coordinator = new Agent({ name: 'Coordinator', instructions: 'y', model: 'openai/gpt-4.1', tools: { findVendor }, agents: { vendorAgent } });
export const reply = await coordinator.generate('fix the sink', { activeTools: ['findVendor', 'agent-vendorAgent'] });
`;

// \`agents: { vendor }\` becomes the tool agent-vendor, merged after the agent's own tools.
const mastraAgentKeyReplaces = `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import { z } from 'zod';

const callVendor = createTool({ id: 'call-vendor', description: 'Phone the vendor.', inputSchema: z.object({}), execute: async () => 1 });
const vendor = new Agent({ name: 'Vendor', instructions: 'Book vendors.', model: 'openai/gpt-4.1' });
export const coordinator = new Agent({
  name: 'Coordinator',
  instructions: 'Fix what the tenant reports.',
  model: 'openai/gpt-4.1',
  tools: { 'agent-vendor': callVendor },
  agents: { vendor },
});
`;

const mastraRun = `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import { z } from 'zod';

const lookupUnit = createTool({ id: 'lookup-unit', description: 'a', inputSchema: z.object({}), execute: async () => 1 });
export const coordinator = new Agent({ name: 'Coordinator', instructions: 'y', model: 'openai/gpt-4.1', tools: { lookupUnit } });
export const reply = await coordinator.generate('hi', { activeTools: ['lookupUnit', 'escalateToManager'] });
export const forced = await coordinator.stream('hi', { toolChoice: { type: 'tool', toolName: 'lookup-unit' } });
`;

const mastraCallId = `import { createTool } from '@mastra/core/tools';
import { z } from 'zod';

export const createWorkOrder = createTool({
  id: 'create-work-order',
  description: 'Open a work order.',
  inputSchema: z.object({ unitId: z.string() }),
  execute: async ({ unitId }, context) => {
    const key = \`wo-\${context?.agent?.toolCallId}\`;
    const label = \`unit \${unitId} for call \${context.agent.toolCallId}\`;
    return { key, label };
  },
});
`;

runCases('no-tool-name-collision on the AI SDK, LangChain.js and Mastra', collisionRule, {
  valid: [
    { name: 'AI SDK: one tool on two calls', code: aiTwoCalls },
    { name: 'AI SDK: two definitions in branches of an if/else', code: aiBranches },
    { name: 'AI SDK: one imported tool under two keys is two names', code: aiOneToolTwoKeys },
    { name: 'LangChain: the same tool on two agents; a ternary in a ToolNode; a list of names', code: lcFine },
    { name: 'Mastra: one `id` under two keys; a sub-agent as agent-<key>', code: mastraFine },
  ],
  invalid: [
    {
      name: 'AI SDK: two records spread into one tools share `search`; the later spread wins',
      code: aiSpreads,
      errors: [
        {
          messageId: 'recordKeyReplaced',
          data: { name: 'search', set: 'the tools of this call' },
          ...loc(aiSpreads, '...docsTools'),
        },
      ],
    },
    {
      name: 'AI SDK: Object.assign merges two records with `lookup`',
      code: aiAssign,
      errors: [
        {
          messageId: 'recordKeyReplaced',
          data: { name: 'lookup', set: 'the tools of this call' },
          ...loc(aiAssign, 'catalogTools', 2),
        },
      ],
    },
    {
      name: 'LangChain: two tool() values named lookup_order; the first one runs, the later one is reported',
      code: lcTwoTools,
      errors: [
        {
          messageId: 'duplicateToolName',
          data: { name: 'lookup_order', set: 'agent `triage`', winner: 'the first tool listed', remedy: 'a unique name' },
          ...loc(lcTwoTools, 'findOrderFromEmail', 2),
        },
      ],
    },
    {
      name: 'LangChain: agents without a name are called by the property that holds them, else "agent"',
      code: lcUnnamedAgents,
      errors: [
        {
          messageId: 'duplicateToolName',
          data: { name: 'lookup_order', set: 'agent `orders`', winner: 'the first tool listed', remedy: 'a unique name' },
          ...loc(lcUnnamedAgents, 'findOrderFromEmail', 2),
        },
        {
          messageId: 'duplicateToolName',
          data: { name: 'lookup_order', set: 'agent', winner: 'the first tool listed', remedy: 'a unique name' },
          ...loc(lcUnnamedAgents, 'findOrderFromEmail', 3),
        },
      ],
    },
    {
      name: 'LangChain: two tool classes with one name in a toolkit, reported at the toolkit only',
      code: lcToolkit,
      errors: [
        {
          messageId: 'duplicateToolName',
          data: { name: 'locate_vehicle', set: 'this list of tools', winner: 'the first tool listed', remedy: 'a unique name' },
          ...loc(lcToolkit, 'new Telematics()'),
        },
      ],
    },
    {
      name: 'Mastra: two records spread into one agent share the key lookupUnit',
      code: mastraSpreads,
      errors: [
        {
          messageId: 'recordKeyReplaced',
          data: { name: 'lookupUnit', set: 'agent "Coordinator"' },
          ...loc(mastraSpreads, '...workOrderTools'),
        },
      ],
    },
    {
      name: 'Mastra: a sub-agent key becomes agent-vendor, which replaces the tool of that key',
      code: mastraAgentKeyReplaces,
      errors: [
        {
          messageId: 'recordKeyReplaced',
          data: { name: 'agent-vendor', set: 'agent "Coordinator"' },
          ...loc(mastraAgentKeyReplaces, 'callVendor', 2),
        },
      ],
    },
    {
      name: "Mastra: 'check warranty' is rewritten onto the key check_warranty (AGENT_TOOL_NAME_COLLISION)",
      code: mastraRewritten,
      errors: [
        {
          messageId: 'duplicateToolName',
          data: { name: 'check_warranty', set: 'agent "Booker"', winner: 'the last tool listed', remedy: 'a unique name' },
          // Where the record lists the rewritten member (its value).
          ...first(mastraRewritten, 'warranty, check_warranty', 'warranty'.length),
        },
      ],
    },
  ],
});

runCases('required-function-name-known on the AI SDK, LangChain.js and Mastra', referenceRule, {
  valid: [
    { name: 'AI SDK: configured names, spreads of const lists, modes; an incomplete set (MCP client tools) is quiet', code: aiReferencesFine },
    { name: 'Mastra: activeTools naming a key and a sub-agent tool', code: mastraFine },
  ],
  invalid: [
    {
      name: 'AI SDK: activeTools, toolChoice and a toolChoice returned from prepareStep name unknown keys',
      code: aiReferences,
      errors: [
        {
          messageId: 'unknownRequiredFunction',
          data: { option: 'activeTools', name: 'get_pages', set: 'the tools of this call', available: '"search", "get_page"', effect: DROPPED },
          ...loc(aiReferences, "'get_pages'"),
        },
        {
          messageId: 'unknownRequiredFunction',
          data: { option: 'toolName', name: 'serch', set: 'the tools of this call', available: '"search", "get_page"', effect: FORCED },
          ...loc(aiReferences, "'serch'"),
        },
        {
          messageId: 'unknownRequiredFunction',
          data: { option: 'toolName', name: 'search_docs', set: 'agent `agent`', available: '"search", "get_page"', effect: FORCED },
          ...loc(aiReferences, "'search_docs'"),
        },
      ],
    },
    {
      name: "AI SDK 5.x: the agent class exported as Agent is the ToolLoopAgent's",
      code: aiAgentClass,
      errors: [
        { messageId: 'unknownRequiredFunction', data: { option: 'activeTools', name: 'get_pages', set: 'the tools of this call', available: '"search", "get_page"', effect: DROPPED }, ...loc(aiAgentClass, "'get_pages'") },
        { messageId: 'unknownRequiredFunction', data: { option: 'toolName', name: 'serch', set: 'the tools of this call', available: '"search", "get_page"', effect: FORCED }, ...loc(aiAgentClass, "'serch'") },
        { messageId: 'unknownRequiredFunction', data: { option: 'toolName', name: 'search_docs', set: 'agent `agent`', available: '"search", "get_page"', effect: FORCED }, ...loc(aiAgentClass, "'search_docs'") },
      ],
    },
    {
      name: 'AI SDK: a provider tool and an inline tool object are members named by their keys',
      code: aiProviderTools,
      errors: [
        {
          messageId: 'unknownRequiredFunction',
          data: { option: 'toolName', name: 'websearch', set: 'the tools of this call', available: '"web_search", "weather", "search"', effect: FORCED },
          ...loc(aiProviderTools, "'websearch'"),
        },
      ],
    },
    {
      name: 'LangChain: bindTools tool_choice names a tool that is not bound (a mode is fine)',
      code: lcBindTools,
      errors: [
        {
          messageId: 'unknownRequiredFunction',
          data: { option: 'tool_choice', name: 'lookup_shipments', set: 'the tools of this call', available: '"lookup_shipment"', effect: FORCED },
          ...loc(lcBindTools, "'lookup_shipments'"),
        },
      ],
    },
    {
      name: 'LangChain: plain-object tools in bindTools are named by name or function.name',
      code: lcPlainTools,
      errors: [
        {
          messageId: 'unknownRequiredFunction',
          data: { option: 'tool_choice', name: 'get_wether', set: 'the tools of this call', available: '"get_weather", "get_time"', effect: FORCED },
          ...loc(lcPlainTools, "'get_wether'"),
        },
      ],
    },
    {
      name: "Mastra: a run's activeTools and toolChoice name keys the agent does not have (the id is not a name)",
      code: mastraRun,
      errors: [
        {
          messageId: 'unknownRequiredFunction',
          data: { option: 'activeTools', name: 'escalateToManager', set: 'agent "Coordinator"', available: '"lookupUnit"', effect: DROPPED },
          ...loc(mastraRun, "'escalateToManager'"),
        },
        {
          messageId: 'unknownRequiredFunction',
          data: { option: 'toolName', name: 'lookup-unit', set: 'agent "Coordinator"', available: '"lookupUnit"', effect: FORCED },
          ...loc(mastraRun, "'lookup-unit'", 2),
        },
      ],
    },
  ],
});

runCases('valid-tool-name on record keys (AI SDK, Mastra)', nameRule, {
  valid: [{ name: 'AI SDK: valid keys', code: aiSpreads }],
  invalid: [
    {
      name: 'AI SDK: a record key with a space is sent unchanged',
      code: aiBadKey,
      errors: [
        {
          messageId: 'invalidToolName',
          data: { what: 'Tool', name: 'lookup invoice', provider: 'OpenAI', reason: 'it contains " "; only letters, digits, "_" and "-" are allowed' },
          ...loc(aiBadKey, "'lookup invoice'"),
        },
      ],
    },
    {
      // The rewritten key is also the agent's other key: an error, not the harmless-rewrite warning.
      name: 'Mastra: a key outside [a-zA-Z0-9_-] is rewritten before the request, onto another key',
      code: mastraRewritten,
      errors: [
        {
          messageId: 'rewrittenNameCollides',
          data: {
            what: 'Tool',
            name: 'check warranty',
            publicName: 'check_warranty',
            framework: 'Mastra',
            rewrites: 'keys outside [a-zA-Z0-9_-], not starting with a letter or _, or over 63 characters',
            other: 'tool "check_warranty"',
            set: 'agent "Booker"',
          },
          ...loc(mastraRewritten, "'check warranty'"),
        },
      ],
    },
  ],
});

runCases('no-call-id-coercion on LangChain.js and Mastra call IDs', callIdRule, {
  valid: [],
  invalid: [
    {
      name: "LangChain: `toolCall.id ?? ''` into a ToolMessage (the tool call's name default is not an ID)",
      code: lcCallId,
      errors: [
        {
          messageId: 'madeUpCallId',
          data: { expression: 'toolCall.id', form: 'a `??` default', fallback: "''" },
          ...loc(lcCallId, "toolCall.id ?? ''"),
        },
      ],
    },
    {
      name: 'Mastra: an optional toolCallId inside a key template (a certain one in a label is not reported)',
      code: mastraCallId,
      errors: [
        {
          messageId: 'coercedCallId',
          data: { expression: 'context?.agent?.toolCallId', form: 'a template literal' },
          ...loc(mastraCallId, '`wo-${context?.agent?.toolCallId}`'),
        },
      ],
    },
  ],
});
