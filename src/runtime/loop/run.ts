// The function-calling loop: request → batch → request ..., bounded by maxIterations.
import { buildFunctionToolLookupMap, getFunctionToolQualifiedName, resolveToolNameCollisions } from '../identity/index.js';
import type { Agent } from './agent.js';
import { ApprovalDecisionStore, type PendingApproval } from './approvals.js';
import { runBatch, type BatchEnvironment, type BatchOutcome, type CallStatus, type TurnSnapshot } from './batch.js';
import { isFunctionTool, type FunctionTool } from './define-tool.js';
import { AgentConfigError, ToolChoiceError } from './errors.js';
import type { Handoff } from './handoff.js';
import { LiveToolList } from './live-tools.js';
import type { FunctionMiddleware } from './middleware.js';
import type { ChatModel, ModelRequest, ModelResponse, ModelToolCall } from './model.js';
import { LIMIT_FALLBACK_TEXT } from './results.js';
import { RunState, type PausedCall } from './run-state.js';
import {
  isRequiredToolChoice,
  resetRequiredToolChoice,
  validateToolChoice,
  type ToolChoice,
} from './tool-choice.js';
import { collectStreamedResponse, EventChannel, type RunStreamEvent, type StreamedRun } from './stream.js';
import { toWireTools, type WireTool } from './wire.js';

export interface AgentRunOptions {
  model: ChatModel;
  /** Overrides the agent's toolChoice for this run; null/undefined keep the agent's. */
  toolChoice?: ToolChoice | null;
  /** Run-level tools, appended to the (first) agent's tools for this run only. */
  tools?: readonly FunctionTool[];
  /** Run-level function middleware; agent-level middleware wraps it. */
  middleware?: readonly FunctionMiddleware[];
  /** Overrides the agent's strictToolChoice (decision A-5). */
  strictToolChoice?: boolean;
}

export type RunItem =
  | { type: 'message'; role: 'assistant'; agentName: string; text: string }
  | { type: 'function_call'; agentName: string; callId: string; rawItem: ModelToolCall }
  | {
      type: 'function_call_output';
      agentName: string;
      /** Exactly the call's `call_id`, even when it was invalid. */
      callId: string;
      output: string;
      isError: boolean;
      status: CallStatus;
      rawItem: ModelToolCall;
      error?: unknown;
    }
  | { type: 'function_approval_request'; agentName: string; callId: string; approval: PendingApproval }
  | { type: 'handoff'; agentName: string; callId: string; targetAgentName: string };

export type StopReason = 'completed' | 'terminated' | 'interrupted' | 'limit';

export interface RunResult {
  /** Text of the last response; absent after termination or an interruption. */
  finalOutput?: string;
  /** Model requests made by this run (the final forced 'none' request included). */
  iterations: number;
  /** Items produced by this run, in order. */
  items: RunItem[];
  /** Calls waiting for approval; resume with `agent.run(result.state, ...)` after deciding them. */
  interruptions: PendingApproval[];
  stopReason: StopReason;
  /** Warnings logged during the run (collision policy, forced resume), each once. */
  warnings: string[];
  state: RunState;
  /** The agent the run ended with (differs from the entry agent after a handoff). */
  lastAgent: Agent;
}

/** Message of decision A-6: a forced choice from agent defaults is forced again on resume. */
export const RESUME_REQUIRED_TOOL_CHOICE_WARNING =
  'Resuming a run whose toolChoice is required: the first request of the resumed run is forced again, which can repeat the same call.';

type EventSink = (event: RunStreamEvent) => void;

export async function runAgent(
  entry: Agent,
  input: string | RunState,
  options: AgentRunOptions,
  sink?: EventSink,
): Promise<RunResult> {
  if (options === null || typeof options !== 'object' || typeof options.model?.respond !== 'function') {
    throw new AgentConfigError('agent.run() needs options.model, a ChatModel with respond().');
  }
  if (sink !== undefined && typeof options.model.stream !== 'function') {
    throw new AgentConfigError('agent.runStreamed() needs a ChatModel with stream().');
  }
  for (const tool of options.tools ?? []) {
    if (!isFunctionTool(tool)) throw new AgentConfigError('Run-level tools must be function tools (defineTool).');
  }
  for (const layer of options.middleware ?? []) {
    if (typeof layer !== 'function') throw new AgentConfigError('Run-level middleware must be functions.');
  }
  // Decision A-7: validated at run start whether or not any tool is present.
  const choice = options.toolChoice ?? entry.toolChoice;
  if (choice !== undefined) validateToolChoice(choice);
  const loop = new Loop(entry, options, choice === undefined ? undefined : structuredClone(choice), sink);
  if (input instanceof RunState) return loop.resume(input);
  if (typeof input !== 'string') throw new AgentConfigError('agent.run() input must be a string or a RunState.');
  return loop.start(input);
}

