#!/usr/bin/env node
// The `tool-identity-audit` executable. Sets process.exitCode instead of calling process.exit(), so
// reports piped to another program are flushed completely before Node exits.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { packageInfo } from '../version.js';
import type * as Main from './main.js';
import { runOnServer } from './server-client.js';
import { serverPlace } from './server-place.js';

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
  // No top-level await: the build also bundles this file into the CommonJS launcher the package's
  // `bin` names (dist/src/cli/bin.cjs), which Node starts without its ES module loader.
  void run(argv);
}

async function run(args: string[]): Promise<void> {
  const bundle = fileURLToPath(new URL('../cli.cjs', import.meta.url));
  const server = serverPlace(fileURLToPath(import.meta.url), existsSync(bundle) ? bundle : fileURLToPath(new URL('./main.js', import.meta.url)), packageInfo.version);
  // A resident server of this installation (`server start`) runs it with everything loaded; the
  // `server` commands themselves always run here.
  if (args[0] !== 'server') {
    const code = await runOnServer(server, args, { stdout: process.stdout, stderr: process.stderr, cwd: process.cwd(), env: process.env });
    if (code !== undefined) {
      process.exitCode = code;
      return;
    }
  }
  // Loaded lazily so the fast path above stays fast; main.ts loads the compiler only to analyse.
  const { main, storeCompiledCode } = await loadMain(bundle);
  process.exitCode = await main(args, {
    stdout: process.stdout,
    stderr: process.stderr,
    cwd: process.cwd(),
    env: process.env,
    isTTY: { stdout: process.stdout.isTTY === true, stderr: process.stderr.isTTY === true },
    server: server ?? null,
  });
  storeCompiledCode();
}

/**
 * The CLI's modules: the bundle the build makes of them (dist/src/cli.cjs, scripts/bundle-cli.mjs),
 * compiled from a code cache, where it is there; else (a build without it) the modules themselves.
 */
async function loadMain(bundle: string): Promise<{ main: typeof Main.main; storeCompiledCode(): void }> {
  const { requireBundle } = await import('./compile-cache.js');
  if (existsSync(bundle)) {
    const loaded = requireBundle<typeof Main>(bundle, process.env, process.cwd());
    return { main: loaded.exports.main, storeCompiledCode: loaded.storeCompiledCode };
  }
  return { main: (await import('./main.js')).main, storeCompiledCode: () => {} };
}
