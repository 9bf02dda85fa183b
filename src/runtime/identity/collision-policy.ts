import { ToolIdentityError } from './errors.js';
import { describeValue } from './python-repr.js';

/** What to do with model-visible tool/handoff name collisions (runtime-identity.md c.3). */
export type ToolNameCollisionPolicy = 'warn' | 'error';

/**
 * `'warn'` for undefined (the default) and for `'warn'`, `'error'` for `'error'`; any other
 * value, explicit `null` included, throws {@link ToolIdentityError}, because a typo such as
 * `'erorr'` must not silently fall back to warnings (runtime-identity.md c.3, "Policy value").
 */
export function validateToolNameCollisionPolicy(policy: unknown): ToolNameCollisionPolicy {
  if (policy === undefined || policy === 'warn') {
    return 'warn';
  }
  if (policy === 'error') {
    return 'error';
  }
  throw new ToolIdentityError(
    `toolNameCollisionPolicy must be either 'warn' or 'error'; got ${describeValue(policy)}.`,
  );
}
