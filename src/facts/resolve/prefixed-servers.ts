// Sets that show the tools of MCP servers under prefixed names (`ExposureSpec.prefixedMcpServers`):
// `query({ options: { mcpServers: { docs: server } } })` shows the model `mcp__docs__search` for
// the tool `search` of `server`. The server's own set (its tools in order) is copied under the
// record's keys; a value that is no server of the analysis leaves the set incomplete.
import type { ExposureFact } from '../types.js';
import type { ResolvedExposureSet } from '../resolved.js';
import type { LinkContext } from './context.js';
import { describe } from './items.js';
import { resolve } from './values.js';

type Prefixed = NonNullable<ExposureFact['prefixedMcpServers']>;

/**
 * Adds each keyed server's tools to `set`. Returns the keys whose tools are all known, or undefined
 * when the record itself cannot be followed (a spread or computed key may stand for any key). A key
 * whose value is no server of the analysis (a stdio or HTTP configuration) shows tools under its own
 * prefix only, which no other key's can meet: it is left out of the keys, not made the set's gap.
 */
export function collectPrefixedServers(
  ctx: LinkContext,
  file: string,
  prefixed: Prefixed,
  set: ResolvedExposureSet,
  serverSets: ReadonlyMap<string, ResolvedExposureSet>,
): ReadonlySet<string> | undefined {
  const keys = new Set<string>();
  let complete = true;
  for (const object of resolve(ctx, file, prefixed.value, 0)) {
    if (object.t !== 'object') {
      complete = false;
      set.unresolved.push(object.t === 'unresolved' ? { ...object.at, text: object.text } : { file, span: prefixed.value.span, text: describe(object) });
      continue;
    }
    for (const property of object.properties) {
      if (property.value.kind === 'spread' || !property.keySpan || property.dynamicKey) {
        complete = false;
        set.unresolved.push({ file: object.file, span: property.value.span, text: `${prefixed.prefix}…` });
        continue;
      }
      const listedAt = { file: object.file, span: property.keySpan };
      const items = resolve(ctx, object.file, property.value, 0);
      const servers = items.flatMap((item) => (item.t === 'mcp' && item.server.role === 'server' ? [item] : []));
      if (servers.length === 0 || servers.length !== items.length) continue;
      let known = true;
      for (const item of servers) {
        const server = serverSets.get(`${item.file}#${item.server.id}`);
        if (!server) continue; // a server with no tools
        if (server.unresolved.length > 0) known = false;
        // A server holds one tool per name (a second registration throws or replaces): its
        // duplicates are the server's finding, not this set's.
        const seen = new Set<string>();
        for (const tool of server.tools) {
          if (tool.name === undefined) known = false;
          else if (seen.has(tool.name)) continue;
          else seen.add(tool.name);
          set.tools.push({
            ...tool,
            key: `${tool.key}@${prefixed.prefix}${property.key}`,
            name: tool.name === undefined ? undefined : `${prefixed.prefix}${property.key}${prefixed.separator}${tool.name}`,
            // Reported where the key makes the name: the server's own definition keeps its own findings.
            definedAt: listedAt,
            listedAt,
          });
        }
      }
      if (known) keys.add(property.key);
    }
  }
  return complete ? keys : undefined;
}

/**
 * A reference to the prefixed servers' tools counts only when written for a key the set configures,
 * without a wildcard (`mcp__docs__search`; not `Read`, `mcp__docs__*`, `mcp__docs`, or a server
 * configured elsewhere, a server whose tools are not all known). `keys` undefined keeps none.
 */
export function isServerToolReference(name: string | undefined, prefixed: Prefixed | undefined, keys: ReadonlySet<string> | undefined): boolean {
  if (name === undefined || !prefixed || !keys || name.includes('*') || !name.startsWith(prefixed.prefix)) return false;
  const rest = name.slice(prefixed.prefix.length);
  const end = rest.indexOf(prefixed.separator);
  return end > 0 && keys.has(rest.slice(0, end)) && rest.length > end + prefixed.separator.length;
}

