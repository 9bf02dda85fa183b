import { catalog, type MessageIdOf } from '../src/checks/catalog.js';
import { defaultRuleOptions, type RuleOptionsInput } from '../src/checks/index.js';
import { createRule, docsOf, eslintMessages, optionsSchema } from './create-rule.js';
import { reportFindings } from './utils.js';

export type Options = [RuleOptionsInput<'no-identity-helper-bypass'>?];
export type MessageIds = MessageIdOf<'no-identity-helper-bypass'>;

// The decision lives in src/checks; this file is the ESLint front end of it.
export default createRule<Options, MessageIds>({
  name: 'no-identity-helper-bypass',
  meta: {
    type: catalog['no-identity-helper-bypass'].type,
    docs: docsOf('no-identity-helper-bypass'),
    hasSuggestions: true,
    messages: eslintMessages(catalog['no-identity-helper-bypass'].messages),
    schema: optionsSchema('no-identity-helper-bypass'),
    defaultOptions: [defaultRuleOptions('no-identity-helper-bypass')],
  },
  create(context, [options]) {
    return {
      'Program:exit'() {
        reportFindings(context, 'no-identity-helper-bypass', options);
      },
    };
  },
});
