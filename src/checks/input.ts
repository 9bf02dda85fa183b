import type { FileFacts } from '../facts/types.js';
import type { LinkedProject } from '../facts/resolved.js';
import type { FrameworkAdapter } from '../facts/adapters/types.js';
import { getAdapter } from '../facts/adapters/index.js';
import type { RuleId } from './catalog.js';
import type { RuleOptions } from './rule-option-schemas.js';

/** What every check reads: the files' own facts and their linked view. */
export interface CheckInput {
  files: readonly FileFacts[];
  linked: LinkedProject;
  /**
   * The path used to match `helperModules` globs: relative to the project root, POSIX separators.
   * Defaults to the file path as given.
   */
  matchPath?(file: string): string;
  /**
   * Whether `file` (as in its facts) can import `tool-identity-audit/runtime` (runtime-dependency.ts):
   * suggestions add that import only then, and offer an inline edit or none otherwise. Default: yes.
   */
  canImportRuntime?(file: string): boolean;
  /** The run's adapters when the project declares its own (`adapters` in the configuration). */
  adapters?: readonly FrameworkAdapter[];
}

/** The adapter a fact or set names, from the run's list (built-in and declared adapters). */
export function adapterOf(input: Pick<CheckInput, 'adapters'>, id: string): FrameworkAdapter | undefined {
  return input.adapters ? input.adapters.find((adapter) => adapter.id === id) : getAdapter(id);
}

/** Enabled rules with their (defaulted) options. */
export type EnabledRules = { [K in RuleId]?: RuleOptions<K> };
