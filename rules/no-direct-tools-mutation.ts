import { catalog, type MessageIdOf } from '../src/checks/catalog.js';
import { createRule, docsOf, optionsSchema } from './create-rule.js';
import { reportFindings } from './utils.js';

export type Options = [];
export type MessageIds = MessageIdOf<'no-direct-tools-mutation'>;

// The decision lives in src/checks; this file is the ESLint front end of it.
export default createRule<Options, MessageIds>({
  name: 'no-direct-tools-mutation',
  meta: {
    type: catalog['no-direct-tools-mutation'].type,
    docs: docsOf('no-direct-tools-mutation'),
    messages: catalog['no-direct-tools-mutation'].messages,
    schema: optionsSchema('no-direct-tools-mutation'),
    defaultOptions: [],
  },
  create(context) {
    return {
      'Program:exit'() {
        reportFindings(context, 'no-direct-tools-mutation', {});
      },
    };
  },
});
