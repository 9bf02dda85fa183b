// The linked view of one or more files' facts: exposure sets with their members resolved across
// bindings, spreads, namespaces, imports and re-exports. Produced by `linkFacts` (resolve.ts), read by
// src/checks and the graph command. Plain data, like the facts.
import type { Span, ToolKind } from './types.js';

/** A place in some file. Paths are whatever the caller used for `FileFacts.file`. */
export interface SourceRef {
  file: string;
  span: Span;
}

export interface ResolvedTool {
  /** Identity of the tool object: `${file}#${definitionId}`. The same instance listed twice has one key. */
  key: string;
  /** The adapter that recognised the definition (naming rules, messages). */
  adapter: string;
  kind: ToolKind;
  /** Public (model-facing) name after the framework's normalisation; undefined when dynamic. */
  name: string | undefined;
  /** The name as written in source, when it differs from `name` (e.g. sanitised by the framework). */
  writtenName?: string;
  /** Explicit namespace applied by `toolNamespace()`; undefined when none or dynamic. */
  namespace: string | undefined;
  namespaceDynamic: boolean;
  deferLoading: boolean;
  approvalRequired: boolean;
  defaultIdentity?: { agentName: string; derivedName: string };
  /** Where the name is written (or the definition call, for derived names). */
  definedAt: SourceRef;
  /** Where the namespace name is written, when the tool is namespaced. */
  namespaceAt?: SourceRef;
  /** Where this member was listed in the exposure set (array element), when not the definition itself. */
  listedAt?: SourceRef;
  /** For `agent-tool`: the key of the wrapped agent, when resolved. */
  agentKey?: string;
  /** For MCP registrations: the branches the call sits in (see `McpRegistrationFact.branch`). */
  branch?: string[];
  /** For MCP registrations: registering the name again replaces the tool instead of failing. */
  replaces?: true;
  /** For MCP registrations: registering the name again lists it twice. */
  listed?: true;
  /** For MCP registrations made by one call with others (`addTools([...])`): that call, and what two of one name in it do. */
  inCall?: { key: string; onDuplicate: 'throws' | 'replaces' | 'listed' };
  /**
   * For `new X()` of a tool class: the class (`key`: its definition) and how the `new` names it.
   * Two instances of one class carry one name, even one the linker cannot compute.
   */
  instanceOf?: { key: string; text: string };
  /** The identifier that lists it (`searchOrders`), for messages about a tool whose name is not known. */
  listedAs?: string;
  /** Its name is the key of the record a set lists it under; none is written at the definition. */
  namedByKey?: true;
  /** The toolkit it came in with, when the framework adds a toolkit as one (`ObjectToolShape.group`). */
  group?: ResolvedToolGroup;
}

/** A toolkit added as one: `key` is its object, `at` where it is written or listed. */
export interface ResolvedToolGroup {
  key: string;
  name: string | undefined;
  at: SourceRef;
  skipsOnConflict?: true;
  exposedLast?: true;
}

export interface ResolvedHandoff {
  /** `${file}#${handoffOrAgentId}`. */
  key: string;
  /** The routed tool name: the override, or the framework's derived `transfer_to_<agent>`. Undefined when dynamic. */
  toolName: string | undefined;
  agentName: string | undefined;
  /** Set when the tool name was derived from the agent name (no override). */
  defaultIdentity?: { agentName: string; derivedName: string };
  definedAt: SourceRef;
  listedAt?: SourceRef;
  /** Key of the target agent, when resolved. */
  agentKey?: string;
}

/**
 * What syntax still says about a list element the linker cannot follow (an import from outside the
 * analysis, `new X()` of a class it cannot see): which value it is, so the same value listed twice
 * is one object; and for an instance, which class, so two instances carry one name.
 */
export interface OpaqueIdentity {
  /** The value: an import, a binding or a parameter of one file; for an instance, the `new` itself. */
  value: string;
  /** The identifier that holds it, nearest the list (`searchTool`); none for a bare `new X()`. */
  text?: string;
  instanceOf?: { key: string; text: string };
}

export interface UnresolvedMember extends SourceRef {
  text: string;
  /** Set for an element of an array-shaped list whose value syntax identifies. */
  identity?: OpaqueIdentity;
}

