// Call-shape matching: which adapter table entries a call or `new` expression matches. Each
// adapter's `CallShape`s are indexed once (by export name, by `Export.method`, by method name), so
// the walker asks one map per candidate instead of looping over every spec.
import type {
  CallShape,
  CollectHook,
  ExposureSpec,
  FrameworkAdapter,
  HandoffDefiner,
  McpDispatchSpec,
  McpRegistrationSpec,
  McpServerSpec,
  NamespaceDefiner,
  PassThroughSpec,
  RunSpec,
  ToolDefiner,
} from '../adapters/types.js';
import type * as TS from 'typescript';
import { type TsModule, accessName, unwrap } from './context.js';

export type Entry =
  | { role: 'tool'; spec: ToolDefiner }
  | { role: 'namespace'; spec: NamespaceDefiner }
  | { role: 'handoff'; spec: HandoffDefiner }
  | { role: 'exposure'; spec: ExposureSpec }
  | { role: 'mcp-server'; spec: McpServerSpec }
  | { role: 'mcp-registration'; spec: McpRegistrationSpec }
  | { role: 'mcp-dispatch'; spec: McpDispatchSpec }
  | { role: 'opaque-agent' }
  | { role: 'run-options'; spec: RunSpec }
  | { role: 'hook'; spec: CollectHook }
  | { role: 'pass-through'; spec: PassThroughSpec };

export type Matched = Entry & { minArguments: number; receiverPath?: readonly string[]; wrapper?: true };

interface ShapeIndex {
  call: Map<string, Matched[]>;
  new: Map<string, Matched[]>;
  /** `Export.method` */
  static: Map<string, Matched[]>;
  method: Map<string, Matched[]>;
  extends: Map<string, Matched[]>;
}

const indexes = new WeakMap<FrameworkAdapter, ShapeIndex>();

function keyOf(shape: CallShape): { table: keyof ShapeIndex; key: string } {
  switch (shape.type) {
    case 'call':
      return { table: 'call', key: shape.name };
    case 'new':
      return { table: 'new', key: shape.name };
    case 'static':
      return { table: 'static', key: `${shape.name}.${shape.method}` };
    case 'method':
      return { table: 'method', key: shape.method };
    case 'extends':
      return { table: 'extends', key: shape.name };
  }
}

/** Every table entry of an adapter in one list, in the adapter's own order. */
function entriesOf(adapter: FrameworkAdapter): Array<{ entry: Entry; match: readonly CallShape[] }> {
  const out: Array<{ entry: Entry; match: readonly CallShape[] }> = [];
  for (const spec of adapter.tools ?? []) out.push({ entry: { role: 'tool', spec }, match: spec.match });
  for (const spec of adapter.namespaces ?? []) out.push({ entry: { role: 'namespace', spec }, match: spec.match });
  for (const spec of adapter.handoffs ?? []) out.push({ entry: { role: 'handoff', spec }, match: spec.match });
  for (const spec of adapter.exposures ?? []) out.push({ entry: { role: 'exposure', spec }, match: spec.match });
  for (const spec of adapter.mcpServers ?? []) out.push({ entry: { role: 'mcp-server', spec }, match: spec.match });
  for (const spec of adapter.mcpRegistrations ?? []) out.push({ entry: { role: 'mcp-registration', spec }, match: spec.match });
  for (const spec of adapter.mcpDispatches ?? []) out.push({ entry: { role: 'mcp-dispatch', spec }, match: spec.match });
  if (adapter.opaqueAgents) out.push({ entry: { role: 'opaque-agent' }, match: adapter.opaqueAgents });
  for (const spec of adapter.runs ?? []) out.push({ entry: { role: 'run-options', spec }, match: spec.match });
  for (const spec of adapter.collect ?? []) out.push({ entry: { role: 'hook', spec }, match: spec.match });
  for (const spec of adapter.passThrough ?? []) out.push({ entry: { role: 'pass-through', spec }, match: spec.match });
  return out;
}

export function shapeIndex(adapter: FrameworkAdapter): ShapeIndex {
  let index = indexes.get(adapter);
  if (index) return index;
  index = { call: new Map(), new: new Map(), static: new Map(), method: new Map(), extends: new Map() };
  for (const { entry, match } of entriesOf(adapter)) {
    for (const shape of match) {
      const { table, key } = keyOf(shape);
      const map = index[table];
      let list = map.get(key);
      if (!list) map.set(key, (list = []));
      const m: Matched = { ...entry, minArguments: shape.type === 'method' ? (shape.minArguments ?? 0) : 0 };
      if (shape.type === 'method' && shape.receiverPath) m.receiverPath = shape.receiverPath;
      if (shape.type !== 'static' && shape.type !== 'extends' && shape.wrapper) m.wrapper = true;
      list.push(m);
    }
  }
  indexes.set(adapter, index);
  return index;
}

/** The entries of `adapter` that a shape key matches, given the call's argument count. */
export function matchShape(adapter: FrameworkAdapter, table: keyof ShapeIndex, key: string, argumentCount: number): Matched[] {
  const list = shapeIndex(adapter)[table].get(key);
  if (!list) return [];
  return list.filter((m) => argumentCount >= m.minArguments);
}

/**
 * The receiver of a matched method: the callee's object, or for a shape with a `receiverPath` the
 * expression in front of that path (`server` of `server.experimental.tasks`); undefined when the
 * object is not reached through the path.
 */
export function receiverOf(ts: TsModule, object: TS.Expression, m: Matched): TS.Expression | undefined {
  let current = object;
  const path = m.receiverPath ?? [];
  for (let i = path.length - 1; i >= 0; i--) {
    const e = unwrap(ts, current);
    if ((!ts.isPropertyAccessExpression(e) && !ts.isElementAccessExpression(e)) || accessName(ts, e) !== path[i]) return undefined;
    current = e.expression;
  }
  return current;
}

const wrapperPatterns = new WeakMap<FrameworkAdapter, RegExp | null>();

/**
 * The words that enable an adapter's `wrapper` shapes in a file (`registerPaidTool`, `.registerTool`,
 * `chat.completions.create`): a file that writes one of them is read with the adapter on, whatever
 * it imports.
 */
export function wrapperPattern(adapter: FrameworkAdapter): RegExp | undefined {
  let pattern = wrapperPatterns.get(adapter);
  if (pattern === undefined) {
    const words = new Set<string>();
    const escape = (name: string): string => name.replace(/[$]/g, '\\$&');
    for (const { match } of entriesOf(adapter)) {
      for (const shape of match) {
        if (!('wrapper' in shape) || !shape.wrapper) continue;
        // A method on a receiver path is written `<path>.<method>` (`chat.completions.create`).
        if (shape.type === 'method') words.add([...(shape.receiverPath ?? []), shape.method].map(escape).join('\\s*\\??\\.\\s*'));
        else words.add(escape(shape.name));
      }
    }
    pattern = words.size === 0 ? null : new RegExp(`(?<![\\w$])(?:${[...words].join('|')})(?![\\w$])`);
    wrapperPatterns.set(adapter, pattern);
  }
  return pattern ?? undefined;
}

/** Every string an adapter names in its shapes: what the walker and the linker must never spell. */
export function shapeNames(adapter: FrameworkAdapter): string[] {
  const names = new Set<string>();
  for (const { match } of entriesOf(adapter)) {
    for (const shape of match) {
      if ('name' in shape) names.add(shape.name);
      if ('method' in shape) names.add(shape.method);
      if ('receiverPath' in shape) for (const step of shape.receiverPath ?? []) names.add(step);
    }
  }
  return [...names].sort();
}
