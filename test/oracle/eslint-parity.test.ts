// Issue 13, item 4 (one clause): the ESLint plugin and the CLI's analyzer agree on every generated
// case of the runtime oracle (model.ts). Each configuration is written twice into one temporary
// project: as several modules (m<k>/) and as one module (s<k>/all.ts). Then
// - typed ESLint (typescript-eslint's project service) reports exactly what the CLI reports, on
//   every TYPED_EVERY-th batch (a program per batch is slow): 20 of the 500 configurations by default;
// - ESLint without type information reports exactly what the CLI reports for the one-module
//   copies (decidable per file), and for the multi-module copies a subset of its places and rules:
//   a file on its own cannot see members imported from another module (README, "Every rule works
//   on syntax alone"), so it reports fewer findings, and where it sees part of a set its message
//   may differ (see placeAndRule).
import path from 'node:path';
import parser from '@typescript-eslint/parser';
import { ESLint, Linter } from 'eslint';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeProject } from '../../src/analyzer/index.js';
import type { EnabledRules, Finding } from '../../src/checks/index.js';
import { ruleOptions } from '../../src/checks/rule-option-schemas.js';
import plugin from '../../src/plugin.js';
import { otherPlacesText } from '../../rules/utils.js';
import { emit, emitSingle, printable } from './emit.js';
import { configArbitrary } from './model.js';
import { BATCH, RUNS, SEED, inTempProject, oracleParameters } from './harness.js';

/** Typed ESLint builds a program per project: it runs on every TYPED_EVERY-th batch only. */
const TYPED_EVERY = 25;
/** The batches typed ESLint runs on: 0, TYPED_EVERY, 2 * TYPED_EVERY, ... below RUNS. */
const TYPED_RUNS = Math.ceil(RUNS / TYPED_EVERY);
const RULES = ['no-tool-name-collision', 'no-namespace-equals-name'] as const;

const ns = plugin.meta.namespace;

function config(root: string, typed: boolean): Linter.Config[] {
  return [
    {
      files: ['**/*.ts'],
      languageOptions: { parser, ...(typed ? { parserOptions: { projectService: true, tsconfigRootDir: root } } : {}) },
      plugins: { [ns]: plugin as never },
      rules: Object.fromEntries(RULES.map((id) => [`${ns}/${id}`, 'error'])),
    },
  ];
}

/** `file:line:col-endLine:endCol rule messageId | message`. */
function row(file: string, m: Linter.LintMessage): string {
  return `${file}:${m.line}:${m.column}-${m.endLine}:${m.endColumn} ${String(m.ruleId).replace(`${ns}/`, '')} ${m.messageId ?? ''} | ${m.message}`;
}

/**
 * Place and rule only: a file alone sees fewer members of a set than the project, so the message
 * can differ (two handoffs where the CLI also sees an imported tool of that name; "the last handoff
 * listed" where the CLI names an imported agent).
 */
const placeAndRule = (r: string): string => r.split(' ').slice(0, 2).join(' ');

/** Typed: the ESLint class on the project, as an editor or `npx eslint` runs it. `file:line:col-endLine:endCol rule message`, sorted. */
async function typedRows(root: string): Promise<string[]> {
  const results = await new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: config(root, true) }).lintFiles(['.']);
  return results.flatMap((r) => r.messages.map((m) => row(path.relative(root, r.filePath), m))).sort();
}

/** Without types each file is linted on its own: the Linter on each text is the same and cheaper. */
function untypedRows(root: string, files: Record<string, string>): string[] {
  const linter = new Linter({ cwd: root });
  const flat = config(root, false);
  return Object.entries(files)
    .filter(([file]) => file.endsWith('.ts'))
    .flatMap(([file, text]) => linter.verify(text, flat, { filename: path.join(root, file) }).map((m) => row(file, m)))
    .sort();
}

