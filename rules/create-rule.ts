import type { ESLintUtils, TSESLint } from '@typescript-eslint/utils';
import type { JSONSchema4 } from '@typescript-eslint/utils/json-schema';
import { z } from 'zod';
import { catalog, DOCS_BASE_URL, SUGGESTION_MESSAGE_IDS, type MessageIdOf, type RuleId } from '../src/checks/catalog.js';
import { ruleOptionSchemas } from '../src/checks/rule-option-schemas.js';
import { OTHER_PLACES, reportFindings } from './utils.js';

/** Extra `meta.docs` fields of this plugin's rules. */
export interface ToolIdentityRuleDocs {
  description: string;
  /** In the `recommended` configs. */
  recommended?: boolean;
  /** Cannot work without type information (none of the current rules). */
  requiresTypeChecking?: boolean;
}

type RuleSpec<Options extends readonly unknown[], MessageIds extends string> = Readonly<{
  name: RuleId;
  meta: ESLintUtils.NamedCreateRuleMeta<MessageIds, ToolIdentityRuleDocs, Options>;
  create: (context: Readonly<TSESLint.RuleContext<MessageIds, Options>>, options: Readonly<Options>) => TSESLint.RuleListener;
}>;

/**
 * What typescript-eslint's `RuleCreator` does (the docs URL; `meta.defaultOptions` under the user's
 * options, which ESLint itself applies only from 9.15), without depending on
 * `@typescript-eslint/utils` at run time: its peer range `typescript <6.1` failed installs next to
 * TypeScript 7, and its pinned copy duplicated the user's typescript-eslint. Only its types are used.
 */
export function createRule<Options extends readonly unknown[], MessageIds extends string>(spec: RuleSpec<Options, MessageIds>): ToolIdentityRuleModule<MessageIds, Options> {
  const defaults = (spec.meta.defaultOptions ?? []) as readonly unknown[];
  return {
    meta: { ...spec.meta, docs: { ...spec.meta.docs, url: `${DOCS_BASE_URL}${spec.name}.md` } },
    create: (context) => spec.create(context, withDefaults(defaults, context.options) as unknown as Options),
  };
}

function withDefaults(defaults: readonly unknown[], given: readonly unknown[]): unknown[] {
  return defaults.map((fallback, i) => (given[i] === undefined ? structuredClone(fallback) : merged(fallback, given[i])));
}

/** `given` over `fallback`, objects merged key by key, anything else replaced. */
function merged(fallback: unknown, given: unknown): unknown {
  if (!isPlainObject(fallback) || !isPlainObject(given)) return given;
  const out: Record<string, unknown> = { ...fallback };
  for (const [key, value] of Object.entries(given)) out[key] = key in fallback ? merged(fallback[key], value) : value;
  return out;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `meta.docs` of a rule, read from the catalog so the docs and the CLI say the same. */
export function docsOf(id: RuleId): ToolIdentityRuleDocs {
  const meta = catalog[id];
  return {
    description: meta.description,
    recommended: meta.defaultSeverity !== 'off',
    requiresTypeChecking: meta.requiresTypeChecking,
  };
}

/**
 * The catalog's messages as ESLint shows them: a finding's message ends with its other places in
 * other files (" Also at src/tools.ts:12."), empty for a finding within one file. The CLI shows the
 * same places as related locations, so its messages (the catalog's) carry no such suffix.
 */
export function eslintMessages<M extends Record<string, string>>(messages: M): M {
  const out: Record<string, string> = {};
  for (const [id, text] of Object.entries(messages)) out[id] = SUGGESTION_MESSAGE_IDS.has(id) ? text : `${text}{{${OTHER_PLACES}}}`;
  return out as M;
}

/** Rule options are declared once in zod (src/checks/rule-option-schemas.ts); ESLint gets their JSON schema. */
export function optionsSchema(id: RuleId): JSONSchema4[] {
  const schema = ruleOptionSchemas[id];
  if (Object.keys(schema.shape).length === 0) return [];
  const json = z.toJSONSchema(schema, { target: 'draft-4', io: 'input' }) as JSONSchema4;
  delete json.$schema;
  return [json];
}


/**
 * The ESLint front end of a rule without options: its meta comes from the catalog and its
 * findings from src/checks, so every such rule file is this one call.
 */
export function catalogRule<Id extends RuleId>(id: Id): RuleModule<MessageIdOf<Id>> {
  const meta = catalog[id];
  return createRule<[], MessageIdOf<Id>>({
    name: id,
    meta: {
      type: meta.type,
      docs: docsOf(id),
      ...(meta.hasSuggestions ? { hasSuggestions: true } : {}),
      messages: eslintMessages(meta.messages) as Record<MessageIdOf<Id>, string>,
      schema: optionsSchema(id),
      defaultOptions: [],
    },
    create(context) {
      return {
        'Program:exit'() {
          reportFindings(context, id, {});
        },
      };
    },
  });
}

/** A rule of this plugin: typescript-eslint's rule type, with the docs (and their URL) always there. */
export type ToolIdentityRuleModule<MessageIds extends string, Options extends readonly unknown[]> = ESLintUtils.RuleModule<MessageIds, Options, ToolIdentityRuleDocs> & {
  meta: { docs: ToolIdentityRuleDocs & { url: string } };
};

export type RuleModule<MessageIds extends string> = ToolIdentityRuleModule<MessageIds, []>;
