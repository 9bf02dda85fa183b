// Which files are tests. Names written there reach stub models, and hand-built identities there are
// expected values the code under test is held to: rules that judge what a provider or a model sees
// skip them.
const TEST_FILE = /(^|\/)(__tests__|__mocks__|test|tests)\/|[._-](test|spec)\.[cm]?[jt]sx?$/;

/** Test modules: `*.test.ts`, `*.spec.tsx`, files under `test/`, `tests/`, `__tests__/` or `__mocks__/`. */
export function isTestFile(file: string): boolean {
  return TEST_FILE.test(file.split('\\').join('/'));
}