/** The CLI's rows, each message ending with the other places ESLint's message names (its related locations in other files). */
function cliRows(findings: readonly Finding[], root: string): string[] {
  const absolute = (file: string): string => path.join(root, file);
  return findings
    .map((f) => {
      const { start, end } = f.span.loc;
      const places = otherPlacesText({ file: absolute(f.file), message: f.message, related: f.related.map((r) => ({ ...r, file: absolute(r.file) })) }, root);
      return `${f.file}:${start.line}:${start.column + 1}-${end.line}:${end.column + 1} ${f.ruleId} ${f.messageId} | ${f.message}${places}`;
    })
    .sort();
}

const rules = Object.fromEntries(RULES.map((id) => [id, ruleOptions(id)])) as EnabledRules;

describe('ESLint plugin and CLI on the runtime oracle cases', () => {
  it(`report the same findings on the runtime oracle's ${RUNS * BATCH} generated configurations without types, ${TYPED_RUNS * BATCH} of them typed (seed ${SEED})`, async () => {
    console.log(`ESLint/CLI parity: seed ${SEED}, ${RUNS} runs of ${BATCH} configurations, each as modules and as one file; typed ESLint on every ${TYPED_EVERY}th run`);
    let compared = 0;
    let typedCompared = 0;
    let batches = 0;
    let rows = 0;
    const property = fc.asyncProperty(fc.array(configArbitrary, { minLength: BATCH, maxLength: BATCH }), async (configs) => {
      const emitted = configs.flatMap((config, k) => [emit(config, `m${k}`), emitSingle(config, `s${k}`)]);
      const files: Record<string, string> = Object.assign({}, ...emitted.map((e) => e.files));
      files['tsconfig.json'] = JSON.stringify({ compilerOptions: { strict: true, module: 'nodenext', target: 'es2022', noEmit: true }, include: ['**/*.ts'] });
      const typedRun = batches % TYPED_EVERY === 0;
      batches += 1;
      const problems = await inTempProject(files, async (root) => {
        const cli = cliRows((await analyzeProject({ cwd: root, rules })).findings, root);
        const typed = typedRun ? await typedRows(root) : undefined;
        const untyped = untypedRows(root, files);
        rows += cli.length;
        const found: string[] = [];
        const diff = (label: string, want: readonly string[], got: readonly string[], subset: boolean): void => {
          const missing = subset ? [] : want.filter((row) => !got.includes(row));
          const extra = got.filter((row) => !want.includes(row));
          if (missing.length > 0 || extra.length > 0) found.push(`${label}:\n  only in the CLI:\n    ${missing.join('\n    ')}\n  only in ESLint:\n    ${extra.join('\n    ')}`);
        };
        if (typed) diff('typed ESLint', cli, typed, false);
        diff('ESLint without types, one module per configuration', cli.filter((r) => r.startsWith('s')), untyped.filter((r) => r.startsWith('s')), false);
        diff('ESLint without types, several modules (a subset)', cli.filter((r) => r.startsWith('m')).map(placeAndRule), untyped.filter((r) => r.startsWith('m')).map(placeAndRule), true);
        return found;
      });
      compared += configs.length;
      if (typedRun) typedCompared += configs.length;
      if (problems.length > 0) {
        const involved = emitted.filter((e) => problems.some((p) => Object.keys(e.files).some((f) => p.includes(f))));
        throw new Error(`${problems.join('\n')}\n${involved.map(printable).join('\n')}`);
      }
    });
    await fc.assert(property, oracleParameters('ESLint and the CLI disagree'));
    console.log(`ESLint/CLI parity: ${compared} configurations without types, ${typedCompared} typed, ${rows} CLI findings compared`);
    expect(compared).toBeGreaterThanOrEqual(RUNS * BATCH);
    // What the title says: typed ESLint ran on exactly these configurations (no shrinking: nothing failed).
    expect(typedCompared).toBe(TYPED_RUNS * BATCH);
    expect(rows).toBeGreaterThan(compared);
  }, 180_000);
});
