// Rules configured file by file (the CLI's `--eslint-config`: ESLint's flat config gives each file
// its own levels and options). The checks run once per distinct setting over the whole project, so
// cross-file sets are still seen whole, and a finding is kept when its own file has that setting:
// what ESLint reports when it lints that file with that file's configuration.
import { runChecks, type EnabledRules, type Finding } from '../checks/index.js';
import type { CheckInput } from '../checks/input.js';
import { runRules } from './run-rules.js';
import type { RuleSettings } from './types.js';

export async function checkPerFile(
  input: CheckInput,
  files: readonly string[],
  rulesForFiles: (files: readonly string[]) => Promise<ReadonlyMap<string, RuleSettings>>,
  timed: <T>(run: () => T) => T,
): Promise<Finding[]> {
  const settings = await rulesForFiles(files);
  const groups = new Map<string, { rules: EnabledRules; files: Set<string> }>();
  for (const file of files) {
    const given = settings.get(file);
    // A file without settings is one the linter would not lint: nothing is reported in it.
    if (given === undefined) continue;
    const rules = await runRules(given);
    const key = JSON.stringify(rules);
    const group = groups.get(key);
    if (group) group.files.add(file);
    else groups.set(key, { rules, files: new Set([file]) });
  }
  const out: Finding[] = [];
  for (const group of groups.values()) {
    if (Object.keys(group.rules).length === 0) continue;
    out.push(...timed(() => runChecks(input, group.rules)).filter((finding) => group.files.has(finding.file)));
  }
  return out;
}
