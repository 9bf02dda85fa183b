// The package as a user installs it: `npm pack`, then `npm ci --offline` in a fresh project next to
// eslint, typescript-eslint and typescript, at the lowest supported versions and at the newest
// (this repository's pins), then `npx tool-identity-audit` and `npx eslint` there. The install reads
// only the npm cache this repository's `npm ci` filled (see consumer-lock.ts): no network.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumerPackage } from './consumer-lock.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const repoPackage = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  devDependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
};

const project: Record<string, string> = {
  'tsconfig.json': `${JSON.stringify({ compilerOptions: { target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', strict: true, skipLibCheck: true, allowJs: true }, include: ['src'] }, null, 2)}\n`,
  // A JavaScript config, linted like every other file (the syntax-only config applies to it).
  'eslint.config.js': `import tseslint from 'typescript-eslint';
import toolIdentity from 'tool-identity-audit';

export default tseslint.config(
  { files: ['**/*.js'], extends: [toolIdentity.configs.recommended] },
  {
    files: ['**/*.ts'],
    extends: [toolIdentity.configs['recommended-type-checked']],
    languageOptions: { parser: tseslint.parser, parserOptions: { tsconfigRootDir: import.meta.dirname } },
  },
);
`,
  'src/tools.ts': `import { defineTool } from 'tool-identity-audit/runtime';

const byId = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'], additionalProperties: false } as const;

export const lookupOrder = defineTool({
  name: 'lookup_order',
  description: 'Find an open order by its number.',
  parameters: byId,
  execute: ({ id }: { id: string }) => \`order \${id}\`,
});

export const lookupArchivedOrder = defineTool({
  name: 'lookup_order',
  description: 'Find an archived order by its number.',
  parameters: byId,
  execute: ({ id }: { id: string }) => \`archived order \${id}\`,
});
`,
  // The collision spans two modules: only the type-checked config (and the CLI) follows it.
  'src/agent.ts': `import { Agent } from 'tool-identity-audit/runtime';
import { lookupArchivedOrder, lookupOrder } from './tools.js';

export const support = new Agent({ name: 'support', tools: [lookupOrder, lookupArchivedOrder] });
`,
  'src/keys.js': `// Keys reviewer decisions by the provider call ID.
export function approvalKey(item) {
  return String(item.call_id);
}
`,
};

/** Rule, file, line, column and message of every finding, sorted: what both front ends must say. */
const EXPECTED = [
  [
    'no-call-id-coercion',
    'src/keys.js',
    3,
    10,
    'Call ID `item.call_id` is coerced with String(); a missing or non-string ID becomes a made-up string instead of being rejected. Use it only when it already is a string (extractToolCallId() does this for raw items) and handle the missing case.',
  ],
  [
    'no-tool-name-collision',
    'src/agent.ts',
    4,
    61,
    'Tool name "lookup_order" is exposed more than once in agent "support"; dispatch picks the last tool listed. Give each tool a unique name or a namespace.',
  ],
];

