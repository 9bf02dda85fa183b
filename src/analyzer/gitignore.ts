// `.gitignore` files, for glob-mode discovery: a fresh clone's build output, generated clients and
// vendored copies are usually ignored there and are not the user's source. The rules git documents
// (gitignore(5)): blank lines and `#` comments skipped, `!` re-includes, a trailing `/` matches
// directories only, a slash elsewhere anchors the pattern to the .gitignore's directory, the last
// matching rule wins and deeper files override shallower ones. A directory that is ignored is not
// entered, so nothing below it can be re-included (git behaves the same).
import fs from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';

interface Rule {
  match: (rel: string) => boolean;
  negate: boolean;
  dirOnly: boolean;
}

/** The rules of one .gitignore; `base` is its directory relative to the walk's cwd (POSIX, '' for cwd). */
interface IgnoreFile {
  base: string;
  rules: Rule[];
}

/** The .gitignore files that apply in one directory, shallowest first. */
export type IgnoreChain = readonly IgnoreFile[];

export const EMPTY_CHAIN: IgnoreChain = [];

/** `chain` plus the .gitignore in `dirAbs` when it has one (an unreadable one is skipped). */
export function extendChain(chain: IgnoreChain, dirAbs: string, dirRel: string): IgnoreChain {
  let text: string;
  try {
    text = fs.readFileSync(path.join(dirAbs, '.gitignore'), 'utf8');
  } catch {
    return chain;
  }
  const rules = parseGitignore(text);
  return rules.length === 0 ? chain : [...chain, { base: dirRel, rules }];
}

/** True when `rel` (relative to the walk's cwd, POSIX) is ignored by the chain. */
export function isIgnored(chain: IgnoreChain, rel: string, isDirectory: boolean): boolean {
  let ignored = false;
  for (const file of chain) {
    const local = file.base === '' ? rel : rel.startsWith(`${file.base}/`) ? rel.slice(file.base.length + 1) : undefined;
    if (local === undefined) continue;
    for (const rule of file.rules) {
      if (rule.dirOnly && !isDirectory) continue;
      if (rule.match(local)) ignored = !rule.negate;
    }
  }
  return ignored;
}

export function parseGitignore(text: string): Rule[] {
  const rules: Rule[] = [];
  for (const raw of text.split(/\r?\n/)) {
    // Trailing spaces are ignored unless escaped with a backslash.
    let line = raw.replace(/(?<!\\)\s+$/, '');
    if (line === '' || line.startsWith('#')) continue;
    let negate = false;
    if (line.startsWith('!')) {
      negate = true;
      line = line.slice(1);
    } else if (line.startsWith('\\!') || line.startsWith('\\#')) {
      line = line.slice(1);
    }
    let dirOnly = false;
    if (line.endsWith('/')) {
      dirOnly = true;
      line = line.replace(/\/+$/, '');
    }
    if (line === '') continue;
    const anchored = line.includes('/');
    line = line.replace(/^\//, '');
    const glob = anchored ? line : `**/${line}`;
    const matcher = picomatch(glob, { dot: true });
    rules.push({ match: (rel) => matcher(rel), negate, dirOnly });
  }
  return rules;
}
