// The schema of the CLI configuration: one strict zod schema validates it and is converted to the
// JSON schema editors use (`schema/config.schema.json`, kept fresh by a test). config.ts finds and
// reads the file, and loads this module (and zod) only when there is one to validate.
import { z } from 'zod';
import { catalog, ruleIds, type RuleId } from '../checks/catalog.js';
import { ruleOptionSchemas } from '../checks/rule-option-schemas.js';
import { adapterDeclarationsSchema } from '../facts/adapters/declarations-schema.js';
import { formatPath, RULE_PREFIX, ruleLevels, SCHEMA_PATH, type RuleLevel } from './config.js';
import { CliError } from './errors.js';

/** ESLint's numeric levels: 0, 1, 2. */
const numericLevels: Record<0 | 1 | 2, RuleLevel> = { 0: 'off', 1: 'warn', 2: 'error' };

export const ruleLevelSchema = z
  .union([z.enum(ruleLevels), z.union([z.literal(0), z.literal(1), z.literal(2)]).transform((n) => numericLevels[n])], {
    error: () => 'Invalid option: expected one of "off"|"warn"|"error" (or 0, 1, 2)',
  })
  .describe(
    '"off" (0) turns the rule off; "warn" (1) reports warnings (exit code 0 unless over maxWarnings); "error" (2) reports errors (exit code 1). As in ESLint.',
  );

/** `[level]` or `[level, options]`, options validated by the rule's own schema. */
function ruleTupleSchema<Id extends RuleId>(id: Id) {
  return z.tuple([ruleLevelSchema, ruleOptionSchemas[id].optional()]);
}

function ruleEntrySchema<Id extends RuleId>(id: Id) {
  return z.union([ruleLevelSchema, ruleTupleSchema(id)]).describe(`${catalog[id].description}. ${catalog[id].docsUrl}`);
}

type RuleEntrySchema<Id extends RuleId> = ReturnType<typeof ruleEntrySchema<Id>>;

function rulesSchema() {
  const shape = {} as { [Id in RuleId]: z.ZodOptional<RuleEntrySchema<Id>> } & Record<`${typeof RULE_PREFIX}${RuleId}`, z.ZodType>;
  for (const id of ruleIds) {
    (shape as Record<string, z.ZodType>)[id] = ruleEntrySchema(id).optional();
    (shape as Record<string, z.ZodType>)[`${RULE_PREFIX}${id}`] = ruleEntrySchema(id).optional();
  }
  return z
    .strictObject(shape)
    .superRefine((rules, ctx) => {
      for (const id of ruleIds) {
        if ((rules as Record<string, unknown>)[id] !== undefined && (rules as Record<string, unknown>)[`${RULE_PREFIX}${id}`] !== undefined) {
          ctx.addIssue({ code: 'custom', path: [`${RULE_PREFIX}${id}`], message: `names the rule "${id}" a second time; keep one of the two keys` });
        }
      }
    })
    .describe(
      'Rule levels, as in ESLint: "off" | "warn" | "error" (or 0 | 1 | 2), or [level, options]; a rule id may carry the plugin prefix ("tool-identity/no-tool-name-collision"). Rules left out run at their default level.',
    );
}

