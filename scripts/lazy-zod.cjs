// zod for the bundled CLI (scripts/bundle-cli.mjs): required when a schema first reads `z`, not
// when the bundle loads. Through createRequire, which the bundler leaves alone, so that this
// require of `zod` is not itself redirected here.
'use strict';
const load = require('node:module').createRequire(__filename);
Object.defineProperty(exports, 'z', { enumerable: true, get: () => load('zod').z });
