// Effective rule levels and options: the catalog default, then the config file, then `--rule`.
import { catalog, isRuleId, ruleIds, type RuleId } from '../checks/catalog.js';
import { cappedSeverity, type Finding, type Severity } from '../checks/finding.js';
import type { EnabledRules } from '../checks/input.js';
import { defaultRuleOptions } from '../checks/rule-option-defaults.js';
import type { Config } from './config-schema.js';
import { RULE_PREFIX, ruleLevels, type RuleLevel } from './config.js';
import { CliError } from './errors.js';

export interface RuleOverride {
  id: RuleId;
  level: RuleLevel;
}

export interface EffectiveRules {
  levels: Record<RuleId, RuleLevel>;
  /** What the analyzer runs: every rule not `off`, with its options (defaults filled in). */
  enabled: EnabledRules;
}

/** Parses one `--rule <id=level>` value. */
export function parseRuleOverride(spec: string): RuleOverride {
  const eq = spec.lastIndexOf('=');
  if (eq <= 0) throw new CliError(`--rule ${spec}: expected <rule-id>=<level>, e.g. --rule no-call-id-coercion=warn`);
  const written = spec.slice(0, eq).trim();
  const id = written.startsWith(RULE_PREFIX) ? written.slice(RULE_PREFIX.length) : written;
  const raw = spec.slice(eq + 1).trim();
  if (!isRuleId(id)) throw new CliError(`--rule ${spec}: unknown rule "${written}"; known rules: ${ruleIds.join(', ')}`);
  // ESLint's numeric levels too: 0, 1, 2.
  const level = ({ '0': 'off', '1': 'warn', '2': 'error' } as Record<string, RuleLevel>)[raw] ?? raw;
  if (!(ruleLevels as readonly string[]).includes(level)) {
    throw new CliError(`--rule ${spec}: invalid level "${raw}"; expected off, warn or error (or 0, 1, 2)`);
  }
  return { id, level: level as RuleLevel };
}

export function resolveRules(rules: Config['rules'], overrides: readonly RuleOverride[]): EffectiveRules {
  const levels = {} as Record<RuleId, RuleLevel>;
  // Options in `rules` were validated with the configuration (defaults filled in); absent ones are the defaults.
  const options = {} as Record<RuleId, unknown>;
  for (const id of ruleIds) {
    const entry = rules?.[id] ?? (rules as Record<string, Exclude<NonNullable<Config['rules']>[RuleId], undefined>> | undefined)?.[`${RULE_PREFIX}${id}`];
    if (entry === undefined) {
      levels[id] = catalog[id].defaultSeverity;
      options[id] = undefined;
    } else if (typeof entry === 'string') {
      levels[id] = entry;
      options[id] = undefined;
    } else {
      levels[id] = entry[0];
      options[id] = entry[1];
    }
  }
  for (const override of overrides) levels[override.id] = override.level;
  const enabled: Record<string, unknown> = {};
  for (const id of ruleIds) {
    if (levels[id] !== 'off') enabled[id] = options[id] ?? defaultRuleOptions(id);
  }
  return { levels, enabled: enabled as EnabledRules };
}

export function severityOfLevel(level: Exclude<RuleLevel, 'off'>): Severity {
  return level === 'error' ? 'error' : 'warning';
}

/**
 * Findings with the severity of their rule's effective level, capped by their own `maxSeverity`. Findings of rules that are off are
 * dropped (the analyzer should not produce them; a stale cache might).
 */
export function applyLevels(findings: readonly Finding[], levels: Record<RuleId, RuleLevel> | ((finding: Finding) => RuleLevel | undefined)): Finding[] {
  const out: Finding[] = [];
  for (const finding of findings) {
    // A function: levels per file (`--eslint-config`).
    const level = typeof levels === 'function' ? levels(finding) : levels[finding.ruleId];
    if (level === undefined || level === 'off') continue;
    const severity = cappedSeverity(severityOfLevel(level), finding.maxSeverity);
    out.push(finding.severity === severity ? finding : { ...finding, severity });
  }
  return out;
}
