import { ESLintUtils } from '@typescript-eslint/utils';
import type { JSONSchema4 } from '@typescript-eslint/utils/json-schema';
import { z } from 'zod';
import { catalog, DOCS_BASE_URL, ruleOptionSchemas, type MessageIdOf, type RuleId } from '../src/checks/catalog.js';
import { reportFindings } from './utils.js';

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
      messages: meta.messages as Record<MessageIdOf<Id>, string>,
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
