// One batch: the calls of one model response. Dispatch uses the tool map fixed when the batch starts
// (the tools shown on that request), so tools added by a sibling are not callable in this batch and
// tools removed by a sibling still are. The calls then run concurrently; results keep model order.
import {
  getFunctionToolLookupKeyForCall,
  getFunctionToolLookupKeyForTool,
  getToolCallName,
  getToolCallNamespace,
  getToolCallQualifiedName,
  lookupKeyId,
  restoreToolCallRoutingIdentity,
  validatePersistedToolIdentity,
} from '../identity/index.js';
import {
  approvalIdentityFor,
  approvalLookupKeys,
  type ApprovalDecision,
  type ApprovalDecisionStore,
  type ApprovalIdentity,
  type PendingApproval,
} from './approvals.js';
import type { FunctionTool } from './define-tool.js';
import { UnknownToolError } from './errors.js';
import type { Handoff } from './handoff.js';
import { invokeFunctionCall } from './invoke.js';
import type { LiveToolList } from './live-tools.js';
import type { FunctionMiddleware } from './middleware.js';
import type { ModelToolCall } from './model.js';
import {
  MISSING_CALL_ID_TEXT,
  MULTIPLE_HANDOFFS_TEXT,
  REJECTED_BY_USER_TEXT,
  handoffText,
  noLongerAvailableText,
  notFoundText,
} from './results.js';
import type { PausedCall } from './run-state.js';

/** What one model request showed, and therefore what its batch can dispatch to. */
export interface TurnSnapshot {
  readonly tools: readonly FunctionTool[];
  readonly toolMap: ReadonlyMap<string, FunctionTool>;
  readonly handoffByName: ReadonlyMap<string, Handoff>;
}

export type CallStatus =
  | 'completed'
  | 'failed'
  | 'terminated'
  | 'rejected'
  | 'not_found'
  | 'no_longer_available'
  | 'invalid_call_id'
  | 'handoff';

export interface CallResult {
  readonly call: ModelToolCall;
  readonly output: string;
  readonly isError: boolean;
  readonly status: CallStatus;
  readonly error?: unknown;
  /** The tool that ran (function calls only). */
  readonly tool?: FunctionTool;
}

export type BatchOutcome =
  | { readonly kind: 'interrupted'; readonly paused: PausedCall[]; readonly interruptions: PendingApproval[] }
  | {
      readonly kind: 'completed';
      readonly results: CallResult[];
      readonly terminated: boolean;
      readonly handoff: Handoff | undefined;
      /** Calls that reached a tool invocation (toward maxFunctionCalls). */
      readonly executed: number;
      readonly anyError: boolean;
    };

export interface BatchEnvironment {
  readonly agentName: string;
  readonly live: LiveToolList;
  readonly middleware: readonly FunctionMiddleware[];
  readonly runData: Map<string, unknown>;
  readonly decisions: ApprovalDecisionStore;
  readonly terminateOnUnknownCalls: boolean;
  readonly includeDetailedErrors: boolean;
}

type Classified =
  | { kind: 'invalid_call_id'; call: ModelToolCall }
  | { kind: 'handoff'; call: ModelToolCall; handoff: Handoff }
  | { kind: 'unknown'; call: ModelToolCall; reason: 'not_found' | 'no_longer_available' }
  | {
      kind: 'function';
      call: ModelToolCall;
      tool: FunctionTool;
      approval?: ApprovalIdentity;
      decision?: ApprovalDecision;
    };

/**
 * Classifies and runs one batch. `paused` (same order as `calls`) is given when the batch is an
 * approval resume: it tells a tool that is gone now apart from one that never existed.
 */
