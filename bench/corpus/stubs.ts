// Tiny type-only stand-ins for the frameworks, zod, React and vitest, written into the corpus's
// node_modules so `tsc --noEmit` checks the generated code itself instead of failing on every
// import (and stays fast: the real packages' types would dominate the measurement). Handler
// inputs are loose on purpose: only the shapes the generated code uses are declared.

interface StubPackage {
  name: string;
  /** Subpath ('.' or './server/mcp.js') to declaration text. */
  entries: Record<string, string>;
}

// v1 and v2 share the McpServer shape the corpus uses; v1 also has the older server.tool().
const MCP_SERVER = `export interface ToolResult { content: Array<{ type: 'text'; text: string }> }
export declare class McpServer {
  constructor(info: { name: string; version: string });
  registerTool(name: string, config: { title?: string; description?: string; inputSchema?: unknown }, handler: (args: any) => Promise<ToolResult>): void;`;

const PACKAGES: StubPackage[] = [
  {
    name: 'zod',
    entries: {
      '.': `export interface ZodType<T = unknown> {
  readonly _output: T;
  optional(): ZodType<T | undefined>;
  describe(text: string): this;
  default(value: T): ZodType<T>;
  int(): this;
  min(value: number): this;
  max(value: number): this;
}
export declare const z: {
  object<S extends Record<string, ZodType<unknown>>>(shape: S): ZodType<{ [K in keyof S]: S[K]['_output'] }>;
  string(): ZodType<string>;
  number(): ZodType<number>;
  boolean(): ZodType<boolean>;
  array<T>(item: ZodType<T>): ZodType<T[]>;
};`,
    },
  },
  {
    name: 'tool-identity-audit',
    entries: {
      './runtime': `export interface FunctionTool { readonly name: string }
export interface ChatModel { respond(request: unknown): Promise<unknown> }
export declare function defineTool<Args = Record<string, unknown>>(options: {
  name: string;
  description: string;
  parameters: unknown;
  approvalMode?: 'always_require' | 'never';
  execute(args: Args, ctx: { addTools(tools: FunctionTool[]): void }): unknown;
}): FunctionTool;
export declare class Agent {
  constructor(options: { name: string; instructions: string; tools?: FunctionTool[]; maxIterations?: number });
  readonly name: string;
  run(input: string, options: { model: ChatModel; toolChoice?: { mode: 'auto' | 'required'; requiredFunctionName?: string } }): Promise<{ finalOutput?: string }>;
}`,
    },
  },
  {
    name: '@openai/agents',
    entries: {
      '.': `export interface Tool { readonly name: string }
export interface Handoff { readonly toolName: string }
export interface AgentOptions {
  name: string;
  instructions: string;
  model?: string;
  tools?: Tool[];
  handoffs?: Array<Agent | Handoff>;
  modelSettings?: { toolChoice?: string };
}
export declare function tool(options: { name: string; description: string; parameters: unknown; needsApproval?: boolean; execute(input: any): unknown }): Tool;
export declare class Agent {
  constructor(options: AgentOptions);
  static create(options: AgentOptions): Agent;
  readonly name: string;
}
export declare function handoff(agent: Agent, options?: { toolNameOverride?: string }): Handoff;
export declare function run(agent: Agent, input: string): Promise<{ finalOutput?: string }>;`,
    },
  },
  {
    name: '@modelcontextprotocol/sdk',
    entries: {
      './server/mcp.js': `${MCP_SERVER}
  tool(name: string, description: string, shape: unknown, handler: (args: any) => Promise<ToolResult>): void;
}`,
    },
  },
  {
    name: '@modelcontextprotocol/server',
    entries: {
      '.': `${MCP_SERVER}
}`,
    },
  },
  {
    name: 'ai',
    entries: {
      '.': `export interface Tool { readonly description?: string }
export type ToolSet = Record<string, Tool>;
export declare function tool(options: { description: string; inputSchema: unknown; needsApproval?: boolean; execute(input: any): unknown }): Tool;
interface CallOptions { model: string; system?: string; prompt: string; tools?: ToolSet; activeTools?: string[] }
export declare function generateText(options: CallOptions): Promise<{ text: string }>;
export declare function streamText(options: CallOptions): { toTextStreamResponse(): Response };`,
    },
  },
  {
    name: '@langchain/core',
    entries: {
      './tools': `export declare class StructuredTool {
  readonly name: string;
}
type Fn = (input: any) => Promise<string>;
export declare class DynamicStructuredTool extends StructuredTool {
  constructor(options: { name: string; description: string; schema: unknown; func: Fn });
}
export declare function tool(fn: Fn, options: { name: string; description: string; schema: unknown }): StructuredTool;`,
    },
  },
  {
    name: 'langchain',
    entries: {
      '.': `import type { StructuredTool } from '@langchain/core/tools';
export interface ReactAgent {
  invoke(input: { messages: Array<{ role: string; content: string }> }): Promise<{ messages: Array<{ content: string }> }>;
}
export declare function createAgent(options: { model: string; systemPrompt?: string; tools: StructuredTool[] }): ReactAgent;`,
    },
  },
  {
    name: '@mastra/core',
    entries: {
      '.': `import type { Agent } from './agent.js';
export declare class Mastra {
  constructor(options: { agents: Record<string, Agent> });
}`,
      './tools': `export interface Tool { readonly id: string }
export declare function createTool(options: { id: string; description: string; inputSchema: unknown; execute(input: any): unknown }): Tool;`,
      './agent': `import type { Tool } from './tools.js';
export declare class Agent {
  constructor(options: { id: string; name: string; instructions: string; model: string; tools?: Record<string, Tool> });
}`,
    },
  },
  {
    name: 'react',
    entries: {
      '.': `export declare function useState<T>(initial: T): [T, (next: T | ((previous: T) => T)) => void];
export declare function useMemo<T>(factory: () => T, deps: readonly unknown[]): T;`,
      './jsx-runtime': `export declare namespace JSX {
  type Element = { readonly type: unknown };
  interface IntrinsicAttributes { key?: string | number }
  interface IntrinsicElements {
    [name: string]: Record<string, any>;
  }
}
export declare function jsx(type: unknown, props: unknown, key?: string): JSX.Element;
export declare function jsxs(type: unknown, props: unknown, key?: string): JSX.Element;`,
    },
  },
  {
    name: 'vitest',
    entries: {
      '.': `export declare function describe(name: string, body: () => void): void;
export declare function it(name: string, body: () => void | Promise<void>): void;
export declare function expect<T>(value: T): {
  toBe(expected: T): void;
  toEqual(expected: unknown): void;
  toBeLessThan(limit: number): void;
};`,
    },
  },
];

/** File name of a subpath's declarations inside its package: '.' → index.d.ts, './tools' → tools.d.ts. */
const declarationFile = (subpath: string): string => (subpath === '.' ? 'index.d.ts' : `${subpath.slice(2).replace(/\.js$/, '')}.d.ts`);

/** node_modules/<pkg>/{package.json, *.d.ts} of every stub, as relative path → text. */
export function stubFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const pkg of PACKAGES) {
    const exports: Record<string, { types: string }> = {};
    for (const [subpath, text] of Object.entries(pkg.entries)) {
      const file = declarationFile(subpath);
      exports[subpath] = { types: `./${file}` };
      files.set(`node_modules/${pkg.name}/${file}`, `${text}\n`);
    }
    const manifest = { name: pkg.name, version: '0.0.0-bench', type: 'module', types: exports['.']?.types, exports };
    files.set(`node_modules/${pkg.name}/package.json`, `${JSON.stringify(manifest, null, 2)}\n`);
  }
  return files;
}
