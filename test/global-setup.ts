// Some tests run the built package (the CLI binary, the ESLint plugin from dist/, npm pack).
// Build once, before any test file starts, when dist/ was not built from the sources as they are
// now (a hash of their content, test/build-hash.ts; not mtimes), so `npm test` works on a fresh
// clone, never tests a stale build, and parallel test files never race on dist/. A failed build
// fails the run. When nothing changed this costs one read of the sources (well under a second).
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BUILD_HASH_FILE, builtHash, repoRoot, sourcesHash } from './build-hash.js';

export default function setup(): void {
  const hash = sourcesHash();
  if (builtHash() === hash) return;
  // As `npm run build`: no output of a deleted or renamed source survives.
  rmSync(path.join(repoRoot, 'dist'), { recursive: true, force: true });
  const tsc = spawnSync(process.execPath, [path.join(repoRoot, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (tsc.status !== 0) {
    throw new Error(`tool-identity-audit test setup: building dist/ failed (tsc exit ${String(tsc.status ?? tsc.signal)}):\n${tsc.stdout}${tsc.stderr}`);
  }
  // The bundles, as `npm run build` makes them after tsc (scripts/bundle.mjs).
  const bundle = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/bundle.mjs')], { cwd: repoRoot, encoding: 'utf8' });
  if (bundle.status !== 0) {
    throw new Error(`tool-identity-audit test setup: bundling failed (exit ${String(bundle.status ?? bundle.signal)}):\n${bundle.stdout}${bundle.stderr}`);
  }
  // Hash of the sources the build read: an edit during the build leaves a hash that differs from
  // the next run's, so that run builds again.
  writeFileSync(BUILD_HASH_FILE, `${hash}\n`);
}