/** The streaming form of runAgent: same loop, same result, plus events while it runs. */
export function runAgentStreamed(entry: Agent, input: string | RunState, options: AgentRunOptions): StreamedRun {
  const channel = new EventChannel<RunStreamEvent>();
  const result = runAgent(entry, input, options, (event) => channel.push(event)).then(
    (value) => {
      channel.close();
      return value;
    },
    (error: unknown) => {
      channel.fail(error);
      throw error;
    },
  );
  // A caller may only iterate (the iterator then throws); keep the unread promise from counting as unhandled.
  result.catch(() => undefined);
  return { result, [Symbol.asyncIterator]: () => channel[Symbol.asyncIterator]() };
}

interface PreparedTurn extends TurnSnapshot {
  readonly wire: WireTool[];
  readonly handoffs: readonly Handoff[];
}

class Loop {
  readonly #entry: Agent;
  readonly #model: ChatModel;
  readonly #runTools: readonly FunctionTool[];
  readonly #runMiddleware: readonly FunctionMiddleware[];
  readonly #strict: boolean;
  readonly #sink: EventSink | undefined;
  #agent: Agent;
  #live: LiveToolList;
  #middleware: readonly FunctionMiddleware[];
  #toolChoice: ToolChoice | undefined;
  /** 'none' forced by the loop (a limit): calls in the next response are dropped, not run. */
  #forcedNone = false;
  #transcript: unknown[] = [];
  readonly #items: RunItem[] = [];
  readonly #warnings: string[] = [];
  #decisions = new ApprovalDecisionStore();
  #runData = new Map<string, unknown>();
  #requests = 0;
  #errorsInARow = 0;
  #functionCalls = 0;

  constructor(entry: Agent, options: AgentRunOptions, toolChoice: ToolChoice | undefined, sink: EventSink | undefined) {
    this.#entry = entry;
    this.#sink = sink;
    this.#model = options.model;
    this.#runTools = options.tools ?? [];
    this.#runMiddleware = options.middleware ?? [];
    this.#strict = options.strictToolChoice ?? entry.strictToolChoice;
    this.#toolChoice = toolChoice;
    this.#agent = entry;
    this.#live = new LiveToolList([...entry.tools, ...this.#runTools]);
    this.#middleware = [...entry.middleware, ...this.#runMiddleware];
  }

  async start(input: string): Promise<RunResult> {
    this.#transcript.push({ type: 'message', role: 'user', content: input });
    return this.#iterate();
  }

