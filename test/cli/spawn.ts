// The built executable as users run it (the package's `bin`, dist/src/cli/bin.cjs), spawned with a clean
// environment, and its JSON report as rows tests can compare.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
/** The file the package's `bin` names, as npm links it (test/global-setup.ts builds it). */
export const bin = path.join(repoRoot, (JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { bin: Record<string, string> }).bin['tool-identity-audit']!);

/**
 * A clean environment (PATH only: no CI, GitHub Actions or NO_COLOR from the machine running the
 * tests) with a TMPDIR of the suite's own, where no resident server listens: a server the developer
 * started for this checkout (`server start`) would otherwise answer the tests' runs
 * (test/cli/server.test.ts starts its own, each in a TMPDIR of its own).
 */
export function cleanEnv(extra: Record<string, string> = {}): Record<string, string> {
  return { PATH: process.env['PATH'] ?? '', TMPDIR: path.join(repoRoot, 'node_modules/.cache/tool-identity-audit-tests/tmp'), ...extra };
}

/**
 * The environment of most spawned runs: the clean one, and Node's NODE_COMPILE_CACHE in this
 * checkout, so the compiler is compiled once for the suite instead of once per process (a quarter
 * of each run; on Node 20 the CLI applies the variable itself, src/cli/compile-cache.ts). A code
 * cache changes no output: V8 rejects an entry that does not fit and compiles again.
 */
export function binEnv(extra: Record<string, string> = {}): Record<string, string> {
  return cleanEnv({ NODE_COMPILE_CACHE: path.join(repoRoot, 'node_modules/.cache/tool-identity-audit-tests'), ...extra });
}

export interface BinResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the binary in `cwd`; `preload` is a module Node loads first (`--import`). */
export function runBin(cwd: string, args: readonly string[], options: { preload?: string; env?: Record<string, string> } = {}): BinResult {
  if (!existsSync(bin)) throw new Error(`${bin} was not built (test/global-setup.ts builds it)`);
  const env = binEnv(options.env);
  const node = options.preload ? ['--import', pathToFileURL(options.preload).href] : [];
  const result = spawnSync(process.execPath, [...node, bin, ...args], { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The same, not blocking, so independent runs can share the machine's cores. */
export function runBinAsync(cwd: string, args: readonly string[]): Promise<BinResult> {
  if (!existsSync(bin)) throw new Error(`${bin} was not built (test/global-setup.ts builds it)`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd, env: binEnv() });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout: Buffer.concat(stdout).toString('utf8'), stderr: Buffer.concat(stderr).toString('utf8') }));
  });
}

export interface JsonFile {
  filePath: string;
  messages: Array<{ ruleId: string | null; line: number; column: number; message: string; diagnosticKind?: string }>;
}

/** `[file relative to cwd, rule id or diagnostic kind, line, column, message]`, in report order. */
export type Row = [string, string, number, number, string];

export function jsonRows(cwd: string, stdout: string): Row[] {
  const files = JSON.parse(stdout) as JsonFile[];
  return files.flatMap((file) =>
    file.messages.map((m): Row => [
      path.relative(cwd, file.filePath).split(path.sep).join('/'),
      m.ruleId ?? m.diagnosticKind ?? '?',
      m.line,
      m.column,
      m.message,
    ]),
  );
}

/** A stack trace frame or an uncaught error's name: what no output of the CLI may contain. */
export const STACK_TRACE = /^\s+at .+(?::\d+:\d+\)?|\(native\))$|\b(?:RangeError|TypeError|ReferenceError)\b/m;
