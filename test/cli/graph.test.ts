// renderGraph is pure: hand-built linked projects in, exact Mermaid / DOT text out.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeFinding } from '../../src/checks/make-finding.js';
import type { Finding } from '../../src/checks/finding.js';
import type {
  LinkedProject,
  ResolvedAgent,
  ResolvedExposureSet,
  ResolvedHandoff,
  ResolvedMcpServer,
  ResolvedTool,
  SourceRef,
} from '../../src/facts/resolved.js';
import { dotString, mermaidText, renderGraph } from '../../src/cli/graph.js';
import { makeProject, packageJson, removeProjects, run, tsconfigJson } from './helpers.js';

afterAll(removeProjects);

function at(file: string, start: number): SourceRef {
  return { file, span: { start, end: start + 5, loc: { start: { line: 1, column: start }, end: { line: 1, column: start + 5 } } } };
}

function tool(file: string, start: number, name: string | undefined, extra: Partial<ResolvedTool> = {}): ResolvedTool {
  return {
    key: `${file}#t${start}`,
    adapter: 'openai-agents',
    kind: 'function',
    name,
    namespace: undefined,
    namespaceDynamic: false,
    deferLoading: false,
    approvalRequired: false,
    definedAt: at(file, start),
    ...extra,
  };
}

function set(key: string, name: string | undefined, where: SourceRef, tools: ResolvedTool[], handoffs: ResolvedHandoff[] = [], kind: ResolvedExposureSet['kind'] = 'agent'): ResolvedExposureSet {
  return { key, kind, adapter: 'openai-agents', name, at: where, tools, handoffs, unresolved: [], toolNameCollisionPolicy: undefined };
}

/** The structured part of a collision finding: which set, which members. */
function collision(inSet: ResolvedExposureSet, members: Array<ResolvedTool | ResolvedHandoff>, name: string): Finding['collision'] {
  return { set: inSet.key, members: members.map((m) => ({ kind: 'toolName' in m ? 'handoff' : 'tool', key: m.key })), names: [name] };
}

function agent(key: string, name: string | undefined, where: SourceRef, extra: Partial<ResolvedAgent> = {}): ResolvedAgent {
  return { key, adapter: 'openai-agents', name, at: where, handoffAgentKeys: [], toolAgentKeys: [], mcpServerKeys: [], exposureKey: `${key}/set`, ...extra };
}

// triage (src/triage.ts): echo, a tool that collides with the derived handoff name, two namespaced
// tools, a deferred one; hands off to billing and to an agent the linker could not find.
const transferTool = tool('src/triage.ts', 40, 'transfer_to_billing');
const billingHandoff: ResolvedHandoff = {
  key: 'src/billing.ts#a1',
  toolName: 'transfer_to_billing',
  agentName: 'billing',
  definedAt: at('src/billing.ts', 10),
  listedAt: at('src/triage.ts', 200),
  agentKey: 'src/billing.ts#a1',
};
const ghostHandoff: ResolvedHandoff = { key: 'src/triage.ts#h1', toolName: 'transfer_to_ghost', agentName: 'ghost', definedAt: at('src/triage.ts', 220) };
const triageSet = set('src/triage.ts#a1/set', 'triage', at('src/triage.ts', 5), [
  tool('src/triage.ts', 20, 'echo'),
  transferTool,
  tool('src/crm.ts', 10, 'lookup', { namespace: 'crm', listedAt: at('src/triage.ts', 100) }),
  tool('src/ledger.ts', 10, 'lookup', { namespace: 'ledger', listedAt: at('src/triage.ts', 110) }),
  tool('src/crm.ts', 30, 'update', { namespace: 'crm', listedAt: at('src/triage.ts', 100) }),
  tool('src/triage.ts', 60, 'estimate', { deferLoading: true }),
  tool('src/triage.ts', 80, 'web_search', { kind: 'hosted' }),
], [billingHandoff, ghostHandoff]);

// billing (src/billing.ts): an agent-as-tool wrapping the policy agent, an MCP client.
const billingSet = set('src/billing.ts#a1/set', 'billing', at('src/billing.ts', 10), [
  tool('src/billing.ts', 50, 'check "policy" <now>', { kind: 'agent-tool', agentKey: 'src/billing.ts#a2' }),
]);
// policy: a name that needs escaping in both languages, and no tools.
const policySet = set('src/billing.ts#a2/set', 'policy|\\ #1', at('src/billing.ts', 300), []);

