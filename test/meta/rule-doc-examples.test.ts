// The examples of docs/rules/<rule-id>.md, per framework. docs.test.ts lints every ❌/✅ block with
// the ESLint rules; here every such block also goes through the CLI's analyzer (an ❌ block is
// reported by its page's rule, a ✅ block by no rule), each rule has an ❌ and a ✅ example for every
// framework it applies to, and a block under a framework's heading in "Examples by framework" is
// written against that framework (it imports one of the adapter's modules).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeProject } from '../../src/analyzer/index.js';
import { ruleIds, type EnabledRules, type RuleId } from '../../src/checks/index.js';
import { ruleOptions } from '../../src/checks/rule-option-schemas.js';
import { adapterEnabledBy, adapters, type FrameworkAdapter } from '../../src/facts/adapters/index.js';
import { filenameOf, parseDoc, TS_LANGS, type CodeBlock } from './rule-docs.js';

const docsDir = path.resolve(import.meta.dirname, '../../docs/rules');
const BY_FRAMEWORK = 'Examples by framework';

/** Every framework but this package's runtime, which has examples of its own on every page. */
const frameworks = adapters.filter((adapter) => adapter.id !== 'tool-identity-audit');

/** Frameworks that name tools in a tool choice, an active-tools list, an allow-list or a dispatch on the requested name. */
const referencesTools = (adapter: FrameworkAdapter): boolean =>
  (adapter.runs?.length ?? 0) > 0 || (adapter.exposures ?? []).some((exposure) => (exposure.references?.length ?? 0) > 0) || (adapter.mcpDispatches?.length ?? 0) > 0;

/** Frameworks whose tools get no provider call ID (README, "Frameworks": the call IDs column). */
const withoutCallIds = new Set(['inngest-agent-kit', 'llamaindex', 'mcp-sdk', 'fastmcp', 'claude-agent-sdk', 'genkit', 'strands']);

/** Where a framework example belongs. The rest are about this package's runtime alone. */
const appliesTo: Record<RuleId, (adapter: FrameworkAdapter) => boolean> = {
  'no-tool-name-collision': () => true,
  'valid-tool-name': () => true,
  'no-confusable-tool-names': () => true,
  'required-function-name-known': referencesTools,
  'no-call-id-coercion': (adapter) => !withoutCallIds.has(adapter.id),
  'no-namespace-equals-name': (adapter) => (adapter.namespaces?.length ?? 0) > 0,
  // The runtime's middleware, live tool lists (`ctx.addTools`) and identity helpers.
  'middleware-await-next': () => false,
  'middleware-result-before-next': () => false,
  'no-direct-tools-mutation': () => false,
  'no-tool-mutation-outside-invocation': () => false,
  'stable-tool-identity': () => false,
  'no-identity-helper-bypass': () => false,
};

