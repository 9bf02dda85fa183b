// `tool-identity-audit tools` reports like the code audit: every format points into the dump, and
// --rule levels, --max-warnings, --quiet, --no-exit-code, configuration and baselines apply.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sarifSchemaErrors } from '../reporters/sarif-schema.js';
import { jsonMessages, messagesOf, positionOf, removeTemps, root, tempDir, tools } from './helpers.js';

afterAll(removeTemps);

const helpdesk = 'fixtures/tool-lists/dumps/helpdesk-agent';

/** A copy of the help-desk dumps in a temporary project, so tests can edit them. */
function helpdeskCopy(): string {
  const dir = tempDir();
  mkdirSync(path.join(dir, 'mcp'));
  for (const server of ['github', 'linear', 'kb']) {
    copyFileSync(path.join(root, helpdesk, `${server}.json`), path.join(dir, 'mcp', `${server}.json`));
  }
  return dir;
}

describe('reporters', () => {
  it('writes every format, each pointing at the name in the dump', async () => {
    const dir = helpdeskCopy();
    const result = await tools(['mcp', '-f', 'stylish', '-f', 'json=r/report.json', '-f', 'sarif=r/report.sarif', '-f', 'github=r/github.txt', '-f', 'codeclimate=r/cc.json', '-f', 'markdown=r/summary.md'], dir);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('mcp/linear.json\n  4:15  error  Tool name "create_issue" is listed by MCP servers "github" and "linear"');
    expect(result.stdout).toContain('✖ 2 problems (2 errors, 0 warnings)');

    const json = jsonMessages(readFileSync(path.join(dir, 'r/report.json'), 'utf8'));
    expect(json.map((m) => [path.relative(dir, m.filePath), m.line, m.column, m.endColumn, m.messageId])).toEqual([
      ['mcp/kb.json', 4, 15, 26, 'invalidToolName'],
      ['mcp/linear.json', 4, 15, 29, 'mcpCrossServerDuplicate'],
    ]);

    const sarif = JSON.parse(readFileSync(path.join(dir, 'r/report.sarif'), 'utf8')) as {
      runs: Array<{ results: Array<{ ruleId: string; locations: Array<{ physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number; startColumn: number } } }>; relatedLocations?: Array<{ physicalLocation: { artifactLocation: { uri: string } } }> }> }>;
    };
    expect(sarifSchemaErrors(sarif)).toEqual([]);
    const results = sarif.runs[0]?.results ?? [];
    expect(results.map((r) => [r.ruleId, r.locations[0]?.physicalLocation.artifactLocation.uri, r.locations[0]?.physicalLocation.region.startLine, r.locations[0]?.physicalLocation.region.startColumn])).toEqual([
      ['valid-tool-name', 'mcp/kb.json', 4, 15],
      ['no-tool-name-collision', 'mcp/linear.json', 4, 15],
    ]);
    expect(results[1]?.relatedLocations?.map((r) => r.physicalLocation.artifactLocation.uri)).toEqual(['mcp/github.json']);

    const github = readFileSync(path.join(dir, 'r/github.txt'), 'utf8');
    expect(github).toContain('::error file=mcp/linear.json,line=4,endLine=4,col=15,endColumn=29,title=no-tool-name-collision::Tool name "create_issue" is listed by MCP servers');

    const codeclimate = JSON.parse(readFileSync(path.join(dir, 'r/cc.json'), 'utf8')) as Array<{ check_name: string; location: { path: string; lines: { begin: number } }; other_locations?: Array<{ path: string }> }>;
    expect(codeclimate.map((issue) => [issue.check_name, issue.location.path, issue.location.lines.begin])).toEqual([
      ['valid-tool-name', 'mcp/kb.json', 4],
      ['no-tool-name-collision', 'mcp/linear.json', 4],
    ]);

    const markdown = readFileSync(path.join(dir, 'r/summary.md'), 'utf8');
    expect(markdown).toContain('❌ **2 problems** (2 errors, 0 warnings) in 2 files (3 analysed).');
    expect(markdown).toContain('| mcp/linear.json:4:15 | error | Tool name "create\\_issue" is listed by MCP servers');
  });

  it('adds GitHub annotations on GitHub Actions without -f, and lists a malformed dump as not analysed', async () => {
    const dir = helpdeskCopy();
    writeFileSync(path.join(dir, 'mcp', 'jira.json'), '{ "tools": [ { "name": "create_issue", } ');
    const result = await tools(['mcp'], dir, { GITHUB_ACTIONS: 'true' });
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('::error file=mcp/jira.json,line=1,col=');
    expect(result.stdout).toContain('title=tool-identity-audit (parse-error)::Malformed JSON');
    expect(result.stdout).toContain('::error file=mcp/linear.json,line=4');
  });
});

