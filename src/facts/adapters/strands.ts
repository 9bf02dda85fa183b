// Strands Agents TypeScript (`@strands-agents/sdk` 1.19.0; read from strands-agents/sdk-typescript
// 00e0488 and run on Node 20.20 in a scratch directory: it declares Node >= 22 and installs with a
// warning, but its optional OpenTelemetry peers conflict with this repository's, so it is no dev
// dependency and has no oracle). A tool is `tool({ name, description, inputSchema, callback })`,
// `new FunctionTool({...})` / `new ZodTool({...})`, a class extending `Tool` with a `name`, or
// `agent.asTool({ name })` (default: the agent's name). `new Agent({ name, tools })` flattens nested
// tool arrays into a `ToolRegistry`, whose `add` throws "Tool with name 'x' already registered" (the
// same tool object twice too) and "Tool name 'my_tool' already exists as 'my-tool'" for names equal
// once "-" and "_" are equated; case variants (`Search`, `search`) are both registered (lookup only
// falls back to "_"->"-" and case-insensitive matching for a name with no exact match), so they are
// no collision. Names must be 1-64 of `[a-zA-Z0-9_-]`, or the registry throws. A structured-output
// run adds `strands_structured_output` to the registry. `registry.addOrReplace` replaces silently
// (not modelled). Tool choice is internal only; call IDs are the provider's `toolUseId`.
import type { FrameworkAdapter } from './types.js';

const verbatim = (name: string): string => name;

export const strandsAdapter: FrameworkAdapter = {
  id: 'strands',
  title: 'Strands Agents',
  enablers: ['@strands-agents/sdk'],
  tools: [
    {
      match: [
        { type: 'call', name: 'tool' },
        { type: 'new', name: 'FunctionTool' },
        { type: 'new', name: 'ZodTool' },
      ],
      kind: 'function',
      name: [{ from: 'option', argument: 0, path: ['name'] }],
    },
    { match: [{ type: 'extends', name: 'Tool' }], kind: 'function', name: [{ from: 'class-member', member: 'name' }] },
    {
      match: [{ type: 'method', method: 'asTool', minArguments: 0 }],
      kind: 'agent-tool',
      name: [{ from: 'option', argument: 0, path: ['name'] }, { from: 'receiver-agent' }],
    },
  ],
  exposures: [
    {
      match: [{ type: 'new', name: 'Agent' }],
      kind: 'agent',
      name: [{ from: 'option', argument: 0, path: ['name'] }],
      tools: { argument: 0, path: ['tools'], shape: 'array' },
      addedTools: [{ argument: 0, path: ['structuredOutputSchema'], name: 'strands_structured_output' }],
      duplicates: {
        outcome: `the Agent constructor throws (ToolRegistry: "Tool with name '…' already registered")`,
        equate: { pairs: [['_', '-']], text: 'the registry counts "-" and "_" as one character' },
      },
    },
  ],
  nameRule: {
    label: "Strands' ToolRegistry name rule (the Agent constructor throws otherwise)",
    maxLength: 64,
    characters: 'A-Za-z0-9_-',
    charactersText: 'letters, digits, "_" and "-"',
  },
  naming: { tool: verbatim, namespace: verbatim, handoff: (agentName) => `transfer_to_${agentName}`, agentTool: verbatim },
};
