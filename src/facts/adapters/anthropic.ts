// The Anthropic TypeScript SDK (`@anthropic-ai/sdk` 1.x; read from 1.15.0's declarations; the same
// Messages API through `@anthropic-ai/bedrock-sdk` and `@anthropic-ai/vertex-sdk`).
// `messages.create/stream/parse/countTokens({ tools: [{ name, input_schema }], tool_choice })`, also
// `beta.messages.*` and `beta.messages.toolRunner({ tools: [betaZodTool({ name }), betaTool({ name })] })`.
// Every tool, server tools included (`{ type: 'web_search_20250305', name: 'web_search' }`), has a
// `name`, and the API rejects a request with two tools of one name: 400 "tools: Tool names must be
// unique." (so no dispatch ever runs either). `tool_choice: { type: 'tool', name }` forces one; `auto`,
// `any`, `none` force none. Names are sent verbatim. Call IDs: a `tool_use` (or `server_tool_use`)
// block's `id` is always a string; `tool_result.tool_use_id` answers it.
import { clientMethods, verbatimNaming } from './provider-shapes.js';
import type { FrameworkAdapter } from './types.js';



export const anthropicAdapter: FrameworkAdapter = {
  id: 'anthropic',
  title: 'Anthropic SDK',
  enablers: ['@anthropic-ai/sdk', '@anthropic-ai/bedrock-sdk', '@anthropic-ai/vertex-sdk'],
  tools: [
    {
      match: [
        { type: 'call', name: 'betaZodTool' },
        { type: 'call', name: 'betaTool' },
      ],
      kind: 'function',
      name: [{ from: 'option', argument: 0, path: ['name'] }],
    },
  ],
  exposures: [
    {
      match: clientMethods(['messages'], 'create', 'stream', 'parse', 'countTokens', 'toolRunner'),
      kind: 'call',
      // Every Messages API request names its model; `db.messages.create({ data })` is an ORM's.
      requiredOptions: ['model'],
      tools: { argument: 0, path: ['tools'], shape: 'array', objects: [{ name: ['name'] }] },
      references: [{ argument: 0, path: ['tool_choice'], form: 'tool-choice', style: { modes: [], object: { nameOption: 'name', types: ['tool'] } } }],
      duplicates: { outcome: 'the Anthropic API rejects the request (400 "tools: Tool names must be unique")' },
    },
  ],
  callIdGuarantees: [
    { discriminant: 'tool_use', property: 'id' },
    { discriminant: 'server_tool_use', property: 'id' },
  ],
  // The Messages API's documented `tools[].name` pattern `^[a-zA-Z0-9_-]{1,64}$` (as for the Claude Agent SDK).
  nameRule: { label: "the Anthropic API's tool-name pattern", maxLength: 64, characters: 'A-Za-z0-9_-', charactersText: 'letters, digits, "_" and "-"' },
  naming: verbatimNaming,
};
