// The ESLint plugin (flat config): `import toolIdentity from 'tool-identity-audit'`.
import type { TSESLint } from '@typescript-eslint/utils';
import { rules } from '../rules/index.js';
import { catalog, PLUGIN_NAMESPACE, ruleIds, type RuleId } from './checks/catalog.js';
import { packageInfo } from './version.js';

type RuleLevel = 'error' | 'warn' | 'off';

export { PLUGIN_NAMESPACE };

function ruleEntries(level: (id: RuleId) => RuleLevel): Record<string, RuleLevel> {
  const entries: Record<string, RuleLevel> = {};
  for (const id of ruleIds) {
    const value = level(id);
    if (value !== 'off') entries[`${PLUGIN_NAMESPACE}/${id}`] = value;
  }
  return entries;
}

const plugin = {
  meta: { name: packageInfo.name, version: packageInfo.version, namespace: PLUGIN_NAMESPACE },
  rules,
  configs: {} as Record<'recommended' | 'recommended-type-checked' | 'strict' | 'all', TSESLint.FlatConfig.Config>,
};

const recommendedRules = ruleEntries((id) => catalog[id].defaultSeverity);

plugin.configs = {
  /** Syntax-only: every file on its own. */
  recommended: {
    name: `${PLUGIN_NAMESPACE}/recommended`,
    plugins: { [PLUGIN_NAMESPACE]: plugin as unknown as TSESLint.FlatConfig.Plugin },
    rules: recommendedRules,
  },
  /** The same rules with typescript-eslint's project service on: tools are followed across files. */
  'recommended-type-checked': {
    name: `${PLUGIN_NAMESPACE}/recommended-type-checked`,
    plugins: { [PLUGIN_NAMESPACE]: plugin as unknown as TSESLint.FlatConfig.Plugin },
    languageOptions: { parserOptions: { projectService: true } },
    rules: recommendedRules,
  },
  /** Recommended, with the suggestion rules at error level and confusable names as warnings. */
  strict: {
    name: `${PLUGIN_NAMESPACE}/strict`,
    plugins: { [PLUGIN_NAMESPACE]: plugin as unknown as TSESLint.FlatConfig.Plugin },
    rules: ruleEntries((id) => (catalog[id].defaultSeverity === 'off' ? 'warn' : 'error')),
  },
  all: {
    name: `${PLUGIN_NAMESPACE}/all`,
    plugins: { [PLUGIN_NAMESPACE]: plugin as unknown as TSESLint.FlatConfig.Plugin },
    rules: ruleEntries(() => 'error'),
  },
};

export default plugin;
export { rules };
