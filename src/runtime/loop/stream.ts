// Streaming: the same loop, fed by ChatModel.stream(), reporting events while it runs.
import type { ModelResponse, ModelStreamEvent, ModelToolCall } from './model.js';
import type { RunItem, RunResult } from './run.js';

export type RunStreamEvent =
  /** A model request is about to be sent (1-based count within the run). */
  | { type: 'model_request'; iteration: number }
  /** A text fragment of the current response, as the model streams it. */
  | { type: 'text_delta'; delta: string }
  /** An item was added to the run (the same objects end up in `RunResult.items`). */
  | { type: 'run_item'; item: RunItem };

/** A run in progress: iterate it for events, or await `result`. */
export interface StreamedRun extends AsyncIterable<RunStreamEvent> {
  readonly result: Promise<RunResult>;
}

/** Unbounded single-consumer queue; events are buffered until read. */
export class EventChannel<T> implements AsyncIterable<T> {
  readonly #buffer: T[] = [];
  #waiting: ((next: IteratorResult<T>) => void) | undefined;
  #rejectWaiting: ((error: unknown) => void) | undefined;
  #closed = false;
  #failure: { error: unknown } | undefined;

  push(value: T): void {
    if (this.#closed) return;
    const waiting = this.#waiting;
    if (waiting !== undefined) {
      this.#clearWaiting();
      waiting({ value, done: false });
    } else {
      this.#buffer.push(value);
    }
  }

  close(): void {
    this.#closed = true;
    const waiting = this.#waiting;
    this.#clearWaiting();
    waiting?.({ value: undefined, done: true });
  }

  fail(error: unknown): void {
    this.#closed = true;
    this.#failure = { error };
    const reject = this.#rejectWaiting;
    this.#clearWaiting();
    reject?.(error);
  }

  [Symbol.asyncIterator](): AsyncIterator<T> {
    return {
      next: () => {
        if (this.#buffer.length > 0) return Promise.resolve({ value: this.#buffer.shift() as T, done: false });
        if (this.#failure !== undefined) return Promise.reject(this.#failure.error);
        if (this.#closed) return Promise.resolve({ value: undefined, done: true });
        return new Promise<IteratorResult<T>>((resolve, reject) => {
          this.#waiting = resolve;
          this.#rejectWaiting = reject;
        });
      },
    };
  }

  #clearWaiting(): void {
    this.#waiting = undefined;
    this.#rejectWaiting = undefined;
  }
}

/**
 * Consumes a model stream into a ModelResponse, reporting text fragments as they arrive.
 * Call identity fields come from the first delta that carries them and are never rewritten.
 */
export async function collectStreamedResponse(
  events: AsyncIterable<ModelStreamEvent>,
  onTextDelta: (delta: string) => void,
): Promise<ModelResponse> {
  let text: string | undefined;
  const calls = new Map<number, Partial<ModelToolCall> & { arguments: string }>();
  for await (const event of events) {
    if (event.type === 'text_delta') {
      text = (text ?? '') + event.delta;
      onTextDelta(event.delta);
      continue;
    }
    if (event.type !== 'tool_call_delta') {
      throw new TypeError(`Unknown model stream event ${JSON.stringify((event as { type?: unknown }).type)}.`);
    }
    const call = calls.get(event.index) ?? { arguments: '' };
    if (call.call_id === undefined && 'call_id' in event) call.call_id = event.call_id as string;
    if (call.name === undefined && event.name !== undefined) call.name = event.name;
    if (call.namespace === undefined && event.namespace !== undefined) call.namespace = event.namespace;
    if (event.arguments !== undefined) call.arguments += event.arguments;
    calls.set(event.index, call);
  }
  const toolCalls = [...calls.entries()].sort(([a], [b]) => a - b).map(([, call]) => call as ModelToolCall);
  return {
    ...(text === undefined ? {} : { text }),
    ...(toolCalls.length === 0 ? {} : { toolCalls }),
  };
}
