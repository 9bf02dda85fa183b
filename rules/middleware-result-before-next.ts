import { catalog, type MessageIdOf } from '../src/checks/catalog.js';
import { createRule, docsOf, optionsSchema } from './create-rule.js';
import { reportFindings } from './utils.js';

export type Options = [];
export type MessageIds = MessageIdOf<'middleware-result-before-next'>;

// The decision lives in src/checks; this file is the ESLint front end of it.
export default createRule<Options, MessageIds>({
  name: 'middleware-result-before-next',
  meta: {
    type: catalog['middleware-result-before-next'].type,
    docs: docsOf('middleware-result-before-next'),
    messages: catalog['middleware-result-before-next'].messages,
    schema: optionsSchema('middleware-result-before-next'),
    defaultOptions: [],
  },
  create(context) {
    return {
      'Program:exit'() {
        reportFindings(context, 'middleware-result-before-next', {});
      },
    };
  },
});
