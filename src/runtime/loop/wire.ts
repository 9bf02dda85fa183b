// The tool list as the model sees it. Namespaced tools are grouped into one
// `{ type: 'namespace', name, description, tools }` entry at the position of the namespace's first
// member (Responses shape); handoffs follow the function tools as plain functions.
import { getFunctionToolLookupKeyForTool } from '../identity/index.js';
import type { FunctionTool, JsonSchema } from './define-tool.js';
import type { Handoff } from './handoff.js';

export interface WireFunctionTool {
  type: 'function';
  name: string;
  description: string;
  parameters: JsonSchema;
  /** Present only for deferred-loading tools. */
  deferLoading?: true;
}

export interface WireNamespace {
  type: 'namespace';
  name: string;
  description: string;
  tools: WireFunctionTool[];
}

export type WireTool = WireFunctionTool | WireNamespace;

const HANDOFF_PARAMETERS: JsonSchema = { type: 'object', properties: {}, additionalProperties: false };

export function toWireTools(tools: readonly FunctionTool[], handoffs: readonly Handoff[]): WireTool[] {
  const wire: WireTool[] = [];
  const groups = new Map<string, WireNamespace>();
  for (const tool of tools) {
    const entry = toWireFunction(tool);
    const key = getFunctionToolLookupKeyForTool(tool);
    if (key?.kind !== 'namespaced') {
      wire.push(entry);
      continue;
    }
    let group = groups.get(key.namespace);
    if (group === undefined) {
      group = {
        type: 'namespace',
        name: key.namespace,
        description: typeof tool.namespaceDescription === 'string' ? tool.namespaceDescription : '',
        tools: [],
      };
      groups.set(key.namespace, group);
      wire.push(group);
    }
    group.tools.push(entry);
  }
  for (const entry of handoffs) {
    wire.push({
      type: 'function',
      name: entry.toolName,
      description: entry.toolDescription,
      parameters: HANDOFF_PARAMETERS,
    });
  }
  // Plain JSON, detached from the tools, so a recorded request cannot be changed afterwards.
  return structuredClone(wire);
}

function toWireFunction(tool: FunctionTool): WireFunctionTool {
  return {
    type: 'function',
    name: tool.name,
    description: tool.description,
    parameters: tool.parameters,
    ...(tool.deferLoading ? { deferLoading: true as const } : {}),
  };
}

/** Model-visible names of a wire list: `ns.name` for namespace members, `name` otherwise. */
export function wireToolNames(tools: readonly WireTool[]): string[] {
  return tools.flatMap((tool) =>
    tool.type === 'namespace' ? tool.tools.map((member) => `${tool.name}.${member.name}`) : [tool.name],
  );
}
