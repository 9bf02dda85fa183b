// The rules' options when none are given, as plain data: a run without rule options does not load
// zod (rule-option-schemas.ts holds the schemas). A test holds each entry equal to its schema's
// `parse({})`, so the two cannot drift.
import type { RuleId } from './catalog.js';
import type { RuleOptions } from './rule-option-schemas.js';

export const ruleOptionDefaults: { readonly [Id in RuleId]: RuleOptions<Id> } = {
  'no-tool-name-collision': {},
  'no-namespace-equals-name': {},
  'no-call-id-coercion': {},
  'no-identity-helper-bypass': { helperModules: [], ignoreErrorMessages: true },
  'valid-tool-name': { provider: 'openai', reportRewrites: true },
  'no-confusable-tool-names': {},
  'no-tool-mutation-outside-invocation': {},
  'no-direct-tools-mutation': {},
  'stable-tool-identity': {},
  'required-function-name-known': {},
  'middleware-result-before-next': {},
  'middleware-await-next': {},
};

/** The defaults of `id` as an object of their own, as zod's `parse` returns one per call. */
export function defaultRuleOptions<Id extends RuleId>(id: Id): RuleOptions<Id> {
  return structuredClone(ruleOptionDefaults[id]);
}

/**
 * Whether the schema would turn `options` into the defaults unchanged: a plain object whose every
 * key holds its default value (`{}` too). Those need no validation; anything else goes to zod.
 */
export function meansDefaults(id: RuleId, options: unknown): boolean {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) return false;
  const proto: unknown = Object.getPrototypeOf(options);
  if (proto !== Object.prototype && proto !== null) return false;
  const defaults = ruleOptionDefaults[id] as Readonly<Record<string, unknown>>;
  return Object.entries(options).every(([key, value]) => Object.hasOwn(defaults, key) && sameData(value, defaults[key]));
}

function sameData(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameData(item, b[i]));
  return a === b;
}
