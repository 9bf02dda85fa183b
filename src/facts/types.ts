// Facts: plain, serialisable data extracted from one TypeScript syntax tree.
// Both front ends (ESLint via typescript-eslint's parser, the CLI via ts-morph's bundled compiler)
// produce exactly these shapes, so the decision core never sees a compiler node and the CLI can
// cache them per file as JSON.

/** A point in a file: `line` is 1-based, `column` is 0-based in UTF-16 code units (ESLint's convention). */
export interface Position {
  line: number;
  column: number;
}

/** A span of source: character offsets (`start` inclusive, `end` exclusive) plus their positions. */
export interface Span {
  start: number;
  end: number;
  loc: { start: Position; end: Position };
}

/** How a statically known string was written; a `dynamic` value is never used to decide a collision. */
export type StaticVia = 'literal' | 'template' | 'constant' | 'enum' | 'object' | 'derived';

export type NameValue =
  | { kind: 'static'; value: string; via: StaticVia; span: Span }
  /**
   * A constant imported from another module (`NAMES.search`, `SEARCH_TOOL`): the linker resolves it
   * through the other file's exports; unresolved it counts as dynamic.
   */
  | { kind: 'imported'; module: string; imported: string; path: string[]; span: Span }
  /** A template or `+` joining static parts and imported constants (`\`${PREFIX}_search\``). */
  | { kind: 'concat'; parts: Array<Extract<NameValue, { kind: 'static' | 'imported' }>>; span: Span }
  | { kind: 'dynamic'; text: string; span: Span };

/**
 * A reference from one fact to a value in the same file. Values form a tiny IR that the resolver
 * (`src/facts/resolve.ts`) walks across files: it is what lets `tools: [...baseTools, search]`
 * name tools defined in another module.
 */
export type ValueRef =
  | { kind: 'tool'; id: string; span: Span }
  | { kind: 'agent'; id: string; span: Span }
  | { kind: 'mcp-server'; id: string; span: Span }
  /** The result of a `toolNamespace()` call: its member tools with the namespace applied. */
  | { kind: 'namespace'; id: string; span: Span }
  /** The result of a `handoff()` call. */
  | { kind: 'handoff'; id: string; span: Span }
  /** A class in this file that defines a tool (`class X extends StructuredTool`): the tool fact's id. */
  | { kind: 'class'; id: string; span: Span }
  /**
   * `class X extends Base` where `Base` is no framework class: a tool class when `Base` turns out to
   * be one (across files, through more subclasses). `members`: instance properties set to names.
   */
  | { kind: 'subclass'; of: ValueRef; members: Record<string, NameValue>; span: Span }
  /** `new X(...)` of a class that is not a framework export: a tool when `X` is a tool class. */
  | { kind: 'instance'; of: ValueRef; span: Span }
  /** `f(...)` of a local or imported function: its return values (`FunctionFact.returns`). */
  | { kind: 'call-result'; fn: ValueRef; span: Span }
  /** A function declared in this file (`FunctionFact.key`): followed for MCP servers passed as arguments. */
  | { kind: 'function'; key: string; span: Span }
  /** A parameter of a function declared in this file. */
  | { kind: 'param'; fn: string; index: number; name: string; span: Span }
  | { kind: 'string'; value: string; span: Span }
  | { kind: 'array'; elements: ValueRef[]; span: Span }
  | { kind: 'spread'; of: ValueRef; span: Span }
  /** An object literal; `keySpan` is where a key is written (record-keyed sets name tools by it). */
  /** `dynamicKey`: a computed key that is not a literal (`[tool.id]`); `key` is then only its text. */
  /**
   * `{ key: value }`. A computed key that is no literal (`[names.SEARCH]`) is `dynamicKey`, with its
   * expression in `keyValue` for the linker to follow to a constant string.
   */
  | { kind: 'object'; properties: Array<{ key: string; value: ValueRef; keySpan?: Span; dynamicKey?: true; keyValue?: ValueRef }>; span: Span }
  /** An identifier resolved lexically inside the file to a declaration (`bindings[key]`). */
  | { kind: 'binding'; key: string; name: string; span: Span }
  /** An identifier bound by an import: the resolver follows it into the other file. */
  | { kind: 'import'; module: string; imported: string; name: string; span: Span }
  /** `x.tools`, `registry.search`, `agent.asTool(...)` results are modelled elsewhere. */
  | { kind: 'member'; object: ValueRef; property: string; span: Span }
  /** Anything else: a call result, a parameter, a conditional. Makes the containing set incomplete. */
  | { kind: 'unknown'; text: string; span: Span };