describe('levels, configuration and baselines', () => {
  it('--rule levels, --max-warnings, --quiet and --no-exit-code', async () => {
    const dir = helpdeskCopy();
    const warn = await tools(['mcp', '--rule', 'no-tool-name-collision=warn', '--rule', 'valid-tool-name=warn'], dir);
    expect(warn.status).toBe(0);
    expect(warn.stdout).toContain('✖ 2 problems (0 errors, 2 warnings)');
    const capped = await tools(['mcp', '--rule', 'no-tool-name-collision=warn', '--rule', 'valid-tool-name=warn', '--max-warnings', '1'], dir);
    expect(capped.status).toBe(1);
    expect(capped.stderr).toBe('tool-identity-audit: too many warnings (2); the maximum is 1\n');
    const quiet = await tools(['mcp', '--rule', 'valid-tool-name=warn', '--quiet', '-f', 'json'], dir);
    expect(messagesOf(quiet.stdout, dir).map((line) => line.split(' ').slice(0, 2).join(' '))).toEqual(['mcp/linear.json:4:15 no-tool-name-collision']);
    const off = await tools(['mcp', '--rule', 'no-tool-name-collision=off', '--rule', 'valid-tool-name=off'], dir);
    expect(off).toEqual({ status: 0, stdout: '3 files\n', stderr: '' });
    expect((await tools(['mcp', '--no-exit-code'], dir)).status).toBe(0);
    const badRule = await tools(['mcp', '--rule', 'no-such-rule=warn'], dir);
    expect(badRule.status).toBe(2);
    expect(badRule.stderr).toMatch(/^tool-identity-audit: --rule no-such-rule=warn: unknown rule "no-such-rule"/);
  });

  it('reads the configuration: rule levels and maxWarnings; an invalid one is fatal and names the key', async () => {
    const dir = helpdeskCopy();
    writeFileSync(path.join(dir, 'tool-identity-audit.config.json'), JSON.stringify({ rules: { 'valid-tool-name': 'off', 'no-tool-name-collision': 'warn' }, maxWarnings: 0 }));
    const result = await tools(['mcp'], dir);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('✖ 1 problem (0 errors, 1 warning)');
    expect(result.stderr).toBe('tool-identity-audit: too many warnings (1); the maximum is 0\n');
    writeFileSync(path.join(dir, 'tool-identity-audit.config.json'), JSON.stringify({ rules: { 'valid-tool-name': ['error', { provider: 'mistral' }] } }));
    const invalid = await tools(['mcp'], dir);
    expect(invalid.status).toBe(2);
    expect(invalid.stderr).toContain('invalid configuration in tool-identity-audit.config.json: rules.valid-tool-name[1].provider');
  });

  it('a baseline records today\'s findings; later runs report only new ones; the code baseline is left alone', async () => {
    const dir = helpdeskCopy();
    writeFileSync(path.join(dir, 'tool-identity-audit.baseline.json'), '{ "version": 1, "findings": [] }\n');
    const write = await tools(['mcp', '--write-baseline'], dir);
    expect(write).toEqual({ status: 0, stdout: 'Wrote 2 findings to tool-identity-audit.tools-baseline.json\n', stderr: '' });
    expect(readFileSync(path.join(dir, 'tool-identity-audit.baseline.json'), 'utf8')).toBe('{ "version": 1, "findings": [] }\n');

    expect(await tools(['mcp', '--baseline', 'tool-identity-audit.tools-baseline.json'], dir)).toEqual({ status: 0, stdout: '3 files\n', stderr: '' });

    // Moving a tool changes lines, not fingerprints; a new duplicate is reported.
    const linear = JSON.parse(readFileSync(path.join(dir, 'mcp/linear.json'), 'utf8')) as { tools: Array<{ name: string }> };
    linear.tools.reverse();
    linear.tools.push({ ...(linear.tools[0] as { name: string }), name: 'search_issues' });
    const edited = JSON.stringify(linear, null, 2);
    writeFileSync(path.join(dir, 'mcp/linear.json'), edited);
    const after = await tools(['mcp', '--baseline', 'tool-identity-audit.tools-baseline.json', '-f', 'json'], dir);
    expect(after.status).toBe(1);
    expect(messagesOf(after.stdout, dir).map((line) => line.split(' ').slice(0, 2).join(' '))).toEqual([`mcp/linear.json:${positionOf(edited, '"search_issues"')} no-tool-name-collision`]);
    expect(after.stdout).toContain('Tool name \\"search_issues\\" is listed by MCP servers \\"github\\" and \\"linear\\"');
  });
});
