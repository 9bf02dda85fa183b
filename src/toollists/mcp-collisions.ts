// no-tool-name-collision for MCP dumps. The reference runtime decides (findToolNameCollisions on
// each server's list, then on every connected server's tools together, as an agent gets them), and
// mcpPrefixedToolNames says what the OpenAI Agents SDK would rename them to.
import { findToolNameCollisions, mcpPrefixedToolNames, type ToolLike } from '../runtime/identity/index.js';
import type { Finding } from '../checks/finding.js';
import { makeFinding } from '../checks/make-finding.js';
import { quotedList } from './linked.js';
import type { ListedTool, McpServerListing } from './shapes.js';

const RULE = 'no-tool-name-collision';

// How two other clients prefix MCP tool names, for the message: each scheme written once, as its
// helper (no-identity-helper-bypass reports copies of a scheme anywhere else).
/** Mastra's `MCPClient`: `<server>_<tool>`. */
function mastraPrefixedToolName(server: string, toolName: string): string {
  return `${server}_${toolName}`;
}

/** LangChain's MCP adapters (server prefix on): `<server>__<tool>`. */
function langchainPrefixedToolName(server: string, toolName: string): string {
  return `${server}__${toolName}`;
}

function toolLike(tool: ListedTool): ToolLike {
  return { type: 'function', name: tool.name };
}

export function checkMcpCollisions(servers: readonly McpServerListing[]): Finding[] {
  return [...servers.flatMap(withinServer), ...acrossServers(servers)];
}

function withinServer(server: McpServerListing): Finding[] {
  const findings: Finding[] = [];
  for (const group of findToolNameCollisions(server.tools.map(toolLike), [])) {
    const [first, ...rest] = group.members.map((member) => server.tools[member.index]);
    if (!first) continue;
    for (const tool of rest) {
      if (!tool) continue;
      findings.push(
        makeFinding(RULE, 'mcpDuplicateListing', {
          at: tool.at,
          data: { name: group.name, server: JSON.stringify(server.server) },
          related: [{ file: first.at.file, span: first.at.span, message: `"${group.name}" is first listed here` }],
          key: `mcp-server:${server.server}|listed|${group.name}`,
        }),
      );
    }
  }
  return findings;
}

interface Entry {
  serverIndex: number;
  toolIndex: number;
  tool: ListedTool;
}

function acrossServers(servers: readonly McpServerListing[]): Finding[] {
  const entries: Entry[] = servers.flatMap((server, serverIndex) => server.tools.map((tool, toolIndex) => ({ serverIndex, toolIndex, tool })));
  const groups = findToolNameCollisions(entries.map((entry) => toolLike(entry.tool)), []);
  if (groups.length === 0) return [];
  // Allocated over the whole batch, as the SDK does: a base name used twice gets a hash suffix.
  const prefixed = mcpPrefixedToolNames(servers.map((server) => ({ name: server.server, tools: server.tools.map((tool) => tool.name) })));
  const findings: Finding[] = [];
  for (const group of groups) {
    // The first listing of the name on each server; repeats within a server are withinServer's.
    const perServer = new Map<number, Entry>();
    for (const member of group.members) {
      const entry = entries[member.index];
      if (entry && !perServer.has(entry.serverIndex)) perServer.set(entry.serverIndex, entry);
    }
    if (perServer.size < 2) continue;
    const listed = [...perServer.values()];
    const serverName = (entry: Entry): string => servers[entry.serverIndex]?.server ?? '';
    const data = {
      name: group.name,
      servers: quotedList(listed.map(serverName)),
      openaiAgents: quotedList(listed.map((entry) => prefixed[entry.serverIndex]?.[entry.toolIndex] ?? '')),
      mastra: quotedList(listed.map((entry) => mastraPrefixedToolName(serverName(entry), entry.tool.name))),
      langchain: quotedList(listed.map((entry) => langchainPrefixedToolName(serverName(entry), entry.tool.name))),
    };
    for (const entry of listed.slice(1)) {
      findings.push(
        makeFinding(RULE, 'mcpCrossServerDuplicate', {
          at: entry.tool.at,
          data,
          related: listed
            .filter((other) => other !== entry)
            .map((other) => ({ file: other.tool.at.file, span: other.tool.at.span, message: `"${group.name}" is also listed by MCP server ${JSON.stringify(serverName(other))}` })),
          key: `MCP servers|across|${group.name}|${serverName(entry)}`,
        }),
      );
    }
  }
  return findings;
}
