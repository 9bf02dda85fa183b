// What the two identity rules (no-call-id-coercion, no-identity-helper-bypass) share: a template
// that generates source code holds neither a call ID nor a tool identity this program routes by,
// a join of three or more values is a fingerprint (one definition, src/facts/extract/memo-parts.ts),
// and a message quotes at most one line of the code, cut at about 80 characters
// (src/checks/quote.ts). The identity rule's own cases are in no-identity-helper-bypass.test.ts.
import { describe, expect, it } from 'vitest';
import callIdRule from '../../rules/no-call-id-coercion.js';
import identityRule from '../../rules/no-identity-helper-bypass.js';
import { MAX_QUOTE, quoteSource } from '../../src/checks/quote.js';
import { loc, runCases } from './testers.js';

describe('quoteSource', () => {
  it('keeps a short one-line expression as it is', () => {
    expect(quoteSource('`${ns}.${name}`')).toBe('`${ns}.${name}`');
  });
  it('quotes the first line of a multi-line expression, with an ellipsis', () => {
    expect(quoteSource("call.namespace +\n    '.' +\n    call.name")).toBe('call.namespace +…');
  });
  it(`cuts a long line at ${MAX_QUOTE} characters`, () => {
    const long = `x.${'a'.repeat(100)}`;
    expect(quoteSource(long)).toBe(`${long.slice(0, MAX_QUOTE)}…`);
  });
  it('collapses runs of spaces and tabs, and never splits a character in two', () => {
    expect(quoteSource('a  +\t b')).toBe('a + b');
    const emoji = `${'é'.repeat(79)}😀😀`;
    expect(quoteSource(emoji)).toBe(`${'é'.repeat(79)}😀…`);
  });
});

const generatedCallIds = `import fs from 'node:fs';

export function emitFixture(toolCall: { id?: string; name: string }) {
  return \`export const call = {
  id: "\${toolCall.id ?? ''}",
  name: "\${toolCall.name}",
};
\`;
}

export function emitLine(toolCall?: { id?: string }) {
  return \`export const callId = '\${toolCall?.id}';\`;
}

export function writeFixture(toolCall: { id?: string }) {
  const text = \`"\${String(toolCall.id)}"\`;
  fs.writeFileSync('test/fixtures/call.ts', text);
  return text;
}
`;

/** The same coercion in a template that is not code: returned as a key, it is reported. */
const plainTemplateCallId = `export function keyOf(toolCall?: { id?: string }) {
  return \`call:\${toolCall?.id}\`;
}
`;

const memoCallIds = `const cache = new Map<string, unknown>();

export function remember(toolCall: { id?: string; name: string } | undefined, turn: number, result: unknown) {
  cache.set(\`\${turn}:\${toolCall?.name}:\${String(toolCall?.id)}\`, result);
  cache.set([turn, toolCall?.name, String(toolCall?.id)].join('|'), result);
}
`;

const longExpression = `export function keyOf(response: { output: { items: Array<{ toolCallRequest: { providerSpecificMetadata: { openaiResponses: { call_id?: string } } } }> } }) {
  return String(response.output.items[0]!.toolCallRequest.providerSpecificMetadata.openaiResponses.call_id);
}
`;

const longRawItem = 'response.output.items[0]!.toolCallRequest.providerSpecificMetadata.openaiResponses';

const multiLineExpression = `export function keyOf(toolCall: { id?: string }) {
  return String(toolCall
    .id);
}
`;

