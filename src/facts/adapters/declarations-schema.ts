// The schema of adapter declarations (declarations.ts turns them into adapters): the CLI's
// configuration, the analyzer API and the ESLint settings validate what a project declares with it.
// Only those paths import this module, so a run that declares nothing never loads zod.
import { z } from 'zod';
import { adapters as builtins } from './index.js';

const identifier = z.string().regex(/^[A-Za-z_$][\w$]*$/, 'must be a JavaScript identifier');
const index = z.int().min(0);
const optionPath = z.array(z.string().min(1)).describe('Option names from the argument down to the value; [] is the argument itself.');
const optionAt = { argument: index.describe('Index of the argument that holds the options object.'), path: optionPath };

const callShape = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('call'), name: identifier.describe('The function, by the name it is declared or imported under.') }),
  z.strictObject({ type: z.literal('new'), name: identifier.describe('The class, by the name it is declared or imported under.') }),
  z.strictObject({
    type: z.literal('method'),
    method: identifier,
    minArguments: index.optional().describe('Fewer arguments than this is some other call.'),
    receiverPath: z.array(identifier).optional().describe('Properties between the receiver and the method (`server.tools.add(...)`: ["tools"]).'),
  }),
]);

const match = z.array(callShape).min(1).describe('The calls that match: `{ "type": "call", "name": "defineTool" }`, `{ "type": "new", ... }`, `{ "type": "method", "method": "registerTool" }`.');

const nameSource = z.discriminatedUnion('from', [
  z.strictObject({ from: z.literal('option'), ...optionAt }),
  z.strictObject({ from: z.literal('argument'), index }),
  z.strictObject({ from: z.literal('function-name'), ...optionAt }),
  z.strictObject({ from: z.literal('record-key') }),
]);
const names = z.array(nameSource).min(1).describe('Where the name is written, tried in order.');

const toolDefiner = z.strictObject({
  match,
  kind: z.enum(['function', 'hosted']).default('function').describe('"hosted": a provider tool, listed but with no function name of its own.'),
  name: names,
  enabled: z.strictObject(optionAt).optional().describe('An option whose literal `false` takes the tool out of every set.'),
});

const toolChoiceStyle = z.strictObject({
  modes: z.array(z.string()).describe('Strings that force no tool ("auto", "none", ...).'),
  byName: z.boolean().optional().describe('Any other string names a tool.'),
  object: z
    .strictObject({
      nameOption: z.string().min(1),
      path: optionPath.optional().describe('Objects between the choice and its name option ({ tool: { name } }: ["tool"]).'),
      types: z.array(z.string()).optional().describe('Only an object whose `type` is one of these names a tool of the set.'),
    })
    .optional()
    .describe('An object literal names one in this option.'),
});

const reference = z.discriminatedUnion('form', [
  z.strictObject({ form: z.literal('tool-choice'), ...optionAt, style: toolChoiceStyle }),
  z.strictObject({
    form: z.literal('names'),
    ...optionAt,
    objectName: optionPath.optional().describe('Elements are objects naming a tool at this path.'),
    serverTools: z.literal(true).optional().describe('Entries name tools of the set\'s prefixedMcpServers (`mcp__<key>__<tool>`); only those for a configured key are checked.'),
    effect: z.string().min(1).optional().describe('What an entry that names no tool does, for the message.'),
  }),
]);

const typesOf = z.array(z.string()).optional().describe("Applies when the object's `type` is one of these.");
const objectTool = z.union([
  z.strictObject({ types: typesOf, name: optionPath.describe('Path to the tool name.') }),
  z.strictObject({ types: typesOf, list: optionPath.describe('Path to a nested list of tool objects.') }),
  z.strictObject({ types: typesOf, except: z.array(z.string()).optional(), hosted: z.literal(true).describe('A hosted tool with no function name.') }),
]);

const exposure = z.strictObject({
  match,
  kind: z.enum(['agent', 'call']).describe('"agent": a value that keeps its tools; "call": a one-shot request.'),
  tools: z
    .strictObject({
      ...optionAt,
      shape: z.enum(['array', 'record']).describe('"record": the keys are the names the model sees.'),
      objectNames: z.array(optionPath).optional().describe('Paths to the name of a plain object listed as a tool (["function", "name"]).'),
      objects: z.array(objectTool).optional().describe('Shapes of plain objects listed as tools, tried in order (supersedes objectNames).'),
      alsoAt: z.array(z.strictObject(optionAt)).optional().describe('Further options whose lists join the set after `tools`, in order (["toolkits"]).'),
    })
    .optional(),
  addedTools: z
    .array(z.strictObject({ ...optionAt, name: z.string().min(1) }))
    .optional()
    .describe('A tool the framework adds after the listed ones when this option is given (not as an empty array): `subAgents` adds "delegate_task".'),
  references: z.array(reference).optional().describe('Options that name tools of the set by string: tool choices, lists of active tools.'),
  prefixedMcpServers: z
    .strictObject({ ...optionAt, prefix: z.string(), separator: z.string().min(1) })
    .optional()
    .describe('A record of MCP servers whose tools the model sees as <prefix><key><separator><tool>.'),
  duplicates: z
    .strictObject({ outcome: z.string().min(1) })
    .optional()
    .describe('Two tools of one name make the call fail; `outcome` says how, for messages.'),
});

const mcpServer = z.strictObject({
  match,
  name: z.array(nameSource).default([]),
  tools: z.strictObject(optionAt).optional().describe("The server's tools are listed in this option of its creation call, each one registration."),
});

