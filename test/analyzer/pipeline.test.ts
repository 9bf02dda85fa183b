// Pipeline guarantees seen through the extractor: a cache hit never parses or extracts, an
// extractor crash on one file is an `internal-error` diagnostic while the other files go on, and a
// file that cannot hold facts is parsed only when the linker reaches it.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { analyzeProject } from '../../src/analyzer/index.js';
import type * as ExtractModule from '../../src/facts/extract.js';
import { ageTree, distrustFileList, recommendedRules, settle, tempProject } from './helpers.js';

const calls = vi.hoisted(() => ({ files: [] as string[] }));

vi.mock('../../src/facts/extract.js', async (importOriginal) => {
  const original = await importOriginal<typeof ExtractModule>();
  return {
    ...original,
    extractFacts: ((...args: Parameters<typeof original.extractFacts>) => {
      const file = args[2].file;
      calls.files.push(file);
      if (file.endsWith('crash.ts')) throw new Error('boom');
      return (original.extractFacts as (...a: unknown[]) => unknown)(...args);
    }) as typeof original.extractFacts,
  };
});

beforeEach(() => {
  calls.files.length = 0;
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** Makes a module one that can hold tools, so it is parsed. */
const TOOLS_IMPORT = "import { tool } from '@openai/agents';\n";

describe('analyzer pipeline', () => {
  it('an extractor crash on one file is an internal-error diagnostic; the run goes on', async () => {
    const cwd = tempProject({ 'src/crash.ts': `${TOOLS_IMPORT}export const a = 1;\n`, 'src/ok.ts': `${TOOLS_IMPORT}export const b = 2;\n` });
    const result = await analyzeProject({ cwd, rules: recommendedRules() });
    expect(result.diagnostics).toEqual([{ file: 'src/crash.ts', kind: 'internal-error', message: 'Fact extraction failed: boom' }]);
    expect(result.filesAnalyzed).toBe(1);
    expect(calls.files).toEqual(['src/crash.ts', 'src/ok.ts']);
  });

  it('a cache hit skips extraction; a failed file is retried next run, not cached', async () => {
    const cwd = tempProject({
      'src/a.ts': `${TOOLS_IMPORT}export const a = 1;\n`,
      'src/b.ts': `${TOOLS_IMPORT}export const b = 2;\n`,
      'src/crash.ts': `${TOOLS_IMPORT}x;\n`,
    });
    const options = { cwd, rules: recommendedRules(), cacheLocation: '.cache/' };
    const first = await analyzeProject(options);
    expect(first.cache).toEqual({ hits: 0, misses: 3 });
    expect(calls.files).toEqual(['src/a.ts', 'src/b.ts', 'src/crash.ts']);

    calls.files.length = 0;
    const second = await analyzeProject(options);
    expect(second.cache).toEqual({ hits: 2, misses: 1 });
    expect(calls.files).toEqual(['src/crash.ts']);
    expect(second.diagnostics.map((d) => d.kind)).toEqual(['internal-error']);
  });

  it('parses a file that cannot hold facts only when a parsed file\'s value reaches it, transitively', async () => {
    const cwd = tempProject({
      // The tool's name comes from a constant two modules away, through a barrel.
      'src/tools.ts': [
        TOOLS_IMPORT.trimEnd(),
        "import { z } from 'zod';",
        "import { NAMES } from './names/index.js';",
        "import { formatDate } from './dates.js';",
        "export const lookup = tool({ name: NAMES.lookup, description: 'Look up', parameters: z.object({}), execute: async () => formatDate(new Date()) });",
        '',
      ].join('\n'),
      'src/names/index.ts': "export * from './values.js';\n",
      'src/names/values.ts': "export const NAMES = { lookup: 'lookup_order' } as const;\n",
      // Imported, but no value the facts hold comes from it: never parsed.
      'src/dates.ts': 'export function formatDate(d: Date): string {\n  return d.toISOString();\n}\n',
      'src/ui/button.tsx': 'export const Button = () => <button>Save</button>;\n',
    });
    const result = await analyzeProject({ cwd, rules: recommendedRules() });
    expect(calls.files).toEqual(['src/tools.ts', 'src/names/index.ts', 'src/names/values.ts']);
    expect([result.filesAnalyzed, result.filesParsed]).toEqual([5, 3]);
    expect(result.linked.tools.map((t) => t.name)).toEqual(['lookup_order']);

    calls.files.length = 0;
    const everything = await analyzeProject({ cwd, rules: recommendedRules(), prefilter: false });
    expect(calls.files).toHaveLength(5);
    expect(everything.linked.tools.map((t) => t.name)).toEqual(['lookup_order']);
  });

  it('parses a module that imports no framework when it imports tools (through a barrel): it may assemble a toolkit', async () => {
    const toolClass = (cls: string, name: string): string =>
      [
        "import { StructuredTool } from '@langchain/core/tools';",
        "import { z } from 'zod';",
        `export class ${cls} extends StructuredTool {`,
        `  name = '${name}';`,
        "  description = 'x';",
        '  schema = z.object({});',
        "  async _call() { return ''; }",
        '}',
        '',
      ].join('\n');
    const cwd = tempProject({
      'src/tools/search.ts': toolClass('SearchTool', 'search'),
      'src/tools/fetch.ts': toolClass('FetchTool', 'fetch_page'),
      'src/tools/index.ts': "export * from './search.js';\nexport { FetchTool } from './fetch.js';\n",
      'src/kit.ts': "import { FetchTool, SearchTool } from './tools/index.js';\nexport const createTools = () => [new SearchTool(), new FetchTool(), new SearchTool()];\n",
      // Imports nothing that defines tools: never parsed.
      'src/dates.ts': 'export function formatDate(d: Date): string {\n  return d.toISOString();\n}\n',
    });
    const result = await analyzeProject({ cwd, rules: recommendedRules() });
    expect(calls.files.sort()).toEqual(['src/kit.ts', 'src/tools/fetch.ts', 'src/tools/index.ts', 'src/tools/search.ts']);
    expect(result.findings.map((f) => [f.file, f.messageId, f.data.name])).toEqual([['src/kit.ts', 'duplicateToolName', 'search']]);
  });

  it('a warm run reads no file whose time and size are unchanged; a touched file is hashed, not parsed', async () => {
    const cwd = tempProject({
      'src/a.ts': `${TOOLS_IMPORT}export const a = 1;\n`,
      'src/b.ts': `${TOOLS_IMPORT}export const b = 2;\n`,
      'src/plain.ts': 'export const c = 3;\n',
    });
    // A time vouches for the bytes only once older than the run that read them (time-vouches.ts).
    // The file list never does: every run is a full one, which looks each file up in the index.
    fs.mkdirSync(path.join(cwd, '.cache'));
    ageTree(cwd, '.cache');
    distrustFileList(cwd);
    const options = { cwd, rules: recommendedRules(), cacheLocation: '.cache/' };
    await analyzeProject(options);
    const sources = (): string[] =>
      read.mock.calls.map(([file]) => path.relative(cwd, String(file)).split(path.sep).join('/')).filter((file) => file.startsWith('src/'));
    // A source file is read through `fs.openSync` (read.ts reads into one reused buffer).
    const read = vi.spyOn(fs, 'openSync');

    calls.files.length = 0;
    const warm = await analyzeProject(options);
    expect([sources(), calls.files, warm.cache, warm.filesParsed]).toEqual([[], [], { hits: 3, misses: 0 }, 0]);

    // A checkout or `touch`: the time moves, the bytes do not. Read and hashed, still a hit.
    settle(cwd, 'src/b.ts');
    read.mockClear();
    const touched = await analyzeProject(options);
    expect([sources(), calls.files, touched.cache]).toEqual([['src/b.ts'], [], { hits: 3, misses: 0 }]);

    // A real edit: read, hashed and parsed again; nothing else is read.
    fs.writeFileSync(path.join(cwd, 'src/a.ts'), `${TOOLS_IMPORT}export const a = 10;\n`);
    read.mockClear();
    const edited = await analyzeProject(options);
    expect([sources(), calls.files, edited.cache]).toEqual([['src/a.ts'], ['src/a.ts'], { hits: 2, misses: 1 }]);
  });
});
