// A progress bar on stderr for long runs in a terminal. Silent in pipes, on CI and for small
// projects, where it would only add noise (knip turns progress off the same way).
import { createRequire } from 'node:module';
import type cliProgress from 'cli-progress';
import { isCI, type Env } from './output.js';

/** Projects up to this many files finish before a bar would be worth drawing. */
export const PROGRESS_MIN_FILES = 300;

export interface ProgressStream {
  write(text: string): unknown;
  columns?: number;
}

export interface Progress {
  onProgress(done: number, total: number): void;
  /** Draws the final state and clears the bar; safe to call when it never started. */
  stop(): void;
}

export function progressEnabled(stderrIsTTY: boolean, env: Env, total: number): boolean {
  return stderrIsTTY && !isCI(env) && total > PROGRESS_MIN_FILES;
}

/** Starts the bar on the first report that shows enough files; otherwise never writes. */
export function createProgress(stderr: ProgressStream, stderrIsTTY: boolean, env: Env): Progress {
  let bar: cliProgress.SingleBar | undefined;
  let decided = false;
  return {
    onProgress(done, total) {
      if (!decided) {
        if (total <= 0) return;
        decided = true;
        if (!progressEnabled(stderrIsTTY, env, total)) return;
        // cli-progress draws only on streams that say they are TTYs; ours is one (checked above).
        const stream = {
          isTTY: true,
          get columns() {
            return stderr.columns;
          },
          write(chunk: string) {
            stderr.write(String(chunk));
            return true;
          },
        };
        // Required when a bar is drawn: most runs (pipes, CI, small projects) never load it.
        const { SingleBar, Presets } = createRequire(import.meta.url)('cli-progress') as typeof cliProgress;
        bar = new SingleBar(
          {
            stream: stream as unknown as NodeJS.WritableStream,
            format: 'tool-identity-audit {bar} {value}/{total} files',
            barsize: 30,
            hideCursor: false,
            clearOnComplete: true,
            etaBuffer: 50,
          },
          Presets.shades_classic,
        );
        bar.start(total, 0);
      }
      if (bar) {
        if (bar.getTotal() !== total) bar.setTotal(total);
        bar.update(done);
      }
    },
    stop() {
      bar?.stop();
      bar = undefined;
    },
  };
}