export type ToolKind =
  /** A function tool (`tool()`, `defineTool()`). */
  | 'function'
  /** `agent.asTool(...)`: a function tool whose default name derives from an agent name. */
  | 'agent-tool'
  /** Hosted/provider tools (web search, computer, ...): listed, but with no function-tool identity. */
  | 'hosted';

/**
 * Which `NameSource` gave a name (its `from`). Written out here so that facts import nothing from
 * the adapter vocabulary; `src/facts/adapters/types.ts` checks that it equals `NameSource['from']`.
 */
export type NameFrom = 'option' | 'argument' | 'function-name' | 'record-key' | 'class-member' | 'receiver-agent';

/** One tool definition site. */
export interface ToolDefinitionFact {
  id: string;
  adapter: string;
  kind: ToolKind;
  /**
   * The name as written; undefined when the source is one the linker reads (`nameFrom` says which:
   * a record key, a class member, the receiving agent) or when the definer writes none (hosted).
   * The linker applies the adapter's naming rules to it.
   */
  name: NameValue | undefined;
  /** Which `NameSource` gave the name. */
  nameFrom?: NameFrom;
  /** For class-defined tools: the class member that holds the name (subclasses may set it again). */
  nameMember?: string;
  /** Explicit namespace (set by `toolNamespace()`), never the synthetic deferred shape. */
  namespace: NameValue | undefined;
  deferLoading: boolean;
  approvalRequired: boolean;
  /** For `agent-tool`: the agent the tool wraps. */
  agent?: ValueRef;
  /** Span of the whole definition (the call expression). */
  span: Span;
  /** Span to report on: the name value when written, else the call's callee. */
  nameSpan: Span;
  /** Disabled in code (`isEnabled: false`): in no set the model sees. */
  disabled?: true;
  /** Also registered under its written name, where sets' name strings find it (`ToolDefiner.registers`). */
  registered?: true;
}

/** One `toolNamespace({ name, tools })` call: its members get `namespace` set. */
export interface NamespaceFact {
  id: string;
  adapter: string;
  name: NameValue | undefined;
  members: ValueRef;
  span: Span;
  nameSpan: Span;
}

/** A handoff: `handoff(agent, { toolNameOverride })`, or an agent listed directly in `handoffs`. */
export interface HandoffFact {
  id: string;
  adapter: string;
  /** The target agent. */
  agent: ValueRef;
  /** `toolNameOverride` when given (a truthy override replaces the derived name). */
  toolNameOverride: NameValue | undefined;
  /** Disabled in code (`isEnabled: false`): not offered to the model. */
  disabled?: true;
  span: Span;
}

export interface AgentFact {
  id: string;
  adapter: string;
  /** 'agent' (`new Agent`), 'realtime-agent' (`new RealtimeAgent`). */
  kind: 'agent' | 'realtime-agent';
  name: NameValue | undefined;
  /** The `tools` option as written; undefined when absent. */
  tools: ValueRef | undefined;
  /** The `handoffs` option: elements are `handoff` refs or agents listed directly (a derived handoff). */
  handoffs: ValueRef | undefined;
  /** `mcpServers` option. */
  mcpServers: ValueRef | undefined;
  /** `mcpConfig: { includeServerInToolNames }`. */
  includeServerInToolNames: boolean;
  toolNameCollisionPolicy: 'warn' | 'error' | undefined;
  /** Properties of the agent value that hold its tools and handoffs after construction. */
  liveProperties?: { tools?: string; handoffs?: string };
  /**
   * The variable, property or class field that holds the agent (`const supportAgent = new
   * Agent(...)` -> `supportAgent`): what messages and the graph call an agent without a name.
   */
  holder?: string;
  span: Span;
  nameSpan: Span;
}