// The MCP server registers `search` twice.
const firstSearch = tool('src/mcp.ts', 40, 'search', { kind: 'function' });
const secondSearch = tool('src/mcp.ts', 90, 'search', { kind: 'function' });
const serverSet = set('src/mcp.ts#s1/set', undefined, at('src/mcp.ts', 10), [firstSearch, secondSearch], [], 'mcp-server');
const recordSet = set('src/record.ts#r1', undefined, at('src/record.ts', 0), [tool('src/record.ts', 5, undefined)], [], 'call');

const servers: ResolvedMcpServer[] = [
  { key: 'src/mcp.ts#s1', adapter: 'mcp-sdk', role: 'server', name: 'kb', at: at('src/mcp.ts', 10), exposureKey: 'src/mcp.ts#s1/set' },
  { key: 'src/billing.ts#c1', adapter: 'openai-agents', role: 'client', name: 'desk', at: at('src/billing.ts', 200), exposureKey: undefined },
];

const linked: LinkedProject = {
  // Deliberately out of source order: the graph sorts by file and offset.
  agents: [
    agent('src/billing.ts#a2', 'policy|\\ #1', at('src/billing.ts', 300), { exposureKey: 'src/billing.ts#a2/set' }),
    agent('src/triage.ts#a1', 'triage', at('src/triage.ts', 5), { exposureKey: 'src/triage.ts#a1/set', handoffAgentKeys: ['src/billing.ts#a1'] }),
    agent('src/billing.ts#a1', 'billing', at('src/billing.ts', 10), {
      exposureKey: 'src/billing.ts#a1/set',
      toolAgentKeys: ['src/billing.ts#a2'],
      mcpServerKeys: ['src/billing.ts#c1'],
    }),
  ],
  exposureSets: [recordSet, triageSet, billingSet, policySet, serverSet],
  tools: [],
  namespaces: [],
  mcpServers: servers,
};

const findings: Finding[] = [
  makeFinding('no-tool-name-collision', 'toolHandoffCollision', {
    at: transferTool.definedAt,
    data: { name: 'transfer_to_billing', set: 'agent "triage"', winner: 'the handoff to agent "billing"' },
    related: [{ file: 'src/triage.ts', span: billingHandoff.listedAt!.span, message: 'handoff' }],
    collision: collision(triageSet, [transferTool, billingHandoff], 'transfer_to_billing'),
    key: 'agent "triage"|bare|transfer_to_billing',
  }),
  makeFinding('no-tool-name-collision', 'mcpDuplicateRegistration', {
    at: secondSearch.definedAt,
    data: { name: 'search', server: '"kb"' },
    related: [{ file: 'src/mcp.ts', span: firstSearch.definedAt.span, message: 'first' }],
    collision: collision(serverSet, [firstSearch, secondSearch], 'search'),
    key: 'mcp|search',
  }),
  // Other rules never colour the graph.
  makeFinding('valid-tool-name', 'invalidToolName', {
    at: at('src/triage.ts', 20),
    data: { what: 'Tool', name: 'echo', provider: 'OpenAI', reason: 'x' },
    key: 'echo',
  }),
];

const expectedMermaid = `flowchart LR
  subgraph agent1_group["agent billing (src/billing.ts)"]
    agent1(["billing"])
    agent1_tool1["check #34;policy#34; #60;now#62;"]
  end
  subgraph agent2_group["agent policy#124;#92; #35;1 (src/billing.ts)"]
    agent2(["policy#124;#92; #35;1"])
  end
  subgraph agent3_group["agent triage (src/triage.ts)"]
    agent3(["triage"])
    agent3_tool1["echo"]
    agent3_tool2["transfer_to_billing"]
    subgraph agent3_ns1["namespace crm"]
      agent3_tool3["lookup"]
      agent3_tool5["update"]
    end
    subgraph agent3_ns2["namespace ledger"]
      agent3_tool4["lookup"]
    end
    agent3_tool6["estimate (deferred)"]
    agent3_tool7["web_search (hosted)"]
  end
  subgraph mcp1_group["MCP client desk (src/billing.ts)"]
    mcp1[("desk")]
  end
  subgraph mcp2_group["MCP server kb (src/mcp.ts)"]
    mcp2[("kb")]
    mcp2_tool1["search"]
    mcp2_tool2["search"]
  end
  subgraph set1_group["the tools of this call (src/record.ts)"]
    set1_tool1["(dynamic name)"]
  end
  external1(["ghost (not found)"])
  agent1_tool1 -.->|"as tool"| agent2
  agent1 -.->|"mcpServers"| mcp1
  agent3 -->|"transfer_to_billing"| agent1
  agent3 -->|"transfer_to_ghost"| external1
  classDef agent fill:#e8f0fe,stroke:#1a73e8
  classDef mcp fill:#e6f4ea,stroke:#188038
  classDef external stroke-dasharray:4 4
  classDef collision fill:#fce8e6,stroke:#d93025,color:#a50e0e,stroke-width:2px
  class agent1,agent2,agent3 agent
  class mcp1,mcp2 mcp
  class external1 external
  class agent3_tool2,mcp2_tool1,mcp2_tool2 collision
  linkStyle 2 stroke:#d93025,color:#a50e0e,stroke-width:2px
`;

