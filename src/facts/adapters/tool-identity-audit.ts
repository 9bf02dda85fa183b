// Our own reference runtime (`tool-identity-audit/runtime`): defineTool, toolNamespace, Agent.
// Names are kept verbatim (Python semantics are normative); namespace names are stripped; the
// derived handoff and agent-as-tool names use the Python transform (lower-cased).
import { agentAsToolDefaultName, handoffDefaultToolName } from '../../runtime/identity/index.js';
import type { FrameworkAdapter, ToolChoiceStyle } from './types.js';

/** 'auto' | 'required' | 'none' | { mode, requiredFunctionName? }. */
const modeObject: ToolChoiceStyle = { modes: ['auto', 'required', 'none'], object: { nameOption: 'requiredFunctionName' } };

export const toolIdentityAuditAdapter: FrameworkAdapter = {
  id: 'tool-identity-audit',
  title: 'tool-identity-audit runtime',
  enablers: ['tool-identity-audit/runtime', 'tool-identity-audit'],
  tools: [
    {
      match: [{ type: 'call', name: 'defineTool' }],
      kind: 'function',
      name: [{ from: 'option', argument: 0, path: ['name'] }],
      deferLoading: { argument: 0, path: ['deferLoading'] },
      approval: { requiredWhen: 'equals', value: 'always_require', argument: 0, path: ['approvalMode'] },
      execute: { argument: 0, path: ['execute'], contextParameter: 1 },
    },
  ],
  namespaces: [
    {
      match: [{ type: 'call', name: 'toolNamespace' }],
      name: [{ from: 'option', argument: 0, path: ['name'] }],
      tools: { argument: 0, path: ['tools'] },
    },
  ],
  // `handoff(agent, { toolNameOverride })` (src/runtime/loop/handoff.ts): a non-empty override is
  // the routed name, else `handoffDefaultToolName(agent.name)`.
  handoffs: [
    {
      match: [{ type: 'call', name: 'handoff' }],
      agentArgument: 0,
      override: [{ from: 'option', argument: 1, path: ['toolNameOverride'] }],
    },
  ],
  exposures: [
    {
      match: [{ type: 'new', name: 'Agent' }],
      kind: 'agent',
      name: [{ from: 'option', argument: 0, path: ['name'] }],
      tools: { argument: 0, path: ['tools'], shape: 'array' },
      handoffs: { argument: 0, path: ['handoffs'] },
      collisionPolicy: { argument: 0, path: ['toolNameCollisionPolicy'] },
      references: [{ argument: 0, path: ['toolChoice'], form: 'tool-choice', style: modeObject }],
      middleware: { argument: 0, path: ['middleware'] },
      liveProperties: { tools: 'tools', handoffs: 'handoffs' },
    },
  ],
  invocationContext: {
    addToolsMethod: 'addTools',
    removeToolsMethod: 'removeTools',
    toolsProperty: 'tools',
    resultProperty: 'result',
    contextTypeNames: ['FunctionInvocationContext'],
    middlewareTypeNames: ['FunctionMiddleware'],
  },
  runs: [
    {
      match: [{ type: 'method', method: 'run', minArguments: 2 }],
      references: [{ argument: 1, path: ['toolChoice'], form: 'tool-choice', style: modeObject }],
      tools: { argument: 1, path: ['tools'] },
    },
  ],
  // LiveToolList (src/runtime/loop/live-tools.ts) skips an object it already holds, at construction and in addTools.
  keepsSameToolOnce: true,
  naming: {
    rewrites: 'the whitespace around namespace names',
    tool: (written) => written,
    namespace: (written) => written.trim(),
    handoff: (agentName) => handoffDefaultToolName(agentName),
    agentTool: (agentName) => agentAsToolDefaultName(agentName),
  },
};
