/** Which tool identity an error is about, so callers need not parse the message. */
export interface ToolIdentityErrorDetails {
  readonly toolName?: string;
  readonly namespace?: string;
}

/**
 * The only error the identity helpers throw. Each message names the offending tool name and/or
 * namespace (runtime-api.md, "Errors are thrown as ToolIdentityError"); the same values are also
 * exposed as fields so static checks can report them without string matching.
 */
export class ToolIdentityError extends Error {
  override readonly name = 'ToolIdentityError';
  readonly toolName: string | undefined;
  readonly namespace: string | undefined;

  constructor(message: string, details: ToolIdentityErrorDetails = {}) {
    super(message);
    this.toolName = details.toolName;
    this.namespace = details.namespace;
  }
}
