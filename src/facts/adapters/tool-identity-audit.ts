// Our own reference runtime (`tool-identity-audit/runtime`): defineTool, toolNamespace, Agent.
// Names are kept verbatim (Python semantics are normative); namespace names are stripped; the
// derived handoff and agent-as-tool names use the Python transform (lower-cased).
import { agentAsToolDefaultName, handoffDefaultToolName } from '../../runtime/identity/index.js';
import type { FrameworkAdapter } from './types.js';

export const toolIdentityAuditAdapter: FrameworkAdapter = {
  id: 'tool-identity-audit',
  title: 'tool-identity-audit runtime',
  enablers: ['tool-identity-audit/runtime', 'tool-identity-audit'],
  tools: {
    defineTool: {
      kind: 'function',
      nameOption: 'name',
      deferLoadingOption: 'deferLoading',
      approval: { option: 'approvalMode', requiredWhen: 'equals', value: 'always_require' },
      execute: { option: 'execute', contextParameter: 1 },
    },
  },
  namespaces: {
    toolNamespace: { nameOption: 'name', toolsOption: 'tools' },
  },
  agents: {
    Agent: {
      kind: 'agent',
      construct: true,
      factories: [],
      nameOption: 'name',
      toolsOption: 'tools',
      handoffsOption: 'handoffs',
      collisionPolicyOption: 'toolNameCollisionPolicy',
      toolChoicePath: ['toolChoice'],
      toolChoiceStyle: 'mode-object',
      middlewareOption: 'middleware',
    },
  },
  invocationContext: {
    addToolsMethod: 'addTools',
    removeToolsMethod: 'removeTools',
    toolsProperty: 'tools',
    contextTypeNames: ['FunctionInvocationContext'],
    middlewareTypeNames: ['FunctionMiddleware'],
  },
  run: { method: 'run', optionsArgument: 1, toolChoiceOption: 'toolChoice', toolChoiceStyle: 'mode-object', toolsOption: 'tools' },
  publicToolName: (written) => written,
  publicNamespaceName: (written) => written.trim(),
  handoffToolName: (agentName) => handoffDefaultToolName(agentName),
  agentToolName: (agentName) => agentAsToolDefaultName(agentName),
};
