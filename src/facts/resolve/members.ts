// The members of one exposure set: its tools (by list, record, toolkit or keyed members) and its handoffs.
import type { ExposureFact, ObjectToolFact, ValueRef } from '../types.js';
import type { ResolvedExposureSet, ResolvedTool, SourceRef } from '../resolved.js';
import type { LinkContext } from './context.js';
import { describe } from './items.js';
import { objectTool, objectToolShapes, resolveRecord, resolveTop, type Listed } from './lists.js';
import { keyedTool, resolvedHandoff, resolvedTool } from './records.js';
import { importsResolved, listedByName, registeredTools } from './registry.js';
import { resolve } from './values.js';

/** How a set names the plain objects (and strings) listed among its tools. */
type ObjectNaming = Pick<ExposureFact, 'objectToolNames' | 'objectTools' | 'toolsByName'>;

/** A string listed among a set's tools that names no registered tool (`ToolsSpec.byName`). */
export interface MissingByName {
  name: string;
  at: SourceRef;
  effect: string;
}

/** Collects a set's tools; returns the strings among them that name no registered tool. */
export function collectTools(ctx: LinkContext, file: string, source: ValueRef, set: ResolvedExposureSet, record = false, naming: ObjectNaming = {}): MissingByName[] {
  const missing: MissingByName[] = [];
  const tools: ResolvedTool[] = [];
  const byName: Array<{ name: string; at: SourceRef; index: number }> = [];
  const listed = record ? resolveRecord(ctx, file, source) : resolveTop(ctx, file, source);
  const entries = naming.objectTools ? listed.flatMap((entry) => objectEntries(ctx, entry, naming.objectTools!, 0)) : listed;
  for (const { item: found, listedAt, group } of entries) {
    const item = found.t === 'object' && naming.objectToolNames ? (objectTool(ctx, found, naming.objectToolNames) ?? found) : found;
    if (item.t === 'tool') {
      // Disabled in code (`isEnabled: false`): the model never sees it.
      if (!item.def.disabled) tools.push(group ? { ...resolvedTool(ctx, item, listedAt), group } : resolvedTool(ctx, item, listedAt));
    } else if (item.t === 'keyed') tools.push(keyedTool(ctx, set.adapter, item.key, item.keyAt, listedAt));
    else if (item.t === 'string' && !record && naming.toolsByName && listedAt && !naming.toolsByName.external.some((mark) => item.value.includes(mark))) {
      // Looked up once the call's own tools are known: they are registered for the call first.
      byName.push({ name: item.value, at: listedAt, index: tools.length });
    } else if (item.t === 'mcp' || item.t === 'agent' || item.t === 'handoff') {
      // Not a tool: an agent or server listed among tools is a type error the compiler reports.
    } else {
      const at = item.t === 'unresolved' ? item.at : { file, span: source.span };
      const text = item.t === 'unresolved' ? item.text : describe(item);
      // An element of a tool array keeps what syntax says about it; a record names members by keys.
      if (!record && item.element && item.identity) set.unresolved.push({ ...(listedAt ?? at), text, identity: item.identity });
      else set.unresolved.push({ ...at, text });
    }
  }
  // A name finds a tool the call lists by value under that written name (Genkit registers those for
  // the call), else one registered anywhere in the analysis; it keeps its place in the list.
  const byValue = [...tools];
  let inserted = 0;
  for (const { name, at, index } of byName) {
    const found = byValue.find((tool) => (tool.writtenName ?? tool.name) === name) ?? registeredTools(ctx, set.adapter).get(name);
    if (found) tools.splice(index + inserted++, 0, listedByName(found, at));
    else if (importsResolved(ctx, file)) missing.push({ name, at, effect: naming.toolsByName!.effect });
    else set.unresolved.push({ ...at, text: JSON.stringify(name) });
  }
  // A record holds one value per key: the same tool under the same key again (`{ ...base,
  // ...base }`, a record that spreads one already spread) overwrites it with itself, and the
  // key keeps its last place. Arrays keep every entry.
  set.tools.push(...(record ? tools.filter((tool, i) => !tools.slice(i + 1).some((later) => later.key === tool.key)) : tools));
  return missing;
}

