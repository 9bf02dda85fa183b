// Instant start: --version, --help and configuration errors never load the TypeScript compiler
// (ts-morph bundles it); only a run that analyses does. The built executable runs with
// test/cli/module-probe.mjs preloaded, which records every module the process resolves or requires.
// The CLI's own modules and its small packages come bundled in one CommonJS file, started by a
// CommonJS launcher (scripts/bundle-cli.mjs), so a package is loaded when an ES module resolved it
// or one of its files is in the require cache.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { packageInfo } from '../../src/version.js';
import { makeProject, packageJson, removeProjects } from './helpers.js';
import { bin, cleanEnv } from './spawn.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bundle = path.join(root, 'dist/src/cli.cjs');
const probe = path.join(root, 'test/cli/module-probe.mjs');

afterAll(removeProjects);

interface ProbedRun {
  status: number | null;
  stdout: string;
  stderr: string;
  /** Bare specifiers resolved by ESM imports (`ts-morph`, `zod`, ...). */
  resolved: string[];
  /** Files in the CommonJS require cache at exit. */
  required: string[];
}

function probedRun(args: string[], cwd: string, executable = bin): ProbedRun {
  const out = path.join(makeProject({}), 'modules.txt');
  const env = cleanEnv({ MODULE_PROBE_OUT: out });
  const result = spawnSync(process.execPath, ['--import', probe, executable, ...args], { cwd, env, encoding: 'utf8' });
  const lines = existsSync(out) ? readFileSync(out, 'utf8').split('\n') : [];
  return {
    status: result.status,
    stdout: result.stdout,
    stderr: result.stderr,
    resolved: lines.filter((line) => line.startsWith('resolve ')).map((line) => line.slice('resolve '.length)),
    required: lines.filter((line) => line.startsWith('require ')).map((line) => line.slice('require '.length)),
  };
}

