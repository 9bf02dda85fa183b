// What a value resolves to (`Item`), and the small helpers every phase uses on items.
import type { AgentFact, FunctionFact, HandoffFact, McpServerFact, Span, ToolDefinitionFact, ValueRef } from '../types.js';
import type { OpaqueIdentity, SourceRef } from '../resolved.js';

export type Item =
  | {
      t: 'tool';
      file: string;
      def: ToolDefinitionFact;
      ns?: { name: string | undefined; at: SourceRef };
      /** The record key that names it, and where that key is written. */
      key?: string;
      keyAt?: SourceRef;
      /** The key is computed (`[tool.id]`): the member's name is not known. */
      keyDynamic?: true;
      instance?: string;
      /** For `new X()`: the class, as `ResolvedTool.instanceOf`. */
      instanceOf?: { key: string; text: string };
      /** The identifier nearest the list that names it (`ResolvedTool.listedAs`). */
      as?: string;
      element?: true;
    }
  | ({ t: 'class'; file: string; def: ToolDefinitionFact } & Identified)
  | { t: 'agent'; file: string; agent: AgentFact }
  | { t: 'handoff'; file: string; handoff: HandoffFact }
  | { t: 'mcp'; file: string; server: McpServerFact }
  | ({ t: 'function'; file: string; fn: FunctionFact } & Identified)
  | ({ t: 'string'; value: string } & Identified)
  | ({ t: 'object'; file: string; properties: Array<{ key: string; value: ValueRef; keySpan?: Span; dynamicKey?: true; keyValue?: ValueRef }> } & Identified)
  | ({ t: 'unresolved'; at: SourceRef; text: string } & Identified)
  /** A record-set member the linker cannot follow: still a tool, named by its static key. */
  | { t: 'keyed'; key: string; keyAt: SourceRef };

/**
 * For values that are no tool the linker knows (an import it cannot follow, a plain object):
 * `identity` is what syntax says about the value (`OpaqueIdentity`), kept only through what passes a
 * value on unchanged (bindings, imports, arrays, spreads); `element`: it is one element of an array.
 */
interface Identified {
  identity?: OpaqueIdentity;
  element?: true;
}

/** Bounds recursion through re-export chains and function parameters; real code needs a handful. */
export const MAX_DEPTH = 24;

/** Which list of an agent a property holds after construction, per the agent's adapter. */
export function liveList(agent: AgentFact, property: string): 'tools' | 'handoffs' | undefined {
  if (agent.liveProperties?.tools === property) return 'tools';
  if (agent.liveProperties?.handoffs === property) return 'handoffs';
  return undefined;
}

/**
 * Items a binding, import or parameter resolves to, known by it: a tool by the identifier nearest
 * the list (the outermost one wins); a value the linker cannot follow by the binding nearest its
 * origin (the innermost one wins, so an alias and its original are one value), written as the list
 * writes it.
 */
export function identified(items: Item[], value: string, text: string): Item[] {
  return items.map((item): Item => {
    // An element of a list the binding holds is named by its own identifier, not the list's.
    if ('element' in item && item.element) return item;
    if (item.t === 'tool') return { ...item, as: text };
    if (item.t === 'agent' || item.t === 'handoff' || item.t === 'mcp' || item.t === 'keyed') return item;
    return { ...item, identity: item.identity ? { ...item.identity, text } : { value, text } };
  });
}

/** An unresolved item that no longer stands for its value (a copy, a call's result, a subclass). */
export function anonymous(item: Extract<Item, { t: 'unresolved' }>): Item {
  return { t: 'unresolved', at: item.at, text: item.text };
}

/** The items of one array element: each is an element of the list, unless the element is a spread. */
export function asElements(element: ValueRef, items: Item[]): Item[] {
  if (element.kind === 'spread') return items;
  return items.map((item) => (item.t === 'agent' || item.t === 'handoff' || item.t === 'mcp' || item.t === 'keyed' ? item : { ...item, element: true }));
}

export function describe(item: Item): string {
  return item.t === 'string' ? JSON.stringify(item.value) : item.t;
}
