// tool_choice: shapes, validation (decision A-7: at run start, whatever the tools) and the reset rule.
import { ToolChoiceError } from './errors.js';

/**
 * What the model may do with tools on a request. The union makes `requiredFunctionName` outside
 * `required`, and `allowedTools` with `none`, compile errors.
 */
export type ToolChoice =
  | 'auto'
  | 'required'
  | 'none'
  | { mode: 'auto'; allowedTools?: readonly string[] }
  | { mode: 'none' }
  | { mode: 'required'; requiredFunctionName?: string; allowedTools?: readonly string[] };

export type ToolChoiceMode = 'auto' | 'required' | 'none';

/** A validated tool choice in object form. */
export interface NormalizedToolChoice {
  mode: ToolChoiceMode;
  requiredFunctionName?: string;
  allowedTools?: string[];
}

const MODES: readonly string[] = ['auto', 'required', 'none'];
const KNOWN_KEYS: readonly string[] = ['mode', 'requiredFunctionName', 'allowedTools'];

/** Validates any value as a ToolChoice and returns its object form; throws ToolChoiceError. */
export function validateToolChoice(value: unknown): NormalizedToolChoice {
  if (typeof value === 'string') {
    if (!MODES.includes(value)) throw new ToolChoiceError(`Invalid tool choice: ${JSON.stringify(value)}`);
    return { mode: value as ToolChoiceMode };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ToolChoiceError(`Invalid tool choice: ${describe(value)}`);
  }
  const record = value as Record<string, unknown>;
  if (!Object.prototype.hasOwnProperty.call(record, 'mode')) {
    throw new ToolChoiceError("toolChoice object must contain a 'mode' key");
  }
  const mode = record['mode'];
  if (typeof mode !== 'string' || !MODES.includes(mode)) {
    throw new ToolChoiceError(`Invalid tool choice mode: ${describe(mode)}`);
  }
  // Unknown keys are rejected (a deliberate strictness): a typo such as `requiredFunction` would
  // otherwise silently turn a forced call into a free one.
  for (const key of Object.keys(record)) {
    if (!KNOWN_KEYS.includes(key)) throw new ToolChoiceError(`Unknown toolChoice key '${key}'`);
  }
  const normalized: NormalizedToolChoice = { mode: mode as ToolChoiceMode };
  if (record['requiredFunctionName'] !== undefined) {
    if (mode !== 'required') {
      throw new ToolChoiceError("toolChoice with a mode other than 'required' cannot have 'requiredFunctionName'");
    }
    const name = record['requiredFunctionName'];
    if (typeof name !== 'string' || name.length === 0) {
      throw new ToolChoiceError("'requiredFunctionName' must be a non-empty string");
    }
    normalized.requiredFunctionName = name;
  }
  if (record['allowedTools'] !== undefined) {
    if (mode === 'none') {
      throw new ToolChoiceError("'allowedTools' is only valid when mode is 'auto' or 'required'");
    }
    const allowed = record['allowedTools'];
    if (!Array.isArray(allowed)) {
      throw new ToolChoiceError("'allowedTools' must be a non-string sequence of strings");
    }
    if (!allowed.every((entry) => typeof entry === 'string')) {
      throw new ToolChoiceError("'allowedTools' must contain only strings");
    }
    normalized.allowedTools = [...(allowed as string[])];
  }
  return normalized;
}

/** True for "required" and every `{ mode: 'required', ... }` (with or without a function name). */
export function isRequiredToolChoice(value: ToolChoice | undefined): boolean {
  if (value === undefined) return false;
  return typeof value === 'string' ? value === 'required' : value.mode === 'required';
}

export function isNoneToolChoice(value: ToolChoice | undefined): boolean {
  if (value === undefined) return false;
  return typeof value === 'string' ? value === 'none' : value.mode === 'none';
}

/**
 * The reset rule: after a batch ran and the loop goes on, a required choice becomes unset (not 'auto'),
 * so a forced call cannot repeat forever. 'auto', 'none' and auto allow-lists are kept for the run.
 */
export function resetRequiredToolChoice(value: ToolChoice | undefined): ToolChoice | undefined {
  return isRequiredToolChoice(value) ? undefined : value;
}

function describe(value: unknown): string {
  if (value === undefined) return 'undefined';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
