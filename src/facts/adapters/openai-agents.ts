// The OpenAI Agents SDK for JavaScript (@openai/agents and its packages). Function-tool and
// namespace names go through `toFunctionToolName` (case kept); handoffs default to
// `transfer_to_${toFunctionToolName(agent.name)}`, agent-as-tool to `toFunctionToolName(agent.name)`.
// The collision policy is a run option in this SDK, not an agent option, so agents carry none.
import { toFunctionToolName } from './naming.js';
import type { FrameworkAdapter, ToolDefinerSpec } from './types.js';

const hosted: ToolDefinerSpec = { kind: 'hosted' };

const agentOptions = {
  nameOption: 'name',
  toolsOption: 'tools',
  handoffsOption: 'handoffs',
} as const;

export const openaiAgentsAdapter: FrameworkAdapter = {
  id: 'openai-agents',
  title: 'OpenAI Agents SDK (JavaScript)',
  enablers: ['@openai/agents', '@openai/agents-core', '@openai/agents-realtime', '@openai/agents-openai'],
  tools: {
    tool: {
      kind: 'function',
      nameOption: 'name',
      nameFromFunctionOption: 'execute',
      deferLoadingOption: 'deferLoading',
      approval: { option: 'needsApproval', requiredWhen: 'truthy' },
    },
    webSearchTool: hosted,
    fileSearchTool: hosted,
    codeInterpreterTool: hosted,
    computerTool: hosted,
    imageGenerationTool: hosted,
    hostedMcpTool: hosted,
    shellTool: hosted,
    applyPatchTool: hosted,
  },
  namespaces: {
    toolNamespace: { nameOption: 'name', toolsOption: 'tools' },
  },
  handoffs: {
    handoff: { agentArgument: 0, optionsArgument: 1, overrideOption: 'toolNameOverride' },
  },
  agents: {
    Agent: {
      kind: 'agent',
      construct: true,
      factories: ['create'],
      ...agentOptions,
      mcpServersOption: 'mcpServers',
      includeServerInToolNamesPath: ['mcpConfig', 'includeServerInToolNames'],
      toolChoicePath: ['modelSettings', 'toolChoice'],
      toolChoiceStyle: 'name-string',
    },
    // Realtime agents take the same tools, handoffs and MCP options, but no model settings.
    RealtimeAgent: {
      kind: 'realtime-agent',
      construct: true,
      factories: [],
      ...agentOptions,
      mcpServersOption: 'mcpServers',
      includeServerInToolNamesPath: ['mcpConfig', 'includeServerInToolNames'],
    },
  },
  mcpServers: {
    MCPServerStdio: { role: 'client', nameOption: 'name' },
    MCPServerStreamableHttp: { role: 'client', nameOption: 'name' },
    MCPServerSSE: { role: 'client', nameOption: 'name' },
  },
  agentMethods: {
    asTool: { method: 'asTool', nameOption: 'toolName', approval: { option: 'needsApproval', requiredWhen: 'truthy' } },
    opaque: ['clone'],
  },
  publicToolName: (written) => toFunctionToolName(written),
  publicNamespaceName: (written) => toFunctionToolName(written.trim()),
  handoffToolName: (agentName) => `transfer_to_${toFunctionToolName(agentName)}`,
  agentToolName: (agentName) => toFunctionToolName(agentName),
};
