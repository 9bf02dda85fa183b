// Pieces every framework template shares: schemas, argument types, tool bodies, the constants
// module, the barrel and which tool sets each of an area's two agents combines.
import type { Area, Field, ToolModule, ToolSpec } from '../model.js';
import { isMcp } from '../model.js';
import { camel, pascal, ROLES } from '../words.js';

export interface FrameworkTemplates {
  /** tools/<stem>.ts: the tools of one entity and the set that groups them. */
  toolModule(area: Area, module: ToolModule): string;
  /** agents/<role>.ts: agent `k` (0 or 1) of the area. */
  agent(area: Area, k: 0 | 1): string;
  /** The area's entry point that uses its agents. */
  wiring(area: Area): string;
  wiringStem: string;
}

export const zodObject = (fields: Field[]): string => `z.object({ ${fields.map((f) => `${f.key}: ${f.zod}`).join(', ')} })`;
export const zodShape = (fields: Field[]): string => `{ ${fields.map((f) => `${f.key}: ${f.zod}`).join(', ')} }`;
export const argsType = (fields: Field[]): string => `{ ${fields.map((f) => `${f.key}: ${f.ts}`).join('; ')} }`;

/** The name property's value: the constant when the spec takes it from the constants module. */
export const nameValue = (spec: ToolSpec): string => spec.nameRef ?? `'${spec.name}'`;

const READS = new Set(['search', 'get', 'export', 'summarize']);

/** Parameter list and body of a tool's handler: reads go through apiGet, writes post the rest. */
export function handler(area: Area, module: ToolModule, spec: ToolSpec): { params: string; body: string } {
  const path = `/${area.domain.slug}/${module.entity}s/\${id}`;
  if (READS.has(spec.verb)) return { params: '{ id }', body: `apiGet(\`${path}\`)` };
  return { params: '{ id, ...changes }', body: `apiPost(\`${path}/${spec.verb}\`, changes)` };
}

export function usesNames(module: ToolModule): boolean {
  return module.tools.some((t) => t.nameRef !== undefined);
}

export function toolImports(area: Area, module: ToolModule): string[] {
  const verbs = new Set(module.tools.map((t) => (READS.has(t.verb) ? 'apiGet' : 'apiPost')));
  return [
    ...(usesNames(module) ? [`import { ${area.namesIdent} } from '../names.js';`] : []),
    `import { ${[...verbs].sort().join(', ')} } from '../services/api-client.js';`,
  ];
}

export const header = (area: Area, what: string): string => `// ${what} (${area.domain.slug}: ${area.domain.purpose}).`;

export const roleOf = (area: Area, k: 0 | 1): string => ROLES[(area.index + k * 3) % ROLES.length] as string;
export const agentIdent = (area: Area, k: 0 | 1): string => camel(area.domain.slug, roleOf(area, k)) + suffix(area);
export const agentName = (area: Area, k: 0 | 1): string => `${area.domain.slug}_${roleOf(area, k)}${suffix(area, '_')}`;
export const agentTitle = (area: Area, k: 0 | 1): string => `${pascal(area.domain.slug)} ${pascal(roleOf(area, k))}`;
const suffix = (area: Area, sep = ''): string => {
  const round = area.dir.split('-')[1];
  return round === undefined ? '' : `${sep}${round}`;
};

/** Where an agent's tool sets come from: [binding, module specifier] pairs. */
export function agentSets(area: Area, k: 0 | 1): Array<{ ident: string; from: string }> {
  const m = area.toolModules;
  const own = (i: number, barrel: boolean) => ({
    ident: (m[i] as ToolModule).setIdent,
    from: barrel ? '../tools/index.js' : `../tools/${(m[i] as ToolModule).stem}.js`,
  });
  if (k === 0) return [own(0, false), own(1, true), own(3, true)];
  const sets = [own(2, false), own(3, false)];
  const previous = area.previous?.toolModules[0];
  if (area.previous && previous) sets.push({ ident: previous.setIdent, from: `../../${area.previous.dir}/tools/index.js` });
  return sets;
}

/** Import lines for a list of bindings, one line per module, in a stable order. */
export function importLines(sets: Array<{ ident: string; from: string }>): string[] {
  const byModule = new Map<string, string[]>();
  for (const set of sets) byModule.set(set.from, [...(byModule.get(set.from) ?? []), set.ident]);
  return [...byModule].map(([from, idents]) => `import { ${[...idents].sort().join(', ')} } from '${from}';`);
}

export function namesModule(area: Area): string {
  const lines = area.names.map((n) => `  ${n.key}: '${n.value}',`);
  return `// Tool names of ${area.domain.slug}, shared by the tools, the prompts and the dashboards.
export const ${area.namesIdent} = {
${lines.join('\n')}
} as const;

export type ${pascal(area.domain.slug)}ToolName = (typeof ${area.namesIdent})[keyof typeof ${area.namesIdent}];

/** How many results a search tool returns unless the model asks for more. */
export const DEFAULT_RESULT_LIMIT = ${10 + (area.index % 4) * 5};
`;
}

export function barrelModule(area: Area): string {
  const [first, ...rest] = area.toolModules as [ToolModule, ...ToolModule[]];
  return `// Every tool of ${area.domain.slug}, for the agents and the admin console.
export { ${first.setIdent} } from './${first.stem}.js';
${rest.map((m) => `export * from './${m.stem}.js';`).join('\n')}
`;
}

/** A small MCP server of its own in every area (v1 or v2 SDK by turns): two lookups. */
export function standaloneMcpModule(area: Area): string {
  const v2 = area.index % 2 === 1;
  const pkg = v2 ? '@modelcontextprotocol/server' : '@modelcontextprotocol/sdk/server/mcp.js';
  const ident = `${camel(area.domain.slug)}LookupServer${suffix(area)}`;
  const lookups = area.entities.slice(4, 6).map((entity) => {
    const schema = v2 ? 'z.object({ id: z.string() })' : '{ id: z.string() }';
    return `${ident}.registerTool(
  'lookup_${entity}${suffix(area, '_')}',
  { title: 'Look up ${entity}', description: 'One ${entity} by id, as JSON.', inputSchema: ${schema} },
  async ({ id }) => ({ content: [{ type: 'text', text: JSON.stringify(await apiGet(\`/${area.domain.slug}/${entity}s/\${id}\`)) }] }),
);`;
  });
  return `${header(area, `Read-only MCP server for the IDE agents${v2 ? ', on the v2 SDK' : ''}`)}
import { McpServer } from '${pkg}';
import { z } from 'zod';
import { apiGet } from './services/api-client.js';

export const ${ident} = new McpServer({ name: '${area.dir}-lookup', version: '0.${area.index % 10}.0' });

${lookups.join('\n\n')}
`;
}

export { isMcp };

/** A generated module: the header comment, the imports, a blank line, the body. */
export const moduleText = (area: Area, what: string, imports: readonly string[], body: string): string =>
  `${header(area, what)}\n${imports.join('\n')}\n\n${body}\n`;

/** A tool module of const tools grouped in an exported array (runtime, OpenAI, LangChain). */
export function arrayToolModule(area: Area, module: ToolModule, what: string, frameworkImport: string, tools: readonly string[]): string {
  const set = `export const ${module.setIdent} = [${module.tools.map((t) => t.ident).join(', ')}];`;
  return moduleText(area, what, [frameworkImport, "import { z } from 'zod';", ...toolImports(area, module)], `${tools.join('\n\n')}\n\n${set}`);
}
