import fc from 'fast-check';
// RuleTester calls afterAll/describe/it at construction; vitest has no globals by default.
import { RuleTester } from '@typescript-eslint/rule-tester';
import { afterAll, describe, it } from 'vitest';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

// Property tests draw from a fixed seed, so a failure reproduces on every run and on every machine
// (`FC_SEED=<n>` explores another part of the input space on purpose).

fc.configureGlobal({ seed: Number(process.env['FC_SEED'] ?? 20261201) });
