import { catalog, type MessageIdOf } from '../src/checks/catalog.js';
import { createRule, docsOf, optionsSchema } from './create-rule.js';
import { reportFindings } from './utils.js';

export type Options = [];
export type MessageIds = MessageIdOf<'stable-tool-identity'>;

// The decision lives in src/checks; this file is the ESLint front end of it.
export default createRule<Options, MessageIds>({
  name: 'stable-tool-identity',
  meta: {
    type: catalog['stable-tool-identity'].type,
    docs: docsOf('stable-tool-identity'),
    messages: catalog['stable-tool-identity'].messages,
    schema: optionsSchema('stable-tool-identity'),
    defaultOptions: [],
  },
  create(context) {
    return {
      'Program:exit'() {
        reportFindings(context, 'stable-tool-identity', {});
      },
    };
  },
});
