// Parsing and extraction on more than one core. A file's facts depend on its text alone, so files
// can be extracted in any thread: worker threads (extract-worker.ts) take batches of files from one
// queue and the main thread takes what is left while it waits, and the results are put back in the
// order of the files, so a run reports the same with one thread or several. Workers start only
// once a run has enough files to parse to pay for loading the compiler again (a warm run after an
// edit never starts one), and only from the built package (tests that run the sources in-process
// extract on the main thread).
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AdapterDeclaration } from '../facts/adapters/declarations.js';
import type { Analysed } from './analyze-file.js';
import { activeCompileCache, type ActiveCompileCache } from './compile-cache.js';

export interface Job {
  index: number;
  abs: string;
  rel: string;
  text: string;
}

export interface Batch {
  id: number;
  jobs: Job[];
}

export interface BatchResult {
  id: number;
  results: Array<Analysed & { index: number }>;
  timings: { parse: number; extract: number };
}

export interface WorkerData {
  declarations: readonly AdapterDeclaration[] | undefined;
  /** The main thread's compiled-code cache: the worker compiles the compiler no more than it does. */
  compileCache: ActiveCompileCache | undefined;
}

/** `'auto'`: a worker per further core, at most 3; a number: threads in all (the main one too); `'off'`: the main thread only. */
export type Concurrency = number | 'auto' | 'off';

/** Files to parse before workers start: fewer are parsed sooner on the main thread alone. */
export const WORKERS_AFTER = 48;
const BATCH = 8;
/** Batches a worker holds at once: one to work on, one waiting, so it never idles on the main thread. */
const IN_FLIGHT = 2;

const WORKER_FILE = new URL('./extract-worker.js', import.meta.url);

/** Worker threads a run may use, by its concurrency and the machine. */
export function workerCount(concurrency: Concurrency | undefined): number {
  if (concurrency === 'off') return 0;
  // The sources run in-process (tests): there is no compiled worker module to start.
  if (!import.meta.url.endsWith('.js')) return 0;
  if (typeof concurrency === 'number') return Math.max(0, Math.floor(concurrency) - 1);
  return Math.min(3, Math.max(0, os.availableParallelism() - 1));
}

interface Thread {
  worker: Worker;
  inFlight: Map<number, Job[]>;
  alive: boolean;
}

export class ExtractPool {
  private readonly queue: Job[] = [];
  private readonly results = new Map<number, Analysed>();
  private readonly threads: Thread[] = [];
  private nextBatch = 0;
  private settle: (() => void) | undefined;

  constructor(
    count: number,
    declarations: readonly AdapterDeclaration[] | undefined,
    private readonly onTimings: (timings: BatchResult['timings']) => void,
  ) {
    for (let i = 0; i < count; i++) {
      // The main thread's stack (V8's default, 984 KB): a file nested too deeply fails alike in either.
      const worker = new Worker(fileURLToPath(WORKER_FILE), { workerData: { declarations, compileCache: activeCompileCache() } satisfies WorkerData, resourceLimits: { stackSizeMb: 984 / 1024 } });
      const thread: Thread = { worker, inFlight: new Map(), alive: true };
      worker.on('message', (result: BatchResult) => this.received(thread, result));
      // A worker that cannot start or dies hands its files back to the queue.
      const lost = (): void => {
        if (!thread.alive) return;
        thread.alive = false;
        for (const jobs of thread.inFlight.values()) this.queue.unshift(...jobs);
        thread.inFlight.clear();
        this.wake();
      };
      worker.on('error', lost);
      worker.on('exit', lost);
      this.threads.push(thread);
    }
  }

  /** Queues a file; full batches go to workers with room. */
  add(job: Job): void {
    this.queue.push(job);
    this.feed(false);
  }

  /**
   * Works through the queue on the main thread too (`local`, a few files at a time, letting the
   * workers' answers in between) until every file has its result; then stops the workers.
   */
  async finish(local: (job: Job) => Analysed): Promise<Map<number, Analysed>> {
    this.feed(true);
    while (this.queue.length > 0 || this.threads.some((t) => t.inFlight.size > 0)) {
      const job = this.queue.shift();
      if (job) {
        this.results.set(job.index, local(job));
        // Answers and refills run between the main thread's files.
        await new Promise<void>((resolve) => setImmediate(resolve));
        this.feed(true);
      } else {
        await new Promise<void>((resolve) => (this.settle = resolve));
      }
    }
    await this.close();
    return this.results;
  }

  async close(): Promise<void> {
    await Promise.all(this.threads.map((t) => ((t.alive = false), t.worker.terminate())));
  }

  private received(thread: Thread, result: BatchResult): void {
    if (!thread.inFlight.delete(result.id)) return;
    for (const { index, ...analysed } of result.results) this.results.set(index, analysed);
    this.onTimings(result.timings);
    this.feed(this.settle !== undefined);
    this.wake();
  }

  /** Sends batches to workers with room: full ones only while more files may come (`last` false). */
  private feed(last: boolean): void {
    for (const thread of this.threads) {
      while (thread.alive && thread.inFlight.size < IN_FLIGHT && (this.queue.length >= BATCH || (last && this.queue.length > 0))) {
        const jobs = this.queue.splice(0, BATCH);
        const id = this.nextBatch++;
        thread.inFlight.set(id, jobs);
        thread.worker.postMessage({ id, jobs } satisfies Batch);
      }
    }
  }

  private wake(): void {
    const settle = this.settle;
    this.settle = undefined;
    settle?.();
  }
}
