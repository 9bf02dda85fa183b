// The linker: turns per-file facts into exposure sets whose members are known across bindings,
// spreads, namespaces, imports, re-exports, and MCP server instances passed through functions.
// Pure data in, pure data out; both front ends call it (ESLint with one file, or with the files the
// type checker reaches; the CLI with the whole project).
import type { Naming } from './adapters/types.js';
import type {
  AgentFact,
  AgentMutationFact,
  FileFacts,
  FunctionFact,
  HandoffFact,
  McpServerFact,
  NameValue,
  NamespaceFact,
  Span,
  ToolDefinitionFact,
  ToolReferenceFact,
  ValueRef,
} from './types.js';
import type {
  LinkedProject,
  OpaqueIdentity,
  ResolvedAgent,
  ResolvedNamespace,
  ResolvedExposureSet,
  ResolvedHandoff,
  ResolvedMcpServer,
  ResolvedTool,
  ResolvedToolReference,
  SourceRef,
} from './resolved.js';

export interface LinkOptions {
  /** Resolves an import specifier to a file whose facts are in `files`; undefined = outside the project. */
  resolveModule(fromFile: string, specifier: string): string | undefined;
  /** Naming rules of an adapter id: the one place written names become model-facing names. */
  naming(adapterId: string): Naming;
}

type Item =
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
const MAX_DEPTH = 24;

interface FileIndex {
  facts: FileFacts;
  tools: Map<string, ToolDefinitionFact>;
  agents: Map<string, AgentFact>;
  namespaces: Map<string, NamespaceFact>;
  handoffs: Map<string, HandoffFact>;
  servers: Map<string, McpServerFact>;
  /** Servers standing for a typed parameter, by `<fn>#<index>`. */
  parameterServers: Map<string, McpServerFact>;
  functions: Map<string, FunctionFact>;
  exports: Map<string, FileFacts['exports'][number]['value']>;
}

export function linkFacts(files: readonly FileFacts[], options: LinkOptions): LinkedProject {
  const index = new Map<string, FileIndex>();
  for (const facts of files) index.set(facts.file, indexFile(facts));
  const linker = new Linker(index, options);
  return linker.link();
}

function indexFile(facts: FileFacts): FileIndex {
  return {
    facts,
    tools: new Map(facts.tools.map((x) => [x.id, x])),
    agents: new Map(facts.agents.map((x) => [x.id, x])),
    namespaces: new Map(facts.namespaces.map((x) => [x.id, x])),
    handoffs: new Map(facts.handoffs.map((x) => [x.id, x])),
    servers: new Map(facts.mcpServers.map((x) => [x.id, x])),
    parameterServers: new Map(facts.mcpServers.flatMap((x) => (x.parameter ? [[`${x.parameter.fn}#${x.parameter.index}`, x] as const] : []))),
    functions: new Map(facts.functions.map((x) => [x.key, x])),
    exports: new Map(facts.exports.map((x) => [x.exported, x.value])),
  };
}

class Linker {
  /** Calls by resolved callee function (`file#key`), for MCP servers passed as arguments. */
  private callsByFunction: Map<string, Array<{ file: string; start: number; args: ValueRef[] }>> | undefined;

  constructor(
    private readonly index: Map<string, FileIndex>,
    private readonly options: LinkOptions,
  ) {}

