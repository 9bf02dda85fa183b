// Templates for LangChain.js: tool() and new DynamicStructuredTool from `@langchain/core/tools`
// in arrays, createAgent from `langchain`, invoke().
import { agentIdent, agentName, agentSets, arrayToolModule, handler, header, importLines, moduleText, nameValue, roleOf, zodObject, type FrameworkTemplates } from './common.js';

export const langchain: FrameworkTemplates = {
  wiringStem: 'chat',
  toolModule(area, module) {
    let usesTool = false;
    let usesDynamic = false;
    const tools = module.tools.map((spec, i) => {
      const { params, body } = handler(area, module, spec);
      if (i % 2 === 1) {
        usesDynamic = true;
        return `export const ${spec.ident} = new DynamicStructuredTool({
  name: ${nameValue(spec)},
  description: '${spec.description}',
  schema: ${zodObject(spec.fields)},
  func: async (${params}) => JSON.stringify(await ${body}),
});`;
      }
      usesTool = true;
      return `export const ${spec.ident} = tool(async (${params}) => JSON.stringify(await ${body}), {
  name: ${nameValue(spec)},
  description: '${spec.description}',
  schema: ${zodObject(spec.fields)},
});`;
    });
    const named = [...(usesDynamic ? ['DynamicStructuredTool'] : []), ...(usesTool ? ['tool'] : [])];
    return arrayToolModule(area, module, `Tools for ${module.entity} records`, `import { ${named.join(', ')} } from '@langchain/core/tools';`, tools);
  },
  agent(area, k) {
    const sets = agentSets(area, k);
    return moduleText(area, `The ${agentName(area, k)} agent`, ["import { createAgent } from 'langchain';", ...importLines(sets)], `export const ${agentIdent(area, k)} = createAgent({
  model: 'openai:gpt-4.1-mini',
  systemPrompt: 'You help with ${area.domain.purpose}. Never change a record without confirmation.',
  tools: [${sets.map((s) => `...${s.ident}`).join(', ')}],
});`);
  },
  wiring(area) {
    return `${header(area, 'The chat panel calls the agent once per message')}
import { ${agentIdent(area, 1)} } from './agents/${roleOf(area, 1)}.js';

export async function ask(question: string): Promise<string> {
  const result = await ${agentIdent(area, 1)}.invoke({ messages: [{ role: 'user', content: question }] });
  return result.messages.at(-1)?.content ?? '';
}
`;
  },
};
