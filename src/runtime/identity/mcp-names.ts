import { createHash } from 'node:crypto';
import { compareCodePoints } from './code-points.js';
import { ToolIdentityError } from './errors.js';
import { mcpServerDisplayName } from './mcp-server-display-name.js';
import { readField } from './records.js';

/** Longest model-facing MCP tool name the prefixed allocation produces (runtime-identity.md (d)). */
export const MCP_TOOL_NAME_MAX_LENGTH = 64;
/** Hex digits of the SHA-1 suffix that disambiguates shortened or colliding names. */
export const MCP_TOOL_NAME_HASH_LENGTH = 8;

/** One MCP server and the raw names of the tools it lists. */
export interface McpServerTools {
  name: string;
  tools: readonly string[];
}

/** Options of {@link mcpPrefixedToolNames}. */
export interface McpPrefixedToolNameOptions {
  /** Names already taken by local tools and handoffs; a base name equal to one gets hashed. */
  reservedNames?: readonly string[] | ReadonlySet<string>;
}

const SAFE_CHAR = /^[A-Za-z0-9_-]$/;

function stripEdges(value: string): string {
  return value.replace(/^[_-]+/u, '').replace(/[_-]+$/u, '');
}

/**
 * `value` with every code point outside ASCII letters, digits, `_` and `-` replaced by `_`,
 * then leading/trailing `_`/`-` stripped; `fallback` when nothing is left or the value is not a
 * string, so a name made only of e.g. Japanese characters still yields a usable part
 * (runtime-identity.md (d), allocation step 1).
 */
export function mcpSafeToolNamePart(value: unknown, fallback: string): string {
  if (typeof value !== 'string') {
    return fallback;
  }
  let replaced = '';
  for (const ch of value) {
    replaced += SAFE_CHAR.test(ch) ? ch : '_';
  }
  const safe = stripEdges(replaced);
  return safe.length > 0 ? safe : fallback;
}

/**
 * `baseName` when it fits in 64 code points and no hash is forced; otherwise its first 55 code
 * points (trailing `_`/`-` stripped, `mcp` if empty) plus `_` and the first 8 hex digits of
 * SHA-1 of the UTF-8 `seed`. The hash keeps truncated or colliding names distinct and stable
 * (runtime-identity.md (d), allocation step 5). Undefined when `baseName` or `seed` is not a
 * string.
 */
export function mcpShortenToolName(baseName: string, seed: string, forceHash: boolean): string;
export function mcpShortenToolName(baseName: unknown, seed: unknown, forceHash: unknown): string | undefined;
export function mcpShortenToolName(baseName: unknown, seed: unknown, forceHash: unknown): string | undefined {
  if (typeof baseName !== 'string' || typeof seed !== 'string') {
    return undefined;
  }
  const codePoints = Array.from(baseName);
  if (forceHash !== true && codePoints.length <= MCP_TOOL_NAME_MAX_LENGTH) {
    return baseName;
  }
  const stemLength = MCP_TOOL_NAME_MAX_LENGTH - MCP_TOOL_NAME_HASH_LENGTH - 1;
  const stem = stripTrailing(codePoints.slice(0, stemLength).join('')) || 'mcp';
  const digest = createHash('sha1').update(seed, 'utf8').digest('hex');
  return `${stem}_${digest.slice(0, MCP_TOOL_NAME_HASH_LENGTH)}`;
}

function stripTrailing(value: string): string {
  return value.replace(/[_-]+$/u, '');
}

interface ServerListing {
  name: string;
  tools: string[];
}

/** Servers as plain strings; anything that is not a string counts as `""` (never coerced). */
function readServers(servers: unknown): ServerListing[] {
  if (!Array.isArray(servers)) {
    return [];
  }
  return (servers as readonly unknown[]).map((server) => {
    const name = readField(server, 'name');
    const tools = readField(server, 'tools');
    return {
      name: typeof name === 'string' ? name : '',
      // Array.from visits holes of a sparse array too (map keeps them as holes).
      tools: Array.isArray(tools) ? Array.from(tools as readonly unknown[], (tool) => (typeof tool === 'string' ? tool : '')) : [],
    };
  });
}

