// `tool-identity-audit/analyzer`: whole-project analysis with ts-morph, the same checks as the
// ESLint rules. See ./types.ts for the contract.
export { analyzeProject } from './analyze.js';
export { compareDiagnostics } from '../checks/finding.js';
export { AnalyzerConfigError } from './errors.js';
export { DEFAULT_EXCLUDE, DEFAULT_INCLUDE } from './discover.js';
export { CACHE_FILE_NAME } from './cache.js';
export { FACTS_FORMAT_VERSION } from './cache-salt.js';
export { MAX_FILE_BYTES } from './read.js';
export type { AnalysisResult, AnalyzeOptions, Phase, RuleSettings } from './types.js';
