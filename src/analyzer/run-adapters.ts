// The adapters of one analysis: the built-in ones, extended by the project's declarations, which
// are validated here so that the public API reports a bad declaration as configuration.
import { adapterDeclarationsSchema, declaredAdapters, type AdapterDeclaration } from '../facts/adapters/declarations.js';
import type { FrameworkAdapter } from '../facts/adapters/types.js';
import { AnalyzerConfigError } from './errors.js';

export function runAdapters(declarations: readonly AdapterDeclaration[] | undefined): readonly FrameworkAdapter[] {
  if (declarations === undefined || declarations.length === 0) return declaredAdapters(undefined);
  const parsed = adapterDeclarationsSchema.safeParse(declarations);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `adapters${issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('')}: ${issue.message}`);
    throw new AnalyzerConfigError(`invalid adapter declaration: ${problems.join('; ')}`, 'adapters');
  }
  return declaredAdapters(parsed.data);
}
