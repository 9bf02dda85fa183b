// Human approval of `approvalMode: 'always_require'` tools. Decisions are stored and found under the
// identity helpers' approval keys, so a decision for a deferred `x` never leaks to a bare `x`.
import {
  approvalDecisionStorageKeys,
  getFunctionToolApprovalKeys,
  getFunctionToolLookupKeyForTool,
  getToolCallNamespace,
  isDeferredTopLevelFunctionTool,
  shouldAllowBareNameApprovalAlias,
  type LookupKey,
} from '../identity/index.js';
import type { FunctionTool } from './define-tool.js';
import type { ModelToolCall } from './model.js';

/** Identity of the tool a decision is about, as the approval-key helpers take it. */
export interface ApprovalIdentity {
  readonly toolName: string;
  /** The call's raw namespace, or the tool name for a deferred top-level tool. */
  readonly toolNamespace?: string;
  readonly toolLookupKey: LookupKey;
  /** Whether the bare name may also key decisions (deferred tool with no visible bare namesake). */
  readonly allowBareNameAlias: boolean;
}

/** One call waiting for a human decision; surfaced as `RunResult.interruptions`. */
export interface PendingApproval extends ApprovalIdentity {
  readonly type: 'function_approval_request';
  /** Provider call id, exactly as the model sent it. */
  readonly callId: string;
  readonly arguments: string;
  /** Keys a decision for this call is looked up under. */
  readonly approvalKeys: readonly string[];
  /** The call as the model sent it (a deferred tool's synthetic namespace kept). */
  readonly rawItem: ModelToolCall;
  readonly agentName: string;
}

export type ApprovalDecision = 'approved' | 'rejected';

/** Approval identity of `tool` for `call`; `available` is the function-tool set shown to the model. */
export function approvalIdentityFor(
  tool: FunctionTool,
  call: ModelToolCall,
  available: readonly FunctionTool[],
): ApprovalIdentity {
  const toolLookupKey = getFunctionToolLookupKeyForTool(tool);
  if (toolLookupKey === undefined) throw new TypeError(`Tool ${JSON.stringify(tool.name)} has no lookup key.`);
  const toolNamespace = isDeferredTopLevelFunctionTool(tool) ? tool.name : getToolCallNamespace(call);
  return {
    toolName: tool.name,
    ...(toolNamespace === undefined ? {} : { toolNamespace }),
    toolLookupKey,
    allowBareNameAlias: shouldAllowBareNameApprovalAlias(tool, available),
  };
}

export function approvalLookupKeys(identity: ApprovalIdentity): string[] {
  return getFunctionToolApprovalKeys({
    toolName: identity.toolName,
    toolNamespace: identity.toolNamespace ?? null,
    toolLookupKey: identity.toolLookupKey,
    allowBareNameAlias: identity.allowBareNameAlias,
  });
}

interface StoredDecisions {
  sticky?: ApprovalDecision;
  perCall: Map<string, ApprovalDecision>;
}

/** Decisions of one run chain (a run and its approval resumes). */
export class ApprovalDecisionStore {
  readonly #entries = new Map<string, StoredDecisions>();

  /**
   * A sticky ("always") decision goes under the exact key only; a per-call decision is mirrored
   * under every key, bare alias included (both rules come from approvalDecisionStorageKeys).
   */
  record(identity: ApprovalIdentity, callId: string, decision: ApprovalDecision, always: boolean): void {
    const keys = approvalDecisionStorageKeys({
      toolName: identity.toolName,
      toolNamespace: identity.toolNamespace ?? null,
      toolLookupKey: identity.toolLookupKey,
      allowBareNameAlias: identity.allowBareNameAlias,
      always,
    });
    for (const key of keys) {
      const entry = this.#entries.get(key) ?? { perCall: new Map<string, ApprovalDecision>() };
      if (always) entry.sticky = decision;
      else entry.perCall.set(callId, decision);
      this.#entries.set(key, entry);
    }
  }

  /** The first decision found along the lookup keys, sticky before per-call for each key. */
  lookup(identity: ApprovalIdentity, callId: string): ApprovalDecision | undefined {
    for (const key of approvalLookupKeys(identity)) {
      const entry = this.#entries.get(key);
      if (entry === undefined) continue;
      if (entry.sticky !== undefined) return entry.sticky;
      const perCall = entry.perCall.get(callId);
      if (perCall !== undefined) return perCall;
    }
    return undefined;
  }

  clone(): ApprovalDecisionStore {
    const copy = new ApprovalDecisionStore();
    for (const [key, entry] of this.#entries) {
      copy.#entries.set(key, {
        ...(entry.sticky === undefined ? {} : { sticky: entry.sticky }),
        perCall: new Map(entry.perCall),
      });
    }
    return copy;
  }
}
