// What a tool-list file holds, decided by its content: an MCP tools/list result (or a map of
// server name to such results), or a provider request body / tools array (OpenAI Responses, OpenAI
// Chat Completions, Anthropic Messages). Tool entries are recognised by their provider's own
// markers; a file whose entries fit no shape, or mix shapes, is rejected with the JSON path.
import type { Node } from 'jsonc-parser';
import type { SourceRef } from '../facts/resolved.js';
import { childPath, describeNode, elements, has, isObject, keyNode, properties, property, stringValue } from './json-nodes.js';
import type { ToolListFile } from './read.js';

export type RequestApi = 'openai-responses' | 'openai-chat' | 'anthropic-messages';
export type ToolListApi = 'mcp' | RequestApi;

export const apiTitles: Record<ToolListApi, string> = {
  mcp: 'MCP',
  'openai-responses': 'OpenAI Responses',
  'openai-chat': 'OpenAI Chat Completions',
  'anthropic-messages': 'Anthropic Messages',
};

/** One named tool as the model sees it; `at` is the `name` string in the file. */
export interface ListedTool {
  name: string;
  at: SourceRef;
  namespace?: string;
  namespaceAt?: SourceRef;
  deferLoading: boolean;
}

/** A Responses `{ "type": "namespace", "name", "tools": [...] }` entry. */
export interface ListedNamespace {
  name: string;
  at: SourceRef;
  members: ListedTool[];
}

export interface McpServerListing {
  server: string;
  /** The server's key in a map file, else the file's `tools` key. */
  at: SourceRef;
  tools: ListedTool[];
}

export interface RequestListing {
  api: RequestApi;
  at: SourceRef;
  /** Every named tool, namespace members included (with their namespace). */
  tools: ListedTool[];
  namespaces: ListedNamespace[];
}

export type ToolListContent = { kind: 'mcp'; servers: McpServerListing[] } | { kind: 'request'; request: RequestListing };

/** A file of no known shape: where (a JSON path) and why. */
export class ShapeError extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`${path}: ${reason}`);
  }
}

export const EXPECTED_SHAPES =
  'expected an MCP tools/list result ({ "tools": [...] }), a map of server names to such results, ' +
  'an OpenAI Responses or Chat Completions request body or its tools array, or an Anthropic Messages request body or its tools array';

/** How one element of a tools array reads. `tool` is undefined for hosted tools, which have no name of their own. */
interface Classified {
  api: ToolListApi;
  /** Name-only entries (`{ "name": ... }` without a schema) fit an MCP list and nothing else. */
  plain?: boolean;
  tool?: ListedTool;
  namespace?: ListedNamespace;
}

// Anthropic's server and client tools are versioned by date: bash_20250124, web_search_20250305.
const ANTHROPIC_VERSIONED_TYPE = /^[a-z][a-z0-9_]*_\d{8}$/;
const RESPONSES_MARKERS = ['input', 'instructions', 'previous_response_id', 'max_output_tokens', 'conversation'];
const ANTHROPIC_MARKERS = ['anthropic_version', 'system', 'stop_sequences', 'top_k', 'thinking'];
const CHAT_MARKERS = ['max_completion_tokens', 'response_format', 'logprobs', 'functions', 'stream_options'];
const MCP_RESULT_KEYS = new Set(['tools', 'nextCursor', '_meta']);

class Reader {
  constructor(private readonly file: ToolListFile) {}

  ref(node: Node): SourceRef {
    return { file: this.file.file, span: this.file.lines.span(node.offset, node.offset + node.length) };
  }

  /** The tool named by the string at `nameNode`, or a ShapeError when it is not a string. */
  named(owner: Node, nameKey: string, path: string, extra: Partial<ListedTool> = {}): ListedTool {
    const node = property(owner, nameKey);
    const name = stringValue(node);
    if (node === undefined || name === undefined) {
      throw new ShapeError(childPath(path, nameKey), node === undefined ? 'the tool has no "name"' : `expected a string name, found ${describeNode(node)}`);
    }
    return { name, at: this.ref(node), deferLoading: property(owner, 'defer_loading')?.value === true, ...extra };
  }

