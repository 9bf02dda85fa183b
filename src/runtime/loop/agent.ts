// Agent: configuration, validated once at construction. Each run copies it into run-local state.
import { validateToolNameCollisionPolicy } from '../identity/index.js';
import { isFunctionTool, type FunctionTool } from './define-tool.js';
import { AgentConfigError } from './errors.js';
import { handoff, isHandoff, type Handoff } from './handoff.js';
import type { FunctionMiddleware } from './middleware.js';
import { runAgent, runAgentStreamed, type AgentRunOptions, type RunResult } from './run.js';
import type { StreamedRun } from './stream.js';
import type { RunState } from './run-state.js';
import { validateToolChoice, type ToolChoice } from './tool-choice.js';

export interface RuntimeLogger {
  warn(message: string): void;
}

export interface AgentOptions {
  name: string;
  /** Sent as the system message of every request while this agent runs. */
  instructions?: string;
  /** Configured tools; each run starts its live list from a copy (the array is never mutated). */
  tools?: readonly FunctionTool[];
  handoffs?: readonly (Agent | Handoff)[];
  /** Function middleware; the first is outermost, and agent-level wraps run-level. */
  middleware?: readonly FunctionMiddleware[];
  /** Default tool choice of every run (unset: the provider default, i.e. auto). */
  toolChoice?: ToolChoice;
  /** Model requests that may be followed by tool execution; default 40, at least 1. */
  maxIterations?: number;
  /** Cap on executed calls per run; reaching it forces toolChoice 'none'. Default: no cap. */
  maxFunctionCalls?: number;
  /** Batches in a row with a failed call before toolChoice 'none' is forced; default 3. */
  maxConsecutiveErrorsPerRequest?: number;
  /** Throw UnknownToolError out of run() instead of returning a "not found" result. Default false. */
  terminateOnUnknownCalls?: boolean;
  /** Append the exception message to "Error: Function failed." results. Default false. */
  includeDetailedErrors?: boolean;
  /** Decision A-5: check requiredFunctionName against the first request's tools. Default false (parity). */
  strictToolChoice?: boolean;
  /** How duplicate bare names among tools and handoffs are handled; default 'warn'. */
  toolNameCollisionPolicy?: 'warn' | 'error';
  /** Receives collision and resume warnings; default console.warn. */
  logger?: RuntimeLogger;
}

const DEFAULT_MAX_ITERATIONS = 40;
const DEFAULT_MAX_CONSECUTIVE_ERRORS = 3;

export class Agent {
  readonly name: string;
  readonly instructions: string | undefined;
  readonly tools: readonly FunctionTool[];
  readonly handoffs: readonly Handoff[];
  readonly middleware: readonly FunctionMiddleware[];
  readonly toolChoice: ToolChoice | undefined;
  readonly maxIterations: number;
  readonly maxFunctionCalls: number | undefined;
  readonly maxConsecutiveErrorsPerRequest: number;
  readonly terminateOnUnknownCalls: boolean;
  readonly includeDetailedErrors: boolean;
  readonly strictToolChoice: boolean;
  readonly toolNameCollisionPolicy: 'warn' | 'error';
  readonly logger: RuntimeLogger;

  constructor(options: AgentOptions) {
    if (options === null || typeof options !== 'object') throw new AgentConfigError('Agent needs an options object.');
    if (typeof options.name !== 'string' || options.name.length === 0) {
      throw new AgentConfigError('Agent needs a non-empty string name.');
    }
    this.name = options.name;
    if (options.instructions !== undefined && typeof options.instructions !== 'string') {
      throw new AgentConfigError(`Agent "${this.name}": instructions must be a string.`);
    }
    this.instructions = options.instructions;

    const tools = options.tools ?? [];
    tools.forEach((tool, index) => {
      if (!isFunctionTool(tool)) {
        throw new AgentConfigError(`Agent "${this.name}": tools[${index}] is not a function tool (use defineTool).`);
      }
    });
    this.tools = Object.freeze([...tools]);

    this.handoffs = Object.freeze(
      (options.handoffs ?? []).map((entry, index) => {
        if (entry instanceof Agent) return handoff(entry);
        if (isHandoff(entry)) return entry;
        throw new AgentConfigError(`Agent "${this.name}": handoffs[${index}] is neither an Agent nor a handoff().`);
      }),
    );

    const middleware = options.middleware ?? [];
    middleware.forEach((layer, index) => {
      if (typeof layer !== 'function') {
        throw new AgentConfigError(`Agent "${this.name}": middleware[${index}] is not a function.`);
      }
    });
    this.middleware = Object.freeze([...middleware]);

    if (options.toolChoice !== undefined) validateToolChoice(options.toolChoice);
    this.toolChoice = options.toolChoice === undefined ? undefined : structuredClone(options.toolChoice);

    this.maxIterations = positiveInteger(this.name, 'maxIterations', options.maxIterations, DEFAULT_MAX_ITERATIONS);
    this.maxFunctionCalls =
      options.maxFunctionCalls === undefined
        ? undefined
        : positiveInteger(this.name, 'maxFunctionCalls', options.maxFunctionCalls, 1);
    this.maxConsecutiveErrorsPerRequest = positiveInteger(
      this.name,
      'maxConsecutiveErrorsPerRequest',
      options.maxConsecutiveErrorsPerRequest,
      DEFAULT_MAX_CONSECUTIVE_ERRORS,
    );
    this.terminateOnUnknownCalls = options.terminateOnUnknownCalls === true;
    this.includeDetailedErrors = options.includeDetailedErrors === true;
    this.strictToolChoice = options.strictToolChoice === true;
    // An absent option means the default; an explicit invalid value (null included) is rejected.
    this.toolNameCollisionPolicy =
      options.toolNameCollisionPolicy === undefined
        ? 'warn'
        : validateToolNameCollisionPolicy(options.toolNameCollisionPolicy);
    this.logger = options.logger ?? { warn: (message: string) => console.warn(message) };
  }

  /** Runs the loop on a new input, or resumes an interrupted run from its RunState. */
  run(input: string | RunState, options: AgentRunOptions): Promise<RunResult> {
    return runAgent(this, input, options);
  }

  /**
   * The same run, driven by `model.stream()`: iterate the returned object for events (request
   * starts, text fragments, run items) and/or await its `result`.
   */
  runStreamed(input: string | RunState, options: AgentRunOptions): StreamedRun {
    return runAgentStreamed(this, input, options);
  }
}

function positiveInteger(agent: string, option: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1) {
    throw new AgentConfigError(`Agent "${agent}": ${option} must be an integer of at least 1; got ${String(value)}.`);
  }
  return value;
}
