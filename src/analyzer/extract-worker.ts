// An extraction worker (extract-pool.ts): parses and extracts the batches of files the main thread
// sends, with the run's adapters rebuilt here from the same declarations, and answers with each
// file's facts and diagnostics and the time its parse and extract phases took.
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { analyzeSource, type PhaseClock } from './analyze-file.js';
import { useCompileCache } from './compile-cache.js';
import { createParser, type Parser } from './parse.js';
import { runAdapters } from './run-adapters.js';
import type { Batch, BatchResult, WorkerData } from './extract-pool.js';

const port = parentPort;
if (!port) throw new Error('extract-worker.js runs as a worker thread only');

const data = workerData as WorkerData;
// Before anything loads the compiler.
useCompileCache(data.compileCache);
const adapters = runAdapters(data.declarations);
let parser: Parser | undefined;

port.on('message', (batch: Batch) => {
  const timings = { parse: 0, extract: 0 };
  const timed: PhaseClock = (phase, run) => {
    const start = performance.now();
    try {
      return run();
    } finally {
      timings[phase] += performance.now() - start;
    }
  };
  const results = batch.jobs.map((job) => ({ index: job.index, ...analyzeSource(job, job.text, (parser ??= createParser()), timed, adapters) }));
  port.postMessage({ id: batch.id, results, timings } satisfies BatchResult);
});