  async resume(state: RunState): Promise<RunResult> {
    const { paused, decisions, runData } = state.takeForResume();
    this.#decisions = decisions;
    this.#runData = runData;
    this.#transcript = [...state.transcript];
    // A new run: the live list is rebuilt from configuration, so tools added dynamically in the
    // interrupted run are gone (their approved calls get the "no longer available" result, A-3).
    this.#switchAgent(state.agent, true);
    if (isRequiredToolChoice(this.#toolChoice)) this.#warn(RESUME_REQUIRED_TOOL_CHOICE_WARNING);
    const snapshot = this.#prepareTurn();
    const outcome = await runBatch(
      paused.map((entry: PausedCall) => entry.call),
      snapshot,
      this.#batchEnvironment(),
      paused,
    );
    // Resolving approvals is not an iteration: the required reset does not apply, so a required
    // choice forces the resumed run's first request again (upstream parity, decision A-6).
    const done = this.#afterBatch(outcome, false);
    return done ?? this.#iterate();
  }

  async #iterate(): Promise<RunResult> {
    const maxIterations = this.#entry.maxIterations;
    for (let iteration = 0; iteration < maxIterations; iteration += 1) {
      const snapshot = this.#prepareTurn();
      const response = await this.#request(snapshot);
      this.#recordText(response.text);
      const calls = response.toolCalls ?? [];
      if (this.#forcedNone) return this.#finish(response.text, 'limit');
      if (calls.length === 0) return this.#finish(response.text, 'completed');
      this.#recordCalls(calls);
      const outcome = await runBatch(calls, snapshot, this.#batchEnvironment());
      const done = this.#afterBatch(outcome, true);
      if (done !== undefined) return done;
    }
    // Budget spent: one last request with 'none'. It still lists every tool (added ones included),
    // but any call in its response is dropped, so no call is left without a result.
    this.#forceNone();
    const response = await this.#request(this.#prepareTurn());
    this.#recordText(response.text);
    return this.#finish(response.text, 'limit');
  }

  /** Collision policy, then the wire list and the dispatch map, for what the model sees now. */
  #prepareTurn(): PreparedTurn {
    const resolved = resolveToolNameCollisions(this.#live.snapshot(), this.#agent.handoffs, {
      policy: this.#agent.toolNameCollisionPolicy,
    });
    for (const warning of resolved.warnings) this.#warn(warning);
    const tools = resolved.tools;
    const handoffs = resolved.handoffs;
    return {
      tools,
      handoffs,
      // Built from the retained tools, so what the model was shown is exactly what dispatch reaches.
      toolMap: buildFunctionToolLookupMap(tools),
      handoffByName: new Map(handoffs.map((entry) => [entry.toolName, entry])),
      wire: toWireTools(tools, handoffs),
    };
  }

  async #request(turn: PreparedTurn): Promise<ModelResponse> {
    if (this.#requests === 0 && this.#strict) this.#checkRequiredFunctionName(turn);
    const system =
      this.#agent.instructions === undefined ? [] : [{ type: 'message', role: 'system', content: this.#agent.instructions }];
    const choice = this.#toolChoice;
    const request: ModelRequest = {
      messages: structuredClone([...system, ...this.#transcript]),
      tools: turn.wire,
      // Like provider adapters: no tools on the request means no tool choice either.
      ...(turn.wire.length > 0 && choice !== undefined ? { toolChoice: structuredClone(choice) } : {}),
    };
    this.#requests += 1;
    const sink = this.#sink;
    if (sink === undefined) return checkResponse(await this.#model.respond(request));
    sink({ type: 'model_request', iteration: this.#requests });
    const stream = this.#model.stream?.(request);
    if (stream === undefined) throw new AgentConfigError('agent.runStreamed() needs a ChatModel with stream().');
    return checkResponse(await collectStreamedResponse(stream, (delta) => sink({ type: 'text_delta', delta })));
  }

  /** Decision A-5: with strictToolChoice, a forced name must be on the first request's list. */
  #checkRequiredFunctionName(turn: PreparedTurn): void {
    const choice = this.#toolChoice;
    if (choice === undefined || typeof choice === 'string' || choice.mode !== 'required') return;
    const name = choice.requiredFunctionName;
    if (name === undefined) return;
    const known = new Set<string>();
    for (const tool of turn.tools) {
      known.add(tool.name);
      const qualified = getFunctionToolQualifiedName(tool);
      if (qualified !== undefined) known.add(qualified);
    }
    for (const entry of turn.handoffs) known.add(entry.toolName);
    if (!known.has(name)) {
      throw new ToolChoiceError(
        `toolChoice requiredFunctionName "${name}" names no tool of the first request ` +
          `(available: ${[...known].map((entry) => `"${entry}"`).join(', ') || 'none'}).`,
      );
    }
  }

  #batchEnvironment(): BatchEnvironment {
    return {
      agentName: this.#agent.name,
      live: this.#live,
      middleware: this.#middleware,
      runData: this.#runData,
      decisions: this.#decisions,
      terminateOnUnknownCalls: this.#entry.terminateOnUnknownCalls,
      includeDetailedErrors: this.#entry.includeDetailedErrors,
    };
  }

  /** Records a batch; returns the run result when the run ends here. */
  #afterBatch(outcome: BatchOutcome, resetRequired: boolean): RunResult | undefined {
    const agentName = this.#agent.name;
    if (outcome.kind === 'interrupted') {
      for (const approval of outcome.interruptions) {
        this.#push({ type: 'function_approval_request', agentName, callId: approval.callId, approval });
      }
      const state = new RunState({
        agent: this.#agent,
        transcript: this.#transcript,
        paused: outcome.paused,
        interruptions: outcome.interruptions,
        decisions: this.#decisions,
        runData: this.#runData,
      });
      return this.#result('interrupted', undefined, state);
    }

    for (const result of outcome.results) {
      this.#push({
        type: 'function_call_output',
        agentName,
        callId: result.call.call_id,
        output: result.output,
        isError: result.isError,
        status: result.status,
        rawItem: result.call,
        ...(result.error === undefined ? {} : { error: result.error }),
      });
      this.#transcript.push({ type: 'function_call_output', call_id: result.call.call_id, output: result.output });
    }
    if (outcome.terminated) return this.#result('terminated', undefined);

    if (outcome.handoff !== undefined) {
      const target = outcome.handoff;
      const call = outcome.results.find((result) => result.status === 'handoff')?.call;
      // A handoff outcome comes from a handoff call of this batch; its provider call ID is kept as is.
      if (call === undefined) throw new Error('Internal error: a handoff outcome without its call.');
      this.#push({ type: 'handoff', agentName, callId: call.call_id, targetAgentName: target.agentName });
      this.#switchAgent(target.agent, false);
    }

    // Limits first, then the required reset: a 'none' set by a limit is never reset.
    this.#errorsInARow = outcome.anyError ? this.#errorsInARow + 1 : 0;
    if (this.#errorsInARow >= this.#entry.maxConsecutiveErrorsPerRequest) this.#forceNone();
    this.#functionCalls += outcome.executed;
    const maxCalls = this.#entry.maxFunctionCalls;
    if (maxCalls !== undefined && this.#functionCalls >= maxCalls) this.#forceNone();
    if (resetRequired) this.#toolChoice = resetRequiredToolChoice(this.#toolChoice);
    return undefined;
  }

  #push(item: RunItem): void {
    this.#items.push(item);
    this.#sink?.({ type: 'run_item', item });
  }

  #forceNone(): void {
    this.#toolChoice = 'none';
    this.#forcedNone = true;
  }

  /**
   * A handoff target (or a resumed state's agent) gets a fresh live list from its own configuration;
   * run-level tools belong to the agent the run started with.
   */
  #switchAgent(agent: Agent, withRunTools: boolean): void {
    this.#agent = agent;
    this.#live = new LiveToolList([...agent.tools, ...(withRunTools ? this.#runTools : [])]);
    this.#middleware = [...agent.middleware, ...this.#runMiddleware];
  }

