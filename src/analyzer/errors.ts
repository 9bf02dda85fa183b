// The analyzer's one fatal error: configuration it cannot use (a tsconfig that cannot be read or
// parsed, a path that does not exist). The CLI maps it to exit code 2; everything else about the
// input becomes a ToolDiagnostic and the run goes on.

export class AnalyzerConfigError extends Error {
  override readonly name = 'AnalyzerConfigError';
  /** The offending file or path, as the user gave it or as resolved (absolute for tsconfig files). */
  readonly path: string;

  constructor(message: string, path: string, options?: { cause?: unknown }) {
    super(message, options);
    this.path = path;
  }
}
