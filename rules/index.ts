// Every rule of the plugin, keyed by id (file name = rule name = docs page; a meta-test checks it).
import middlewareAwaitNext from './middleware-await-next.js';
import middlewareResultBeforeNext from './middleware-result-before-next.js';
import noCallIdCoercion from './no-call-id-coercion.js';
import noConfusableToolNames from './no-confusable-tool-names.js';
import noDirectToolsMutation from './no-direct-tools-mutation.js';
import noIdentityHelperBypass from './no-identity-helper-bypass.js';
import noNamespaceEqualsName from './no-namespace-equals-name.js';
import noToolMutationOutsideInvocation from './no-tool-mutation-outside-invocation.js';
import noToolNameCollision from './no-tool-name-collision.js';
import requiredFunctionNameKnown from './required-function-name-known.js';
import stableToolIdentity from './stable-tool-identity.js';
import validToolName from './valid-tool-name.js';

export const rules = {
  'middleware-await-next': middlewareAwaitNext,
  'middleware-result-before-next': middlewareResultBeforeNext,
  'no-call-id-coercion': noCallIdCoercion,
  'no-confusable-tool-names': noConfusableToolNames,
  'no-direct-tools-mutation': noDirectToolsMutation,
  'no-identity-helper-bypass': noIdentityHelperBypass,
  'no-namespace-equals-name': noNamespaceEqualsName,
  'no-tool-mutation-outside-invocation': noToolMutationOutsideInvocation,
  'no-tool-name-collision': noToolNameCollision,
  'required-function-name-known': requiredFunctionNameKnown,
  'stable-tool-identity': stableToolIdentity,
  'valid-tool-name': validToolName,
};
