// The vocabulary of a framework adapter: plain data that tells the framework-neutral walker in
// `../extract/` which calls define tools, namespaces, handoffs, agents and MCP servers, where each
// of them writes its name, which calls open a set of tools shown to one model, and how the
// framework turns written names into the names a model sees. The walker and the linker only loop
// over these tables; they never name a framework. Adding a framework is adding one object to
// `./index.ts`; a framework that truly needs code gets a narrow `collect` hook whose only output
// is facts.
import type { NameFrom, NameValue, Span, ToolKind, ValueRef } from '../types.js';

/**
 * How code reaches a framework callable. `name` is an export of one of the adapter's enabling
 * modules, followed through renamed, namespace and `require` imports and local `const` aliases.
 * `wrapper`: matched whatever the file imports, in every file that writes it: a project's own
 * callable (declared in its configuration, `adapters`), matched by the name it is declared or
 * imported under, from any module; or a method reached through a `receiverPath` distinctive enough
 * to stand for the framework's client wherever it was created (`openai.chat.completions.create(...)`
 * in a module that imports the client from `./lib/openai`): such a file is read with the adapter on
 * when it writes `<path>.<method>`.
 */
export type CallShape =
  /** `tool({...})` */
  | { type: 'call'; name: string; wrapper?: true }
  /** `new Agent({...})` */
  | { type: 'new'; name: string; wrapper?: true }
  /** `Agent.create({...})` */
  | { type: 'static'; name: string; method: string }
  /**
   * `server.registerTool('x', ...)`, `agent.asTool({...})`: a method on any receiver that is not an
   * import of another module. `minArguments` keeps unrelated calls of a common method name out.
   * `receiverPath`: the method sits on an object reached from the receiver through these
   * properties (`server.experimental.tasks.registerToolTask(...)`: `['experimental', 'tasks']`,
   * receiver `server`); a call written on anything else does not match. Read where the receiver
   * matters: registrations and runs.
   */
  | { type: 'method'; method: string; minArguments?: number; receiverPath?: readonly string[]; wrapper?: true }
  /** `class SearchTool extends StructuredTool { name = 'search' }` (class-defined tools). */
  | { type: 'extends'; name: string };

/**
 * A path of options inside the object literal at argument `argument` of a call. Only where an
 * adapter says so (`ReferenceSpec`), a `'()'` step stands for every value the function held at that
 * point returns: `['prepareStep', '()', 'toolChoice']`.
 */
export interface OptionAt {
  argument: number;
  path: readonly string[];
}

/** The path step that enters a function option's return values (`ReferenceSpec` paths only). */
export const RETURNS = '()';

/**
 * Where a name is written. A definer lists its sources in order; the first one present gives the
 * name. Facts record which one did (`NameFrom`), so that naming rules can depend on it.
 */
export type NameSource =
  /** `tool({ name: 'x' })`, `tool(fn, { name: 'x' })`: an option at any argument and path. */
  | ({ from: 'option' } & OptionAt)
  /** `server.registerTool('x', ...)`: a positional argument. */
  | { from: 'argument'; index: number }
  /** `tool({ execute: async function getWeather() {} })`: the name JS gives the function in that option. */
  | ({ from: 'function-name' } & OptionAt)
  /** `tools: { getWeather: tool({...}) }`: the key under which a record lists the tool. */
  | { from: 'record-key' }
  /** `class X extends StructuredTool { name = 'x' }`: a class member's initialiser. */
  | { from: 'class-member'; member: string }
  /** `agent.asTool()`: named after the receiving agent (the linker derives it, see `Naming.agentTool`). */
  | { from: 'receiver-agent' };

// `NameFrom` (in `../types.ts`, which imports nothing from here) is exactly the sources' `from`:
// adding a source without it, or it without a source, fails to compile.
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Assert<T extends true> = T;
type _NameFromIsNameSourceFrom = Assert<Equal<NameFrom, NameSource['from']>>;

/** How approval is asked for: any value but a falsy literal (`truthy`), or one literal value. */
export type ApprovalSpec =
  | ({ requiredWhen: 'truthy' } & OptionAt)
  | ({ requiredWhen: 'equals'; value: string } & OptionAt);