/**
 * MCP server instance: `new McpServer({ name })` (MCP TypeScript SDK: tools registered in code) or
 * `new MCPServerStdio({ name })` (@openai/agents client: tools come from the server at run time).
 */
export interface McpServerFact {
  id: string;
  adapter: string;
  /** 'server': registers its own tools; 'client': a connection whose tools are unknown statically. */
  role: 'server' | 'client';
  /** Display name used for server-prefixed tool names. */
  name: NameValue | undefined;
  /**
   * A parameter typed as a server (`server: McpServer`) of function `fn` (`FunctionFact.key`): the
   * instance its callers pass. The linker uses it only when no caller leads to a server.
   */
  parameter?: { fn: string; index: number };
  /** The tools its creation options list (`McpServerSpec.tools`), each one registration in order. */
  tools?: ValueRef;
  /** The server is a class (it extends the SDK's): its own registrations run at `new`, before any other module's. */
  isClass?: true;
  span: Span;
}

/**
 * A handler that runs a tool by the name a request carries (`McpDispatchSpec`): the names it compares
 * the requested name with, on the server it is set on.
 */
export interface McpDispatchFact {
  adapter: string;
  receiver: ValueRef;
  /** Each string the requested name is compared with (a `case` label, `name === 'a'`), where it is written. */
  names: NameValue[];
  /**
   * The requested name is used only in those comparisons (and in messages): no lookup by it, no call
   * it is passed to, and the handler is a function of the file. Otherwise other names may run too.
   */
  complete: boolean;
  /** A name no comparison matched is turned away (a `default:` or last statement that throws or answers an error). */
  rejectsOthers?: true;
  /**
   * Functions of other modules the name (or an object holding it) is handed to, or the handler
   * itself when it is imported: their comparisons are the dispatch's too (`FunctionFact.dispatchReads`).
   */
  delegates?: DispatchDelegate[];
  span: Span;
}

/** `handleTool(request.params.name, args)`: the function at `callee` reads `path` of its parameter `index`. */
export interface DispatchDelegate {
  callee: ValueRef;
  index: number;
  /** Where the requested name is inside that parameter: [] for the name itself. */
  path: string[];
}

/**
 * An exported function that compares `path` of its parameter `index` with strings, read as a
 * dispatch would be (`McpDispatchFact`), for a handler in another module that hands it the name.
 */
export interface DispatchRead {
  index: number;
  path: string[];
  names: NameValue[];
  complete: boolean;
  rejectsOthers?: true;
  delegates?: DispatchDelegate[];
}

/** `server.tool('x', ...)` / `server.registerTool('x', ...)` on a receiver that may be an MCP server. */
export interface McpRegistrationFact {
  adapter: string;
  /** The receiver: a binding/import to a server, or a function parameter (server passed in). */
  receiver: ValueRef;
  name: NameValue;
  /**
   * The branches the call sits in within its function: `<if start>:then|else`,
   * `<switch start>:<clause index>`, `<conditional start>:then|else`. Two registrations in different
   * branches of one statement never both run. Absent when not inside a branch.
   */
  branch?: string[];
  /** A second registration of the name replaces the first instead of throwing (the adapter says which). */
  replaces?: true;
  /** A second registration of the name is listed beside the first (`McpRegistrationSpec.onDuplicate: 'listed'`). */
  listed?: true;
  /**
   * One element of a call that registers a list (`server.addTools([a, b])`): the call's start and
   * what two elements of one name in it do. `span` is then the element's.
   */
  inCall?: { start: number; onDuplicate: 'throws' | 'replaces' | 'listed' };
  /**
   * A registered list (or a spread in one) that the file cannot follow (`tools: TOOLS` imported
   * from another module): the linker reads its elements, each named at `name`, in place of this
   * registration under an unknown name.
   */
  elements?: { list: ValueRef; name: readonly string[]; one?: true };
  span: Span;
}

