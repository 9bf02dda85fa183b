// The rule cases through the CLI's analyzer: each case's code is written to a temporary project
// (alone, or into a copy of fixtures/typed for typed cases) and `analyzeProject` must report for
// that file exactly what RuleTester expects of the ESLint rule: the same messageIds, data and
// locations, and nothing for valid cases. One list of cases, both front ends.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeProject } from '../../src/analyzer/index.js';
import { ruleIds, ruleOptions, type EnabledRules, type Finding, type RuleId } from '../../src/checks/index.js';

interface CaseLike {
  readonly name?: string;
  readonly code: string;
  readonly filename?: string;
  readonly options?: readonly unknown[];
  readonly errors?: ReadonlyArray<ExpectedError>;
  /** What the CLI reports instead, where it knows less than typed ESLint (it never asks the type checker). */
  readonly cliErrors?: ReadonlyArray<ExpectedError>;
}

type ExpectedError = string | { messageId?: string; data?: Record<string, unknown>; line?: number; column?: number; endLine?: number; endColumn?: number };

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
});

function tempProject(typedFixtureDir: string | undefined): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tia-cases-'));
  roots.push(root);
  if (typedFixtureDir) fs.cpSync(typedFixtureDir, root, { recursive: true });
  return root;
}

/** The rule id a rule module documents itself under (`docs/rules/<id>.md`). */
export function ruleIdOf(docsUrl: string | undefined): RuleId {
  const id = docsUrl?.match(/([a-z-]+)\.md$/)?.[1];
  if (!id || !(ruleIds as readonly string[]).includes(id)) throw new Error(`no rule id in ${String(docsUrl)}`);
  return id as RuleId;
}

function located(finding: Finding): { messageId: string; data: Record<string, string>; line: number; column: number; endLine: number; endColumn: number } {
  const { start, end } = finding.span.loc;
  return { messageId: finding.messageId, data: finding.data, line: start.line, column: start.column + 1, endLine: end.line, endColumn: end.column + 1 };
}

/** One `it` per case: the analyzer reports for the case's file what the case expects. */
export function runCliCases(name: string, id: RuleId, cases: { syntax: readonly CaseLike[]; typed: readonly CaseLike[] }, typedFixtureDir: string): void {
  describe(`${name} (CLI analyzer)`, () => {
    const run = async (c: CaseLike, typed: boolean): Promise<void> => {
      const root = tempProject(typed ? typedFixtureDir : undefined);
      const file = c.filename ?? 'file.ts';
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), c.code);
      const rules = { [id]: ruleOptions(id, c.options?.[0]) } as EnabledRules;
      const result = await analyzeProject({ cwd: root, rules });
      const got = result.findings.filter((f) => f.file === file && f.ruleId === id).map(located);
      const want = (c.cliErrors ?? c.errors ?? []).map((e) => (typeof e === 'string' ? { messageId: e } : e));
      expect(got.map(({ messageId, line, column, endLine, endColumn }) => ({ messageId, line, column, endLine, endColumn }))).toEqual(
        want.map(({ messageId, line, column, endLine, endColumn }) => ({ messageId, line, column, endLine, endColumn })),
      );
      got.forEach((g, i) => {
        const data = want[i]?.data;
        if (data) expect(g.data).toMatchObject(Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)])));
      });
    };
    const all = [...cases.syntax.map((c) => [c, false] as const), ...cases.typed.map((c) => [c, true] as const)];
    it.each(all.map(([c, typed], i) => [`${typed ? 'typed: ' : ''}${c.name ?? `case ${i + 1}`}`, c, typed] as const))('%s', async (_label, c, typed) => {
      await run(c, typed);
    });
  });
}
