// Some tests run the built package (the CLI binary, the ESLint plugin from dist/, npm pack).
// Build once, before any test file starts, when dist/ is missing or older than the sources, so
// `npm test` works on a fresh clone and parallel test files never race on dist/.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

export default function setup(): void {
  const marker = path.join(root, 'dist/src/plugin.js');
  const sources = Math.max(newestMtime(path.join(root, 'src')), newestMtime(path.join(root, 'rules')));
  if (existsSync(marker) && statSync(marker).mtimeMs >= sources) return;
  try {
    execFileSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], {
      cwd: root,
      stdio: 'inherit',
    });
  } catch {
    // tsc still emits on type errors; the tests that need dist/ report what is missing themselves.
    console.warn('tool-identity-audit test setup: the build reported errors (see above).');
  }
}
