// What a cached fact depends on besides the file's own bytes: the tool version, the facts format,
// the adapter tables, and the extractor's code itself (so a development build whose version did
// not move still never reads facts an older extractor wrote).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { adapters as builtins } from '../facts/adapters/index.js';
import type { FrameworkAdapter } from '../facts/adapters/types.js';
import { packageInfo } from '../version.js';
import { codeStamp } from './code-stamp.js';
import { sha256 } from './sha256.js';

/** Bump when the shape or meaning of `FileFacts` changes. */
export const FACTS_FORMAT_VERSION = 21;

const memo = new WeakMap<readonly FrameworkAdapter[], string>();

/** The salt for a run's adapters (built-in, extended by the project's declarations). */
export function cacheSalt(adapters: readonly FrameworkAdapter[] = builtins): string {
  let salt = memo.get(adapters);
  if (salt === undefined) {
    salt = sha256(
      JSON.stringify({
        tool: packageInfo.version,
        facts: FACTS_FORMAT_VERSION,
        adapters: adapters.map((adapter) => [adapter.id, JSON.stringify(adapter)]),
        code: extractorFingerprint(),
      }),
    );
    memo.set(adapters, salt);
  }
  return salt;
}

/**
 * Modules of the analyzer whose output the cache stores besides facts: the parser, what decides
 * which files are parsed and followed, and the directive reader.
 */
const CACHED_ANALYZER_MODULES = ['parse', 'relevance', 'directives'];

/** sha256 over the fact extractor's modules (src/facts or dist/src/facts) and the analyzer modules above, read once per process. */
function extractorFingerprint(): string {
  return codeFingerprint(['facts'], CACHED_ANALYZER_MODULES);
}

let linker: string | undefined;

/**
 * sha256 over the code whose output result-cache.ts stores besides what the salt covers (the
 * linker is in src/facts): the checks, the runtime they decide collisions with, and the analyzer
 * modules that feed and run them. Read once per process.
 */
export function linkerFingerprint(): string {
  return (linker ??= codeFingerprint(['checks', 'runtime'], ['analyze', 'collect', 'module-resolver', 'result-cache']));
}

/** sha256 over the modules in `dirs` (below src/ or dist/src/, recursively) and the analyzer's `modules`. */
function codeFingerprint(dirs: readonly string[], modules: readonly string[]): string {
  const self = fileURLToPath(import.meta.url);
  // In the bundled CLI (dist/src/cli.cjs, scripts/bundle-cli.mjs) every module is that one file.
  if (path.extname(self) === '.cjs') return sha256(`${dirs.join('/')}\0${modules.join('/')}\0${codeStamp(self)}`);
  const root = fileURLToPath(new URL('../', import.meta.url));
  const here = fileURLToPath(new URL('.', import.meta.url));
  const extension = path.extname(fileURLToPath(import.meta.url));
  const files: string[] = modules.map((name) => path.join(here, `${name}${extension}`));
  const walk = (dir: string): void => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const abs = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(abs);
      else if (/\.[cm]?[jt]s$/.test(entry.name) && !/\.d\.[cm]?ts$/.test(entry.name)) files.push(abs);
    }
  };
  for (const dir of dirs) walk(path.join(root, dir));
  // Each module's size and time, not its bytes: read at every start, and any build moves the time.
  const hash = files
    .sort()
    .map((file) => {
      const stamp = codeStamp(file);
      return stamp === '' ? '' : `${path.relative(root, file)}\0${stamp}`;
    })
    .join('\n');
  return sha256(hash);
}

