// `tool-identity-audit tools` on every input shape of fixtures/tool-lists/, through the built
// binary: which findings, where (the `name` string in the dump), with which messages and exit codes.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { messagesOf, positionOf, removeTemps, tempDir, tools } from './helpers.js';

afterAll(removeTemps);

const dumps = 'fixtures/tool-lists/dumps';
const requests = 'fixtures/tool-lists/requests';

const crossServer = (name: string, servers: string, agents: string, mastra: string, langchain: string): string =>
  `no-tool-name-collision Tool name "${name}" is listed by MCP servers ${servers}: an agent that connects them without server prefixes exposes the name more than once, and the OpenAI Agents SDK refuses it ("Duplicate tool names found across MCP servers"). ` +
  `With server prefixes the model would see ${agents} (OpenAI Agents SDK, includeServerInToolNames), ${mastra} (Mastra MCPClient) or ${langchain} (LangChain MultiServerMCPClient, prefixToolNameWithServerName). Turn prefixing on, or rename the tool on one server.`;

describe('MCP tools/list dumps', () => {
  it('a directory of one file per server: cross-server duplicate, provider-invalid name', async () => {
    const result = await tools([`${dumps}/helpdesk-agent`, '-f', 'json']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(1);
    expect(messagesOf(result.stdout)).toEqual([
      `${dumps}/helpdesk-agent/kb.json:4:15 valid-tool-name MCP tool name "kb.search" is rejected by OpenAI: it contains "."; only letters, digits, "_" and "-" are allowed.`,
      `${dumps}/helpdesk-agent/linear.json:4:15 ${crossServer(
        'create_issue',
        '"github" and "linear"',
        '"mcp_github__create_issue" and "mcp_linear__create_issue"',
        '"github_create_issue" and "linear_create_issue"',
        '"github__create_issue" and "linear__create_issue"',
      )}`,
    ]);
  });

  it('points the cross-server finding at the other servers', async () => {
    const stylish = await tools([`${dumps}/helpdesk-agent`, '--rule', 'valid-tool-name=off']);
    expect(stylish.stdout).toContain(`↳ ${dumps}/helpdesk-agent/github.json:4:15  "create_issue" is also listed by MCP server "github"`);
  });

  it('a map of server name to result (one file per client configuration)', async () => {
    const result = await tools([`${dumps}/ops-agent.json`, '-f', 'json']);
    expect(result.status).toBe(1);
    expect(messagesOf(result.stdout)).toEqual([
      `${dumps}/ops-agent.json:45:17 ${crossServer(
        'list_incidents',
        '"pagerduty" and "statuspage"',
        '"mcp_pagerduty__list_incidents" and "mcp_statuspage__list_incidents"',
        '"pagerduty_list_incidents" and "statuspage_list_incidents"',
        '"pagerduty__list_incidents" and "statuspage__list_incidents"',
      )}`,
    ]);
  });

  it('a server that lists one name twice', async () => {
    const result = await tools([`${dumps}/legacy-crm.json`, '-f', 'json']);
    expect(result.status).toBe(1);
    expect(messagesOf(result.stdout)).toEqual([
      `${dumps}/legacy-crm.json:45:15 no-tool-name-collision MCP server "legacy-crm" lists the tool "lookup_customer" more than once; a client that passes both to the model sends duplicate tool names, which providers reject, and calls reach only one of them. Rename one of the tools.`,
    ]);
  });

  it('every MCP server of one run is connected to one agent: files on the command line too', async () => {
    const result = await tools([`${dumps}/legacy-crm.json`, `${dumps}/billing.json`, `${dumps}/search.jsonc`, `${dumps}/helpdesk-agent/github.json`, '-f', 'json']);
    // billing (a JSON-RPC response) and search (JSONC) are clean and share no name with the others.
    expect(messagesOf(result.stdout).map((line) => line.split(' ').slice(0, 2).join(' '))).toEqual([`${dumps}/legacy-crm.json:45:15 no-tool-name-collision`]);
    const clean = await tools([`${dumps}/billing.json`, `${dumps}/search.jsonc`]);
    expect(clean).toEqual({ status: 0, stdout: '2 files\n', stderr: '' });
  });

  it('reads the JSON-RPC response and JSONC with comments, at the right positions', async () => {
    const dir = tempDir();
    const jsonc = [
      '// tools/list of the notes server',
      '{',
      '  /* two handlers were merged by hand */',
      '  "tools": [',
      '    { "name": "add_note", "inputSchema": { "type": "object" } },',
      '    { "name": "add_note", "inputSchema": { "type": "object" }, },',
      '  ],',
      '}',
      '',
    ].join('\r\n');
    writeFileSync(path.join(dir, 'notes.jsonc'), `\uFEFF${jsonc}`);
    const rpc = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { tools: [{ name: 'add_note', inputSchema: { type: 'object' } }] } }, null, 2);
    writeFileSync(path.join(dir, 'notes-mirror.json'), rpc);
    const result = await tools(['.', '-f', 'json'], dir);
    expect(messagesOf(result.stdout, dir).map((line) => line.split(' ').slice(0, 2).join(' '))).toEqual([
      // notes-mirror.json sorts first, so the duplicate across servers is reported on notes.jsonc's first listing.
      `notes.jsonc:5:15 no-tool-name-collision`,
      `notes.jsonc:6:15 no-tool-name-collision`,
    ]);
    expect(messagesOf(result.stdout, dir)[0]).toContain('listed by MCP servers "notes-mirror" and "notes"');
    expect(messagesOf(result.stdout, dir)[1]).toContain('MCP server "notes" lists the tool "add_note" more than once');
  });

  it('confusable names across the connected servers when the rule is on', async () => {
    const off = await tools([`${dumps}/helpdesk-agent`, '-f', 'json']);
    expect(off.stdout).not.toContain('no-confusable-tool-names');
    const on = await tools([`${dumps}/helpdesk-agent`, '-f', 'json', '--rule', 'no-confusable-tool-names=warn', '--rule', 'no-tool-name-collision=off', '--rule', 'valid-tool-name=off']);
    expect(on.status).toBe(0);
    expect(messagesOf(on.stdout)).toEqual([
      `${dumps}/helpdesk-agent/kb.json:40:15 no-confusable-tool-names Tool names "getArticle" and "get_article" in the tools of MCP servers "github", "kb" and "linear" differ only by case or "_"/"-"; models confuse them. Use one naming style and distinct words.`,
    ]);
  });
});