/** Packages the run loaded: bare specifiers ES modules resolved, and packages of required files. */
function packagesOf(run: ProbedRun): Set<string> {
  const names = new Set(run.resolved.filter((specifier) => !/^[./]|^node:|^file:|^data:/.test(specifier)).map((specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/')));
  for (const file of run.required) {
    const match = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/.exec(file.slice(file.lastIndexOf('node_modules') - 1));
    if (match) names.add(match[1]!.replace(/\\/g, '/'));
  }
  return names;
}

const COMPILER_PACKAGES = /^(typescript|ts-morph|@ts-morph\/common)(\/|$)/;
const COMPILER_FILES = /[\\/]node_modules[\\/](typescript|ts-morph|@ts-morph[\\/]common)[\\/]/;

function compilerModules(run: ProbedRun): string[] {
  return [...run.resolved.filter((specifier) => COMPILER_PACKAGES.test(specifier)), ...run.required.filter((file) => COMPILER_FILES.test(file))];
}

describe('start-up of the built CLI', () => {
  it('answers --version, --help and subcommand help without loading the compiler', () => {
    expect(existsSync(bin), `${bin} was not built`).toBe(true);
    const version = probedRun(['--version'], root);
    expect(version).toMatchObject({ status: 0, stdout: `${packageInfo.version}\n`, stderr: '' });
    expect(compilerModules(version)).toEqual([]);

    for (const args of [['--help'], ['graph', '--help'], ['tools', '--help'], ['--version', 'src']]) {
      const help = probedRun(args, root);
      expect({ args, status: help.status, stderr: help.stderr }).toEqual({ args, status: 0, stderr: '' });
      expect(help.stdout).toMatch(args[0] === '--version' ? `${packageInfo.version}\n` : /^Usage: tool-identity-audit /);
      // The CLI's modules from their bundle, not one by one.
      expect(help.required).toContain(bundle);
      expect(compilerModules(help)).toEqual([]);
    }
  });

  it("starts from the package's bin without Node's ES module loader, and from dist/src/cli/bin.js too", () => {
    expect(path.basename(bin)).toBe('bin.cjs');
    const launched = probedRun(['--help'], root);
    expect({ status: launched.status, stderr: launched.stderr }).toEqual({ status: 0, stderr: '' });
    // Only the entry itself passes the probe's resolve hook (`--import` starts the ES module loader).
    expect(launched.resolved).toEqual([pathToFileURL(bin).href]);
    expect(launched.required).toEqual(expect.arrayContaining([bin, bundle]));
    // commander, picomatch, jsonc-parser...: inside the bundle, not required from node_modules.
    expect([...packagesOf(launched)]).toEqual([]);
    // The ES module entry (the same program, for a build that stopped after tsc) loads the bundle too.
    const esm = probedRun(['--help'], root, path.join(root, 'dist/src/cli/bin.js'));
    expect({ status: esm.status, stdout: esm.stdout, stderr: esm.stderr }).toEqual({ status: 0, stdout: launched.stdout, stderr: '' });
    expect(esm.required).toContain(bundle);
  });

  it('reports a configuration error (exit 2, naming the key) without loading the compiler', () => {
    const cwd = makeProject({
      'package.json': packageJson,
      'tool-identity-audit.config.json': `${JSON.stringify({ rules: {}, maxWarning: 3 })}\n`,
      'src/agent.ts': "export const answer = 42;\n",
    });
    const bad = probedRun([], cwd);
    expect(bad.status).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toContain('maxWarning');
    expect(packagesOf(bad)).toContain('zod');
    expect(compilerModules(bad)).toEqual([]);
  });

  it('loads the compiler for a run that analyses (the demo)', () => {
    const demo = probedRun(['fixtures/demo', '--no-exit-code'], root);
    expect(demo.status).toBe(0);
    expect(demo.stdout).toMatch(/\d+ problems? \(\d+ errors?, \d+ warnings?\)/);
    // Through `require` (src/analyzer/compiler.ts), not an ESM import: no export-name scan.
    expect(demo.resolved).not.toContain('ts-morph');
    // ts-morph's bundled TypeScript alone: not ts-morph's project API nor @ts-morph/common's helpers.
    expect(compilerModules(demo).filter((file) => !file.includes('node_modules'))).toEqual([]);
    expect(demo.required.filter((file) => COMPILER_FILES.test(file)).map((file) => file.slice(file.lastIndexOf('node_modules') + 'node_modules/'.length))).toEqual([
      path.join('@ts-morph', 'common', 'dist', 'typescript.js'),
    ]);
  });

  // Loading zod is about 0.1 s: only a run with something to validate pays for it.
  it('never loads zod for a run with nothing to validate: no configuration, baseline, declared adapters or rule options', () => {
    const cache = path.join(makeProject({}), 'cache');
    const runs = [
      ['fixtures/demo', '--no-exit-code'],
      ['fixtures/demo', '--no-exit-code', '--rule', 'valid-tool-name=warn', '-f', 'json'],
      // Cold, then warm: the facts cache and the cached discovery are read back.
      ['fixtures/demo', '--no-exit-code', '--cache', '--cache-location', cache],
      ['fixtures/demo', '--no-exit-code', '--cache', '--cache-location', cache],
      ['graph', 'fixtures/demo'],
    ];
    for (const args of runs) {
      const run = probedRun(args, root);
      expect({ args, status: run.status, stderr: run.stderr }).toEqual({ args, status: 0, stderr: '' });
      expect(run.stdout).not.toBe('');
      expect(run.required).toContain(bundle);
      expect({ args, zod: packagesOf(run).has('zod') }).toEqual({ args, zod: false });
    }
  });

  it('loads zod to validate a configuration, rule options or a baseline', () => {
    const cwd = makeProject({
      'package.json': packageJson,
      'tool-identity-audit.config.json': `${JSON.stringify({ rules: { 'valid-tool-name': ['error', { provider: 'anthropic' }] } })}\n`,
      'baseline.json': `${JSON.stringify({ version: 1, findings: [] })}\n`,
      'src/agent.ts': "export const answer = 42;\n",
    });
    const configured = probedRun([], cwd);
    expect({ status: configured.status, stderr: configured.stderr }).toEqual({ status: 0, stderr: '' });
    expect(packagesOf(configured)).toContain('zod');
    const bare = makeProject({ 'package.json': packageJson, 'baseline.json': `${JSON.stringify({ version: 1, findings: [{}] })}\n`, 'src/agent.ts': 'export const answer = 42;\n' });
    const baseline = probedRun(['--baseline', 'baseline.json'], bare);
    expect(baseline.status).toBe(2);
    expect(baseline.stderr).toContain('invalid baseline file baseline.json: findings[0].ruleId: ');
    expect(packagesOf(baseline)).toContain('zod');
  });
});
