// `tool-identity-audit graph`: the agent/tool map of a project as Mermaid or Graphviz DOT. Agents and
// MCP servers are boxes holding the tool names they expose (namespaced tools in a nested box);
// handoffs are agent→agent edges labelled with the routed tool name; agent-as-tool, agent→MCP
// server edges are dashed. Names that no-tool-name-collision reports are drawn in red.
//
// Pure and deterministic: node ids come from source order (file, offset), labels are escaped,
// and no line numbers appear, so a committed graph changes only when the tool map does.
import { setLabel } from '../checks/set-label.js';
import { compareStrings, type Finding } from '../checks/finding.js';
import type {
  LinkedProject,
  ResolvedAgent,
  ResolvedExposureSet,
  ResolvedHandoff,
  ResolvedMcpServer,
  ResolvedTool,
  SourceRef,
} from '../facts/resolved.js';
import { visibleText } from '../reporters/shared.js';

export const graphFormats = ['mermaid', 'dot'] as const;
export type GraphFormat = (typeof graphFormats)[number];

type NodeKind = 'agent' | 'tool' | 'mcp' | 'external';

interface GraphNode {
  id: string;
  label: string;
  kind: NodeKind;
  collision: boolean;
}

interface GraphGroup {
  id: string;
  label: string;
  /** Nodes and nested groups, in source order. */
  items: Array<GraphNode | GraphGroup>;
}

interface GraphEdge {
  from: string;
  to: string;
  label: string;
  dashed: boolean;
  collision: boolean;
}

interface GraphModel {
  items: Array<GraphNode | GraphGroup>;
  edges: GraphEdge[];
}

const DYNAMIC = '(dynamic name)';
const UNNAMED = '(no name)';
const COLLISION_RULE = 'no-tool-name-collision';

export function renderGraph(linked: LinkedProject, findings: readonly Finding[], format: GraphFormat): string {
  const model = buildModel(linked, findings);
  return format === 'dot' ? renderDot(model) : renderMermaid(model);
}

// ---- model ----

function compareRefs(a: SourceRef, b: SourceRef): number {
  return compareStrings(a.file, b.file) || a.span.start - b.span.start || a.span.end - b.span.end;
}


/** Members named by collision findings: the finding's structured data says which set and which members. */
function collidingMembers(sets: readonly ResolvedExposureSet[], findings: readonly Finding[]): Set<ResolvedTool | ResolvedHandoff> {
  const out = new Set<ResolvedTool | ResolvedHandoff>();
  const byKey = new Map(sets.map((set) => [set.key, set]));
  for (const finding of findings) {
    if (finding.ruleId !== COLLISION_RULE || !finding.collision) continue;
    const set = byKey.get(finding.collision.set);
    if (!set) continue;
    for (const { kind, key } of finding.collision.members) {
      for (const member of kind === 'tool' ? set.tools : set.handoffs) if (member.key === key) out.add(member);
    }
  }
  return out;
}

function toolLabel(tool: ResolvedTool): string {
  let label = tool.name ?? DYNAMIC;
  if (tool.kind === 'hosted') label += ' (hosted)';
  if (tool.deferLoading) label += ' (deferred)';
  return label;
}