/** A toolkit array's members; false when some element is not a tool of the set's adapter. */
export function collectToolkit(ctx: LinkContext, file: string, source: ValueRef | undefined, set: ResolvedExposureSet, toolkitOf?: readonly string[]): boolean {
  if (!source) return false;
  const record = set.toolsShape === 'record';
  const read = (value: ValueRef): Listed[] => (record ? resolveRecord(ctx, file, value) : resolveTop(ctx, file, value));
  // A toolkit of a module that imports no framework belongs to its first member's framework: the
  // first element alone decides whether the list is worth resolving (most such lists are not tools).
  if (set.adapter === '') {
    const head = source.kind === 'array' ? { ...source, elements: source.elements.slice(0, 1) } : source.kind === 'object' ? { ...source, properties: source.properties.slice(0, 1) } : undefined;
    const [first] = head ? read(head) : [];
    if (first?.item.t !== 'tool' || !toolkitOf?.includes(first.item.def.adapter)) return false;
    set.adapter = first.item.def.adapter;
  }
  const items = read(source);
  if (items.length < 2 || !items.every(({ item }) => item.t === 'tool' && item.def.adapter === set.adapter)) return false;
  // A record keeps one value per key, as a framework's own record (`collectTools`).
  if (record) collectTools(ctx, file, source, set, true);
  else for (const { item, listedAt } of items) if (item.t === 'tool') set.tools.push(resolvedTool(ctx, item, listedAt));
  return true;
}

/** `agents: { vendor }` -> the tool `agent-vendor`: one member per key, named where the key is written. */
export function collectKeyed(ctx: LinkContext, file: string, keyed: { prefix: string; value: ValueRef }, set: ResolvedExposureSet): void {
  for (const object of resolve(ctx, file, keyed.value, 0)) {
    if (object.t !== 'object') {
      set.unresolved.push(object.t === 'unresolved' ? { ...object.at, text: object.text } : { file, span: keyed.value.span, text: describe(object) });
      continue;
    }
    for (const property of object.properties) {
      if (property.value.kind === 'spread' || !property.keySpan || property.dynamicKey) {
        set.unresolved.push({ file: object.file, span: property.value.span, text: `${keyed.prefix}…` });
        continue;
      }
      set.tools.push(keyedTool(ctx, set.adapter, `${keyed.prefix}${property.key}`, { file: object.file, span: property.keySpan }));
    }
  }
}

export function collectHandoffs(ctx: LinkContext, file: string, source: ValueRef, set: ResolvedExposureSet): void {
  for (const { item, listedAt } of resolveTop(ctx, file, source)) {
    if (item.t === 'handoff' && item.handoff.disabled) continue;
    if (item.t === 'handoff' || item.t === 'agent') {
      const handoff = resolvedHandoff(ctx, item, listedAt, set.adapter);
      if (handoff) set.handoffs.push(handoff);
    } else if (item.t === 'unresolved') set.unresolved.push({ ...item.at, text: item.text });
  }
}

/**
 * A listed plain object read with the set's shapes (`ToolsSpec.objects`): one named tool, the
 * members of a nested list, or nothing for a hosted tool. Anything else is listed as found.
 */
function objectEntries(ctx: LinkContext, entry: Listed, shapes: readonly ObjectToolFact[], depth: number): Listed[] {
  if (entry.item.t !== 'object' || depth > 3) return [entry];
  return objectToolShapes(ctx, entry.item, shapes, entry.listedAt).flatMap((nested) =>
    nested.item === entry.item ? [nested] : objectEntries(ctx, nested, shapes, depth + 1),
  );
}