/** A callable that defines one tool. */
export interface ToolDefiner {
  match: readonly CallShape[];
  /** `function` tools have a function-tool identity; `hosted` tools are listed but have none; `agent-tool` wraps the receiver agent. */
  kind: 'function' | 'hosted' | 'agent-tool';
  name: readonly NameSource[];
  /** A boolean option that defers loading (`deferLoading: true`). */
  deferLoading?: OptionAt;
  approval?: ApprovalSpec;
  /** The option holding the function that runs the tool, and the index of its invocation-context parameter. */
  execute?: OptionAt & { contextParameter: number };
  /**
   * The call ID the framework always passes the function that runs the tool, as a string: AI SDK
   * `execute(input, { toolCallId })`. A fallback on it cannot run, so it makes nothing up.
   */
  callId?: OptionAt & { parameter: number; property: string };
  /**
   * An option that takes the tool out of every set when written as the literal `false`
   * (`isEnabled: false`); any other value (a function, a variable) may enable it, so it stays.
   */
  enabled?: OptionAt;
  /**
   * The call also enters the tool, under its written name, into the framework's registry, where a
   * set's `ToolsSpec.byName` strings look it up (Genkit `ai.defineTool`; its `tool()` defines a
   * tool it does not register).
   */
  registers?: true;
}

/** `toolNamespace({ name, tools })`: members get the namespace. */
export interface NamespaceDefiner {
  match: readonly CallShape[];
  name: readonly NameSource[];
  tools: OptionAt;
}

/** `handoff(agent, { toolNameOverride })`. */
export interface HandoffDefiner {
  match: readonly CallShape[];
  agentArgument: number;
  /** The routed tool name when given; the linker derives one from the agent otherwise. */
  override: readonly NameSource[];
  /** As `ToolDefiner.enabled`: a literal `false` takes the handoff out of its agent's set. */
  enabled?: OptionAt;
}

/**
 * How a tool choice is written. A string among `modes` (`'auto'`, `'none'`...) forces no tool; with
 * `byName` any other static string names one; an object literal names one in `object.nameOption`.
 */
export interface ToolChoiceStyle {
  modes: readonly string[];
  byName?: boolean;
  /**
   * The name sits at `[...path, nameOption]` of an object literal (`{ type: 'function', function: {
   * name } }`: path `['function']`); with `types`, only an object whose `type` is one of them names
   * a function tool (`{ type: 'mcp', name }` names an MCP server's tool, not one of the set).
   */
  object?: { nameOption: string; path?: readonly string[]; types?: readonly string[] };
}

/**
 * A place that names tools of the set by string: a forced tool choice (`toolChoice: { type: 'tool',
 * toolName: 'x' }`, `tool_choice: 'x'`) or a list of names (`activeTools: ['a', 'b']`). Each name
 * must be one the set configures (required-function-name-known).
 */
export type ReferenceSpec = OptionAt &
  (
    | { form: 'tool-choice'; style: ToolChoiceStyle }
    /** `objectName`: the list's elements are objects naming a tool at this path (`tools: [{ type: 'function', name }]`). */
    | {
        form: 'names';
        objectName?: readonly string[];
        /**
         * The entries name tools of the set's `prefixedMcpServers` as the model sees them
         * (`allowedTools: ['mcp__docs__search']`): only an entry written
         * `${prefix}<key>${separator}<tool>` for a key the set configures, without a `*`, is
         * checked; the rest (the framework's own tools, wildcards, servers configured elsewhere)
         * are not references to the set.
         */
        serverTools?: true;
        /** What an entry that names no tool does, for the message (default: it is dropped and no tool is offered). */
        effect?: string;
      }
  );

/**
 * How a plain object listed among a set's tools names them (`ToolsSpec.objects`). The first shape
 * that applies decides: one with `types` applies when the object's `type` is one of them, one
 * without when the first step of its `name` or `list` path is a property of the object (a `hosted`
 * shape without `types` applies to every object not in `except`).
 */
