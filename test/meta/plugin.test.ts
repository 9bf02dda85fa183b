// Meta-tests: the rule files, the rule index, the catalog, the plugin configs, the docs pages and
// the rule tests describe the same set of rules with the same metadata.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import plugin, { PLUGIN_NAMESPACE, rules as pluginRules } from '../../src/plugin.js';
import { rules } from '../../rules/index.js';
import { eslintMessages } from '../../rules/create-rule.js';
import { catalog, DOCS_BASE_URL, ruleIds, type RuleId } from '../../src/checks/catalog.js';
import { ruleOptionSchemas } from '../../src/checks/rule-option-schemas.js';

const root = path.resolve(import.meta.dirname, '../..');
const rulesDir = path.join(root, 'rules');
/** Files in rules/ that are not rules. */
const NOT_RULES = new Set(['index.ts', 'create-rule.ts', 'utils.ts']);

const ruleFiles = readdirSync(rulesDir)
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts') && !NOT_RULES.has(file))
  .map((file) => file.slice(0, -'.ts'.length))
  .sort();

const packageJson = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { name: string; version: string };

type AnyRule = (typeof rules)[keyof typeof rules];
const ruleEntries = Object.entries(rules) as Array<[string, AnyRule]>;

/** The parts of a JSON schema these tests read (typescript-eslint's JSONSchema4 is a union). */
interface Schema {
  description?: unknown;
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema | Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
}

function schemaOf(rule: AnyRule): Schema[] {
  const schema = rule.meta.schema as unknown;
  if (schema === undefined || schema === false) return [];
  return Array.isArray(schema) ? (schema as Schema[]) : [schema as Schema];
}

/** Every `properties` entry anywhere in the schema, with its JSON path. */
function schemaProperties(schema: Schema, at = '$'): Array<{ at: string; property: Schema }> {
  const found: Array<{ at: string; property: Schema }> = [];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    found.push({ at: `${at}.${name}`, property }, ...schemaProperties(property, `${at}.${name}`));
  }
  const nested = [schema.items, schema.additionalProperties, ...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  for (const child of nested.flat()) {
    if (child && typeof child === 'object') found.push(...schemaProperties(child, at));
  }
  return found;
}

function lintWith(ruleConfig: unknown[]): Linter.LintMessage[] {
  const linter = new Linter({ configType: 'flat' });
  return linter.verify('export {};\n', [
    {
      files: ['**/*.ts'],
      plugins: { [PLUGIN_NAMESPACE]: plugin as never },
      rules: { [`${PLUGIN_NAMESPACE}/${ruleConfig[0] as string}`]: ['error', ...ruleConfig.slice(1)] as never },
    },
  ], 'file.ts');
}

describe('rule files and the rule index', () => {
  it('finds rule files', () => {
    expect(ruleFiles.length).toBeGreaterThan(0);
  });

  it('exports every rule file under its file name, and nothing else', () => {
    expect(Object.keys(rules).sort()).toEqual(ruleFiles);
  });

  it('has exactly the catalog ids', () => {
    expect(Object.keys(rules).sort()).toEqual([...ruleIds].sort());
    expect(Object.keys(catalog).sort()).toEqual([...ruleIds].sort());
  });

  it.each(ruleFiles)('rules/index.ts imports %s from its own file', (id) => {
    const index = readFileSync(path.join(rulesDir, 'index.ts'), 'utf8');
    expect(index).toContain(`from './${id}.js'`);
  });

  it('the plugin exports the same rule objects', () => {
    expect(plugin.rules).toBe(rules);
    expect(pluginRules).toBe(rules);
  });
});

