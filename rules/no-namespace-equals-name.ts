import { catalog, type MessageIdOf } from '../src/checks/catalog.js';
import { createRule, docsOf, optionsSchema } from './create-rule.js';
import { reportFindings } from './utils.js';

export type Options = [];
export type MessageIds = MessageIdOf<'no-namespace-equals-name'>;

// The decision lives in src/checks; this file is the ESLint front end of it.
export default createRule<Options, MessageIds>({
  name: 'no-namespace-equals-name',
  meta: {
    type: catalog['no-namespace-equals-name'].type,
    docs: docsOf('no-namespace-equals-name'),
    hasSuggestions: true,
    messages: catalog['no-namespace-equals-name'].messages,
    schema: optionsSchema('no-namespace-equals-name'),
    defaultOptions: [],
  },
  create(context) {
    return {
      'Program:exit'() {
        reportFindings(context, 'no-namespace-equals-name', {});
      },
    };
  },
});
