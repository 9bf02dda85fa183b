// The build's steps after tsc, in order (`npm run build`, and the test setup when dist/ is stale):
// the CLI's bundle and launcher (bundle-cli.mjs), then the ESLint plugin's (bundle-plugin.mjs).
await import('./bundle-cli.mjs');
await import('./bundle-plugin.mjs');
