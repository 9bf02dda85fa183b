import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/setup.ts'],
    globalSetup: ['test/global-setup.ts'],
    // RuleTester typed cases, ts-morph projects and the tests that spawn the built CLI are slow on a
    // busy 2-core machine: one layouts test passed 60 s at a load average of 12 (issue 13). A
    // timeout is a hang detector here, not a performance assertion.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    reporters: process.env.GITHUB_ACTIONS ? ['default', 'github-actions'] : ['default'],
  },
});
