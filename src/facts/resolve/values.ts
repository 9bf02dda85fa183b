// The value evaluator: what a `ValueRef` resolves to across bindings, imports, re-exports, members,
// namespaces, classes, instances and call results; and the static names and keys written with them.
import type { NameValue, NamespaceFact, ValueRef } from '../types.js';
import type { SourceRef } from '../resolved.js';
import type { LinkContext } from './context.js';
import { type Item, MAX_DEPTH, anonymous, asElements, describe, identified, liveList } from './items.js';

export function namespaceName(ctx: LinkContext, file: string, ns: NamespaceFact): string | undefined {
  const written = staticName(ctx, file, ns.name);
  return written === undefined ? undefined : ctx.options.naming(ns.adapter).namespace(written);
}

/** A computed key that follows to one constant string (`[names.SEARCH]`) is that static key. */
function staticKey<P extends { key: string; dynamicKey?: true; keyValue?: ValueRef }>(ctx: LinkContext, file: string, property: P, depth: number): P {
  if (!property.dynamicKey || !property.keyValue) return property;
  const found = resolve(ctx, file, property.keyValue, depth + 1);
  const [only] = found;
  if (found.length !== 1 || only?.t !== 'string') return property;
  const { dynamicKey: _dynamic, keyValue: _value, ...rest } = property;
  return { ...rest, key: only.value } as P;
}

