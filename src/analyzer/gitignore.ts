// `.gitignore` files, for glob-mode discovery: a fresh clone's build output, generated clients and
// vendored copies are usually ignored there and are not the user's source. The rules git documents
// (gitignore(5)): blank lines and `#` comments skipped, `!` re-includes, a trailing `/` matches
// directories only, a slash elsewhere anchors the pattern to the .gitignore's directory, the last
// matching rule wins and deeper files override shallower ones. A directory that is ignored is not
// entered, so nothing below it can be re-included (git behaves the same).
import fs from 'node:fs';
import { noteRead } from './fs-inputs.js';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';

/** The rules of one .gitignore; `base` is its directory relative to the walk's cwd (POSIX, '' for cwd). */
interface IgnoreFile {
  base: string;
  rules: Ignore;
}

/** The .gitignore files that apply in one directory, shallowest first. */
export type IgnoreChain = readonly IgnoreFile[];

export const EMPTY_CHAIN: IgnoreChain = [];

/** `chain` plus the .gitignore in `dirAbs` when it has one (an unreadable one is skipped). */
export function extendChain(chain: IgnoreChain, dirAbs: string, dirRel: string): IgnoreChain {
  let text: string;
  noteRead(path.join(dirAbs, '.gitignore'));
  try {
    text = fs.readFileSync(path.join(dirAbs, '.gitignore'), 'utf8');
  } catch {
    return chain;
  }
  return [...chain, { base: dirRel, rules: parseGitignore(text) }];
}

/**
 * True when `rel` (relative to the walk's cwd, POSIX) is ignored by the chain: each file's own
 * verdict (the `ignore` package implements gitignore(5)), a deeper file overriding a shallower one.
 */
export function isIgnored(chain: IgnoreChain, rel: string, isDirectory: boolean): boolean {
  let ignored = false;
  for (const file of chain) {
    const local = file.base === '' ? rel : rel.startsWith(`${file.base}/`) ? rel.slice(file.base.length + 1) : undefined;
    if (local === undefined || local === '') continue;
    const verdict = file.rules.test(isDirectory ? `${local}/` : local);
    if (verdict.ignored) ignored = true;
    else if (verdict.unignored) ignored = false;
  }
  return ignored;
}

export function parseGitignore(text: string): Ignore {
  return ignore().add(text);
}
