// The CLI configuration: `tool-identity-audit.config.json` (or `-c <file>`), else a
// `toolIdentityAudit` key in package.json. This module finds and reads it and names its parts;
// config-schema.ts validates it, and load-config.ts does both.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CliError, fsErrorReason } from './errors.js';

export const CONFIG_FILE_NAME = 'tool-identity-audit.config.json';
export const PACKAGE_JSON_KEY = 'toolIdentityAudit';
/** Where `$schema` points in a project that installed the package. */
export const SCHEMA_PATH = 'node_modules/tool-identity-audit/schema/config.schema.json';

export const ruleLevels = ['off', 'warn', 'error'] as const;
export type RuleLevel = (typeof ruleLevels)[number];

/** The ESLint plugin's prefix: `tool-identity/no-tool-name-collision` names the same rule. */
export const RULE_PREFIX = 'tool-identity/';

/** Path for messages: relative POSIX inside `cwd`, absolute outside. */
export function displayPath(cwd: string, file: string): string {
  const relative = path.relative(cwd, file);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return file;
  return relative.split(path.sep).join('/');
}

/** A configuration as found, before validation: the value, the file as shown, its key path in that file. */
export interface FoundConfig {
  value: unknown;
  shown: string;
  prefix: PropertyKey[];
}

/**
 * Where a run's configuration comes from: `explicit` (from `-c`) must exist; otherwise the config
 * file in `cwd`, else package.json's `toolIdentityAudit` key, else none (undefined). Throws a
 * CliError (exit 2) for unreadable files and invalid JSON.
 */
export function findConfig(cwd: string, explicit?: string): FoundConfig | undefined {
  if (explicit !== undefined) {
    const file = path.resolve(cwd, explicit);
    const shown = displayPath(cwd, file);
    const json = readJsonFile(file, shown, 'config file');
    if (path.basename(file) === 'package.json') {
      if (!isRecord(json) || !Object.hasOwn(json, PACKAGE_JSON_KEY)) {
        throw new CliError(`${shown} has no "${PACKAGE_JSON_KEY}" key`);
      }
      return { value: json[PACKAGE_JSON_KEY], shown, prefix: [PACKAGE_JSON_KEY] };
    }
    return { value: json, shown, prefix: [] };
  }
  const configFile = path.join(cwd, CONFIG_FILE_NAME);
  if (existsSync(configFile)) {
    return { value: readJsonFile(configFile, CONFIG_FILE_NAME, 'config file'), shown: CONFIG_FILE_NAME, prefix: [] };
  }
  const packageFile = path.join(cwd, 'package.json');
  if (existsSync(packageFile)) {
    const pkg = readJsonFile(packageFile, 'package.json', 'package.json');
    if (isRecord(pkg) && Object.hasOwn(pkg, PACKAGE_JSON_KEY)) {
      return { value: pkg[PACKAGE_JSON_KEY], shown: 'package.json', prefix: [PACKAGE_JSON_KEY] };
    }
  }
  return undefined;
}

/** Reads and parses a JSON file; `what` names it in the error when it cannot be read. */
export function readJsonFile(file: string, shown: string, what: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new CliError(`cannot read ${what} ${shown}: ${fsErrorReason(error)}`);
  }
  try {
    return JSON.parse(text.replace(/^\uFEFF/, '')) as unknown;
  } catch (error) {
    throw new CliError(`invalid JSON in ${shown}: ${(error as Error).message}`);
  }
}

/** `rules.valid-tool-name[1].provider`; keys that would read ambiguously are quoted. */
export function formatPath(segments: readonly PropertyKey[]): string {
  if (segments.length === 0) return '(root)';
  let text = '';
  for (const segment of segments) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else {
      const key = String(segment);
      if (/^[A-Za-z_$][\w$-]*$/.test(key)) text += text === '' ? key : `.${key}`;
      else text += `[${JSON.stringify(key)}]`;
    }
  }
  return text;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