export interface ResolvedExposureSet {
  /** Options that must name each agent once (`ExposureSpec.distinctAgents`): the agent each entry names, where. */
  distinctAgents?: Array<{ option: string; outcome: string; entries: Array<{ name: string; at: SourceRef }> }>;
  /** `${file}#${id}`. */
  key: string;
  kind: 'agent' | 'call' | 'add-tools' | 'toolkit' | 'mcp-server';
  adapter: string;
  /** The agent's or server's static name; the checks render labels from kind and name. */
  name: string | undefined;
  /** Sets that no code defines (a dumped provider request): how messages name them. */
  title?: string;
  at: SourceRef;
  tools: ResolvedTool[];
  handoffs: ResolvedHandoff[];
  /** Members the linker could not follow: the set is not known to be complete. */
  unresolved: UnresolvedMember[];
  /** `record`: tools are an object whose keys are the names (a later key replaces an earlier one). */
  toolsShape?: 'record';
  /** For an agent without a name: what holds it (`AgentFact.holder`), for messages. */
  holder?: string;
  /**
   * For sets no code defines (a dumped provider request): whether its API has tool namespaces.
   * For code, the set's adapter says.
   */
  hasNamespaces?: true;
  toolNameCollisionPolicy: 'warn' | 'error' | undefined;
  /** Two tools of one name make the call fail, not pick one: how (`ExposureSpec.duplicates`). */
  duplicatesOutcome?: string;
  /** Names equal once these characters are equated fail too (`ExposureSpec.duplicates.equate`). */
  duplicatesEquate?: { pairs: Array<[string, string]>; text: string };
  /** For agent sets: the agent's key. */
  agentKey?: string;
  /** For MCP server sets: the instance is a typed parameter (`server: McpServer`), not a `new`. */
  instanceIsParameter?: true;
  /**
   * For `add-tools` sets made inside a tool's execute: the keys of the agent sets that list that
   * tool, whose live tool list (configured tools, then additions) the call adds to.
   */
  liveIn?: string[];
}

export interface ResolvedAgent {
  key: string;
  adapter: string;
  name: string | undefined;
  at: SourceRef;
  /** Keys of agents reachable through handoffs and agent-as-tool. */
  handoffAgentKeys: string[];
  toolAgentKeys: string[];
  /** Keys of MCP servers (`McpServerFact`) attached with `mcpServers`. */
  mcpServerKeys: string[];
  exposureKey: string;
  /** The framework's agent takes no name (or the code gives none): not the same as a dynamic one. */
  unnamed?: true;
  /** For an unnamed agent: what holds it (`AgentFact.holder`). */
  holder?: string;
}

export interface ResolvedMcpServer {
  key: string;
  adapter: string;
  role: 'server' | 'client';
  name: string | undefined;
  at: SourceRef;
  exposureKey: string | undefined;
  /** A typed parameter standing for the instance (`McpServerFact.parameter`): its name. */
  parameter?: string;
}

/** A `toolNamespace()` call with its members resolved (namespace applied). */
export interface ResolvedNamespace {
  key: string;
  adapter: string;
  /** Model-facing namespace name; undefined when dynamic. */
  name: string | undefined;
  writtenName?: string;
  /** Where the namespace name is written. */
  at: SourceRef;
  /** The string literal holding the name, when it is written in place and can be edited. */
  literalSpan?: Span;
  members: ResolvedTool[];
}

/**
 * A string that names a tool of a set (a forced tool choice, an element of an active-tool list), on
 * the set itself or given to one run of an agent.
 */
export interface ResolvedToolReference {
  level: 'set' | 'run';
  /** The option as written, for messages (`requiredFunctionName`, `toolName`, `activeTools`). */
  option: string;
  form: 'tool-choice' | 'names';
  /** Where the name is written. */
  at: SourceRef;
  /** The name; undefined when it is not statically known. */
  name: string | undefined;
  /** Keys of the exposure sets it applies to (a run: the sets of the agents its receiver resolves to). */
  setKeys: string[];
  /** A run whose receiver may be something the linker could not follow. */
  targetUnresolved: boolean;
  /** Tools given to that run only (`run(input, { tools })`): configured for its first request too. */
  runTools: ResolvedTool[];
  /** Run-level tools that could not be followed. */
  runToolsUnresolved: boolean;
  /** What an entry naming no tool does, when the adapter says (`ReferenceSpec.effect`). */
  effect?: string;
  /**
   * A string listed among the set's tools that the framework looks up in its registry
   * (`ToolsSpec.byName`) and that no definition registers: the names registered in the analysis.
   */
  registered?: string[];
}

/**
 * A handler that runs a tool by the requested name (`McpDispatchFact`), on the server sets its
 * receiver resolves to: the names it compares the requested name with.
 */
export interface ResolvedMcpDispatch {
  at: SourceRef;
  /** Keys of the MCP server sets (`ResolvedExposureSet.key`) it is set on. */
  setKeys: string[];
  /** Each compared name, where it is written; `name` undefined when it is not statically known. */
  names: Array<{ name: string | undefined; at: SourceRef }>;
  /** Only these names are compared (`McpDispatchFact.complete`). */
  complete: boolean;
  /** Other names are turned away, not answered (`McpDispatchFact.rejectsOthers`). */
  rejectsOthers: boolean;
}

export interface LinkedProject {
  exposureSets: ResolvedExposureSet[];
  /** Every tool definition, with its name resolved, whether or not any set lists it. */
  tools: ResolvedTool[];
  namespaces: ResolvedNamespace[];
  agents: ResolvedAgent[];
  mcpServers: ResolvedMcpServer[];
  /** Tool references (forced tool choices, active-tool lists) with their sets resolved; absent = none known. */
  toolReferences?: ResolvedToolReference[];
  /** Handlers that run a tool by the requested name; absent = none. */
  mcpDispatches?: ResolvedMcpDispatch[];
  /**
   * Project files each file with MCP name lookups imports (resolved specifiers), so a lookup can be
   * compared with names built in the modules it imports. Only those files: resolving every import of
   * every file would cost a module resolution per import for nothing. Absent = none.
   */
  mcpNameImports?: Record<string, string[]>;
}