export async function runBatch(
  calls: readonly ModelToolCall[],
  snapshot: TurnSnapshot,
  env: BatchEnvironment,
  paused?: readonly PausedCall[],
): Promise<BatchOutcome> {
  const classified = calls.map((call, index) => classify(call, snapshot, env.decisions, paused?.[index]));

  const needsDecision = classified.filter(
    (entry): entry is Extract<Classified, { kind: 'function' }> =>
      entry.kind === 'function' && entry.approval !== undefined && entry.decision === undefined,
  );
  if (needsDecision.length > 0) {
    // Nothing in the batch runs; siblings are held in the RunState and run on resume.
    return {
      kind: 'interrupted',
      paused: classified.map(toPausedCall),
      interruptions: needsDecision.map((entry) => toPendingApproval(entry, env.agentName)),
    };
  }

  // Upstream classification order: approvals first, then unknown calls; raised before any call runs.
  if (env.terminateOnUnknownCalls) {
    const unknown = classified.find((entry) => entry.kind === 'unknown' && entry.reason === 'not_found');
    if (unknown !== undefined) throw new UnknownToolError(callDisplayName(unknown.call));
  }

  let handoff: Handoff | undefined;
  let executed = 0;
  const results = await Promise.all(
    classified.map(async (entry): Promise<CallResult> => {
      const { call } = entry;
      switch (entry.kind) {
        case 'invalid_call_id':
          return { call, output: MISSING_CALL_ID_TEXT, isError: true, status: 'invalid_call_id' };
        case 'unknown': {
          const name = callDisplayName(call);
          const output = entry.reason === 'not_found' ? notFoundText(name) : noLongerAvailableText(name);
          return { call, output, isError: true, status: entry.reason };
        }
        case 'handoff':
          if (handoff !== undefined) return { call, output: MULTIPLE_HANDOFFS_TEXT, isError: true, status: 'failed' };
          handoff = entry.handoff;
          return { call, output: handoffText(entry.handoff.agentName), isError: false, status: 'handoff' };
        case 'function': {
          if (entry.decision === 'rejected') {
            return { call, output: REJECTED_BY_USER_TEXT, isError: false, status: 'rejected', tool: entry.tool };
          }
          executed += 1;
          const outcome = await invokeFunctionCall({
            tool: entry.tool,
            call,
            live: env.live,
            middleware: env.middleware,
            runData: env.runData,
            includeDetailedErrors: env.includeDetailedErrors,
          });
          const status: CallStatus = outcome.terminated ? 'terminated' : outcome.isError ? 'failed' : 'completed';
          return {
            call,
            output: outcome.output,
            isError: outcome.isError,
            status,
            tool: entry.tool,
            ...(outcome.error === undefined ? {} : { error: outcome.error }),
          };
        }
      }
    }),
  );

  return {
    kind: 'completed',
    results,
    terminated: results.some((result) => result.status === 'terminated'),
    handoff,
    executed,
    anyError: results.some((result) => result.isError),
  };
}

function classify(
  call: ModelToolCall,
  snapshot: TurnSnapshot,
  decisions: ApprovalDecisionStore,
  paused: PausedCall | undefined,
): Classified {
  // Call ids are checked, never coerced or invented: only a non-empty string is an id. (`id` is the
  // provider's item id, not a call id, so it is no fallback.)
  const callId: unknown = (call as { call_id?: unknown }).call_id;
  if (typeof callId !== 'string' || callId.length === 0) return { kind: 'invalid_call_id', call };

  // On resume: check the persisted key still belongs to the call, then put back a routing
  // namespace the stored call may lack (a no-op for calls stored complete, as this loop stores them).
  let routed = call;
  if (paused?.lookupKey !== undefined) {
    validatePersistedToolIdentity(call, paused.lookupKey);
    routed = restoreToolCallRoutingIdentity(call, paused.lookupKey);
  }

  // Handoffs first, and only for calls without a namespace.
  const name = getToolCallName(routed);
  if (name !== undefined && getToolCallNamespace(routed) === undefined) {
    const target = snapshot.handoffByName.get(name);
    if (target !== undefined) return { kind: 'handoff', call, handoff: target };
  }

  const key = getFunctionToolLookupKeyForCall(routed);
  const tool = key === undefined ? undefined : snapshot.toolMap.get(lookupKeyId(key));
  if (tool === undefined) {
    // Decision A-3: a call that had a tool when the batch paused, but has none in this run.
    const reason = paused?.kind === 'function' ? 'no_longer_available' : 'not_found';
    return { kind: 'unknown', call, reason };
  }
  if (tool.approvalMode !== 'always_require') return { kind: 'function', call, tool };
  const approval = approvalIdentityFor(tool, routed, snapshot.tools);
  const decision = decisions.lookup(approval, callId);
  return { kind: 'function', call, tool, approval, ...(decision === undefined ? {} : { decision }) };
}

function toPausedCall(entry: Classified): PausedCall {
  if (entry.kind !== 'function') return { call: entry.call, kind: entry.kind };
  const lookupKey = getFunctionToolLookupKeyForTool(entry.tool);
  return { call: entry.call, kind: 'function', ...(lookupKey === undefined ? {} : { lookupKey }) };
}

function toPendingApproval(entry: Extract<Classified, { kind: 'function' }>, agentName: string): PendingApproval {
  const approval = entry.approval;
  if (approval === undefined) throw new Error('internal: approval identity missing');
  return Object.freeze({
    type: 'function_approval_request' as const,
    ...approval,
    callId: entry.call.call_id,
    arguments: entry.call.arguments,
    approvalKeys: Object.freeze(approvalLookupKeys(approval)),
    rawItem: entry.call,
    agentName,
  });
}

/** Name used in not-found texts: the qualified call name (a synthetic `x.x` is kept, as upstream). */
export function callDisplayName(call: ModelToolCall): string {
  const qualified = getToolCallQualifiedName(call);
  if (qualified !== undefined) return qualified;
  const raw: unknown = (call as { name?: unknown }).name;
  return typeof raw === 'string' ? raw : JSON.stringify(raw) ?? String(raw);
}
