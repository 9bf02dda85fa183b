// RunState: what an interrupted run leaves behind, and what `agent.run(state, ...)` resumes.
// It doubles as the session upstream needs for held siblings: calls of a paused batch that need no
// approval are kept here (not surfaced) and run when the batch resumes.
import type { LookupKey } from '../identity/index.js';
import type { Agent } from './agent.js';
import type { ApprovalDecisionStore, PendingApproval } from './approvals.js';
import { RunStateError } from './errors.js';
import type { ModelToolCall } from './model.js';

/** How a call of the paused batch was classified when the batch paused. */
export interface PausedCall {
  readonly call: ModelToolCall;
  readonly kind: 'function' | 'handoff' | 'unknown' | 'invalid_call_id';
  /** Lookup key of the tool the call resolved to at pause time (function calls only). */
  readonly lookupKey?: LookupKey;
}

export interface RunStateInit {
  agent: Agent;
  transcript: readonly unknown[];
  paused: readonly PausedCall[];
  interruptions: readonly PendingApproval[];
  decisions: ApprovalDecisionStore;
  runData: Map<string, unknown>;
}

export class RunState {
  /** Calls waiting for approve()/reject() before the run can resume. */
  readonly interruptions: readonly PendingApproval[];
  /** Transcript so far (without the agent instructions, which are added per request). */
  readonly transcript: readonly unknown[];
  /** The agent the run was with when it stopped (a handoff may have changed it). */
  readonly agent: Agent;
  readonly #paused: readonly PausedCall[];
  readonly #decisions: ApprovalDecisionStore;
  readonly #runData: Map<string, unknown>;
  #consumed = false;

  constructor(init: RunStateInit) {
    this.agent = init.agent;
    this.transcript = Object.freeze([...init.transcript]);
    this.#paused = Object.freeze([...init.paused]);
    this.interruptions = Object.freeze([...init.interruptions]);
    this.#decisions = init.decisions;
    this.#runData = init.runData;
  }

  /** True while a paused batch waits to be resumed. */
  get resumable(): boolean {
    return this.#paused.length > 0 && !this.#consumed;
  }

  /** Approve one interruption; `always` also approves later calls to the same tool identity. */
  approve(item: PendingApproval, options: { always?: boolean } = {}): void {
    this.#decide(item, 'approved', options.always === true);
  }

  /** Reject one interruption; `always` also rejects later calls to the same tool identity. */
  reject(item: PendingApproval, options: { always?: boolean } = {}): void {
    this.#decide(item, 'rejected', options.always === true);
  }

  #decide(item: PendingApproval, decision: 'approved' | 'rejected', always: boolean): void {
    if (this.#consumed) throw new RunStateError('This RunState was already resumed; decide on the new state.');
    if (!this.interruptions.includes(item)) {
      throw new RunStateError(`Call ${JSON.stringify(item?.callId)} is not an interruption of this RunState.`);
    }
    this.#decisions.record(item, item.callId, decision, always);
  }

  /** Internal: hands the paused batch to the loop exactly once. */
  takeForResume(): {
    paused: readonly PausedCall[];
    decisions: ApprovalDecisionStore;
    runData: Map<string, unknown>;
  } {
    if (this.#paused.length === 0) throw new RunStateError('This RunState has no paused batch to resume.');
    if (this.#consumed) throw new RunStateError('This RunState was already resumed.');
    this.#consumed = true;
    return { paused: this.#paused, decisions: this.#decisions.clone(), runData: this.#runData };
  }
}
