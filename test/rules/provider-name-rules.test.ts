// valid-tool-name on requests to a provider SDK: each is held to its own API's rule (the adapter's
// `nameRule`), not to the configured provider (OpenAI by default).
import nameRule from '../../rules/valid-tool-name.js';
import { loc, runCases } from './testers.js';

// A dot is fine for Gemini, which OpenAI's pattern (the default provider) would reject.
const gemini = `import { GoogleGenAI } from '@google/genai';

const ai = new GoogleGenAI({ apiKey: 'k' });
export const answer = (prompt: string) =>
  ai.models.generateContent({ model: 'gemini-2.5-flash', contents: prompt, config: { tools: [{ functionDeclarations: [{ name: 'billing.lookup' }, { name: '9lives' }] }] } });
`;

// A colon is outside Bedrock's pattern (Gemini would accept it).
const bedrock = `import { ConverseCommand } from '@aws-sdk/client-bedrock-runtime';

export const command = new ConverseCommand({ modelId: 'm', messages: [], toolConfig: { tools: [{ toolSpec: { name: 'tickets:search', inputSchema: { json: {} } } }] } });
`;

const anthropic = `import Anthropic from '@anthropic-ai/sdk';

const client = new Anthropic();
export const reply = () => client.messages.create({ model: 'claude-sonnet-4-5', max_tokens: 256, messages: [], tools: [{ name: 'order.status', input_schema: { type: 'object' } }] });
`;

runCases('valid-tool-name per provider API', nameRule, {
  valid: [],
  invalid: [
    {
      name: "Gemini: a dot is allowed, a digit first is not (Gemini's rule, not OpenAI's)",
      code: gemini,
      errors: [
        {
          messageId: 'invalidToolName',
          data: { what: 'Tool', name: '9lives', provider: "the Gemini API's function-name rule", reason: 'it must start with a letter or "_"' },
          ...loc(gemini, "'9lives'"),
        },
      ],
    },
    {
      name: "Bedrock Converse: a colon is outside its pattern",
      code: bedrock,
      errors: [
        {
          messageId: 'invalidToolName',
          data: { what: 'Tool', name: 'tickets:search', provider: "Bedrock Converse's tool-name pattern", reason: 'it contains ":"; only letters, digits, "_" and "-" are allowed' },
          ...loc(bedrock, "'tickets:search'"),
        },
      ],
    },
    {
      name: "Anthropic: a dot is outside the Messages API's pattern",
      code: anthropic,
      errors: [
        {
          messageId: 'invalidToolName',
          data: { what: 'Tool', name: 'order.status', provider: "the Anthropic API's tool-name pattern", reason: 'it contains "."; only letters, digits, "_" and "-" are allowed' },
          ...loc(anthropic, "'order.status'"),
        },
      ],
    },
  ],
});