function buildModel(linked: LinkedProject, findings: readonly Finding[]): GraphModel {
  const setsByKey = new Map(linked.exposureSets.map((set) => [set.key, set]));
  const colliding = collidingMembers(linked.exposureSets, findings);
  const agents = [...linked.agents].sort((a, b) => compareRefs(a.at, b.at) || compareStrings(a.key, b.key));
  const servers = [...linked.mcpServers].sort((a, b) => compareRefs(a.at, b.at) || compareStrings(a.key, b.key));
  const agentIds = new Map(agents.map((agent, index) => [agent.key, `agent${index + 1}`]));
  const serverIds = new Map(servers.map((server, index) => [server.key, `mcp${index + 1}`]));
  const items: GraphModel['items'] = [];
  const edges: GraphEdge[] = [];
  const drawnSets = new Set<string>();

  /** Tool nodes of a set under `owner`, namespaced ones grouped; returns the node of each tool. */
  const addTools = (owner: string, set: ResolvedExposureSet | undefined, into: GraphGroup['items']): Map<ResolvedTool, string> => {
    const nodeOf = new Map<ResolvedTool, string>();
    if (!set) return nodeOf;
    drawnSets.add(set.key);
    const namespaceGroups = new Map<string, GraphGroup>();
    set.tools.forEach((tool, index) => {
      const node: GraphNode = { id: `${owner}_tool${index + 1}`, label: toolLabel(tool), kind: 'tool', collision: colliding.has(tool) };
      nodeOf.set(tool, node.id);
      if (tool.namespace === undefined && !tool.namespaceDynamic) {
        into.push(node);
        return;
      }
      const name = tool.namespace ?? DYNAMIC;
      let group = namespaceGroups.get(name);
      if (!group) {
        group = { id: `${owner}_ns${namespaceGroups.size + 1}`, label: `namespace ${name}`, items: [] };
        namespaceGroups.set(name, group);
        into.push(group);
      }
      group.items.push(node);
    });
    return nodeOf;
  };

  const externals = new Map<string, GraphNode>();
  const externalFor = (handoff: ResolvedHandoff): string => {
    const label = `${handoff.agentName ?? 'unresolved agent'} (not found)`;
    let node = externals.get(label);
    if (!node) {
      node = { id: `external${externals.size + 1}`, label, kind: 'external', collision: false };
      externals.set(label, node);
    }
    return node.id;
  };

  const drawnAgents: Array<{ agent: ResolvedAgent; id: string; set: ResolvedExposureSet | undefined; toolNodes: Map<ResolvedTool, string> }> = [];
  for (const agent of agents) {
    const id = agentIds.get(agent.key) as string;
    const set = setsByKey.get(agent.exposureKey);
    // An agent without a name is drawn under the variable that holds it, as messages call it.
    const name = agent.name ?? (agent.unnamed ? (agent.holder ?? UNNAMED) : DYNAMIC);
    const group: GraphGroup = { id: `${id}_group`, label: `agent ${name} (${agent.at.file})`, items: [] };
    group.items.push({ id, label: name, kind: 'agent', collision: false });
    const toolNodes = addTools(id, set, group.items);
    items.push(group);
    drawnAgents.push({ agent, id, set, toolNodes });
  }

  for (const server of servers) items.push(serverItem(server, serverIds.get(server.key) as string, setsByKey, addTools));

  const otherSets = linked.exposureSets
    .filter((set) => !drawnSets.has(set.key))
    .sort((a, b) => compareRefs(a.at, b.at) || compareStrings(a.key, b.key));
  otherSets.forEach((set, index) => {
    const owner = `set${index + 1}`;
    const group: GraphGroup = { id: `${owner}_group`, label: `${setLabel(set)} (${set.at.file})`, items: [] };
    addTools(owner, set, group.items);
    items.push(group);
  });

  for (const { agent, id, set, toolNodes } of drawnAgents) {
    for (const handoff of set?.handoffs ?? []) {
      const target = (handoff.agentKey !== undefined ? agentIds.get(handoff.agentKey) : undefined) ?? externalFor(handoff);
      edges.push({ from: id, to: target, label: handoff.toolName ?? DYNAMIC, dashed: false, collision: colliding.has(handoff) });
    }
    // Each agent tool of the set points at the agent it wraps (`ResolvedTool.agentKey`).
    for (const tool of set?.tools ?? []) {
      const target = tool.agentKey === undefined ? undefined : agentIds.get(tool.agentKey);
      if (target !== undefined) edges.push({ from: toolNodes.get(tool) ?? id, to: target, label: 'as tool', dashed: true, collision: false });
    }
    for (const key of agent.mcpServerKeys) {
      const target = serverIds.get(key);
      if (target !== undefined) edges.push({ from: id, to: target, label: 'mcpServers', dashed: true, collision: false });
    }
  }
  items.push(...externals.values());
  return { items, edges };
}

function serverItem(
  server: ResolvedMcpServer,
  id: string,
  setsByKey: ReadonlyMap<string, ResolvedExposureSet>,
  addTools: (owner: string, set: ResolvedExposureSet | undefined, into: GraphGroup['items']) => unknown,
): GraphNode | GraphGroup {
  const name = server.name ?? (server.parameter === undefined ? DYNAMIC : `(parameter ${server.parameter})`);
  const node: GraphNode = { id, label: name, kind: 'mcp', collision: false };
  const set = server.exposureKey === undefined ? undefined : setsByKey.get(server.exposureKey);
  const group: GraphGroup = {
    id: `${id}_group`,
    label: `MCP ${server.role === 'server' ? 'server' : 'client'} ${name} (${server.at.file})`,
    items: [node],
  };
  addTools(id, set, group.items);
  return group;
}

function isGroup(item: GraphNode | GraphGroup): item is GraphGroup {
  return 'items' in item;
}

function allNodes(items: ReadonlyArray<GraphNode | GraphGroup>): GraphNode[] {
  return items.flatMap((item) => (isGroup(item) ? allNodes(item.items) : [item]));
}

// ---- Mermaid ----

