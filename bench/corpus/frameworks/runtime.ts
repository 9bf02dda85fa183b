// Templates for this package's reference runtime (`tool-identity-audit/runtime`): defineTool,
// Agent, and a run with a forced first call.
import type { Area, ToolModule } from '../model.js';
import { agentIdent, agentName, agentSets, argsType, arrayToolModule, handler, header, importLines, moduleText, nameValue, roleOf, zodObject, type FrameworkTemplates } from './common.js';

export const runtime: FrameworkTemplates = {
  wiringStem: 'desk',
  toolModule(area, module) {
    const tools = module.tools.map((spec) => {
      const { params, body } = handler(area, module, spec);
      return `export const ${spec.ident} = defineTool<${argsType(spec.fields)}>({
  name: ${nameValue(spec)},
  description: '${spec.description}',
  parameters: ${zodObject(spec.fields)},${spec.needsApproval ? "\n  approvalMode: 'always_require'," : ''}
  execute: async (${params}) => ${body},
});`;
    });
    return arrayToolModule(area, module, `Tools for ${module.entity} records, on the tool-identity-audit runtime`, "import { defineTool } from 'tool-identity-audit/runtime';", tools);
  },
  agent(area, k) {
    const sets = agentSets(area, k);
    return moduleText(area, `The ${agentName(area, k)} agent`, ["import { Agent } from 'tool-identity-audit/runtime';", ...importLines(sets)], `export const ${agentIdent(area, k)} = new Agent({
  name: '${agentName(area, k)}',
  instructions: 'Help staff with ${area.domain.purpose}. Confirm before changing records.',
  tools: [${sets.map((s) => `...${s.ident}`).join(', ')}],
  maxIterations: ${6 + (area.index % 5)},
});`);
  },
  wiring(area: Area) {
    const forced = ((area.toolModules[2] as ToolModule).tools[0] as { name: string }).name;
    return `${header(area, 'One desk turn: the first model call must look the record up')}
import type { ChatModel } from 'tool-identity-audit/runtime';
import { ${agentIdent(area, 1)} } from './agents/${roleOf(area, 1)}.js';

export async function runDesk(input: string, model: ChatModel): Promise<string> {
  const result = await ${agentIdent(area, 1)}.run(input, {
    model,
    toolChoice: { mode: 'required', requiredFunctionName: '${forced}' },
  });
  return result.finalOutput ?? 'Sorry, something went wrong.';
}
`;
  },
};
