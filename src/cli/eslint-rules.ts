// Rule levels from the project's ESLint flat config (`--eslint-config`, `"rulesFrom": "eslint"`), so
// the rules are configured once. ESLint itself, the project's installed copy, computes each file's
// configuration; loading the config runs it, as every ESLint run does, and nothing else of the
// project is executed. Levels and options are per file, as ESLint applies them.
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ruleIds, type RuleId } from '../checks/catalog.js';
import type { RuleSettings } from '../analyzer/types.js';
import { RULE_PREFIX, type RuleLevel } from './config.js';
import { CliError, errorMessage } from './errors.js';
import type { RuleOverride } from './rules.js';

/** Where the run was told to read ESLint's config: named in every message about it. */
export interface EslintRulesRequest {
  /** `--eslint-config` or `"rulesFrom": "eslint" in <file>`. */
  origin: string;
  /** Absolute config file; undefined for ESLint's own lookup. */
  configFile: string | undefined;
}

/** Each reported file's levels (rules that are on), filled while the analyzer asks for settings. */
export type FileLevels = Map<string, Partial<Record<RuleId, Exclude<RuleLevel, 'off'>>>>;

interface EslintClass {
  new (options: { cwd: string; overrideConfigFile?: string }): { calculateConfigForFile(file: string): Promise<unknown> };
  version: string;
}

const SEVERITIES: Record<string, RuleLevel> = { '0': 'off', '1': 'warn', '2': 'error', off: 'off', warn: 'warn', error: 'error' };

/** The project's `eslint` (resolved from the working directory, never this package's own). */
function projectEslint(cwd: string, origin: string): EslintClass {
  const load = createRequire(path.join(cwd, 'package.json'));
  let entry: string;
  try {
    entry = load.resolve('eslint');
  } catch {
    throw new CliError(`${origin}: eslint is not installed in ${cwd} (cannot resolve "eslint" from there); install eslint 9 or later, or drop ${origin}`);
  }
  // `require`, not `import()`: the bundled CLI (dist/src/cli.cjs) is compiled from a V8 code cache,
  // and on Node 20 a script compiled from cached data has no dynamic-import loader ("A dynamic
  // import callback was not specified"). ESLint is CommonJS; an ES module build would load through
  // require(esm), which every Node the package supports has.
  const api = load(entry) as { ESLint?: EslintClass; default?: { ESLint?: EslintClass } };
  const ESLint = api.ESLint ?? api.default?.ESLint;
  const major = Number(ESLint?.version.split('.')[0]);
  if (!ESLint || !(major >= 9)) {
    throw new CliError(`${origin}: needs ESLint 9 or later (flat config); this project has eslint ${ESLint?.version ?? 'without an ESLint class'}`);
  }
  return ESLint;
}

/** `[severity, options?]` as ESLint normalises a rule entry; a bare severity too. */
function entryOf(value: unknown): { level: RuleLevel; options: unknown } | undefined {
  const [severity, options] = Array.isArray(value) ? value : [value, undefined];
  const level = SEVERITIES[String(severity)];
  return level === undefined ? undefined : { level, options };
}

/**
 * The analyzer's `rulesForFiles`: each file's `tool-identity/<id>` entries, then `--rule` (which
 * wins for every file, the rule's options staying the file's). A file ESLint would not lint
 * (ignored, or matched by no configuration) gets no settings. `levels` receives each file's levels.
 */
export async function eslintRulesForFiles(cwd: string, request: EslintRulesRequest, overrides: readonly RuleOverride[], levels: FileLevels) {
  const { origin, configFile } = request;
  if (configFile !== undefined) {
    let isFile: boolean;
    try {
      isFile = statSync(configFile).isFile();
    } catch {
      throw new CliError(`${origin}: ESLint config ${path.relative(cwd, configFile) || configFile} does not exist`);
    }
    if (!isFile) throw new CliError(`${origin}: ${path.relative(cwd, configFile) || configFile} is a directory; name the ESLint config file (paths to audit go before ${origin})`);
  }
  const ESLint = projectEslint(cwd, origin);
  const eslint = new ESLint({ cwd, ...(configFile !== undefined ? { overrideConfigFile: configFile } : {}) });
  return async (files: readonly string[]): Promise<ReadonlyMap<string, RuleSettings>> => {
    const out = new Map<string, RuleSettings>();
    for (const file of files) {
      const config = await calculate(eslint, path.join(cwd, file), origin);
      if (config === undefined) continue;
      const settings: Record<string, unknown> = {};
      const fileLevels: Partial<Record<RuleId, Exclude<RuleLevel, 'off'>>> = {};
      for (const id of ruleIds) {
        const entry = entryOf(config.rules?.[`${RULE_PREFIX}${id}`]);
        const level = overrides.findLast((override) => override.id === id)?.level ?? entry?.level ?? 'off';
        if (level === 'off') continue;
        settings[id] = entry?.options ?? {};
        fileLevels[id] = level;
      }
      out.set(file, settings as RuleSettings);
      levels.set(file, fileLevels);
    }
    return out;
  };
}

async function calculate(eslint: InstanceType<EslintClass>, file: string, origin: string): Promise<{ rules?: Record<string, unknown> } | undefined> {
  try {
    return (await eslint.calculateConfigForFile(file)) as { rules?: Record<string, unknown> } | undefined;
  } catch (error) {
    const template = (error as { messageTemplate?: unknown }).messageTemplate;
    if (template === 'config-file-missing') {
      throw new CliError(`${origin}: no ESLint flat config found (eslint.config.js, .mjs, .cjs, .ts, .mts, .cts); name one with --eslint-config <file>`);
    }
    throw new CliError(`${origin}: cannot load the ESLint config: ${errorMessage(error).split('\n')[0]}`);
  }
}

/** The level ESLint gives a finding's file for its rule; undefined (dropped) where the rule is off or ESLint skips the file. */
export function fileLevelOf(levels: FileLevels): (finding: { ruleId: RuleId; file: string }) => RuleLevel | undefined {
  return (finding) => levels.get(finding.file)?.[finding.ruleId];
}
