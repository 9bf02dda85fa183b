// schema/config.schema.json is generated from the zod config schema. This test fails when the
// committed file is stale; `npx vitest run test/cli/config-schema.test.ts -u` rewrites it.
import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import { describe, expect, it } from 'vitest';
import { ruleIds } from '../../src/checks/catalog.js';
import { configJsonSchema } from '../../src/cli/config-schema.js';

const committedPath = new URL('../../schema/config.schema.json', import.meta.url);

describe('schema/config.schema.json', () => {
  it('is what z.toJSONSchema makes of the config schema', async () => {
    await expect(`${JSON.stringify(configJsonSchema(), null, 2)}\n`).toMatchFileSnapshot('../../schema/config.schema.json');
  });

  // The committed file, as editors and users see it (read after the first test has checked it).
  let compiled: ValidateFunction | undefined;
  const validate = (config: unknown): boolean => {
    compiled ??= new Ajv({ strict: false }).compile(JSON.parse(readFileSync(committedPath, 'utf8')) as object);
    return compiled(config);
  };

  it('accepts a full configuration', () => {
    const config = {
      $schema: './node_modules/tool-identity-audit/schema/config.schema.json',
      include: ['src/**/*.ts'],
      exclude: ['src/**/*.test.ts'],
      tsconfig: 'tsconfig.app.json',
      rules: {
        'no-confusable-tool-names': 'warn',
        'valid-tool-name': ['error', { provider: 'anthropic' }],
        'no-identity-helper-bypass': ['warn', { helperModules: ['src/identity/**'], ignoreErrorMessages: false }],
        'no-call-id-coercion': ['off'],
      },
      baseline: 'tool-identity-audit.baseline.json',
      maxWarnings: 0,
    };
    expect(validate(config), JSON.stringify(compiled?.errors)).toBe(true);
  });

  it.each([
    ['an unknown key', { colour: true }],
    ['an unknown rule id', { rules: { 'no-such-rule': 'error' } }],
    ['a bad level', { rules: { 'valid-tool-name': 'on' } }],
    ['a bad rule option', { rules: { 'valid-tool-name': ['error', { provider: 'mistral' }] } }],
    ['an unknown rule option', { rules: { 'no-call-id-coercion': ['error', { strict: true }] } }],
    ['a non-integer maxWarnings', { maxWarnings: 1.5 }],
    ['include as a string', { include: 'src' }],
  ])('rejects %s, as the CLI does', (_what, config) => {
    expect(validate(config)).toBe(false);
  });

  it('describes every rule', () => {
    const schema = configJsonSchema() as { properties: { rules: { properties: Record<string, { description?: string }> } } };
    // Each rule under its id and under the ESLint plugin's prefix.
    expect(Object.keys(schema.properties.rules.properties)).toEqual(ruleIds.flatMap((id) => [id, `tool-identity/${id}`]));
    for (const key of Object.keys(schema.properties.rules.properties)) expect(schema.properties.rules.properties[key]?.description).toMatch(/^\S.+\. https:\/\/\S+\.md$/);
  });
});