  classify(node: Node, path: string): Classified {
    if (!isObject(node)) throw new ShapeError(path, `expected a tool object, found ${describeNode(node)}`);
    const type = stringValue(property(node, 'type'));
    const hasName = has(node, 'name');
    if (type === 'namespace') return { api: 'openai-responses', namespace: this.namespace(node, path) };
    if (type === 'function') {
      const fn = property(node, 'function');
      if (isObject(fn)) return { api: 'openai-chat', tool: this.named(fn, 'name', childPath(path, 'function')) };
      return { api: 'openai-responses', tool: this.named(node, 'name', path) };
    }
    if (type === 'custom') {
      const custom = property(node, 'custom');
      if (isObject(custom)) return { api: 'openai-chat', tool: this.named(custom, 'name', childPath(path, 'custom')) };
      if (has(node, 'input_schema')) return { api: 'anthropic-messages', tool: this.named(node, 'name', path, { deferLoading: false }) };
      return { api: 'openai-responses', tool: this.named(node, 'name', path) };
    }
    if (type !== undefined && ANTHROPIC_VERSIONED_TYPE.test(type) && hasName) {
      // defer_loading means Anthropic's tool search here, not the Responses wire shape the runtime models.
      return { api: 'anthropic-messages', tool: this.named(node, 'name', path, { deferLoading: false }) };
    }
    if (type === 'mcp_toolset') return { api: 'anthropic-messages' };
    if (type === undefined && hasName) {
      if (isObject(property(node, 'inputSchema'))) return { api: 'mcp', tool: this.named(node, 'name', path, { deferLoading: false }) };
      if (isObject(property(node, 'input_schema'))) {
        return { api: 'anthropic-messages', tool: this.named(node, 'name', path, { deferLoading: false }) };
      }
      return { api: 'mcp', plain: true, tool: this.named(node, 'name', path, { deferLoading: false }) };
    }
    // OpenAI's hosted tools (web_search, file_search, tool_search, mcp, ...) carry a type and no name.
    if (type !== undefined && !hasName) return { api: 'openai-responses' };
    if (type !== undefined) throw new ShapeError(childPath(path, 'type'), `unknown tool type ${JSON.stringify(type)}`);
    throw new ShapeError(path, 'a tool object with neither "name" nor "type"');
  }

  namespace(node: Node, path: string): ListedNamespace {
    const nameNode = property(node, 'name');
    const name = stringValue(nameNode);
    if (nameNode === undefined || name === undefined) throw new ShapeError(childPath(path, 'name'), 'the namespace has no string "name"');
    const at = this.ref(nameNode);
    const toolsNode = property(node, 'tools');
    if (toolsNode?.type !== 'array') throw new ShapeError(childPath(path, 'tools'), 'a namespace needs a "tools" array');
    const members = elements(toolsNode).map((member, index) => {
      const memberPath = childPath(childPath(path, 'tools'), index);
      const classified = this.classify(member, memberPath);
      if (classified.api !== 'openai-responses' || !classified.tool || classified.namespace) {
        throw new ShapeError(memberPath, 'a namespace holds OpenAI Responses function tools only');
      }
      return { ...classified.tool, namespace: name, namespaceAt: at };
    });
    return { name, at, members };
  }

  /** The elements of a tools array, all of one API. */
  toolsArray(node: Node, path: string, expected?: ToolListApi, allowPlain = expected === 'mcp'): { api: ToolListApi | undefined; items: Classified[] } {
    let api = expected;
    let apiPath = '';
    const items: Classified[] = [];
    let plainAt: string | undefined;
    elements(node).forEach((element, index) => {
      const elementPath = childPath(path, index);
      const classified = this.classify(element, elementPath);
      if (classified.plain && plainAt === undefined) plainAt = elementPath;
      if (api === undefined) {
        api = classified.api;
        apiPath = elementPath;
      } else if (classified.api !== api) {
        const context = apiPath === '' ? `where ${article(apiTitles[api])} tool was expected` : `in a list whose ${apiPath} is ${article(apiTitles[api])} tool`;
        throw new ShapeError(elementPath, `${article(apiTitles[classified.api])} tool ${context}`);
      }
      items.push(classified);
    });
    if (plainAt !== undefined && !allowPlain) {
      // `{ "name": ... }` alone is a tool only inside an MCP result, whose keys say what it is.
      throw new ShapeError(plainAt, 'a tool with a name but no schema (MCP "inputSchema", Anthropic "input_schema") or OpenAI "type"');
    }
    return { api, items };
  }

  mcpResult(node: Node, path: string, server: string, at: SourceRef): McpServerListing {
    if (!isObject(node)) throw new ShapeError(path, `expected an MCP tools/list result ({ "tools": [...] }), found ${describeNode(node)}`);
    const result = jsonRpcResult(node);
    if (result) return this.mcpResult(result, childPath(path, 'result'), server, at);
    const toolsNode = property(node, 'tools');
    if (toolsNode?.type !== 'array') {
      throw new ShapeError(toolsNode ? childPath(path, 'tools') : path, `expected an MCP tools/list result ({ "tools": [...] })${launchConfigHint(node)}`);
    }
    const { items } = this.toolsArray(toolsNode, childPath(path, 'tools'), 'mcp');
    return { server, at, tools: items.flatMap((item) => (item.tool ? [item.tool] : [])) };
  }

