// Meta-tests of docs/rules/<rule-id>.md: structure, options, links, and the examples themselves.
// Every TypeScript block under a "### ❌ ..." heading must be reported by its rule; every block under a
// "### ✅ ..." heading must be reported by none of the plugin's rules. Blocks are linted on their own,
// without type information, as `example.ts` (or the file named by `filename="..."` in the fence info).
// A block may configure its rule with an inline `/* eslint tool-identity/<id>: [...] */` comment.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Linter } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import { describe, expect, it } from 'vitest';
import plugin, { PLUGIN_NAMESPACE } from '../../src/plugin.js';
import { catalog, ruleIds, type RuleId } from '../../src/checks/catalog.js';
import { ruleOptionSchemas } from '../../src/checks/rule-option-schemas.js';
import { filenameOf, parseDoc, TS_LANGS, type CodeBlock } from './rule-docs.js';

const root = path.resolve(import.meta.dirname, '../..');
const docsDir = path.join(root, 'docs', 'rules');

/** Lints one block with every rule of the plugin at `error`, the doc's own rule with its default options. */
function lint(block: CodeBlock): Linter.LintMessage[] {
  const linter = new Linter({ configType: 'flat', cwd: root });
  return linter.verify(
    block.code,
    [
      {
        files: ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts'],
        languageOptions: {
          parser: tsParser,
          ecmaVersion: 'latest',
          sourceType: 'module',
          parserOptions: { ecmaFeatures: { jsx: block.lang === 'tsx' } },
        },
        plugins: { [PLUGIN_NAMESPACE]: plugin as never },
        rules: Object.fromEntries(ruleIds.map((id) => [`${PLUGIN_NAMESPACE}/${id}`, 'error'])),
      },
    ],
    path.join(root, filenameOf(block)),
  );
}

function describeMessages(messages: Linter.LintMessage[]): string {
  return messages.map((m) => `${m.line}:${m.column} ${m.ruleId ?? '(fatal)'} ${m.message}`).join('\n') || '(no reports)';
}

const docFiles = readdirSync(docsDir)
  .filter((file) => file.endsWith('.md'))
  .map((file) => file.slice(0, -'.md'.length))
  .sort();

describe('docs/rules', () => {
  it('has exactly one page per rule', () => {
    expect(docFiles).toEqual([...ruleIds].sort());
  });
});

describe.each([...ruleIds])('docs/rules/%s.md', (id: RuleId) => {
  const file = path.join(docsDir, `${id}.md`);
  const doc = parseDoc(existsSync(file) ? readFileSync(file, 'utf8') : '');
  const meta = catalog[id];
  const optionNames = Object.keys(ruleOptionSchemas[id].shape);
  const tsBlocks = doc.blocks.filter((block) => TS_LANGS.has(block.lang));
  const invalid = tsBlocks.filter((block) => block.expectation === 'invalid');
  const valid = tsBlocks.filter((block) => block.expectation === 'valid');

  it('exists', () => {
    expect(existsSync(file), file).toBe(true);
  });

  it('starts with the generated header, naming its configs', () => {
    expect(doc.lines[0]).toBe(`# ${meta.description} (\`${id}\`)`);
    const headerEnd = doc.lines.indexOf('<!-- end auto-generated rule header -->');
    expect(headerEnd).toBeGreaterThan(0);
    const header = doc.lines.slice(0, headerEnd).join('\n');
    // eslint-doc-generator only finds the configs when it uses the `tool-identity` prefix.
    expect(header).toContain(`\`${PLUGIN_NAMESPACE}/all\``);
    expect(header.includes(`\`${PLUGIN_NAMESPACE}/recommended\``)).toBe(meta.defaultSeverity !== 'off');
    expect(header.includes('💡')).toBe(meta.hasSuggestions);
  });

  it('has the required sections in order', () => {
    const required = ['Examples', 'Options', 'When Not To Use It'];
    for (const section of required) expect(doc.sections, section).toContain(section);
    const positions = required.map((section) => doc.sections.indexOf(section));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    if (meta.usesTypeInformation) expect(doc.sections).toContain('Type information');
    // Prose first: the rationale comes between the header and the examples.
    const headerEnd = doc.lines.indexOf('<!-- end auto-generated rule header -->');
    const examples = doc.lines.indexOf('## Examples');
    const prose = doc.lines.slice(headerEnd + 1, examples).join('\n').trim();
    expect(prose.length, 'rationale before ## Examples').toBeGreaterThan(80);
  });

  it('documents each option under ## Options', () => {
    const headings = doc.subheadings.get('Options') ?? [];
    if (optionNames.length === 0) {
      expect(doc.text).toContain('This rule has no options.');
      expect(headings).toEqual([]);
      return;
    }
    expect(headings.map((h) => h.replace(/`/g, '')).sort()).toEqual([...optionNames].sort());
    expect(doc.text).toContain('<!-- begin auto-generated rule options list -->');
  });

  it('has ❌ and ✅ TypeScript examples', () => {
    expect(invalid.length).toBeGreaterThan(0);
    expect(valid.length).toBeGreaterThan(0);
  });

  it('marks every TypeScript block as ❌ or ✅', () => {
    const unmarked = tsBlocks.filter((block) => block.expectation === undefined).map((block) => block.line);
    expect(unmarked, 'lines of unmarked TypeScript blocks').toEqual([]);
  });

  it('links only to existing rule docs', () => {
    const links = [...doc.text.matchAll(/\]\((?:\.\/)?([\w-]+)\.md(?:#[\w-]*)?\)/g)].map((m) => m[1] ?? '');
    for (const link of links) expect(ruleIds as readonly string[], `link to ${link}.md`).toContain(link);
  });

  describe.each(invalid.map((block) => [block.line, block] as const))('❌ block at line %i', (_line, block) => {
    it(`is reported by ${id}`, () => {
      const messages = lint(block);
      expect(messages.filter((m) => m.fatal), describeMessages(messages)).toEqual([]);
      expect(messages.filter((m) => m.ruleId === `${PLUGIN_NAMESPACE}/${id}`).length, describeMessages(messages)).toBeGreaterThan(0);
    });
  });

  describe.each(valid.map((block) => [block.line, block] as const))('✅ block at line %i', (_line, block) => {
    it('is reported by no rule of the plugin', () => {
      const messages = lint(block);
      expect(messages.filter((m) => m.fatal), describeMessages(messages)).toEqual([]);
      expect(messages.filter((m) => m.ruleId?.startsWith(`${PLUGIN_NAMESPACE}/`)), describeMessages(messages)).toEqual([]);
    });
  });
});

describe('parseDoc', () => {
  it('assigns blocks to the last ❌/✅ heading of their section', () => {
    const parsed = parseDoc(
      ['# t', '## Examples', '### ❌ Incorrect', '```ts', 'a', '```', '### ✅ Correct', '```ts', 'b', '```', '## Options', '```ts', 'c', '```', ''].join('\n'),
    );
    expect(parsed.blocks.map((b) => [b.code, b.expectation])).toEqual([
      ['a\n', 'invalid'],
      ['b\n', 'valid'],
      ['c\n', undefined],
    ]);
    expect(parsed.sections).toEqual(['Examples', 'Options']);
  });

  it('reads filename= from the fence info', () => {
    const [block] = parseDoc(['## Examples', '### ✅ Correct', '```ts filename="src/keys.ts"', 'x', '```', ''].join('\n')).blocks;
    expect(block && filenameOf(block)).toBe('src/keys.ts');
  });
});
