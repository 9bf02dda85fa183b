// What both oracle files share: one seed and one shape of run, so the ESLint parity test sees
// exactly the configurations the runtime oracle generated (ORACLE_SEED / ORACLE_RUNS explore
// others); the failure report; and the temporary project each batch is written to.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type fc from 'fast-check';

export const SEED = Number(process.env.ORACLE_SEED ?? 1301);
export const RUNS = Number(process.env.ORACLE_RUNS ?? 50);
/** Configurations per temporary project (one analysis each): RUNS * BATCH cases in all. */
export const BATCH = 10;

/** fc.assert parameters: the fixed seed, and a report of the shrunk case (its source is in the error). */
export function oracleParameters<T>(title: string): fc.Parameters<T> {
  return {
    seed: SEED,
    numRuns: RUNS,
    reporter: (details) => {
      if (!details.failed) return;
      const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
      throw new Error(`${title} (seed ${details.seed}, path "${details.counterexamplePath ?? ''}", shrunk ${details.numShrinks} times):\n${error}`);
    },
  };
}

/** Runs `body` on a fresh temporary project holding `files`, then removes it. */
export async function inTempProject<T>(files: Record<string, string>, body: (root: string) => Promise<T>): Promise<T> {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tia-oracle-')));
  try {
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    }
    return await body(root);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}
