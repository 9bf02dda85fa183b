// MCP server instances: the set of each instance (its registrations in the order the server meets
// them, through the calls that pass it on) and the server records.
import type { DispatchDelegate, McpRegistrationFact, ValueRef } from '../types.js';
import type { ResolvedExposureSet, ResolvedMcpDispatch, ResolvedMcpServer, ResolvedTool, SourceRef } from '../resolved.js';
import { callsTo } from './calls.js';
import type { LinkContext } from './context.js';
import { type Item, MAX_DEPTH } from './items.js';
import { objectTool, resolveTop } from './lists.js';
import { collectTools } from './members.js';
import { plainFunctionTool, toolKey } from './records.js';
import { resolve, staticName } from './values.js';

export function mcpServerSets(ctx: LinkContext): Map<string, ResolvedExposureSet> {
  const sets = new Map<string, ResolvedExposureSet>();
  const order = new Map<ResolvedTool, Position[]>();
  const setOf = (server: Extract<Item, { t: 'mcp' }>): ResolvedExposureSet => {
    const key = `${server.file}#${server.server.id}`;
    let set = sets.get(key);
    if (!set) {
      set = {
        key,
        kind: 'mcp-server',
        adapter: server.server.adapter,
        name: staticName(ctx, server.file, server.server.name),
        at: { file: server.file, span: server.server.span },
        tools: [],
        handoffs: [],
        unresolved: [],
        toolNameCollisionPolicy: 'error',
      };
      if (server.server.parameter) set.instanceIsParameter = true;
      sets.set(key, set);
    }
    return set;
  };
  // Tools listed where the server is created come first, in their order (`createSdkMcpServer({ tools })`).
  for (const [file, fi] of ctx.index) {
    for (const server of fi.facts.mcpServers) {
      if (!server.tools) continue;
      const set = setOf({ t: 'mcp', file, server });
      collectTools(ctx, file, server.tools, set);
      // Each element is one registration: one tool object listed twice registers its name twice.
      set.tools = set.tools.map((tool, i) => ({ ...tool, key: `${tool.key}#listed${String(i)}` }));
    }
  }
  for (const [file, fi] of ctx.index) {
    for (const registration of fi.facts.mcpRegistrations) {
      const own = registeredNames(ctx, file, registration);
      for (const { server, chain } of serversOf(ctx, file, registration.receiver, 0)) {
        const set = setOf(server);
        const named = passedList(ctx, file, registration, chain) ?? own;
        for (const [i, { name, at: definedAt }] of named.entries()) {
          const id = named.length === 1 && !registration.elements ? '' : `#${String(i)}`;
          // Reached through a chain of calls, each chain is one execution of the registration.
          const key = toolKey(file, `registration@${registration.span.start}${id}`, chain.length === 0 ? {} : { calls: chainKey(chain) });
          const tool = plainFunctionTool(key, registration.adapter, name, definedAt);
          if (registration.branch) tool.branch = registration.branch;
          if (registration.replaces) tool.replaces = true;
          if (registration.listed) tool.listed = true;
          // One execution of the call: the same call reached through two chains is two calls.
          if (registration.inCall) tool.inCall = { key: `${file}:${String(registration.inCall.start)}|${chainKey(chain)}`, onDuplicate: registration.inCall.onDuplicate };
          set.tools.push(tool);
          // The elements of one list (`addTools([...])`) in their order, where the call is; the
          // elements of a list read in another module in their order there.
          const at: Position[] = registration.inCall ? [[file, registration.inCall.start], [file, registration.span.start]] : [[file, registration.span.start]];
          // A class server's own registrations run in its constructor: before those of another
          // module that holds an instance (`new StatusServer()`, then `server.registerTool(...)`).
          const after: Position[] = server.server.isClass && (chain[0]?.[0] ?? file) !== server.file ? [[`${server.file}\uffff`, 0]] : [];
          order.set(tool, [...after, ...chain, ...at, ...(registration.elements ? [[definedAt.file, definedAt.span.start] as Position] : [])]);
        }
      }
    }
  }
  // Registration order is the order the server meets them: source order along the chain of calls
  // that pass the instance on, so "the second registration" is the same in every front end.
  for (const set of sets.values()) {
    set.tools.sort((a, b) => comparePositions(order.get(a) ?? [], order.get(b) ?? []));
  }
  return sets;
}