  #recordText(text: string | undefined): void {
    if (text === undefined || text.length === 0) return;
    this.#push({ type: 'message', role: 'assistant', agentName: this.#agent.name, text });
    this.#transcript.push({ type: 'message', role: 'assistant', content: text });
  }

  #recordCalls(calls: readonly ModelToolCall[]): void {
    for (const call of calls) {
      this.#push({ type: 'function_call', agentName: this.#agent.name, callId: call.call_id, rawItem: call });
      this.#transcript.push({ ...call, type: 'function_call' });
    }
  }

  #finish(text: string | undefined, reason: 'completed' | 'limit'): RunResult {
    if (reason === 'limit' && (text === undefined || text.trim().length === 0)) {
      this.#recordText(LIMIT_FALLBACK_TEXT);
      return this.#result(reason, LIMIT_FALLBACK_TEXT);
    }
    return this.#result(reason, text);
  }

  #result(stopReason: StopReason, finalOutput: string | undefined, state?: RunState): RunResult {
    const finalState =
      state ??
      new RunState({
        agent: this.#agent,
        transcript: this.#transcript,
        paused: [],
        interruptions: [],
        decisions: this.#decisions,
        runData: this.#runData,
      });
    return {
      ...(finalOutput === undefined ? {} : { finalOutput }),
      iterations: this.#requests,
      items: [...this.#items],
      interruptions: [...finalState.interruptions],
      stopReason,
      warnings: [...this.#warnings],
      state: finalState,
      lastAgent: this.#agent,
    };
  }

  #warn(message: string): void {
    if (this.#warnings.includes(message)) return;
    this.#warnings.push(message);
    this.#entry.logger.warn(message);
  }
}

function checkResponse(response: unknown): ModelResponse {
  if (response === null || typeof response !== 'object') {
    throw new TypeError('ChatModel.respond() must resolve to an object ({ text?, toolCalls? }).');
  }
  const { text, toolCalls } = response as { text?: unknown; toolCalls?: unknown };
  if (text !== undefined && typeof text !== 'string') throw new TypeError('ModelResponse.text must be a string.');
  if (toolCalls !== undefined) {
    if (!Array.isArray(toolCalls)) throw new TypeError('ModelResponse.toolCalls must be an array.');
    toolCalls.forEach((call: unknown, index) => {
      if (call === null || typeof call !== 'object') {
        throw new TypeError(`ModelResponse.toolCalls[${index}] must be an object.`);
      }
    });
  }
  return response as ModelResponse;
}
