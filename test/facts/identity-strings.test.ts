import { describe, expect, it } from 'vitest';
import { extract, spanOfText } from './helpers.js';

const code = `export function build(tool: any, ns: string, name: string, agentName: string, callId: string, namespace: string, toolName: string) {
  const q1 = \`\${ns}.\${name}\`;
  const q2 = tool.namespace + '.' + tool.name;
  const q3 = [namespace, toolName].join('.');
  const f1 = tool.qualifiedName ?? tool.name;
  const f2 = tool.qualifiedName || tool.name;
  const k1 = JSON.stringify(['namespaced', ns, name]);
  const k2 = JSON.stringify(['deferred_top_level', name]);
  const k3 = \`deferred_top_level:\${name}\`;
  const k4 = 'deferred_top_level:' + name;
  const c1 = \`\${agentName}:\${callId}\`;
  const c2 = agentName + ':' + callId;
  const t1 = namespace === name ? name : \`\${namespace}.\${name}\`;
  logger.warn(\`calling \${tool.namespace}.\${tool.name}\`);
  if (!q1) throw new Error(\`Tool \${ns}.\${name} not found\`);
  return [q1, q2, q3, f1, f2, k1, k2, k3, k4, c1, c2, t1];
}
`;

describe('hand-built identity strings', () => {
  const facts = extract(code, 'src/identity.ts');

  it('finds every form with its canonical helper and parts', () => {
    expect(facts.identityStrings.map((s) => [s.form, s.helper, s.parts, s.inErrorMessage])).toEqual([
      ['qualified-name', 'toolQualifiedName', ['name', 'ns'], false],
      ['qualified-name', 'toolQualifiedName', ['tool.name', 'tool.namespace'], false],
      ['qualified-name', 'toolQualifiedName', ['toolName', 'namespace'], false],
      ['qualified-fallback', 'getFunctionToolQualifiedName', ['tool'], false],
      ['qualified-fallback', 'getFunctionToolQualifiedName', ['tool'], false],
      ['lookup-key', 'lookupKeyId', ['name', 'ns'], false],
      ['lookup-key', 'lookupKeyId', ['name'], false],
      ['approval-key', 'getFunctionToolApprovalKeys', ['name'], false],
      ['approval-key', 'getFunctionToolApprovalKeys', ['name'], false],
      ['call-key', 'extractToolCallId', ['agentName', 'callId'], false],
      ['call-key', 'extractToolCallId', ['agentName', 'callId'], false],
      ['trace-name', 'toolTraceName', ['name', 'namespace'], false],
      ['qualified-name', 'toolQualifiedName', ['tool.name', 'tool.namespace'], true],
      ['qualified-name', 'toolQualifiedName', ['name', 'ns'], true],
    ]);
  });

  it('spans the whole construction', () => {
    expect(facts.identityStrings[0]!.span).toEqual(spanOfText(code, '`${ns}.${name}`'));
    expect(facts.identityStrings[0]!.span.loc.start).toEqual({ line: 2, column: 13 });
    expect(facts.identityStrings[1]!.span).toEqual(spanOfText(code, "tool.namespace + '.' + tool.name"));
    expect(facts.identityStrings[11]!.span).toEqual(spanOfText(code, 'namespace === name ? name : `${namespace}.${name}`'));
  });

  it('leaves other strings alone', () => {
    const facts2 = extract(`export function other(host: string, domain: string, namespace: string, ext: string, a: string, b: string, agentName: string, messageId: string, ns: string, name: string, x: any) {
  return [
    \`\${host}.\${domain}\`,
    \`\${namespace}.\${ext}\`,
    [a, b].join('.'),
    \`\${agentName}:\${messageId}\`,
    \`\${ns}/\${name}\`,
    JSON.stringify(['other', ns, name]),
    x.qualifiedName ?? 'n/a',
    'namespace' + '.' + 'name',
  ];
}
`, 'src/other.ts');
    expect(facts2.identityStrings).toEqual([]);
  });
});

