// Exit codes and the one error type that stops a run. ESLint's and knip's contract: 0 clean,
// 1 findings that fail the run, 2 the run itself failed.

export const ExitCode = {
  /** No error-level findings and warnings within `--max-warnings` (or `--no-exit-code`). */
  Ok: 0,
  /** Error-level findings, error-level diagnostics (a file could not be analysed), or too many warnings. */
  Findings: 1,
  /** Invalid configuration, flag value, tsconfig or baseline; unreadable input; a crash. */
  Fatal: 2,
} as const;

export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/**
 * A problem with the invocation rather than the audited code. `main` prints its message after
 * `tool-identity-audit: ` and exits 2; no stack trace, since the user can fix it from the message.
 */
export class CliError extends Error {
  override readonly name = 'CliError';
}

/** Text of an unknown thrown value. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** `ENOENT: no such file or directory, open '/x'` → `no such file or directory`. */
export function fsErrorReason(error: unknown): string {
  if (error && typeof error === 'object' && 'code' in error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'ENOENT') return 'no such file or directory';
    if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
    if (code === 'EISDIR') return 'is a directory';
    if (code === 'ENOTDIR') return 'not a directory';
  }
  return errorMessage(error);
}