describe('provider requests', () => {
  it('an OpenAI Responses body: namespace = member name, qualified and deferred duplicates, bare duplicates, invalid names', async () => {
    const result = await tools([`${requests}/responses-support.json`, '-f', 'json']);
    expect(result.status).toBe(1);
    const file = `${requests}/responses-support.json`;
    expect(messagesOf(result.stdout)).toEqual([
      `${file}:59:15 no-namespace-equals-name Namespace "search" has a member tool named "search": "search.search" is the reserved wire shape of a deferred top-level tool, so dispatch is ambiguous. Rename the namespace or the tool.`,
      `${file}:85:15 no-tool-name-collision Qualified name "orders.lookup" is used by more than one tool in the OpenAI Responses request ("lookup" in namespace "orders" and top-level tool "orders.lookup"); dispatch by qualified name is ambiguous. Rename the namespaced or dotted tool.`,
      `${file}:85:15 valid-tool-name Tool name "orders.lookup" is rejected by OpenAI: it contains "."; only letters, digits, "_" and "-" are allowed.`,
      `${file}:104:15 no-tool-name-collision Tool name "escalate" is exposed more than once in the OpenAI Responses request; dispatch picks the last tool listed. Give each tool a unique name or a namespace.`,
      `${file}:162:15 no-tool-name-collision Deferred top-level tool name "gift_wrap" is used by more than one tool in the OpenAI Responses request. Rename one of the deferred-loading tools.`,
    ]);
  });

  it('a Responses tools array: a namespaced and a top-level "lookup" do not collide, hosted tools are skipped', async () => {
    expect(await tools([`${requests}/responses-tools.json`])).toEqual({ status: 0, stdout: '1 file\n', stderr: '' });
  });

  it('a Chat Completions body and tools array', async () => {
    const body = await tools([`${requests}/chat-completions.json`, '-f', 'json']);
    expect(body.status).toBe(1);
    expect(messagesOf(body.stdout)).toEqual([
      `${requests}/chat-completions.json:43:17 no-tool-name-collision Tool name "book_table" is exposed more than once in the OpenAI Chat Completions request; dispatch picks the last tool listed. Give each tool a unique name.`,
    ]);
    const array = await tools([`${requests}/chat-tools.json`, '-f', 'json', '--rule', 'no-confusable-tool-names=error']);
    expect(array.status).toBe(1);
    expect(messagesOf(array.stdout)).toEqual([
      `${requests}/chat-tools.json:25:15 no-confusable-tool-names Tool names "Get-Weather" and "get_weather" in the OpenAI Chat Completions request differ only by case or "_"/"-"; models confuse them. Use one naming style and distinct words.`,
    ]);
  });

  it('an Anthropic Messages body (server tool vs client tool, names checked against Anthropic) and tools array', async () => {
    const body = await tools([`${requests}/anthropic-messages.json`, '-f', 'json']);
    expect(body.status).toBe(1);
    expect(messagesOf(body.stdout)).toEqual([
      `${requests}/anthropic-messages.json:14:15 no-tool-name-collision Tool name "web_search" is exposed more than once in the Anthropic Messages request; dispatch picks the last tool listed. Give each tool a unique name.`,
      `${requests}/anthropic-messages.json:33:15 valid-tool-name Tool name "rerun build" is rejected by Anthropic: it contains " "; only letters, digits, "_" and "-" are allowed.`,
    ]);
    expect(await tools([`${requests}/anthropic-tools.json`])).toEqual({ status: 0, stdout: '1 file\n', stderr: '' });
  });
});