describe('issue 10: more spellings, and why some are quiet', () => {
  const more = `declare function qualifiedName(t: { name: string }): string | undefined;
const handlers = new Map<string, unknown>();
const approvals = new Map<string, boolean>();
export function toolQualifiedName(name: string, namespace?: string) {
  return namespace ? \`\${namespace}.\${name}\` : name;
}
export function route(t: { name: string; namespace?: string }, item: { type: string; callId: string; toolName?: string; rawItem: { name: string } }, serverName: string, agent: object) {
  handlers.set(qualifiedName(t) ?? t.name, t);
  handlers.set(\`\${item.type}:\${item.callId}\`, t);
  handlers.set(\`function_call:\${item.callId}\`, t);
  approvals.set(item.toolName ?? item.rawItem.name, true);
  handlers.set(\`\${serverName}_\${t.name}\`, t);
  const nestedNamespace = t.namespace ? \`\${t.namespace}.\${t.name}\` : t.name;
  console.log(\`mounted \${nestedNamespace}\`);
  return { agent, value: \`\${item.type}:\${item.callId}\` };
}
`;
  const facts = extract(more, 'src/route.ts');

  it('records each form with the reason it is quiet, if any', () => {
    expect(facts.identityStrings.map((s) => [s.form, s.text, s.quiet ?? null])).toEqual([
      ['qualified-name', '`${namespace}.${name}`', 'helper-definition'],
      ['qualified-fallback', 'qualifiedName(t) ?? t.name', null],
      ['call-key', '`${item.type}:${item.callId}`', null],
      ['call-key', '`function_call:${item.callId}`', null],
      ['approval-key', 'item.toolName ?? item.rawItem.name', null],
      ['mcp-name', '`${serverName}_${t.name}`', null],
      ['qualified-name', '`${t.namespace}.${t.name}`', 'namespace-path'],
      ['call-key', '`${item.type}:${item.callId}`', 'agent-scoped'],
    ]);
  });
});

describe('issue 20: MCP name schemes, lookups, and constructions that are not identities', () => {
  const code = `export function prefixedToolName(serverName: string, toolName: string) {
  return \`mcp__\${serverName}__\${toolName}\`;
}
export function route(name: string, serverName: string, tools: Map<string, unknown>, ns: string, agentName: string, version: string) {
  tools.get(\`\${serverName}_\${name}\`);
  const parts = name.split('_');
  const [server] = name.split('.');
  name.replace(\`\${serverName}__\`, '');
  name.startsWith('mcp_');
  name.replace(/^mcp__/, '');
  name.slice(serverName.length + 2);
  tools.set(\`\${agentName}/\${ns}.\${name}:\${version}\`, 1);
  tools.set(\`export const tool = '\${ns}.\${name}';\`, 1);
  return { parts, server, description: \`\${ns}.\${name}\` };
}
`;
  const facts = extract(code, 'src/mcp-route.ts');

  it('records how each MCP name joins its parts, and which ones look a name up', () => {
    expect(facts.identityStrings.filter((s) => s.form === 'mcp-name').map((s) => [s.text, s.scheme, s.lookup ?? null, s.quiet ?? null])).toEqual([
      ['`mcp__${serverName}__${toolName}`', { prefix: 'mcp__', separator: '__' }, null, 'helper-definition'],
      ['`${serverName}_${name}`', { prefix: '', separator: '_' }, true, null],
    ]);
  });

  it('records lookups that split a name or strip its prefix, with what they assume', () => {
    expect(facts.mcpNameLookups.map(({ span: _span, ...lookup }) => lookup)).toEqual([
      { kind: 'split', separator: '_', text: "name.split('_')" },
      { kind: 'split', separator: '.', readsServer: true, text: "name.split('.')" },
      { kind: 'strip', separator: '__', text: "name.replace(`${serverName}__`, '')" },
      { kind: 'prefix-test', prefix: 'mcp_', text: "name.startsWith('mcp_')" },
      { kind: 'strip', prefix: 'mcp__', text: "name.replace(/^mcp__/, '')" },
      { kind: 'strip', separatorLength: 2, text: 'name.slice(serverName.length + 2)' },
    ]);
  });

  it('marks fingerprints, generated code and prose as quiet', () => {
    expect(facts.identityStrings.filter((s) => s.form === 'qualified-name').map((s) => [s.text, s.quiet ?? null])).toEqual([
      ['`${agentName}/${ns}.${name}:${version}`', 'fingerprint'],
      ["`export const tool = '${ns}.${name}';`", 'generated-code'],
      ['`${ns}.${name}`', 'text'],
    ]);
  });

  it('records the code templates around a call-ID coercion, and only those', () => {
    const withCallId = extract(`export function emit(toolCall: { id?: string } | undefined, ns: string, name: string) {
  const other = \`export const qualified = '\${ns}.\${name}';\`;
  return [other, \`export const id = '\${toolCall?.id}';\`];
}
`, 'src/emit.ts');
    expect(withCallId.generatedCode).toHaveLength(1);
    expect(withCallId.generatedCode[0]!.loc.start).toEqual({ line: 3, column: 17 });
  });
});
