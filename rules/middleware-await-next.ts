import type { MessageIdOf } from '../src/checks/catalog.js';
import { catalogRule } from './create-rule.js';

export type Options = [];
export type MessageIds = MessageIdOf<'middleware-await-next'>;

// The decision lives in src/checks; this is its ESLint front end (meta from the catalog).
export default catalogRule('middleware-await-next');
