// The linker's index of one file's facts: each kind of fact by its id, built once per link.
import type { AgentFact, FileFacts, FunctionFact, HandoffFact, McpServerFact, NamespaceFact, ToolDefinitionFact } from '../types.js';

export interface FileIndex {
  facts: FileFacts;
  tools: Map<string, ToolDefinitionFact>;
  agents: Map<string, AgentFact>;
  namespaces: Map<string, NamespaceFact>;
  handoffs: Map<string, HandoffFact>;
  servers: Map<string, McpServerFact>;
  /** Servers standing for a typed parameter, by `<fn>#<index>`. */
  parameterServers: Map<string, McpServerFact>;
  functions: Map<string, FunctionFact>;
  exports: Map<string, FileFacts['exports'][number]['value']>;
}

export function indexFile(facts: FileFacts): FileIndex {
  return {
    facts,
    tools: new Map(facts.tools.map((x) => [x.id, x])),
    agents: new Map(facts.agents.map((x) => [x.id, x])),
    namespaces: new Map(facts.namespaces.map((x) => [x.id, x])),
    handoffs: new Map(facts.handoffs.map((x) => [x.id, x])),
    servers: new Map(facts.mcpServers.map((x) => [x.id, x])),
    parameterServers: new Map(facts.mcpServers.flatMap((x) => (x.parameter ? [[`${x.parameter.fn}#${x.parameter.index}`, x] as const] : []))),
    functions: new Map(facts.functions.map((x) => [x.key, x])),
    exports: new Map(facts.exports.map((x) => [x.exported, x.value])),
  };
}
