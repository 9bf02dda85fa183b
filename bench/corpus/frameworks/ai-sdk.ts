// Templates for the Vercel AI SDK (`ai`): tool() in ToolSet records named by their keys,
// generateText / streamText with spread records and activeTools, a route handler.
import type { ToolModule } from '../model.js';
import { camel } from '../words.js';
import { agentSets, handler, header, importLines, moduleText, roleOf, toolImports, zodObject, type FrameworkTemplates } from './common.js';

const fn = (area: { domain: { slug: string }; index: number }, k: 0 | 1, role: string): string =>
  camel(k === 0 ? 'answer' : 'stream', area.domain.slug, role) + area.index;

export const aiSdk: FrameworkTemplates = {
  wiringStem: 'route',
  toolModule(area, module) {
    const entries = module.tools.map((spec) => {
      const { params, body } = handler(area, module, spec);
      return `  ${spec.name}: tool({
    description: '${spec.description}',
    inputSchema: ${zodObject(spec.fields)},${spec.needsApproval ? '\n    needsApproval: true,' : ''}
    execute: async (${params}) => ${body},
  }),`;
    });
    return moduleText(area, `Tools for ${module.entity} records`, ["import { tool, type ToolSet } from 'ai';", "import { z } from 'zod';", ...toolImports(area, module)], `// Annotated as ToolSet so the routes do not re-infer every schema.
export const ${module.setIdent}: ToolSet = {
${entries.join('\n')}
};`);
  },
  agent(area, k) {
    const sets = agentSets(area, k);
    const record = `{ ${sets.map((s) => `...${s.ident}`).join(', ')} }`;
    if (k === 0) {
      return `${header(area, `Answers questions about ${area.domain.purpose}`)}
import { generateText, type ToolSet } from 'ai';
${importLines(sets).join('\n')}

export async function ${fn(area, 0, roleOf(area, 0))}(prompt: string): Promise<string> {
  const tools: ToolSet = ${record};
  const { text } = await generateText({
    model: 'openai/gpt-4.1-mini',
    system: 'You help with ${area.domain.purpose}. Ask before changing anything.',
    prompt,
    tools,
  });
  return text;
}
`;
    }
    const active = ((area.toolModules[2] as ToolModule).tools[0] as { name: string }).name;
    return `${header(area, `Streams answers about ${area.domain.purpose}`)}
import { streamText } from 'ai';
${importLines(sets).join('\n')}

export function ${fn(area, 1, roleOf(area, 1))}(prompt: string, readOnly: boolean): Response {
  const result = streamText({
    model: 'openai/gpt-4.1-mini',
    system: 'Stream a short answer about ${area.domain.purpose}.',
    prompt,
    tools: ${record},
    activeTools: readOnly ? ['${active}'] : undefined,
  });
  return result.toTextStreamResponse();
}
`;
  },
  wiring(area) {
    const stream = fn(area, 1, roleOf(area, 1));
    return `${header(area, 'POST /api/chat route handler')}
import { ${stream} } from './agents/${roleOf(area, 1)}.js';

export async function POST(request: Request): Promise<Response> {
  const { prompt, role } = (await request.json()) as { prompt: string; role: string };
  return ${stream}(prompt, role === 'viewer');
}
`;
  },
};
