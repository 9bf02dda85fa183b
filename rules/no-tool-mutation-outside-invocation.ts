import { catalog, type MessageIdOf } from '../src/checks/catalog.js';
import { createRule, docsOf, optionsSchema } from './create-rule.js';
import { reportFindings } from './utils.js';

export type Options = [];
export type MessageIds = MessageIdOf<'no-tool-mutation-outside-invocation'>;

// The decision lives in src/checks; this file is the ESLint front end of it.
export default createRule<Options, MessageIds>({
  name: 'no-tool-mutation-outside-invocation',
  meta: {
    type: catalog['no-tool-mutation-outside-invocation'].type,
    docs: docsOf('no-tool-mutation-outside-invocation'),
    messages: catalog['no-tool-mutation-outside-invocation'].messages,
    schema: optionsSchema('no-tool-mutation-outside-invocation'),
    defaultOptions: [],
  },
  create(context) {
    return {
      'Program:exit'() {
        reportFindings(context, 'no-tool-mutation-outside-invocation', {});
      },
    };
  },
});
