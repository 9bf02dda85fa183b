// The records of set members, where naming rules apply: tools (with their identity keys), members
// known only by a key, and handoffs.
import type { ValueRef } from '../types.js';
import type { ResolvedHandoff, ResolvedTool, SourceRef } from '../resolved.js';
import type { LinkContext } from './context.js';
import type { Item } from './items.js';
import { resolve, staticName } from './values.js';

/**
 * The identity key of a tool record, written only here: `<file>#<id>`, then `~<instance>` (each
 * `new X()`, each namespace copy), `:<record key>` (one object under two keys is two tools),
 * `@<file>:<offset>` (the namespace call that copied it) and `<<calls>` (an MCP registration reached
 * through a chain of calls). `isToolCopy` reads it back.
 */
export function toolKey(file: string, id: string, parts: { instance?: string; recordKey?: string; namespaceAt?: SourceRef; calls?: string } = {}): string {
  const { instance, recordKey, namespaceAt, calls } = parts;
  return `${file}#${id}${instance === undefined ? '' : `~${instance}`}${recordKey === undefined ? '' : `:${recordKey}`}${namespaceAt ? `@${namespaceAt.file}:${String(namespaceAt.span.start)}` : ''}${calls === undefined ? '' : `<${calls}`}`;
}

/** A key of the tool `base` (a `toolKey` without parts) or of a copy of it (an instance, a record key). */
export function isToolCopy(key: string, base: string): boolean {
  return key === base || key.startsWith(`${base}~`) || key.startsWith(`${base}:`);
}

/** A function tool known by its name alone: no namespace, no deferred loading, no approval. */
export function plainFunctionTool(key: string, adapter: string, name: ResolvedTool['name'], definedAt: SourceRef): ResolvedTool {
  return { key, adapter, kind: 'function', name, namespace: undefined, namespaceDynamic: false, deferLoading: false, approvalRequired: false, definedAt };
}

/** A member known only by the key that names it (`agent-<key>`, a record key whose value is not followed). */
export function keyedTool(ctx: LinkContext, adapter: string, written: string, at: SourceRef, listedAt?: SourceRef): ResolvedTool {
  const name = ctx.options.naming(adapter).tool(written);
  const tool = plainFunctionTool(toolKey(at.file, `keyed@${at.span.start}`), adapter, name, at);
  if (name !== written) tool.writtenName = written;
  if (listedAt && (listedAt.file !== at.file || listedAt.span.start !== at.span.start)) tool.listedAt = listedAt;
  return tool;
}

