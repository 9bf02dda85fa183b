// The Google Gen AI SDK (`@google/genai` 3.x; read from 3.3.0's declarations and sources).
// `models.generateContent/generateContentStream({ config: { tools: [{ functionDeclarations: [{ name
// }] }, { googleSearch: {} }], toolConfig: { functionCallingConfig: { mode, allowedFunctionNames } } } })`,
// `chats.create({ config })` and `live.connect({ config })` take the same config. Hosted tools
// (`googleSearch`, `codeExecution`, `urlContext`...) have no function name; `mcpToTool(client)` and
// callable tools are known at run time only. The API rejects two declarations of one name (400
// "Duplicate function declaration found"); the SDK itself checks only callable tools' declarations,
// and only in `generateContentStream`'s automatic function calling ("Duplicate tool declaration
// name", before sending; test/oracles/google-genai.test.ts). Names are sent verbatim (Gemini's own
// rule: a letter or `_` first). Call IDs: `functionCall.id` is optional (older models send none), so
// a fallback on it is not dead code; `functionResponse.id` sends it back (`callIdCarriers`).
import { clientMethods, verbatimNaming } from './provider-shapes.js';
import type { FrameworkAdapter } from './types.js';



export const googleGenaiAdapter: FrameworkAdapter = {
  id: 'google-genai',
  title: 'Google Gen AI SDK',
  enablers: ['@google/genai'],
  exposures: [
    {
      match: [...clientMethods(['models'], 'generateContent', 'generateContentStream'), ...clientMethods(['chats'], 'create'), ...clientMethods(['live'], 'connect')],
      kind: 'call',
      // `models.generateContent`, `chats.create`, `live.connect` all name their model; `db.chats.create({ data })` is an ORM's.
      requiredOptions: ['model'],
      tools: {
        argument: 0,
        path: ['config', 'tools'],
        shape: 'array',
        objects: [{ list: ['functionDeclarations'] }, { name: ['name'] }, { hosted: true }],
      },
      references: [{ argument: 0, path: ['config', 'toolConfig', 'functionCallingConfig', 'allowedFunctionNames'], form: 'names' }],
      duplicates: { outcome: 'the Gemini API rejects the request (400 "Duplicate function declaration found")' },
    },
  ],
  // A `functionResponse` part answers the call whose `id` it repeats.
  callIdCarriers: [{ holder: 'functionResponse', property: 'id' }],
  // `FunctionDeclaration.name` in 3.3.0's declarations: a letter or `_` first, then a-z, A-Z, 0-9, `_`, `.`, `:`, `-`, at most 128.
  nameRule: {
    label: "the Gemini API's function-name rule",
    maxLength: 128,
    characters: 'A-Za-z0-9_.:-',
    charactersText: 'letters, digits, "_", ".", ":" and "-"',
    first: { characters: 'A-Za-z_', text: 'it must start with a letter or "_"' },
  },
  naming: verbatimNaming,
};
