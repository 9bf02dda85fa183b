import type { MessageIdOf } from '../src/checks/catalog.js';
import { catalogRule } from './create-rule.js';

export type Options = [];
export type MessageIds = MessageIdOf<'required-function-name-known'>;

// The decision lives in src/checks; this is its ESLint front end (meta from the catalog).
export default catalogRule('required-function-name-known');
