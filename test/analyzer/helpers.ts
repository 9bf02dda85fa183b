// Shared by the analyzer tests: temp projects, rule sets, and a compact view of findings whose
// columns are 1-based like the fixtures' EXPECTED.md tables.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import type { AnalysisResult } from '../../src/analyzer/index.js';
import { catalog, ruleIds, type EnabledRules, type Finding } from '../../src/checks/index.js';
import { ruleOptions } from '../../src/checks/rule-option-schemas.js';
import { findConfig } from '../../src/cli/config.js';
import { parseConfig, type Config } from '../../src/cli/config-schema.js';
import { expectedFixtures, FIXTURES, inGroup } from '../fixture-projects.js';

const created: string[] = [];
afterAll(() => {
  for (const dir of created) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * A file with one real defect, a `no-call-id-coercion` finding at 3:10 (the start of `String(`):
 * the anchor of the input-handling tests, which every front end agrees on.
 */
export const CALL_ID_DEFECT = [
  '// Keys reviewer decisions by the provider call ID.',
  'export function approvalKey(item: { call_id?: string }): string {',
  '  return String(item.call_id);',
  '}',
  '',
].join('\n');

/** A module with one `@openai/agents` agent `support` whose tools are the named imports. */
export const agentModule = (...imports: Array<[name: string, from: string]>): string =>
  [
    "import { Agent } from '@openai/agents';",
    ...imports.map(([name, from]) => `import { ${name} } from '${from}';`),
    '',
    `export const support = new Agent({ name: 'support', instructions: 'Help.', tools: [${imports.map(([name]) => name).join(', ')}] });`,
    '',
  ].join('\n');

/** A module defining one `@openai/agents` tool, exported as `exportName`, named `name`. */
export const toolModule = (exportName: string, name: string): string =>
  [
    "import { tool } from '@openai/agents';",
    "import { z } from 'zod';",
    '',
    `export const ${exportName} = tool({`,
    `  name: '${name}',`,
    "  description: 'Looks something up.',",
    '  parameters: z.object({ id: z.string() }),',
    '  execute: async ({ id }) => id,',
    '});',
    '',
  ].join('\n');

/** A fresh temp directory holding `files` (paths relative, POSIX); removed after the test file. */
export function tempProject(files: Record<string, string | Buffer> = {}): string {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tia-analyzer-')));
  created.push(root);
  writeFiles(root, files);
  return root;
}

/** What a run reports, and its linked project (built on demand when the outcome came from the cache), as JSON holds it. */
export function reported(result: AnalysisResult): unknown {
  const { timings: _t, cache: _c, filesParsed: _p, fileListFromCache: _l, findingsFromCache: _f, ...rest } = result;
  return JSON.parse(JSON.stringify(rest)) as unknown;
}

/** Sets every entry under `root` (but `skip`) and `root` itself an hour back: states a cache may trust. */
export function ageTree(root: string, skip: string): void {
  const old = new Date(Date.now() - 3_600_000);
  const visit = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === skip) continue;
      const abs = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(abs);
      fs.utimesSync(abs, old, old);
    }
    fs.utimesSync(dir, old, old);
  };
  visit(root);
}

/**
 * An edit's time moved into the past: later than the last call's and than `ageTree`'s, earlier
 * than any run to come. A write in the millisecond a run starts is racy by design (the run does
 * not vouch for it), so a test that expects the next run to trust an edit settles it first.
 */
let settledAt = Date.now() - 1_800_000;
export function settle(root: string, ...rels: string[]): void {
  settledAt += 1000;
  const when = new Date(settledAt);
  for (const rel of rels) fs.utimesSync(path.join(root, rel), when, when);
}

/**
 * No run trusts the file list from the cache, so every run is a full one (which reads and compacts
 * the index): the root's time is one to come, and never vouches (time-vouches.ts). Make the cache
 * directory inside `root` first: making it later moves the root's time.
 */
export function distrustFileList(root: string): void {
  const later = new Date(Date.now() + 3_600_000);
  fs.utimesSync(root, later, later);
}

export function writeFiles(root: string, files: Record<string, string | Buffer>): void {
  for (const [rel, content] of Object.entries(files)) {
    const abs = path.join(root, rel);
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, content);
  }
}

/** The `recommended` set: every rule whose catalog default is not off, with default options. */
export function recommendedRules(): EnabledRules {
  const rules: Record<string, unknown> = {};
  for (const id of ruleIds) if (catalog[id].defaultSeverity !== 'off') rules[id] = ruleOptions(id);
  return rules as EnabledRules;
}

export function allRules(): EnabledRules {
  const rules: Record<string, unknown> = {};
  for (const id of ruleIds) rules[id] = ruleOptions(id);
  return rules as EnabledRules;
}

export interface FindingRow {
  ruleId: string;
  messageId: string;
  file: string;
  line: number;
  /** 1-based, as EXPECTED.md and the text reporter print it. */
  column: number;
}

export function rows(findings: readonly Finding[]): FindingRow[] {
  return findings.map((f) => ({
    ruleId: f.ruleId,
    messageId: f.messageId,
    file: f.file,
    line: f.span.loc.start.line,
    column: f.span.loc.start.column + 1,
  }));
}

/** `file:line:column` (1-based column) of each related location. */
export function relatedAt(finding: Finding): string[] {
  return finding.related.map((r) => `${r.file}:${r.span.loc.start.line}:${r.span.loc.start.column + 1}`);
}

export { FIXTURES };

/**
 * The fixtures/frameworks/<name>/ projects, one per framework adapter: run by fixtures.test.ts
 * (analyzer) and test/rules/integration.test.ts (ESLint with and without types, and the CLI =
 * typed ESLint). Each has an EXPECTED.md; one without fails those suites (test/fixture-projects.ts).
 */
export const frameworkFixtures: readonly string[] = inGroup(expectedFixtures, 'frameworks').map((name) => name.slice('frameworks/'.length));

/**
 * Every committed fixture project with an EXPECTED.md, relative to fixtures/ (test/fixture-projects.ts):
 * the demo, projects/*, the monorepo layouts (analysed from their root; `empty` has nothing to
 * analyse, see test/cli/layouts.test.ts) and frameworks/*.
 */
/** A fixture's own tool-identity-audit.config.json (its declared `adapters`), or the empty config. */
export function fixtureConfig(dir: string): Config {
  const found = findConfig(dir);
  return found === undefined ? {} : parseConfig(found.value, found.shown, found.prefix);
}

export const fixtureProjects: readonly string[] = [
  'demo',
  ...inGroup(expectedFixtures, 'projects'),
  ...inGroup(expectedFixtures, 'layouts'),
  ...inGroup(expectedFixtures, 'frameworks'),
];
