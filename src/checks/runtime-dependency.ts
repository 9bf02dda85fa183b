// Whether a file may import `tool-identity-audit/runtime`: its nearest package.json lists the
// package where that file's code is installed from. Application code runs with `dependencies`
// (and peer or optional ones) installed; a test file also with `devDependencies`. The package
// itself may import its own name. Suggestions that would add an import the project cannot
// satisfy offer an inline edit instead. package.json files are read once per directory.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isTestFile } from './test-files.js';

const PACKAGE = 'tool-identity-audit';

interface Manifest {
  /** Lists the package among what is installed with the application. */
  runtime: boolean;
  /** Lists it among devDependencies only. */
  dev: boolean;
}

/**
 * A probe with its own cache; `file` is absolute, `shown` the path test-file globs are matched
 * against. `consulted` hears every package.json path it looks at, there or not (what a cached
 * result depends on).
 */
export function runtimeDependencyProbe(consulted?: (abs: string) => void): (file: string, shown: string) => boolean {
  const byDirectory = new Map<string, Manifest | null>();
  const nearest = (dir: string): Manifest | null => {
    const cached = byDirectory.get(dir);
    if (cached !== undefined) return cached;
    let found: Manifest | null;
    const manifest = path.join(dir, 'package.json');
    consulted?.(manifest);
    const text = readText(manifest);
    if (text !== undefined) found = manifestOf(text);
    else {
      const parent = path.dirname(dir);
      found = parent === dir ? null : nearest(parent);
    }
    byDirectory.set(dir, found);
    return found;
  };
  return (file, shown) => {
    const manifest = nearest(path.dirname(file));
    if (manifest === null) return false;
    return manifest.runtime || (manifest.dev && isTestFile(shown));
  };
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** An unreadable or malformed package.json lists nothing. */
function manifestOf(text: string): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return { runtime: false, dev: false };
  }
  const pkg = (json ?? {}) as Record<string, unknown>;
  const lists = (key: string): boolean => {
    const deps = pkg[key];
    return deps !== null && typeof deps === 'object' && Object.hasOwn(deps, PACKAGE);
  };
  return {
    runtime: pkg['name'] === PACKAGE || lists('dependencies') || lists('peerDependencies') || lists('optionalDependencies'),
    dev: lists('devDependencies'),
  };
}
