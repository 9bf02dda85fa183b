// The adapters of one analysis: the built-in ones, extended by the project's declarations, which
// are validated here so that the public API reports a bad declaration as configuration. The
// schema (and zod) is loaded only when something is declared.
import { declaredAdapters, type AdapterDeclaration } from '../facts/adapters/declarations.js';
import type { FrameworkAdapter } from '../facts/adapters/types.js';
import { AnalyzerConfigError } from './errors.js';

export async function runAdapters(declarations: readonly AdapterDeclaration[] | undefined): Promise<readonly FrameworkAdapter[]> {
  if (declarations === undefined || declarations.length === 0) return declaredAdapters(undefined);
  const { parseDeclarations } = await import('../facts/adapters/declarations-schema.js');
  const parsed = parseDeclarations(declarations, 'adapters');
  if (!parsed.ok) throw new AnalyzerConfigError(`invalid adapter declaration: ${parsed.problems.join('; ')}`, 'adapters');
  return declaredAdapters(parsed.declarations);
}