export function resolvedTool(ctx: LinkContext, item: Extract<Item, { t: 'tool' }>, listedAt: SourceRef | undefined): ResolvedTool {
  const { def, file } = item;
  const naming = ctx.options.naming(def.adapter);
  let name: string | undefined;
  let writtenName: string | undefined;
  let defaultIdentity: ResolvedTool['defaultIdentity'];
  let agentKey: string | undefined;
  if (def.kind === 'agent-tool' && def.agent) {
    for (const target of resolve(ctx, file, def.agent, 0)) {
      if (target.t === 'agent') agentKey = `${target.file}#${target.agent.id}`;
    }
  }
  if (item.keyDynamic) {
    // `{ [tool.id]: tool }`: named by a key only known at run time.
  } else if (item.key !== undefined) {
    // A record-shaped set names its members by their keys.
    name = def.kind === 'hosted' ? item.key : naming.tool(item.key);
    if (name !== item.key) writtenName = item.key;
  } else if (def.kind === 'agent-tool' && !def.name && def.agent) {
    const agentName = agentNameOf(ctx, file, def.agent);
    if (agentName !== undefined) {
      name = naming.agentTool(agentName);
      defaultIdentity = { agentName, derivedName: name };
    }
  } else if (def.name) {
    const written = staticName(ctx, file, def.name);
    if (written !== undefined) {
      name = def.kind === 'hosted' ? written : naming.tool(written);
      if (name !== written) writtenName = written;
    }
  }
  const explicitNs = def.namespace ? staticName(ctx, file, def.namespace) : undefined;
  const namespace = item.ns ? item.ns.name : explicitNs;
  const tool: ResolvedTool = {
    // One object under two record keys is two tools; each `new X()` is its own object; a
    // namespace holds copies of its members (`toolNamespace()` clones them), one per namespace call.
    key: toolKey(file, def.id, { instance: item.instance, recordKey: item.key, namespaceAt: item.ns?.at }),
    adapter: def.adapter,
    kind: def.kind,
    name,
    namespace,
    namespaceDynamic: item.ns ? item.ns.name === undefined : def.namespace !== undefined && explicitNs === undefined,
    deferLoading: def.deferLoading,
    approvalRequired: def.approvalRequired,
    // A record-keyed tool's name is written where the key is.
    definedAt: item.keyAt ?? { file, span: def.nameSpan },
  };
  if (writtenName !== undefined) tool.writtenName = writtenName;
  if (defaultIdentity) tool.defaultIdentity = defaultIdentity;
  if (item.ns) tool.namespaceAt = item.ns.at;
  if (listedAt) tool.listedAt = listedAt;
  if (agentKey) tool.agentKey = agentKey;
  if (item.instanceOf) tool.instanceOf = item.instanceOf;
  if (item.as !== undefined) tool.listedAs = item.as;
  // Named only by the record key of a set that lists it (Mastra `createTool({ id })`, `{ search: tool() }` elsewhere).
  if (name === undefined && def.nameFrom === 'record-key') tool.namedByKey = true;
  return tool;
}

export function resolvedHandoff(
  ctx: LinkContext,
  item: Extract<Item, { t: 'handoff' } | { t: 'agent' }>,
  listedAt: SourceRef | undefined,
  adapterId: string,
): ResolvedHandoff | undefined {
  const naming = ctx.options.naming(item.t === 'handoff' ? item.handoff.adapter : item.agent.adapter || adapterId);
  let agentKey: string | undefined;
  let agentName: string | undefined;
  let override: string | undefined;
  let dynamicOverride = false;
  let definedAt: SourceRef;
  let key: string;
  if (item.t === 'agent') {
    agentKey = `${item.file}#${item.agent.id}`;
    agentName = staticName(ctx, item.file, item.agent.name);
    definedAt = { file: item.file, span: item.agent.nameSpan };
    key = agentKey;
  } else {
    const { handoff, file } = item;
    key = `${file}#${handoff.id}`;
    definedAt = { file, span: handoff.span };
    for (const target of resolve(ctx, file, handoff.agent, 0)) {
      if (target.t === 'agent') {
        agentKey = `${target.file}#${target.agent.id}`;
        agentName = staticName(ctx, target.file, target.agent.name);
      }
    }
    if (handoff.toolNameOverride) {
      override = staticName(ctx, file, handoff.toolNameOverride);
      // A dynamic override hides the routed name: unknown, never a collision.
      dynamicOverride = override === undefined;
    }
  }
  const handoff: ResolvedHandoff = { key, toolName: undefined, agentName, definedAt };
  // An empty override falls back to the derived name, as the SDKs do.
  if (override) handoff.toolName = override;
  else if (agentName !== undefined && !dynamicOverride) {
    handoff.toolName = naming.handoff(agentName);
    handoff.defaultIdentity = { agentName, derivedName: handoff.toolName };
  }
  if (listedAt) handoff.listedAt = listedAt;
  if (agentKey) handoff.agentKey = agentKey;
  return handoff;
}

function agentNameOf(ctx: LinkContext, file: string, ref: ValueRef): string | undefined {
  for (const item of resolve(ctx, file, ref, 0)) {
    if (item.t === 'agent') return staticName(ctx, item.file, item.agent.name);
  }
  return undefined;
}
