// The compiler's compiled code is cached (src/cli/compile-cache.ts): next to the facts with
// `--cache`, where Node's NODE_COMPILE_CACHE says without it (Node 22.1+ itself, Node 20 through the
// CLI), else in Node's default directory under the temporary directory. Through the built
// executable: the first run stores V8 code-cache files, the next runs use them, and a corrupt one
// is rejected by V8 and rewritten; the report never changes. TMPDIR is a directory of the test's.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import Module from 'node:module';
import path from 'node:path';
import os from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { helpdeskProject, removeProjects } from './helpers.js';
import { bin } from './spawn.js';

const NATIVE = typeof (Module as { enableCompileCache?: unknown }).enableCompileCache === 'function';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tia-compile-cache-'));

afterAll(() => {
  removeProjects();
  fs.rmSync(tmp, { recursive: true, force: true });
});

function audit(cwd: string, args: string[] = ['--cache'], env: Record<string, string> = {}): { status: number | null; stdout: string; stderr: string } {
  const { status, stdout, stderr } = spawnSync(process.execPath, [bin, ...args, '-f', 'json'], { cwd, encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '', TMPDIR: tmp, ...env } });
  return { status, stdout, stderr };
}

function cacheFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => fs.statSync(path.join(dir, name)).isFile()).sort();
}

describe('compiled-code cache with --cache', () => {
  it('stores the compiler compiled, reuses it, and rewrites a corrupt entry', () => {
    const cwd = helpdeskProject();
    const v8 = path.join(cwd, 'node_modules/.cache/tool-identity-audit/v8');
    const first = audit(cwd);
    expect(first.stderr).toBe('');
    expect(first.status).toBe(1);
    const stored = cacheFiles(v8);
    expect(stored.length).toBeGreaterThan(0);

    const second = audit(cwd);
    expect(second).toEqual(first);
    expect(cacheFiles(v8)).toEqual(stored);
    if (NATIVE) return;

    // Node 20's hook: one file per compiler module; the largest is TypeScript itself.
    const largest = stored.map((name) => path.join(v8, name)).sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0]!;
    expect(fs.statSync(largest).size).toBeGreaterThan(1_000_000);
    fs.writeFileSync(largest, 'not a code cache');
    // A run with nothing to parse never loads the compiler (the file list and facts are cached):
    // an edit makes the next run parse, and so compile the compiler.
    fs.appendFileSync(path.join(cwd, 'src/agent.ts'), '\n// edited\n');
    const third = audit(cwd);
    expect(third).toEqual(first);
    expect(fs.statSync(largest).size).toBeGreaterThan(1_000_000);
  });
});

describe('compiled-code cache turned off', () => {
  it('NODE_DISABLE_COMPILE_CACHE turns it off with --cache too: the facts are cached, the compiled code is not', () => {
    const cwd = helpdeskProject();
    const cache = path.join(cwd, 'node_modules/.cache/tool-identity-audit');
    const result = audit(cwd, ['--cache'], { NODE_DISABLE_COMPILE_CACHE: '1' });
    expect(result.status).toBe(1);
    expect(cacheFiles(cache).filter((name) => !name.startsWith(`v8${path.sep}`))).not.toEqual([]);
    expect(cacheFiles(path.join(cache, 'v8'))).toEqual([]);
  });
});

describe('compiled-code cache with NODE_COMPILE_CACHE', () => {
  it('stores the compiler compiled where the variable says (relative to the working directory), and not when disabled', () => {
    const cwd = helpdeskProject();
    const plain = audit(cwd, []);
    expect(plain.status).toBe(1);
    const cached = audit(cwd, [], { NODE_COMPILE_CACHE: 'compiled' });
    expect(cached).toEqual(plain);
    const stored = cacheFiles(path.join(cwd, 'compiled'));
    expect(stored.length).toBeGreaterThan(0);
    // Node 22.1+ stores every module itself; on Node 20 the CLI stores the compiler under its name.
    expect(stored.every((name) => name.startsWith(`tool-identity-audit${path.sep}`))).toBe(!NATIVE);
    expect(audit(cwd, [], { NODE_COMPILE_CACHE: 'compiled' })).toEqual(plain);
    expect(cacheFiles(path.join(cwd, 'compiled'))).toEqual(stored);
    // Nothing goes to node_modules/.cache without --cache.
    expect(fs.existsSync(path.join(cwd, 'node_modules/.cache'))).toBe(false);

    expect(audit(cwd, [], { NODE_COMPILE_CACHE: 'off', NODE_DISABLE_COMPILE_CACHE: '1' })).toEqual(plain);
    expect(cacheFiles(path.join(cwd, 'off'))).toEqual([]);
  });
});

