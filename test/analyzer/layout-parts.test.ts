// The small readers behind monorepo layouts: binary detection by content, pnpm-workspace.yaml
// `packages`, .gitignore rules, and package entry points mapped back to sources.
import { describe, expect, it } from 'vitest';
import { binaryReason } from '../../src/analyzer/binary.js';
import { isIgnored, parseGitignore } from '../../src/analyzer/gitignore.js';
import { createModuleResolver } from '../../src/analyzer/module-resolver.js';
import { entryCandidates } from '../../src/analyzer/package-entry.js';
import { parsePnpmWorkspacePackages } from '../../src/analyzer/pnpm-workspace.js';
import type { PackageManifest } from '../../src/analyzer/workspaces.js';

const text = (s: string): Buffer => Buffer.from(s, 'utf8');

describe('binaryReason', () => {
  it('source with a NUL or other control bytes inside a literal is text', () => {
    expect(binaryReason(text('export const SEP = `\0`;\nexport const BELL = "\x07";\n'))).toBeUndefined();
    expect(binaryReason(text('const café = "naïve — ✓";\n'))).toBeUndefined();
    expect(binaryReason(Buffer.alloc(0))).toBeUndefined();
  });

  it('known signatures, runs of control bytes, a high share of control bytes or invalid UTF-8 are binary', () => {
    expect(binaryReason(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x41]))).toBe('PNG image signature');
    expect(binaryReason(Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]))).toBe('WebAssembly module signature');
    expect(binaryReason(Buffer.concat([text('const a = 1;\n'), Buffer.alloc(8)]))).toBe('8 control bytes in a row at byte 13');
    expect(binaryReason(Buffer.from([0x63, 0x6f, 0x6e, 0x73, 0x74, 0x00, 0x01, 0x02]))).toBe('38% control bytes in the first 8 bytes');
    const latin1Noise = Buffer.from(Array.from({ length: 200 }, (_, i) => (i % 3 === 0 ? 0xe9 : 0x61)));
    expect(binaryReason(latin1Noise)).toBe('34% invalid UTF-8 in the first 200 bytes');
  });

  it('a multi-byte character cut by the end of the sample is not invalid', () => {
    const utf8 = text('é'.repeat(5000));
    expect(binaryReason(utf8)).toBeUndefined();
  });
});

describe('parsePnpmWorkspacePackages', () => {
  it('reads block and flow lists, quotes, comments and negations; stops at the next key', () => {
    expect(parsePnpmWorkspacePackages("packages:\n  # apps\n  - 'apps/*'\n  - \"packages/**\" # all\n  - '!**/test/**'\ncatalog:\n  zod: ^4\n")).toEqual([
      'apps/*',
      'packages/**',
      '!**/test/**',
    ]);
    expect(parsePnpmWorkspacePackages("packages: ['a/*', \"b\"]\n")).toEqual(['a/*', 'b']);
    expect(parsePnpmWorkspacePackages('onlyBuiltDependencies:\n  - esbuild\n')).toBeUndefined();
  });
});

describe('.gitignore rules', () => {
  const rules = parseGitignore('# build\ndist/\n*.log\n!keep.log\n/root-only.ts\ndocs/*.ts\n\\#literal.ts\n');
  const chain = [{ base: '', rules }];
  it.each([
    ['dist', true, true],
    ['packages/a/dist', true, true],
    ['dist', false, false],
    ['x/debug.log', false, true],
    ['x/keep.log', false, false],
    ['root-only.ts', false, true],
    ['src/root-only.ts', false, false],
    ['docs/a.ts', false, true],
    ['docs/deep/a.ts', false, false],
    ['#literal.ts', false, true],
  ])('%s (directory: %s) ignored: %s', (rel, isDirectory, ignored) => {
    expect(isIgnored(chain, rel, isDirectory)).toBe(ignored);
  });

  it('a nested .gitignore applies below its directory only', () => {
    const nested = [{ base: 'pkg', rules: parseGitignore('fixtures\n') }];
    expect(isIgnored(nested, 'pkg/fixtures', true)).toBe(true);
    expect(isIgnored(nested, 'fixtures', true)).toBe(false);
  });
});

describe('workspace package entry points', () => {
  const manifest = (fields: Partial<PackageManifest>): PackageManifest => ({
    name: '@acme/tools',
    exports: undefined,
    main: undefined,
    module: undefined,
    types: undefined,
    ...fields,
  });

  it('maps exports (conditions, subpaths, patterns) and main/types back to source stems', () => {
    const exports = { '.': { types: './dist/index.d.ts', import: './dist/esm/index.mjs' }, './search/*': './dist/search/*.js', './package.json': './package.json' };
    expect(entryCandidates(manifest({ exports }), '.')).toEqual(['dist/index', 'dist/esm/index', 'src/index', 'index', 'src/esm/index', 'esm/index']);
    expect(entryCandidates(manifest({ exports }), './search/web')).toEqual(['dist/search/web', 'src/search/web', 'search/web']);
    expect(entryCandidates(manifest({ exports }), './internal')).toEqual([]);
    expect(entryCandidates(manifest({ exports: './src/index.ts' }), '.')).toEqual(['src/index']);
    expect(entryCandidates(manifest({ main: 'lib/index.js' }), '.')).toEqual(['lib/index', 'src/index', 'index']);
    expect(entryCandidates(manifest({}), './util')).toEqual(['util', 'src/util']);
  });

  it('the module resolver follows a package name to the analysed source; tsconfig paths win', () => {
    const files = ['packages/tools/src/index.ts', 'packages/tools/src/search/web.ts', 'packages/bot/src/agent.ts', 'packages/bot/src/local-tools.ts'];
    const packages = [
      { dir: 'packages/tools', manifest: { ...manifest({ exports: { '.': './dist/index.js', './search/*': './dist/search/*.js' } }), name: '@acme/tools' } },
    ];
    const aliases = { baseUrl: undefined, paths: { '@acme/tools': ['./src/local-tools.ts'] }, pathsBase: 'packages/bot' };
    const resolve = createModuleResolver(files, '/repo', (file) => (file.endsWith('agent.ts') ? aliases : undefined), packages);
    expect(resolve('packages/bot/src/other.ts', '@acme/tools')).toBe('packages/tools/src/index.ts');
    expect(resolve('packages/bot/src/other.ts', '@acme/tools/search/web')).toBe('packages/tools/src/search/web.ts');
    expect(resolve('packages/bot/src/agent.ts', '@acme/tools')).toBe('packages/bot/src/local-tools.ts');
    expect(resolve('packages/bot/src/agent.ts', '@acme/tools/search/web')).toBe('packages/tools/src/search/web.ts');
    expect(resolve('packages/bot/src/other.ts', '@acme/other')).toBeUndefined();
    expect(resolve('packages/bot/src/other.ts', 'zod')).toBeUndefined();
  });
});
