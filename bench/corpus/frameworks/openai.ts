// Templates for the OpenAI Agents SDK (`@openai/agents`): tool(), new Agent / Agent.create with
// tools and handoffs, modelSettings.toolChoice, run().
import type { ToolModule } from '../model.js';
import { agentIdent, agentName, agentSets, arrayToolModule, handler, header, importLines, nameValue, roleOf, zodObject, type FrameworkTemplates } from './common.js';

export const openai: FrameworkTemplates = {
  wiringStem: 'assistant',
  toolModule(area, module) {
    const tools = module.tools.map((spec) => {
      const { params, body } = handler(area, module, spec);
      return `export const ${spec.ident} = tool({
  name: ${nameValue(spec)},
  description: '${spec.description}',
  parameters: ${zodObject(spec.fields)},${spec.needsApproval ? '\n  needsApproval: true,' : ''}
  execute: async (${params}) => ${body},
});`;
    });
    return arrayToolModule(area, module, `Tools for ${module.entity} records`, "import { tool } from '@openai/agents';", tools);
  },
  agent(area, k) {
    const sets = agentSets(area, k);
    const imports = importLines(sets);
    if (k === 0) {
      return `${header(area, `The ${agentName(area, k)} agent`)}
import { Agent } from '@openai/agents';
${imports.join('\n')}

export const ${agentIdent(area, 0)} = new Agent({
  name: '${agentName(area, 0)}',
  instructions: 'Answer questions about ${area.domain.purpose}. Ask before changing anything.',
  model: 'gpt-4.1-mini',
  tools: [${sets.map((s) => `...${s.ident}`).join(', ')}],
});
`;
    }
    const forced = ((area.toolModules[2] as ToolModule).tools[0] as { name: string }).name;
    return `${header(area, `The ${agentName(area, 1)} agent: routes to the ${agentName(area, 0)} agent`)}
import { Agent, handoff } from '@openai/agents';
import { ${agentIdent(area, 0)} } from './${roleOf(area, 0)}.js';
${imports.join('\n')}

export const ${agentIdent(area, 1)} = Agent.create({
  name: '${agentName(area, 1)}',
  instructions: 'Sort requests about ${area.domain.purpose}; hand off what you cannot answer.',
  tools: [${sets.map((s) => `...${s.ident}`).join(', ')}],
  handoffs: [handoff(${agentIdent(area, 0)}, { toolNameOverride: 'escalate_to_${agentName(area, 0)}' })],
  modelSettings: { toolChoice: '${forced}' },
});
`;
  },
  wiring(area) {
    return `${header(area, 'Entry point of the chat panel')}
import { run } from '@openai/agents';
import { ${agentIdent(area, 1)} } from './agents/${roleOf(area, 1)}.js';

export async function answer(question: string): Promise<string> {
  const result = await run(${agentIdent(area, 1)}, question);
  return result.finalOutput ?? '';
}
`;
  },
};
