// A problem with what the run was given (a missing path, a file of no known shape): the run stops
// with exit code 2, since no report over the other files would say what the user meant to check.
export class ToolListInputError extends Error {
  override readonly name = 'ToolListInputError';
}
