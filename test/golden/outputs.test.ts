// Golden outputs: every finding, diagnostic, fingerprint and graph of every fixture project, as the
// CLI prints them with every rule on. Recorded before the adapter architecture was reshaped (issue 8)
// and held byte-identical since; a deliberate change of output is a reviewed update of these files.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { catalog } from '../../src/checks/catalog.js';
import { frameworkFixtures } from '../analyzer/helpers.js';
import { run } from '../cli/helpers.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const fixtures = [
  'fixtures/demo',
  'fixtures/typed',
  ...readdirSync(path.join(root, 'fixtures/projects')).map((name) => `fixtures/projects/${name}`),
  // One project per framework adapter: its findings, and the graph of its agents and sets.
  ...frameworkFixtures.map((name) => `fixtures/frameworks/${name}`),
];
const everyRule = Object.keys(catalog).flatMap((id) => ['--rule', `${id}=error`]);

describe.each(fixtures)('%s', (fixture) => {
  const cwd = path.join(root, fixture);
  const golden = (name: string): string => path.join(root, 'test/golden/__outputs__', fixture.replace(/\//g, '+'), name);

  it('prints the same findings and diagnostics (stylish, json, codeclimate fingerprints)', async () => {
    for (const [format, file] of [['stylish', 'stylish.txt'], ['json', 'eslint.json'], ['codeclimate', 'codeclimate.json']] as const) {
      const result = await run(['.', '-f', format, '--no-exit-code', ...everyRule], { cwd });
      await expect(result.stdout.replaceAll(root, '<root>')).toMatchFileSnapshot(golden(file));
    }
  });

  it('draws the same graph', async () => {
    for (const format of ['mermaid', 'dot']) {
      const result = await run(['graph', '-f', format], { cwd });
      await expect(result.stdout).toMatchFileSnapshot(golden(`graph.${format === 'dot' ? 'dot' : 'mmd'}`));
    }
  });
});
