// The shape of a framework adapter: a plain object that tells the fact extractor which imports
// enable a framework, which imported callables define tools, namespaces, handoffs, agents and MCP
// servers, which options carry the identity, and how the framework turns written names into the
// names a model sees. Adapters hold no code that touches syntax: the walker in `../extract.ts`
// reads these tables, so adding a framework is adding one object to `./index.ts`.

/** A callable that defines one tool: `tool({ name, ... })`, `defineTool({ ... })`, `webSearchTool()`. */
export interface ToolDefinerSpec {
  kind: 'function' | 'hosted';
  /** Option (of the first argument's object literal) holding the tool name. Absent for hosted tools. */
  nameOption?: string;
  /**
   * When the name option is missing, the framework names the tool after its execute function
   * (`tool({ execute: async function getWeather() {} })` → `getWeather`): the option holding it.
   */
  nameFromFunctionOption?: string;
  /** Boolean option that defers loading (`deferLoading: true`). */
  deferLoadingOption?: string;
  /**
   * How approval is requested: `truthy` = any value other than a literal `false` (a function counts,
   * it may approve); `equals` = the option is the literal `value`.
   */
  approval?: { option: string; requiredWhen: 'truthy' } | { option: string; requiredWhen: 'equals'; value: string };
  /** Option holding the function that runs the tool, and the index of its invocation-context parameter. */
  execute?: { option: string; contextParameter: number };
}

/** `toolNamespace({ name, description, tools })`. */
export interface NamespaceDefinerSpec {
  nameOption: string;
  toolsOption: string;
}

/** `handoff(agent, { toolNameOverride })`. */
export interface HandoffDefinerSpec {
  agentArgument: number;
  optionsArgument: number;
  overrideOption: string;
}

/** How an agent setting selects tools: `toolChoice: 'required'` or `{ mode, requiredFunctionName }`. */
export type ToolChoiceStyle =
  /** 'auto' | 'required' | 'none' | { mode, requiredFunctionName? } (tool-identity-audit runtime). */
  | 'mode-object'
  /** 'auto' | 'required' | 'none' | '<function name>' (OpenAI model settings). */
  | 'name-string';

/** An agent class: `new Agent({...})`, `Agent.create({...})`. */
export interface AgentClassSpec {
  kind: 'agent' | 'realtime-agent';
  /** `new X(options)` defines an agent. */
  construct: boolean;
  /** Static factories: `X.create(options)`. */
  factories: readonly string[];
  nameOption: string;
  toolsOption: string;
  handoffsOption?: string;
  mcpServersOption?: string;
  /** Option path to the boolean that prefixes MCP tool names with their server name. */
  includeServerInToolNamesPath?: readonly string[];
  /** Option holding `'warn' | 'error'`. Only for frameworks whose agent takes it. */
  collisionPolicyOption?: string;
  /** Option path of the agent's tool choice. */
  toolChoicePath?: readonly string[];
  toolChoiceStyle?: ToolChoiceStyle;
  /** Option holding an array of function middleware `(ctx, next) => ...`. */
  middlewareOption?: string;
}

/** An MCP server class: `new McpServer({ name, version })` or a client connection `new MCPServerStdio({ name })`. */
export interface McpServerClassSpec {
  role: 'server' | 'client';
  /** Option of the first argument that holds the display name. */
  nameOption: string;
}

/** Methods called on agent values (`agent.asTool({ toolName })`, `agent.clone({...})`). */
export interface AgentMethodsSpec {
  /** `agent.asTool(options)`: a function tool named after the agent unless `nameOption` is given. */
  asTool?: { method: string; nameOption: string; approval?: { option: string; requiredWhen: 'truthy' } };
  /** Methods whose result is some other agent: its tools cannot be followed statically. */
  opaque?: readonly string[];
}

/** `server.tool('name', ...)` / `server.registerTool('name', ...)`. */
export interface McpRegistrationSpec {
  methods: readonly string[];
  nameArgument: number;
  /** Fewer arguments than this: not a registration (keeps unrelated `.tool()` calls out). */
  minArguments: number;
}

/** The invocation context of a tool run: `ctx.addTools(...)`, `ctx.removeTools(...)`, `ctx.tools`. */
export interface InvocationContextSpec {
  addToolsMethod: string;
  removeToolsMethod: string;
  toolsProperty: string;
  /** Imported type names that mark a parameter as the invocation context. */
  contextTypeNames: readonly string[];
  /** Imported type names that mark a variable as a middleware `(ctx, next) => ...`. */
  middlewareTypeNames: readonly string[];
}

/** `agent.run(input, { toolChoice })`. */
export interface RunSpec {
  method: string;
  optionsArgument: number;
  toolChoiceOption: string;
  toolChoiceStyle: ToolChoiceStyle;
  /** Option with tools given to that run only (they count as configured for its tool choice). */
  toolsOption?: string;
}

export interface FrameworkAdapter {
  /** Stable id, used in facts (`adapter`) and findings. */
  id: string;
  title: string;
  /** Module specifiers that enable the adapter; subpaths (`<enabler>/...`) enable it too. */
  enablers: readonly string[];
  /** Keys are the names the enabling modules export. */
  tools?: Readonly<Record<string, ToolDefinerSpec>>;
  namespaces?: Readonly<Record<string, NamespaceDefinerSpec>>;
  handoffs?: Readonly<Record<string, HandoffDefinerSpec>>;
  agents?: Readonly<Record<string, AgentClassSpec>>;
  mcpServers?: Readonly<Record<string, McpServerClassSpec>>;
  agentMethods?: AgentMethodsSpec;
  mcpRegistrations?: McpRegistrationSpec;
  invocationContext?: InvocationContextSpec;
  run?: RunSpec;
  /** The name the model sees for a function tool written with this name. */
  publicToolName(written: string): string;
  /** The namespace name the model sees for a namespace written with this name. */
  publicNamespaceName(written: string): string;
  /** The routed tool name of a handoff to an agent with this name (no override). */
  handoffToolName?(agentName: string): string;
  /** The default tool name of an agent used as a tool (no explicit tool name). */
  agentToolName?(agentName: string): string;
}
