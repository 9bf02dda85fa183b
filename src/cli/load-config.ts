// A run's configuration, found (config.ts) and validated (config-schema.ts). The schema module, and
// zod with it (about 0.1 s to load), is imported only when there is a configuration to validate.
import type { Config } from './config-schema.js';
import { findConfig } from './config.js';

export interface LoadedConfig {
  config: Config;
  /** The file it came from, as shown in messages (relative to cwd when inside it); undefined for defaults. */
  source: string | undefined;
}

/**
 * The configuration for a run (see findConfig), or the empty configuration when there is none.
 * Throws a CliError (exit 2) for unreadable files, invalid JSON and values the schema rejects.
 */
export async function loadConfig(cwd: string, explicit?: string): Promise<LoadedConfig> {
  const found = findConfig(cwd, explicit);
  if (found === undefined) return { config: {}, source: undefined };
  const { parseConfig } = await import('./config-schema.js');
  return { config: parseConfig(found.value, found.shown, found.prefix), source: found.shown };
}
