// Where reports go and how they look: `-f name[=path]` targets, `-o`, colour and CI detection.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { defaultFormat, formatNames, isFormatName, type FormatName } from '../reporters/index.js';
import { CliError, fsErrorReason } from './errors.js';

export type Env = Readonly<Record<string, string | undefined>>;

export interface OutputTarget {
  format: FormatName;
  /** File to write, as given (relative to cwd); undefined for stdout. */
  file: string | undefined;
}

/** `json` → stdout; `sarif=reports/audit.sarif` → that file. */
export function parseFormatSpec(spec: string): OutputTarget {
  const eq = spec.indexOf('=');
  const name = (eq === -1 ? spec : spec.slice(0, eq)).trim();
  const file = eq === -1 ? undefined : spec.slice(eq + 1).trim();
  if (!isFormatName(name)) {
    throw new CliError(`--format ${spec}: unknown format "${name}"; expected one of ${formatNames.join(', ')}`);
  }
  if (file === '') throw new CliError(`--format ${spec}: missing file name after "="`);
  return { format: name, file };
}

/** True on CI services (`CI` set to anything but "", "0" or "false"). */
export function isCI(env: Env): boolean {
  const ci = env['CI'];
  return ci !== undefined && ci !== '' && ci !== '0' && ci.toLowerCase() !== 'false';
}

export function isGitHubActions(env: Env): boolean {
  return env['GITHUB_ACTIONS'] === 'true';
}

/**
 * The reports of one run. Without `-f`: stylish, plus GitHub annotations on GitHub Actions. `-o`
 * takes the first target that has no `=path` of its own.
 */
export function planOutputs(specs: readonly string[], outputFile: string | undefined, env: Env): OutputTarget[] {
  const targets =
    specs.length > 0
      ? specs.map(parseFormatSpec)
      : isGitHubActions(env)
        ? [
            { format: defaultFormat, file: undefined },
            { format: 'github' as const, file: undefined },
          ]
        : [{ format: defaultFormat, file: undefined }];
  if (outputFile !== undefined) {
    const target = targets.find((candidate) => candidate.file === undefined);
    if (!target) throw new CliError('--output-file: every --format already has its own =path');
    target.file = outputFile;
  }
  return targets;
}

/**
 * Colour for terminal output: `--color`/`--no-color` decide when given; otherwise only when stdout
 * is a TTY, `NO_COLOR` is unset (or empty, per no-color.org) and not on CI.
 */
export function useColor(flag: boolean | undefined, env: Env, stdoutIsTTY: boolean): boolean {
  if (flag !== undefined) return flag;
  const noColor = env['NO_COLOR'];
  return stdoutIsTTY && (noColor === undefined || noColor === '') && !isCI(env);
}

/** Writes one report to a file (creating its directory) in one write. */
export function writeReportFile(cwd: string, file: string, text: string): void {
  const absolute = path.resolve(cwd, file);
  try {
    mkdirSync(path.dirname(absolute), { recursive: true });
    writeFileSync(absolute, text);
  } catch (error) {
    throw new CliError(`cannot write ${file}: ${fsErrorReason(error)}`);
  }
}
