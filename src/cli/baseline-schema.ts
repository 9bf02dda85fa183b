// The shape of a baseline file (baseline.ts reads and writes them), validated with zod: loaded only
// by a run that reads a baseline.
import { z } from 'zod';
import { formatPath } from './config.js';
import { CliError } from './errors.js';

const baselineSchema = z.strictObject({
  version: z.literal(1),
  findings: z.array(
    z.strictObject({
      ruleId: z.string(),
      file: z.string(),
      fingerprint: z.string().min(1),
      message: z.string(),
    }),
  ),
});

export type Baseline = z.output<typeof baselineSchema>;
export type BaselineEntry = Baseline['findings'][number];

/** The baseline in a file's parsed JSON; a CliError (exit 2) naming the first problem otherwise. */
export function parseBaseline(json: unknown, shown: string): Baseline {
  const result = baselineSchema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${formatPath(issue.path)}: ` : '';
    throw new CliError(
      `invalid baseline file ${shown}: ${where}${issue?.message ?? 'unexpected shape'} (expected { "version": 1, "findings": [...] }, as written by --write-baseline)`,
    );
  }
  return result.data;
}
