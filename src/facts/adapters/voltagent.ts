// VoltAgent (`@voltagent/core` 2.10; read from its sources at 2.9.1 and run at 2.10.0). A tool is
// `createTool({ name, ... })` (alias `tool`) or `new Tool({ name, ... })`, sent under its `name`
// unchanged. `new Agent({ tools, toolkits, subAgents })` gives one `ToolManager` the `tools` and
// then the `toolkits` (a toolkit, `createToolkit({ name, tools })` or a plain `{ name, tools }`, may
// also sit in `tools`). Two standalone tools of one name: the later replaces the earlier silently
// (a `Map` by name, BaseToolManager: "existing tools with the same name will be overwritten"). A
// toolkit holding a name the manager already has (a standalone tool, or a tool of a toolkit added
// before) is skipped whole, with a warning ("contains tools that conflict with existing tools.
// Skipping addition."): every tool of it is gone (`toolkitSkipped`). Tools within one toolkit
// replace like standalone ones. The model gets the standalone tools first, then each added
// toolkit's (`getAllBaseTools`, into one record by name): a standalone tool listed after a toolkit
// that holds its name is replaced by the toolkit's tool. `subAgents` add the tool `delegate_task` to
// every request, after (and over) the agent's own tools (`{ ...static, ...dynamic }`), so a tool of
// that name is replaced. No rewriting, no name check. Tool choice: the AI SDK's, per run
// (`agent.generateText(input, { toolChoice: { type: 'tool', toolName } })`). Call ID:
// `execute(args, options)` gets `options.toolContext.callId`, optional in the type (absent when an
// MCP server or a test calls the tool), so nothing is guaranteed.
import type { FrameworkAdapter, ReferenceSpec, ToolChoiceStyle } from './types.js';

const verbatim = (name: string): string => name;

/** The AI SDK's 'auto' | 'none' | 'required' | { type: 'tool', toolName }. */
const choice: ToolChoiceStyle = { modes: ['auto', 'none', 'required'], object: { nameOption: 'toolName' } };

const runReferences: ReferenceSpec[] = [{ argument: 1, path: ['toolChoice'], form: 'tool-choice', style: choice }];

export const voltAgentAdapter: FrameworkAdapter = {
  id: 'voltagent',
  title: 'VoltAgent',
  enablers: ['@voltagent/core'],
  tools: [
    {
      match: [
        { type: 'call', name: 'createTool' },
        { type: 'call', name: 'tool' },
        { type: 'new', name: 'Tool' },
      ],
      kind: 'function',
      name: [{ from: 'option', argument: 0, path: ['name'] }],
    },
  ],
  // `createToolkit(options)` returns a copy of its options: a `{ name, tools }` object.
  passThrough: [{ match: [{ type: 'call', name: 'createToolkit' }], argument: 0 }],
  exposures: [
    {
      match: [{ type: 'new', name: 'Agent' }],
      kind: 'agent',
      name: [{ from: 'option', argument: 0, path: ['name'] }],
      // A toolkit is an object whose `tools` are tools of the set.
      tools: { argument: 0, path: ['tools'], shape: 'array', objects: [{ list: ['tools'], group: { skipsOnConflict: true, exposedLast: true } }], alsoAt: [{ argument: 0, path: ['toolkits'] }] },
      addedTools: [{ argument: 0, path: ['subAgents'], name: 'delegate_task' }],
    },
  ],
  runs: [
    {
      match: [
        { type: 'method', method: 'generateText', minArguments: 2 },
        { type: 'method', method: 'streamText', minArguments: 2 },
      ],
      references: runReferences,
      tools: { argument: 1, path: ['tools'] },
    },
  ],
  dispatch: 'last',
  // One tool object listed twice is one `Map` entry: nothing is lost.
  keepsSameToolOnce: true,
  naming: { tool: verbatim, namespace: verbatim, handoff: (agentName) => `transfer_to_${agentName}`, agentTool: verbatim },
};
