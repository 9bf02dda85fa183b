// The ESLint plugin (flat config): `import toolIdentity from 'tool-identity-audit'`.
import { rules as ruleModules } from '../rules/index.js';
import { catalog, PLUGIN_NAMESPACE, ruleIds, type RuleId } from './checks/catalog.js';
import { packageInfo } from './version.js';

type RuleLevel = 'error' | 'warn' | 'off';

export { PLUGIN_NAMESPACE };

// The shipped types are written here as type literals, not taken from ESLint or typescript-eslint:
// the declarations then need neither package (both are optional peers), and the presets fit both
// `defineConfig` from `eslint/config` and `tseslint.config`, whose config types differ (ESLint's
// `languageOptions` has an index signature that typescript-eslint's interfaces do not satisfy).

/** A rule as ESLint and typescript-eslint both accept it. */
export type ToolIdentityRule = {
  meta: {
    type: 'problem' | 'suggestion' | 'layout';
    docs: { description: string; url: string; recommended?: boolean; requiresTypeChecking?: boolean };
    messages: Record<string, string>;
    hasSuggestions?: boolean;
  };
  create(context: unknown): Record<string, NodeVisitor | undefined>;
};

// A method's parameter is compared both ways, so the rules' visitors of typescript-eslint's node
// types fit, and so does ESLint's `(...args: any[]) => void`.
type NodeVisitor = { visit(node: unknown): void }['visit'];

/** Parser options the presets set (typescript-eslint's; ESLint's own parser ignores them). */
export type TypeAwareParserOptions = {
  projectService?: boolean;
  project?: boolean;
  program?: null;
};

/** One flat-config object of a preset. */
export type ToolIdentityConfig = {
  name: string;
  files?: string[];
  ignores?: string[];
  plugins?: Record<string, ToolIdentityPlugin>;
  languageOptions?: { parserOptions: TypeAwareParserOptions };
  rules?: Record<string, RuleLevel>;
};

export type ToolIdentityPresets = {
  /** Syntax only: every file on its own. */
  recommended: ToolIdentityConfig;
  /** `recommended` on every file, type information on the files that have types. */
  'recommended-type-checked': ToolIdentityConfig[];
  /** Recommended, with the suggestion rules at error level and confusable names as warnings. */
  strict: ToolIdentityConfig;
  all: ToolIdentityConfig;
  /** No type information for the files it is given (`files`), as typescript-eslint's `disableTypeChecked`. */
  'disable-type-checked': ToolIdentityConfig;
};

export type ToolIdentityPlugin = {
  meta: { name: string; version: string; namespace: string };
  rules: Record<RuleId, ToolIdentityRule>;
  configs: ToolIdentityPresets;
};

/**
 * The files type-aware parsing applies to: those that can have types. JavaScript stays syntax-only
 * (a JavaScript `eslint.config.js` is in no tsconfig, and the project service fails on a file that
 * no tsconfig includes); so do declaration files (build output) and `*.config.ts` files (tool
 * configs, outside a tsconfig's `include` as often as not; they define no tools).
 */
export const TYPED_FILES = ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts'];
export const UNTYPED_TS_FILES = ['**/*.d.ts', '**/*.d.mts', '**/*.d.cts', '**/*.config.ts', '**/*.config.mts', '**/*.config.cts'];

function ruleEntries(level: (id: RuleId) => RuleLevel): Record<string, RuleLevel> {
  const entries: Record<string, RuleLevel> = {};
  for (const id of ruleIds) {
    const value = level(id);
    if (value !== 'off') entries[`${PLUGIN_NAMESPACE}/${id}`] = value;
  }
  return entries;
}

const rules: Record<RuleId, ToolIdentityRule> = ruleModules;

const plugin: ToolIdentityPlugin = {
  meta: { name: packageInfo.name, version: packageInfo.version, namespace: PLUGIN_NAMESPACE },
  rules,
  configs: {} as ToolIdentityPresets,
};

function preset(name: string, ruleLevels: Record<string, RuleLevel>): ToolIdentityConfig {
  return { name: `${PLUGIN_NAMESPACE}/${name}`, plugins: { [PLUGIN_NAMESPACE]: plugin }, rules: ruleLevels };
}

/** The preset on every file, then typescript-eslint's project service on the files that have types. */
function typeChecked(name: string, base: ToolIdentityConfig): ToolIdentityConfig[] {
  return [
    base,
    {
      name: `${PLUGIN_NAMESPACE}/${name}-type-checked`,
      files: TYPED_FILES,
      ignores: UNTYPED_TS_FILES,
      languageOptions: { parserOptions: { projectService: true } },
    },
  ];
}

const recommended = preset('recommended', ruleEntries((id) => catalog[id].defaultSeverity));

plugin.configs = {
  recommended,
  'recommended-type-checked': typeChecked('recommended', recommended),
  strict: preset('strict', ruleEntries((id) => (catalog[id].defaultSeverity === 'off' ? 'warn' : 'error'))),
  all: preset('all', ruleEntries(() => 'error')),
  'disable-type-checked': {
    name: `${PLUGIN_NAMESPACE}/disable-type-checked`,
    languageOptions: { parserOptions: { projectService: false, project: false, program: null } },
  },
};

export default plugin;
export { rules };