/** A function declared in this file (declaration, or `const f = (...) => ...`). */
export interface FunctionFact {
  key: string;
  name: string | undefined;
  params: string[];
  /** What it returns (`return [...]`, an arrow's expression body), when any return is followed. */
  returns?: ValueRef[];
  /** Exported functions only: how it compares a parameter (or a path in it) with strings. */
  dispatchReads?: DispatchRead[];
  span: Span;
}

/** A call to a local or imported function with at least one identifier argument (links servers into functions). */
export interface CallFact {
  callee: ValueRef;
  args: ValueRef[];
  span: Span;
}

/** `ObjectToolShape` of `./adapters/types.ts`, flattened to one JSON shape (this file imports nothing from there). */
export interface ObjectToolFact {
  types?: string[];
  name?: string[];
  list?: string[];
  group?: { skipsOnConflict?: true; exposedLast?: true };
  except?: string[];
  hosted?: true;
}

/**
 * A set of tools shown to one model together: the unit inside which names must be unique.
 * Scoping follows the architecture document: one agent, one MCP server instance, one `tools`
 * record, one `addTools` call.
 */
export interface ExposureFact {
  id: string;
  adapter: string;
  /**
   * `agent`: an agent's set; `call`: a one-shot call that shows tools to a model (`generateText`);
   * `add-tools`: one `addTools` call; `toolkit`: an array literal of tools a variable holds or a
   * function returns (kept by the linker only when every element is a tool). MCP server instances
   * are sets too: the linker builds them.
   */
  kind: 'agent' | 'call' | 'add-tools' | 'toolkit';
  /** For `agent`: the AgentFact id. */
  owner?: string;
  tools: ValueRef | undefined;
  /** `record`: `tools` is an object whose keys are the names the model sees. */
  toolsShape?: 'record';
  /** Paths to the name of a plain object listed as a tool (`ToolsSpec.objectNames`). */
  objectToolNames?: string[][];
  /** How plain objects listed as tools name them (`ToolsSpec.objects`, as data). */
  objectTools?: ObjectToolFact[];
  /**
   * For a `toolkit` written in a module that imports no framework (`adapter` is `''`): the adapters
   * whose tools it may hold; the linker keeps it when every element is a tool of one of them.
   */
  toolkitOf?: string[];
  /** Two tools of one name make the call fail: how, for messages (`ExposureSpec.duplicates`). */
  duplicatesOutcome?: string;
  /** Names equal once these characters are equated fail like identical ones (`ExposureSpec.duplicates.equate`). */
  duplicatesEquate?: { pairs: Array<[string, string]>; text: string };
  /** Strings listed among the tools name registered tools (`ToolsSpec.byName`). */
  toolsByName?: { effect: string; external: string[] };
  handoffs: ValueRef | undefined;
  /**
   * Later mutations in source order: `agent.handoffs.push(x)` adds (`mode: 'add'`),
   * `agent.tools = [...]` replaces the list so far (`mode: 'assign'`).
   */
  additions: Array<{ property: 'tools' | 'handoffs'; mode: 'add' | 'assign'; value: ValueRef; span: Span }>;
  /** True when the set is mutated in ways the extractor cannot follow. */
  mutatedUnknown: boolean;
  /** Strings that name tools of this set (forced tool choices, active-tool lists). */
  references?: ToolReferenceFact[];
  /** Records whose keys are tools of the set named `${prefix}${key}` (Mastra's `agents`, `workflows`). */
  keyedMembers?: Array<{ prefix: string; value: ValueRef }>;
  /** Further lists that join `tools`, in order (`ToolsSpec.alsoAt`: VoltAgent's `toolkits`). */
  alsoTools?: ValueRef[];
  /** Tools the framework adds after the listed ones (`ExposureSpec.addedTools`), at the option that makes it add them. */
  addedTools?: Array<{ name: string; span: Span }>;
  /** Options listing agents that must each be named once (`ExposureSpec.distinctAgents`). */
  distinctAgents?: Array<{ option: string; outcome: string; value: ValueRef }>;
  /** A record of MCP servers whose tools join the set as `${prefix}<key>${separator}<tool>`. */
  prefixedMcpServers?: { prefix: string; separator: string; value: ValueRef };
  /**
   * For `add-tools`: the tool (`ToolDefinitionFact` id, this file) whose execute makes the call, when
   * it runs during that invocation and the execute removes nothing: the call adds to the live list
   * of every agent that lists that tool.
   */
  loadedBy?: string;
  span: Span;
}

