// `joinerFrom` (src/analyzer/source-paths.ts) must give what `path.join` gives for every relative
// path a cache record can hold: it skips normalising only where normalising changes nothing.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { joinerFrom } from '../../src/analyzer/source-paths.js';

const CWDS = ['/work/app', '/work/app/', '/', '/work/./app', '/work//app', '/work/app/..', 'relative/dir'];
const RELS = [
  'src/tools.ts',
  'src/features/billing/agents/planner.ts',
  '.hidden/tool.ts',
  '..x/y.ts',
  'x..y/z.ts',
  'a/.b/c.ts',
  'a/b../c.ts',
  '...',
  '',
  '.',
  '..',
  './src/a.ts',
  '../shared/a.ts',
  'a/./b.ts',
  'a/../b.ts',
  'a/b/..',
  'a//b.ts',
  'a/b/',
  '/abs/a.ts',
  'a\\b.ts',
];

describe('joinerFrom', () => {
  for (const cwd of CWDS) {
    it(`joins as path.join does from ${cwd}`, () => {
      const join = joinerFrom(cwd);
      for (const rel of RELS) expect([rel, join(rel)]).toEqual([rel, path.join(cwd, rel)]);
    });
  }
});
