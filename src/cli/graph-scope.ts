// `graph <paths>`: the paths narrow what is drawn, as they narrow what the audit reports; the
// projects that own them are analysed whole. Drawn: the agents, MCP servers and other sets defined
// under the paths, and the agents and servers those point at (a handoff target is drawn, not
// shown as "not found").
import type { LinkedProject } from '../facts/resolved.js';

export function narrowLinked(linked: LinkedProject, inPaths: (file: string) => boolean): LinkedProject {
  const agents = new Set(linked.agents.filter((agent) => inPaths(agent.at.file)));
  const servers = new Set(linked.mcpServers.filter((server) => inPaths(server.at.file)));
  const setsByKey = new Map(linked.exposureSets.map((set) => [set.key, set]));
  for (const agent of [...agents]) {
    const set = setsByKey.get(agent.exposureKey);
    const pointedAt = new Set([...(set?.handoffs ?? []).map((h) => h.agentKey), ...(set?.tools ?? []).map((t) => t.agentKey)]);
    for (const other of linked.agents) if (pointedAt.has(other.key)) agents.add(other);
    for (const server of linked.mcpServers) if (agent.mcpServerKeys.includes(server.key)) servers.add(server);
  }
  const owned = new Set([...agents].map((agent) => agent.exposureKey));
  for (const server of servers) if (server.exposureKey !== undefined) owned.add(server.exposureKey);
  return {
    ...linked,
    agents: linked.agents.filter((agent) => agents.has(agent)),
    mcpServers: linked.mcpServers.filter((server) => servers.has(server)),
    exposureSets: linked.exposureSets.filter((set) => owned.has(set.key) || inPaths(set.at.file)),
  };
}
