// The rules of one analysis through the public API: callers may leave `rules` out (the recommended
// set, every rule whose catalog level is not `off`) or give partial options; what reaches the
// checks is always complete and validated, so a bad option is the package's configuration error
// naming it, never a TypeError from inside a check. Options that mean the defaults (what the CLI
// passes for a rule without options) are not validated: zod is loaded only for the others.
import { catalog, isRuleId, ruleIds } from '../checks/catalog.js';
import type { EnabledRules } from '../checks/input.js';
import { defaultRuleOptions, meansDefaults } from '../checks/rule-option-defaults.js';
import { AnalyzerConfigError } from './errors.js';

export async function runRules(rules: Readonly<Record<string, unknown>> | undefined): Promise<EnabledRules> {
  const out: Record<string, unknown> = {};
  if (rules === undefined) {
    for (const id of ruleIds) if (catalog[id].defaultSeverity !== 'off') out[id] = defaultRuleOptions(id);
    return out as EnabledRules;
  }
  if (rules === null || typeof rules !== 'object' || Array.isArray(rules)) {
    throw new AnalyzerConfigError('invalid rules: expected an object of rule ids to their options', 'rules');
  }
  const problems: string[] = [];
  for (const [id, options] of Object.entries(rules)) {
    if (!isRuleId(id)) {
      problems.push(`rules.${id}: unknown rule; known rules: ${ruleIds.join(', ')}`);
      continue;
    }
    // `undefined` leaves a rule off, as in EnabledRules.
    if (options === undefined) continue;
    if (meansDefaults(id, options)) {
      out[id] = defaultRuleOptions(id);
      continue;
    }
    const { ruleOptionSchemas } = await import('../checks/rule-option-schemas.js');
    const parsed = ruleOptionSchemas[id].safeParse(options);
    if (parsed.success) out[id] = parsed.data;
    else problems.push(...parsed.error.issues.map((issue) => `rules.${id}${issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('')}: ${issue.message}`));
  }
  if (problems.length > 0) throw new AnalyzerConfigError(`invalid rule options: ${problems.join('; ')}`, 'rules');
  return out as EnabledRules;
}
