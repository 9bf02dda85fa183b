// The identity rules on VoltAgent, Inngest AgentKit and LlamaIndex.TS (issue 22), one file each
// case, as their users write them: tools a framework adds itself (VoltAgent's `delegate_task` for
// `subAgents`, LlamaIndex's `handOff` for `canHandoffTo`), first-match dispatch, `tool(fn, { name })`
// and `tool_choice` by name. Cross-module cases are in the framework fixtures.
import collisionRule from '../../rules/no-tool-name-collision.js';
import referenceRule from '../../rules/required-function-name-known.js';
import { loc, runCases } from './testers.js';

const FORCED = 'the forced request fails or is ignored';
const LAST = 'the last tool listed';
const FIRST = 'the first tool listed';

// ---------------------------------------------------------------- VoltAgent

const voltDelegate = `import { Agent, createTool } from '@voltagent/core';
import { z } from 'zod';

const delegateToStaff = createTool({ name: 'delegate_task', description: 'Queue a task for staff.', parameters: z.object({ summary: z.string() }), execute: async () => 1 });
const scheduler = new Agent({ name: 'Scheduler', instructions: 'Book visits.', model });
export const frontDesk = new Agent({ name: 'Front Desk', instructions: 'Help.', model, tools: [delegateToStaff], subAgents: [scheduler] });
`;

// No sub-agents, so VoltAgent adds no delegate_task; two agents may share a name.
const voltNoSubAgents = `import { Agent, createTool } from '@voltagent/core';
import { z } from 'zod';

const delegateToStaff = createTool({ name: 'delegate_task', description: 'Queue a task for staff.', parameters: z.object({}), execute: async () => 1 });
export const desk = new Agent({ name: 'Desk', instructions: 'Help.', model, tools: [delegateToStaff], subAgents: [] });
export const kiosk = new Agent({ name: 'Kiosk', instructions: 'Help.', model, tools: [delegateToStaff] });
`;

const voltReplaced = `import { Agent, createTool } from '@voltagent/core';
import { z } from 'zod';

const byName = createTool({ name: 'search_patients', description: 'By name.', parameters: z.object({ q: z.string() }), execute: async () => 1 });
const byPhone = createTool({ name: 'search_patients', description: 'By phone.', parameters: z.object({ phone: z.string() }), execute: async () => 2 });
export const desk = new Agent({ name: 'Desk', instructions: 'Help.', model, tools: [byName, byPhone] });
`;

// A toolkit holding a name the agent already has is skipped whole: its other tool is lost too.
const voltToolkitSkipped = `import { Agent, createTool, createToolkit } from '@voltagent/core';
import { z } from 'zod';

const searchPatients = createTool({ name: 'search_patients', description: 'By name.', parameters: z.object({ q: z.string() }), execute: async () => 1 });
const insurance = createToolkit({
  name: 'insurance',
  tools: [
    createTool({ name: 'check_eligibility', description: 'Eligibility.', parameters: z.object({ memberId: z.string() }), execute: async () => true }),
    createTool({ name: 'search_patients', description: 'By member number.', parameters: z.object({ memberId: z.string() }), execute: async () => 2 }),
  ],
});
export const desk = new Agent({ name: 'Desk', instructions: 'Help.', model, tools: [searchPatients], toolkits: [insurance] });
`;

// A toolkit listed before a standalone tool of its name: the toolkit is added (nothing conflicts
// yet), and its tools are sent after the standalone ones, so the toolkit's tool is the one kept.
const voltToolkitFirst = `import { Agent, createTool } from '@voltagent/core';
import { z } from 'zod';

const byMember = createTool({ name: 'search_patients', description: 'By member number.', parameters: z.object({ memberId: z.string() }), execute: async () => 2 });
const byName = createTool({ name: 'search_patients', description: 'By name.', parameters: z.object({ q: z.string() }), execute: async () => 1 });
export const desk = new Agent({ name: 'Desk', instructions: 'Help.', model, tools: [{ name: 'insurance', tools: [byMember] }, byName] });
`;

