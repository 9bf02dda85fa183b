// Genkit (`genkit` 1.42.0, read from its sources at firebase/genkit 77656d5 (1.33) and its 1.42.0
// dist, and run on Node 20 with a fake model). `ai.defineTool({ name, description, inputSchema },
// fn)` defines a tool and registers it as `/tool/<name>` on the instance's registry (a second
// definition of a name logs "already has an entry in the registry. Overwriting." and replaces the
// first: not modelled); `tool({...}, fn)` and `ai.dynamicTool({...}, fn)` define one that is not
// registered. Sets: `ai.generate({ tools })`, `ai.generateStream`, `ai.definePrompt({ tools })` and
// `ai.chat({ tools })` (genkit/beta). `tools` holds tool values or name strings: a string is looked
// up in the registry (`/tool/<name>`, then prompts), and a name nothing registers throws "Unable to
// resolve tool: <name>"; a name with `:` is a dynamic action provider's (`host:tool/server/*`), and
// `server/tool` names come from MCP plugins: both are resolved at run time. Before the model is
// called, `assertValidToolNames` throws "Cannot provide two tools with the same name" when two
// tools agree after the last `/` (the same tool listed twice included; `a/search` and `b/search`
// collide), and the model is sent that short name (`toToolDefinition`). `toolChoice` is only
// 'auto' | 'required' | 'none'. Call IDs: `toolRequest.ref` is optional (absent for most models).
import type { CallShape, FrameworkAdapter } from './types.js';

/** The name a model is sent: what follows the last `/` (`toToolDefinition`). */
const shortName = (name: string): string => name.slice(name.lastIndexOf('/') + 1);

const onInstance = (...methods: string[]): CallShape[] => methods.map((method) => ({ type: 'method', method, minArguments: 1 }));

export const genkitAdapter: FrameworkAdapter = {
  id: 'genkit',
  title: 'Genkit',
  enablers: ['genkit', '@genkit-ai/ai'],
  tools: [
    { match: onInstance('defineTool', 'defineInterrupt'), kind: 'function', name: [{ from: 'option', argument: 0, path: ['name'] }], registers: true },
    {
      match: [{ type: 'call', name: 'tool' }, { type: 'call', name: 'dynamicTool' }, { type: 'call', name: 'interrupt' }, ...onInstance('dynamicTool')],
      kind: 'function',
      name: [{ from: 'option', argument: 0, path: ['name'] }],
    },
  ],
  exposures: [
    {
      match: onInstance('generate', 'generateStream', 'definePrompt', 'chat'),
      kind: 'call',
      tools: {
        argument: 0,
        path: ['tools'],
        shape: 'array',
        byName: { effect: 'Genkit throws "Unable to resolve tool" before calling the model', external: ['/', ':'] },
      },
      duplicates: { outcome: 'Genkit throws "Cannot provide two tools with the same name" before calling the model' },
    },
  ],
  naming: {
    rewrites: 'everything up to the last "/"',
    tool: shortName,
    namespace: (name) => name,
    handoff: (agentName) => `transfer_to_${agentName}`,
    agentTool: shortName,
  },
};
