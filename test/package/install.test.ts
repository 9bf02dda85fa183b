// The package as a user installs it, from one `npm pack`: the runtime subpath imports with nothing
// else in node_modules (it has no run-time dependencies) and type-checks against the shipped
// declarations; then `npm ci --offline` in fresh projects: next to eslint, typescript-eslint and
// typescript at the lowest supported versions and at the newest (this repository's pins), with the
// README's TypeScript config as written, and next to TypeScript 7 (no typescript-eslint, which
// cannot run there) with the README's JavaScript config; `npx tool-identity-audit` and
// `npx eslint` in each, and the README's `eslint.config.ts` through `tsc` and ESLint. The installs
// read only the npm cache this repository's `npm ci` filled (see consumer-lock.ts): no network.
// One file packs once (packing and installing are the slow part of the suite's package tests).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumerPackage, SETUPS, type Setup } from './consumer-lock.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
const repoPackage = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
};

/** The fenced block of README.md whose first line is `firstLine`: the configs are tested as written. */
function readmeBlock(firstLine: string): string {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const blocks = [...readme.matchAll(/^```(?:js|ts)\n([\s\S]*?)^```$/gm)].map((m) => m[1] as string).filter((b) => b.startsWith(`${firstLine}\n`));
  if (blocks.length !== 1) throw new Error(`README.md has ${blocks.length} blocks starting with ${firstLine}`);
  return blocks[0] as string;
}

const tsconfig = `${JSON.stringify({ compilerOptions: { target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', strict: true, skipLibCheck: true, allowJs: true }, include: ['src'] }, null, 2)}\n`;

