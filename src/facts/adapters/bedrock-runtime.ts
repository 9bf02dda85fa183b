// AWS Bedrock Runtime's Converse API (`@aws-sdk/client-bedrock-runtime` 3.x; read from 3.1164.0's
// declarations, verified against 3.1178.0 by test/oracles/bedrock-runtime.test.ts).
// `new ConverseCommand({ toolConfig: { tools: [{ toolSpec: { name, inputSchema } }, { cachePoint }],
// toolChoice: { tool: { name } } } })`, `ConverseStreamCommand`, and the aggregated
// client's `converse(...)` / `converseStream(...)`. `toolChoice: { auto: {} }` and `{ any: {} }`
// force none. Names are sent verbatim: `toolSpec.name` is 1-64 of `[a-zA-Z0-9_-]`, and a forced
// `toolChoice.tool.name` must match `^[a-zA-Z][a-zA-Z0-9_]*$`. What the service does with two tools
// of one name is not documented: both reach the model, and the application's dispatcher decides.
// Call IDs: `toolUse.toolUseId` (typed `string | undefined`, so no guarantee).
import { bothSent, clientMethods, verbatimNaming } from './provider-shapes.js';
import type { FrameworkAdapter } from './types.js';

export const bedrockRuntimeAdapter: FrameworkAdapter = {
  id: 'bedrock-runtime',
  title: 'AWS Bedrock Runtime (Converse)',
  enablers: ['@aws-sdk/client-bedrock-runtime'],
  exposures: [
    {
      match: [
        { type: 'new', name: 'ConverseCommand' },
        { type: 'new', name: 'ConverseStreamCommand' },
        // The aggregated client's methods, on a client made in any module.
        ...clientMethods([], 'converse', 'converseStream'),
      ],
      kind: 'call',
      // Every Converse request names its model: a `converse(...)` without `modelId` is another API's.
      requiredOptions: ['modelId'],
      tools: { argument: 0, path: ['toolConfig', 'tools'], shape: 'array', objects: [{ name: ['toolSpec', 'name'] }, { hosted: true }] },
      references: [
        { argument: 0, path: ['toolConfig', 'toolChoice'], form: 'tool-choice', style: { modes: [], object: { nameOption: 'name', path: ['tool'] } } },
      ],
      duplicates: bothSent,
    },
  ],
  // `ToolSpecification.name`: 1-64 of `[a-zA-Z0-9_-]`.
  nameRule: { label: "Bedrock Converse's tool-name pattern", maxLength: 64, characters: 'A-Za-z0-9_-', charactersText: 'letters, digits, "_" and "-"' },
  naming: verbatimNaming,
};
