// eslint-doc-generator 3.7.1 configuration (`npm run docs`, `npm run docs:check`).
//
// The generator reads the BUILT plugin through package.json `exports["."]`, so run `npm run build`
// first (eslint-doc-generator issue #815). test/meta/plugin.test.ts checks that `urlRuleDoc` matches
// DOCS_BASE_URL in src/checks/catalog.ts and that every plugin config has an emoji here.
import { existsSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { pathToFileURL } from 'node:url';

// The generator finds a rule in a config under `<prefix>/<rule>`, with the prefix derived from
// `plugin.meta.name` (eslint-doc-generator issue #610; `meta.namespace` is not read). Our package is
// `tool-identity-audit` but its rules are `tool-identity/<rule>`, so without this no config would be
// detected. In the generator's process only, the built plugin's name is replaced by its namespace
// (the generator imports the same module instance); anyone else importing this file is unaffected.
const builtPlugin = path.join(import.meta.dirname, 'dist', 'src', 'plugin.js');
const isGenerator = /eslint-doc-generator/.test(process.argv[1] ?? '');
if (isGenerator && existsSync(builtPlugin)) {
  const { default: plugin } = await import(pathToFileURL(builtPlugin).href);
  plugin.meta = { ...plugin.meta, name: plugin.meta.namespace };
}

/** @type {import('eslint-doc-generator').GenerateOptions} */
const config = {
  configEmoji: [
    ['recommended', '✅'],
    ['recommended-type-checked', '☑️'],
    ['strict', '🔒'],
    ['all', '🌐'],
    ['disable-type-checked', '⭕'],
  ],
  configFormat: 'prefix-name',
  ruleDocTitleFormat: 'desc-parens-name',
  ruleDocNotices: ['configs', 'fixableAndHasSuggestions', 'requiresTypeChecking', 'options'],
  ruleListColumns: [
    'name',
    'description',
    'configsError',
    'configsWarn',
    'configsOff',
    'fixableAndHasSuggestions',
    'options',
    'requiresTypeChecking',
    'type',
  ],
  // Every doc has an "## Options" section, also rules without options ("This rule has no options."),
  // which the generator's own options check forbids; the sections are required here instead, and
  // test/meta/docs.test.ts checks one "### <option>" per schema property.
  ruleDocSectionOptions: false,
  ruleDocSectionInclude: ['Examples', 'Options', 'When Not To Use It'],
  pathRuleDoc: 'docs/rules/{name}.md',
  pathRuleList: 'README.md',
  urlRuleDoc: 'https://github.com/tool-identity-audit/tool-identity-audit/blob/main/docs/rules/{name}.md',
};

export default config;
