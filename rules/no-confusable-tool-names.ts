import { catalog, type MessageIdOf } from '../src/checks/catalog.js';
import { createRule, docsOf, optionsSchema } from './create-rule.js';
import { reportFindings } from './utils.js';

export type Options = [];
export type MessageIds = MessageIdOf<'no-confusable-tool-names'>;

// The decision lives in src/checks; this file is the ESLint front end of it.
export default createRule<Options, MessageIds>({
  name: 'no-confusable-tool-names',
  meta: {
    type: catalog['no-confusable-tool-names'].type,
    docs: docsOf('no-confusable-tool-names'),
    messages: catalog['no-confusable-tool-names'].messages,
    schema: optionsSchema('no-confusable-tool-names'),
    defaultOptions: [],
  },
  create(context) {
    return {
      'Program:exit'() {
        reportFindings(context, 'no-confusable-tool-names', {});
      },
    };
  },
});