const expectedDot = `digraph "tool-identity-audit" {
  rankdir=LR;
  node [fontname="Helvetica", fontsize=10];
  edge [fontname="Helvetica", fontsize=9];
  subgraph "cluster_agent1_group" {
    label="agent billing (src/billing.ts)";
    "agent1" [label="billing", shape=box, style="rounded,filled", fillcolor="#e8f0fe", color="#1a73e8"];
    "agent1_tool1" [label="check \\"policy\\" <now>", shape=box];
  }
  subgraph "cluster_agent2_group" {
    label="agent policy|\\\\ #1 (src/billing.ts)";
    "agent2" [label="policy|\\\\ #1", shape=box, style="rounded,filled", fillcolor="#e8f0fe", color="#1a73e8"];
  }
  subgraph "cluster_agent3_group" {
    label="agent triage (src/triage.ts)";
    "agent3" [label="triage", shape=box, style="rounded,filled", fillcolor="#e8f0fe", color="#1a73e8"];
    "agent3_tool1" [label="echo", shape=box];
    "agent3_tool2" [label="transfer_to_billing", shape=box, color="#d93025", fontcolor="#a50e0e", penwidth=2];
    subgraph "cluster_agent3_ns1" {
      label="namespace crm";
      "agent3_tool3" [label="lookup", shape=box];
      "agent3_tool5" [label="update", shape=box];
    }
    subgraph "cluster_agent3_ns2" {
      label="namespace ledger";
      "agent3_tool4" [label="lookup", shape=box];
    }
    "agent3_tool6" [label="estimate (deferred)", shape=box];
    "agent3_tool7" [label="web_search (hosted)", shape=box];
  }
  subgraph "cluster_mcp1_group" {
    label="MCP client desk (src/billing.ts)";
    "mcp1" [label="desk", shape=cylinder, style=filled, fillcolor="#e6f4ea", color="#188038"];
  }
  subgraph "cluster_mcp2_group" {
    label="MCP server kb (src/mcp.ts)";
    "mcp2" [label="kb", shape=cylinder, style=filled, fillcolor="#e6f4ea", color="#188038"];
    "mcp2_tool1" [label="search", shape=box, color="#d93025", fontcolor="#a50e0e", penwidth=2];
    "mcp2_tool2" [label="search", shape=box, color="#d93025", fontcolor="#a50e0e", penwidth=2];
  }
  subgraph "cluster_set1_group" {
    label="the tools of this call (src/record.ts)";
    "set1_tool1" [label="(dynamic name)", shape=box];
  }
  "external1" [label="ghost (not found)", shape=box, style="rounded,dashed"];
  "agent1_tool1" -> "agent2" [label="as tool", style=dashed];
  "agent1" -> "mcp1" [label="mcpServers", style=dashed];
  "agent3" -> "agent1" [label="transfer_to_billing", color="#d93025", fontcolor="#a50e0e", penwidth=2];
  "agent3" -> "external1" [label="transfer_to_ghost"];
}
`;