/** Module specifiers a block imports (static, side-effect, `export ... from` and `import()`). */
function importsOf(code: string): string[] {
  return [...code.matchAll(/\b(?:from|import)\s*\(?\s*'([^']+)'/g)].map((match) => match[1] ?? '');
}

function frameworksOf(block: CodeBlock): string[] {
  const specifiers = importsOf(block.code);
  return frameworks.filter((adapter) => specifiers.some((specifier) => adapterEnabledBy(adapter, specifier))).map((adapter) => adapter.id);
}

/** `/* eslint tool-identity/<id>: ["error", {...}] *\/` in a block: that rule's options there. */
function inlineOptions(block: CodeBlock): Partial<Record<RuleId, unknown>> {
  const options: Partial<Record<RuleId, unknown>> = {};
  for (const match of block.code.matchAll(/\/\* eslint tool-identity\/([a-z-]+): (\[.*\]) \*\//g)) {
    const [, options0] = JSON.parse(match[2] ?? '[]') as [string, unknown];
    options[match[1] as RuleId] = options0;
  }
  return options;
}

interface Page {
  id: RuleId;
  blocks: CodeBlock[];
}

const pages: Page[] = ruleIds.map((id) => ({
  id,
  blocks: parseDoc(readFileSync(path.join(docsDir, `${id}.md`), 'utf8')).blocks.filter((block) => TS_LANGS.has(block.lang) && block.expectation !== undefined),
}));

const scratch = mkdtempSync(path.join(tmpdir(), 'tia-doc-examples-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/**
 * What the analyzer reports in each block, by the block's line in the doc. Blocks without their own
 * file name or options share one project (one file each: they import only packages, so nothing links
 * them); the others get a project each.
 */
async function cliReports(page: Page): Promise<Map<number, string[]>> {
  const groups = new Map<string, Array<{ block: CodeBlock; file: string }>>();
  for (const block of page.blocks) {
    const own = /\bfilename="/.test(block.meta) || Object.keys(inlineOptions(block)).length > 0;
    const file = own ? filenameOf(block) : `src/example-${block.line}.${block.lang === 'tsx' ? 'tsx' : 'ts'}`;
    const key = own ? `line-${block.line}` : 'shared';
    groups.set(key, [...(groups.get(key) ?? []), { block, file }]);
  }
  const reports = new Map<number, string[]>();
  for (const [key, members] of groups) {
    const cwd = path.join(scratch, `${page.id}-${key}`);
    for (const { block, file } of members) {
      mkdirSync(path.dirname(path.join(cwd, file)), { recursive: true });
      writeFileSync(path.join(cwd, file), block.code);
    }
    const inline = inlineOptions(members[0]?.block ?? ({ code: '' } as CodeBlock));
    const rules = Object.fromEntries(ruleIds.map((id) => [id, ruleOptions(id, inline[id])])) as EnabledRules;
    const result = await analyzeProject({ cwd, rules });
    expect(result.diagnostics, `${page.id}: files the analyzer could not read`).toEqual([]);
    for (const { block, file } of members) {
      reports.set(
        block.line,
        result.findings.filter((finding) => finding.file === file).map((finding) => `${finding.span.loc.start.line}:${finding.span.loc.start.column + 1} ${finding.ruleId} ${finding.message}`),
      );
    }
  }
  return reports;
}

describe.each(pages.map((page) => [page.id, page] as const))('docs/rules/%s.md', (id, page) => {
  const wanted = frameworks.filter(appliesTo[id]).map((adapter) => adapter.id);

  it(`has an ❌ and a ✅ example for each framework the rule applies to`, () => {
    const missing: string[] = [];
    for (const framework of wanted) {
      for (const expectation of ['invalid', 'valid'] as const) {
        const found = page.blocks.some((block) => block.expectation === expectation && frameworksOf(block).includes(framework));
        if (!found) missing.push(`${framework} ${expectation}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('shows under each framework heading code of that framework only', () => {
    const byFramework = page.blocks.filter((block) => block.section === BY_FRAMEWORK);
    if (wanted.length === 0) expect(byFramework).toEqual([]);
    for (const block of byFramework) {
      const adapter = frameworks.find((candidate) => candidate.title === block.subsection);
      expect(adapter?.title, `line ${block.line}: "### ${block.subsection ?? ''}" is no framework's title`).toBe(block.subsection);
      expect(frameworksOf(block), `line ${block.line}`).toEqual([adapter?.id]);
      expect(appliesTo[id](adapter as FrameworkAdapter), `line ${block.line}: ${id} does not apply to ${adapter?.id ?? '?'}`).toBe(true);
    }
  });

  it('its examples are reported by the CLI analyzer as by ESLint: ❌ by this rule, ✅ by none', async () => {
    const reports = await cliReports(page);
    const wrong: string[] = [];
    for (const block of page.blocks) {
      const got = reports.get(block.line) ?? [];
      const ok = block.expectation === 'invalid' ? got.some((report) => report.includes(` ${id} `)) : got.length === 0;
      if (!ok) wrong.push(`line ${block.line} (${block.expectation ?? '?'}): ${got.join(' | ') || 'no reports'}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('the framework each rule applies to', () => {
  it('follows from the adapters: tool references and namespaces', () => {
    expect(frameworks.filter(referencesTools).map((adapter) => adapter.id).sort()).toEqual(
      frameworks.map((adapter) => adapter.id).filter((framework) => !['llamaindex', 'fastmcp', 'genkit', 'strands'].includes(framework)).sort(),
    );
    expect(frameworks.filter(appliesTo['no-namespace-equals-name']).map((adapter) => adapter.id)).toEqual(['openai-agents']);
    for (const framework of withoutCallIds) expect(frameworks.map((adapter) => adapter.id)).toContain(framework);
  });

  it('reads a block\'s framework from its imports', () => {
    const block = (code: string): CodeBlock => ({ line: 1, lang: 'ts', meta: '', code, expectation: 'valid', section: undefined, subsection: undefined });
    expect(frameworksOf(block("import { tool } from 'ai';\nimport { openai } from '@ai-sdk/openai';\n"))).toEqual(['ai-sdk']);
    expect(frameworksOf(block("import { ChatOpenAI } from '@langchain/openai';\n"))).toEqual(['langchain']);
    expect(frameworksOf(block("import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\n"))).toEqual(['mcp-sdk']);
    expect(frameworksOf(block("import { Agent } from 'tool-identity-audit/runtime';\n"))).toEqual([]);
  });
});
