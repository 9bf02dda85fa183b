#!/usr/bin/env node
// The `tool-identity-audit` executable. Sets process.exitCode instead of calling process.exit(), so
// reports piped to another program are flushed completely before Node exits.
import { main } from './main.js';

// `tool-identity-audit | head` closes the pipe early: stop quietly instead of crashing on EPIPE.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});

process.exitCode = await main(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  cwd: process.cwd(),
  env: process.env,
  isTTY: { stdout: process.stdout.isTTY === true, stderr: process.stderr.isTTY === true },
});
