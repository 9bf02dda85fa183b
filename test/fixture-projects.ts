// The fixture projects and what checks each: one list for every suite that runs "every fixture".
// A fixture project is fixtures/<name> or fixtures/<group>/<name> holding a package.json or a
// tsconfig.json. Each must have an EXPECTED.md, which the exact-findings suites compare with
// (test/analyzer/fixtures.test.ts, test/analyzer/prefilter.test.ts, test/rules/integration.test.ts),
// unless GOLDEN_ONLY lists it with the reason: a fixture without one fails the suite instead of
// dropping out of it (test/analyzer/fixtures.test.ts "every fixture project is checked").
import fs from 'node:fs';
import path from 'node:path';

export const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');

/** Folders of fixtures/ that hold fixture projects, one per subfolder. */
export const GROUPS = ['projects', 'layouts', 'frameworks'] as const;

/** Folders of fixtures/ that are neither a project nor a group of projects, with the reason. */
export const NOT_PROJECTS: Readonly<Record<string, string>> = {
  'tool-lists': 'dumped tool lists for the `tools` command, each checked by test/toollists/ (fixtures/tool-lists/README.md)',
};

/**
 * Fixture projects with no EXPECTED.md, each with the reason: the golden outputs
 * (test/golden/outputs.test.ts) are all that check them as a whole project.
 */
export const GOLDEN_ONLY: Readonly<Record<string, string>> = {
  typed: 'the program of the typed RuleTester cases: each case states its own findings (fixtures/typed/README.md)',
};

const isProject = (dir: string): boolean => fs.existsSync(path.join(dir, 'package.json')) || fs.existsSync(path.join(dir, 'tsconfig.json'));
const subfolders = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

/** Folders directly in fixtures/ that are neither a project, a group nor in NOT_PROJECTS (must be none). */
export const unclassified: readonly string[] = subfolders(FIXTURES).filter(
  (name) => !isProject(path.join(FIXTURES, name)) && !(GROUPS as readonly string[]).includes(name) && !Object.hasOwn(NOT_PROJECTS, name),
);

/** Every fixture project, relative to fixtures/ (POSIX), sorted: `demo`, `projects/clean`, ... */
export const allFixtureProjects: readonly string[] = [
  ...subfolders(FIXTURES).filter((name) => isProject(path.join(FIXTURES, name))),
  ...GROUPS.flatMap((group) => subfolders(path.join(FIXTURES, group)).map((name) => `${group}/${name}`)),
].sort();

/** The fixture projects the exact-findings suites compare with their EXPECTED.md: all but GOLDEN_ONLY. */
export const expectedFixtures: readonly string[] = allFixtureProjects.filter((name) => !Object.hasOwn(GOLDEN_ONLY, name));

/**
 * The fixture projects test/golden/outputs.test.ts holds to golden outputs: every one but the
 * layouts (test/analyzer/layouts.test.ts compares each with its packages), GOLDEN_ONLY included.
 */
export const goldenFixtures: readonly string[] = allFixtureProjects.filter((name) => !name.startsWith('layouts/'));

/** The fixture projects of one group (`projects/...`), from `list`. */
export const inGroup = (list: readonly string[], group: (typeof GROUPS)[number]): string[] => list.filter((name) => name.startsWith(`${group}/`));
