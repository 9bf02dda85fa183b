import type { FileFacts } from '../facts/types.js';
import type { LinkedProject } from '../facts/resolved.js';
import type { RuleId, RuleOptions } from './catalog.js';

/** What every check reads: the files' own facts and their linked view. */
export interface CheckInput {
  files: readonly FileFacts[];
  linked: LinkedProject;
  /**
   * The path used to match `helperModules` globs: relative to the project root, POSIX separators.
   * Defaults to the file path as given.
   */
  matchPath?(file: string): string;
}

/** Enabled rules with their (defaulted) options. */
export type EnabledRules = { [K in RuleId]?: RuleOptions<K> };
