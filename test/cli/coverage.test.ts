// `--debug`'s coverage lines (issue 21 item 4): what was understood per framework, and why sets are incomplete.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderCoverage } from '../../src/cli/coverage.js';
import { FIXTURES } from '../analyzer/helpers.js';
import { run } from './helpers.js';

describe('--debug coverage', () => {
  it('names the declared wrappers\' frameworks, definitions, sets and MCP registrations', async () => {
    const result = await run(['.', '--debug', '-f', 'json'], { cwd: path.join(FIXTURES, 'projects/project-wrappers') });
    expect(result.stderr.split('\n').slice(2)).toEqual([
      'tool-identity-audit: understood',
      '  MCP TypeScript SDK: 1 MCP server with 4 registrations',
      '  OpenAI Agents SDK (JavaScript): 4 tool definitions (1 with a dynamic name), 1 set',
      '',
    ]);
  });

  it('says why sets are incomplete: a member not followed, a member of dynamic name', async () => {
    const result = await run(['.', '--debug', '-f', 'json'], { cwd: path.join(FIXTURES, 'demo') });
    expect(result.stderr).toContain('  MCP TypeScript SDK: 1 MCP server with 5 registrations; incomplete: 1 with a member of dynamic name\n');
    expect(result.stderr).toContain(
      '  OpenAI Agents SDK (JavaScript): 22 tool definitions, 5 sets; incomplete: 1 with a member not followed (a value from outside the analysis, or an unknown wrapper)\n',
    );
  });

  it('counts definitions named by the record key that lists them apart from dynamic names', async () => {
    const result = await run(['.', '--debug', '-f', 'json'], { cwd: path.join(FIXTURES, 'frameworks/mastra') });
    expect(result.stderr).toMatch(/ {2}Mastra: \d+ tool definitions \(\d+ named by the key that lists them\)/);
    expect(result.stderr).not.toMatch(/Mastra: [^\n]*with a dynamic name/);
  });

  it('says so when nothing of a known framework was found', () => {
    const empty = { exposureSets: [], tools: [], namespaces: [], agents: [], mcpServers: [] };
    expect(renderCoverage('tool-identity-audit', empty, (id) => id)).toBe(
      'tool-identity-audit: no tool definitions, sets or MCP servers of a known framework were found (declare the project\'s own wrappers under "adapters")\n',
    );
  });
});