describe('renderGraph', () => {
  it('draws agents, namespaced tools, handoffs, agent-as-tool, MCP servers and collisions in Mermaid', () => {
    expect(renderGraph(linked, findings, 'mermaid')).toBe(expectedMermaid);
  });

  it('draws the same map in Graphviz DOT', () => {
    expect(renderGraph(linked, findings, 'dot')).toBe(expectedDot);
  });

  it('does not depend on the order of the linked arrays', () => {
    const shuffled: LinkedProject = {
      ...linked,
      agents: [...linked.agents].reverse(),
      exposureSets: [...linked.exposureSets].reverse(),
      mcpServers: [...linked.mcpServers].reverse(),
    };
    expect(renderGraph(shuffled, [...findings].reverse(), 'mermaid')).toBe(expectedMermaid);
  });

  it('highlights nothing without collision findings', () => {
    const text = renderGraph(linked, [], 'mermaid');
    expect(text).not.toContain(' collision\n');
    expect(text).not.toContain('linkStyle');
    expect(text).toContain('  classDef collision fill:#fce8e6,stroke:#d93025,color:#a50e0e,stroke-width:2px\n');
  });

  it('highlights only the colliding names among tools listed through one spread', () => {
    // `tools: [...shippingTools, ...returnTools]`: every tool of a spread is listed at the spread.
    const shippingSpread = at('src/support.ts', 100);
    const returnsSpread = at('src/support.ts', 120);
    const tracking = tool('src/shipping.ts', 10, 'track_shipment', { listedAt: shippingSpread });
    const estimate = tool('src/shipping.ts', 50, 'estimate_delivery', { listedAt: shippingSpread });
    const returnTracking = tool('src/returns.ts', 10, 'track_shipment', { listedAt: returnsSpread });
    const label = tool('src/returns.ts', 50, 'create_return_label', { listedAt: returnsSpread });
    const crmLookup = tool('src/crm.ts', 10, 'lookup', { namespace: 'crm', listedAt: at('src/support.ts', 140) });
    const crmLookupAgain = tool('src/crm2.ts', 10, 'lookup', { namespace: 'crm', listedAt: at('src/support.ts', 160) });
    const support = set('src/support.ts#a1/set', 'support', at('src/support.ts', 5), [
      tracking,
      estimate,
      returnTracking,
      label,
      crmLookup,
      crmLookupAgain,
    ]);
    const project: LinkedProject = {
      agents: [agent('src/support.ts#a1', 'support', at('src/support.ts', 5), { exposureKey: support.key })],
      exposureSets: [support],
      tools: [],
      namespaces: [],
      mcpServers: [],
    };
    const collisions = [
      makeFinding('no-tool-name-collision', 'duplicateToolName', {
        at: shippingSpread,
        data: { name: 'track_shipment', set: 'agent "support"', winner: 'the last tool listed' },
        related: [{ ...returnsSpread, message: 'winner' }],
        collision: collision(support, [tracking, returnTracking], 'track_shipment'),
        key: 'support|bare|track_shipment',
      }),
      makeFinding('no-tool-name-collision', 'qualifiedNameCollision', {
        at: crmLookupAgain.listedAt!,
        data: { name: 'crm.lookup', set: 'agent "support"', detail: 'x' },
        related: [{ ...crmLookup.listedAt!, message: 'first' }],
        collision: collision(support, [crmLookup, crmLookupAgain], 'crm.lookup'),
        key: 'support|qualified|crm.lookup',
      }),
    ];
    expect(renderGraph(project, collisions, 'mermaid')).toContain('\n  class agent1_tool1,agent1_tool3,agent1_tool5,agent1_tool6 collision\n');
    // The members come from the finding's structure, not from where it is reported or how it reads.
    const reworded = makeFinding('no-tool-name-collision', 'duplicateToolName', {
      at: tracking.definedAt,
      data: { name: 'track_shipment', set: 'the support desk', winner: 'the last one' },
      collision: collision(support, [tracking, returnTracking], 'track_shipment'),
      key: 'support|bare|track_shipment',
    });
    expect(renderGraph(project, [reworded], 'mermaid')).toContain('\n  class agent1_tool1,agent1_tool3 collision\n');
    // A collision finding without structure (an older producer) colours nothing.
    expect(renderGraph(project, [{ ...reworded, collision: undefined }], 'mermaid')).not.toContain(' collision\n');
  });

  it('draws "as tool" edges from the agent tools of the set, each to the agent its agentKey names', () => {
    // An agent tool that is in no set (disabled in code) draws nothing, whatever toolAgentKeys say.
    const withoutTool: LinkedProject = {
      ...linked,
      exposureSets: linked.exposureSets.map((s) => (s.key === billingSet.key ? { ...s, tools: [] } : s)),
    };
    expect(renderGraph(withoutTool, [], 'mermaid')).not.toContain('"as tool"');
    // Two agent tools wrapping one agent: two edges, each from its tool.
    const twice: LinkedProject = {
      ...linked,
      exposureSets: linked.exposureSets.map((s) =>
        s.key === billingSet.key ? { ...s, tools: [...s.tools, tool('src/billing.ts', 70, 'ask_policy', { kind: 'agent-tool', agentKey: 'src/billing.ts#a2' })] } : s,
      ),
    };
    const mermaid = renderGraph(twice, [], 'mermaid');
    expect(mermaid).toContain('\n  agent1_tool1 -.->|"as tool"| agent2\n  agent1_tool2 -.->|"as tool"| agent2\n');
  });

  it('draws an agent without a name under the variable that holds it, and "(no name)" when nothing holds it', () => {
    const held = set('src/mail.ts#a1/set', undefined, at('src/mail.ts', 10), [tool('src/mail.ts', 40, 'search_gmail')]);
    const bare = set('src/mail.ts#a2/set', undefined, at('src/mail.ts', 90), []);
    const project: LinkedProject = {
      agents: [
        agent('src/mail.ts#a1', undefined, at('src/mail.ts', 10), { exposureKey: held.key, unnamed: true, holder: 'mailAgent' }),
        agent('src/mail.ts#a2', undefined, at('src/mail.ts', 90), { exposureKey: bare.key, unnamed: true }),
      ],
      exposureSets: [held, bare],
      tools: [],
      namespaces: [],
      mcpServers: [],
    };
    const mermaid = renderGraph(project, [], 'mermaid');
    expect(mermaid).toContain('\n  subgraph agent1_group["agent mailAgent (src/mail.ts)"]\n    agent1(["mailAgent"])\n    agent1_tool1["search_gmail"]\n  end\n');
    expect(mermaid).toContain('\n  subgraph agent2_group["agent (no name) (src/mail.ts)"]\n    agent2(["(no name)"])\n  end\n');
    expect(renderGraph(project, [], 'dot')).toContain('    label="agent mailAgent (src/mail.ts)";\n    "agent1" [label="mailAgent", ');
  });

  it('renders an empty project as a graph with only the style definitions', () => {
    const empty: LinkedProject = { agents: [], exposureSets: [], tools: [], namespaces: [], mcpServers: [] };
    expect(renderGraph(empty, [], 'dot')).toBe(
      'digraph "tool-identity-audit" {\n  rankdir=LR;\n  node [fontname="Helvetica", fontsize=10];\n  edge [fontname="Helvetica", fontsize=9];\n}\n',
    );
    expect(renderGraph(empty, [], 'mermaid')).toBe(
      [
        'flowchart LR',
        '  classDef agent fill:#e8f0fe,stroke:#1a73e8',
        '  classDef mcp fill:#e6f4ea,stroke:#188038',
        '  classDef external stroke-dasharray:4 4',
        '  classDef collision fill:#fce8e6,stroke:#d93025,color:#a50e0e,stroke-width:2px',
        '',
      ].join('\n'),
    );
  });
});