/**
 * The names one registration fact registers: its own, or, for a list the file could not follow
 * (`elements`), one per element the linker reaches, each named at the element's `name` path (an
 * element it cannot read is a tool of unknown name where the registration is).
 */
function registeredNames(ctx: LinkContext, file: string, registration: McpRegistrationFact, where?: SourceRef): Array<{ name: string | undefined; at: SourceRef }> {
  const own = where ?? { file, span: registration.name.span };
  if (!registration.elements) return [{ name: staticName(ctx, file, registration.name), at: own }];
  const { list, name, one } = registration.elements;
  return resolveTop(ctx, file, list).map(({ item }) => {
    const named = item.t === 'object' ? objectTool(ctx, item, [[...name]]) : undefined;
    // One element of a written list is reported where the list holds it.
    return named?.t === 'keyed' ? { name: named.key, at: one ? own : named.keyAt } : { name: undefined, at: own };
  });
}

/**
 * `function setup(server, tools) { server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools })) }`:
 * a list that is a parameter of the function the server is passed to is what the same call passes
 * beside the server (the innermost call of the chain), so each call lists its own tools.
 */
function passedList(ctx: LinkContext, file: string, registration: McpRegistrationFact, chain: readonly Position[]): Array<{ name: string | undefined; at: SourceRef }> | undefined {
  const list = registration.elements?.list;
  const receiver = registration.receiver;
  const innermost = chain.at(-1);
  if (!list || list.kind !== 'param' || receiver.kind !== 'param' || receiver.fn !== list.fn || !innermost) return undefined;
  const [callFile, start] = innermost;
  const call = ctx.index.get(callFile)?.facts.calls.find((c) => c.span.start === start);
  const arg = call?.args[list.index];
  if (!arg) return undefined;
  return registeredNames(ctx, callFile, { ...registration, elements: { ...registration.elements!, list: arg } }, { file, span: registration.name.span });
}

/**
 * The server instances a receiver can be, following parameters back to every call site. `chain`
 * lists the calls that pass the instance on, from the one nearest the server inwards.
 */
function serversOf(ctx: LinkContext, file: string, receiver: ValueRef, depth: number): Array<{ server: Extract<Item, { t: 'mcp' }>; chain: Position[] }> {
  if (depth > MAX_DEPTH) return [];
  const out: Array<{ server: Extract<Item, { t: 'mcp' }>; chain: Position[] }> = [];
  if (receiver.kind === 'param') {
    for (const call of callsTo(ctx, `${file}#${receiver.fn}`)) {
      const arg = call.args[receiver.index];
      if (!arg) continue;
      for (const found of serversOf(ctx, call.file, arg, depth + 1)) {
        out.push({ server: found.server, chain: [...found.chain, [call.file, call.start]] });
      }
    }
    // No caller leads to a server: a parameter typed as one is that instance.
    const typed = out.length === 0 ? ctx.index.get(file)?.parameterServers.get(`${receiver.fn}#${receiver.index}`) : undefined;
    if (typed) out.push({ server: { t: 'mcp', file, server: typed }, chain: [] });
    return dedupeServers(out);
  }
  // `ctx.server.registerTool(...)` on a parameter: the property of what each caller passes.
  if (receiver.kind === 'member' && receiver.object.kind === 'param') {
    const { fn, index } = receiver.object;
    for (const call of callsTo(ctx, `${file}#${fn}`)) {
      const arg = call.args[index];
      if (!arg) continue;
      for (const found of serversOf(ctx, call.file, { ...receiver, object: arg }, depth + 1)) {
        out.push({ server: found.server, chain: [...found.chain, [call.file, call.start]] });
      }
    }
    return dedupeServers(out);
  }
  for (const item of resolve(ctx, file, receiver, depth)) {
    if (item.t === 'mcp') out.push({ server: item, chain: [] });
  }
  // A binding may hold a parameter (`const s = server;`): follow it through its initialiser.
  if (receiver.kind === 'binding') {
    const init = ctx.index.get(file)?.facts.bindings[receiver.key];
    if (init?.kind === 'param') out.push(...serversOf(ctx, file, init, depth + 1));
  }
  return dedupeServers(out);
}

