// The plan of one feature area of a generated project, shared by the framework templates: which
// tools each tool module defines, under which names, and which of them is a planted defect.
import type { Rng } from './prng.js';
import { camel, FIELDS, pascal, VERBS, type Domain } from './words.js';

export const FRAMEWORKS = ['runtime', 'openai', 'mcp-v1', 'mcp-v2', 'ai-sdk', 'langchain', 'mastra'] as const;
export type Framework = (typeof FRAMEWORKS)[number];

export interface Field {
  key: string;
  ts: string;
  zod: string;
}

export interface ToolSpec {
  /** The JS binding (or record key, for frameworks named by the key). */
  ident: string;
  /** The wire name the model sees. */
  name: string;
  /** `NAMES.key` when the name comes from the area's constants module. */
  nameRef: string | undefined;
  description: string;
  fields: Field[];
  needsApproval: boolean;
  verb: string;
}

export interface ToolModule {
  entity: string;
  /** File stem under tools/, e.g. `invoice`. */
  stem: string;
  /** The exported set (array, record or register function) of this module. */
  setIdent: string;
  tools: ToolSpec[];
}

export interface Area {
  index: number;
  framework: Framework;
  domain: Domain;
  /** Directory under src/features/, e.g. `billing` or `billing-2`. */
  dir: string;
  /** Name of the constants object, e.g. `BILLING_TOOL_NAMES`. */
  namesIdent: string;
  entities: string[];
  toolModules: ToolModule[];
  /** Constant keys and values of the constants module. */
  names: Array<{ key: string; value: string }>;
  /** The area of the same framework this one imports tools from (through its barrel). */
  previous: Area | undefined;
  /** Whether tool module 3 repeats a tool name of module 0 (seen by agent 0: one finding). */
  defect: boolean;
}

const keyed = (framework: Framework): boolean => framework === 'ai-sdk' || framework === 'mastra';
const mcp = (framework: Framework): boolean => framework === 'mcp-v1' || framework === 'mcp-v2';

export function isMcp(framework: Framework): boolean {
  return mcp(framework);
}

export function planArea(rng: Rng, index: number, domain: Domain, round: number, previous: Area | undefined, defect: boolean): Area {
  const framework = FRAMEWORKS[index % FRAMEWORKS.length] as Framework;
  const suffix = round === 0 ? '' : `_${round + 1}`;
  const dir = round === 0 ? domain.slug : `${domain.slug}-${round + 1}`;
  const namesIdent = `${domain.slug.toUpperCase()}_TOOL_NAMES`;
  const entities = [...domain.entities];
  const names: Array<{ key: string; value: string }> = [];
  const toolModules: ToolModule[] = entities.slice(0, 4).map((entity) => {
    const verbs = rng.sample(VERBS, rng.int(2, 4));
    const tools = verbs.map((verb): ToolSpec => {
      const name = keyed(framework) ? camel(verb, entity) + (round === 0 ? '' : String(round + 1)) : `${verb}_${entity}${suffix}`;
      return {
        ident: camel(verb, entity),
        name,
        nameRef: undefined,
        description: `${pascal(verb)} ${entity} records of ${domain.purpose}.`,
        fields: [{ key: 'id', ts: 'string', zod: 'z.string()' }, ...rng.sample(FIELDS, rng.int(1, 3))],
        needsApproval: verb === 'archive' || verb === 'update',
        verb,
      };
    });
    return { entity, stem: entity, setIdent: mcp(framework) ? `register${pascal(entity)}Tools` : `${entity}Tools`, tools };
  });
  // Names held in the constants module: the second tool of every module (imported, not literal).
  if (!keyed(framework)) {
    for (const module of toolModules) {
      const spec = module.tools[1] as ToolSpec;
      names.push({ key: spec.ident, value: spec.name });
      spec.nameRef = `${namesIdent}.${spec.ident}`;
    }
  }
  if (defect) {
    // A copy of module 0's second tool (same name: through the constant where names are strings).
    const original = (toolModules[0] as ToolModule).tools[1] as ToolSpec;
    const copy: ToolSpec = {
      ...original,
      ident: keyed(framework) ? original.ident : `${original.ident}Again`,
      description: `${original.description} (copied by the ${entities[3]} team)`,
    };
    (toolModules[3] as ToolModule).tools.push(copy);
  }
  return { index, framework, domain, dir, namesIdent, entities, toolModules, names, previous, defect };
}
