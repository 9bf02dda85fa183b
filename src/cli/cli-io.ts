// What a CLI run reads and writes through, instead of the process's own: bin.ts hands over the
// process's streams, the resident server (server.ts) a client's, tests their own.
import type { AnalysisResult, AnalyzeOptions } from '../analyzer/types.js';
import type { Env } from './output.js';
import type { ProgressStream } from './progress.js';
import type { ServerPlace } from './server-place.js';

export interface CliIo {
  stdout: ProgressStream;
  stderr: ProgressStream;
  /** Project root: configuration, paths and report paths are relative to it. */
  cwd: string;
  env: Env;
  isTTY: { stdout: boolean; stderr: boolean };
  /** Where this installation's resident server listens (the executable gives it; `server` needs it); null where there is none (Windows). */
  server?: ServerPlace | null;
  /** Test seam: the analyzer to run (default `analyzeProject`). */
  analyze?: (options: AnalyzeOptions) => Promise<AnalysisResult>;
}
