// The rules' option schemas, in zod, and the validation of options as given. Only the paths that
// validate something import this module (the CLI's config file, options given to the analyzer API,
// the ESLint rules): loading zod costs about 0.1 s a process. Absent options are the plain
// defaults of rule-option-defaults.ts, which a test holds equal to `parse({})` here.
import { z } from 'zod';
import { toolNameProviders, type RuleId } from './catalog.js';

const noOptions = z.strictObject({});

export const ruleOptionSchemas = {
  'no-tool-name-collision': noOptions,
  'no-namespace-equals-name': noOptions,
  'no-call-id-coercion': noOptions,
  'no-identity-helper-bypass': z
    .strictObject({
      helperModules: z
        .array(z.string().min(1))
        .default([])
        .describe(
          'Globs (matched against the file path relative to the working directory) of modules where hand-built identity strings are allowed: your own canonical helper modules.',
        ),
      ignoreErrorMessages: z
        .boolean()
        .default(true)
        .describe('Do not report identity strings that are only used to build an error or log message.'),
    })
    .describe('Options for no-identity-helper-bypass.'),
  'valid-tool-name': z
    .strictObject({
      provider: z
        .enum(toolNameProviders)
        .default('openai')
        .describe('Provider whose tool-name rules apply: openai (^[a-zA-Z0-9_-]{1,64}$), anthropic (1-128 of the same set) or gemini (first character a letter or underscore, then letters, digits, _ . : -, at most 64).'),
      pattern: z
        .string()
        .min(1)
        .optional()
        .describe('A custom regular expression (source, anchored by you) that replaces the provider preset.'),
      reportRewrites: z
        .boolean()
        .default(true)
        .describe(
          'Report names the framework rewrites when nothing collides with or refers to the written form (the CLI reports them as warnings; ESLint at the rule\'s level). Rewrites that collide or are referred to are always reported.',
        ),
    })
    .describe('Options for valid-tool-name.'),
  'no-confusable-tool-names': noOptions,
  'no-tool-mutation-outside-invocation': noOptions,
  'no-direct-tools-mutation': noOptions,
  'stable-tool-identity': noOptions,
  'required-function-name-known': noOptions,
  'middleware-result-before-next': noOptions,
  'middleware-await-next': noOptions,
} as const satisfies Record<RuleId, z.ZodType>;

export type RuleOptions<Id extends RuleId> = z.output<(typeof ruleOptionSchemas)[Id]>;
/** Options as a user writes them: every key optional, defaults filled by `ruleOptions()`. */
export type RuleOptionsInput<Id extends RuleId> = z.input<(typeof ruleOptionSchemas)[Id]>;

/** Options of `id` with defaults filled in (throws a ZodError on invalid options). */
export function ruleOptions<Id extends RuleId>(id: Id, options: unknown = {}): RuleOptions<Id> {
  return ruleOptionSchemas[id].parse(options ?? {}) as RuleOptions<Id>;
}