export const configSchema = z
  .strictObject({
    $schema: z.string().optional().describe(`JSON schema of this file, for editors: "./${SCHEMA_PATH}".`),
    include: z
      .array(z.string().min(1))
      .optional()
      .describe('Globs of files to analyse, relative to the working directory. Default: the tsconfig files, else every TypeScript and JavaScript file.'),
    exclude: z.array(z.string().min(1)).optional().describe('Globs of files to leave out, relative to the working directory.'),
    tsconfig: z
      .string()
      .min(1)
      .optional()
      .describe('tsconfig.json that lists the project files, followed alone, relative to the working directory. Default: each file is analysed through its nearest tsconfig.json, found from the working directory (at, above or below the paths). --tsconfig overrides it.'),
    rules: rulesSchema().optional(),
    rulesFrom: z
      .literal('eslint')
      .optional()
      .describe(
        'Take the rule levels and options from the project\'s ESLint flat config (its "tool-identity/<id>" entries), file by file, instead of "rules": the rules are configured once. Loading an ESLint config runs it, as ESLint does. Same as --eslint-config.',
      ),
    eslintConfig: z
      .string()
      .min(1)
      .optional()
      .describe('The ESLint config file that "rulesFrom": "eslint" reads, relative to the working directory. Default: the one ESLint itself finds. --eslint-config <file> overrides it.'),
    baseline: z
      .string()
      .min(1)
      .optional()
      .describe('Baseline file whose findings are suppressed (written with --write-baseline), relative to the working directory. --baseline overrides it.'),
    adapters: adapterDeclarationsSchema
      .optional()
      .describe(
        "The project's own wrappers in the adapter vocabulary (README, \"Your own wrappers\"): `extends` a built-in adapter (\"registerPaidTool(server, name, ...) registers name like registerTool\"), or `id` and `title` of a new one.",
      ),
    maxWarnings: z
      .int()
      .min(-1)
      .optional()
      .describe('Exit with code 1 when there are more warnings than this; -1 means no limit (the default). --max-warnings overrides it.'),
  })
  .superRefine((config, ctx) => {
    // One source of levels: ESLint's config replaces "rules" whole.
    if (config.rulesFrom !== undefined && config.rules !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['rules'], message: 'not used with "rulesFrom": "eslint" (the levels come from the ESLint config); keep one of the two keys' });
    }
    if (config.eslintConfig !== undefined && config.rulesFrom === undefined) {
      ctx.addIssue({ code: 'custom', path: ['eslintConfig'], message: 'only read with "rulesFrom": "eslint"' });
    }
  })
  .describe('Configuration of the tool-identity-audit CLI.');

export type Config = z.output<typeof configSchema>;

/** The JSON schema committed at schema/config.schema.json (draft-07: what editors understand best). */
export function configJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(configSchema, { target: 'draft-7', io: 'input' }),
    $id: 'https://github.com/tool-identity-audit/tool-identity-audit/blob/main/schema/config.schema.json',
    title: 'tool-identity-audit configuration',
  };
}

/** Validates a parsed config value; `prefix` is its key path inside the file (package.json). */
export function parseConfig(value: unknown, shown: string, prefix: PropertyKey[] = []): Config {
  const result = configSchema.safeParse(value);
  if (result.success) return result.data;
  const problems = describeIssues(result.error.issues, value, prefix);
  throw new CliError(`invalid configuration in ${shown}: ${problems.join('; ')}`);
}

type Issue = z.core.$ZodIssue;

/**
 * One `path: message` per problem. Zod reports a rule entry that matches neither `level` nor
 * `[level, options]` as an opaque union failure; we re-check the value against the branch its type
 * selects, so the message points at the option that is wrong.
 */
export function describeIssues(issues: readonly Issue[], root: unknown, prefix: PropertyKey[] = []): string[] {
  const out: string[] = [];
  for (const issue of issues) {
    const at = [...prefix, ...issue.path];
    if (issue.code === 'unrecognized_keys') {
      const inRules = issue.path.length === 1 && issue.path[0] === 'rules';
      for (const key of issue.keys) {
        out.push(
          inRules
            ? `${formatPath([...at, key])}: Unknown rule; known rules: ${ruleIds.join(', ')}`
            : `${formatPath([...at, key])}: Unrecognized key`,
        );
      }
      continue;
    }
    if (issue.code === 'invalid_union' && issue.path.length === 2 && issue.path[0] === 'rules') {
      const id = issue.path[1] as RuleId;
      const value = valueAt(root, issue.path);
      const branch = typeof value === 'string' ? ruleLevelSchema : Array.isArray(value) ? ruleTupleSchema(id) : undefined;
      const nested = branch?.safeParse(value);
      if (nested && !nested.success) {
        out.push(...describeIssues(nested.error.issues, value, at));
        continue;
      }
      out.push(`${formatPath(at)}: Invalid input: expected "off", "warn", "error" (0, 1, 2) or [level, options], received ${typeName(value)}`);
      continue;
    }
    out.push(`${formatPath(at)}: ${issue.message}`);
  }
  return out;
}

function valueAt(root: unknown, segments: readonly PropertyKey[]): unknown {
  let value = root;
  for (const segment of segments) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[segment];
  }
  return value;
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

