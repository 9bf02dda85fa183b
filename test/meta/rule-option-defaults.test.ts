// Rule option defaults are plain data (src/checks/rule-option-defaults.ts) so that a run without
// options never loads zod; they must stay what the zod schemas give, and the options taken for the
// defaults without validation must be exactly ones the schema turns into them.
import { describe, expect, it } from 'vitest';
import { ruleIds } from '../../src/checks/catalog.js';
import { defaultRuleOptions, meansDefaults, ruleOptionDefaults } from '../../src/checks/rule-option-defaults.js';
import { ruleOptionSchemas } from '../../src/checks/rule-option-schemas.js';
import { runRules } from '../../src/analyzer/run-rules.js';

/** Options near the defaults: every single key of them, and values that differ from them. */
function candidates(id: (typeof ruleIds)[number]): unknown[] {
  const defaults = ruleOptionDefaults[id] as Record<string, unknown>;
  const keys = Object.keys(defaults);
  return [
    {},
    { ...defaults },
    Object.create(null) as object,
    ...keys.map((key) => ({ [key]: defaults[key] })),
    ...keys.map((key) => ({ [key]: undefined })),
    ...keys.map((key) => ({ [key]: Array.isArray(defaults[key]) ? ['src/ids.ts'] : typeof defaults[key] === 'boolean' ? !defaults[key] : 'anthropic' })),
    { ...defaults, pattern: '^x$' },
    { notAnOption: true },
    null,
    [],
    'openai',
    new Map(),
  ];
}

describe('rule option defaults', () => {
  it.each(ruleIds)('%s: the plain defaults are what its schema gives for {}', (id) => {
    expect(ruleOptionDefaults[id]).toStrictEqual(ruleOptionSchemas[id].parse({}));
  });

  it('gives each caller an object of its own', () => {
    const first = defaultRuleOptions('no-identity-helper-bypass');
    first.helperModules.push('src/mine.ts');
    expect(defaultRuleOptions('no-identity-helper-bypass').helperModules).toEqual([]);
    expect(ruleOptionDefaults['no-identity-helper-bypass'].helperModules).toEqual([]);
  });

  it.each(ruleIds)('%s: options taken for the defaults unvalidated are ones its schema turns into them', (id) => {
    let taken = 0;
    for (const options of candidates(id)) {
      const parsed = ruleOptionSchemas[id].safeParse(options);
      if (meansDefaults(id, options)) {
        taken++;
        expect({ options, parsed: parsed.data }).toStrictEqual({ options, parsed: ruleOptionDefaults[id] });
      }
    }
    // `{}`, a copy of the defaults, a null-prototype object and each default key alone.
    expect(taken).toBe(3 + Object.keys(ruleOptionDefaults[id]).length);
  });

  it('runs the analyzer API with defaults unvalidated and anything else through the schema', async () => {
    await expect(runRules({ 'valid-tool-name': {}, 'no-identity-helper-bypass': { ignoreErrorMessages: true } })).resolves.toStrictEqual({
      'valid-tool-name': { provider: 'openai', reportRewrites: true },
      'no-identity-helper-bypass': { helperModules: [], ignoreErrorMessages: true },
    });
    await expect(runRules({ 'valid-tool-name': { provider: 'anthropic' } })).resolves.toStrictEqual({
      'valid-tool-name': { provider: 'anthropic', reportRewrites: true },
    });
    await expect(runRules({ 'valid-tool-name': { provider: 'bing' }, 'no-call-id-coercion': { x: 1 } })).rejects.toThrow(
      /^invalid rule options: rules\.valid-tool-name\.provider: .*; rules\.no-call-id-coercion: Unrecognized key: "x"$/,
    );
  });
});
