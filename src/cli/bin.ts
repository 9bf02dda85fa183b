#!/usr/bin/env node
// The `tool-identity-audit` executable. Sets process.exitCode instead of calling process.exit(), so
// reports piped to another program are flushed completely before Node exits.
import { packageInfo } from '../version.js';

// `tool-identity-audit | head` closes the pipe early: stop quietly instead of crashing on EPIPE.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});

const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  // A bare version query answers before the program (commander, zod, rule catalog) is even
  // loaded: pre-commit hooks and editors ask often. Same output as commander's version option.
  process.stdout.write(`${packageInfo.version}\n`);
} else {
  // Loaded lazily so the fast path above stays fast; main.ts loads the compiler only to analyse.
  const { main } = await import('./main.js');
  process.exitCode = await main(argv, {
    stdout: process.stdout,
    stderr: process.stderr,
    cwd: process.cwd(),
    env: process.env,
    isTTY: { stdout: process.stdout.isTTY === true, stderr: process.stderr.isTTY === true },
  });
}
