import { catalog, type MessageIdOf } from '../src/checks/catalog.js';
import { createRule, docsOf, optionsSchema } from './create-rule.js';
import { reportFindings } from './utils.js';

export type Options = [];
export type MessageIds = MessageIdOf<'no-call-id-coercion'>;

// The decision lives in src/checks; this file is the ESLint front end of it.
export default createRule<Options, MessageIds>({
  name: 'no-call-id-coercion',
  meta: {
    type: catalog['no-call-id-coercion'].type,
    docs: docsOf('no-call-id-coercion'),
    hasSuggestions: true,
    messages: catalog['no-call-id-coercion'].messages,
    schema: optionsSchema('no-call-id-coercion'),
    defaultOptions: [],
  },
  create(context) {
    return {
      'Program:exit'() {
        reportFindings(context, 'no-call-id-coercion', {});
      },
    };
  },
});