describe('valid-tool-name provider', () => {
  const longName = `summarise_${'quarterly_'.repeat(6)}report`; // 76 characters

  it('--provider decides for every list; otherwise a request its own provider, an MCP dump the configured one', async () => {
    const dir = tempDir();
    const reports = JSON.stringify({ tools: [{ name: longName, inputSchema: { type: 'object' } }, { name: 'docs.search', inputSchema: { type: 'object' } }] }, null, 2);
    const anthropic = JSON.stringify([{ name: longName, input_schema: { type: 'object' } }], null, 2);
    writeFileSync(path.join(dir, 'reports.json'), reports);
    writeFileSync(path.join(dir, 'anthropic.json'), anthropic);
    const long = `reports.json:${positionOf(reports, `"${longName}"`)}`;
    const dotted = `reports.json:${positionOf(reports, '"docs.search"')}`;
    const rules = (stdout: string): string[] => messagesOf(stdout, dir).map((line) => line.split(' ')[0] ?? '');

    // Defaults: the MCP dump against OpenAI (64 characters, no "."), the Anthropic array against Anthropic (128).
    const defaults = await tools(['reports.json', 'anthropic.json', '-f', 'json'], dir);
    expect(rules(defaults.stdout)).toEqual([long, dotted]);
    expect(defaults.stdout).toContain(`it is 76 characters long; the limit is 64`);

    const gemini = await tools(['reports.json', 'anthropic.json', '-f', 'json', '--provider', 'gemini'], dir);
    expect(messagesOf(gemini.stdout, dir).map((line) => line.replace(/ .*is rejected by (\w+).*/, ' $1'))).toEqual([
      `anthropic.json:${positionOf(anthropic, `"${longName}"`)} Gemini`,
      `${long} Gemini`,
    ]);

    writeFileSync(path.join(dir, 'tool-identity-audit.config.json'), JSON.stringify({ rules: { 'valid-tool-name': ['error', { provider: 'anthropic' }] } }));
    const configured = await tools(['reports.json', 'anthropic.json', '-f', 'json'], dir);
    expect(rules(configured.stdout)).toEqual([dotted]);

    const bad = await tools(['reports.json', '--provider', 'mistral'], dir);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("option '--provider <name>' argument 'mistral' is invalid. Allowed choices are openai, anthropic, gemini.");
  });
});

