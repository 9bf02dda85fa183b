// What dist/ was built from: one hash of the content of every file the build reads from this
// repository (src/, rules/, scripts/, the two tsconfigs, package.json), by content, not mtime, so a touched
// file does not force a build and an edit saved within the same clock tick still does.
// test/global-setup.ts builds when it differs from the one stored in dist/; the integration test
// checks the stored one against the sources as they were when the suite started.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where the build stores the hash of the sources it was built from. */
export const BUILD_HASH_FILE = path.join(repoRoot, 'dist/.sources-hash');

const INPUT_DIRS = ['src', 'rules', 'scripts'];
const INPUT_FILES = ['tsconfig.json', 'tsconfig.build.json', 'package.json'];

function filesUnder(root: string, dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

/** The hash of the build's inputs in `root` (each file's path and content, in path order). */
export function sourcesHash(root: string = repoRoot): string {
  const files = [...INPUT_DIRS.flatMap((dir) => filesUnder(root, dir)), ...INPUT_FILES].sort();
  const hash = createHash('sha256');
  for (const rel of files) {
    hash.update(`${rel}\0`);
    hash.update(readFileSync(path.join(root, rel)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** The hash stored by the last successful build, or undefined. */
export function builtHash(): string | undefined {
  return existsSync(BUILD_HASH_FILE) ? readFileSync(BUILD_HASH_FILE, 'utf8').trim() : undefined;
}
