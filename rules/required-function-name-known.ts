import { catalog, type MessageIdOf } from '../src/checks/catalog.js';
import { createRule, docsOf, optionsSchema } from './create-rule.js';
import { reportFindings } from './utils.js';

export type Options = [];
export type MessageIds = MessageIdOf<'required-function-name-known'>;

// The decision lives in src/checks; this file is the ESLint front end of it.
export default createRule<Options, MessageIds>({
  name: 'required-function-name-known',
  meta: {
    type: catalog['required-function-name-known'].type,
    docs: docsOf('required-function-name-known'),
    messages: catalog['required-function-name-known'].messages,
    schema: optionsSchema('required-function-name-known'),
    defaultOptions: [],
  },
  create(context) {
    return {
      'Program:exit'() {
        reportFindings(context, 'required-function-name-known', {});
      },
    };
  },
});
