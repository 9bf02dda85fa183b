// Runs `tool-identity-audit tools ...`: in-process through the CLI's `main` (the checks of tool lists
// load no compiler, so a process per case was nearly all start-up), or through the built executable
// where a test is about the process (an MCP server spawned over stdio).
import type { JsonMessage } from '../../src/reporters/json.js';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { run } from '../cli/helpers.js';
import { bin, cleanEnv } from '../cli/spawn.js';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export { bin };

/** test/global-setup.ts builds dist/ (tsc, then the bundles); a test of the executable fails clearly without it. */
export function ensureBuilt(): void {
  if (!existsSync(bin)) throw new Error(`${bin} was not built (test/global-setup.ts builds it)`);
}

export interface BinResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `tool-identity-audit tools ...args` in `cwd` (default: the repository root), in-process, in an
 * empty environment (no CI, GitHub Actions or NO_COLOR from the machine running the tests) plus `env`.
 */
export async function tools(args: readonly string[], cwd = root, env: Record<string, string> = {}): Promise<BinResult> {
  const { code, stdout, stderr } = await run(['tools', ...args], { cwd, env });
  return { status: code, stdout, stderr };
}

/** The same through the built executable (the package's `bin`), in a clean environment plus `env`. */
export function toolsBin(args: readonly string[], cwd = root, env: Record<string, string> = {}): BinResult {
  const result = spawnSync(process.execPath, [bin, 'tools', ...args], { cwd, env: cleanEnv(env), encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The json reporter's message shape. */
export type { JsonMessage };

/** Findings of a `-f json` run as `relative/path:line:column rule message`, sorted as the report. */
export function messagesOf(stdout: string, cwd = root): string[] {
  const files = JSON.parse(stdout) as Array<{ filePath: string; messages: JsonMessage[] }>;
  return files.flatMap((file) =>
    file.messages.map((m) => `${path.relative(cwd, file.filePath).split(path.sep).join('/')}:${m.line}:${m.column} ${m.ruleId ?? m.diagnosticKind} ${m.message}`),
  );
}

export function jsonMessages(stdout: string): Array<JsonMessage & { filePath: string }> {
  const files = JSON.parse(stdout) as Array<{ filePath: string; messages: JsonMessage[] }>;
  return files.flatMap((file) => file.messages.map((m) => ({ ...m, filePath: file.filePath })));
}

const temps: string[] = [];

export function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tia-tools-'));
  temps.push(dir);
  return dir;
}

export function removeTemps(): void {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** 1-based line and column of the first `needle` after `after` in `text` (as the reporters print them). */
export function positionOf(text: string, needle: string, after = ''): string {
  const from = after === '' ? 0 : text.indexOf(after);
  const offset = text.indexOf(needle, from);
  if (from < 0 || offset < 0) throw new Error(`${needle} not found`);
  const before = text.slice(0, offset).split('\n');
  return `${before.length}:${(before.at(-1) ?? '').length + 1}`;
}