describe.each(ruleEntries)('rule %s', (id, rule) => {
  const meta = catalog[id as RuleId];
  const schema = schemaOf(rule);
  const source = readFileSync(path.join(rulesDir, `${id}.ts`), 'utf8');

  it('is in the catalog', () => {
    expect(meta).toBeDefined();
    expect(meta.id).toBe(id);
  });

  it('declares name === id (in createRule, or through catalogRule)', () => {
    expect(source).toMatch(new RegExp(`\\bname:\\s*'${id}'|\\bcatalogRule\\('${id}'\\)`));
  });

  it('has the catalog description, type, messages and suggestion flag', () => {
    expect(rule.meta.docs?.description).toBe(meta.description);
    expect(rule.meta.type).toBe(meta.type);
    // Each finding's message ends with its other places (" Also at src/x.ts:12."); suggestions' do not.
    expect(rule.meta.messages).toEqual(eslintMessages(meta.messages));
    expect(Boolean(rule.meta.hasSuggestions)).toBe(meta.hasSuggestions);
  });

  it('has a description in the imperative without a final period', () => {
    expect(meta.description).toMatch(/^(Disallow|Require|Enforce) /);
    expect(meta.description).not.toMatch(/\.$/);
  });

  it('links to its docs page', () => {
    expect(rule.meta.docs?.url).toBe(`${DOCS_BASE_URL}${id}.md`);
    expect(meta.docsUrl).toBe(`${DOCS_BASE_URL}${id}.md`);
  });

  it('has a docs page', () => {
    expect(existsSync(path.join(root, 'docs', 'rules', `${id}.md`)), `docs/rules/${id}.md`).toBe(true);
  });

  it('has a rule test', () => {
    expect(existsSync(path.join(root, 'test', 'rules', `${id}.test.ts`)), `test/rules/${id}.test.ts`).toBe(true);
  });

  it('marks recommended exactly when the catalog default severity is not off', () => {
    expect(Boolean(rule.meta.docs?.recommended)).toBe(meta.defaultSeverity !== 'off');
  });

  it('requires type checking only when its source calls getParserServices(', () => {
    const callsGetParserServices = /\bgetParserServices\(/.test(source);
    expect(Boolean(rule.meta.docs?.requiresTypeChecking)).toBe(callsGetParserServices);
    expect(meta.requiresTypeChecking).toBe(callsGetParserServices);
  });

  it('takes its schema from the catalog zod schema', () => {
    const zodKeys = Object.keys(ruleOptionSchemas[id as RuleId].shape);
    if (zodKeys.length === 0) {
      expect(schema).toEqual([]);
      return;
    }
    expect(schema).toHaveLength(1);
    expect(Object.keys(schema[0]?.properties ?? {}).sort()).toEqual([...zodKeys].sort());
    expect(schema[0]?.additionalProperties).toBe(false);
  });

  it('describes every schema property', () => {
    for (const option of schema) {
      for (const { at, property } of schemaProperties(option)) {
        expect(typeof property.description === 'string' && property.description.trim().length > 0, `${at} has a description`).toBe(true);
      }
    }
  });

  it('declares meta.defaultOptions when it has options', () => {
    if (schema.length === 0) {
      expect(rule.meta.defaultOptions ?? []).toEqual([]);
      return;
    }
    expect(rule.meta.defaultOptions).toHaveLength(schema.length);
    // The defaults are the zod defaults.
    expect(rule.meta.defaultOptions?.[0]).toEqual(ruleOptionSchemas[id as RuleId].parse({}));
  });

  it('ESLint accepts its default options and rejects an unknown option', () => {
    expect(() => lintWith([id, ...(rule.meta.defaultOptions ?? [])])).not.toThrow();
    expect(() => lintWith([id, { notAnOption: true }])).toThrow(/tool-identity\/[\w-]+":\s+Value .*should NOT have (additional properties|more than 0 items)/);
  });
});

describe('plugin meta', () => {
  it('has the package name and version and the tool-identity namespace', () => {
    expect(plugin.meta.name).toBe(packageJson.name);
    expect(plugin.meta.version).toBe(packageJson.version);
    expect(plugin.meta.namespace).toBe('tool-identity');
    expect(PLUGIN_NAMESPACE).toBe('tool-identity');
  });
});

describe('plugin configs', () => {
  const configNames = ['recommended', 'recommended-type-checked', 'strict', 'all', 'disable-type-checked'] as const;
  const ruleConfigNames = ['recommended', 'recommended-type-checked', 'strict', 'all'] as const;
  type ConfigName = (typeof configNames)[number];
  const levelOf = (value: unknown): unknown => (Array.isArray(value) ? value[0] : value);
  const partsOf = (name: ConfigName) => [plugin.configs[name]].flat();
  const rulesOf = (name: ConfigName): Record<string, unknown> => Object.assign({}, ...partsOf(name).map((c) => c.rules ?? {})) as Record<string, unknown>;

  it('exports exactly the documented configs', () => {
    expect(Object.keys(plugin.configs).sort()).toEqual([...configNames].sort());
  });

  it.each(ruleConfigNames)('%s only names existing rules of this plugin', (name) => {
    const keys = Object.keys(rulesOf(name));
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key.startsWith(`${PLUGIN_NAMESPACE}/`), key).toBe(true);
      expect(Object.keys(rules), key).toContain(key.slice(PLUGIN_NAMESPACE.length + 1));
    }
  });

  it.each(ruleConfigNames)('%s registers this plugin under its namespace, and each part is named', (name) => {
    const [first, ...rest] = partsOf(name);
    expect(first?.plugins?.[PLUGIN_NAMESPACE]).toBe(plugin);
    expect(first?.name).toBe(`${PLUGIN_NAMESPACE}/${name.replace(/-type-checked$/, '')}`);
    expect(rest.map((c) => c.name)).toEqual(name.endsWith('-type-checked') ? [`${PLUGIN_NAMESPACE}/${name}`] : []);
  });

  it.each(['recommended', 'recommended-type-checked'] as const)(
    '%s holds exactly the rules whose default severity is not off, at that severity',
    (name) => {
      const expected = Object.fromEntries(
        ruleIds.filter((id) => catalog[id].defaultSeverity !== 'off').map((id) => [`${PLUGIN_NAMESPACE}/${id}`, catalog[id].defaultSeverity]),
      );
      expect(Object.fromEntries(Object.entries(rulesOf(name)).map(([k, v]) => [k, levelOf(v)]))).toEqual(expected);
    },
  );

  it('recommended-type-checked is recommended on every file, then the project service on the files that have types only', () => {
    const [base, typed, ...more] = plugin.configs['recommended-type-checked'];
    expect(base).toBe(plugin.configs.recommended);
    expect(more).toEqual([]);
    expect(plugin.configs.recommended.languageOptions).toBeUndefined();
    expect(plugin.configs.recommended.files).toBeUndefined();
    // Neither JavaScript (eslint.config.js is in no tsconfig) nor declaration or tool-config files.
    expect(typed).toEqual({
      name: `${PLUGIN_NAMESPACE}/recommended-type-checked`,
      files: ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts'],
      ignores: ['**/*.d.ts', '**/*.d.mts', '**/*.d.cts', '**/*.config.ts', '**/*.config.mts', '**/*.config.cts'],
      languageOptions: { parserOptions: { projectService: true } },
    });
  });

  it('disable-type-checked turns every kind of type information off, and nothing else', () => {
    expect(plugin.configs['disable-type-checked']).toEqual({
      name: `${PLUGIN_NAMESPACE}/disable-type-checked`,
      languageOptions: { parserOptions: { projectService: false, project: false, program: null } },
    });
  });

  it('strict contains every recommended rule, at least as severe', () => {
    const rank = { off: 0, warn: 1, error: 2 } as Record<string, number>;
    const strict = rulesOf('strict');
    for (const [key, value] of Object.entries(rulesOf('recommended'))) {
      expect(strict, key).toHaveProperty([key]);
      expect(rank[levelOf(strict[key]) as string] ?? -1, key).toBeGreaterThanOrEqual(rank[levelOf(value) as string] ?? 3);
    }
  });

  it('all turns on every rule', () => {
    const all = rulesOf('all');
    expect(Object.keys(all).sort()).toEqual(ruleIds.map((id) => `${PLUGIN_NAMESPACE}/${id}`).sort());
    for (const [key, value] of Object.entries(all)) expect(levelOf(value), key).not.toBe('off');
  });
});

describe('eslint-doc-generator configuration', () => {
  it('links rule docs to DOCS_BASE_URL and lists rules in README.md', async () => {
    const rcPath = path.join(root, '.eslint-doc-generatorrc.js');
    const rc = ((await import(pathToFileURL(rcPath).href)) as { default: Record<string, unknown> }).default;
    expect(rc.urlRuleDoc).toBe(`${DOCS_BASE_URL}{name}.md`);
    expect(rc.pathRuleDoc).toBe('docs/rules/{name}.md');
    expect(rc.pathRuleList).toBe('README.md');
    const emojiConfigs = (rc.configEmoji as Array<[string, string]>).map(([name]) => name).sort();
    expect(emojiConfigs).toEqual(Object.keys(plugin.configs).sort());
  });

  it('README.md has the generated rules list markers', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(readme).toContain('<!-- begin auto-generated rules list -->');
    expect(readme).toContain('<!-- end auto-generated rules list -->');
  });
});