export type ObjectToolShape =
  /** One function tool, named at this path: `{ type: 'function', name }`, `{ toolSpec: { name } }`. */
  | { types?: readonly string[]; name: readonly string[] }
  /**
   * A list of more tool objects, read with the same shapes: Gemini's `{ functionDeclarations: [...] }`.
   * `group`: the list is a toolkit the framework adds as one (VoltAgent's `{ name, tools }`):
   * `skipsOnConflict`, a toolkit holding a name the set already has is skipped whole;
   * `exposedLast`, toolkits' tools reach the model after every standalone tool, in toolkit order.
   */
  | { types?: readonly string[]; list: readonly string[]; group?: ToolGroupBehaviour }
  /**
   * A provider-hosted tool (`{ type: 'web_search' }`, `{ googleSearch: {} }`): it has no function
   * name, so it is neither a member of the set nor an unknown one.
   */
  | { types?: readonly string[]; except?: readonly string[]; hosted: true };

export interface ToolGroupBehaviour {
  skipsOnConflict?: true;
  exposedLast?: true;
}

/** Where a set keeps its tools: an array of tools, or a record whose keys are the names the model sees. */
export interface ToolsSpec extends OptionAt {
  shape: 'array' | 'record';
  /**
   * Plain objects listed as tools (`{ name: 'x', schema }`, `{ type: 'function', function: { name } }`):
   * the paths, tried in order, to the name such an object gives its tool.
   */
  objectNames?: ReadonlyArray<readonly string[]>;
  /** Plain objects listed as tools, by shape (supersedes `objectNames` where given). */
  objects?: readonly ObjectToolShape[];
  /**
   * Further options whose lists join the set after `tools`, in this order (VoltAgent's
   * `new Agent({ tools, toolkits })`: one tool manager gets both).
   */
  alsoAt?: readonly OptionAt[];
  /**
   * A string listed among the tools names a tool the adapter's `registers` definers register
   * (Genkit `tools: ['lookup']`): the set holds that tool, listed at the string. A name no
   * definition of the analysis registers is a reference to a missing tool (required-function-name-
   * known; `effect` is what the call then does, for the message). A name holding one of `external`
   * is resolved by a plugin at run time (`server/tool`, `host:tool/*`): an unknown member.
   */
  byName?: { effect: string; external: readonly string[] };
}

/**
 * A call that opens a set of tools shown to one model together: an agent (`new Agent({...})`,
 * `Agent.create({...})`, a plain factory call), whose set may change later through its `tools` and
 * `handoffs` properties, or a one-shot call such as `generateText({ tools })` (`kind: 'call'`).
 */
export interface ExposureSpec {
  /**
   * Options a request of this API always carries (`model`): a call whose options object certainly
   * lacks every one of them is another API's call on a look-alike receiver (an ORM's
   * `db.messages.create({ data })`), not a set.
   */
  requiredOptions?: readonly string[];
  match: readonly CallShape[];
  kind: 'agent' | 'realtime-agent' | 'call';
  name?: readonly NameSource[];
  tools?: ToolsSpec;
  handoffs?: OptionAt;
  mcpServers?: OptionAt;
  /**
   * Two tools of one name in this set make the call fail instead of one of them being picked: the
   * provider's API rejects the request, or the framework throws. `outcome` is the message's clause
   * ('the Anthropic API rejects the request (400 "tools: Tool names must be unique")').
   */
  duplicates?: {
    outcome: string;
    /**
     * Names that differ only by these characters are one name to the framework, and fail like
     * identical ones (Strands' registry: `my-tool` and `my_tool`): each pair's characters are
     * equated before comparing; `text` says so in the message ('"-" and "_" count as one character').
     */
    equate?: { pairs: ReadonlyArray<readonly [string, string]>; text: string };
  };
  /**
   * A record of MCP servers (`mcpServers: { docs: server }`) whose tools the model sees as
   * `${prefix}<key>${separator}<tool>` (Claude Agent SDK `mcp__docs__search`): each server's tools
   * join the set under those names. A value that is not a server of the analysis (a stdio or HTTP
   * configuration, a parameter) makes the set incomplete.
   */
  prefixedMcpServers?: OptionAt & { prefix: string; separator: string };
  /** A boolean option that prefixes MCP tool names with their server name. */
  includeServerInToolNames?: OptionAt;
  /** An option holding `'warn' | 'error'`, for frameworks whose agent takes it. */
  collisionPolicy?: OptionAt;
  /** Options that name tools of the set by string: forced tool choices, lists of active tools. */
  references?: readonly ReferenceSpec[];
  /**
   * Records whose keys become tools of the set under a derived name: Mastra's
   * `agents: { vendor }` is the tool `agent-vendor`.
   */
  keyedMembers?: ReadonlyArray<OptionAt & { prefix: string }>;
  /**
   * A tool the framework adds to the set itself, after the listed tools, when this option is
   * written with any value but an empty array literal: VoltAgent's `subAgents` add `delegate_task`,
   * LlamaIndex's `canHandoffTo` adds `handOff`. The framework's `dispatch` decides which of it and
   * a listed tool of that name the model reaches; the member is located at the option.
   */
  addedTools?: ReadonlyArray<OptionAt & { name: string }>;
  /**
   * An option listing agents, by name (a string) or as agent values (their `name` counts), that must
   * name each agent once: LlamaIndex's `canHandoffTo` throws "Duplicate handoff agents". `outcome`
   * says what a repeated one does, for messages.
   */
  distinctAgents?: ReadonlyArray<OptionAt & { outcome: string }>;
  /** An option holding an array of function middleware `(ctx, next) => ...`. */
  middleware?: OptionAt;
  /**
   * Properties of the agent value that hold its tools and handoffs after construction
   * (`agent.handoffs.push(x)`, `agent.tools = [...]`).
   */
  liveProperties?: { tools?: string; handoffs?: string };
}

