// Public entry of `tool-identity-audit/runtime`: the identity helpers and the function-calling loop.
// This layer depends on nothing but Node built-ins: no TypeScript, ESLint or ts-morph.
export * from './identity/index.js';
export * from './loop/index.js';
