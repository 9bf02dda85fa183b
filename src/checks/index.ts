// The decision core's entry: enabled rules in, sorted findings out. Every front end calls this.
import { ruleIds, type RuleId } from './catalog.js';
import { compareFindings, type Finding } from './finding.js';
import type { CheckInput, EnabledRules } from './input.js';
import type { RuleOptions } from './rule-option-schemas.js';
import { checkToolNameCollisions } from './tool-name-collision.js';
import { checkNamespaceEqualsName } from './namespace-equals-name.js';
import { checkCallIdCoercion } from './call-id-coercion.js';
import { checkIdentityHelperBypass } from './identity-helper-bypass.js';
import { checkValidToolNames } from './valid-tool-name.js';
import { checkConfusableToolNames } from './confusable-tool-names.js';
import { checkToolMutationOutsideInvocation } from './tool-mutation-outside-invocation.js';
import { checkDirectToolsMutation } from './direct-tools-mutation.js';
import { checkStableToolIdentity } from './stable-tool-identity.js';
import { checkRequiredFunctionNameKnown } from './required-function-name-known.js';
import { checkMiddlewareResultBeforeNext } from './middleware-result-before-next.js';
import { checkMiddlewareAwaitNext } from './middleware-await-next.js';

type Check<Id extends RuleId> = (input: CheckInput, options: RuleOptions<Id>) => Finding[];

export const checks: { [Id in RuleId]: Check<Id> } = {
  'no-tool-name-collision': checkToolNameCollisions,
  'no-namespace-equals-name': checkNamespaceEqualsName,
  'no-call-id-coercion': checkCallIdCoercion,
  'no-identity-helper-bypass': checkIdentityHelperBypass,
  'valid-tool-name': checkValidToolNames,
  'no-confusable-tool-names': checkConfusableToolNames,
  'no-tool-mutation-outside-invocation': checkToolMutationOutsideInvocation,
  'no-direct-tools-mutation': checkDirectToolsMutation,
  'stable-tool-identity': checkStableToolIdentity,
  'required-function-name-known': checkRequiredFunctionNameKnown,
  'middleware-result-before-next': checkMiddlewareResultBeforeNext,
  'middleware-await-next': checkMiddlewareAwaitNext,
};

/** Runs the enabled rules; findings are sorted by file, line, column and rule id. */
export function runChecks(input: CheckInput, rules: EnabledRules): Finding[] {
  const findings: Finding[] = [];
  for (const id of ruleIds) {
    const options = rules[id];
    if (options === undefined) continue;
    findings.push(...(checks[id] as Check<RuleId>)(input, options));
  }
  return findings.sort(compareFindings);
}

export * from './catalog.js';
export { defaultRuleOptions, ruleOptionDefaults } from './rule-option-defaults.js';
export type { RuleOptions, RuleOptionsInput } from './rule-option-schemas.js';
export * from './finding.js';
export type { CheckInput, EnabledRules } from './input.js';