describe('label escaping', () => {
  it('turns everything but plain ASCII words into Mermaid entity codes', () => {
    expect(mermaidText('a_b-c.d:e/f (g)')).toBe('a_b-c.d:e/f (g)');
    expect(mermaidText('"x"|[y]{z}<b>&;#`*')).toBe('#34;x#34;#124;#91;y#93;#123;z#125;#60;b#62;#38;#59;#35;#96;#42;');
    expect(mermaidText('café')).toBe('caf#233;');
  });

  it('shows hidden characters instead of passing them to the renderer', () => {
    expect(mermaidText('a\u202Eb')).toBe('a#92;u#123;202E#125;b');
    expect(dotString('a\u200Bb')).toBe('"a\\\\u{200B}b"');
  });

  it('escapes backslashes, quotes and line breaks in DOT strings', () => {
    expect(dotString('a\\b "c"\nd')).toBe('"a\\\\b \\"c\\"\\nd"');
  });
});

// The graph command on a real project: triage hands off to billing and to the policy agent,
// billing wraps the policy agent as a tool and uses an MCP client, a separate MCP server
// registers a tool, and triage's own `transfer_to_billing_agent` tool collides with the handoff.
const graphFiles: Record<string, string> = {
  'package.json': packageJson,
  'tsconfig.json': tsconfigJson,
  'src/tools.ts': `import { tool, toolNamespace } from '@openai/agents';
import { z } from 'zod';

export const escalate = tool({
  name: 'transfer_to_billing_agent',
  description: 'Open a ticket for the human billing team.',
  parameters: z.object({ summary: z.string() }),
  execute: async ({ summary }) => \`ticket: \${summary}\`,
});

export const crmTools = toolNamespace({
  name: 'crm',
  description: 'Customer records.',
  tools: [
    tool({
      name: 'lookup_account',
      description: 'Look up a customer account.',
      parameters: z.object({ customerId: z.string() }),
      execute: async ({ customerId }) => ({ customerId }),
    }),
  ],
});
`,
  'src/agents.ts': `import { Agent, MCPServerStdio, handoff } from '@openai/agents';
import { crmTools, escalate } from './tools.js';

const desk = new MCPServerStdio({ name: 'desk', fullCommand: 'node dist/mcp.js' });

const policyAgent = new Agent({ name: 'policy_agent', instructions: 'Explain the refund policy.' });

export const billingAgent = new Agent({
  name: 'billing_agent',
  instructions: 'Answer billing questions.',
  tools: [...crmTools, policyAgent.asTool({ toolName: 'check_policy', toolDescription: 'Ask the policy agent.' })],
  mcpServers: [desk],
});

export const triageAgent = new Agent({
  name: 'triage_agent',
  instructions: 'Route the customer.',
  tools: [escalate],
  handoffs: [billingAgent, handoff(policyAgent, { toolNameOverride: 'ask_policy' })],
});
`,
  'src/mcp.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const server = new McpServer({ name: 'desk', version: '1.0.0' });

server.registerTool('get_ticket', { description: 'Read a ticket.', inputSchema: { id: z.string() } }, async ({ id }) => ({
  content: [{ type: 'text', text: id }],
}));
`,
};

describe('tool-identity-audit graph', () => {
  const project = makeProject(graphFiles);

  const mermaid = `flowchart LR
  subgraph agent1_group["agent policy_agent (src/agents.ts)"]
    agent1(["policy_agent"])
  end
  subgraph agent2_group["agent billing_agent (src/agents.ts)"]
    agent2(["billing_agent"])
    subgraph agent2_ns1["namespace crm"]
      agent2_tool1["lookup_account"]
    end
    agent2_tool2["check_policy"]
  end
  subgraph agent3_group["agent triage_agent (src/agents.ts)"]
    agent3(["triage_agent"])
    agent3_tool1["transfer_to_billing_agent"]
  end
  subgraph mcp1_group["MCP client desk (src/agents.ts)"]
    mcp1[("desk")]
  end
  subgraph mcp2_group["MCP server desk (src/mcp.ts)"]
    mcp2[("desk")]
    mcp2_tool1["get_ticket"]
  end
  agent2_tool2 -.->|"as tool"| agent1
  agent2 -.->|"mcpServers"| mcp1
  agent3 -->|"transfer_to_billing_agent"| agent2
  agent3 -->|"ask_policy"| agent1
  classDef agent fill:#e8f0fe,stroke:#1a73e8
  classDef mcp fill:#e6f4ea,stroke:#188038
  classDef external stroke-dasharray:4 4
  classDef collision fill:#fce8e6,stroke:#d93025,color:#a50e0e,stroke-width:2px
  class agent1,agent2,agent3 agent
  class mcp1,mcp2 mcp
  class agent3_tool1 collision
  linkStyle 2 stroke:#d93025,color:#a50e0e,stroke-width:2px
`;

  it('prints the Mermaid map on stdout and exits 0 despite the collision', async () => {
    expect(await run(['graph'], { cwd: project })).toEqual({ code: 0, stdout: mermaid, stderr: '' });
  });

  it('writes DOT to -o, whatever rule levels the configuration sets', async () => {
    const dir = makeProject({ ...graphFiles, 'tool-identity-audit.config.json': '{ "rules": { "no-tool-name-collision": "off" } }\n' });
    expect(await run(['graph', 'src', '-f', 'dot', '-o', 'docs/tools.dot'], { cwd: dir })).toEqual({ code: 0, stdout: '', stderr: '' });
    const dot = readFileSync(path.join(dir, 'docs/tools.dot'), 'utf8');
    expect(dot).toBe((await run(['graph', '--format', 'dot'], { cwd: project })).stdout);
    expect(dot).toContain(
      '    "agent3_tool1" [label="transfer_to_billing_agent", shape=box, color="#d93025", fontcolor="#a50e0e", penwidth=2];\n',
    );
    expect(dot).toContain('  "agent3" -> "agent2" [label="transfer_to_billing_agent", color="#d93025", fontcolor="#a50e0e", penwidth=2];\n');
    expect(dot).toContain('  "agent2_tool2" -> "agent1" [label="as tool", style=dashed];\n');
  });

  it('restricts the map to the paths given', async () => {
    const result = await run(['graph', 'src/mcp.ts'], { cwd: project });
    expect(result.stdout).toBe(
      [
        'flowchart LR',
        '  subgraph mcp1_group["MCP server desk (src/mcp.ts)"]',
        '    mcp1[("desk")]',
        '    mcp1_tool1["get_ticket"]',
        '  end',
        '  classDef agent fill:#e8f0fe,stroke:#1a73e8',
        '  classDef mcp fill:#e6f4ea,stroke:#188038',
        '  classDef external stroke-dasharray:4 4',
        '  classDef collision fill:#fce8e6,stroke:#d93025,color:#a50e0e,stroke-width:2px',
        '  class mcp1 mcp',
        '',
      ].join('\n'),
    );
  });

  it('names an agent without a name by the variable or property that holds it', async () => {
    const dir = makeProject({
      'package.json': packageJson,
      'tsconfig.json': tsconfigJson,
      'src/mail.ts': `import { createAgent, tool } from 'langchain';
import { z } from 'zod';

const searchMail = tool(async ({ query }) => query, { name: 'search_mail', schema: z.object({ query: z.string() }) });

export const mailAgent = createAgent({ model: 'openai:gpt-4.1', tools: [searchMail] });
export const desks = { archive: await createAgent({ model: 'openai:gpt-4.1', tools: [searchMail] }) };
`,
    });
    const result = await run(['graph'], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('\n  subgraph agent1_group["agent mailAgent (src/mail.ts)"]\n    agent1(["mailAgent"])\n    agent1_tool1["search_mail"]\n  end\n');
    expect(result.stdout).toContain('\n  subgraph agent2_group["agent archive (src/mail.ts)"]\n    agent2(["archive"])\n    agent2_tool1["search_mail"]\n  end\n');
  });

  it('draws no "as tool" edge for an agent tool disabled in code (isEnabled: false)', async () => {
    const dir = makeProject({
      'package.json': packageJson,
      'tsconfig.json': tsconfigJson,
      'src/agents.ts': `import { Agent } from '@openai/agents';

const policyAgent = new Agent({ name: 'policy_agent', instructions: 'Explain the refund policy.' });
const ledgerAgent = new Agent({ name: 'ledger_agent', instructions: 'Read the ledger.' });

export const billingAgent = new Agent({
  name: 'billing_agent',
  instructions: 'Answer billing questions.',
  tools: [
    policyAgent.asTool({ toolName: 'check_policy', toolDescription: 'Ask the policy agent.', isEnabled: false }),
    ledgerAgent.asTool({ toolName: 'read_ledger', toolDescription: 'Ask the ledger agent.' }),
  ],
});
`,
    });
    const result = await run(['graph'], { cwd: dir });
    expect(result.code).toBe(0);
    // The disabled tool is in no set, so nothing is drawn for it; the enabled one keeps its edge.
    expect(result.stdout).toContain('\n  subgraph agent3_group["agent billing_agent (src/agents.ts)"]\n    agent3(["billing_agent"])\n    agent3_tool1["read_ledger"]\n  end\n');
    expect(result.stdout.match(/"as tool"/g)).toEqual(['"as tool"']);
    expect(result.stdout).toContain('\n  agent3_tool1 -.->|"as tool"| agent2\n');
  });

  it('rejects an unknown graph format', async () => {
    expect(await run(['graph', '-f', 'svg'], { cwd: project })).toEqual({
      code: 2,
      stdout: '',
      stderr: "tool-identity-audit: option '-f, --format <format>' argument 'svg' is invalid. Allowed choices are mermaid, dot.\n",
    });
  });
});