const project: Record<string, string> = {
  'tsconfig.json': tsconfig,
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

/** The README's config each setup lints with (a JavaScript one: it is linted itself). */
const eslintConfig: Record<Setup, string> = {
  min: readmeBlock('// eslint.config.js (TypeScript project)'),
  newest: readmeBlock('// eslint.config.js (TypeScript project)'),
  'typescript-7': readmeBlock('// eslint.config.js (JavaScript project)'),
};

/**
 * The README's `eslint.config.ts`, in a project of its own beside the newest consumer, whose
 * node_modules it links (inside it, the consumer's own runs would lint it too): type-checked by `tsc` with the plugin's declarations (a planted wrong type
 * must be the only error) and loaded by ESLint through jiti.
 */
const tsConfigProject: Record<string, string> = {
  ...Object.fromEntries(Object.entries(project).filter(([file]) => file.startsWith('src/') || file === 'tsconfig.json')),
  // An ES module project, as the README's `import.meta.dirname` needs.
  'package.json': `${JSON.stringify({ name: 'ts-config', private: true, type: 'module' })}\n`,
  'eslint.config.ts': readmeBlock('// eslint.config.ts'),
  'tseslint-config.ts': `import tseslint from 'typescript-eslint';
import toolIdentity from 'tool-identity-audit';

export default tseslint.config(
  tseslint.configs.recommended,
  toolIdentity.configs.recommended,
  { files: ['**/*.ts'], extends: [toolIdentity.configs['recommended-type-checked']] },
  { files: ['scripts/**'], extends: [toolIdentity.configs['disable-type-checked']] },
  { plugins: { 'tool-identity': toolIdentity } },
);
`,
  'broken.ts': "import toolIdentity from 'tool-identity-audit';\n\nexport const name: number = toolIdentity.configs.recommended.name;\n",
  'tsconfig.configs.json': `${JSON.stringify({ compilerOptions: { target: 'es2023', module: 'nodenext', strict: true, noEmit: true, skipLibCheck: false, types: ['node'] }, files: ['eslint.config.ts', 'tseslint-config.ts', 'broken.ts'] }, null, 2)}\n`,
};

/** Rule, file, line, column and message of every finding, sorted: what both front ends must say. */
/** ESLint's message of the cross-module collision ends with its other places (the CLI lists them as related locations). */
const withPlaces = (rows: typeof EXPECTED): typeof EXPECTED =>
  rows.map((row) => (row[0] === 'no-tool-name-collision' ? [...row.slice(0, 4), `${String(row[4])} Also at src/tools.ts:13, src/tools.ts:6.`] : row)) as typeof EXPECTED;

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
const consumers = new Map<Setup, { dir: string; installed: Record<string, string> }>();
const setups = Object.keys(SETUPS) as Setup[];

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'tia-install-'));
  const out = execFileSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: root, encoding: 'utf8' });
  const [info] = JSON.parse(out) as Array<{ filename: string; files: Array<{ path: string }> }>;
  if (!info) throw new Error('npm pack printed no package');
  tarball = info.filename;
  packedFiles = info.files.map((f) => f.path);
  const installed = await Promise.all(setups.map((setup) => install(setup)));
  setups.forEach((setup, i) => consumers.set(setup, installed[i] as { dir: string; installed: Record<string, string> }));
}, 240_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** The consumer project of `setup`; returns its directory. */
async function install(setup: Setup): Promise<{ dir: string; installed: Record<string, string> }> {
  const dir = path.join(work, setup);
  mkdirSync(dir);
  copyFileSync(path.join(work, tarball), path.join(dir, tarball));
  // The newest consumer's packages also serve the eslint.config.ts project, which needs Node's types and jiti.
  const extra = setup === 'newest' ? ['@types/node', 'jiti'] : [];
  const consumer = consumerPackage(path.join(root, 'package-lock.json'), path.join(dir, tarball), tarball, setup, extra);
  writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(consumer.packageJson, null, 2)}\n`);
  writeFileSync(path.join(dir, 'package-lock.json'), `${JSON.stringify(consumer.lockfile, null, 2)}\n`);
  writeFiles(dir, { ...project, 'eslint.config.js': eslintConfig[setup] });
  const result = await npmAsync(dir, ['ci', '--offline', '--no-audit', '--no-fund']);
  // ENOTCACHED means the npm cache lacks a package of this repository's lockfile: `npm ci` fills it.
  if (result.status !== 0) throw new Error(`npm ci --offline failed in ${dir}:\n${result.stdout}\n${result.stderr}`);
  return { dir, installed: consumer.versions };
}

function writeFiles(dir: string, files: Record<string, string>): void {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
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
    // The plugin is one file (scripts/bundle-plugin.mjs): the rules' modules are inside it, so the
    // consumers' ESLint runs below load it without them; their declarations stay for its types.
    expect(packedFiles.filter((f) => f.startsWith('dist/rules/') && !f.endsWith('.d.ts') && !f.endsWith('.d.ts.map'))).toEqual([]);
    expect(packedFiles).toContain('dist/src/plugin.js.LICENSE.txt');
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

describe.each(setups)('installed from the tarball in the %s setup (consumer-lock.ts SETUPS)', (setup) => {
  let dir: string;

  beforeAll(() => {
    const done = consumers.get(setup) as { dir: string; installed: Record<string, string> };
    dir = done.dir;
    const sources: Record<string, string> = SETUPS[setup];
    for (const [name, version] of Object.entries(done.installed)) {
      const spec = repoPackage.devDependencies[sources[name] as string] as string;
      expect(spec.replace(/^npm:[^@]+@/, '')).toBe(version);
      // What node_modules holds is what the lockfile said.
      const installed = JSON.parse(readFileSync(path.join(dir, 'node_modules', name, 'package.json'), 'utf8')) as { version: string };
      expect(installed.version).toBe(version);
    }
  });

  it('meets every declared range, peers included (where npm ls fails, npm install fails with ERESOLVE)', () => {
    const result = npm(dir, ['ls', '--all']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('npx tool-identity-audit reports the cross-module collision and the JavaScript call-ID coercion', () => {
    const result = npm(dir, ['exec', '--', 'tool-identity-audit', '-f', 'json']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(1);
    expect(eslintRows(dir, JSON.parse(result.stdout) as EslintFile[])).toEqual(EXPECTED);
  });

  it("npx eslint with the README's config lints eslint.config.js itself without a parsing error, and agrees", () => {
    const result = npm(dir, ['exec', '--', 'eslint', '-f', 'json', '.']);
    expect(result.status).toBe(1);
    const files = JSON.parse(result.stdout) as EslintFile[];
    expect(files.flatMap((f) => f.messages).filter((m) => m.fatal)).toEqual([]);
    const linted = files.map((f) => path.relative(dir, f.filePath).split(path.sep).join('/')).sort();
    if (setup === 'typescript-7') {
      // JavaScript only (no parser for TypeScript here): the coercion, not the collision between modules.
      expect(linted).toEqual(['eslint.config.js', 'src/keys.js']);
      expect(eslintRows(dir, files)).toEqual(EXPECTED.filter(([, file]) => file === 'src/keys.js'));
    } else {
      // The JavaScript config file and the JavaScript source on syntax alone, TypeScript with types.
      expect(linted).toEqual(['eslint.config.js', 'src/agent.ts', 'src/keys.js', 'src/tools.ts']);
      expect(eslintRows(dir, files)).toEqual(withPlaces(EXPECTED));
    }
  });
});

describe('TypeScript 7', () => {
  it('is the typescript the consumer has, and nothing brought typescript-eslint or a TypeScript of its own', () => {
    const dir = (consumers.get('typescript-7') as { dir: string }).dir;
    const installed = JSON.parse(readFileSync(path.join(dir, 'node_modules/typescript/package.json'), 'utf8')) as { version: string };
    expect(installed.version).toBe('7.0.2');
    expect(existsSync(path.join(dir, 'node_modules/@typescript-eslint'))).toBe(false);
    expect(existsSync(path.join(dir, 'node_modules/typescript-eslint'))).toBe(false);
    expect(existsSync(path.join(dir, 'node_modules/tool-identity-audit/node_modules'))).toBe(false);
  });

  it("lints with ts-morph's compiler module alone: not the rest of ts-morph", () => {
    const dir = (consumers.get('typescript-7') as { dir: string }).dir;
    // The consumer's ESLint through its API, then which modules the process has loaded.
    const script = String.raw`import { createRequire } from 'node:module';