/** Mermaid label text: anything beyond plain ASCII words becomes a `#code;` entity (quotes, brackets, HTML, Markdown). */
export function mermaidText(text: string): string {
  let out = '';
  for (const char of visibleText(text)) {
    out += /^[A-Za-z0-9 _.,:/@+=()-]$/.test(char) ? char : `#${char.codePointAt(0)};`;
  }
  return out;
}

const mermaidShapes: Record<NodeKind, [string, string]> = {
  agent: ['(["', '"])'],
  tool: ['["', '"]'],
  mcp: ['[("', '")]'],
  external: ['(["', '"])'],
};

function renderMermaid(model: GraphModel): string {
  const lines = ['flowchart LR'];
  const emit = (item: GraphNode | GraphGroup, indent: string): void => {
    if (isGroup(item)) {
      lines.push(`${indent}subgraph ${item.id}["${mermaidText(item.label)}"]`);
      for (const child of item.items) emit(child, `${indent}  `);
      lines.push(`${indent}end`);
      return;
    }
    const [open, close] = mermaidShapes[item.kind];
    lines.push(`${indent}${item.id}${open}${mermaidText(item.label)}${close}`);
  };
  for (const item of model.items) emit(item, '  ');
  for (const edge of model.edges) {
    lines.push(`  ${edge.from} ${edge.dashed ? '-.->' : '-->'}|"${mermaidText(edge.label)}"| ${edge.to}`);
  }
  lines.push(
    '  classDef agent fill:#e8f0fe,stroke:#1a73e8',
    '  classDef mcp fill:#e6f4ea,stroke:#188038',
    '  classDef external stroke-dasharray:4 4',
    '  classDef collision fill:#fce8e6,stroke:#d93025,color:#a50e0e,stroke-width:2px',
  );
  const nodes = allNodes(model.items);
  for (const kind of ['agent', 'mcp', 'external'] as const) {
    const ids = nodes.filter((node) => node.kind === kind).map((node) => node.id);
    if (ids.length > 0) lines.push(`  class ${ids.join(',')} ${kind}`);
  }
  const colliding = nodes.filter((node) => node.collision).map((node) => node.id);
  if (colliding.length > 0) lines.push(`  class ${colliding.join(',')} collision`);
  const collidingEdges = model.edges.flatMap((edge, index) => (edge.collision ? [index] : []));
  if (collidingEdges.length > 0) lines.push(`  linkStyle ${collidingEdges.join(',')} stroke:#d93025,color:#a50e0e,stroke-width:2px`);
  return `${lines.join('\n')}\n`;
}

// ---- DOT ----

/** A DOT double-quoted string. */
export function dotString(text: string): string {
  const escaped = visibleText(text)
    .replaceAll('\\', '\\\\')
    .replaceAll('"', '\\"')
    .replace(/\r\n?|\n/g, '\\n');
  return `"${escaped}"`;
}

const dotNodeStyles: Record<NodeKind, string> = {
  agent: 'shape=box, style="rounded,filled", fillcolor="#e8f0fe", color="#1a73e8"',
  tool: 'shape=box',
  mcp: 'shape=cylinder, style=filled, fillcolor="#e6f4ea", color="#188038"',
  external: 'shape=box, style="rounded,dashed"',
};

const DOT_COLLISION = 'color="#d93025", fontcolor="#a50e0e", penwidth=2';

function renderDot(model: GraphModel): string {
  const lines = [
    'digraph "tool-identity-audit" {',
    '  rankdir=LR;',
    '  node [fontname="Helvetica", fontsize=10];',
    '  edge [fontname="Helvetica", fontsize=9];',
  ];
  const emit = (item: GraphNode | GraphGroup, indent: string): void => {
    if (isGroup(item)) {
      lines.push(`${indent}subgraph ${dotString(`cluster_${item.id}`)} {`);
      lines.push(`${indent}  label=${dotString(item.label)};`);
      for (const child of item.items) emit(child, `${indent}  `);
      lines.push(`${indent}}`);
      return;
    }
    const style = item.collision ? `${dotNodeStyles[item.kind]}, ${DOT_COLLISION}` : dotNodeStyles[item.kind];
    lines.push(`${indent}${dotString(item.id)} [label=${dotString(item.label)}, ${style}];`);
  };
  for (const item of model.items) emit(item, '  ');
  for (const edge of model.edges) {
    const attributes = [`label=${dotString(edge.label)}`];
    if (edge.dashed) attributes.push('style=dashed');
    if (edge.collision) attributes.push(DOT_COLLISION);
    lines.push(`  ${dotString(edge.from)} -> ${dotString(edge.to)} [${attributes.join(', ')}];`);
  }
  lines.push('}');
  return `${lines.join('\n')}\n`;
}
