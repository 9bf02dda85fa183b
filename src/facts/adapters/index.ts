// Registry of framework adapters. Order is the order of `FileFacts.adapters`.
import { aiSdkAdapter } from './ai-sdk.js';
import { anthropicAdapter } from './anthropic.js';
import { bedrockRuntimeAdapter } from './bedrock-runtime.js';
import { claudeAgentSdkAdapter } from './claude-agent-sdk.js';
import { fastmcpAdapter } from './fastmcp.js';
import { genkitAdapter } from './genkit.js';
import { googleGenaiAdapter } from './google-genai.js';
import { inngestAgentKitAdapter } from './inngest-agent-kit.js';
import { langchainAdapter } from './langchain.js';
import { llamaIndexAdapter } from './llamaindex.js';
import { mastraAdapter } from './mastra.js';
import { mcpSdkAdapter } from './mcp-sdk.js';
import { openaiAdapter } from './openai.js';
import { openaiAgentsAdapter } from './openai-agents.js';
import { strandsAdapter } from './strands.js';
import { toolIdentityAuditAdapter } from './tool-identity-audit.js';
import { voltAgentAdapter } from './voltagent.js';
import type { FrameworkAdapter, Naming } from './types.js';

export type * from './types.js';
export { RETURNS } from './types.js';
export { toFunctionToolName } from './naming.js';
export {
  aiSdkAdapter,
  anthropicAdapter,
  bedrockRuntimeAdapter,
  claudeAgentSdkAdapter,
  fastmcpAdapter,
  genkitAdapter,
  googleGenaiAdapter,
  inngestAgentKitAdapter,
  langchainAdapter,
  llamaIndexAdapter,
  mastraAdapter,
  mcpSdkAdapter,
  openaiAdapter,
  openaiAgentsAdapter,
  strandsAdapter,
  toolIdentityAuditAdapter,
  voltAgentAdapter,
};

export const adapters: readonly FrameworkAdapter[] = [
  toolIdentityAuditAdapter,
  openaiAgentsAdapter,
  mcpSdkAdapter,
  aiSdkAdapter,
  langchainAdapter,
  mastraAdapter,
  openaiAdapter,
  anthropicAdapter,
  googleGenaiAdapter,
  bedrockRuntimeAdapter,
  voltAgentAdapter,
  inngestAgentKitAdapter,
  llamaIndexAdapter,
  fastmcpAdapter,
  claudeAgentSdkAdapter,
  genkitAdapter,
  strandsAdapter,
];

/** The adapter with this id, or undefined. */
export function getAdapter(id: string): FrameworkAdapter | undefined {
  return adapters.find((adapter) => adapter.id === id);
}

const verbatim = (name: string): string => name;

/** Naming of an unknown adapter id: names verbatim, handoffs `transfer_to_<agent name>`. */
const fallbackNaming: Naming = { tool: verbatim, namespace: verbatim, handoff: (agentName) => `transfer_to_${agentName}`, agentTool: verbatim };

/** Naming rules by adapter id, for the linker. */
export function adapterNaming(adapterId: string): Naming {
  return getAdapter(adapterId)?.naming ?? fallbackNaming;
}

/** Naming rules by adapter id over a run's own list (built-in and declared adapters). */
export function namingIn(list: readonly FrameworkAdapter[]): (adapterId: string) => Naming {
  if (list === adapters) return adapterNaming;
  return (adapterId) => list.find((adapter) => adapter.id === adapterId)?.naming ?? fallbackNaming;
}

/** True when `specifier` is one of the adapter's enablers or a subpath of one. */
export function adapterEnabledBy(adapter: FrameworkAdapter, specifier: string): boolean {
  return adapter.enablers.some((enabler) => specifier === enabler || specifier.startsWith(`${enabler}/`));
}

const livePropertiesOf = new WeakMap<readonly FrameworkAdapter[], ReadonlySet<string>>();

/** Property names that hold tools or handoffs after construction, over a list of adapters. */
export function liveProperties(list: readonly FrameworkAdapter[]): ReadonlySet<string> {
  let names = livePropertiesOf.get(list);
  if (!names) {
    const set = new Set<string>();
    for (const adapter of list) {
      for (const spec of adapter.exposures ?? []) {
        if (spec.liveProperties?.tools) set.add(spec.liveProperties.tools);
        if (spec.liveProperties?.handoffs) set.add(spec.liveProperties.handoffs);
      }
      if (adapter.invocationContext) set.add(adapter.invocationContext.toolsProperty);
    }
    livePropertiesOf.set(list, (names = set));
  }
  return names;
}
