// The identity rules on Genkit and Strands Agents (issue 22), one file each case, as their users
// write them. Genkit: tools listed by value or by a registered name, compared after the last "/";
// the call throws on two of one name, the same tool twice included. Cross-module cases are in the
// framework fixtures. Strands: the registry throws on a second tool of a name (the same tool too)
// and on names equal once "-" and "_" are equated; case variants are two tools.
import collisionRule from '../../rules/no-tool-name-collision.js';
import referenceRule from '../../rules/required-function-name-known.js';
import { loc, runCases } from './testers.js';

const GENKIT_THROWS = 'Genkit throws "Cannot provide two tools with the same name" before calling the model';
const GENKIT_UNRESOLVED = 'Genkit throws "Unable to resolve tool" before calling the model';

// ---------------------------------------------------------------- Genkit

const genkitHeader = `import { genkit, z } from 'genkit';

export const ai = genkit({ plugins: [] });
`;

// `inventory/checkStock` is sent as `checkStock`: Genkit compares the part after the last "/".
const genkitSlash = `${genkitHeader}
const storeStock = ai.defineTool({ name: 'checkStock', description: 'Store stock.', inputSchema: z.object({ sku: z.string() }) }, async () => 3);
const warehouseStock = ai.defineTool({ name: 'inventory/checkStock', description: 'Warehouse stock.', inputSchema: z.object({ sku: z.string() }) }, async () => 40);
export const answer = await ai.generate({ prompt: 'Is it in stock?', tools: [storeStock, warehouseStock] });
`;

// Genkit throws for one tool listed twice as well: no tool map keeps it once.
const genkitSameTwice = `${genkitHeader}
const lookupOrder = ai.defineTool({ name: 'lookupOrder', description: 'An order.', inputSchema: z.object({ id: z.string() }) }, async () => ({}));
export const answer = await ai.generate({ prompt: 'Where is my order?', tools: [lookupOrder, lookupOrder] });
`;

// A name string stands for the registered tool: listed next to the tool itself, it is the same tool twice.
const genkitValueAndName = `${genkitHeader}
const searchProducts = ai.defineTool({ name: 'searchProducts', description: 'Search.', inputSchema: z.object({ q: z.string() }) }, async () => []);
export const exchangeDesk = ai.definePrompt({ name: 'exchangeDesk', tools: [searchProducts, 'searchProducts'], prompt: 'Find a replacement.' });
`;

// Tools made with tool() are not registered, but the call still compares their names.
const genkitDynamic = `import { genkit, tool, z } from 'genkit';

const ai = genkit({ plugins: [] });
const ups = tool({ name: 'trackShipment', description: 'UPS.', inputSchema: z.object({ n: z.string() }) }, async () => []);
const fedex = tool({ name: 'trackShipment', description: 'FedEx.', inputSchema: z.object({ n: z.string() }) }, async () => []);
export const { stream } = ai.generateStream({ prompt: 'Where is it?', tools: [ups, fedex] });
`;

const genkitClean = `${genkitHeader}
const searchProducts = ai.defineTool({ name: 'searchProducts', description: 'Search.', inputSchema: z.object({ q: z.string() }) }, async () => []);
const checkStock = ai.defineTool({ name: 'checkStock', description: 'Stock.', inputSchema: z.object({ sku: z.string() }) }, async () => 3);
ai.defineTool({ name: 'lookupOrder', description: 'An order.', inputSchema: z.object({ id: z.string() }) }, async () => ({}));
export const a = await ai.generate({ prompt: 'Gear?', tools: [searchProducts, checkStock], toolChoice: 'required' });
export const b = await ai.generate({ prompt: 'Stock?', tools: [checkStock, 'lookupOrder'] });
// Tools of MCP servers and dynamic action providers are resolved by plugins at run time.
export const c = await ai.generate({ prompt: 'Weather?', tools: ['weather/get_forecast', 'mcpHost:tool/fs/*', searchProducts] });
`;

// A name nothing registers: an ai.dynamicTool() is never registered, so its name finds nothing either.
const genkitUnregistered = `${genkitHeader}
ai.defineTool({ name: 'lookupOrder', description: 'An order.', inputSchema: z.object({ id: z.string() }) }, async () => ({}));
const tracking = ai.dynamicTool({ name: 'trackShipment', description: 'Tracking.', inputSchema: z.object({ n: z.string() }) }, async () => []);
export const a = await ai.generate({ prompt: 'Returns?', tools: ['lookupOrders'] });
export const b = await ai.generate({ prompt: 'Where?', tools: ['lookupOrder', 'trackShipment'] });
export const c = await ai.generate({ prompt: 'Where?', tools: ['lookupOrder', tracking] });
`;

// Alone, a file that imports project modules cannot tell which names they register.
const genkitImported = `import { ai } from './genkit.js';
import './tools/orders.js';

export const answer = await ai.generate({ prompt: 'Where is my order?', tools: ['lookupOrder'] });
`;

