import type { MessageIdOf } from '../src/checks/catalog.js';
import { catalogRule } from './create-rule.js';

export type Options = [];
export type MessageIds = MessageIdOf<'no-tool-name-collision'>;

// The decision lives in src/checks; this is its ESLint front end (meta from the catalog).
export default catalogRule('no-tool-name-collision');
