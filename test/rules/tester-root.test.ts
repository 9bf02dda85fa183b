// The syntax-only tester names its file under the repository whatever typescript-eslint inferred:
// reading `tseslint.configs` registers the reader's directory as a candidate `tsconfigRootDir`, and
// the test files share a worker's modules (vitest.config.ts). With a foreign candidate, `file.ts`
// once resolved there, where no package.json installs the runtime, and the suggestions that import
// it became inline edits in whichever rule file ran next (three cases failed now and then).
import { addCandidateTSConfigRootDir, clearCandidateTSConfigRootDirs } from '@typescript-eslint/typescript-estree';
import { afterAll } from 'vitest';
import callIdRule from '../../rules/no-call-id-coercion.js';
import { assertionOptions, loc, replaceNth, syntaxTester } from './testers.js';

addCandidateTSConfigRootDir('/tmp');
afterAll(() => clearCandidateTSConfigRootDirs());

const code = `export function approvalKey(item: { call_id?: string }): string {
  return String(item.call_id);
}
`;

syntaxTester().run('no-call-id-coercion beside a foreign inferred tsconfigRootDir', callIdRule, {
  assertionOptions,
  valid: [],
  invalid: [
    {
      name: 'file.ts is the repository\'s: the suggestion imports the runtime',
      code,
      errors: [
        {
          messageId: 'coercedCallId',
          data: { expression: 'item.call_id', form: 'String()', otherPlaces: '' },
          ...loc(code, 'String(item.call_id)'),
          suggestions: [
            {
              messageId: 'useExtractToolCallId',
              data: { rawItem: 'item' },
              output: `import { extractToolCallId } from 'tool-identity-audit/runtime';\n${replaceNth(code, 'String(item.call_id)', 'extractToolCallId(item)')}`,
            },
          ],
        },
      ],
    },
  ],
});