// One tool object listed twice is one Map entry.
const voltSameTwice = `import { Agent, createTool } from '@voltagent/core';
import { z } from 'zod';

const lookup = createTool({ name: 'lookup', description: 'Look up.', parameters: z.object({}), execute: async () => 1 });
export const desk = new Agent({ name: 'Desk', instructions: 'Help.', model, tools: [lookup, lookup] });
`;

const voltRunChoice = `import { Agent, createTool } from '@voltagent/core';
import { z } from 'zod';

const book = createTool({ name: 'book_appointment', description: 'Book.', parameters: z.object({}), execute: async () => 1 });
const scheduler = new Agent({ name: 'Scheduler', instructions: 'Book visits.', model, tools: [book] });
export const a = await scheduler.generateText('Book it.', { toolChoice: { type: 'tool', toolName: 'bookAppointment' } });
export const b = await scheduler.streamText('Book it.', { toolChoice: { type: 'tool', toolName: 'book_appointment' } });
export const c = await scheduler.generateText('Book it.', { toolChoice: 'required' });
`;

// ---------------------------------------------------------------- Inngest AgentKit

const kitChoice = `import { createAgent, createTool } from '@inngest/agent-kit';
import { z } from 'zod';

const listInvoices = createTool({ name: 'list_invoices', description: 'Invoices.', parameters: z.object({}), handler: async () => [] });
export const statements = createAgent({ name: 'statements', system: 'Summarise.', tools: [listInvoices], tool_choice: 'list_invoice' });
export const billing = createAgent({ name: 'billing', system: 'Help.', tools: [listInvoices], tool_choice: 'any' });
export const exact = createAgent({ name: 'exact', system: 'Help.', tools: [listInvoices], tool_choice: 'list_invoices' });
`;

// Tools of MCP servers are named `<server>-<tool>` when the agent runs: not known statically.
const kitMcp = `import { createAgent, createTool } from '@inngest/agent-kit';
import { z } from 'zod';

const checkOutages = createTool({ name: 'check_outages', description: 'Outages.', parameters: z.object({}), handler: async () => [] });
export const incidents = createAgent({
  name: 'incidents',
  system: 'Explain the incident.',
  tools: [checkOutages],
  mcpServers: [{ name: 'statuspage', transport: { type: 'streamable-http', url: 'https://status.example/mcp' } }],
  tool_choice: 'statuspage-list_incidents',
});
`;

const kitReplaced = `import { createAgent, createTool } from '@inngest/agent-kit';
import { z } from 'zod';

const byEmail = createTool({ name: 'lookup_account', description: 'By email.', parameters: z.object({}), handler: async () => 1 });
const byAddress = createTool({ name: 'lookup_account', description: 'By address.', parameters: z.object({}), handler: async () => 2 });
export const billing = createAgent({ name: 'billing', system: 'Help.', tools: [byEmail, byAddress] });
`;

// ---------------------------------------------------------------- LlamaIndex.TS

const llamaFirst = `import { FunctionTool, tool } from 'llamaindex';
import { agent } from '@llamaindex/workflow';
import { z } from 'zod';

const searchCatalogue = tool({ name: 'search_catalogue', description: 'Books.', parameters: z.object({ query: z.string() }), execute: async () => 'a' });
const searchArchive = FunctionTool.from(async ({ query }: { query: string }) => query, { name: 'search_catalogue', description: 'Archive.', parameters: z.object({ query: z.string() }) });
export const reference = agent({ name: 'ReferenceAgent', tools: [searchCatalogue, searchArchive], llm });
`;

// `canHandoffTo` names an agent twice: by name, and as an agent value whose name is that name.
const llamaHandoffTwice = `import { agent, multiAgent } from '@llamaindex/workflow';

const writer = agent({ name: 'WriteAgent', description: 'Writes the report.', tools: [], llm });
const reviewer = agent({ name: 'ReviewAgent', description: 'Reviews the report.', tools: [], llm });
export const research = agent({ name: 'ResearchAgent', description: 'Finds sources.', tools: [], llm, canHandoffTo: ['WriteAgent', 'ReviewAgent', 'WriteAgent'] });
export const editor = agent({ name: 'EditorAgent', description: 'Edits.', tools: [], llm, canHandoffTo: [writer, reviewer, writer] });
export const workflow = multiAgent({ agents: [research, editor, writer, reviewer], rootAgent: research });
`;