let work: string;
let tarball: string;
const consumers = new Map<'min' | 'newest', { dir: string; installed: Record<string, string> }>();

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'tia-install-'));
  const out = execFileSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: root, encoding: 'utf8' });
  const [info] = JSON.parse(out) as Array<{ filename: string }>;
  if (!info) throw new Error('npm pack printed no package');
  tarball = info.filename;
  const [min, newest] = await Promise.all([install('min'), install('newest')]);
  consumers.set('min', min).set('newest', newest);
}, 180_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** The consumer project with `versions` installed; returns its directory. */
async function install(versions: 'min' | 'newest'): Promise<{ dir: string; installed: Record<string, string> }> {
  const dir = path.join(work, versions);
  mkdirSync(dir);
  copyFileSync(path.join(work, tarball), path.join(dir, tarball));
  const consumer = consumerPackage(path.join(root, 'package-lock.json'), path.join(dir, tarball), tarball, versions);
  writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(consumer.packageJson, null, 2)}\n`);
  writeFileSync(path.join(dir, 'package-lock.json'), `${JSON.stringify(consumer.lockfile, null, 2)}\n`);
  for (const [file, text] of Object.entries(project)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  const result = await npmAsync(dir, ['ci', '--offline', '--no-audit', '--no-fund']);
  // ENOTCACHED means the npm cache lacks a package of this repository's lockfile: `npm ci` fills it.
  if (result.status !== 0) throw new Error(`npm ci --offline failed in ${dir}:\n${result.stdout}\n${result.stderr}`);
  return { dir, installed: consumer.versions };
}

/**
 * npm without the settings of the `npm test` that runs this file (npm_config_*, npm_package_*),
 * except the cache it installs from; offline.
 */
function npmEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && (!/^npm_/i.test(key) || /^npm_config_cache$/i.test(key))) env[key] = value;
  }
  env['npm_config_offline'] = 'true';
  env['NO_COLOR'] = '1';
  return env;
}

function npm(cwd: string, args: string[]): { status: number | null; stdout: string; stderr: string } {
  return spawnSync('npm', args, { cwd, env: npmEnv(), encoding: 'utf8' });
}

/** The same, not blocking: both consumers install at once. */
function npmAsync(cwd: string, args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', args, { cwd, env: npmEnv() });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

interface EslintFile {
  filePath: string;
  messages: Array<{ ruleId: string | null; line: number; column: number; message: string; fatal?: boolean }>;
}

function eslintRows(dir: string, files: EslintFile[]): unknown[] {
  return files
    .flatMap((file) => file.messages.map((m) => [m.ruleId?.replace(/^tool-identity\//, ''), path.relative(dir, file.filePath).split(path.sep).join('/'), m.line, m.column, m.message]))
    .sort((a, b) => (String(a) < String(b) ? -1 : 1));
}

describe.each(['min', 'newest'] as const)('installed from the tarball with the %s supported eslint, typescript-eslint and typescript', (versions) => {
  let dir: string;

  beforeAll(() => {
    const done = consumers.get(versions) as { dir: string; installed: Record<string, string> };
    dir = done.dir;
    const pins = versions === 'min' ? { eslint: 'eslint-min', typescript: 'typescript-min', 'typescript-eslint': 'typescript-eslint-min' } : undefined;
    for (const [name, version] of Object.entries(done.installed)) {
      const spec = repoPackage.devDependencies[pins ? pins[name as keyof typeof pins] : name] as string;
      expect(spec.replace(/^npm:[^@]+@/, '')).toBe(version);
      // What node_modules holds is what the lockfile said.
      const installed = JSON.parse(readFileSync(path.join(dir, 'node_modules', name, 'package.json'), 'utf8')) as { version: string };
      expect(installed.version).toBe(version);
    }
  });

  it('npx tool-identity-audit reports the cross-module collision and the JavaScript call-ID coercion', () => {
    const result = npm(dir, ['exec', '--', 'tool-identity-audit', '-f', 'json']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(1);
    expect(eslintRows(dir, JSON.parse(result.stdout) as EslintFile[])).toEqual(EXPECTED);
  });

  it('npx eslint with recommended (JavaScript, eslint.config.js included) and recommended-type-checked (TypeScript) agrees', () => {
    const result = npm(dir, ['exec', '--', 'eslint', '-f', 'json', '.']);
    expect(result.status).toBe(1);
    const files = JSON.parse(result.stdout) as EslintFile[];
    // eslint.config.js was linted, and nothing failed to parse.
    expect(files.map((f) => path.relative(dir, f.filePath).split(path.sep).join('/')).sort()).toEqual(['eslint.config.js', 'src/agent.ts', 'src/keys.js', 'src/tools.ts']);
    expect(files.flatMap((f) => f.messages).filter((m) => m.fatal)).toEqual([]);
    expect(eslintRows(dir, files)).toEqual(EXPECTED);
  });
});

describe('peerDependencies', () => {
  it('declare the lowest versions this test installs as the lower bounds', () => {
    expect(repoPackage.peerDependencies).toMatchObject({ eslint: '>=9.0.0', typescript: '>=5.4.0 <6.1.0', 'typescript-eslint': '>=8.0.0' });
    expect(repoPackage.devDependencies).toMatchObject({
      'eslint-min': 'npm:eslint@9.0.0',
      'typescript-min': 'npm:typescript@5.4.2',
      'typescript-eslint-min': 'npm:typescript-eslint@8.0.0',
    });
  });
});
