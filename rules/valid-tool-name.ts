import { catalog, type MessageIdOf } from '../src/checks/catalog.js';
import { defaultRuleOptions, type RuleOptionsInput } from '../src/checks/index.js';
import { createRule, docsOf, eslintMessages, optionsSchema } from './create-rule.js';
import { reportFindings } from './utils.js';

export type Options = [RuleOptionsInput<'valid-tool-name'>?];
export type MessageIds = MessageIdOf<'valid-tool-name'>;

// The decision lives in src/checks; this file is the ESLint front end of it.
export default createRule<Options, MessageIds>({
  name: 'valid-tool-name',
  meta: {
    type: catalog['valid-tool-name'].type,
    docs: docsOf('valid-tool-name'),
    messages: eslintMessages(catalog['valid-tool-name'].messages),
    schema: optionsSchema('valid-tool-name'),
    defaultOptions: [defaultRuleOptions('valid-tool-name')],
  },
  create(context, [options]) {
    return {
      'Program:exit'() {
        reportFindings(context, 'valid-tool-name', options);
      },
    };
  },
});