const passThrough = z.strictObject({ match, argument: index.describe('The argument the call returns.') });

const mcpRegistration = z.strictObject({
  match,
  name: names,
  server: z.strictObject({ argument: index }).optional().describe('The server is this argument, not the receiver: `registerPaidTool(server, name, ...)` is { "argument": 0 }.'),
  onDuplicate: z
    .enum(['throws', 'replaces', 'listed'])
    .optional()
    .describe('What a second registration of a name does: throws (default), replaces the first silently, or is listed beside it.'),
  list: z
    .strictObject({
      argument: index.describe('The argument that holds the array of tools.'),
      name: optionPath.min(1).describe('Where each element writes its name (["name"]).'),
      inCall: z.enum(['throws', 'replaces', 'listed']).describe('What two elements of one name in one call do.'),
    })
    .optional()
    .describe('The call registers every element of an array (`server.addTools([a, b])`); `name` is then unused.'),
});

const mcpDispatch = z.strictObject({
  match,
  server: z.strictObject({ argument: index }).optional().describe('The server is this argument, not the receiver: `onToolCall(server, handler)` is { "argument": 0 }.'),
  handler: z
    .strictObject({
      argument: index.describe('The argument that holds the handler function.'),
      parameter: index.describe('The handler parameter that holds the requested name.'),
      name: optionPath.describe('Where the name is inside that parameter: ["params", "name"] for an MCP request, [] for the name itself.'),
    })
    .describe('The function that runs a tool by the requested name; its comparisons of the name are the tools it runs.'),
  errorFlag: z.string().min(1).optional().describe('The answer property that marks an error (`isError`): a handler whose default or last statement returns it true turns other names away.'),
});

const builtinIds = builtins.map((adapter) => adapter.id) as [string, ...string[]];

const pieces = {
  tools: z.array(toolDefiner).optional().describe('Calls that define one tool.'),
  exposures: z.array(exposure).optional().describe('Calls that open a set of tools shown to one model.'),
  mcpServers: z.array(mcpServer).optional().describe('Calls that create an MCP server instance.'),
  mcpRegistrations: z.array(mcpRegistration).optional().describe('Calls that register one tool on an MCP server.'),
  passThrough: z.array(passThrough).optional().describe('Calls that return their argument (a toolkit helper `makeKit({ name, tools })`): it is followed as their value.'),
  mcpDispatches: z.array(mcpDispatch).optional().describe("Calls that set an MCP server's handler that runs a tool by the requested name (`onToolCall(server, async (name, args) => { switch (name) ... })`)."),
};

// One object with every key optional, checked as a whole: errors then name the key that is wrong
// (a union would report only that neither form matched).
export const adapterDeclarationSchema = z
  .strictObject({
    extends: z.enum(builtinIds).optional().describe('A built-in adapter whose behaviour these callables share.'),
    id: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]*$/, 'must be lowercase letters, digits and "-"')
      .refine((id) => !builtinIds.includes(id), { message: `is a built-in adapter; use "extends" (built-in: ${builtinIds.join(', ')})` })
      .optional()
      .describe('Id of a new adapter (without `extends`).'),
    title: z.string().min(1).optional().describe('The framework as messages name it (a new adapter).'),
    dispatch: z.enum(['first', 'last']).optional().describe('Which of two tools of one name runs (a new adapter; default "last").'),
    ...pieces,
  })
  .superRefine((declaration, ctx) => {
    if (declaration.extends !== undefined) {
      for (const key of ['id', 'title', 'dispatch'] as const) {
        if (declaration[key] !== undefined) ctx.addIssue({ code: 'custom', path: [key], message: `not with "extends": the built-in adapter's applies` });
      }
      return;
    }
    if (declaration.id === undefined) ctx.addIssue({ code: 'custom', path: ['id'], message: 'required: give "extends" (a built-in adapter) or "id" and "title" (a new one)' });
    if (declaration.title === undefined) ctx.addIssue({ code: 'custom', path: ['title'], message: 'required for a new adapter' });
  })
  .describe('Project callables in the adapter vocabulary (docs/adapters.md): `extends` a built-in adapter, or `id` and `title` of a new one.');

export const adapterDeclarationsSchema = z
  .array(adapterDeclarationSchema)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((declaration, at) => {
      if (declaration.id === undefined) return;
      if (seen.has(declaration.id)) ctx.addIssue({ code: 'custom', path: [at, 'id'], message: `declares adapter "${declaration.id}" twice` });
      seen.add(declaration.id);
    });
  })
  .describe("The project's own definers, sets and registrations (wrappers), in the adapter vocabulary.");

export type AdapterDeclaration = z.output<typeof adapterDeclarationSchema>;
export type DeclaredCallShape = z.output<typeof callShape>;

/**
 * Validates declarations given outside the CLI's configuration (the analyzer API, ESLint settings):
 * the parsed list, or one `<root>[0].tools: message` per problem, `root` naming where they were given.
 */
export function parseDeclarations(value: unknown, root: string): { ok: true; declarations: AdapterDeclaration[] } | { ok: false; problems: string[] } {
  const parsed = adapterDeclarationsSchema.safeParse(value);
  if (parsed.success) return { ok: true, declarations: parsed.data };
  const at = (path: readonly PropertyKey[]): string => path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('');
  return { ok: false, problems: parsed.error.issues.map((issue) => `${root}${at(issue.path)}: ${issue.message}`) };
}
