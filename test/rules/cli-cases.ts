// The rule cases through the CLI's analyzer: each case's code is written to a temporary project
// (alone, or into a copy of fixtures/typed for typed cases) and `analyzeProject` must report for
// that file exactly what RuleTester expects of the ESLint rule: the same messageIds, locations and
// messages (the case's data interpolated, as RuleTester compares them), and nothing for valid cases. One list of cases, both front ends.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeProject } from '../../src/analyzer/index.js';
import { catalog, ruleIds, type EnabledRules, type Finding, type RuleId } from '../../src/checks/index.js';
import { ruleOptions } from '../../src/checks/rule-option-schemas.js';

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

function located(finding: Finding): { messageId: string; message: string; data: Record<string, string>; line: number; column: number; endLine: number; endColumn: number } {
  const { start, end } = finding.span.loc;
  return { messageId: finding.messageId, message: finding.message, data: finding.data, line: start.line, column: start.column + 1, endLine: end.line, endColumn: end.column + 1 };
}

const PLACEHOLDER = /\{\{\s*([^{}]+?)\s*\}\}/g;
const placeholders = (template: string): string[] => [...template.matchAll(PLACEHOLDER)].map((m) => m[1] as string);

/** ESLint's interpolation of report data into a message (a placeholder with no data stays as it is). */
function interpolate(template: string, data: Record<string, unknown>): string {
  return template.replace(PLACEHOLDER, (whole, key: string) => (Object.hasOwn(data, key) ? String(data[key]) : whole));
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
      // As RuleTester checks the ESLint rule (requireData): wherever the message has placeholders the
      // case gives the data, and the message they make is the CLI's message, character for character.
      got.forEach((g, i) => {
        const template = catalog[id].messages[g.messageId];
        if (template === undefined) throw new Error(`${id} has no message ${g.messageId}`);
        const data = want[i]?.data;
        if (data === undefined) {
          expect(placeholders(template), `case error ${i + 1} (${g.messageId}) gives no data, but the message has placeholders`).toEqual([]);
          expect(g.message).toBe(template);
        } else {
          expect(g.message, `case error ${i + 1} (${g.messageId}): the message from the case's data`).toBe(interpolate(template, data));
        }
      });
    };
    const all = [...cases.syntax.map((c) => [c, false] as const), ...cases.typed.map((c) => [c, true] as const)];
    it.each(all.map(([c, typed], i) => [`${typed ? 'typed: ' : ''}${c.name ?? `case ${i + 1}`}`, c, typed] as const))('%s', async (_label, c, typed) => {
      await run(c, typed);
    });
  });
}
