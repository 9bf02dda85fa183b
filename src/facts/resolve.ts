// The linker: turns per-file facts into exposure sets whose members are known across bindings,
// spreads, namespaces, imports, re-exports, and MCP server instances passed through functions.
// Pure data in, pure data out; both front ends call it (ESLint with one file, or with the files the
// type checker reaches; the CLI with the whole project). The phases live in `./resolve/`, a file per
// concern, each importing only the files above it; this entry runs them in order.
import type { FileFacts } from './types.js';
import type { LinkedProject } from './resolved.js';
import { linkCatalog } from './resolve/catalog.js';
import type { LinkContext, LinkOptions } from './resolve/context.js';
import { linkExposures, linkLoaders } from './resolve/exposures.js';
import { linkMcpDispatches, linkMcpServers, mcpServerSets } from './resolve/mcp.js';
import { mcpNameImports } from './resolve/mcp-name-imports.js';
import { type FileIndex, indexFile } from './resolve/project-index.js';
import { runReferences } from './resolve/references.js';

export type { LinkOptions } from './resolve/context.js';

export function linkFacts(files: readonly FileFacts[], options: LinkOptions): LinkedProject {
  const index = new Map<string, FileIndex>();
  for (const facts of files) index.set(facts.file, indexFile(facts));
  const ctx: LinkContext = { index, options, callsByFunction: undefined };
  // Sets in file then exposure order, MCP server sets appended, the catalog in file order,
  // loaders applied last, run references after set references.
  const serverSets = mcpServerSets(ctx);
  const { exposureSets, agents, references, loaders } = linkExposures(ctx, serverSets);
  const { sets, mcpServers } = linkMcpServers(ctx, serverSets);
  exposureSets.push(...sets);
  const { tools, namespaces } = linkCatalog(ctx);
  linkLoaders(exposureSets, loaders);
  const exposureOf = new Map(agents.map((agent) => [agent.key, agent.exposureKey]));
  const nameImports = mcpNameImports(ctx);
  const dispatches = linkMcpDispatches(ctx);
  return {
    exposureSets,
    tools,
    namespaces,
    agents,
    mcpServers,
    toolReferences: [...references, ...runReferences(ctx, exposureOf)],
    ...(dispatches.length > 0 ? { mcpDispatches: dispatches } : {}),
    ...(nameImports ? { mcpNameImports: nameImports } : {}),
  };
}
