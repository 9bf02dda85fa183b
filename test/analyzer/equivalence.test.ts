// The analyzer must report exactly what the ESLint front end reports for the same files: same rule
// ids, locations, messages, related locations, suggestions and keys. The reference here is the
// ESLint path (rules/utils.ts) run over the whole project: the project's own `typescript` parser
// with ScriptTarget.Latest, the compiler's module resolution (`ts.resolveModuleName`), the same
// linker, naming and checks. What differs is only what the analyzer owns: ts-morph parsing, file
// discovery, reading, and its string-only module resolver.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { analyzeProject } from '../../src/analyzer/index.js';
import { runChecks } from '../../src/checks/index.js';
import { adapterNaming } from '../../src/facts/adapters/index.js';
import { extractFacts } from '../../src/facts/extract.js';
import { linkFacts } from '../../src/facts/resolve.js';
import type { FileFacts } from '../../src/facts/types.js';
import { allRules, FIXTURES, tempProject } from './helpers.js';

function scriptKind(file: string): ts.ScriptKind {
  const ext = path.extname(file).toLowerCase();
  return ext === '.tsx' ? ts.ScriptKind.TSX : ext === '.jsx' ? ts.ScriptKind.JSX : /\.[cm]?js$/.test(ext) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
}

/** Findings as the ESLint front end computes them with a whole program, paths relative to `cwd`. */
function referenceFindings(cwd: string, rules: ReturnType<typeof allRules>) {
  const configPath = path.join(cwd, 'tsconfig.json');
  const config = ts.readConfigFile(configPath, ts.sys.readFile).config as unknown;
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, cwd, undefined, configPath);
  const rel = (abs: string): string => path.relative(cwd, abs).split(path.sep).join('/');
  const files = parsed.fileNames.filter((f) => !f.endsWith('.d.ts')).sort();
  const known = new Set(files.map(rel));
  const facts: FileFacts[] = files.map((abs) => {
    const sourceFile = ts.createSourceFile(rel(abs), fs.readFileSync(abs, 'utf8'), ts.ScriptTarget.Latest, true, scriptKind(abs));
    return extractFacts(ts, sourceFile, { file: rel(abs) });
  });
  const linked = linkFacts(facts, {
    resolveModule: (from, specifier) => {
      const resolved = ts.resolveModuleName(specifier, path.join(cwd, from), parsed.options, ts.sys).resolvedModule?.resolvedFileName;
      return resolved !== undefined && known.has(rel(resolved)) ? rel(resolved) : undefined;
    },
    naming: adapterNaming,
  });
  return { files: facts.map((f) => f.file), findings: runChecks({ files: facts, linked, matchPath: (f) => f }, rules) };
}

const projects = [
  'demo',
  ...fs
    .readdirSync(path.join(FIXTURES, 'projects'))
    .sort()
    .map((name) => `projects/${name}`),
];

describe('same findings as the ESLint front end on the whole project', () => {
  it.each(projects)('%s', async (name) => {
    const cwd = path.join(FIXTURES, name);
    const rules = allRules();
    const result = await analyzeProject({ cwd, rules });
    const reference = referenceFindings(cwd, rules);
    expect(result.linked.exposureSets.map((s) => s.at.file).every((f) => reference.files.includes(f))).toBe(true);
    expect(result.filesAnalyzed).toBe(reference.files.length);
    expect(result.findings).toEqual(reference.findings);
    if (name === 'demo') expect(result.findings.length).toBeGreaterThanOrEqual(13);
  });

  it('with tsconfig paths aliases, .js specifiers and index files', async () => {
    const tool = (name: string): string =>
      `import { tool } from '@openai/agents';\nexport const t = tool({ name: '${name}', description: 'd', parameters: {} as never, execute: async () => 'x' });\n`;
    const cwd = tempProject({
      'tsconfig.json': JSON.stringify({
        compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', paths: { '#lib/*': ['./src/lib/*'] } },
        include: ['src'],
      }),
      'src/lib/a.ts': tool('same'),
      'src/lib/b/index.ts': tool('same'),
      'src/agent.ts': [
        "import { Agent } from '@openai/agents';",
        "import { t as first } from '#lib/a.js';",
        "import { t as second } from './lib/b/index.js';",
        "export const agent = new Agent({ name: 'a', tools: [first, second] });",
        '',
      ].join('\n'),
    });
    const rules = allRules();
    const result = await analyzeProject({ cwd, rules });
    expect(result.findings.map((f) => f.ruleId)).toEqual(['no-tool-name-collision']);
    expect(result.findings).toEqual(referenceFindings(cwd, rules).findings);
  });
});
