// Reporter registry: the CLI's `--format` choices map to these pure functions.
import { codeclimate } from './codeclimate.js';
import { github } from './github.js';
import { json } from './json.js';
import { markdown } from './markdown.js';
import { sarif } from './sarif.js';
import { stylish } from './stylish.js';
import type { Reporter } from './types.js';

/** In help order; `stylish` is the default. */
export const formatNames = ['stylish', 'json', 'sarif', 'github', 'codeclimate', 'markdown'] as const;

export type FormatName = (typeof formatNames)[number];

export const defaultFormat: FormatName = 'stylish';

export const reporters: Record<FormatName, Reporter> = { stylish, json, sarif, github, codeclimate, markdown };

export function isFormatName(value: string): value is FormatName {
  return (formatNames as readonly string[]).includes(value);
}

export type { ReportContext, Reporter } from './types.js';
export { fingerprintAll, findingFingerprint } from '../checks/fingerprint.js';
export { createMarkdownReporter, MARKDOWN_MAX_BYTES, type MarkdownOptions } from './markdown.js';
export { GITHUB_ANNOTATION_LIMIT } from './github.js';
export { SARIF_FINGERPRINT_KEY, sarifLog } from './sarif.js';