runCases('no-call-id-coercion (shared with no-identity-helper-bypass)', callIdRule, {
  valid: [
    { name: 'call IDs inside templates that generate code: multi-line, code tokens, written to a .ts file', code: generatedCallIds },
    { name: 'a call ID in a fingerprint of three or more values (memo-parts.ts)', code: memoCallIds },
  ],
  invalid: [
    {
      name: 'the same coercion in a template that generates no code',
      code: plainTemplateCallId,
      errors: [{ messageId: 'coercedCallId', data: { expression: 'toolCall?.id', form: 'a template literal' }, ...loc(plainTemplateCallId, '`call:${toolCall?.id}`'), suggestions: [] }],
    },
    {
      name: 'a long call-ID expression is quoted cut at 80 characters, and so is the raw item of the suggestion',
      code: longExpression,
      errors: [
        {
          messageId: 'coercedCallId',
          data: { expression: 'response.output.items[0]!.toolCallRequest.providerSpecificMetadata.openaiResponses.call_id'.slice(0, 80) + '…', form: 'String()' },
          ...loc(longExpression, 'String(response.output.items[0]!.toolCallRequest.providerSpecificMetadata.openaiResponses.call_id)'),
          suggestions: [
            {
              messageId: 'useExtractToolCallId',
              data: { rawItem: `${longRawItem.slice(0, 80)}…` },
              output: `import { extractToolCallId } from 'tool-identity-audit/runtime';\n${longExpression.replace(
                'String(response.output.items[0]!.toolCallRequest.providerSpecificMetadata.openaiResponses.call_id)',
                `extractToolCallId(${longRawItem})`,
              )}`,
            },
          ],
        },
      ],
    },
    {
      name: 'a call-ID expression over two lines is quoted by its first',
      code: multiLineExpression,
      errors: [
        {
          messageId: 'coercedCallId',
          data: { expression: 'toolCall…', form: 'String()' },
          ...loc(multiLineExpression, 'String(toolCall\n    .id)'),
          suggestions: [],
        },
      ],
    },
  ],
});

const multiLineIdentity = `export function dispatchKey(call: { name: string; namespace: string }) {
  return (
    call.namespace +
    '.' +
    call.name
  );
}
`;

const longIdentity = `export function dispatchKey(configuration: { currentlySelectedToolDefinition: { namespace: string; name: string } }) {
  return \`\${configuration.currentlySelectedToolDefinition.namespace}.\${configuration.currentlySelectedToolDefinition.name}\`;
}
`;

const longIdentityText = '`${configuration.currentlySelectedToolDefinition.namespace}.${configuration.currentlySelectedToolDefinition.name}`';

runCases('no-identity-helper-bypass (shared with no-call-id-coercion)', identityRule, {
  valid: [],
  invalid: [
    {
      name: 'a construction over several lines is quoted by its first, in the message and the suggestion',
      code: multiLineIdentity,
      errors: [
        {
          messageId: 'handBuiltIdentity',
          data: { what: 'qualified tool name', text: 'call.namespace +…', helper: 'toolQualifiedName' },
          ...loc(multiLineIdentity, "call.namespace +\n    '.' +\n    call.name"),
          suggestions: [
            {
              messageId: 'useHelper',
              data: { replacement: 'toolQualifiedName(call.name, call.namespace)' },
              output: `import { toolQualifiedName } from 'tool-identity-audit/runtime';\n${multiLineIdentity.replace("call.namespace +\n    '.' +\n    call.name", 'toolQualifiedName(call.name, call.namespace)')}`,
            },
          ],
        },
      ],
    },
    {
      name: 'a long construction is quoted cut at 80 characters, and so is the replacement',
      code: longIdentity,
      errors: [
        {
          messageId: 'handBuiltIdentity',
          data: { what: 'qualified tool name', text: `${longIdentityText.slice(0, 80)}…`, helper: 'toolQualifiedName' },
          ...loc(longIdentity, longIdentityText),
          suggestions: [
            {
              messageId: 'useHelper',
              data: {
                replacement: `${'toolQualifiedName(configuration.currentlySelectedToolDefinition.name, configuration.currentlySelectedToolDefinition.namespace)'.slice(0, 80)}…`,
              },
              output: `import { toolQualifiedName } from 'tool-identity-audit/runtime';\n${longIdentity.replace(longIdentityText, 'toolQualifiedName(configuration.currentlySelectedToolDefinition.name, configuration.currentlySelectedToolDefinition.namespace)')}`,
            },
          ],
        },
      ],
    },
  ],
});