/** An MCP server instance (`new McpServer({ name })`) or a client connection (`new MCPServerStdio({ name })`). */
export interface McpServerSpec {
  match: readonly CallShape[];
  /** 'server' registers its own tools; 'client' is a connection whose tools are unknown statically. */
  role: 'server' | 'client';
  name: readonly NameSource[];
  /**
   * Exported type names of an enabling module that make a parameter annotated with them
   * (`function registerX(server: McpServer)`) stand for one server instance: registrations on it
   * in that function form one set when no caller's argument can be followed to a server (syntax
   * alone, an exported function nobody in the analysis calls). When callers pass a server, theirs
   * is the instance.
   */
  parameterTypes?: readonly string[];
  /**
   * The server's tools are listed in its creation options (`createSdkMcpServer({ tools: [...] })`),
   * as values of the adapter's tool definers, in order: one registration each.
   */
  tools?: OptionAt;
}

/**
 * What registering a name a server already has does at run time: `throws` (the MCP SDK's "Tool x is
 * already registered"), `replaces` the earlier tool silently, or `listed`: both stay and clients
 * list the name twice.
 */
export type McpDuplicateOutcome = 'throws' | 'replaces' | 'listed';

/**
 * `server.registerTool('x', ...)`: a registration of one tool on a receiver that may be a server.
 * `name` may be a positional `argument` (a string or constant: an options object there is another
 * overload) or an `option` of an options object (`server.addTool({ name: 'x', execute })`, inline or
 * a `const` holding it).
 */
export interface McpRegistrationSpec {
  match: readonly CallShape[];
  name: readonly NameSource[];
  /**
   * What a second registration of a name does at run time (default `throws`). Decided by the later
   * registration, and only changes the message.
   */
  onDuplicate?: McpDuplicateOutcome;
  /**
   * The call registers every element of the array at this argument (`server.addTools([a, b])`,
   * inline or a `const` holding it), each named at `name` inside the element (an object literal or
   * a `const` holding one; anything else is a registration under an unknown name); the spec's own
   * `name` is then unused. `inCall`: what two elements of one name in this one call do (fastmcp
   * `addTools` removes the names it is given from the server, then appends them all: `listed`).
   */
  list?: {
    argument: number;
    /**
     * Where the array sits inside that argument, `RETURNS` steps included: the low-level MCP
     * `Server`'s `setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [...] }))` lists
     * its tools at `[RETURNS, 'tools']` (each `return` of the handler is one list: two of them never
     * both reach a client). Absent: the argument is the array.
     */
    path?: readonly string[];
    name: readonly string[];
    inCall: McpDuplicateOutcome;
  };
  /**
   * The call registers only for one kind of request: argument `argument` is an export of an enabling
   * module named in `exports` (v1 `setRequestHandler(ListToolsRequestSchema, ...)`) or a string in
   * `strings` (v2 `setRequestHandler('tools/list', ...)`). Any other first argument is another
   * handler, not a registration.
   */
  request?: McpRequestSpec;
  /**
   * The server is an argument of the call, not its receiver: a project's wrapper
   * `registerPaidTool(server, name, ...)` is `{ argument: 0 }`.
   */
  server?: { argument: number };
}