/**
 * A mutation of an agent defined in another module (`triage.handoffs.push(billing)` after
 * `import { triage } from './triage.js'`). The linker applies it to that agent's set after the
 * module's own code, since an importer runs after the modules it imports.
 */
export interface AgentMutationFact {
  agent: ValueRef;
  /** The property as written; the linker maps it through the agent's `liveProperties`. */
  property: string;
  /** `unknown`: changed in a way that cannot be followed (`splice`, `length = 0`, ...). */
  mode: 'add' | 'assign' | 'unknown';
  values: ValueRef[];
  span: Span;
}

/** `String(id)`, `` `${id}` ``, `id.toString()`, `'' + id`, `id + ''`, `id ?? ''` on a provider call ID. */
export interface CallIdCoercionFact {
  form:
    | 'String'
    | 'template'
    | 'toString'
    | 'concat'
    | 'nullish-default'
    | 'logical-default'
    | 'conditional-default'
    | 'assigned-default'
    | 'destructuring-default';
  /** Source text of the call-ID expression. */
  expression: string;
  /**
   * Why it is taken for a call ID: 'property' (`.call_id`, `.callId`, `.toolCallId`, the `id` of a tool
   * call), 'name', 'type', or 'sink': whatever it is, the fallback is written as a call-ID property
   * (`toolCallId: output.id ?? ''`).
   */
  evidence: 'property' | 'name' | 'type' | 'sink';
  span: Span;
  /** Span of the call-ID expression itself, for the suggestion. */
  expressionSpan: Span;
  /** The raw item the ID was read from, when it is a simple property access (`item` of `item.call_id`). */
  rawItemText: string | undefined;
  /**
   * What stands in for a missing ID: a literal (or `String(undefined)`) makes one up; another value
   * (`event.id`, `requestID`) pairs the result with a different ID. Absent for a plain coercion.
   */
  fallback?: { kind: 'literal' | 'other-id'; text: string };
  /** Where the coerced value goes (decided in syntax): only some places let a made-up ID do harm. */
  flow: CallIdFlow;
}

/**
 * Where a coerced call ID flows. Harmful: `sent` (a call-ID property, a key property or the `id` of a
 * tool-call object), `returned`, `key` (`map.set`, `obj[k] =`, a `Set`), `compared`. Quiet: `log`
 * (console, logger, error text), `display` (JSX, label functions), `lookup` (`map.get`, `obj[k]`),
 * `guarded` (rejected on the next statement), `memo` (a string joining many fields), `own-default`
 * (a function defaulting its own optional parameter), `text` (`+=` into text), `other`.
 */
export type CallIdFlow =
  | { kind: 'sent'; property: string }
  | { kind: 'returned' | 'key' | 'compared' | 'log' | 'display' | 'lookup' | 'guarded' | 'memo' | 'own-default' | 'text' | 'other' };

