// The README recipe end to end: start two MCP servers over stdio (our fixtures in
// fixtures/tool-lists/servers/), list their tools with the MCP SDK client, write the dump, and
// let `tool-identity-audit tools` find the name both servers expose.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { ListToolsResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, messagesOf, positionOf, removeTemps, root, tempDir, toolsBin } from './helpers.js';

beforeAll(ensureBuilt, 300_000);
afterAll(removeTemps);

const servers: Record<string, string> = {
  github: path.join(root, 'fixtures/tool-lists/servers/github-server.mjs'),
  linear: path.join(root, 'fixtures/tool-lists/servers/linear-server.mjs'),
};

/** Every page of one server's tools/list, as the README recipe dumps it. */
async function listAllTools(script: string): Promise<ListToolsResult> {
  const client = new Client({ name: 'tool-list-dump', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [script], cwd: root, stderr: 'pipe' }));
  try {
    const result: ListToolsResult = { tools: [] };
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor === undefined ? {} : { cursor });
      result.tools.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    return result;
  } finally {
    await client.close();
  }
}

describe('dumping live MCP servers', () => {
  it('finds the cross-server collision in what two stdio servers list', async () => {
    const dump: Record<string, ListToolsResult> = {};
    for (const [name, script] of Object.entries(servers)) dump[name] = await listAllTools(script);
    expect(Object.fromEntries(Object.entries(dump).map(([name, result]) => [name, result.tools.map((tool) => tool.name)]))).toEqual({
      github: ['create_issue', 'search_issues'],
      linear: ['create_issue', 'list_teams'],
    });

    const dir = tempDir();
    const text = `${JSON.stringify(dump, null, 2)}\n`;
    writeFileSync(path.join(dir, 'mcp-tools.json'), text);
    const result = toolsBin(['mcp-tools.json', '-f', 'json'], dir);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(1);
    expect(messagesOf(result.stdout, dir)).toEqual([
      `mcp-tools.json:${positionOf(text, '"create_issue"', '"linear"')} no-tool-name-collision Tool name "create_issue" is listed by MCP servers "github" and "linear": ` +
        'an agent that connects them without server prefixes exposes the name more than once, and the OpenAI Agents SDK refuses it ("Duplicate tool names found across MCP servers"). ' +
        'With server prefixes the model would see "mcp_github__create_issue" and "mcp_linear__create_issue" (OpenAI Agents SDK, includeServerInToolNames), ' +
        '"github_create_issue" and "linear_create_issue" (Mastra MCPClient) or "github__create_issue" and "linear__create_issue" (LangChain MultiServerMCPClient, prefixToolNameWithServerName). ' +
        'Turn prefixing on, or rename the tool on one server.',
    ]);
  }, 60_000);
});
