// Tool-list entries as the linked facts the code checks read, so valid-tool-name,
// no-confusable-tool-names, no-namespace-equals-name and no-tool-name-collision decide them exactly
// as they decide code. The `name` string in the file stands where a definition would.
import type { LinkedProject, ResolvedExposureSet, ResolvedNamespace, ResolvedTool, SourceRef } from '../facts/resolved.js';
import type { ListedNamespace, ListedTool, McpServerListing, RequestListing } from './shapes.js';
import { apiTitles } from './shapes.js';

export const TOOL_LIST_ADAPTER = 'tool-list';

function refKey(at: SourceRef, tag = ''): string {
  return `${at.file}#${tag}${at.span.start}`;
}

export function resolvedTool(tool: ListedTool): ResolvedTool {
  const resolved: ResolvedTool = {
    key: refKey(tool.at),
    adapter: TOOL_LIST_ADAPTER,
    kind: 'function',
    name: tool.name,
    namespace: tool.namespace,
    namespaceDynamic: false,
    deferLoading: tool.deferLoading,
    approvalRequired: false,
    definedAt: tool.at,
  };
  if (tool.namespaceAt) resolved.namespaceAt = tool.namespaceAt;
  return resolved;
}

function exposureSet(kind: ResolvedExposureSet['kind'], title: string, at: SourceRef, tools: ResolvedTool[]): ResolvedExposureSet {
  return { key: refKey(at, 'set'), kind, adapter: TOOL_LIST_ADAPTER, name: undefined, title, at, tools, handoffs: [], unresolved: [], toolNameCollisionPolicy: undefined };
}

function resolvedNamespace(ns: ListedNamespace): ResolvedNamespace {
  return { key: refKey(ns.at, 'ns'), adapter: TOOL_LIST_ADAPTER, name: ns.name, at: ns.at, members: ns.members.map(resolvedTool) };
}

function empty(): LinkedProject {
  return { exposureSets: [], tools: [], namespaces: [], agents: [], mcpServers: [] };
}

export function requestLabel(request: RequestListing): string {
  return `the ${apiTitles[request.api]} request`;
}

/** One provider request: one exposure set, its namespaces, and its tools as definitions. */
export function requestProject(request: RequestListing): LinkedProject {
  const tools = request.tools.map(resolvedTool);
  const set = exposureSet('call', requestLabel(request), request.at, tools);
  // Only the Responses API has tool namespaces (`{ "type": "namespace" }`).
  if (request.api === 'openai-responses') set.hasNamespaces = true;
  return {
    ...empty(),
    exposureSets: [set],
    tools,
    namespaces: request.namespaces.map(resolvedNamespace),
  };
}

export function serverLabel(server: McpServerListing): string {
  return `MCP server ${JSON.stringify(server.server)}`;
}

/** Each MCP server as its own set: what valid-tool-name reports as "MCP tool" names. */
export function serversProject(servers: readonly McpServerListing[]): LinkedProject {
  return { ...empty(), exposureSets: servers.map((server) => exposureSet('mcp-server', serverLabel(server), server.at, server.tools.map(resolvedTool))) };
}

export function quotedList(items: readonly string[]): string {
  const quoted = items.map((item) => JSON.stringify(item));
  return quoted.length <= 1 ? (quoted[0] ?? '') : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
}

/**
 * All servers' tools as one set: what an agent connecting them shows the model without server
 * prefixes, where names that differ only by case or "_"/"-" confuse it.
 */
export function connectedProject(servers: readonly McpServerListing[]): LinkedProject {
  const [first] = servers;
  if (!first) return empty();
  const label = servers.length === 1 ? serverLabel(first) : `the tools of MCP servers ${quotedList(servers.map((s) => s.server))}`;
  return { ...empty(), exposureSets: [exposureSet('agent', label, first.at, servers.flatMap((server) => server.tools.map(resolvedTool)))] };
}
