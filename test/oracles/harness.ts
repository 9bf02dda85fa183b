// Shared by the framework oracles (test/oracles/<framework>.test.ts): each generates configurations
// of one real framework, writes them as a TypeScript project for the analyzer and builds the same
// configuration as live objects of that framework, then compares the two verdicts. This file owns
// only the common parts: the temp project, the static findings, the property run and the report
// of a failing (shrunk) case as source text.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { analyzeProject } from '../../src/analyzer/index.js';
import type { EnabledRules, Finding } from '../../src/checks/index.js';
import { ruleOptions } from '../../src/checks/rule-option-schemas.js';

/** The rules whose findings are the static verdict on tool names and on the names tool choices use. */
const RULES = ['no-tool-name-collision', 'no-namespace-equals-name', 'required-function-name-known'] as const;

function oracleRules(): EnabledRules {
  const rules: Record<string, unknown> = {};
  for (const id of RULES) rules[id] = ruleOptions(id);
  return rules as EnabledRules;
}

/** A generated project: paths relative to its root (POSIX) and their text. */
export type SourceFiles = Record<string, string>;

const TSCONFIG = JSON.stringify({ compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', strict: true }, include: ['src'] });

/** The findings of the name rules on `files`, analysed in-process in a fresh temp project. */
export async function staticFindings(files: SourceFiles): Promise<Finding[]> {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tia-oracle-')));
  try {
    for (const [rel, text] of Object.entries({ 'tsconfig.json': TSCONFIG, ...files })) {
      fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      fs.writeFileSync(path.join(root, rel), text);
    }
    const result = await analyzeProject({ cwd: root, rules: oracleRules() });
    if (result.filesAnalyzed !== Object.keys(files).length) {
      throw new Error(`analysed ${result.filesAnalyzed} of ${Object.keys(files).length} files`);
    }
    return result.findings;
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

/** The project as one printable text, each file under its path. */
export function showSource(files: SourceFiles): string {
  return Object.entries(files)
    .map(([rel, text]) => `// ---- ${rel}\n${text}`)
    .join('\n');
}

/** `name` once per occurrence, sorted: a multiset to compare. */
export function sortedNames(names: Iterable<string>): string[] {
  return [...names].sort();
}

export type Verdict = { agree: string } | { disagree: string };

export interface Oracle<M> {
  framework: string;
  model: fc.Arbitrary<M>;
  emit(model: M): SourceFiles;
  /**
   * Compares the static findings with what the framework does: the outcome both agree on (a short
   * label such as 'rejected' or 'clean', tallied so a test can require every kind to occur), or
   * the disagreement.
   */
  compare(model: M, findings: readonly Finding[]): Promise<Verdict>;
  numRuns: number;
}

/**
 * Runs the oracle under the suite's fast-check seed (`FC_SEED`, see test/setup.ts) and prints the
 * seed and the case count. A failing case is shrunk by fast-check and reported as the project's
 * source with the disagreement, so it can be pasted into a regression test.
 */
export async function runOracle<M>(oracle: Oracle<M>): Promise<Record<string, number>> {
  const seed = fc.readConfigureGlobal().seed;
  const outcomes: Record<string, number> = {};
  const result = await fc.check(
    fc.asyncProperty(oracle.model, async (model) => {
      const verdict = await oracle.compare(model, await staticFindings(oracle.emit(model)));
      if ('disagree' in verdict) throw new Error(verdict.disagree);
      outcomes[verdict.agree] = (outcomes[verdict.agree] ?? 0) + 1;
    }),
    { numRuns: oracle.numRuns, seed },
  );
  console.log(`${oracle.framework} oracle: seed ${String(seed)}, ${String(oracle.numRuns)} cases, outcomes ${JSON.stringify(outcomes)}`);
  if (result.failed) {
    const counterexample = result.counterexample?.[0] as M | undefined;
    const error = result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
    const source = counterexample === undefined ? '(no counterexample)' : showSource(oracle.emit(counterexample));
    throw new Error(
      `${oracle.framework}: the static verdict and the framework disagree (seed ${String(seed)}, path ${String(result.counterexamplePath)}, after ${String(result.numRuns)} runs, ${String(result.numShrinks)} shrinks)\n${error}\n\nminimal case:\n${source}`,
    );
  }
  return outcomes;
}

/**
 * One of a generated project's two tool modules (`src/tools-0.ts`, `src/tools-1.ts`): its header
 * lines, an import of the other module's tools it lists, and its body.
 */
export function toolModule(module: 0 | 1, header: readonly string[], imports: ReadonlySet<string>, body: readonly string[]): string {
  return [
    ...header,
    ...(imports.size > 0 ? [`import { ${[...imports].sort().join(', ')} } from './tools-${String(1 - module)}.js';`] : []),
    '',
    ...body,
    '',
  ].join('\n');
}