// Each agent named once; a list that cannot be read is left alone.
const llamaHandoffFine = `import { agent } from '@llamaindex/workflow';

const writer = agent({ name: 'WriteAgent', description: 'Writes.', tools: [], llm });
export const research = agent({ name: 'ResearchAgent', description: 'Finds sources.', tools: [], llm, canHandoffTo: ['WriteAgent', 'ReviewAgent'] });
export const editor = agent({ name: 'EditorAgent', description: 'Edits.', tools: [], llm, canHandoffTo: [writer, ...others] });
`;

// `tool(fn, { name })`: the name is at argument 1.
const llamaFnOptions = `import { tool } from 'llamaindex';
import { agent } from '@llamaindex/workflow';
import { z } from 'zod';

const upcoming = tool(async ({ topic }: { topic: string }) => topic, { name: 'upcoming_events', description: 'Events.', parameters: z.object({ topic: z.string() }) });
const again = tool(async ({ topic }: { topic: string }) => topic, { name: 'upcoming_events', description: 'More events.', parameters: z.object({ topic: z.string() }) });
export const events = agent({ name: 'EventsAgent', tools: [upcoming, again], llm });
`;

const llamaHandOff = `import { tool } from 'llamaindex';
import { agent, multiAgent } from '@llamaindex/workflow';
import { z } from 'zod';

const handOffToStaff = tool({ name: 'handOff', description: 'Ask a librarian.', parameters: z.object({ summary: z.string() }), execute: async () => 'ok' });
export const events = agent({ name: 'EventsAgent', tools: [handOffToStaff], llm, canHandoffTo: ['ReferenceAgent'] });
export const reference = agent({ name: 'ReferenceAgent', tools: [], llm, canHandoffTo: ['EventsAgent'] });
export const desk = multiAgent({ agents: [reference, events], rootAgent: reference });
`;

const llamaNoHandoffs = `import { tool } from 'llamaindex';
import { agent } from '@llamaindex/workflow';
import { z } from 'zod';

const handOffToStaff = tool({ name: 'handOff', description: 'Ask a librarian.', parameters: z.object({}), execute: async () => 'ok' });
export const kiosk = agent({ name: 'Kiosk', tools: [handOffToStaff], llm, canHandoffTo: [] });
`;

