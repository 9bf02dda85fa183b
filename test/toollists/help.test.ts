// The `tools` subcommand in the CLI's help, run in-process like test/cli/main.test.ts.
import { describe, expect, it } from 'vitest';
import { run } from '../cli/helpers.js';

describe('tools --help', () => {
  it('is listed by the main help and documents its inputs, rules, flags and exit codes', async () => {
    const main = await run(['--help'], { cwd: process.cwd() });
    expect(main.stdout).toContain('tools [options] <files...>');
    const result = await run(['tools', '--help'], { cwd: process.cwd(), columns: 120 });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^Usage: tool-identity-audit tools \[options\] <files\.\.\.>\n/);
    for (const flag of ['--provider <name>', '(choices: "openai", "anthropic", "gemini")', '--baseline <file>', '--write-baseline', '--rule <id=level>', '--max-warnings <n>']) {
      expect(result.stdout).toContain(flag);
    }
    expect(result.stdout).toContain('Rules that apply: no-tool-name-collision, no-namespace-equals-name, valid-tool-name, no-confusable-tool-names.');
    expect(result.stdout).toContain('Exit codes: 0 clean; 1 error-level findings, malformed files or too many warnings; 2 fatal');
  });
});
