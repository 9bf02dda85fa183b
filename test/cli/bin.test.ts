// One smoke test of the built executable (the package's `bin`, dist/src/cli/bin.cjs), as `npm run demo` and users
// run it: real process, real exit code, output piped.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { helpdeskProject, removeProjects, run } from './helpers.js';
import { bin, cleanEnv } from './spawn.js';

afterAll(removeProjects);

describe("the package's bin (dist/src/cli/bin.cjs)", () => {
  it('runs as an executable: same report and exit codes as in-process', async () => {
    expect(existsSync(bin), `${bin} was not built`).toBe(true);
    expect(readFileSync(bin, 'utf8').split('\n')[0]).toBe('#!/usr/bin/env node');

    const cwd = helpdeskProject();
    // A clean environment: no CI, GitHub Actions or NO_COLOR from the machine running the tests.
    const env = cleanEnv();
    const audit = spawnSync(process.execPath, [bin], { cwd, env, encoding: 'utf8' });
    const inProcess = await run([], { cwd });
    expect(inProcess.code).toBe(1);
    expect({ status: audit.status, stdout: audit.stdout, stderr: audit.stderr }).toEqual({
      status: 1,
      stdout: inProcess.stdout,
      stderr: '',
    });

    const fatal = spawnSync(process.execPath, [bin, '--rule', 'no-such-rule=warn'], { cwd, env, encoding: 'utf8' });
    expect(fatal.status).toBe(2);
    expect(fatal.stdout).toBe('');
    expect(fatal.stderr).toMatch(/^tool-identity-audit: --rule no-such-rule=warn: unknown rule "no-such-rule"; known rules: .+\n$/);
  });
});
