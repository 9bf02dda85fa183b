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