export function resolve(ctx: LinkContext, file: string, ref: ValueRef, depth: number): Item[] {
  const at = { file, span: ref.span };
  if (depth > MAX_DEPTH) return [{ t: 'unresolved', at, text: 'too deep' }];
  const fi = ctx.index.get(file);
  if (!fi) return [{ t: 'unresolved', at, text: 'file outside the analysis' }];
  switch (ref.kind) {
    case 'tool': {
      const def = fi.tools.get(ref.id);
      return def ? [{ t: 'tool', file, def }] : [{ t: 'unresolved', at, text: ref.id }];
    }
    case 'agent': {
      const agent = fi.agents.get(ref.id);
      return agent ? [{ t: 'agent', file, agent }] : [{ t: 'unresolved', at, text: ref.id }];
    }
    case 'handoff': {
      const handoff = fi.handoffs.get(ref.id);
      return handoff ? [{ t: 'handoff', file, handoff }] : [{ t: 'unresolved', at, text: ref.id }];
    }
    case 'mcp-server': {
      const server = fi.servers.get(ref.id);
      return server ? [{ t: 'mcp', file, server }] : [{ t: 'unresolved', at, text: ref.id }];
    }
    case 'function': {
      const fn = fi.functions.get(ref.key);
      return fn ? [{ t: 'function', file, fn }] : [{ t: 'unresolved', at, text: ref.key }];
    }
    case 'namespace': {
      const ns = fi.namespaces.get(ref.id);
      if (!ns) return [{ t: 'unresolved', at, text: ref.id }];
      const nsInfo = { name: namespaceName(ctx, file, ns), at: { file, span: ns.nameSpan } };
      // toolNamespace() returns a new copy of each member: one tool listed twice is two objects.
      return resolve(ctx, file, ns.members, depth + 1).map((item, position) =>
        item.t === 'tool' ? { ...item, ns: nsInfo, instance: `${item.instance ?? ''}@${file}#${ns.id}:${position}` } : item.t === 'unresolved' ? anonymous(item) : item,
      );
    }
    case 'class': {
      const def = fi.tools.get(ref.id);
      return def ? [{ t: 'class', file, def }] : [{ t: 'unresolved', at, text: ref.id }];
    }
    case 'subclass':
      // A tool class when its base is one: named by its own member when it sets one again.
      return resolve(ctx, file, ref.of, depth + 1).map((item): Item => {
        // A subclass of a class the linker cannot see is a class of its own (its binding names it).
        if (item.t !== 'class') return item.t === 'unresolved' ? anonymous(item) : { t: 'unresolved', at, text: describe(item) };
        const member = item.def.nameMember;
        const own = member !== undefined && Object.hasOwn(ref.members, member) ? ref.members[member] : undefined;
        if (!own) return { t: 'class', file: item.file, def: { ...item.def, id: `${item.def.id}<${file}@${ref.span.start}` } };
        return { t: 'class', file, def: { ...item.def, id: `${item.def.id}<${file}@${ref.span.start}`, name: own, span: ref.span, nameSpan: own.span } };
      });
    case 'instance':
      // Each `new X()` is its own tool object, named by its class: two instances carry one name.
      return resolve(ctx, file, ref.of, depth + 1).map((item): Item => {
        const text = refText(ref.of) ?? 'class';
        if (item.t === 'class') {
          return { t: 'tool', file: item.file, def: item.def, instance: `${file}:${ref.span.start}`, instanceOf: { key: `${item.file}#${item.def.id}`, text } };
        }
        // `new StatusServer()` of a class that is a server: that server (one for every instance).
        if (item.t === 'mcp') return item;
        if (item.t !== 'unresolved') return { t: 'unresolved', at, text: describe(item) };
        const unseen: Item = { t: 'unresolved', at, text: item.text };
        // A class the linker cannot see, known by the value that holds it.
        if (item.identity) unseen.identity = { value: `${file}#new@${ref.span.start}`, instanceOf: { key: item.identity.value, text } };
        return unseen;
      });
    case 'call-result':
      return resolve(ctx, file, ref.fn, depth + 1).flatMap((item): Item[] => {
        // What a call returns is not the function.
        if (item.t !== 'function') return item.t === 'unresolved' ? [anonymous(item)] : [{ t: 'unresolved', at, text: describe(item) }];
        if (!item.fn.returns) return [{ t: 'unresolved', at, text: `${item.fn.name ?? 'function'}()` }];
        return item.fn.returns.flatMap((value) => resolve(ctx, item.file, value, depth + 1));
      });
    case 'string':
      return [{ t: 'string', value: ref.value }];
    case 'array':
      return ref.elements.flatMap((element) => asElements(element, resolve(ctx, file, element, depth + 1)));
    case 'spread':
      return resolve(ctx, file, ref.of, depth + 1);
    case 'object':
      return [{ t: 'object', file, properties: ref.properties.map((property) => staticKey(ctx, file, property, depth)) }];
    case 'binding': {
      const init = fi.facts.bindings[ref.key];
      if (!init) return [{ t: 'unresolved', at, text: ref.name }];
      return identified(resolve(ctx, file, init, depth + 1), `${file}#binding:${ref.key}`, ref.name);
    }
    case 'import':
      return identified(resolveImport(ctx, file, ref.module, ref.imported, at, ref.name, depth + 1), `${file}#import:${ref.module}:${ref.imported}`, ref.name);
    case 'member':
      return resolveMember(ctx, file, ref, at, depth + 1);
    case 'param':
      return identified([{ t: 'unresolved', at, text: ref.name }], `${file}#param:${ref.fn}:${String(ref.index)}`, ref.name);
    case 'unknown':
      return [{ t: 'unresolved', at, text: ref.text }];
  }
}

function resolveImport(
  ctx: LinkContext,
  file: string,
  specifier: string,
  imported: string,
  at: SourceRef,
  text: string,
  depth: number,
): Item[] {
  const target = ctx.options.resolveModule(file, specifier);
  if (target === undefined || !ctx.index.has(target)) return [{ t: 'unresolved', at, text }];
  if (imported === '*') return [{ t: 'object', file: target, properties: namespaceObject(ctx, target) }];
  return resolveExport(ctx, target, imported, at, text, depth, new Set());
}