describe('compiled-code cache by default', () => {
  it("stores the compiler compiled in Node's default directory under the temporary directory, reuses it, and not when disabled", () => {
    const cwd = helpdeskProject();
    const own = fs.mkdtempSync(path.join(tmp, 'default-'));
    const disabled = audit(cwd, [], { TMPDIR: own, NODE_DISABLE_COMPILE_CACHE: '1' });
    expect(disabled.status).toBe(1);
    expect(cacheFiles(own)).toEqual([]);

    expect(audit(cwd, [], { TMPDIR: own })).toEqual(disabled);
    const stored = cacheFiles(path.join(own, 'node-compile-cache'));
    expect(stored.length).toBeGreaterThan(0);
    // Node 20: the compiler only, in a directory of the user's own.
    if (!NATIVE) expect(stored.every((name) => name.startsWith(path.join(`user-${String(process.getuid?.())}`, 'tool-identity-audit') + path.sep))).toBe(true);
    expect(audit(cwd, [], { TMPDIR: own })).toEqual(disabled);
    expect(cacheFiles(path.join(own, 'node-compile-cache'))).toEqual(stored);
    expect(fs.existsSync(path.join(cwd, 'node_modules/.cache'))).toBe(false);
  });
});

describe('compiled-code cache across versions', () => {
  it("replaces the data of a file's earlier content, and keeps other files' data", () => {
    const cwd = helpdeskProject();
    const plain = audit(cwd, [], { NODE_COMPILE_CACHE: 'compiled' });
    expect(plain.status).toBe(1);
    const dir = path.join(cwd, 'compiled');
    const stored = cacheFiles(dir);
    if (NATIVE) return; // Node 22.1+ keeps its own cache; the hook is Node 20's
    const own = path.join(dir, path.dirname(stored[0]!));
    // Node 20: `<file digest>.<content digest>.bin` per file (the bundled CLI, TypeScript, ...).
    expect(stored.every((name) => /^[0-9a-f]{16}\.[0-9a-f]{16}\.bin$/.test(path.basename(name)))).toBe(true);
    const names = fs.readdirSync(own).sort();
    // The bundled CLI's data, named by the digest of its path.
    const fileDigest = createHash('sha256').update(path.resolve(path.dirname(bin), '../cli.cjs')).digest('hex').slice(0, 16);
    const bundleName = names.find((name) => name.startsWith(`${fileDigest}.`));
    expect(bundleName).toBeDefined();
    const bundle = path.join(own, bundleName!);
    // The data an earlier build of it left, data of the earlier naming, and data of a file this run
    // does not load (another installation's).
    const earlier = path.join(own, `${fileDigest}.${'0'.repeat(16)}.bin`);
    const legacy = path.join(own, `${'a'.repeat(32)}.bin`);
    const other = path.join(own, `${'b'.repeat(16)}.${'c'.repeat(16)}.bin`);
    for (const file of [earlier, legacy, other]) fs.writeFileSync(file, 'old data');
    // A run stores data (and so tidies) where the data it found was unusable.
    fs.writeFileSync(bundle, 'not a code cache');
    expect(audit(cwd, [], { NODE_COMPILE_CACHE: 'compiled' })).toEqual(plain);
    expect(fs.readdirSync(own).sort()).toEqual([...names, path.basename(other)].sort());
    expect(fs.statSync(bundle).size).toBeGreaterThan(1000);
  });
});
