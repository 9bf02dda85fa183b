// Writes a generated corpus to disk, with the ESLint configs for the benchmark's ESLint runs:
// typescript-eslint's `recommended` (eslint.config.js) and the same plus this plugin's
// `recommended` (eslint.plugin.config.js). The configs import typescript-eslint and the built
// plugin by file URL from this repository, so the corpus needs no installed packages.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Corpus } from './generate.js';

export const ESLINT_BASE_CONFIG = 'eslint.config.js';
export const ESLINT_PLUGIN_CONFIG = 'eslint.plugin.config.js';

export function writeCorpus(dir: string, corpus: Corpus, repoRoot: string): void {
  for (const [file, text] of corpus.files) {
    const target = path.join(dir, file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, text);
  }
  const require = createRequire(path.join(repoRoot, 'package.json'));
  const url = (file: string): string => JSON.stringify(pathToFileURL(file).href);
  fs.writeFileSync(
    path.join(dir, ESLINT_BASE_CONFIG),
    `// typescript-eslint's recommended config on the corpus sources.
import tseslint from ${url(require.resolve('typescript-eslint'))};

export default [{ ignores: ['node_modules/**'] }, { files: ['**/*.{ts,tsx}'] }, ...tseslint.configs.recommended];
`,
  );
  fs.writeFileSync(
    path.join(dir, ESLINT_PLUGIN_CONFIG),
    `// The same, plus tool-identity-audit's recommended config (the built plugin of this checkout).
import plugin from ${url(path.join(repoRoot, 'dist/src/plugin.js'))};
import base from './${ESLINT_BASE_CONFIG}';

export default [...base, plugin.configs.recommended];
`,
  );
}
