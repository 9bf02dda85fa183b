import fc from 'fast-check';
// Runs before every test file: keep it light (RuleTester's hooks are set in test/rules/testers.ts,
// which only the rule tests load; importing it here cost every file the parser and ESLint).

// Property tests draw from a fixed seed, so a failure reproduces on every run and on every machine
// (`FC_SEED=<n>` explores another part of the input space on purpose).

fc.configureGlobal({ seed: Number(process.env['FC_SEED'] ?? 20261201) });
