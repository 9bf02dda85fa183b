import { ESLintUtils } from '@typescript-eslint/utils';
import type { JSONSchema4 } from '@typescript-eslint/utils/json-schema';
import { z } from 'zod';
import { catalog, DOCS_BASE_URL, ruleOptionSchemas, SUGGESTION_MESSAGE_IDS, type MessageIdOf, type RuleId } from '../src/checks/catalog.js';
import { OTHER_PLACES, reportFindings } from './utils.js';

/** Extra `meta.docs` fields of this plugin's rules. */
export interface ToolIdentityRuleDocs {
  description: string;
  /** In the `recommended` configs. */
  recommended?: boolean;
  /** Cannot work without type information (none of the current rules). */
  requiresTypeChecking?: boolean;
}

export const createRule = ESLintUtils.RuleCreator<ToolIdentityRuleDocs>((name) => `${DOCS_BASE_URL}${name}.md`);

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

/** Rule options are declared once in zod (src/checks/catalog.ts); ESLint gets their JSON schema. */
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

export type RuleModule<MessageIds extends string> = ESLintUtils.RuleModule<MessageIds, [], ToolIdentityRuleDocs>;