/** Dispatching handlers in file order, each on the server sets its receiver can be. */
export function linkMcpDispatches(ctx: LinkContext): ResolvedMcpDispatch[] {
  const out: ResolvedMcpDispatch[] = [];
  for (const [file, fi] of ctx.index) {
    for (const dispatch of fi.facts.mcpDispatches ?? []) {
      const setKeys = [...new Set(serversOf(ctx, file, dispatch.receiver, 0).map(({ server }) => `${server.file}#${server.server.id}`))];
      const names = dispatch.names.map((name) => ({ name: staticName(ctx, file, name), at: { file, span: name.span } }));
      const read = { names, complete: dispatch.complete, rejectsOthers: dispatch.rejectsOthers === true };
      for (const delegate of dispatch.delegates ?? []) followDelegate(ctx, file, delegate, read, 0);
      out.push({ at: { file, span: dispatch.span }, setKeys, ...read, complete: read.complete && read.names.length > 0 });
    }
  }
  return out;
}

/**
 * The comparisons of a function the handler hands the name to, in another module: its reads of
 * that parameter path join the handler's. A callee that resolves to no such read leaves the
 * dispatch incomplete (it may run any tool).
 */
function followDelegate(ctx: LinkContext, file: string, delegate: DispatchDelegate, read: Pick<ResolvedMcpDispatch, 'names' | 'complete' | 'rejectsOthers'>, depth: number): void {
  const key = delegate.path.join('.');
  const found = depth > MAX_DEPTH ? [] : resolve(ctx, file, delegate.callee, 0).flatMap((item) => {
    if (item.t !== 'function') return [];
    const own = item.fn.dispatchReads?.find((r) => r.index === delegate.index && r.path.join('.') === key);
    return own ? [{ file: item.file, own }] : [];
  });
  if (found.length !== 1) {
    read.complete = false;
    return;
  }
  const { file: at, own } = found[0]!;
  for (const name of own.names) read.names.push({ name: staticName(ctx, at, name), at: { file: at, span: name.span } });
  if (!own.complete) read.complete = false;
  if (own.rejectsOthers) read.rejectsOthers = true;
  for (const next of own.delegates ?? []) followDelegate(ctx, at, next, read, depth + 1);
}

/** The server records in file order; a server's set joins the exposure sets (appended after the others). */
export function linkMcpServers(ctx: LinkContext, serverSets: ReadonlyMap<string, ResolvedExposureSet>): { sets: ResolvedExposureSet[]; mcpServers: ResolvedMcpServer[] } {
  const exposureSets: ResolvedExposureSet[] = [];
  const mcpServers: ResolvedMcpServer[] = [];
  for (const [file, fi] of ctx.index) {
    for (const server of fi.facts.mcpServers) {
      const key = `${file}#${server.id}`;
      const set = serverSets.get(key);
      // A typed parameter is a server only where it stood in for one.
      if (server.parameter && !set) continue;
      if (set) exposureSets.push(set);
      const resolved: ResolvedMcpServer = {
        key,
        adapter: server.adapter,
        role: server.role,
        name: staticName(ctx, file, server.name),
        at: { file, span: server.span },
        exposureKey: set?.key,
      };
      const parameter = server.parameter && fi.functions.get(server.parameter.fn)?.params[server.parameter.index];
      if (parameter !== undefined) resolved.parameter = parameter;
      mcpServers.push(resolved);
    }
  }
  return { sets: exposureSets, mcpServers };
}

type Position = [file: string, offset: number];

function comparePositions(a: readonly Position[], b: readonly Position[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) {
    const [fa, oa] = a[i] as Position;
    const [fb, ob] = b[i] as Position;
    if (fa !== fb) return fa < fb ? -1 : 1;
    if (oa !== ob) return oa - ob;
  }
  return a.length - b.length;
}

/**
 * One entry per server instance and chain of calls: the same registration reached through two
 * calls (`registerTools(server)` twice) runs twice on that server, so both executions stay.
 */
function dedupeServers(items: Array<{ server: Extract<Item, { t: 'mcp' }>; chain: Position[] }>): Array<{ server: Extract<Item, { t: 'mcp' }>; chain: Position[] }> {
  const seen = new Set<string>();
  return items.filter(({ server: item, chain }) => {
    const key = `${item.file}#${item.server.id}|${chainKey(chain)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function chainKey(chain: readonly Position[]): string {
  return chain.map(([file, offset]) => `${file}:${String(offset)}`).join('>');
}
