// What discovery asks the disk (src/analyzer/fs-memo.ts): the tree walk and the compiler's include
// matcher share one listing per directory, a listed regular file is never lstat'ed to learn that
// it is no link, and a link is still judged as one. Counted through spies on `fs`.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { discoverFiles } from '../../src/analyzer/discover.js';
import { tempProject } from './helpers.js';

const SOURCE = 'export const x = 1;\n';

afterEach(() => {
  vi.restoreAllMocks();
});

function project(): string {
  const files: Record<string, string> = { 'tsconfig.json': JSON.stringify({ include: ['src'] }), 'package.json': '{ "name": "io" }\n' };
  for (const area of ['billing', 'search', 'support']) {
    for (let i = 0; i < 5; i++) files[`src/${area}/m${String(i)}.ts`] = SOURCE;
  }
  return tempProject(files);
}

describe('discovery asks the disk once per question', () => {
  it('lists each directory once, and lstats no listed regular file', () => {
    const cwd = project();
    const listed: string[] = [];
    const realReaddir = fs.readdirSync;
    vi.spyOn(fs, 'readdirSync').mockImplementation(((dir: fs.PathLike, options?: unknown) => {
      listed.push(path.resolve(String(dir)));
      return (realReaddir as (d: fs.PathLike, o?: unknown) => unknown)(dir, options);
    }) as typeof fs.readdirSync);
    const lstat = vi.spyOn(fs, 'lstatSync');

    const found = discoverFiles({ cwd }).files.map((f) => f.rel);

    expect(found).toHaveLength(15);
    expect(listed.filter((dir) => dir.startsWith(path.join(cwd, 'src'))).sort()).toEqual(
      ['src', 'src/billing', 'src/search', 'src/support'].map((rel) => path.join(cwd, rel)),
    );
    const fileLstats = lstat.mock.calls.map(([p]) => path.resolve(String(p))).filter((p) => p.endsWith('.ts'));
    expect(fileLstats).toEqual([]);
  });

  it('a link among listed files is still a link: one leading out of the directory is reported, not followed', () => {
    const cwd = project();
    const outside = tempProject({ 'secret.ts': SOURCE });
    fs.symlinkSync(path.join(outside, 'secret.ts'), path.join(cwd, 'src/billing/linked.ts'));

    const discovery = discoverFiles({ cwd });

    expect(discovery.files.map((f) => f.rel)).not.toContain('src/billing/linked.ts');
    expect(discovery.diagnostics.map((d) => [d.file, d.kind])).toEqual([['src/billing/linked.ts', 'symlink-outside-root']]);
  });
});
