// Suggestions that fit the project: an edit that imports `tool-identity-audit/runtime` is offered
// only where the file's nearest package.json installs that package with the code (dependencies,
// peer or optional ones; devDependencies for test files); elsewhere no-call-id-coercion offers the
// same check inline and no-identity-helper-bypass no edit (the inline form is what it reports).
// Each case lints a file in a temporary project of its own, with the package.json it says.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import callIdRule from '../../rules/no-call-id-coercion.js';
import helperRule from '../../rules/no-identity-helper-bypass.js';
import { runtimeDependencyProbe } from '../../src/checks/runtime-dependency.js';
import { assertionOptions, loc, replaceNth, syntaxTester } from './testers.js';

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/** A project whose package.json has `manifest` (none when undefined); returns the absolute path of `file` in it. */
function project(manifest: Record<string, unknown> | undefined, file = 'src/pairing.ts'): string {
  const root = mkdtempSync(path.join(tmpdir(), 'tia-deps-'));
  roots.push(root);
  if (manifest) writeFileSync(path.join(root, 'package.json'), `${JSON.stringify({ name: 'pairing-service', version: '1.0.0', ...manifest }, null, 2)}\n`);
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  return path.join(root, file);
}

const audit = { 'tool-identity-audit': '0.1.0' };

const pairing = `interface FunctionCallOutput {
  type: 'function_call_output';
  call_id?: string;
  output: string;
}

export function pairOutputs(items: FunctionCallOutput[]): Map<string, string> {
  const byCall = new Map<string, string>();
  for (const item of items) byCall.set(String(item.call_id), item.output);
  return byCall;
}
`;
const IMPORT = "import { extractToolCallId } from 'tool-identity-audit/runtime';\n";
const inline = "(typeof item.call_id === 'string' ? item.call_id : undefined)";
const coerced = { messageId: 'coercedCallId' as const, data: { expression: 'item.call_id', form: 'String()', otherPlaces: '' }, ...loc(pairing, 'String(item.call_id)') };
const withHelper = {
  ...coerced,
  suggestions: [{ messageId: 'useExtractToolCallId' as const, data: { rawItem: 'item' }, output: IMPORT + replaceNth(pairing, 'String(item.call_id)', 'extractToolCallId(item)') }],
};
const withInline = {
  ...coerced,
  suggestions: [{ messageId: 'useStringCallId' as const, data: { replacement: inline }, output: replaceNth(pairing, 'String(item.call_id)', inline) }],
};

const toolEvent = `// Structured log line for every tool call.
export function toolEvent(tool: { name: string; namespace?: string }, ms: number) {
  const qualified = \`\${tool.namespace}.\${tool.name}\`;
  return JSON.stringify({ event: 'tool_call', tool: qualified, ms });
}
`;
const handBuilt = {
  messageId: 'handBuiltIdentity' as const,
  data: { what: 'qualified tool name', text: '`${tool.namespace}.${tool.name}`', helper: 'toolQualifiedName', otherPlaces: '' },
  ...loc(toolEvent, '`${tool.namespace}.${tool.name}`'),
};

syntaxTester().run('no-call-id-coercion: the runtime import only where package.json installs it', callIdRule, {
  assertionOptions,
  valid: [
    // The inline edit leaves nothing to report.
    { name: 'the inline form the suggestion writes', code: replaceNth(pairing, 'String(item.call_id)', inline), filename: project({ devDependencies: audit }) },
  ],
  invalid: [
    { name: 'dependencies: extractToolCallId, imported', code: pairing, filename: project({ dependencies: audit }), errors: [withHelper] },
    { name: 'peerDependencies count as installed', code: pairing, filename: project({ peerDependencies: audit }), errors: [withHelper] },
    { name: 'devDependencies only, application code: the check inline, no import', code: pairing, filename: project({ devDependencies: audit }), errors: [withInline] },
    { name: 'devDependencies only, a test file: the import', code: pairing, filename: project({ devDependencies: audit }, 'src/pairing.test.ts'), errors: [withHelper] },
    { name: 'not listed at all: inline', code: pairing, filename: project({ dependencies: { openai: '7.59.0' } }), errors: [withInline] },
    { name: 'no package.json above the file: inline', code: pairing, filename: project(undefined), errors: [withInline] },
    {
      name: 'the nearest package.json decides: a workspace member without it under a root that has it',
      code: pairing,
      filename: (() => {
        const file = project({ dependencies: audit, workspaces: ['packages/*'] }, 'packages/bridge/src/pairing.ts');
        writeFileSync(path.join(file, '../../package.json'), '{ "name": "@acme/bridge", "dependencies": { "openai": "7.59.0" } }\n');
        return file;
      })(),
      errors: [withInline],
    },
    {
      name: 'extractToolCallId already imported: the helper, whatever package.json says',
      code: IMPORT + pairing,
      filename: project({ devDependencies: audit }),
      errors: [
        {
          ...coerced,
          ...loc(IMPORT + pairing, 'String(item.call_id)'),
          suggestions: [{ messageId: 'useExtractToolCallId', data: { rawItem: 'item' }, output: IMPORT + replaceNth(pairing, 'String(item.call_id)', 'extractToolCallId(item)') }],
        },
      ],
    },
  ],
});

syntaxTester().run('no-identity-helper-bypass: the helper only where package.json installs the runtime', helperRule, {
  assertionOptions,
  valid: [],
  invalid: [
    {
      name: 'dependencies: toolQualifiedName, imported',
      code: toolEvent,
      filename: project({ dependencies: audit }),
      errors: [
        {
          ...handBuilt,
          suggestions: [
            {
              messageId: 'useHelper',
              data: { replacement: 'toolQualifiedName(tool.name, tool.namespace)' },
              output: "import { toolQualifiedName } from 'tool-identity-audit/runtime';\n" + replaceNth(toolEvent, '`${tool.namespace}.${tool.name}`', 'toolQualifiedName(tool.name, tool.namespace)'),
            },
          ],
        },
      ],
    },
    // The finding stands (the message names the helper), but no edit is offered.
    { name: 'devDependencies only, application code: no suggestion', code: toolEvent, filename: project({ devDependencies: audit }), errors: [{ ...handBuilt, suggestions: [] }] },
  ],
});

describe('runtimeDependencyProbe', () => {
  it('reads each package.json once per directory and a malformed one lists nothing', () => {
    const file = project({ dependencies: audit }, 'src/a/b/one.ts');
    const probe = runtimeDependencyProbe();
    expect(probe(file, 'src/a/b/one.ts')).toBe(true);
    // The answer for the directory is kept: rewriting package.json is seen by a new probe only.
    writeFileSync(path.join(file, '../../../../package.json'), '{ "dependencies": ');
    expect(probe(path.join(path.dirname(file), 'two.ts'), 'src/a/b/two.ts')).toBe(true);
    expect(runtimeDependencyProbe()(file, 'src/a/b/one.ts')).toBe(false);
  });

  it('the package itself may import its own runtime', () => {
    const file = project({ name: 'tool-identity-audit' });
    expect(runtimeDependencyProbe()(file, 'src/pairing.ts')).toBe(true);
  });
});
