// The package's own name and version, read from its package.json wherever this file was built to.
import { readFileSync } from 'node:fs';

function readOwnPackage(): { name: string; version: string } {
  // src/version.ts, dist/src/version.js and the bundles that hold it (dist/src/cli.cjs,
  // dist/src/cli/bin.cjs) sit one to three levels below the package root.
  for (const relative of ['../package.json', '../../package.json', '../../../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(relative, import.meta.url), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'tool-identity-audit' && typeof pkg.version === 'string') return { name: pkg.name, version: pkg.version };
    } catch {
      // Not this level; try the next.
    }
  }
  return { name: 'tool-identity-audit', version: '0.0.0' };
}

export const packageInfo = readOwnPackage();