runCases('no-tool-name-collision on VoltAgent, Inngest AgentKit and LlamaIndex.TS', collisionRule, {
  valid: [
    { name: 'VoltAgent: no sub-agents, no delegate_task of its own; one name on two agents', code: voltNoSubAgents },
    { name: 'VoltAgent: one tool object listed twice is one entry of the tool map', code: voltSameTwice },
    { name: 'LlamaIndex.TS: a tool named handOff on an agent with no handoffs', code: llamaNoHandoffs },
    { name: 'LlamaIndex.TS: canHandoffTo names each agent once, or cannot be read whole', code: llamaHandoffFine },
  ],
  invalid: [
    {
      name: 'VoltAgent: sub-agents add delegate_task over the tool of that name',
      code: voltDelegate,
      errors: [{ messageId: 'duplicateToolName', data: { name: 'delegate_task', set: 'agent "Front Desk"', winner: LAST, remedy: 'a unique name' }, ...loc(voltDelegate, 'delegateToStaff', 2) }],
    },
    {
      name: 'VoltAgent: a later tool of a name replaces the earlier one',
      code: voltReplaced,
      errors: [{ messageId: 'duplicateToolName', data: { name: 'search_patients', set: 'agent "Desk"', winner: LAST, remedy: 'a unique name' }, ...loc(voltReplaced, 'byName', 2) }],
    },
    {
      name: 'VoltAgent: a toolkit holding a name the agent already has is skipped whole',
      code: voltToolkitSkipped,
      errors: [
        {
          messageId: 'toolkitSkipped',
          data: { toolkit: '"insurance"', name: 'search_patients', set: 'agent "Desk"', framework: 'VoltAgent', lost: '"check_eligibility", "search_patients"' },
          ...loc(voltToolkitSkipped, "'search_patients'", 2),
        },
      ],
    },
    {
      name: "VoltAgent: a toolkit's tools are sent after the standalone ones, so a later standalone tool of its name is replaced",
      code: voltToolkitFirst,
      errors: [
        {
          messageId: 'duplicateToolName',
          data: { name: 'search_patients', set: 'agent "Desk"', winner: 'the tool of toolkit "insurance" (toolkits\' tools are sent after the standalone ones)', remedy: 'a unique name' },
          ...loc(voltToolkitFirst, 'byName', 2),
        },
      ],
    },
    {
      name: 'Inngest AgentKit: a later tool of a name replaces the earlier one in the tool map',
      code: kitReplaced,
      errors: [{ messageId: 'duplicateToolName', data: { name: 'lookup_account', set: 'agent "billing"', winner: LAST, remedy: 'a unique name' }, ...loc(kitReplaced, 'byEmail', 2) }],
    },
    {
      name: 'LlamaIndex.TS: canHandoffTo naming one agent twice throws when the agent is created',
      code: llamaHandoffTwice,
      errors: [
        {
          messageId: 'duplicateAgentEntry',
          data: { name: 'WriteAgent', option: 'canHandoffTo', set: 'agent "ResearchAgent"', outcome: 'creating the agent throws "Duplicate handoff agents"' },
          ...loc(llamaHandoffTwice, "'WriteAgent'", 3),
        },
        {
          messageId: 'duplicateAgentEntry',
          data: { name: 'WriteAgent', option: 'canHandoffTo', set: 'agent "EditorAgent"', outcome: 'creating the agent throws "Duplicate handoff agents"' },
          ...loc(llamaHandoffTwice, 'writer', 3),
        },
      ],
    },
    {
      name: 'LlamaIndex.TS: the first tool of a name runs, so the later one is reported (FunctionTool.from)',
      code: llamaFirst,
      errors: [{ messageId: 'duplicateToolName', data: { name: 'search_catalogue', set: 'agent "ReferenceAgent"', winner: FIRST, remedy: 'a unique name' }, ...loc(llamaFirst, 'searchArchive', 2) }],
    },
    {
      name: 'LlamaIndex.TS: tool(fn, { name }) is named at argument 1',
      code: llamaFnOptions,
      errors: [{ messageId: 'duplicateToolName', data: { name: 'upcoming_events', set: 'agent "EventsAgent"', winner: FIRST, remedy: 'a unique name' }, ...loc(llamaFnOptions, 'again', 2) }],
    },
    {
      name: 'LlamaIndex.TS: a tool named handOff keeps the workflow from adding its handoff tool',
      code: llamaHandOff,
      errors: [{ messageId: 'duplicateToolName', data: { name: 'handOff', set: 'agent "EventsAgent"', winner: FIRST, remedy: 'a unique name' }, ...loc(llamaHandOff, "['ReferenceAgent']") }],
    },
  ],
});

runCases('required-function-name-known on VoltAgent and Inngest AgentKit', referenceRule, {
  valid: [{ name: 'Inngest AgentKit: a tool_choice on an agent with MCP servers (their tools are known at run time)', code: kitMcp }],
  invalid: [
    {
      name: "VoltAgent: a run's toolChoice names the binding, not the tool (a configured name and a mode are fine)",
      code: voltRunChoice,
      errors: [
        {
          messageId: 'unknownRequiredFunction',
          data: { option: 'toolName', name: 'bookAppointment', set: 'agent "Scheduler"', available: '"book_appointment"', effect: FORCED },
          ...loc(voltRunChoice, "'bookAppointment'"),
        },
      ],
    },
    {
      name: "Inngest AgentKit: tool_choice names a tool by string ('any' and a configured name are fine)",
      code: kitChoice,
      errors: [
        {
          messageId: 'unknownRequiredFunction',
          data: { option: 'tool_choice', name: 'list_invoice', set: 'agent "statements"', available: '"list_invoices"', effect: FORCED },
          ...loc(kitChoice, "'list_invoice'"),
        },
      ],
    },
  ],
});
