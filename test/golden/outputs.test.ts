// Golden outputs: every finding, diagnostic, fingerprint and graph of every fixture project, as the
// CLI prints them with every rule on, and each run's exit code and stderr (runs.txt). Recorded
// before the adapter architecture was reshaped (issue 8), held byte-identical through that reshape,
// with reviewed updates since (`git log -- test/golden/__outputs__`: new rules, messages, fixtures);
// each deliberate change of output is a reviewed update of these files (`npm run golden:update`).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { catalog } from '../../src/checks/catalog.js';
import { run } from '../cli/helpers.js';
import { goldenFixtures } from '../fixture-projects.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const fixtures = goldenFixtures.map((name) => `fixtures/${name}`);
const everyRule = Object.keys(catalog).flatMap((id) => ['--rule', `${id}=error`]);

/** One command's exit code and stderr, as the `runs.txt` golden records them under its argv. */
function status(argv: readonly string[], result: { code: number; stderr: string }): string {
  const shown = argv.join(' ').replace(everyRule.join(' '), '--rule <every rule>=error');
  const stderr = result.stderr.replaceAll(root, '<root>');
  return `$ tool-identity-audit ${shown}\nexit ${String(result.code)}\n${stderr === '' ? '(no stderr)\n' : `stderr:\n${stderr}${stderr.endsWith('\n') ? '' : '\n'}`}`;
}

describe.each(fixtures)('%s', (fixture) => {
  const cwd = path.join(root, fixture);
  const golden = (name: string): string => path.join(root, 'test/golden/__outputs__', fixture.replace(/\//g, '+'), name);

  it('prints the same findings, diagnostics, exit codes and stderr (stylish, json, codeclimate fingerprints; the graph)', async () => {
    const runs: string[] = [];
    // Without --no-exit-code: the exit code says whether the run found something.
    for (const [format, file] of [['stylish', 'stylish.txt'], ['json', 'eslint.json'], ['codeclimate', 'codeclimate.json']] as const) {
      const argv = ['.', '-f', format, ...everyRule];
      const result = await run(argv, { cwd });
      runs.push(status(argv, result));
      await expect(result.stdout.replaceAll(root, '<root>')).toMatchFileSnapshot(golden(file));
    }
    for (const format of ['mermaid', 'dot']) {
      const argv = ['graph', '-f', format];
      const result = await run(argv, { cwd });
      runs.push(status(argv, result));
      await expect(result.stdout).toMatchFileSnapshot(golden(`graph.${format === 'dot' ? 'dot' : 'mmd'}`));
    }
    await expect(runs.join('\n')).toMatchFileSnapshot(golden('runs.txt'));
  });
});
