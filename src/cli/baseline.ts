// Baselines: adopt the tool on an existing code base by recording today's findings and reporting
// only new ones (dependency-cruiser's known-violations, ESLint's bulk suppressions). Entries are
// keyed by line-free fingerprints, so editing code above a known finding keeps it suppressed.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { compareStrings, type Finding } from '../checks/finding.js';
import { fingerprintAll } from '../checks/fingerprint.js';
import type { Baseline, BaselineEntry } from './baseline-schema.js';
import { readJsonFile } from './config.js';
import { CliError, fsErrorReason } from './errors.js';

export const DEFAULT_BASELINE_FILE = 'tool-identity-audit.baseline.json';

export type { Baseline, BaselineEntry } from './baseline-schema.js';

/** The baseline for `findings`, sorted by file, rule, message and fingerprint: no line numbers, so moves do not reorder it. */
export function createBaseline(findings: readonly Finding[]): Baseline {
  const entries = [...fingerprintAll(findings)].map(([finding, fingerprint]) => ({
    ruleId: finding.ruleId,
    file: finding.file,
    fingerprint,
    message: finding.message,
  }));
  entries.sort(
    (a, b) =>
      compareStrings(a.file, b.file) ||
      compareStrings(a.ruleId, b.ruleId) ||
      compareStrings(a.message, b.message) ||
      compareStrings(a.fingerprint, b.fingerprint),
  );
  return { version: 1, findings: entries };
}

export function serializeBaseline(baseline: Baseline): string {
  return `${JSON.stringify(baseline, null, 2)}\n`;
}

export function writeBaseline(file: string, shown: string, baseline: Baseline): void {
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, serializeBaseline(baseline));
  } catch (error) {
    throw new CliError(`cannot write baseline file ${shown}: ${fsErrorReason(error)}`);
  }
}

/**
 * The baseline recorded in a file; undefined when the file does not exist yet (a configured
 * baseline before its first --write-baseline). A malformed file is a CliError (exit 2).
 */
export async function readBaseline(file: string, shown: string): Promise<Baseline | undefined> {
  if (!existsSync(file)) return undefined;
  const json = readJsonFile(file, shown, 'baseline file');
  // zod (about 0.1 s to load) only for a run that reads a baseline.
  const { parseBaseline } = await import('./baseline-schema.js');
  return parseBaseline(json, shown);
}

export interface BaselineResult {
  kept: Finding[];
  suppressed: number;
  /** The baseline's entries that still match a finding, in its order (what --prune-baseline keeps). */
  matched: BaselineEntry[];
  /** Entries that match no finding any more (fixed, or code that is gone). */
  stale: number;
}

/** Findings whose fingerprint is not in the baseline. Fingerprints are computed over all findings, as when it was written. */
export function applyBaseline(findings: readonly Finding[], baseline: Baseline): BaselineResult {
  const known = new Set(baseline.findings.map((entry) => entry.fingerprint));
  const fingerprints = fingerprintAll(findings);
  const kept = findings.filter((finding) => !known.has(fingerprints.get(finding) ?? ''));
  const seen = new Set(fingerprints.values());
  const matched = baseline.findings.filter((entry) => seen.has(entry.fingerprint));
  return { kept, suppressed: findings.length - kept.length, matched, stale: baseline.findings.length - matched.length };
}

/** The line each run prints about its baseline: what it hid and what no longer matches. */
export function baselineNote(shown: string, result: BaselineResult, pruned: boolean): string {
  const hidden = `${result.suppressed} ${result.suppressed === 1 ? 'finding' : 'findings'} hidden`;
  if (result.stale === 0) return `baseline ${shown}: ${hidden}`;
  const entries = `${result.stale} ${result.stale === 1 ? 'entry no longer matches' : 'entries no longer match'}`;
  return `baseline ${shown}: ${hidden}, ${entries}${pruned ? ' (dropped: --prune-baseline)' : ' (--prune-baseline drops them)'}`;
}
