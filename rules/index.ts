// Every rule of the plugin, keyed by id (file name = rule name = docs page; a meta-test checks it).
import noCallIdCoercion from './no-call-id-coercion.js';
import noConfusableToolNames from './no-confusable-tool-names.js';
import noIdentityHelperBypass from './no-identity-helper-bypass.js';
import noNamespaceEqualsName from './no-namespace-equals-name.js';
import noToolNameCollision from './no-tool-name-collision.js';
import validToolName from './valid-tool-name.js';

export const rules = {
  'no-call-id-coercion': noCallIdCoercion,
  'no-confusable-tool-names': noConfusableToolNames,
  'no-identity-helper-bypass': noIdentityHelperBypass,
  'no-namespace-equals-name': noNamespaceEqualsName,
  'no-tool-name-collision': noToolNameCollision,
  'valid-tool-name': validToolName,
};
