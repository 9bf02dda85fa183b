// Templates for Mastra (`@mastra/core`): createTool in records named by their keys, new Agent
// with spread records, new Mastra({ agents }).
import { agentIdent, agentSets, agentTitle, handler, header, importLines, moduleText, roleOf, toolImports, zodObject, type FrameworkTemplates } from './common.js';

export const mastra: FrameworkTemplates = {
  wiringStem: 'mastra',
  toolModule(area, module) {
    const entries = module.tools.map((spec) => {
      const { params, body } = handler(area, module, spec);
      return `  ${spec.name}: createTool({
    id: '${spec.verb}-${module.entity}',
    description: '${spec.description}',
    inputSchema: ${zodObject(spec.fields)},
    execute: async (${params}) => ${body},
  }),`;
    });
    return moduleText(area, `Tools for ${module.entity} records`, ["import { createTool } from '@mastra/core/tools';", "import { z } from 'zod';", ...toolImports(area, module)], `export const ${module.setIdent} = {
${entries.join('\n')}
};`);
  },
  agent(area, k) {
    const sets = agentSets(area, k);
    return moduleText(area, `The ${agentTitle(area, k)} agent`, ["import { Agent } from '@mastra/core/agent';", ...importLines(sets)], `export const ${agentIdent(area, k)} = new Agent({
  id: '${area.dir}-${roleOf(area, k)}',
  name: '${agentTitle(area, k)}',
  instructions: 'Help with ${area.domain.purpose}. Confirm every change with the user.',
  model: 'openai/gpt-4.1-mini',
  tools: { ${sets.map((s) => `...${s.ident}`).join(', ')} },
});`);
  },
  wiring(area) {
    return `${header(area, 'The Mastra instance the dev server and the routes share')}
import { Mastra } from '@mastra/core';
import { ${agentIdent(area, 0)} } from './agents/${roleOf(area, 0)}.js';
import { ${agentIdent(area, 1)} } from './agents/${roleOf(area, 1)}.js';

export const mastra = new Mastra({ agents: { ${agentIdent(area, 0)}, ${agentIdent(area, 1)} } });
`;
  },
};
