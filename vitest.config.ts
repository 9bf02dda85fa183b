import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Test files share one module registry per worker (`isolate: false`): re-importing ts-morph, the
// compiler, ESLint and the parser for each of ~90 files cost about 40 % of the suite's CPU (issue
// 13: 7.6 -> 4.6 CPU-minutes). Files that replace a module with `vi.mock` need a registry of their
// own and run isolated.
const MOCKING = ['test/analyzer/pipeline.test.ts'];

export default defineConfig({
  test: {
    setupFiles: ['test/setup.ts'],
    globalSetup: ['test/global-setup.ts'],
    // RuleTester typed cases, ts-morph projects and the tests that spawn the built CLI are slow on a
    // busy 2-core machine: one layouts test passed 60 s at a load average of 12 (issue 13). A
    // timeout is a hang detector here, not a performance assertion.
    testTimeout: 180_000,
    // A missing golden or snapshot fails everywhere, as in CI: they are written only by an explicit
    // `-u` (`npm run golden:update`, `npm run schema:update`), whose diff is reviewed (issue 26).
    update: 'none',
    // Vitest keeps a core for itself (workers = cores - 1): one worker on a 2-core machine, where a
    // third of the suite's CPU was in the processes the tests spawn (the binary, tsc, npm), so the
    // second core sat idle. One worker per core (docs/testing.md has the measurements).
    maxWorkers: os.availableParallelism(),
    hookTimeout: 180_000,
    reporters: process.env.GITHUB_ACTIONS ? ['default', 'github-actions'] : ['default'],
    projects: [
      { extends: true, test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: MOCKING, isolate: false } },
      { extends: true, test: { name: 'isolated', include: MOCKING, isolate: true } },
    ],
  },
});
