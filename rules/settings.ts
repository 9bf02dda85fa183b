// The plugin's shared setting: `settings: { 'tool-identity': { adapters: [...] } }` declares the
// project's own wrappers in the adapter vocabulary, as `adapters` does in the CLI's configuration.
// Validated once per settings object; a bad declaration throws an error naming the key, which
// ESLint shows as a configuration error.
import { adapterDeclarationsSchema, declaredAdapters } from '../src/facts/adapters/declarations.js';
import type { FrameworkAdapter } from '../src/facts/adapters/types.js';
import { PLUGIN_NAMESPACE } from '../src/checks/catalog.js';

const bySettings = new WeakMap<object, readonly FrameworkAdapter[]>();

export function settingsAdapters(settings: Readonly<Record<string, unknown>> | undefined): readonly FrameworkAdapter[] {
  if (!settings) return declaredAdapters(undefined);
  let adapters = bySettings.get(settings);
  if (adapters) return adapters;
  const own = settings[PLUGIN_NAMESPACE] as { adapters?: unknown } | undefined;
  if (own === undefined || own.adapters === undefined) adapters = declaredAdapters(undefined);
  else {
    const parsed = adapterDeclarationsSchema.safeParse(own.adapters);
    if (!parsed.success) {
      const problems = parsed.error.issues.map(
        (issue) => `settings["${PLUGIN_NAMESPACE}"].adapters${issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('')}: ${issue.message}`,
      );
      throw new Error(`${PLUGIN_NAMESPACE}: invalid adapter declaration: ${problems.join('; ')}`);
    }
    adapters = declaredAdapters(parsed.data);
  }
  bySettings.set(settings, adapters);
  return adapters;
}