/** A hand-built identity string that a canonical helper should produce. */
export interface IdentityStringFact {
  form:
    | 'qualified-name'
    | 'lookup-key'
    | 'approval-key'
    | 'trace-name'
    | 'qualified-fallback'
    | 'call-key'
    | 'mcp-name';
  /** The helper that builds it canonically, e.g. `toolQualifiedName`. */
  helper: string;
  /** Source text of the parts, for a suggestion: `[name, namespace]`. */
  parts: string[];
  /** Source text of the whole expression (shortened; lines kept: the message quotes the first, see `quoteSource`). */
  text: string;
  /** Only used to build an error or log message: directly, or followed through locals, helpers and callers. */
  inErrorMessage: boolean;
  /**
   * Why this construction is not a bypass: the body of a function named as its helper
   * (`toolQualifiedName`, `…ApprovalKey`), a namespace path (`const nestedNamespace = …`), or a key
   * carried next to the agent object it belongs to (`{ agent, value: `${type}:${callId}` }`).
   */
  quiet?: 'helper-definition' | 'namespace-path' | 'agent-scoped' | 'fingerprint' | 'generated-code' | 'text' | 'unused' | 'private-key';
  /** For an MCP server-prefixed name: how it joins the server and the tool, to compare with lookups. */
  scheme?: McpNameScheme;
  /**
   * With `scheme`: the name is built to look one up (`tools.get(`${server}_${name}`)`, a comparison,
   * an index read), not to make one; it must match how the names were made.
   */
  lookup?: true;
  span: Span;
  /**
   * The characters a helper call replaces: the whole expression, or just its identity part
   * (`${ns}.${name}` inside a longer template, with `inTemplate` so the call is wrapped in `${}`).
   */
  replace: { start: number; end: number; inTemplate: boolean };
}

/**
 * How an MCP server-prefixed tool name is joined: `mcp__${server}__${tool}` is
 * `{ prefix: 'mcp__', separator: '__' }`; a prefix held by a value is written as source
 * (`${prefix}__`).
 */
export interface McpNameScheme {
  prefix: string;
  separator: string;
}

/**
 * A lookup that splits an MCP server-prefixed name or takes its prefix off by hand, with what it
 * assumes about the name: `name.split('_')` (a separator), `name.replace(`${server}_`, '')` (the
 * separator after the server), `name.startsWith('mcp__')` (a literal prefix),
 * `name.slice(server.length + 1)` (the separator's length).
 */
export interface McpNameLookupFact {
  kind: 'split' | 'strip' | 'prefix-test';
  separator?: string;
  prefix?: string;
  separatorLength?: number;
  /** `split` only: its parts are read as the server and the tool (`const [server, tool] = …`). */
  readsServer?: true;
  /** Source text of the call (shortened), for the message. */
  text: string;
  span: Span;
}

/** `addTools` / `removeTools` / `ctx.tools` mutation sites, and where the context came from. */
export interface ContextUseFact {
  method: 'addTools' | 'removeTools' | 'tools-mutation' | 'tools-assignment';
  /** 'invocation' when the receiver is the context parameter of a tool's execute or a middleware. */
  receiver: 'invocation' | 'other' | 'unknown';
  /** For addTools: the argument's elements that build a new tool inline (stable-tool-identity). */
  inlineTools: Span[];
  /**
   * For an invocation receiver: the call sits in a callback that runs after the tool or middleware
   * has returned (`setTimeout()`, `.then()` of a promise nobody awaits, an event listener): how
   * messages name that callback.
   */
  deferred?: string;
  argument: ValueRef | undefined;
  span: Span;
}

/**
 * A string that names a tool of a set: a forced tool choice (`requiredFunctionName`, `toolName`,
 * `tool_choice: 'x'`) or an element of a list of active tools (`activeTools: ['a']`).
 */
export interface ToolReferenceFact {
  /** The option as users write it, for messages: `requiredFunctionName`, `toolName`, `activeTools`. */
  option: string;
  form: 'tool-choice' | 'names';
  name: NameValue;
  /** Names the set's prefixed MCP servers' tools (`ReferenceSpec.serverTools`): kept only for a configured key. */
  serverTools?: true;
  /** What an entry naming no tool does, for the message (`ReferenceSpec.effect`). */
  effect?: string;
  span: Span;
}

