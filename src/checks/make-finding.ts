import type { SourceRef } from '../facts/resolved.js';
import { catalog, defaultSeverityOf, SUGGESTION_MESSAGE_IDS, type RuleId } from './catalog.js';
import { cappedSeverity, interpolate, type CollisionData, type Finding, type RelatedLocation, type Severity, type SuggestionFact } from './finding.js';

export interface FindingParts {
  at: SourceRef;
  data: Record<string, string>;
  related?: RelatedLocation[];
  suggestions?: Array<Omit<SuggestionFact, 'desc'>>;
  collision?: CollisionData;
  /** See `Finding.maxSeverity`. */
  maxSeverity?: Severity;
  /** Logical identity without line numbers; see `Finding.key`. */
  key: string;
}

/** The one place a finding is built: message text and suggestion descriptions come from the catalog. */
export function makeFinding(ruleId: RuleId, messageId: string, parts: FindingParts): Finding {
  const messages: Record<string, string> = catalog[ruleId].messages;
  const template = messages[messageId];
  if (template === undefined) throw new Error(`Unknown message id ${messageId} for rule ${ruleId}`);
  for (const s of parts.suggestions ?? []) {
    if (!SUGGESTION_MESSAGE_IDS.has(s.messageId)) throw new Error(`Suggestion message ${s.messageId} of rule ${ruleId} is not in SUGGESTION_MESSAGE_IDS`);
  }
  return {
    ruleId,
    messageId,
    data: parts.data,
    message: interpolate(template, parts.data),
    file: parts.at.file,
    span: parts.at.span,
    severity: cappedSeverity(defaultSeverityOf(ruleId), parts.maxSeverity),
    ...(parts.maxSeverity ? { maxSeverity: parts.maxSeverity } : {}),
    related: parts.related ?? [],
    suggestions: (parts.suggestions ?? []).map((s) => ({
      ...s,
      desc: interpolate(messages[s.messageId] ?? s.messageId, s.data),
    })),
    ...(parts.collision ? { collision: parts.collision } : {}),
    key: `${ruleId}|${parts.key}`,
  };
}
