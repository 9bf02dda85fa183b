// Registry of framework adapters. Order is the order of `FileFacts.adapters`.
import { mcpSdkAdapter } from './mcp-sdk.js';
import { openaiAgentsAdapter } from './openai-agents.js';
import { toolIdentityAuditAdapter } from './tool-identity-audit.js';
import type { FrameworkAdapter } from './types.js';
import type { AdapterNaming } from '../resolve.js';

export type * from './types.js';
export { toFunctionToolName } from './naming.js';
export { transformStringFunctionStyle } from '../../runtime/identity/index.js';
export { mcpSdkAdapter, openaiAgentsAdapter, toolIdentityAuditAdapter };

export const adapters: readonly FrameworkAdapter[] = [toolIdentityAuditAdapter, openaiAgentsAdapter, mcpSdkAdapter];

/** The adapter with this id, or undefined. */
export function getAdapter(id: string): FrameworkAdapter | undefined {
  return adapters.find((adapter) => adapter.id === id);
}


const verbatim = (name: string): string => name;
const namingCache = new Map<string, AdapterNaming>();

/**
 * Naming rules by adapter id. Adapters without agents (or an unknown id) keep names verbatim and
 * derive handoff names as `transfer_to_<agent name>`.
 */
export function adapterNaming(adapterId: string): AdapterNaming {
  let rules = namingCache.get(adapterId);
  if (!rules) {
    const adapter = getAdapter(adapterId);
    rules = {
      publicToolName: adapter ? (written) => adapter.publicToolName(written) : verbatim,
      publicNamespaceName: adapter ? (written) => adapter.publicNamespaceName(written) : verbatim,
      handoffToolName: adapter?.handoffToolName ? adapter.handoffToolName : (agentName) => `transfer_to_${agentName}`,
      agentToolName: adapter?.agentToolName ? adapter.agentToolName : verbatim,
    };
    namingCache.set(adapterId, rules);
  }
  return rules;
}

/** True when `specifier` is one of the adapter's enablers or a subpath of one. */
export function adapterEnabledBy(adapter: FrameworkAdapter, specifier: string): boolean {
  return adapter.enablers.some((enabler) => specifier === enabler || specifier.startsWith(`${enabler}/`));
}