/** Tool references given to one run: `agent.run(input, { toolChoice })`, `agent.generate(m, { activeTools })`. */
export interface RunReferencesFact {
  /** The adapter whose run shape matched: the receiver must be that adapter's agent. */
  adapter: string;
  agent: ValueRef;
  references: ToolReferenceFact[];
  /**
   * Tools given to this run only (`agent.run(input, { tools, toolChoice })`), when the adapter has
   * run-level tools and the options may hold some: an `unknown` ref when a spread may set them.
   */
  tools?: ValueRef;
  span: Span;
}

/**
 * One step of a middleware body, in source order. Compound steps hold their arms' steps; blocks
 * without any result assignment, `next()` or exit inside are left out.
 */
export type MiddlewareStep =
  | { kind: 'result'; span: Span }
  /** `next()` as a statement, awaited, returned (`exits`) or kept in a variable. */
  | { kind: 'next'; span: Span; exits: boolean }
  /** `return` or `throw`: the rest of the body does not run. */
  | { kind: 'exit'; span: Span }
  /** if/else or switch: one arm runs; `exhaustive` when some arm always runs (an else, a default). */
  | { kind: 'branch'; arms: MiddlewareStep[][]; exhaustive: boolean }
  | { kind: 'try'; block: MiddlewareStep[]; handler?: MiddlewareStep[]; finalizer?: MiddlewareStep[] }
  /** A loop body: runs zero or more times. */
  | { kind: 'loop'; body: MiddlewareStep[] };

/** The shape of one function middleware `(ctx, next) => ...`; src/checks decides what is wrong with it. */
export interface MiddlewareFact {
  /**
   * The body's control flow reduced to what the result/next ordering depends on: result
   * assignments, `next()` statements, exits and the branches, tries and loops around them.
   */
  steps: MiddlewareStep[];
  /** Every `next()` call: a statement of its own, under `void`, or its value used (awaited, returned, kept). */
  nextCalls: Array<{ use: 'statement' | 'void' | 'used'; span: Span }>;
  span: Span;
}

export interface ImportFact {
  local: string;
  module: string;
  /** Exported name, `default`, or `*` for a namespace import. */
  imported: string;
}

export interface ExportFact {
  exported: string;
  /** The local value exported, or a re-export from another module. */
  value: ValueRef | { kind: 're-export'; module: string; imported: string; span: Span };
}

/** All facts of one file. `file` is the path the caller passed in (the caller decides relative vs absolute). */
export interface FileFacts {
  file: string;
  /** Ids of adapters enabled by this file's imports. Empty: the file cannot define or use tools. */
  adapters: string[];
  imports: ImportFact[];
  exports: ExportFact[];
  /** `export * from './x'` */
  exportAll: string[];
  /** Module- and function-scope `const`/`let` initialisers, keyed by `ValueRef.binding.key`. */
  bindings: Record<string, ValueRef>;
  tools: ToolDefinitionFact[];
  namespaces: NamespaceFact[];
  handoffs: HandoffFact[];
  agents: AgentFact[];
  mcpServers: McpServerFact[];
  mcpRegistrations: McpRegistrationFact[];
  /** Present when the file sets one. */
  mcpDispatches?: McpDispatchFact[];
  functions: FunctionFact[];
  calls: CallFact[];
  exposures: ExposureFact[];
  agentMutations: AgentMutationFact[];
  callIdCoercions: CallIdCoercionFact[];
  identityStrings: IdentityStringFact[];
  mcpNameLookups: McpNameLookupFact[];
  /**
   * Template literals that generate source code (a newline in the text, code tokens, or written to
   * a .ts/.js file): no identity string or call ID inside one is a value the program uses.
   */
  generatedCode: Span[];
  contextUses: ContextUseFact[];
  runReferences: RunReferencesFact[];
  middleware: MiddlewareFact[];
}
