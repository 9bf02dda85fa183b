// Shared by the rule tests: the two RuleTesters (syntax only, and typed with the project service on
// fixtures/typed), `runCases` that feeds both, and the CLI's analyzer (./cli-cases.ts), from one
// list of cases, and small helpers that turn
// "the 2nd `'search'` in this code" into an exact ESLint location, so each expectation names the
// token it is about.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RuleTester, type InvalidTestCase, type ValidTestCase } from '@typescript-eslint/rule-tester';
import type { RuleModule } from '@typescript-eslint/utils/ts-eslint';
import { describe, it } from 'vitest';
import { ruleIdOf, runCliCases } from './cli-cases.js';

// RuleTester calls afterAll/describe/it at construction; vitest has no globals by default.
// Its afterAll only clears the parser's caches (to release file watchers, which a lint run never
// opens): that threw away the project service of fixtures/typed after every rule file, and each
// next file built the program again with the types of @openai/agents, the MCP SDK and zod (3-4 s a
// file). Test files share a worker's modules (vitest.config.ts), so they share that program.
RuleTester.afterAll = () => {};
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The typed fixture project: `tsconfig.json` includes `file.ts` and the modules typed cases import. */
export const typedFixtureDir = path.join(repoRoot, 'fixtures/typed');

/** Require `data` on every error and suggestion and all four location properties on every error. */
export const assertionOptions = { requireData: true, requireLocation: true } as const;

/**
 * No type information: each file is linted on its own (`recommended`). Its file name (`file.ts`)
 * is under the repository, whose package.json installs the runtime (suggestions import it): said
 * here, because without a `tsconfigRootDir` typescript-eslint takes one it inferred from whichever
 * file read its `configs` first, and the test files share a worker's modules (vitest.config.ts).
 */
export function syntaxTester(): RuleTester {
  return new RuleTester({ languageOptions: { parserOptions: { tsconfigRootDir: repoRoot } } });
}

/**
 * Type information through typescript-eslint's project service (`recommended-type-checked`).
 * One fixture style only (lint-anchors §2): the fixture tsconfig includes `file.ts`, no
 * `allowDefaultProject`. Cases lint `file.ts` (the default file name) with their own text.
 */
export function typedTester(): RuleTester {
  return new RuleTester({
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: typedFixtureDir } },
  });
}

/** Which tester runs a case: the syntax-only one, the typed one, or both (the default). */
export type Mode = 'syntax' | 'typed' | 'both';

export type ValidCase<Options extends readonly unknown[]> = ValidTestCase<Options> & { readonly mode?: Mode };
export type InvalidCase<MessageIds extends string, Options extends readonly unknown[]> = InvalidTestCase<MessageIds, Options> & {
  readonly mode?: Mode;
  /** What the CLI's analyzer reports instead, where it knows less than typed ESLint (it never asks the type checker). */
  readonly cliErrors?: InvalidTestCase<MessageIds, Options>['errors'];
};

export interface Cases<MessageIds extends string, Options extends readonly unknown[]> {
  readonly valid: readonly ValidCase<Options>[];
  readonly invalid: readonly InvalidCase<MessageIds, Options>[];
}

/** The cases `tester` runs, without `mode` (RuleTester would take an unknown property for ESLint config). */
function casesFor<Case extends { readonly mode?: Mode }>(cases: readonly Case[], tester: 'syntax' | 'typed'): Omit<Case, 'mode'>[] {
  return cases.filter((c) => (c.mode ?? 'both') === 'both' || c.mode === tester).map(({ mode: _mode, ...c }) => c);
}

/**
 * One list of cases for both testers, so a case that holds with and without type information is
 * written once: the syntax tester runs the `syntax` and `both` cases under `name`, the typed tester
 * the `typed` and `both` cases under `${name} (typed)`, each with `assertionOptions`.
 */
export function runCases<MessageIds extends string, Options extends readonly unknown[]>(
  name: string,
  rule: RuleModule<MessageIds, Options>,
  cases: Cases<NoInfer<MessageIds>, NoInfer<Options>>,
): void {
  const eslintOnly = <Case extends { readonly cliErrors?: unknown; readonly errors: InvalidTestCase<MessageIds, Options>['errors'] }>(list: Case[]): Omit<Case, 'cliErrors'>[] =>
    list.map(({ cliErrors: _cli, ...c }) => ({ ...c, errors: withOtherPlaces(c.errors) }));
  syntaxTester().run(name, rule, {
    assertionOptions,
    valid: casesFor(cases.valid, 'syntax'),
    invalid: eslintOnly(casesFor(cases.invalid, 'syntax')),
  });
  typedTester().run(`${name} (typed)`, rule, {
    assertionOptions,
    valid: casesFor(cases.valid, 'typed'),
    invalid: eslintOnly(casesFor(cases.invalid, 'typed')),
  });
  runCliCases(name, ruleIdOf(rule.meta.docs?.url), {
    syntax: [...casesFor(cases.valid, 'syntax'), ...casesFor(cases.invalid, 'syntax')],
    typed: [...casesFor(cases.valid, 'typed'), ...casesFor(cases.invalid, 'typed')],
  }, typedFixtureDir);
}

/**
 * ESLint's messages end with `{{otherPlaces}}`: a finding's related places in other files (see
 * rules/utils.ts `otherPlacesText`). An error that does not give it expects none (""); a cross-file
 * case names them in its data. The CLI shows them as related locations, not in the message.
 */
function withOtherPlaces<MessageIds extends string>(errors: InvalidTestCase<MessageIds, readonly unknown[]>['errors']): InvalidTestCase<MessageIds, readonly unknown[]>['errors'] {
  return errors.map((error) => {
    if (typeof error === 'string') return { messageId: error, data: { otherPlaces: '' } };
    if (error.data !== undefined && Object.hasOwn(error.data, 'otherPlaces')) return error;
    return { ...error, data: { otherPlaces: '', ...error.data } };
  });
}

export interface Location {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/** Offset of the `nth` (1-based) occurrence of `needle` in `code`; throws when there is none. */
export function offsetOf(code: string, needle: string, nth = 1): number {
  let index = -1;
  for (let i = 0; i < nth; i++) {
    index = code.indexOf(needle, index + 1);
    if (index < 0) throw new Error(`occurrence ${nth} of ${JSON.stringify(needle)} not found in the test code`);
  }
  return index;
}

function position(code: string, offset: number): { line: number; column: number } {
  const before = code.slice(0, offset).split('\n');
  // ESLint messages: 1-based lines, 1-based columns.
  return { line: before.length, column: (before.at(-1) as string).length + 1 };
}

/** ESLint's location of the `nth` occurrence of `needle` (the reported range is exactly the needle). */
export function loc(code: string, needle: string, nth = 1): Location {
  const start = offsetOf(code, needle, nth);
  const a = position(code, start);
  const b = position(code, start + needle.length);
  return { line: a.line, column: a.column, endLine: b.line, endColumn: b.column };
}

/** `code` with the `nth` occurrence of `needle` replaced: the expected output of a suggestion. */
export function replaceNth(code: string, needle: string, replacement: string, nth = 1): string {
  const start = offsetOf(code, needle, nth);
  return code.slice(0, start) + replacement + code.slice(start + needle.length);
}