  request(api: RequestApi, at: SourceRef, items: readonly Classified[]): RequestListing {
    const namespaces = items.flatMap((item) => (item.namespace ? [item.namespace] : []));
    const tools = items.flatMap((item) => (item.tool ? [item.tool] : item.namespace ? item.namespace.members : []));
    return { api, at, tools, namespaces };
  }
}

/** Client configurations (Claude Desktop, Cursor, VS Code) say how to start servers, not what they list. */
function launchConfigHint(node: Node): string {
  const launch = (entry: Node | undefined): boolean => ['command', 'url', 'args'].some((key) => has(entry, key));
  if (launch(node) || properties(node).some(([, , value]) => launch(value))) {
    return '; this is a server launch configuration (command, args, url), not what the server lists: dump its tools/list result';
  }
  return '';
}

function article(title: string): string {
  return /^[AEIOU]/.test(title) ? `an ${title}` : `a ${title}`;
}

/** `{ "jsonrpc": "2.0", "id": 1, "result": { "tools": [...] } }`: a logged response, unwrapped. */
function jsonRpcResult(node: Node): Node | undefined {
  const result = property(node, 'result');
  return has(node, 'jsonrpc') && isObject(result) ? result : undefined;
}

function bodyApi(node: Node): RequestApi | undefined {
  const keys = new Set(properties(node).map(([key]) => key));
  if (RESPONSES_MARKERS.some((key) => keys.has(key))) return 'openai-responses';
  if (!keys.has('messages')) return undefined;
  if (ANTHROPIC_MARKERS.some((key) => keys.has(key))) return 'anthropic-messages';
  if (CHAT_MARKERS.some((key) => keys.has(key))) return 'openai-chat';
  return undefined;
}

function isRequestBody(node: Node): boolean {
  return ['model', 'input', 'messages', 'instructions'].some((key) => has(node, key));
}

/** Reads one parsed file; throws {@link ShapeError} when it has no known shape. */
export function readToolList(file: ToolListFile): ToolListContent {
  const reader = new Reader(file);
  const root = file.root;
  if (root.type === 'array') {
    const { api, items } = reader.toolsArray(root, '$');
    if (api === undefined) throw new ShapeError('$', 'found an empty array, which says neither whose tools nor which API');
    const at = reader.ref({ ...root, length: 1 });
    if (api === 'mcp') return { kind: 'mcp', servers: [{ server: file.stem, at, tools: items.flatMap((i) => (i.tool ? [i.tool] : [])) }] };
    return { kind: 'request', request: reader.request(api, at, items) };
  }
  if (!isObject(root)) throw new ShapeError('$', `found ${describeNode(root)}`);

  const rpc = jsonRpcResult(root);
  if (rpc) return { kind: 'mcp', servers: [reader.mcpResult(rpc, '$.result', file.stem, reader.ref(keyNode(root, 'result') ?? root))] };

  const toolsNode = property(root, 'tools');
  if (toolsNode !== undefined) {
    if (toolsNode.type !== 'array') throw new ShapeError('$.tools', `expected an array of tools, found ${describeNode(toolsNode)}`);
    const at = reader.ref(keyNode(root, 'tools') ?? root);
    const request = isRequestBody(root);
    const declared = bodyApi(root);
    const onlyMcpKeys = properties(root).every(([key]) => MCP_RESULT_KEYS.has(key));
    const { api, items } = reader.toolsArray(toolsNode, '$.tools', declared, onlyMcpKeys && !request);
    if (api === 'mcp' || (api === undefined && onlyMcpKeys)) {
      if (request) throw new ShapeError('$.tools', 'MCP tools (with "inputSchema") in a provider request body');
      return { kind: 'mcp', servers: [reader.mcpResult(root, '$', file.stem, at)] };
    }
    return { kind: 'request', request: reader.request(api ?? declared ?? 'openai-chat', at, items) };
  }

  if (isRequestBody(root)) {
    // A request without tools: nothing to check, but a known shape.
    return { kind: 'request', request: { api: bodyApi(root) ?? 'openai-chat', at: reader.ref({ ...root, length: 1 }), tools: [], namespaces: [] } };
  }

  const entries = properties(root);
  if (entries.length === 0 || !entries.every(([, , value]) => isObject(value))) {
    throw new ShapeError('$', entries.length === 0 ? 'found an empty object' : 'found an object without "tools" that is not a map of server names to tools/list results');
  }
  // A map of server name to tools/list result: one file for a whole client configuration.
  return {
    kind: 'mcp',
    servers: entries.map(([server, key, value]) => reader.mcpResult(value, childPath('$', server), server, reader.ref(key))),
  };
}
