// The OpenAI Agents SDK for JavaScript (@openai/agents and its packages), as 0.20.0 behaves.
// Function-tool and namespace names go through `toFunctionToolName` (case kept); handoffs default
// to `transfer_to_${toFunctionToolName(agent.name)}`, agent-as-tool to `toFunctionToolName(agent.name)`.
// The collision policy is a run option in this SDK, not an agent option, so agents carry none.
// `isEnabled: false` on a function tool, `asTool()` or `handoff()` leaves it out of what the model
// sees and out of the collision check (`getAllTools`, `getEnabledHandoffs`).
import { toFunctionToolName } from './naming.js';
import type { ExposureSpec, FrameworkAdapter, ToolChoiceStyle, ToolDefiner } from './types.js';

const hosted = (...names: string[]): ToolDefiner => ({
  match: names.map((name) => ({ type: 'call', name })),
  kind: 'hosted',
  name: [],
});

/** `modelSettings.toolChoice`: 'auto' | 'required' | 'none' | '<function name>'. */
const nameString: ToolChoiceStyle = { modes: ['auto', 'required', 'none'], byName: true };

const agentOptions = {
  name: [{ from: 'option', argument: 0, path: ['name'] }],
  tools: { argument: 0, path: ['tools'], shape: 'array' },
  handoffs: { argument: 0, path: ['handoffs'] },
  mcpServers: { argument: 0, path: ['mcpServers'] },
  includeServerInToolNames: { argument: 0, path: ['mcpConfig', 'includeServerInToolNames'] },
  liveProperties: { tools: 'tools', handoffs: 'handoffs' },
} as const satisfies Partial<ExposureSpec>;

export const openaiAgentsAdapter: FrameworkAdapter = {
  id: 'openai-agents',
  title: 'OpenAI Agents SDK (JavaScript)',
  enablers: ['@openai/agents', '@openai/agents-core', '@openai/agents-realtime', '@openai/agents-openai'],
  tools: [
    {
      match: [{ type: 'call', name: 'tool' }],
      kind: 'function',
      name: [
        { from: 'option', argument: 0, path: ['name'] },
        { from: 'function-name', argument: 0, path: ['execute'] },
      ],
      deferLoading: { argument: 0, path: ['deferLoading'] },
      approval: { requiredWhen: 'truthy', argument: 0, path: ['needsApproval'] },
      enabled: { argument: 0, path: ['isEnabled'] },
    },
    hosted(
      'webSearchTool',
      'fileSearchTool',
      'codeInterpreterTool',
      'computerTool',
      'imageGenerationTool',
      'hostedMcpTool',
      'shellTool',
      'applyPatchTool',
    ),
    {
      match: [{ type: 'method', method: 'asTool' }],
      kind: 'agent-tool',
      name: [{ from: 'option', argument: 0, path: ['toolName'] }, { from: 'receiver-agent' }],
      approval: { requiredWhen: 'truthy', argument: 0, path: ['needsApproval'] },
      enabled: { argument: 0, path: ['isEnabled'] },
    },
  ],
  namespaces: [
    {
      match: [{ type: 'call', name: 'toolNamespace' }],
      name: [{ from: 'option', argument: 0, path: ['name'] }],
      tools: { argument: 0, path: ['tools'] },
    },
  ],
  handoffs: [
    {
      match: [{ type: 'call', name: 'handoff' }],
      agentArgument: 0,
      override: [{ from: 'option', argument: 1, path: ['toolNameOverride'] }],
      enabled: { argument: 1, path: ['isEnabled'] },
    },
  ],
  exposures: [
    {
      match: [
        { type: 'new', name: 'Agent' },
        { type: 'static', name: 'Agent', method: 'create' },
      ],
      kind: 'agent',
      ...agentOptions,
      references: [{ argument: 0, path: ['modelSettings', 'toolChoice'], form: 'tool-choice', style: nameString }],
    },
    // Realtime agents take the same tools, handoffs and MCP options, but no model settings.
    { match: [{ type: 'new', name: 'RealtimeAgent' }], kind: 'realtime-agent', ...agentOptions },
  ],
  mcpServers: [
    {
      match: [
        { type: 'new', name: 'MCPServerStdio' },
        { type: 'new', name: 'MCPServerStreamableHttp' },
        { type: 'new', name: 'MCPServerSSE' },
      ],
      role: 'client',
      name: [{ from: 'option', argument: 0, path: ['name'] }],
    },
  ],
  opaqueAgents: [{ type: 'method', method: 'clone' }],
  naming: {
    rewrites: 'characters outside [A-Za-z0-9_]',
    tool: (written) => toFunctionToolName(written),
    namespace: (written) => toFunctionToolName(written.trim()),
    handoff: (agentName) => `transfer_to_${toFunctionToolName(agentName)}`,
    agentTool: (agentName) => toFunctionToolName(agentName),
  },
};
