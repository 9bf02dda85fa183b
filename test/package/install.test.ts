// The package as a user installs it, from one `npm pack`: the runtime subpath imports with nothing
// else in node_modules (it has no run-time dependencies) and type-checks against the shipped
// declarations; then `npm ci --offline` in a fresh project next to eslint, typescript-eslint and
// typescript, at the lowest supported versions and at the newest (this repository's pins), and
// `npx tool-identity-audit` and `npx eslint` there. The install reads only the npm cache this
// repository's `npm ci` filled (see consumer-lock.ts): no network. One file packs once (packing
// and installing are the slow part of the suite's package tests).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumerPackage } from './consumer-lock.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
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
    'Call ID `item.call_id` is coerced with String(): a missing ID becomes the made-up text "undefined" and a non-string one is turned into text instead of being rejected. Use it only when it already is a string (extractToolCallId() does this for raw items) and handle the missing case.',
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
let packedFiles: string[];
const consumers = new Map<'min' | 'newest', { dir: string; installed: Record<string, string> }>();

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'tia-install-'));
  const out = execFileSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: root, encoding: 'utf8' });
  const [info] = JSON.parse(out) as Array<{ filename: string; files: Array<{ path: string }> }>;
  if (!info) throw new Error('npm pack printed no package');
  tarball = info.filename;
  packedFiles = info.files.map((f) => f.path);
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

/** A project holding only the extracted tarball under node_modules/tool-identity-audit. */
function bare(): string {
  const consumer = mkdtempSync(path.join(work, 'bare-'));
  const installed = path.join(consumer, 'node_modules/tool-identity-audit');
  mkdirSync(installed, { recursive: true });
  execFileSync('tar', ['-xzf', path.join(work, tarball), '-C', installed, '--strip-components=1']);
  writeFileSync(path.join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', type: 'module', private: true }));
  return consumer;
}

const program = `import {
  getFunctionToolLookupKey,
  toolQualifiedName,
  lookupKeyId,
  resolveToolNameCollisions,
  ToolIdentityError,
  Agent,
  defineTool,
  ScriptedModel,
} from 'tool-identity-audit/runtime';

const key = getFunctionToolLookupKey('lookup', 'crm');
const qualified = toolQualifiedName('lookup', 'crm');
const lookup = defineTool({
  name: 'lookup',
  description: 'Look up an account',
  parameters: { type: 'object', properties: {}, additionalProperties: false },
  execute: () => 'found',
});
const agent = new Agent({ name: 'Support', tools: [lookup] });
const model = new ScriptedModel([
  { toolCalls: [{ call_id: 'call_1', name: 'lookup', arguments: '{}' }] },
  { text: 'done' },
]);
const result = await agent.run('hi', { model });
let error = '';
try {
  resolveToolNameCollisions([lookup, lookup], [], { policy: 'error' });
} catch (e) {
  error = e instanceof ToolIdentityError ? 'ToolIdentityError' : 'other';
}
console.log(JSON.stringify({ id: key ? lookupKeyId(key) : null, qualified, output: result.finalOutput, error }));
`;

describe('npm pack', () => {
  it('ships the built entry points with declarations, and no sources or tests', () => {
    for (const file of [
      'dist/src/runtime/index.js',
      'dist/src/runtime/index.d.ts',
      'dist/src/plugin.js',
      'dist/src/plugin.d.ts',
      'dist/src/analyzer/index.js',
      'package.json',
      'README.md',
    ]) {
      expect(packedFiles).toContain(file);
    }
    expect(packedFiles.filter((f) => f.startsWith('test/') || f.startsWith('src/'))).toEqual([]);
    // The test setup's record of what dist/ was built from (test/build-hash.ts) stays out.
    expect(packedFiles).not.toContain('dist/.sources-hash');
  });

  it('imports tool-identity-audit/runtime from a separate project with no other packages', () => {
    const consumer = bare();
    writeFileSync(path.join(consumer, 'main.mjs'), program);
    const out = execFileSync(process.execPath, ['main.mjs'], { cwd: consumer, encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual({
      id: '["namespaced","crm","lookup"]',
      qualified: 'crm.lookup',
      output: 'done',
      error: 'ToolIdentityError',
    });
  });

  it('type-checks against the shipped declarations', () => {
    const consumer = bare();
    // `parameters` accepts a zod schema, so the declarations name zod's types; a real install has zod
    // (a dependency of the package), here it is linked from this checkout.
    symlinkSync(path.join(root, 'node_modules/zod'), path.join(consumer, 'node_modules/zod'), 'dir');
    writeFileSync(path.join(consumer, 'main.mts'), program);
    // A wrong type must fail, or a clean check proves nothing: one program holds both files, so the
    // declarations are checked once and the only error is the planted one.
    writeFileSync(path.join(consumer, 'broken.mts'), "import { toolQualifiedName } from 'tool-identity-audit/runtime';\nexport const n: number = toolQualifiedName('a');\n");
    writeFileSync(
      path.join(consumer, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2023', strict: true, noEmit: true, types: [], skipLibCheck: false },
        files: ['main.mts', 'broken.mts'],
      }),
    );
    const result = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: consumer, encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stdout).toBe(
      "broken.mts(2,14): error TS2322: Type 'string | undefined' is not assignable to type 'number'.\n  Type 'undefined' is not assignable to type 'number'.\n",
    );
    expect(readFileSync(path.join(consumer, 'node_modules/tool-identity-audit/package.json'), 'utf8')).toContain('"./runtime"');
  });
});

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
    // ESLint's message of the cross-module collision ends with its other places (the CLI lists them as related locations).
    const withPlaces = EXPECTED.map((row) =>
      row[0] === 'no-tool-name-collision' ? [...row.slice(0, 4), `${String(row[4])} Also at src/tools.ts:13, src/tools.ts:6.`] : row,
    );
    expect(eslintRows(dir, files)).toEqual(withPlaces);
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