describe('bad input', () => {
  it('malformed JSON: a diagnostic with its position, exit 1, the other files still checked', async () => {
    const result = await tools(['fixtures/tool-lists/bad/truncated.json', `${dumps}/legacy-crm.json`, '-f', 'json']);
    expect(result.status).toBe(1);
    expect(messagesOf(result.stdout)).toEqual([
      'fixtures/tool-lists/bad/truncated.json:10:7 parse-error Malformed JSON: comma expected.',
      `${dumps}/legacy-crm.json:45:15 no-tool-name-collision MCP server "legacy-crm" lists the tool "lookup_customer" more than once; a client that passes both to the model sends duplicate tool names, which providers reject, and calls reach only one of them. Rename one of the tools.`,
    ]);
    const stylish = await tools(['fixtures/tool-lists/bad/truncated.json']);
    expect(stylish.status).toBe(1);
    expect(stylish.stdout).toContain('10:7  error  Malformed JSON: comma expected  parse-error');
  });

  it('the summary counts every file given: the recognised ones as files, a malformed one as skipped', async () => {
    const both = await tools(['fixtures/tool-lists/bad/truncated.json', `${dumps}/billing.json`, `${dumps}/search.jsonc`]);
    expect(both.status).toBe(1);
    expect(both.stdout).toContain('✖ 2 files (1 skipped: 1 syntax error)');
    const alone = await tools(['fixtures/tool-lists/bad/truncated.json']);
    expect(alone.stdout).toContain('✖ 0 files (1 skipped: 1 syntax error)');
    const clean = await tools([`${dumps}/billing.json`]);
    expect(clean.stdout).toBe('1 file\n');
  });

  it('an unknown shape: exit 2 naming the file and the JSON path, no report', async () => {
    const result = await tools(['fixtures/tool-lists/bad/claude_desktop_config.json', `${dumps}/legacy-crm.json`]);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'tool-identity-audit: fixtures/tool-lists/bad/claude_desktop_config.json: unknown tool-list shape at $.mcpServers: expected an MCP tools/list result ({ "tools": [...] }); this is a server launch configuration (command, args, url), not what the server lists: dump its tools/list result\n',
    );
  });

  it('names the element that does not fit: mixed APIs, unknown types, missing names, non-objects', async () => {
    const dir = tempDir();
    const cases: Record<string, [unknown, string]> = {
      'mixed.json': [
        { model: 'gpt-5.4', input: 'hi', tools: [{ type: 'function', name: 'a' }, { name: 'b', input_schema: { type: 'object' } }] },
        'at $.tools[1]: an Anthropic Messages tool where an OpenAI Responses tool was expected',
      ],
      'array.json': [
        [{ type: 'function', function: { name: 'a' } }, { type: 'function', name: 'b' }],
        'at $[1]: an OpenAI Responses tool in a list whose $[0] is an OpenAI Chat Completions tool',
      ],
      'type.json': [{ tools: [{ type: 'gizmo', name: 'x' }] }, 'at $.tools[0].type: unknown tool type "gizmo"'],
      'unnamed.json': [{ servers: { tools: [{ description: 'no name', inputSchema: {} }] } }, 'at $.servers.tools[0]: a tool object with neither "name" nor "type"'],
      'number.json': [{ tools: [{ name: 42, inputSchema: {} }] }, 'at $.tools[0].name: expected a string name, found a number'],
      'scalar.json': [[1], 'at $[0]: expected a tool object, found a number'],
      'empty.json': [{}, 'at $: found an empty object; expected an MCP tools/list result'],
      'mcp-in-request.json': [{ model: 'gpt-4.1', tools: [{ name: 'a', inputSchema: {} }] }, 'at $.tools: MCP tools (with "inputSchema") in a provider request body'],
    };
    for (const [name, [value]] of Object.entries(cases)) writeFileSync(path.join(dir, name), JSON.stringify(value));
    // One run: every file of no known shape is named, each on its own line.
    const result = await tools(Object.keys(cases), dir);
    expect({ status: result.status, stdout: result.stdout }).toEqual({ status: 2, stdout: '' });
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(Object.keys(cases).length);
    Object.entries(cases).forEach(([name, [, expected]], index) => {
      expect(lines[index]).toContain(`tool-identity-audit: ${name}: unknown tool-list shape ${expected}`);
    });
  });

  it('a missing path or a directory without tool lists is fatal', async () => {
    const missing = await tools(['fixtures/tool-lists/nope.json']);
    expect(missing).toEqual({ status: 2, stdout: '', stderr: 'tool-identity-audit: fixtures/tool-lists/nope.json: no such file or directory\n' });
    const dir = tempDir();
    const empty = await tools(['.'], dir);
    expect(empty).toEqual({ status: 2, stdout: '', stderr: 'tool-identity-audit: .: the directory has no .json or .jsonc files\n' });
    expect((await tools([])).status).toBe(2);
  });
});