  link(): LinkedProject {
    const exposureSets: ResolvedExposureSet[] = [];
    const agents: ResolvedAgent[] = [];
    const mcpServers: ResolvedMcpServer[] = [];
    const serverSets = this.mcpServerSets();
    const external = this.externalMutations();
    const references: ResolvedToolReference[] = [];
    const loaders = new Map<ResolvedExposureSet, string>();

    for (const [file, fi] of this.index) {
      for (const exposure of fi.facts.exposures) {
        const key = `${file}#${exposure.id}`;
        const agent = exposure.owner ? fi.agents.get(exposure.owner) : undefined;
        const agentName = agent ? this.staticName(file, agent.name) : undefined;
        const set: ResolvedExposureSet = {
          key,
          kind: exposure.kind,
          adapter: exposure.adapter,
          name: agentName,
          at: { file, span: agent ? agent.nameSpan : exposure.span },
          tools: [],
          handoffs: [],
          unresolved: [],
          toolNameCollisionPolicy: agent?.toolNameCollisionPolicy,
        };
        if (agent) set.agentKey = `${file}#${agent.id}`;
        if (exposure.toolsShape === 'record') set.toolsShape = 'record';
        if (agent && !agent.name && agent.holder !== undefined) set.holder = agent.holder;
        if (exposure.loadedBy !== undefined) loaders.set(set, `${file}#${exposure.loadedBy}`);
        // Each source keeps its own file: mutations in other modules name values of those modules.
        const sources: Record<'tools' | 'handoffs', Array<{ file: string; value: ValueRef }>> = {
          tools: exposure.tools ? [{ file, value: exposure.tools }] : [],
          handoffs: exposure.handoffs ? [{ file, value: exposure.handoffs }] : [],
        };
        const apply = (from: string, property: 'tools' | 'handoffs', mode: 'add' | 'assign', values: ValueRef[]): void => {
          // An assignment replaces what the agent had so far; a push adds to it.
          if (mode === 'assign') sources[property] = [];
          for (const value of values) sources[property].push({ file: from, value });
        };
        for (const addition of exposure.additions) apply(file, addition.property, addition.mode, [addition.value]);
        for (const { file: from, mutation } of (set.agentKey && external.get(set.agentKey)) || []) {
          const list = agent && liveList(agent, mutation.property);
          if (!list) continue;
          if (mutation.mode === 'unknown') set.unresolved.push({ file: from, span: mutation.span, text: 'changed in a way that cannot be followed' });
          else apply(from, list, mutation.mode, mutation.values);
        }
        if (exposure.kind === 'toolkit') {
          // A list of tools on its own: a set only when every element is one of its adapter's tools.
          if (!this.collectToolkit(file, exposure.tools, set)) continue;
        } else {
          for (const source of sources.tools) this.collectTools(source.file, source.value, set, exposure.toolsShape === 'record', exposure.objectToolNames);
        }
        for (const keyed of exposure.keyedMembers ?? []) this.collectKeyed(file, keyed, set);
        for (const source of sources.handoffs) this.collectHandoffs(source.file, source.value, set);
        if (exposure.mutatedUnknown) {
          set.unresolved.push({ file, span: exposure.span, text: 'mutated after construction' });
        }
        exposureSets.push(set);
        for (const reference of exposure.references ?? []) references.push(this.resolvedReference(file, reference, 'set', [key]));

        if (agent) {
          const resolvedAgent: ResolvedAgent = {
            key: `${file}#${agent.id}`,
            adapter: agent.adapter,
            name: agentName,
            at: { file, span: agent.nameSpan },
            handoffAgentKeys: set.handoffs.flatMap((h) => (h.agentKey ? [h.agentKey] : [])),
            toolAgentKeys: [],
            mcpServerKeys: [],
            exposureKey: key,
          };
          if (!agent.name) resolvedAgent.unnamed = true;
          if (!agent.name && agent.holder !== undefined) resolvedAgent.holder = agent.holder;
          for (const source of sources.tools) {
            for (const item of this.resolveTop(source.file, source.value)) {
              if (item.item.t === 'tool' && item.item.def.agent) {
                for (const target of this.resolve(item.item.file, item.item.def.agent, 0)) {
                  if (target.t === 'agent') resolvedAgent.toolAgentKeys.push(`${target.file}#${target.agent.id}`);
                }
              }
            }
          }
          if (agent.mcpServers) {
            for (const item of this.resolve(file, agent.mcpServers, 0)) {
              if (item.t === 'mcp') resolvedAgent.mcpServerKeys.push(`${item.file}#${item.server.id}`);
            }
          }
          agents.push(resolvedAgent);
        }
      }
    }

    for (const [file, fi] of this.index) {
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
          name: this.staticName(file, server.name),
          at: { file, span: server.span },
          exposureKey: set?.key,
        };
        const parameter = server.parameter && fi.functions.get(server.parameter.fn)?.params[server.parameter.index];
        if (parameter !== undefined) resolved.parameter = parameter;
        mcpServers.push(resolved);
      }
    }
    const tools: ResolvedTool[] = [];
    const namespaces: ResolvedNamespace[] = [];
    for (const [file, fi] of this.index) {
      for (const def of fi.facts.tools) tools.push(this.resolvedTool({ t: 'tool', file, def }, undefined));
      for (const ns of fi.facts.namespaces) {
        const members: ResolvedTool[] = [];
        let name: string | undefined;
        for (const item of this.resolve(file, { kind: 'namespace', id: ns.id, span: ns.span }, 0)) {
          if (item.t !== 'tool') continue;
          members.push(this.resolvedTool(item, undefined));
          name = item.ns?.name;
        }
        if (members.length === 0) name = this.namespaceName(file, ns);
        const written = this.staticName(file, ns.name);
        const resolved: ResolvedNamespace = {
          key: `${file}#${ns.id}`,
          adapter: ns.adapter,
          name,
          at: { file, span: ns.nameSpan },
          members,
        };
        if (ns.name?.kind === 'static' && (ns.name.via === 'literal' || ns.name.via === 'template')) {
          resolved.literalSpan = ns.name.span;
        }
        if (written !== undefined && written !== name) resolved.writtenName = written;
        namespaces.push(resolved);
      }
    }
    linkLoaders(exposureSets, loaders);
    const exposureOf = new Map(agents.map((agent) => [agent.key, agent.exposureKey]));
    const mcpNameImports = this.mcpNameImports();
    return {
      exposureSets,
      tools,
      namespaces,
      agents,
      mcpServers,
      toolReferences: [...references, ...this.runReferences(exposureOf)],
      ...(mcpNameImports ? { mcpNameImports } : {}),
    };
  }

  /**
   * See `LinkedProject.mcpNameImports`: for each file that looks MCP names up, the files it imports
   * that build such names (only those: what else it imports does not matter here, and a file that
   * builds names always has the tokens that get it parsed, with or without the pre-filter).
   */
  private mcpNameImports(): Record<string, string[]> | undefined {
    let out: Record<string, string[]> | undefined;
    const buildsNames = (facts: FileFacts): boolean => facts.identityStrings.some((s) => s.form === 'mcp-name' && s.lookup !== true);
    for (const [file, fi] of this.index) {
      const looksUp = fi.facts.mcpNameLookups.length > 0 || fi.facts.identityStrings.some((s) => s.form === 'mcp-name' && s.lookup === true);
      if (!looksUp) continue;
      const targets = new Set<string>();
      for (const specifier of new Set(fi.facts.imports.map((i) => i.module))) {
        const target = this.options.resolveModule(file, specifier);
        const facts = target === undefined || target === file ? undefined : this.index.get(target)?.facts;
        if (facts && buildsNames(facts)) targets.add(target!);
      }
      if (targets.size > 0) (out ??= {})[file] = [...targets];
    }
    return out;
  }

  private resolvedReference(file: string, reference: ToolReferenceFact, level: 'set' | 'run', setKeys: string[]): ResolvedToolReference {
    return {
      level,
      option: reference.option,
      form: reference.form,
      at: { file, span: reference.span },
      name: this.staticName(file, reference.name),
      setKeys,
      targetUnresolved: false,
      runTools: [],
      runToolsUnresolved: false,
    };
  }

  /** Tool references given to runs, with the run's agent (its set) and run-level tools resolved. */
  private runReferences(exposureOf: ReadonlyMap<string, string>): ResolvedToolReference[] {
    const out: ResolvedToolReference[] = [];
    for (const [file, fi] of this.index) {
      for (const run of fi.facts.runReferences) {
        const targets = this.resolve(file, run.agent, 0);
        // A run shape of one framework called on another framework's agent is no run of it.
        if (targets.some((item) => item.t === 'agent' && item.agent.adapter !== run.adapter)) continue;
        const setKeys = targets.flatMap((item) => {
          const exposure = item.t === 'agent' ? exposureOf.get(`${item.file}#${item.agent.id}`) : undefined;
          return exposure ? [exposure] : [];
        });
        const runTools: ResolvedTool[] = [];
        let runToolsUnresolved = false;
        if (run.tools) {
          for (const { item, listedAt } of this.resolveTop(file, run.tools)) {
            if (item.t === 'tool') runTools.push(this.resolvedTool(item, listedAt));
            else runToolsUnresolved = true;
          }
        }
        for (const reference of run.references) {
          out.push({
            ...this.resolvedReference(file, reference, 'run', setKeys),
            targetUnresolved: targets.some((item) => item.t !== 'agent') || setKeys.length !== targets.length,
            runTools,
            runToolsUnresolved,
          });
        }
      }
    }
    return out;
  }

  private namespaceName(file: string, ns: NamespaceFact): string | undefined {
    const written = this.staticName(file, ns.name);
    return written === undefined ? undefined : this.options.naming(ns.adapter).namespace(written);
  }

  /** Mutations of agents made in other modules, by agent key, in a deterministic order. */
  private externalMutations(): Map<string, Array<{ file: string; mutation: AgentMutationFact }>> {
    const byAgent = new Map<string, Array<{ file: string; mutation: AgentMutationFact }>>();
    for (const [file, fi] of this.index) {
      for (const mutation of fi.facts.agentMutations) {
        for (const item of this.resolve(file, mutation.agent, 0)) {
          if (item.t !== 'agent') continue;
          const key = `${item.file}#${item.agent.id}`;
          let list = byAgent.get(key);
          if (!list) byAgent.set(key, (list = []));
          list.push({ file, mutation });
        }
      }
    }
    // Importers run after the modules they import; between importers, order by path, then position.
    for (const list of byAgent.values()) {
      list.sort((a, b) => (a.file === b.file ? a.mutation.span.start - b.mutation.span.start : a.file < b.file ? -1 : 1));
    }
    return byAgent;
  }

  // ---- exposure members ----

  private collectTools(file: string, source: ValueRef, set: ResolvedExposureSet, record = false, objectNames?: readonly string[][]): void {
    const tools: ResolvedTool[] = [];
    for (const { item: found, listedAt } of record ? this.resolveRecord(file, source) : this.resolveTop(file, source)) {
      const item = found.t === 'object' && objectNames ? (this.objectTool(found, objectNames) ?? found) : found;
      if (item.t === 'tool') {
        // Disabled in code (`isEnabled: false`): the model never sees it.
        if (!item.def.disabled) tools.push(this.resolvedTool(item, listedAt));
      } else if (item.t === 'keyed') tools.push(this.keyedTool(set.adapter, item.key, item.keyAt, listedAt));
      else if (item.t === 'mcp' || item.t === 'agent' || item.t === 'handoff') {
        // Not a tool: an agent or server listed among tools is a type error the compiler reports.
      } else {
        const at = item.t === 'unresolved' ? item.at : { file, span: source.span };
        const text = item.t === 'unresolved' ? item.text : describe(item);
        // An element of a tool array keeps what syntax says about it; a record names members by keys.
        if (!record && item.element && item.identity) set.unresolved.push({ ...(listedAt ?? at), text, identity: item.identity });
        else set.unresolved.push({ ...at, text });
      }
    }
    // A record holds one value per key: the same tool under the same key again (`{ ...base,
    // ...base }`, a record that spreads one already spread) overwrites it with itself, and the
    // key keeps its last place. Arrays keep every entry.
    set.tools.push(...(record ? tools.filter((tool, i) => !tools.slice(i + 1).some((later) => later.key === tool.key)) : tools));
  }

  /** A plain object listed as a tool, named by the first of `paths` that holds a static string. */
  private objectTool(object: Extract<Item, { t: 'object' }>, paths: readonly string[][]): Item | undefined {
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
          next.push(...this.resolve(item.file, prop.value, 1));
        }
        current = next;
      }
      const [only] = current;
      if (current.length === 1 && only?.t === 'string' && last) return { t: 'keyed', key: only.value, keyAt: last };
    }
    return undefined;
  }

  /** A member known only by the key that names it (`agent-<key>`, a record key whose value is not followed). */
  private keyedTool(adapter: string, written: string, at: SourceRef, listedAt?: SourceRef): ResolvedTool {
    const name = this.options.naming(adapter).tool(written);
    const tool: ResolvedTool = {
      key: `${at.file}#keyed@${at.span.start}`,
      adapter,
      kind: 'function',
      name,
      namespace: undefined,
      namespaceDynamic: false,
      deferLoading: false,
      approvalRequired: false,
      definedAt: at,
    };
    if (name !== written) tool.writtenName = written;
    if (listedAt && (listedAt.file !== at.file || listedAt.span.start !== at.span.start)) tool.listedAt = listedAt;
    return tool;
  }

  /** A toolkit array's members; false when some element is not a tool of the set's adapter. */
  private collectToolkit(file: string, source: ValueRef | undefined, set: ResolvedExposureSet): boolean {
    if (!source) return false;
    const items = this.resolveTop(file, source);
    if (items.length < 2 || !items.every(({ item }) => item.t === 'tool' && item.def.adapter === set.adapter)) return false;
    for (const { item, listedAt } of items) if (item.t === 'tool') set.tools.push(this.resolvedTool(item, listedAt));
    return true;
  }

  /** `agents: { vendor }` -> the tool `agent-vendor`: one member per key, named where the key is written. */
  private collectKeyed(file: string, keyed: { prefix: string; value: ValueRef }, set: ResolvedExposureSet): void {
    for (const object of this.resolve(file, keyed.value, 0)) {
      if (object.t !== 'object') {
        set.unresolved.push(object.t === 'unresolved' ? { ...object.at, text: object.text } : { file, span: keyed.value.span, text: describe(object) });
        continue;
      }
      for (const property of object.properties) {
        if (property.value.kind === 'spread' || !property.keySpan || property.dynamicKey) {
          set.unresolved.push({ file: object.file, span: property.value.span, text: `${keyed.prefix}…` });
          continue;
        }
        set.tools.push(this.keyedTool(set.adapter, `${keyed.prefix}${property.key}`, { file: object.file, span: property.keySpan }));
      }
    }
  }

  private collectHandoffs(file: string, source: ValueRef, set: ResolvedExposureSet): void {
    for (const { item, listedAt } of this.resolveTop(file, source)) {
      if (item.t === 'handoff' && item.handoff.disabled) continue;
      if (item.t === 'handoff' || item.t === 'agent') {
        const handoff = this.resolvedHandoff(item, listedAt, set.adapter);
        if (handoff) set.handoffs.push(handoff);
      } else if (item.t === 'unresolved') set.unresolved.push({ ...item.at, text: item.text });
    }
  }

  /**
   * Resolves the top-level elements of a list one by one, remembering where each was listed in
   * the exposure set's own file: that is where a collision is reported, next to the agent.
   */
  private resolveTop(file: string, source: ValueRef): Array<{ item: Item; listedAt: SourceRef | undefined }> {
    const elements = source.kind === 'array' ? source.elements : [source];
    const out: Array<{ item: Item; listedAt: SourceRef | undefined }> = [];
    for (const element of elements) {
      const inline = element.kind === 'tool' || element.kind === 'handoff' || element.kind === 'agent';
      const listedAt = inline ? undefined : { file, span: element.span };
      const items = this.resolve(file, element, 0);
      for (const item of source.kind === 'array' ? asElements(element, items) : items) out.push({ item, listedAt });
    }
    return out;
  }

  /**
   * The members of a record-shaped set in the order the record is built: every key, including keys
   * that a later spread overrides (that is the collision), each tool named by its key. Spreads are
   * followed into other records across files.
   */
  private resolveRecord(file: string, source: ValueRef, depth = 0, listedIn?: SourceRef): Array<{ item: Item; listedAt: SourceRef | undefined }> {
    const out: Array<{ item: Item; listedAt: SourceRef | undefined }> = [];
    for (const object of this.resolve(file, source, depth)) {
      if (object.t !== 'object') {
        out.push({ item: object.t === 'unresolved' ? object : { t: 'unresolved', at: { file, span: source.span }, text: describe(object) }, listedAt: listedIn });
        continue;
      }
      for (const property of object.properties) {
        // Where the set's own file lists the member: the property, or the spread that brings it in.
        const listedAt = listedIn ?? (object.file === file ? { file, span: property.value.span } : undefined);
        if (property.value.kind === 'spread') {
          out.push(...this.resolveRecord(object.file, property.value.of, depth + 1, listedAt));
          continue;
        }
        const keyAt = property.keySpan && { file: object.file, span: property.keySpan };
        for (const item of this.resolve(object.file, property.value, depth + 1)) {
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

  private resolvedTool(item: Extract<Item, { t: 'tool' }>, listedAt: SourceRef | undefined): ResolvedTool {
    const { def, file } = item;
    const naming = this.options.naming(def.adapter);
    let name: string | undefined;
    let writtenName: string | undefined;
    let defaultIdentity: ResolvedTool['defaultIdentity'];
    let agentKey: string | undefined;
    if (def.kind === 'agent-tool' && def.agent) {
      for (const target of this.resolve(file, def.agent, 0)) {
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
      const agentName = this.agentName(file, def.agent);
      if (agentName !== undefined) {
        name = naming.agentTool(agentName);
        defaultIdentity = { agentName, derivedName: name };
      }
    } else if (def.name) {
      const written = this.staticName(file, def.name);
      if (written !== undefined) {
        name = def.kind === 'hosted' ? written : naming.tool(written);
        if (name !== written) writtenName = written;
      }
    }
    const explicitNs = def.namespace ? this.staticName(file, def.namespace) : undefined;
    const namespace = item.ns ? item.ns.name : explicitNs;
    const tool: ResolvedTool = {
      // One object under two record keys is two tools; each `new X()` is its own object; a
      // namespace holds copies of its members (`toolNamespace()` clones them), one per namespace call.
      key: `${file}#${def.id}${item.instance === undefined ? '' : `~${item.instance}`}${item.key === undefined ? '' : `:${item.key}`}${item.ns ? `@${item.ns.at.file}:${String(item.ns.at.span.start)}` : ''}`,
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
    return tool;
  }

  private resolvedHandoff(
    item: Extract<Item, { t: 'handoff' } | { t: 'agent' }>,
    listedAt: SourceRef | undefined,
    adapterId: string,
  ): ResolvedHandoff | undefined {
    const naming = this.options.naming(item.t === 'handoff' ? item.handoff.adapter : item.agent.adapter || adapterId);
    let agentKey: string | undefined;
    let agentName: string | undefined;
    let override: string | undefined;
    let dynamicOverride = false;
    let definedAt: SourceRef;
    let key: string;
    if (item.t === 'agent') {
      agentKey = `${item.file}#${item.agent.id}`;
      agentName = this.staticName(item.file, item.agent.name);
      definedAt = { file: item.file, span: item.agent.nameSpan };
      key = agentKey;
    } else {
      const { handoff, file } = item;
      key = `${file}#${handoff.id}`;
      definedAt = { file, span: handoff.span };
      for (const target of this.resolve(file, handoff.agent, 0)) {
        if (target.t === 'agent') {
          agentKey = `${target.file}#${target.agent.id}`;
          agentName = this.staticName(target.file, target.agent.name);
        }
      }
      if (handoff.toolNameOverride) {
        override = this.staticName(file, handoff.toolNameOverride);
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

  private agentName(file: string, ref: ValueRef): string | undefined {
    for (const item of this.resolve(file, ref, 0)) {
      if (item.t === 'agent') return this.staticName(item.file, item.agent.name);
    }
    return undefined;
  }

  // ---- MCP servers ----

  private mcpServerSets(): Map<string, ResolvedExposureSet> {
    const sets = new Map<string, ResolvedExposureSet>();
    const order = new Map<ResolvedTool, Position[]>();
    for (const [file, fi] of this.index) {
      for (const registration of fi.facts.mcpRegistrations) {
        for (const { server, chain } of this.serversOf(file, registration.receiver, 0)) {
          const key = `${server.file}#${server.server.id}`;
          let set = sets.get(key);
          if (!set) {
            const name = this.staticName(server.file, server.server.name);
            set = {
              key,
              kind: 'mcp-server',
              adapter: server.server.adapter,
              name,
              at: { file: server.file, span: server.server.span },
              tools: [],
              handoffs: [],
              unresolved: [],
              toolNameCollisionPolicy: 'error',
            };
            if (server.server.parameter) set.instanceIsParameter = true;
            sets.set(key, set);
          }
          const tool: ResolvedTool = {
            // Reached through a chain of calls, each chain is one execution of the registration.
            key: `${file}#registration@${registration.span.start}${chain.length === 0 ? '' : `<${chainKey(chain)}`}`,
            adapter: registration.adapter,
            kind: 'function',
            name: this.staticName(file, registration.name),
            namespace: undefined,
            namespaceDynamic: false,
            deferLoading: false,
            approvalRequired: false,
            definedAt: { file, span: registration.name.span },
          };
          if (registration.branch) tool.branch = registration.branch;
          if (registration.replaces) tool.replaces = true;
          set.tools.push(tool);
          order.set(tool, [...chain, [file, registration.span.start]]);
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
   * The server instances a receiver can be, following parameters back to every call site. `chain`
   * lists the calls that pass the instance on, from the one nearest the server inwards.
   */
  private serversOf(file: string, receiver: ValueRef, depth: number): Array<{ server: Extract<Item, { t: 'mcp' }>; chain: Position[] }> {
    if (depth > MAX_DEPTH) return [];
    const out: Array<{ server: Extract<Item, { t: 'mcp' }>; chain: Position[] }> = [];
    if (receiver.kind === 'param') {
      for (const call of this.callsTo(`${file}#${receiver.fn}`)) {
        const arg = call.args[receiver.index];
        if (!arg) continue;
        for (const found of this.serversOf(call.file, arg, depth + 1)) {
          out.push({ server: found.server, chain: [...found.chain, [call.file, call.start]] });
        }
      }
      // No caller leads to a server: a parameter typed as one is that instance.
      const typed = out.length === 0 ? this.index.get(file)?.parameterServers.get(`${receiver.fn}#${receiver.index}`) : undefined;
      if (typed) out.push({ server: { t: 'mcp', file, server: typed }, chain: [] });
      return dedupeServers(out);
    }
    for (const item of this.resolve(file, receiver, depth)) {
      if (item.t === 'mcp') out.push({ server: item, chain: [] });
    }
    // A binding may hold a parameter (`const s = server;`): follow it through its initialiser.
    if (receiver.kind === 'binding') {
      const init = this.index.get(file)?.facts.bindings[receiver.key];
      if (init?.kind === 'param') out.push(...this.serversOf(file, init, depth + 1));
    }
    return dedupeServers(out);
  }

  private callsTo(fnKey: string): Array<{ file: string; start: number; args: ValueRef[] }> {
    if (!this.callsByFunction) {
      this.callsByFunction = new Map();
      for (const [file, fi] of this.index) {
        for (const call of fi.facts.calls) {
          for (const target of this.resolve(file, call.callee, 0)) {
            if (target.t !== 'function') continue;
            const key = `${target.file}#${target.fn.key}`;
            let list = this.callsByFunction.get(key);
            if (!list) this.callsByFunction.set(key, (list = []));
            list.push({ file, start: call.span.start, args: call.args });
          }
        }
      }
    }
    return this.callsByFunction.get(fnKey) ?? [];
  }

  // ---- values ----

  /** A computed key that follows to one constant string (`[names.SEARCH]`) is that static key. */
  private staticKey<P extends { key: string; dynamicKey?: true; keyValue?: ValueRef }>(file: string, property: P, depth: number): P {
    if (!property.dynamicKey || !property.keyValue) return property;
    const found = this.resolve(file, property.keyValue, depth + 1);
    const [only] = found;
    if (found.length !== 1 || only?.t !== 'string') return property;
    const { dynamicKey: _dynamic, keyValue: _value, ...rest } = property;
    return { ...rest, key: only.value } as P;
  }

  private resolve(file: string, ref: ValueRef, depth: number): Item[] {
    const at = { file, span: ref.span };
    if (depth > MAX_DEPTH) return [{ t: 'unresolved', at, text: 'too deep' }];
    const fi = this.index.get(file);
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
        const nsInfo = { name: this.namespaceName(file, ns), at: { file, span: ns.nameSpan } };
        // toolNamespace() returns a new copy of each member: one tool listed twice is two objects.
        return this.resolve(file, ns.members, depth + 1).map((item, position) =>
          item.t === 'tool' ? { ...item, ns: nsInfo, instance: `${item.instance ?? ''}@${file}#${ns.id}:${position}` } : item.t === 'unresolved' ? anonymous(item) : item,
        );
      }
      case 'class': {
        const def = fi.tools.get(ref.id);
        return def ? [{ t: 'class', file, def }] : [{ t: 'unresolved', at, text: ref.id }];
      }
      case 'subclass':
        // A tool class when its base is one: named by its own member when it sets one again.
        return this.resolve(file, ref.of, depth + 1).map((item): Item => {
          // A subclass of a class the linker cannot see is a class of its own (its binding names it).
          if (item.t !== 'class') return item.t === 'unresolved' ? anonymous(item) : { t: 'unresolved', at, text: describe(item) };
          const member = item.def.nameMember;
          const own = member !== undefined && Object.hasOwn(ref.members, member) ? ref.members[member] : undefined;
          if (!own) return { t: 'class', file: item.file, def: { ...item.def, id: `${item.def.id}<${file}@${ref.span.start}` } };
          return { t: 'class', file, def: { ...item.def, id: `${item.def.id}<${file}@${ref.span.start}`, name: own, span: ref.span, nameSpan: own.span } };
        });
      case 'instance':
        // Each `new X()` is its own tool object, named by its class: two instances carry one name.
        return this.resolve(file, ref.of, depth + 1).map((item): Item => {
          const text = refText(ref.of) ?? 'class';
          if (item.t === 'class') {
            return { t: 'tool', file: item.file, def: item.def, instance: `${file}:${ref.span.start}`, instanceOf: { key: `${item.file}#${item.def.id}`, text } };
          }
          if (item.t !== 'unresolved') return { t: 'unresolved', at, text: describe(item) };
          const unseen: Item = { t: 'unresolved', at, text: item.text };
          // A class the linker cannot see, known by the value that holds it.
          if (item.identity) unseen.identity = { value: `${file}#new@${ref.span.start}`, instanceOf: { key: item.identity.value, text } };
          return unseen;
        });
      case 'call-result':
        return this.resolve(file, ref.fn, depth + 1).flatMap((item): Item[] => {
          // What a call returns is not the function.
          if (item.t !== 'function') return item.t === 'unresolved' ? [anonymous(item)] : [{ t: 'unresolved', at, text: describe(item) }];
          if (!item.fn.returns) return [{ t: 'unresolved', at, text: `${item.fn.name ?? 'function'}()` }];
          return item.fn.returns.flatMap((value) => this.resolve(item.file, value, depth + 1));
        });
      case 'string':
        return [{ t: 'string', value: ref.value }];
      case 'array':
        return ref.elements.flatMap((element) => asElements(element, this.resolve(file, element, depth + 1)));
      case 'spread':
        return this.resolve(file, ref.of, depth + 1);
      case 'object':
        return [{ t: 'object', file, properties: ref.properties.map((property) => this.staticKey(file, property, depth)) }];
      case 'binding': {
        const init = fi.facts.bindings[ref.key];
        if (!init) return [{ t: 'unresolved', at, text: ref.name }];
        return identified(this.resolve(file, init, depth + 1), `${file}#binding:${ref.key}`, ref.name);
      }
      case 'import':
        return identified(this.resolveImport(file, ref.module, ref.imported, at, ref.name, depth + 1), `${file}#import:${ref.module}:${ref.imported}`, ref.name);
      case 'member':
        return this.resolveMember(file, ref, at, depth + 1);
      case 'param':
        return identified([{ t: 'unresolved', at, text: ref.name }], `${file}#param:${ref.fn}:${String(ref.index)}`, ref.name);
      case 'unknown':
        return [{ t: 'unresolved', at, text: ref.text }];
    }
  }

  private resolveImport(
    file: string,
    specifier: string,
    imported: string,
    at: SourceRef,
    text: string,
    depth: number,
  ): Item[] {
    const target = this.options.resolveModule(file, specifier);
    if (target === undefined || !this.index.has(target)) return [{ t: 'unresolved', at, text }];
    if (imported === '*') return [{ t: 'object', file: target, properties: this.namespaceObject(target) }];
    return this.resolveExport(target, imported, at, text, depth, new Set());
  }

  private resolveExport(file: string, name: string, at: SourceRef, text: string, depth: number, seen: Set<string>): Item[] {
    const fi = this.index.get(file);
    if (!fi || seen.has(`${file}#${name}`) || depth > MAX_DEPTH) return [{ t: 'unresolved', at, text }];
    seen.add(`${file}#${name}`);
    const value = fi.exports.get(name);
    if (value) {
      if (value.kind === 're-export') return this.resolveImport(file, value.module, value.imported, at, text, depth + 1);
      return this.resolve(file, value, depth + 1);
    }
    // `export * from './x'` never re-exports `default`.
    if (name !== 'default') {
      for (const specifier of fi.facts.exportAll) {
        const target = this.options.resolveModule(file, specifier);
        if (target === undefined || !this.index.has(target)) continue;
        const found = this.resolveExport(target, name, at, text, depth + 1, seen);
        if (!found.every((x) => x.t === 'unresolved')) return found;
      }
    }
    return [{ t: 'unresolved', at, text }];
  }

  /** A namespace import seen as an object of its named exports (resolved lazily through `member`). */
  private namespaceObject(file: string): Array<{ key: string; value: ValueRef }> {
    const fi = this.index.get(file);
    if (!fi) return [];
    return fi.facts.exports.map((e) => ({
      key: e.exported,
      value:
        e.value.kind === 're-export'
          ? { kind: 'import', module: e.value.module, imported: e.value.imported, name: e.exported, span: e.value.span }
          : e.value,
    }));
  }

  private resolveMember(file: string, ref: Extract<ValueRef, { kind: 'member' }>, at: SourceRef, depth: number): Item[] {
    const out: Item[] = [];
    for (const object of this.resolve(file, ref.object, depth)) {
      if (object.t === 'object') {
        const prop = object.properties.find((p) => p.key === ref.property);
        out.push(...(prop ? this.resolve(object.file, prop.value, depth + 1) : [{ t: 'unresolved' as const, at, text: ref.property }]));
      } else if (object.t === 'agent' && liveList(object.agent, ref.property)) {
        const value = liveList(object.agent, ref.property) === 'tools' ? object.agent.tools : object.agent.handoffs;
        if (value) out.push(...this.resolve(object.file, value, depth + 1));
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
  staticName(file: string, value: NameValue | undefined): string | undefined {
    if (!value) return undefined;
    if (value.kind === 'static') return value.value;
    if (value.kind === 'dynamic') return undefined;
    if (value.kind === 'concat') {
      const parts = value.parts.map((part) => this.staticName(file, part));
      return parts.every((part) => part !== undefined) ? parts.join('') : undefined;
    }
    let items = this.resolveImport(file, value.module, value.imported, { file, span: value.span }, value.imported, 0);
    for (const key of value.path) {
      const next: Item[] = [];
      for (const item of items) {
        if (item.t !== 'object') continue;
        const prop = item.properties.find((p) => p.key === key);
        if (prop) next.push(...this.resolve(item.file, prop.value, 1));
      }
      items = next;
    }
    const strings = items.filter((x): x is Extract<Item, { t: 'string' }> => x.t === 'string');
    return strings.length === 1 && items.length === 1 ? strings[0]?.value : undefined;
  }
}

/**
 * An `addTools` call in a tool's execute adds to the live list of each agent that lists the tool
 * (itself, or a copy such as a namespace member: `<tool key>~...` / `<tool key>:<record key>`).
 */
function linkLoaders(sets: readonly ResolvedExposureSet[], loaders: ReadonlyMap<ResolvedExposureSet, string>): void {
  for (const [set, loader] of loaders) {
    const isLoader = (key: string): boolean => key === loader || key.startsWith(`${loader}~`) || key.startsWith(`${loader}:`);
    const liveIn = sets.filter((agent) => agent.kind === 'agent' && agent.adapter === set.adapter && agent.tools.some((tool) => isLoader(tool.key))).map((agent) => agent.key);
    if (liveIn.length > 0) set.liveIn = liveIn;
  }
}

/** Which list of an agent a property holds after construction, per the agent's adapter. */
function liveList(agent: AgentFact, property: string): 'tools' | 'handoffs' | undefined {
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
function identified(items: Item[], value: string, text: string): Item[] {
  return items.map((item): Item => {
    // An element of a list the binding holds is named by its own identifier, not the list's.
    if ('element' in item && item.element) return item;
    if (item.t === 'tool') return { ...item, as: text };
    if (item.t === 'agent' || item.t === 'handoff' || item.t === 'mcp' || item.t === 'keyed') return item;
    return { ...item, identity: item.identity ? { ...item.identity, text } : { value, text } };
  });
}

/** An unresolved item that no longer stands for its value (a copy, a call's result, a subclass). */
function anonymous(item: Extract<Item, { t: 'unresolved' }>): Item {
  return { t: 'unresolved', at: item.at, text: item.text };
}

/** The items of one array element: each is an element of the list, unless the element is a spread. */
function asElements(element: ValueRef, items: Item[]): Item[] {
  if (element.kind === 'spread') return items;
  return items.map((item) => (item.t === 'agent' || item.t === 'handoff' || item.t === 'mcp' || item.t === 'keyed' ? item : { ...item, element: true }));
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

function describe(item: Item): string {
  return item.t === 'string' ? JSON.stringify(item.value) : item.t;
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
