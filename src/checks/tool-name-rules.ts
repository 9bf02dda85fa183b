// What each provider accepts as a tool name. Kept as data + one function so the rule, its docs and
// the CLI agree.
import type { ToolNameProvider } from './catalog.js';

export interface ProviderRule {
  label: string;
  maxLength: number;
  /** Characters allowed anywhere. */
  allowed: RegExp;
  allowedText: string;
  /** Extra rule for the first character. */
  first?: { test: RegExp; text: string };
}

export const providerRules: Record<ToolNameProvider, ProviderRule> = {
  openai: { label: 'OpenAI', maxLength: 64, allowed: /[A-Za-z0-9_-]/, allowedText: 'letters, digits, "_" and "-"' },
  anthropic: { label: 'Anthropic', maxLength: 128, allowed: /[A-Za-z0-9_-]/, allowedText: 'letters, digits, "_" and "-"' },
  gemini: {
    label: 'Gemini',
    maxLength: 64,
    allowed: /[A-Za-z0-9_.:-]/,
    allowedText: 'letters, digits, "_", ".", ":" and "-"',
    first: { test: /[A-Za-z_]/, text: 'it must start with a letter or "_"' },
  },
};

/**
 * The MCP specification's tool names (`^[A-Za-z0-9._-]{1,128}$`). The MCP TypeScript SDK (1.x, 2.x)
 * checks registrations against it but only prints a warning; clients then pass the name on as is.
 */
export const mcpToolNameRule: ProviderRule = {
  label: "the MCP specification's tool-name pattern",
  maxLength: 128,
  allowed: /[A-Za-z0-9_.-]/,
  allowedText: 'letters, digits, "_", "-" and "."',
};

/** Why `provider` rejects `name`, or undefined when it accepts it. */
export function toolNameProblem(name: string, provider: ToolNameProvider, pattern?: string): string | undefined {
  if (pattern !== undefined) return new RegExp(pattern, 'u').test(name) ? undefined : `it does not match /${pattern}/`;
  return ruleProblem(name, providerRules[provider]);
}

/** Why `rule` rejects `name`, or undefined when it accepts it. */
export function ruleProblem(name: string, rule: ProviderRule): string | undefined {
  if (name.length === 0) return 'it is empty';
  const bad = [...new Set([...name].filter((ch) => !rule.allowed.test(ch)))];
  if (bad.length > 0) {
    const shown = bad.map((ch) => JSON.stringify(ch)).join(', ');
    return `it contains ${shown}; only ${rule.allowedText} are allowed`;
  }
  if (rule.first && !rule.first.test.test(name[0] ?? '')) return rule.first.text;
  if (name.length > rule.maxLength) return `it is ${name.length} characters long; the limit is ${rule.maxLength}`;
  return undefined;
}

export function providerLabel(provider: ToolNameProvider, pattern?: string): string {
  return pattern === undefined ? providerRules[provider].label : 'the configured pattern';
}
