// Resolved members as the runtime's ToolLike/HandoffLike shapes, so the runtime decides.
import type { HandoffLike, ToolLike } from '../runtime/identity/index.js';
import type { ResolvedHandoff, ResolvedTool } from '../facts/resolved.js';

export function toToolLike(tool: ResolvedTool): ToolLike {
  const like: ToolLike = {
    // Hosted tools have no function-tool identity: the runtime ignores them, as providers route them apart.
    type: tool.kind === 'hosted' ? 'hosted' : 'function',
    name: tool.name,
    namespace: tool.namespace,
    deferLoading: tool.deferLoading,
  };
  if (tool.defaultIdentity) like.defaultIdentity = tool.defaultIdentity;
  return like;
}

export function toHandoffLike(handoff: ResolvedHandoff): HandoffLike {
  const like: HandoffLike = { toolName: handoff.toolName ?? '', agentName: handoff.agentName ?? '' };
  if (handoff.defaultIdentity) like.defaultIdentity = handoff.defaultIdentity;
  return like;
}

/** `"lookup" in namespace "crm"`, `deferred tool "lookup"`, `top-level tool "lookup"`: for messages. */
export function describeTool(tool: ResolvedTool): string {
  if (tool.namespace !== undefined) return `"${tool.name ?? '?'}" in namespace "${tool.namespace}"`;
  return tool.deferLoading ? `deferred tool "${tool.name ?? '?'}"` : `top-level tool "${tool.name ?? '?'}"`;
}

/**
 * The handoff a colliding name routes to, for messages. Its target may be an agent whose name is
 * not known here (imported, in ESLint without type information): then it is the last one listed.
 */
export function handoffWinner(handoff: ResolvedHandoff): string {
  return handoff.agentName === undefined ? 'the last handoff listed' : `the handoff to agent "${handoff.agentName}"`;
}