import { ESLint } from 'eslint';
const results = await new ESLint().lintFiles(['src']);
const loaded = Object.keys(createRequire(import.meta.url).cache);
console.log(JSON.stringify({
  messages: results.reduce((n, r) => n + r.messages.length, 0),
  compiler: loaded.some((file) => /[\\/]@ts-morph[\\/]common[\\/]dist[\\/]typescript\.js$/.test(file)),
  tsMorph: loaded.some((file) => /[\\/]ts-morph[\\/]dist[\\/]ts-morph\.js$/.test(file)),
}));
`;
    writeFileSync(path.join(dir, 'lint-api.mjs'), script);
    const out = execFileSync(process.execPath, ['lint-api.mjs'], { cwd: dir, encoding: 'utf8' });
    const seen = JSON.parse(out) as { messages: number; compiler: boolean; tsMorph: boolean };
    expect(seen.messages).toBeGreaterThan(0);
    expect(seen).toMatchObject({ compiler: true, tsMorph: false });
  });
});

describe("the README's eslint.config.ts", () => {
  let dir: string;

  beforeAll(() => {
    dir = path.join(work, 'ts-config');
    writeFiles(dir, tsConfigProject);
    symlinkSync(path.join((consumers.get('newest') as { dir: string }).dir, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  });

  it('type-checks with defineConfig and with tseslint.config, and the plugin is typed (the planted error is the only one)', () => {
    const consumerTsc = path.join(dir, 'node_modules/typescript/bin/tsc');
    const result = spawnSync(process.execPath, [consumerTsc, '-p', 'tsconfig.configs.json'], { cwd: dir, encoding: 'utf8' });
    expect(result.stdout).toBe("broken.ts(3,14): error TS2322: Type 'string' is not assignable to type 'number'.\n");
    expect(result.status).toBe(2);
  });

  it('is what npx eslint loads on Node 20 (through jiti), with the same findings', () => {
    const result = npm(dir, ['exec', '--', 'eslint', '-f', 'json', 'src']);
    expect(result.status).toBe(1);
    const files = JSON.parse(result.stdout) as EslintFile[];
    expect(files.flatMap((f) => f.messages).filter((m) => m.fatal)).toEqual([]);
    expect(eslintRows(dir, files)).toEqual(withPlaces(EXPECTED));
  });
});

describe('peerDependencies', () => {
  it('declare the lowest versions this test installs as the lower bounds, and no upper bound on typescript', () => {
    expect(repoPackage.peerDependencies).toEqual({ eslint: '>=9.0.0', typescript: '>=5.4.0', 'typescript-eslint': '>=8.0.0' });
    expect(repoPackage.devDependencies).toMatchObject({
      'eslint-min': 'npm:eslint@9.0.0',
      'typescript-min': 'npm:typescript@5.4.2',
      'typescript-eslint-min': 'npm:typescript-eslint@8.0.0',
      'typescript-7': 'npm:typescript@7.0.2',
    });
  });

  it('leave typescript-eslint to the user: no dependency on it, nor on a package of its', () => {
    expect(Object.keys(repoPackage.dependencies).filter((name) => name.startsWith('@typescript-eslint/') || name === 'typescript-eslint' || name === 'typescript')).toEqual([]);
  });
});
