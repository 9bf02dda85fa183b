// The OpenAI Node SDK (`openai` 7.x; read from 7.59.0's declarations and sources). Chat Completions:
// `chat.completions.create/stream/parse/runTools({ tools: [{ type: 'function', function: { name } }],
// tool_choice })` (also under the older `beta.chat.completions`), and `zodFunction({ name })`; the
// `tool_choice` object is `{ type: 'function', function: { name } }` or `{ type: 'custom', custom: {
// name } }`, or `{ type: 'allowed_tools', allowed_tools: { tools: [...] } }`. Responses:
// `responses.create/stream/parse({ tools: [{ type: 'function', name }, hosted tools], tool_choice })`
// with `{ type: 'function' | 'custom', name }` choices and `{ type: 'allowed_tools', tools }`;
// hosted tools (`{ type: 'web_search' }`, `mcp`, `file_search`...) have no function name, and a
// `namespace` tool's members are not followed (the set counts as incomplete).
// Two function tools of one name both reach the model: `runTools` dispatches through
// `functionsByName[name]`, so the last one listed runs (AbstractChatCompletionRunner); with
// `create`, `stream` and `parse` (and every Responses method) the application's own dispatcher
// decides, so those sets say both are sent (`duplicates`). Names are sent verbatim. Call IDs:
// `tool_calls[].id` (a `type: 'function'` call always has one), `tool_call_id`, and a Responses
// `function_call` item's `call_id` (its `id` is the item's; the Realtime API's items of that type
// declare `call_id` optional).
import { bothSent, clientMethods, verbatimNaming } from './provider-shapes.js';
import type { FrameworkAdapter, ReferenceSpec, ToolsSpec } from './types.js';

const modes = ['auto', 'none', 'required'];

/**
 * What a file that handles Realtime API items writes: the SDK's `realtime` modules, `client.realtime`,
 * `OpenAIRealtimeWebSocket`, the `/v1/realtime` URL and `gpt-realtime` models (all contain
 * "realtime"), and event names the Responses API does not have.
 */
const realtimeWords = ['realtime', 'conversation.item', 'response.done', 'session.update', 'input_audio_buffer'];

const chatTools: ToolsSpec = {
  argument: 0,
  path: ['tools'],
  shape: 'array',
  objects: [
    { types: ['function'], name: ['function', 'name'] },
    { types: ['custom'], name: ['custom', 'name'] },
  ],
};

const chatReferences: ReferenceSpec[] = [
  { argument: 0, path: ['tool_choice'], form: 'tool-choice', style: { modes, object: { nameOption: 'name', path: ['function'], types: ['function'] } } },
  { argument: 0, path: ['tool_choice'], form: 'tool-choice', style: { modes, object: { nameOption: 'name', path: ['custom'], types: ['custom'] } } },
  { argument: 0, path: ['tool_choice', 'allowed_tools', 'tools'], form: 'names', objectName: ['function', 'name'] },
];

const responsesTools: ToolsSpec = {
  argument: 0,
  path: ['tools'],
  shape: 'array',
  objects: [
    { types: ['function', 'custom'], name: ['name'] },
    { hosted: true, except: ['namespace'] },
  ],
};

const responsesReferences: ReferenceSpec[] = [
  { argument: 0, path: ['tool_choice'], form: 'tool-choice', style: { modes, object: { nameOption: 'name', types: ['function', 'custom'] } } },
  { argument: 0, path: ['tool_choice', 'tools'], form: 'names', objectName: ['name'] },
];


export const openaiAdapter: FrameworkAdapter = {
  id: 'openai',
  title: 'OpenAI Node SDK',
  enablers: ['openai'],
  tools: [
    {
      match: [
        { type: 'call', name: 'zodFunction' },
        { type: 'call', name: 'zodResponsesFunction' },
      ],
      kind: 'function',
      name: [{ from: 'option', argument: 0, path: ['name'] }],
    },
  ],
  exposures: [
    // `create`/`stream`/`parse` send the tools and leave the calls to the application's dispatcher;
    // `runTools` dispatches itself, through `functionsByName`: the last tool of a name runs.
    // Chat Completions requests always name their model (Responses may take it from a stored prompt).
    { match: clientMethods(['chat', 'completions'], 'create', 'stream', 'parse'), kind: 'call', requiredOptions: ['model'], tools: chatTools, references: chatReferences, duplicates: bothSent },
    { match: clientMethods(['chat', 'completions'], 'runTools'), kind: 'call', requiredOptions: ['model'], tools: chatTools, references: chatReferences },
    {
      match: clientMethods(['responses'], 'create', 'stream', 'parse'),
      kind: 'call',
      tools: responsesTools,
      references: responsesReferences,
      duplicates: bothSent,
    },
  ],
  callIdGuarantees: [
    { discriminant: 'function', property: 'id' },
    // Responses output items only: the Realtime API's `function_call` items declare `call_id?`
    // (`RealtimeConversationItemFunctionCall`, also inside its `response.done` event's `output`),
    // so no syntax of the value tells them apart. A file that mentions the Realtime API or its events
    // gets no guarantee: a fallback there is reported.
    { discriminant: 'function_call', property: 'call_id', unlessFileMentions: realtimeWords },
  ],
  naming: verbatimNaming,
};
