import { catalog, type MessageIdOf } from '../src/checks/catalog.js';
import { createRule, docsOf, optionsSchema } from './create-rule.js';
import { reportFindings } from './utils.js';

export type Options = [];
export type MessageIds = MessageIdOf<'no-tool-name-collision'>;

// The decision lives in src/checks; this file is the ESLint front end of it.
export default createRule<Options, MessageIds>({
  name: 'no-tool-name-collision',
  meta: {
    type: catalog['no-tool-name-collision'].type,
    docs: docsOf('no-tool-name-collision'),
    messages: catalog['no-tool-name-collision'].messages,
    schema: optionsSchema('no-tool-name-collision'),
    defaultOptions: [],
  },
  create(context) {
    return {
      'Program:exit'() {
        reportFindings(context, 'no-tool-name-collision', {});
      },
    };
  },
});
