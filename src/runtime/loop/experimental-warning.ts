// Experimental-feature warnings: one warning per feature id per process (decision A-1).
// addTools and removeTools share the PROGRESSIVE_TOOLS slot, so whichever runs first warns.

export const PROGRESSIVE_TOOLS = 'PROGRESSIVE_TOOLS';

const warnedFeatures = new Set<string>();

/**
 * Emits `ExperimentalWarning` (code = feature id) the first time a feature is used in this process.
 * The id is recorded before emitting, so a process started with `--no-warnings` still uses up the slot.
 */
export function warnExperimentalFeature(featureId: string, subject: string): void {
  if (warnedFeatures.has(featureId)) return;
  warnedFeatures.add(featureId);
  process.emitWarning(
    `[${featureId}] ${subject} is experimental and may change or be removed in future versions without notice.`,
    { type: 'ExperimentalWarning', code: featureId },
  );
}

/** Test-only hook: forget which features have warned, so a test can observe the first warning again. */
export function resetExperimentalWarningsForTests(): void {
  warnedFeatures.clear();
}
