import { catalog, type MessageIdOf } from '../src/checks/catalog.js';
import { createRule, docsOf, optionsSchema } from './create-rule.js';
import { reportFindings } from './utils.js';

export type Options = [];
export type MessageIds = MessageIdOf<'middleware-await-next'>;

// The decision lives in src/checks; this file is the ESLint front end of it.
export default createRule<Options, MessageIds>({
  name: 'middleware-await-next',
  meta: {
    type: catalog['middleware-await-next'].type,
    docs: docsOf('middleware-await-next'),
    messages: catalog['middleware-await-next'].messages,
    schema: optionsSchema('middleware-await-next'),
    defaultOptions: [],
  },
  create(context) {
    return {
      'Program:exit'() {
        reportFindings(context, 'middleware-await-next', {});
      },
    };
  },
});
