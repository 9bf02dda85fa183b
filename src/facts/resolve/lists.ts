// Readers of a tools value by its shape: the elements of a list, the members of a record, a plain
// object named by one of its properties.
import type { ObjectToolFact, ValueRef } from '../types.js';
import type { ResolvedToolGroup, SourceRef } from '../resolved.js';
import type { LinkContext } from './context.js';
import { type Item, asElements, describe } from './items.js';
import { resolve } from './values.js';

/** A plain object listed as a tool, named by the first of `paths` that holds a static string. */
export function objectTool(ctx: LinkContext, object: Extract<Item, { t: 'object' }>, paths: readonly string[][]): Item | undefined {
  for (const path of paths) {
    let current: Item[] = [object];
    let last: SourceRef | undefined;
    for (const step of path) {
      const next: Item[] = [];
      for (const item of current) {
        if (item.t !== 'object') continue;
        const prop = item.properties.find((p) => p.key === step);
        if (!prop) continue;
        last = { file: item.file, span: prop.value.span };
        next.push(...resolve(ctx, item.file, prop.value, 1));
      }
      current = next;
    }
    const [only] = current;
    if (current.length === 1 && only?.t === 'string' && last) return { t: 'keyed', key: only.value, keyAt: last };
  }
  return undefined;
}

/** One listed value and where the set's own file lists it. */
export interface Listed {
  item: Item;
  listedAt: SourceRef | undefined;
  /** The toolkit object it came in with (`ObjectToolShape.group`). */
  group?: ResolvedToolGroup;
}

/**
 * A plain object listed as a tool, read with the first of `shapes` that applies
 * (`ObjectToolShape`): a named tool, the entries of a nested list, nothing for a hosted tool, or
 * the object itself (an unknown member) when no shape applies or its name is not static.
 */
export function objectToolShapes(ctx: LinkContext, object: Extract<Item, { t: 'object' }>, shapes: readonly ObjectToolFact[], listedAt: SourceRef | undefined): Listed[] {
  const has = (key: string | undefined): boolean => key !== undefined && object.properties.some((p) => p.key === key);
  const type = staticProperty(ctx, object, 'type');
  // A `type` that is not a static string (`{ type: kind, ... }`) could be any shape: none applies.
  // So could an object built with a spread or a computed key: it may carry a name.
  const typeKnown = (type !== undefined || !has('type')) && !object.properties.some((p) => p.value.kind === 'spread' || p.dynamicKey);
  const shape = shapes.find((candidate) => {
    if (candidate.types) return type !== undefined && candidate.types.includes(type);
    if (candidate.hosted) return typeKnown && !(type !== undefined && (candidate.except ?? []).includes(type));
    return has(candidate.name?.[0]) || has(candidate.list?.[0]);
  });
  if (!shape) return [{ item: object, listedAt }];
  if (shape.hosted) return [];
  if (shape.name) return [{ item: objectTool(ctx, object, [shape.name]) ?? object, listedAt }];
  // Down the path through object-valued properties; the last step holds the list.
  let holders: Item[] = [object];
  const path = shape.list ?? [];
  for (const [i, step] of path.entries()) {
    const values = holders.flatMap((item) => {
      const prop = item.t === 'object' ? item.properties.find((p) => p.key === step) : undefined;
      return prop && item.t === 'object' ? [{ file: item.file, value: prop.value }] : [];
    });
    if (i === path.length - 1) {
      const members = values.flatMap(({ file, value }) => resolveTop(ctx, file, value));
      if (!shape.group) return members;
      // The toolkit is its object; the list it holds is written once in it.
      const held = values[0];
      if (!held) return members;
      const named = object.properties.find((p) => p.key === 'name');
      const group: ResolvedToolGroup = {
        key: `${held.file}#${String(held.value.span.start)}`,
        name: staticProperty(ctx, object, 'name'),
        at: listedAt ?? { file: object.file, span: (named ?? { value: held.value }).value.span },
        ...shape.group,
      };
      return members.map((member) => ({ ...member, group }));
    }
    holders = values.flatMap(({ file, value }) => resolve(ctx, file, value, 1));
  }
  return [];
}

/** The static string a plain object's property holds (`type: 'function'`), if one. */
function staticProperty(ctx: LinkContext, object: Extract<Item, { t: 'object' }>, key: string): string | undefined {
  const prop = object.properties.find((p) => p.key === key);
  const [only, ...rest] = prop ? resolve(ctx, object.file, prop.value, 1) : [];
  return only?.t === 'string' && rest.length === 0 ? only.value : undefined;
}

/**
 * Resolves the top-level elements of a list one by one, remembering where each was listed in
 * the exposure set's own file: that is where a collision is reported, next to the agent.
 */
export function resolveTop(ctx: LinkContext, file: string, source: ValueRef): Listed[] {
  const elements = source.kind === 'array' ? source.elements : [source];
  const out: Array<{ item: Item; listedAt: SourceRef | undefined }> = [];
  for (const element of elements) {
    const inline = element.kind === 'tool' || element.kind === 'handoff' || element.kind === 'agent';
    const listedAt = inline ? undefined : { file, span: element.span };
    const items = resolve(ctx, file, element, 0);
    for (const item of source.kind === 'array' ? asElements(element, items) : items) out.push({ item, listedAt });
  }
  return out;
}

/**
 * The members of a record-shaped set in the order the record is built: every key, including keys
 * that a later spread overrides (that is the collision), each tool named by its key. Spreads are
 * followed into other records across files.
 */
export function resolveRecord(ctx: LinkContext, file: string, source: ValueRef, depth = 0, listedIn?: SourceRef): Listed[] {
  const out: Array<{ item: Item; listedAt: SourceRef | undefined }> = [];
  for (const object of resolve(ctx, file, source, depth)) {
    if (object.t !== 'object') {
      out.push({ item: object.t === 'unresolved' ? object : { t: 'unresolved', at: { file, span: source.span }, text: describe(object) }, listedAt: listedIn });
      continue;
    }
    for (const property of object.properties) {
      // Where the set's own file lists the member: the property, or the spread that brings it in.
      const listedAt = listedIn ?? (object.file === file ? { file, span: property.value.span } : undefined);
      if (property.value.kind === 'spread') {
        out.push(...resolveRecord(ctx, object.file, property.value.of, depth + 1, listedAt));
        continue;
      }
      const keyAt = property.keySpan && { file: object.file, span: property.keySpan };
      for (const item of resolve(ctx, object.file, property.value, depth + 1)) {
        const inline = property.value.kind === 'tool' && object.file === file && !listedIn;
        let named: Item = item.t === 'tool' ? { ...item, key: property.key, ...(keyAt ? { keyAt } : {}), ...(property.dynamicKey ? { keyDynamic: true as const } : {}) } : item;
        // Every static key of a tools record is a tool name, whatever its value is (a provider
        // tool, an inline object, an import ESLint cannot follow without types).
        if (item.t !== 'tool' && keyAt && !property.dynamicKey && (item.t === 'unresolved' || item.t === 'object' || item.t === 'function')) {
          named = { t: 'keyed', key: property.key, keyAt };
        }
        out.push({ item: named, listedAt: inline ? undefined : listedAt });
      }
    }
  }
  return out;
}