/** The request a handler is set for: an export of an enabling module, or a method string. */
export interface McpRequestSpec {
  argument: number;
  exports: readonly string[];
  strings: readonly string[];
}

/**
 * A handler that runs the tool a request names, by comparing the requested name with strings: the
 * low-level MCP `Server`'s `setRequestHandler(CallToolRequestSchema, async (request) => { switch
 * (request.params.name) { case 'a': ... } })`. The strings it compares the name with (`case`
 * labels, `name === 'a'`) are the tools it runs, on the receiving server; a name its tools list
 * does not carry never runs, and a listed tool it does not compare always falls to the default.
 */
export interface McpDispatchSpec {
  match: readonly CallShape[];
  /** The request the handler is set for; absent, every matching call sets the dispatching handler (a project wrapper). */
  request?: McpRequestSpec;
  /** The server is this argument, not the receiver (`onToolCall(server, handler)`). */
  server?: { argument: number };
  /**
   * The handler function at argument `argument`; the requested name at `name` inside its parameter
   * `parameter` (`['params', 'name']`), read through destructuring and `const` aliases.
   */
  handler: { argument: number; parameter: number; name: readonly string[] };
  /**
   * The property of an answer that marks it an error (MCP's `isError`): a handler whose `default:` or
   * last statement returns `{ [errorFlag]: true, ... }` (or throws) turns other names away.
   */
  errorFlag?: string;
}

/**
 * A framework call that returns its argument (or a copy of it) unchanged for the analysis:
 * VoltAgent's `createToolkit({ name, tools })` returns the toolkit object it is given. The linker
 * follows the argument as the call's value, so the object's own shape (`ToolsSpec.objects`) applies.
 */
export interface PassThroughSpec {
  match: readonly CallShape[];
  argument: number;
}

/** The invocation context of a tool run: `ctx.addTools(...)`, `ctx.removeTools(...)`, `ctx.tools`. */
export interface InvocationContextSpec {
  addToolsMethod: string;
  removeToolsMethod: string;
  toolsProperty: string;
  /** The property a middleware sets to skip the tool (`ctx.result = ...`). */
  resultProperty: string;
  /** Imported type names that mark a parameter as the invocation context. */
  contextTypeNames: readonly string[];
  /** Imported type names that mark a variable as a middleware `(ctx, next) => ...`. */
  middlewareTypeNames: readonly string[];
}

/** `agent.run(input, { toolChoice, tools })`: tool references given to one run of an agent. */
export interface RunSpec {
  match: readonly CallShape[];
  /** Tool choices and name lists given to the run, checked against the agent's set. */
  references: readonly ReferenceSpec[];
  /** Tools given to that run only (they count as configured for its tool choice). */
  tools?: OptionAt;
}

/** How a framework turns written and agent names into model-facing names; applied by the linker only. */
export interface Naming {
  /** What `tool` rewrites, for messages: "characters outside [A-Za-z0-9_]". */
  rewrites?: string;
  tool(written: string): string;
  namespace(written: string): string;
  /** The routed tool name of a handoff to an agent with this name (no override). */
  handoff(agentName: string): string;
  /** The default tool name of an agent used as a tool (no explicit tool name). */
  agentTool(agentName: string): string;
}

/** What a `CollectHook` sees of one matched call (implemented in `../extract/hook-site.ts`). */
export interface HookSite {
  adapterId: string;
  span: Span;
  argumentCount: number;
  /** The name written at the first present source (see `NameSource`). */
  readName(sources: readonly NameSource[]): NameValue | undefined;
  /** An option as a value reference (unknown when it cannot be followed). */
  readValue(at: OptionAt): ValueRef | undefined;
  /** Records a tool defined by this call; returns its reference for sets. */
  addTool(tool: { kind: ToolKind; name: NameValue | undefined; deferLoading?: boolean; approvalRequired?: boolean }): ValueRef;
  /** Records a one-shot set of tools shown to one model by this call. */
  addSet(set: { tools: ValueRef | undefined; toolsShape: 'array' | 'record' }): void;
}