runCases('no-tool-name-collision on Genkit', collisionRule, {
  valid: [
    { name: 'Genkit: distinct names, registered names, plugin tools', code: genkitClean },
    { name: 'Genkit: one name on two calls', code: `${genkitHeader}\nconst t = ai.defineTool({ name: 't', description: 'T.' }, async () => 1);\nexport const a = await ai.generate({ prompt: 'a', tools: [t] });\nexport const b = await ai.generate({ prompt: 'b', tools: [t] });\n` },
  ],
  invalid: [
    {
      name: 'Genkit: names equal after the last "/" make generate() throw',
      code: genkitSlash,
      errors: [{ messageId: 'duplicateNameFails', data: { name: 'checkStock', set: 'the tools of this call', outcome: GENKIT_THROWS, remedy: 'a unique name' }, ...loc(genkitSlash, 'warehouseStock', 2) }],
    },
    {
      name: 'Genkit: one tool listed twice also throws',
      code: genkitSameTwice,
      errors: [{ messageId: 'sameToolListedTwice', data: { name: 'lookupOrder', set: 'the tools of this call' }, ...loc(genkitSameTwice, 'lookupOrder', 4) }],
    },
    {
      name: 'Genkit: a registered tool listed by value and by name (definePrompt)',
      code: genkitValueAndName,
      errors: [{ messageId: 'sameToolListedTwice', data: { name: 'searchProducts', set: 'the tools of this call' }, ...loc(genkitValueAndName, "'searchProducts'", 2) }],
    },
    {
      name: 'Genkit: two tool() values of one name (generateStream)',
      code: genkitDynamic,
      errors: [{ messageId: 'duplicateNameFails', data: { name: 'trackShipment', set: 'the tools of this call', outcome: GENKIT_THROWS, remedy: 'a unique name' }, ...loc(genkitDynamic, 'fedex', 2) }],
    },
  ],
});

runCases('required-function-name-known on Genkit', referenceRule, {
  valid: [
    { name: 'Genkit: registered names and plugin tools', code: genkitClean },
    { name: 'Genkit: a name in a file that imports project modules (they may register it)', code: genkitImported },
  ],
  invalid: [
    {
      name: 'Genkit: a tool listed by a name nothing registers (a dynamic tool is not registered)',
      code: genkitUnregistered,
      errors: [
        {
          messageId: 'unknownRegisteredTool',
          data: { option: 'tools', name: 'lookupOrders', registered: '"lookupOrder"', effect: GENKIT_UNRESOLVED },
          ...loc(genkitUnregistered, "'lookupOrders'"),
        },
        {
          messageId: 'unknownRegisteredTool',
          data: { option: 'tools', name: 'trackShipment', registered: '"lookupOrder"', effect: GENKIT_UNRESOLVED },
          ...loc(genkitUnregistered, "'trackShipment'", 2),
        },
      ],
    },
  ],
});

// ---------------------------------------------------------------- Strands Agents

const STRANDS_THROWS = `the Agent constructor throws (ToolRegistry: "Tool with name '…' already registered")`;

const strandsDuplicate = `import { Agent, tool } from '@strands-agents/sdk';
import { z } from 'zod';

const byEmail = tool({ name: 'lookup_customer', description: 'By email.', inputSchema: z.object({ email: z.string() }), callback: () => 1 });
const byPhone = tool({ name: 'lookup_customer', description: 'By phone.', inputSchema: z.object({ phone: z.string() }), callback: () => 2 });
export const desk = new Agent({ name: 'desk', tools: [byEmail, [byPhone]] });
`;

// The registry equates "-" and "_": my-tool and my_tool cannot both be registered.
const strandsEquated = `import { Agent, FunctionTool, tool } from '@strands-agents/sdk';
import { z } from 'zod';

const getOrder = tool({ name: 'get-order', description: 'Order.', inputSchema: z.object({ id: z.string() }), callback: () => 1 });
const getOrderLegacy = new FunctionTool({ name: 'get_order', description: 'Legacy order.', inputSchema: { type: 'object' }, callback: () => 2 });
export const desk = new Agent({ name: 'desk', tools: [getOrder, getOrderLegacy] });
`;

const strandsSameTwice = `import { Agent, tool } from '@strands-agents/sdk';
import { z } from 'zod';

const search = tool({ name: 'search', description: 'Search.', inputSchema: z.object({ q: z.string() }), callback: () => [] });
export const desk = new Agent({ name: 'desk', tools: [search, search] });
`;

// Case variants are both registered and each found by its exact name.
const strandsClean = `import { Agent, tool } from '@strands-agents/sdk';
import { z } from 'zod';

const search = tool({ name: 'search', description: 'Search.', inputSchema: z.object({ q: z.string() }), callback: () => [] });
const searchArchive = tool({ name: 'Search', description: 'Archive.', inputSchema: z.object({ q: z.string() }), callback: () => [] });
const researcher = new Agent({ name: 'researcher', tools: [search] });
export const writer = new Agent({ name: 'writer', tools: [search, searchArchive, researcher.asTool({ name: 'ask_researcher' })] });
`;

runCases('no-tool-name-collision on Strands Agents', collisionRule, {
  valid: [{ name: 'Strands: case variants are two tools; the same tool on two agents; an agent as a tool', code: strandsClean }],
  invalid: [
    {
      name: 'Strands: two tools of one name (nested arrays are flattened) make the Agent constructor throw',
      code: strandsDuplicate,
      errors: [{ messageId: 'duplicateNameFails', data: { name: 'lookup_customer', set: 'agent "desk"', outcome: STRANDS_THROWS, remedy: 'a unique name' }, ...loc(strandsDuplicate, '[byPhone]') }],
    },
    {
      name: 'Strands: names equal once "-" and "_" are equated',
      code: strandsEquated,
      errors: [
        {
          messageId: 'equatedNameFails',
          data: { name: 'get_order', other: 'get-order', set: 'agent "desk"', equated: 'the registry counts "-" and "_" as one character', outcome: STRANDS_THROWS },
          ...loc(strandsEquated, 'getOrderLegacy', 2),
        },
      ],
    },
    {
      name: 'Strands: one tool listed twice also throws',
      code: strandsSameTwice,
      errors: [{ messageId: 'sameToolListedTwice', data: { name: 'search', set: 'agent "desk"' }, ...loc(strandsSameTwice, 'search', 4) }],
    },
  ],
});
