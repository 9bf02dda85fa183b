// The model boundary. ChatModel is the only thing a provider adapter implements; ScriptedModel is
// the deterministic model of tests, examples and the demo (no network anywhere in this runtime).
import { isNoneToolChoice, type ToolChoice } from './tool-choice.js';
import type { WireTool } from './wire.js';

/** One function call, in the Responses wire shape. `namespace` is absent for bare calls. */
export interface ModelToolCall {
  call_id: string;
  name: string;
  namespace?: string;
  arguments: string;
  type?: 'function_call';
  /** Provider item id; never used as a call id. */
  id?: string;
}

export interface ModelRequest {
  /** Transcript items: messages, function calls and function call outputs. */
  messages: unknown[];
  /** What the model sees this iteration. */
  tools: WireTool[];
  /** Absent when no choice applies (unset, or no tools on this request). */
  toolChoice?: ToolChoice;
}

export interface ModelResponse {
  toolCalls?: ModelToolCall[];
  text?: string;
}

/**
 * One streamed chunk. Tool calls arrive as deltas keyed by `index`: identity fields (`call_id`,
 * `name`, `namespace`) are taken from the first delta that carries them, never rewritten;
 * `arguments` fragments are concatenated in order.
 */
export type ModelStreamEvent =
  | { type: 'text_delta'; delta: string }
  | {
      type: 'tool_call_delta';
      index: number;
      call_id?: string;
      name?: string;
      namespace?: string;
      arguments?: string;
    };

export interface ChatModel {
  respond(request: ModelRequest): Promise<ModelResponse>;
  /** Optional streaming form, used by `agent.runStreamed()`. */
  stream?(request: ModelRequest): AsyncIterable<ModelStreamEvent>;
}

/** What ScriptedModel answers to a `toolChoice: 'none'` request (the upstream test mock's text). */
export const SCRIPTED_NONE_TEXT = 'I broke out of the function invocation loop...';

export interface ScriptedModelOptions {
  /**
   * When true (default), a request whose toolChoice is 'none' gets SCRIPTED_NONE_TEXT without using
   * up a scripted response, like a provider that honours 'none'. Set false to script such turns too.
   */
  honorNone?: boolean;
  /** Characters per text or argument fragment when streaming; default 8. */
  streamChunkSize?: number;
}

export type ModelScript = readonly ModelResponse[] | ((request: ModelRequest, index: number) => ModelResponse);

export class ScriptedModel implements ChatModel {
  /** A deep snapshot of every request received, in order. */
  readonly requests: ModelRequest[] = [];
  readonly #script: ModelScript;
  readonly #honorNone: boolean;
  readonly #chunkSize: number;
  #next = 0;

  constructor(responses: ModelScript, options: ScriptedModelOptions = {}) {
    this.#script = responses;
    this.#honorNone = options.honorNone ?? true;
    this.#chunkSize = Math.max(1, Math.floor(options.streamChunkSize ?? 8));
  }

  async respond(request: ModelRequest): Promise<ModelResponse> {
    return this.#answer(request);
  }

  /** Streams the same scripted response in fragments (recorded as one request). */
  async *stream(request: ModelRequest): AsyncIterable<ModelStreamEvent> {
    const response = this.#answer(request);
    for (const delta of chunks(response.text ?? '', this.#chunkSize)) {
      await Promise.resolve(); // yield to the event loop between chunks, like a network stream
      yield { type: 'text_delta', delta };
    }
    const calls = (response.toolCalls ?? []) as readonly Partial<ModelToolCall>[];
    for (const [index, call] of calls.entries()) {
      const args = typeof call.arguments === 'string' ? chunks(call.arguments, this.#chunkSize) : [];
      const [firstArgs, ...restArgs] = args;
      await Promise.resolve();
      yield {
        type: 'tool_call_delta',
        index,
        ...(call.call_id === undefined ? {} : { call_id: call.call_id }),
        ...(call.name === undefined ? {} : { name: call.name }),
        ...(call.namespace === undefined ? {} : { namespace: call.namespace }),
        ...(firstArgs === undefined ? {} : { arguments: firstArgs }),
      };
      for (const fragment of restArgs) {
        await Promise.resolve();
        yield { type: 'tool_call_delta', index, arguments: fragment };
      }
    }
  }

  #answer(request: ModelRequest): ModelResponse {
    const snapshot = structuredClone(request);
    this.requests.push(snapshot);
    if (this.#honorNone && isNoneToolChoice(request.toolChoice)) {
      return { text: SCRIPTED_NONE_TEXT };
    }
    const index = this.#next++;
    if (typeof this.#script === 'function') {
      // The function gets its own copy, so it cannot alter what was recorded.
      return structuredClone(this.#script(structuredClone(snapshot), index));
    }
    const response = this.#script[index];
    if (response === undefined) {
      throw new Error(`ScriptedModel: no scripted response left for request ${this.requests.length}.`);
    }
    // A copy, so the loop can never alter the script between runs.
    return structuredClone(response);
  }
}

function chunks(text: string, size: number): string[] {
  const out: string[] = [];
  for (let start = 0; start < text.length; start += size) out.push(text.slice(start, start + size));
  return out;
}
