// docs/ci.md's recipes, run as written: each `<!-- ci-recipe: name -->` block is parsed, its
// commands run in a shell on a copy of fixtures/demo (and on a clean project) with the CI service's
// variables set, and what the page promises is checked. `npx tool-identity-audit` (and lint-staged's
// bare `tool-identity-audit`) run the built CLI through a shim on PATH; `npm ci` is skipped: the
// copy has nothing to install and the CLI needs no node_modules.
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse as parseJsonc } from 'jsonc-parser';
import picomatch from 'picomatch';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bin, binEnv, repoRoot } from './spawn.js';

const doc = readFileSync(path.join(repoRoot, 'docs/ci.md'), 'utf8');

/** The fenced block after `<!-- ci-recipe: name -->`, without its leading `# file` comment line. */
function recipe(name: string): string {
  const match = new RegExp(`<!-- ci-recipe: ${name} -->\\n\`\`\`\\w+\\n([\\s\\S]*?)\\n\`\`\`\\n`).exec(doc);
  if (!match?.[1]) throw new Error(`docs/ci.md has no ci-recipe block "${name}"`);
  return match[1];
}

const scratch = mkdtempSync(path.join(tmpdir(), 'tia-ci-'));
const shims = path.join(scratch, 'shims');

beforeAll(() => {
  expect(existsSync(bin), `${bin} was not built (test/global-setup.ts builds it)`).toBe(true);
  mkdirSync(shims);
  const run = `exec "${process.execPath}" "${bin}" "$@"\n`;
  const shim = {
    npx: `#!/bin/sh\n[ "$1" = tool-identity-audit ] || { echo "unexpected: npx $*" >&2; exit 127; }\nshift\n${run}`,
    'tool-identity-audit': `#!/bin/sh\n${run}`,
  };
  for (const [name, text] of Object.entries(shim)) {
    writeFileSync(path.join(shims, name), text);
    chmodSync(path.join(shims, name), 0o755);
  }
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let projects = 0;

/** A fresh copy of fixtures/demo (15 findings with the default rules), or a one-tool clean project. */
function project(kind: 'demo' | 'clean'): string {
  const dir = path.join(scratch, `${kind}-${(projects += 1)}`);
  if (kind === 'demo') {
    cpSync(path.join(repoRoot, 'fixtures/demo'), dir, { recursive: true });
    return dir;
  }
  mkdirSync(path.join(dir, 'src'), { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify({ name: 'clean', type: 'module', dependencies: { '@openai/agents': '^0.20.0' } })}\n`);
  writeFileSync(
    path.join(dir, 'src/agent.ts'),
    [
      "import { Agent, tool } from '@openai/agents';",
      "import { z } from 'zod';",
      '',
      'const lookupOrder = tool({',
      "  name: 'lookup_order',",
      "  description: 'Look up an order by its number.',",
      '  parameters: z.object({ orderNumber: z.string() }),',
      '  execute: async ({ orderNumber }) => `order ${orderNumber}`,',
      '});',
      '',
      "export const agent = new Agent({ name: 'orders', instructions: 'Answer order questions.', tools: [lookupOrder] });",
      '',
    ].join('\n'),
  );
  return dir;
}

interface Shell {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** One command as a CI runner runs it: `bash -e`, in `cwd`, with the service's variables. */
function sh(command: string, cwd: string, vars: Record<string, string>): Shell {
  const env = { ...binEnv(vars), PATH: `${shims}${path.delimiter}${process.env['PATH'] ?? ''}` };
  const result = spawnSync('bash', ['-e', '-c', command], { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const isInstall = (command: string): boolean => command.trim() === 'npm ci';

/** The file headers of a stylish report: lines that name a file of the project. */
function stylishFiles(stdout: string, cwd: string): string[] {
  return stdout.split('\n').filter((line) => line !== '' && !line.startsWith(' ') && existsSync(path.join(cwd, line)) && !line.includes(' '));
}

/** Files with findings in a full run, relative to the project. */
function filesWithFindings(cwd: string): string[] {
  const result = sh('npx tool-identity-audit -f json', cwd, {});
  const report = JSON.parse(result.stdout) as Array<{ filePath: string; messages: unknown[] }>;
  return report.filter((entry) => entry.messages.length > 0).map((entry) => path.relative(cwd, entry.filePath).split(path.sep).join('/'));
}

const annotationLines = (stdout: string): string[] => stdout.split('\n').filter((line) => /^::(error|warning|notice) /.test(line));

describe('GitHub Actions recipe', () => {
  interface Step {
    name?: string;
    if?: string;
    run?: string;
    uses?: string;
    with?: Record<string, unknown>;
  }
  interface Workflow {
    on: Record<string, unknown>;
    permissions: Record<string, string>;
    jobs: Record<string, { 'runs-on': string; steps: Step[] }>;
  }
  interface Outcome {
    step: Step;
    ran: boolean;
    result?: Shell;
  }

  const workflow = parseYaml(recipe('github')) as Workflow;
  const jobs = Object.values(workflow.jobs);
  const steps = jobs[0]?.steps ?? [];

  /**
   * The job as the runner goes through it: a step without `if` runs while every step before it
   * succeeded; after a failure only steps whose `if` has `always()` or `failure()` run. `uses:`
   * steps are recorded, not run.
   */
  function runJob(cwd: string, vars: Record<string, string>): Outcome[] {
    let failed = false;
    return steps.map((step) => {
      const condition = step.if ?? '';
      const ran = failed ? /\b(?:always|failure)\(\)/.test(condition) : condition.trim() !== 'failure()';
      if (!ran || step.run === undefined || isInstall(step.run)) return { step, ran };
      const result = sh(step.run, cwd, vars);
      if (result.status !== 0) failed = true;
      return { step, ran, result };
    });
  }

  function githubVars(cwd: string): { vars: Record<string, string>; summary: string } {
    const summary = path.join(cwd, '..', `${path.basename(cwd)}-step-summary.md`);
    writeFileSync(summary, '## Unit tests\n\nall passed\n');
    return { vars: { GITHUB_ACTIONS: 'true', CI: 'true', GITHUB_WORKSPACE: cwd, GITHUB_STEP_SUMMARY: summary }, summary };
  }

  const audit = (outcomes: Outcome[]): Outcome | undefined => outcomes.find((o) => o.step.run?.includes('tool-identity-audit'));
  const upload = (outcomes: Outcome[]): Outcome | undefined => outcomes.find((o) => o.step.uses?.startsWith('github/codeql-action/upload-sarif@'));

  it('is a complete workflow: triggers, one job on a runner, the permissions code scanning needs', () => {
    expect(Object.keys(workflow.on).sort()).toEqual(['pull_request', 'push']);
    expect(workflow.permissions).toEqual({ contents: 'read', 'security-events': 'write' });
    expect(jobs).toHaveLength(1);
    expect(jobs[0]?.['runs-on']).toBe('ubuntu-latest');
    expect(steps.map((step) => step.uses ?? step.run).slice(0, 3)).toEqual(['actions/checkout@v4', 'actions/setup-node@v4', 'npm ci']);
  });

  it('with findings: the audit fails (exit 1), the summary is appended, SARIF is written and uploaded, each annotation once', () => {
    const cwd = project('demo');
    const { vars, summary } = githubVars(cwd);
    const outcomes = runJob(cwd, vars);

    expect(audit(outcomes)?.result?.status, audit(outcomes)?.result?.stderr).toBe(1);
    const summaryStep = outcomes.find((o) => o.step.run?.includes('GITHUB_STEP_SUMMARY'));
    expect(summaryStep?.ran).toBe(true);
    expect(summaryStep?.result?.status, summaryStep?.result?.stderr).toBe(0);
    const summaryText = readFileSync(summary, 'utf8');
    expect(summaryText.startsWith('## Unit tests\n\nall passed\n## tool-identity-audit\n')).toBe(true);
    expect(summaryText).toContain('**15 problems** (13 errors, 2 warnings)');

    const uploadStep = upload(outcomes);
    expect(uploadStep?.ran).toBe(true);
    const sarifFile = String(uploadStep?.step.with?.['sarif_file']);
    const sarif = JSON.parse(readFileSync(path.join(cwd, sarifFile), 'utf8')) as {
      version: string;
      runs: Array<{ tool: { driver: { name: string } }; results: Array<{ ruleId: string; locations: unknown[] }> }>;
    };
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.runs).toHaveLength(1);
    expect(sarif.runs[0]?.tool.driver.name).toBe('tool-identity-audit');
    expect(sarif.runs[0]?.results).toHaveLength(15);
    for (const result of sarif.runs[0]?.results ?? []) expect(result.locations.length).toBeGreaterThan(0);

    // Every annotation of the job's output is printed once, and they are exactly the github
    // reporter's: 10 errors (GitHub's limit per level), 2 warnings and the notice about the rest.
    const printed = annotationLines(outcomes.map((o) => o.result?.stdout ?? '').join('\n'));
    expect(new Set(printed).size).toBe(printed.length);
    expect(printed).toEqual(annotationLines(sh('npx tool-identity-audit -f github', cwd, vars).stdout));
    expect(printed.map((line) => /^::(\w+)/.exec(line)?.[1]).sort()).toEqual([...Array<string>(10).fill('error'), 'notice', 'warning', 'warning']);
    // The log is readable too: the stylish report names the files.
    expect(stylishFiles(audit(outcomes)?.result?.stdout ?? '', cwd)).toContain('src/agents/triage.ts');
  });

  it('the default output on GitHub Actions would print the annotations again: one audit run is what keeps them single', () => {
    const cwd = project('demo');
    const { vars } = githubVars(cwd);
    const defaultRun = annotationLines(sh('npx tool-identity-audit', cwd, vars).stdout);
    const recipeRun = annotationLines(sh(audit(runJob(cwd, vars))?.step.run ?? '', cwd, vars).stdout);
    expect(defaultRun).toEqual(recipeRun);
    expect(recipeRun.length).toBeGreaterThan(0);
  });

  it('on a clean project: every step passes, the SARIF has no results, no annotation', () => {
    const cwd = project('clean');
    const { vars, summary } = githubVars(cwd);
    const outcomes = runJob(cwd, vars);
    for (const outcome of outcomes) {
      expect(outcome.ran).toBe(true);
      expect(outcome.result?.status ?? 0, outcome.result?.stderr).toBe(0);
    }
    const sarifFile = String(upload(outcomes)?.step.with?.['sarif_file']);
    const sarif = JSON.parse(readFileSync(path.join(cwd, sarifFile), 'utf8')) as { runs: Array<{ results: unknown[] }> };
    expect(sarif.runs[0]?.results).toEqual([]);
    expect(annotationLines(outcomes.map((o) => o.result?.stdout ?? '').join('\n'))).toEqual([]);
    expect(readFileSync(summary, 'utf8')).toMatch(/^## Unit tests\n\nall passed\n## tool-identity-audit\n/);
  });
});

describe('GitLab Code Quality recipe', () => {
  interface Job {
    image: string;
    script: string[];
    artifacts: { when: string; reports: { codequality: string } };
  }
  const config = parseYaml(recipe('gitlab')) as Record<string, Job>;
  const job = config['tool-identity-audit'];

  /** GitLab runs the script lines in one shell and stops at the first that fails. */
  function runScript(cwd: string): Shell | undefined {
    let last: Shell | undefined;
    for (const line of job?.script ?? []) {
      if (isInstall(line)) continue;
      last = sh(line, cwd, { GITLAB_CI: 'true', CI: 'true' });
      if (last.status !== 0) break;
    }
    return last;
  }

  it('fails on findings and still uploads the Code Quality report, one entry per finding', () => {
    expect(job?.artifacts.when).toBe('always');
    const cwd = project('demo');
    const result = runScript(cwd);
    expect(result?.status, result?.stderr).toBe(1);
    const report = JSON.parse(readFileSync(path.join(cwd, job?.artifacts.reports.codequality ?? ''), 'utf8')) as Array<{
      type: string;
      check_name: string;
      description: string;
      severity: string;
      fingerprint: string;
      location: { path: string; lines: { begin: number } };
    }>;
    expect(report).toHaveLength(15);
    expect(new Set(report.map((entry) => entry.fingerprint)).size).toBe(15);
    for (const entry of report) {
      expect(entry.type).toBe('issue');
      expect(['info', 'minor', 'major', 'critical', 'blocker']).toContain(entry.severity);
      expect(existsSync(path.join(cwd, entry.location.path)), entry.location.path).toBe(true);
      expect(entry.location.lines.begin).toBeGreaterThan(0);
    }
    expect(stylishFiles(result?.stdout ?? '', cwd)).toContain('src/mcp/kb-tools.ts');
  });

  it('passes on a clean project with an empty report', () => {
    const cwd = project('clean');
    expect(runScript(cwd)?.status).toBe(0);
    expect(JSON.parse(readFileSync(path.join(cwd, job?.artifacts.reports.codequality ?? ''), 'utf8'))).toEqual([]);
  });
});

describe('pre-commit and lint-staged recipes', () => {
  // What a commit stages: two modules with findings, one without, a declaration file, a README.
  const staged = ['src/agents/triage.ts', 'src/approvals/store.ts', 'src/tools/orders.ts', 'src/types.d.ts', 'README.md'];

  function stagedProject(): string {
    const cwd = project('demo');
    writeFileSync(path.join(cwd, 'src/types.d.ts'), 'export declare const build: string;\n');
    return cwd;
  }

  it('pre-commit: the hook reports the findings of the staged files only, with related locations elsewhere', () => {
    const config = parseYaml(recipe('pre-commit')) as {
      repos: Array<{ repo: string; hooks: Array<{ entry: string; language: string; exclude: string; require_serial: boolean }> }>;
    };
    expect(config.repos[0]?.repo).toBe('local');
    const hook = config.repos[0]?.hooks[0];
    expect(hook?.language).toBe('system');
    expect(hook?.require_serial).toBe(true);
    // pre-commit's `exclude` is a Python regex searched in each path; this one reads the same in JS.
    const exclude = new RegExp(hook?.exclude ?? '(?!)');
    const sources = staged.filter((file) => /\.(?:[cm]?ts|tsx|[cm]?js|jsx)$/.test(file) && !exclude.test(file));
    expect(sources).toEqual(['src/agents/triage.ts', 'src/approvals/store.ts', 'src/tools/orders.ts']);

    const cwd = stagedProject();
    const all = filesWithFindings(cwd);
    const expected = sources.filter((file) => all.includes(file));
    expect(expected).toEqual(['src/agents/triage.ts', 'src/approvals/store.ts']);
    expect(all.length).toBeGreaterThan(expected.length);

    const result = sh(`${hook?.entry ?? ''} ${sources.join(' ')}`, cwd, {});
    expect(result.status, result.stderr).toBe(1);
    expect(stylishFiles(result.stdout, cwd)).toEqual(expected);
    expect(result.stdout).toContain('↳ src/agents/specialists.ts:31:9');
    // Only a clean file staged: the hook passes.
    expect(sh(`${hook?.entry ?? ''} src/tools/orders.ts`, cwd, {}).status).toBe(0);
  });

  it("lint-staged: the glob picks the source files (no .d.ts), the command given their absolute paths reports only them", () => {
    const block = parseJsonc(recipe('lint-staged')) as { 'lint-staged': Record<string, string> };
    const entries = Object.entries(block['lint-staged']);
    expect(entries).toHaveLength(1);
    const [glob = '', command = ''] = entries[0] ?? [];
    // lint-staged's matching: base name when the pattern has no slash, dot files included.
    const matches = picomatch(glob, { dot: true, matchBase: !glob.includes('/'), strictBrackets: true });
    const picked = staged.filter((file) => matches(file));
    expect(picked).toEqual(['src/agents/triage.ts', 'src/approvals/store.ts', 'src/tools/orders.ts']);
    expect(['src/a.tsx', 'src/b.mjs', 'src/c.cts', 'src/d.d.mts'].filter((file) => matches(file))).toEqual(['src/a.tsx', 'src/b.mjs', 'src/c.cts']);

    const cwd = stagedProject();
    const result = sh(`${command} ${picked.map((file) => `'${path.join(cwd, file)}'`).join(' ')}`, cwd, {});
    expect(result.status, result.stderr).toBe(1);
    expect(stylishFiles(result.stdout, cwd)).toEqual(['src/agents/triage.ts', 'src/approvals/store.ts']);
    // --cache: the warm run reports the same.
    expect(sh(`${command} '${path.join(cwd, 'src/approvals/store.ts')}'`, cwd, {}).stdout).toContain('no-call-id-coercion');
    expect(existsSync(path.join(cwd, 'node_modules/.cache/tool-identity-audit'))).toBe(true);
  });
});
