// Module resolution against the analysed file set: the compiler's extension rules, index files,
// tsconfig paths/baseUrl; bare packages stay outside.
import { describe, expect, it } from 'vitest';
import { createModuleResolver } from '../../src/analyzer/module-resolver.js';
import type { AliasConfig } from '../../src/analyzer/tsconfig.js';

const files = [
  'src/a.ts',
  'src/b.tsx',
  'src/c.mts',
  'src/d.cts',
  'src/e.js',
  'src/both.ts',
  'src/both.js',
  'src/dir/index.ts',
  'src/jsdir/index.js',
  'src/lib/util.ts',
  'index.ts',
  'packages/core/src/index.ts',
  'packages/core/src/feature.ts',
];

describe('createModuleResolver', () => {
  const resolve = createModuleResolver(files, '/repo');

  it('resolves relative specifiers with the compiler extension rules', () => {
    expect(resolve('src/x.ts', './a')).toBe('src/a.ts');
    expect(resolve('src/x.ts', './a.js')).toBe('src/a.ts');
    expect(resolve('src/x.ts', './a.ts')).toBe('src/a.ts');
    expect(resolve('src/x.ts', './b.js')).toBe('src/b.tsx');
    expect(resolve('src/x.ts', './b.jsx')).toBe('src/b.tsx');
    expect(resolve('src/x.ts', './c.mjs')).toBe('src/c.mts');
    expect(resolve('src/x.ts', './d.cjs')).toBe('src/d.cts');
    expect(resolve('src/x.ts', './e.js')).toBe('src/e.js');
    expect(resolve('src/x.ts', './e')).toBe('src/e.js');
    // A .ts file wins over a .js file of the same name, as in the compiler.
    expect(resolve('src/x.ts', './both.js')).toBe('src/both.ts');
    expect(resolve('src/x.ts', './both')).toBe('src/both.ts');
  });

  it('resolves directories to their index file, and parent paths', () => {
    expect(resolve('src/x.ts', './dir')).toBe('src/dir/index.ts');
    expect(resolve('src/x.ts', './dir/')).toBe('src/dir/index.ts');
    expect(resolve('src/x.ts', './dir/index.js')).toBe('src/dir/index.ts');
    expect(resolve('src/x.ts', './jsdir')).toBe('src/jsdir/index.js');
    expect(resolve('src/lib/util.ts', '../a.js')).toBe('src/a.ts');
    expect(resolve('src/lib/util.ts', '..')).toBeUndefined();
    expect(resolve('src/lib/util.ts', '../..')).toBe('index.ts');
    expect(resolve('index.ts', '.')).toBe('index.ts');
    expect(resolve('src/x.ts', '/repo/src/a.js')).toBe('src/a.ts');
  });

  it('leaves bare packages and missing files unresolved', () => {
    expect(resolve('src/x.ts', '@openai/agents')).toBeUndefined();
    expect(resolve('src/x.ts', 'zod')).toBeUndefined();
    expect(resolve('src/x.ts', 'src/a')).toBeUndefined();
    expect(resolve('src/x.ts', './missing.js')).toBeUndefined();
    expect(resolve('src/x.ts', './a.json')).toBeUndefined();
    expect(resolve('src/x.ts', '')).toBeUndefined();
  });

  it('applies tsconfig paths (exact match first, then the longest prefix) and baseUrl', () => {
    const aliases: AliasConfig = {
      baseUrl: 'src',
      pathsBase: 'src',
      paths: {
        '@core': ['../packages/core/src/index.ts'],
        '@core/*': ['../packages/core/src/*'],
        '@/*': ['./*', './lib/*'],
        '@/lib/special': ['./a.ts'],
      },
    };
    const withAliases = createModuleResolver(files, '/repo', (file) => (file.startsWith('src/') ? aliases : undefined));
    expect(withAliases('src/x.ts', '@core')).toBe('packages/core/src/index.ts');
    expect(withAliases('src/x.ts', '@core/feature.js')).toBe('packages/core/src/feature.ts');
    expect(withAliases('src/x.ts', '@/a')).toBe('src/a.ts');
    expect(withAliases('src/x.ts', '@/util')).toBe('src/lib/util.ts');
    expect(withAliases('src/x.ts', '@/lib/special')).toBe('src/a.ts');
    expect(withAliases('src/x.ts', 'dir')).toBe('src/dir/index.ts');
    expect(withAliases('src/x.ts', 'lib/util.js')).toBe('src/lib/util.ts');
    expect(withAliases('src/x.ts', 'zod')).toBeUndefined();
    // Files of another project (no aliases) do not see them.
    expect(withAliases('index.ts', '@core')).toBeUndefined();
  });

  it('paths without baseUrl resolve against the declaring tsconfig directory', () => {
    const aliases: AliasConfig = { baseUrl: undefined, pathsBase: 'packages/core', paths: { '#feature': ['src/feature.ts'] } };
    const withAliases = createModuleResolver(files, '/repo', () => aliases);
    expect(withAliases('src/a.ts', '#feature')).toBe('packages/core/src/feature.ts');
    expect(withAliases('src/a.ts', 'src/a')).toBeUndefined();
  });
});