function resolveExport(ctx: LinkContext, file: string, name: string, at: SourceRef, text: string, depth: number, seen: Set<string>): Item[] {
  const fi = ctx.index.get(file);
  if (!fi || seen.has(`${file}#${name}`) || depth > MAX_DEPTH) return [{ t: 'unresolved', at, text }];
  seen.add(`${file}#${name}`);
  const value = fi.exports.get(name);
  if (value) {
    if (value.kind === 're-export') return resolveImport(ctx, file, value.module, value.imported, at, text, depth + 1);
    return resolve(ctx, file, value, depth + 1);
  }
  // `export * from './x'` never re-exports `default`.
  if (name !== 'default') {
    for (const specifier of fi.facts.exportAll) {
      const target = ctx.options.resolveModule(file, specifier);
      if (target === undefined || !ctx.index.has(target)) continue;
      const found = resolveExport(ctx, target, name, at, text, depth + 1, seen);
      if (!found.every((x) => x.t === 'unresolved')) return found;
    }
  }
  return [{ t: 'unresolved', at, text }];
}

/** A namespace import seen as an object of its named exports (resolved lazily through `member`). */
function namespaceObject(ctx: LinkContext, file: string): Array<{ key: string; value: ValueRef }> {
  const fi = ctx.index.get(file);
  if (!fi) return [];
  return fi.facts.exports.map((e) => ({
    key: e.exported,
    value:
      e.value.kind === 're-export'
        ? { kind: 'import', module: e.value.module, imported: e.value.imported, name: e.exported, span: e.value.span }
        : e.value,
  }));
}

function resolveMember(ctx: LinkContext, file: string, ref: Extract<ValueRef, { kind: 'member' }>, at: SourceRef, depth: number): Item[] {
  const out: Item[] = [];
  for (const object of resolve(ctx, file, ref.object, depth)) {
    if (object.t === 'object') {
      const prop = object.properties.find((p) => p.key === ref.property);
      out.push(...(prop ? resolve(ctx, object.file, prop.value, depth + 1) : [{ t: 'unresolved' as const, at, text: ref.property }]));
    } else if (object.t === 'agent' && liveList(object.agent, ref.property)) {
      const value = liveList(object.agent, ref.property) === 'tools' ? object.agent.tools : object.agent.handoffs;
      if (value) out.push(...resolve(ctx, object.file, value, depth + 1));
    } else if (object.t === 'unresolved') {
      // The same property of one value, read twice, is one value.
      const read: Item = { t: 'unresolved', at: object.at, text: object.text };
      if (object.identity?.text !== undefined) read.identity = { value: `${object.identity.value}.${ref.property}`, text: `${object.identity.text}.${ref.property}` };
      out.push(read);
    } else out.push({ t: 'unresolved', at, text: ref.property });
  }
  return out;
}

/** A name written as a literal, a constant or an imported constant; undefined when dynamic. */
export function staticName(ctx: LinkContext, file: string, value: NameValue | undefined): string | undefined {
  if (!value) return undefined;
  if (value.kind === 'static') return value.value;
  if (value.kind === 'dynamic') return undefined;
  if (value.kind === 'concat') {
    const parts = value.parts.map((part) => staticName(ctx, file, part));
    return parts.every((part) => part !== undefined) ? parts.join('') : undefined;
  }
  let items = resolveImport(ctx, file, value.module, value.imported, { file, span: value.span }, value.imported, 0);
  for (const key of value.path) {
    const next: Item[] = [];
    for (const item of items) {
      if (item.t !== 'object') continue;
      const prop = item.properties.find((p) => p.key === key);
      if (prop) next.push(...resolve(ctx, item.file, prop.value, 1));
    }
    items = next;
  }
  const strings = items.filter((x): x is Extract<Item, { t: 'string' }> => x.t === 'string');
  return strings.length === 1 && items.length === 1 ? strings[0]?.value : undefined;
}

/** How code writes a class or value reference, for messages (`GmailSearch`, `tools.search`). */
function refText(ref: ValueRef): string | undefined {
  switch (ref.kind) {
    case 'binding':
    case 'import':
    case 'param':
      return ref.name;
    case 'member': {
      const object = refText(ref.object);
      return object === undefined ? undefined : `${object}.${ref.property}`;
    }
    default:
      return undefined;
  }
}