/**
 * A narrow escape hatch: a hook called on each call or `new` of a matched shape, with framework-
 * neutral readers. Its only output is facts (definitions and sets in the ordinary fact shapes).
 */
export interface CollectHook {
  match: readonly CallShape[];
  collect(site: HookSite): void;
}

export interface FrameworkAdapter {
  /** Stable id, used in facts (`adapter`) and findings. */
  id: string;
  title: string;
  /** Module specifiers that enable the adapter; subpaths (`<enabler>/...`) enable it too. */
  enablers: readonly string[];
  tools?: readonly ToolDefiner[];
  namespaces?: readonly NamespaceDefiner[];
  handoffs?: readonly HandoffDefiner[];
  exposures?: readonly ExposureSpec[];
  mcpServers?: readonly McpServerSpec[];
  mcpRegistrations?: readonly McpRegistrationSpec[];
  mcpDispatches?: readonly McpDispatchSpec[];
  /** Methods on an agent whose result is some other agent: its tools cannot be followed statically. */
  opaqueAgents?: readonly CallShape[];
  invocationContext?: InvocationContextSpec;
  runs?: readonly RunSpec[];
  collect?: readonly CollectHook[];
  passThrough?: readonly PassThroughSpec[];
  /**
   * Which of two same-named tools a call dispatches to: the last listed (most SDKs, a record's
   * later key) or the first (`tools.find(...)`, LangChain). The other one is reported.
   */
  dispatch?: 'last' | 'first';
  /**
   * Array literals of this adapter's tools held by a variable or returned by a function are sets of
   * their own (toolkits are written that way): `return [new A(), new B()]`. Kept by the linker only
   * when every element is a tool.
   */
  toolkitArrays?: boolean;
  /**
   * Records of this adapter's tools (`{ search: searchDocs, ...billingTools }`) held by a top-level
   * variable or returned by a top-level function of a module that imports no framework are sets of
   * their own, named by their keys (a later key replaces an earlier one): toolkits exported for
   * callers to merge. Kept by the linker only when every member is one of its tools.
   */
  toolkitRecords?: boolean;
  /**
   * The runtime keeps one tool object listed twice once (a live list that skips an object it
   * already holds, as the reference runtime's agents and `addTools` do): no finding for it.
   */
  keepsSameToolOnce?: boolean;
  /**
   * Tool calls whose call ID the provider always sends: a value guarded by `x.type === discriminant`
   * (an `if`, a `switch` case, a `filter`/`find` callback) has `property` as a required string, so a
   * fallback on it never runs and makes nothing up (Anthropic's `tool_use` blocks: `id`). Applies to
   * every file of the run: the discriminant is the wire format's, whoever typed the value.
   * `unlessFileMentions`: another API of the provider uses the same discriminant with the property
   * optional, so the guarantee does not hold in a file whose text contains one of these words (any
   * case): OpenAI's Realtime API declares a `function_call` item's `call_id` optional.
   */
  callIdGuarantees?: ReadonlyArray<{ discriminant: string; property: string; unlessFileMentions?: readonly string[] }>;
  /**
   * Objects of the wire format that answer or stand for one tool call under a key of their own, and
   * carry its call ID in a property whose name says nothing of it: Gemini's `{ functionResponse: { id,
   * name, response } }` (`{ holder: 'functionResponse', property: 'id' }`). A made-up ID written there
   * is sent. Applies to every file of the run, like `callIdGuarantees`.
   */
  callIdCarriers?: ReadonlyArray<{ holder: string; property: string }>;
  /**
   * The tool-name rule of the one provider the framework always sends its tools to: names of this
   * adapter's sets (not of MCP servers, which keep the MCP pattern) are checked against it instead
   * of the configured provider (`valid-tool-name`).
   */
  nameRule?: { label: string; maxLength: number; characters: string; charactersText: string; first?: { characters: string; text: string } };
  naming: Naming;
}