/** Names used on more than one server (duplicates within one server are not checked). */
function duplicatesAcrossServers(names: readonly (readonly string[])[]): string[] {
  const owners = new Map<string, Set<number>>();
  names.forEach((serverNames, serverIndex) => {
    for (const name of serverNames) {
      if (name.length > 0) {
        const set = owners.get(name) ?? new Set<number>();
        set.add(serverIndex);
        owners.set(name, set);
      }
    }
  });
  return [...owners].filter(([, set]) => set.size > 1).map(([name]) => name).sort(compareCodePoints);
}

function assertNoDuplicatesAcrossServers(names: readonly (readonly string[])[], hint: string): void {
  const duplicates = duplicatesAcrossServers(names);
  const [first] = duplicates;
  if (first !== undefined) {
    throw new ToolIdentityError(`Duplicate tool names found across MCP servers: ${duplicates.join(', ')}${hint}`, {
      toolName: first,
    });
  }
}

const UNPREFIXED_HINT =
  '. Pass `include_server_in_tool_names=True` to `MCPUtil.get_all_function_tools()` or set ' +
  "`mcp_config={'include_server_in_tool_names': True}` on the agent to prefix tool names with their " +
  'server name and avoid collisions.';

/**
 * Model-facing names of MCP tools with server prefixes, `[serverIndex][toolIndex]`
 * (runtime-identity.md (d), Python normative): base `mcp_<server>__<tool>` from the display
 * name; hashed when the base repeats in the batch or is reserved, or is too long; then
 * allocated in code-point order of (initial name, seed, server, tool), re-hashing with
 * `seed + "\0" + k` until unused. The order makes the result independent of listing order, and
 * code-point sorting (not `localeCompare`) makes it independent of the locale. The MCP server is
 * still called with the raw name; only the public name changes.
 */
export function mcpPrefixedToolNames(
  servers: readonly McpServerTools[],
  options: McpPrefixedToolNameOptions = {},
): string[][] {
  const listings = readServers(servers);
  const reservedInput = readField(options, 'reservedNames');
  const reserved = new Set<string>();
  if (Array.isArray(reservedInput) || reservedInput instanceof Set) {
    for (const name of reservedInput as Iterable<unknown>) {
      if (typeof name === 'string') {
        reserved.add(name);
      }
    }
  }
  const candidates = listings.flatMap((server, serverIndex) => {
    const display = mcpServerDisplayName(server.name);
    const serverPart = mcpSafeToolNamePart(display, 'server');
    return server.tools.map((tool, toolIndex) => ({
      serverIndex,
      toolIndex,
      base: `mcp_${serverPart}__${mcpSafeToolNamePart(tool, 'tool')}`,
      seed: `${display}\0${tool}`,
      initial: '',
    }));
  });
  const baseCounts = new Map<string, number>();
  for (const candidate of candidates) {
    baseCounts.set(candidate.base, (baseCounts.get(candidate.base) ?? 0) + 1);
  }
  for (const candidate of candidates) {
    const forceHash = (baseCounts.get(candidate.base) ?? 0) > 1 || reserved.has(candidate.base);
    candidate.initial = mcpShortenToolName(candidate.base, candidate.seed, forceHash);
  }
  const ordered = [...candidates].sort(
    (a, b) =>
      compareCodePoints(a.initial, b.initial) ||
      compareCodePoints(a.seed, b.seed) ||
      a.serverIndex - b.serverIndex ||
      a.toolIndex - b.toolIndex,
  );
  const result = listings.map((server) => server.tools.map(() => ''));
  const used = new Set(reserved);
  for (const candidate of ordered) {
    let name = candidate.initial;
    for (let k = 1; used.has(name); k += 1) {
      name = mcpShortenToolName(candidate.base, `${candidate.seed}\0${k}`, true);
    }
    used.add(name);
    const row = result[candidate.serverIndex];
    if (row !== undefined) {
      row[candidate.toolIndex] = name;
    }
  }
  assertNoDuplicatesAcrossServers(result, '');
  return result;
}

/**
 * MCP tool names without server prefixes, `[serverIndex][toolIndex]`, passed through unchanged
 * as in Python; throws {@link ToolIdentityError} listing (code-point sorted) every name that
 * appears on more than one server, with Python's hint to enable server prefixes
 * (runtime-identity.md (d), "After allocation"). Duplicates within one server are allowed.
 */
export function mcpUnprefixedToolNames(servers: readonly McpServerTools[]): string[][] {
  const names = readServers(servers).map((server) => server.tools);
  assertNoDuplicatesAcrossServers(names, UNPREFIXED_HINT);
  return names;
}
