import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  approvalDecisionStorageKeys,
  describeFunctionStyleTransform,
  getFunctionToolApprovalKeys,
  getToolApprovalItemLookupKey,
  handoffDefaultToolName,
  isDeferredTopLevelFunctionTool,
  lookupKeyId,
  mcpPrefixedToolNames,
  mcpServerDisplayName,
  mcpShortenToolName,
  normalizeToolCallForFunctionTool,
  parseLookupKeyId,
  restoreToolCallRoutingIdentity,
  shouldAllowBareNameApprovalAlias,
  toolNamespace,
  transformStringFunctionStyle,
} from '../../../src/runtime/identity/index.js';
import { compareCodePoints } from '../../../src/runtime/identity/code-points.js';
import { pythonRepr } from '../../../src/runtime/identity/python-repr.js';

describe('pythonRepr', () => {
  it.each([
    ['abc', "'abc'"],
    ["Bob's", `"Bob's"`],
    [`it's "x"`, `'it\\'s "x"'`],
    ['a\\b', "'a\\\\b'"],
    ['\t\n\r', "'\\t\\n\\r'"],
    ['\x00\x7f\x85', "'\\x00\\x7f\\x85'"],
    ['é\u200b\u2028', "'é\\u200b\\u2028'"],
    ['😀\u{e0001}', "'😀\\U000e0001'"],
    ['\ud800', "'\\ud800'"],
  ])('%j', (input, expected) => {
    expect(pythonRepr(input)).toBe(expected);
  });
});

describe('compareCodePoints', () => {
  it('orders by code point, unlike UTF-16 comparison', () => {
    const bmpHigh = '\uffff';
    const astral = '\u{10000}';
    expect(astral < bmpHigh).toBe(true);
    expect(compareCodePoints(bmpHigh, astral)).toBeLessThan(0);
    expect(['b', 'a', 'ab', ''].sort(compareCodePoints)).toEqual(['', 'a', 'ab', 'b']);
  });
});

describe('default names', () => {
  it('warns like Python: not for case or (handoff) whitespace, yes for other characters', () => {
    expect(describeFunctionStyleTransform('MyTool')).toEqual({ name: 'mytool', warning: undefined });
    expect(describeFunctionStyleTransform('transfer_to_Refund agent', { warnOnWhitespace: false }).warning).toBeUndefined();
    expect(describeFunctionStyleTransform('Refund agent').warning).toBe(
      "Tool name 'Refund agent' contains invalid characters for function calling and has been transformed to " +
        "'refund_agent'. Please use only letters, digits, and underscores to avoid potential naming conflicts.",
    );
    expect(describeFunctionStyleTransform('Refund/agent', { warnOnWhitespace: false }).warning).toContain(
      "'refund_agent'",
    );
  });

  it('replaces one underscore per code point and never coerces', () => {
    expect(transformStringFunctionStyle('a😀b')).toBe('a_b');
    expect(transformStringFunctionStyle('a\u3000b\x85c')).toBe('a_b_c');
    expect(handoffDefaultToolName('Agent A')).toBe('transfer_to_agent_a');
    expect(transformStringFunctionStyle(42)).toBeUndefined();
    expect(handoffDefaultToolName(null)).toBeUndefined();
  });
});

describe('MCP names', () => {
  it('display names follow Python URL parsing', () => {
    expect(mcpServerDisplayName('https://[::1]:8080/mcp?x=1')).toBe('https://[::1]:8080/mcp');
    expect(mcpServerDisplayName('http://[FE80::1%25Eth0]/p')).toBe('http://[fe80::1%25Eth0]/p');
    expect(mcpServerDisplayName('https://[1.2.3.4]/p')).toBe('<invalid-url>');
    expect(mcpServerDisplayName('sse: https://host:99999/')).toBe('sse: <invalid-url>');
    expect(mcpServerDisplayName('sse: https://host:0443')).toBe('sse: https://host:443');
    expect(mcpServerDisplayName('https://user@\x85/p')).toBe('<invalid-url>');
    expect(mcpServerDisplayName('HTTPS://Host.Test')).toBe('https://host.test');
    expect(mcpServerDisplayName('ftp://user:pw@host/x')).toBe('ftp://user:pw@host/x');
    expect(mcpServerDisplayName('My Server')).toBe('My Server');
    expect(mcpServerDisplayName(7)).toBeUndefined();
  });

  it('shortens long names to 64 code points with a SHA-1 suffix of the seed', () => {
    const base = `mcp_${'a'.repeat(60)}__tool`;
    const digest = createHash('sha1').update('seed').digest('hex').slice(0, 8);
    const short = mcpShortenToolName(base, 'seed', false);
    expect(short).toBe(`mcp_${'a'.repeat(51)}_${digest}`);
    expect(short).toHaveLength(64);
    expect(mcpShortenToolName('___', 'seed', true)).toBe(`mcp_${digest}`);
  });

  it('treats holes of a sparse tools array as empty names instead of throwing', () => {
    // eslint-disable-next-line no-sparse-arrays -- the input a JSON.parse of `{"tools":[,]}`-like data can give
    const sparse = [, 'search'] as unknown as string[];
    expect(() => mcpPrefixedToolNames([{ name: 'a', tools: sparse }, { name: 'b', tools: ['search'] }])).not.toThrow();
  });

  it('allocation does not depend on listing order', () => {
    const [forward] = mcpPrefixedToolNames([{ name: 'docs', tools: ['search', 'search!'] }]);
    const [backward] = mcpPrefixedToolNames([{ name: 'docs', tools: ['search!', 'search'] }]);
    expect(forward).toEqual([...(backward ?? [])].reverse());
    expect(mcpPrefixedToolNames([{ name: 'docs', tools: ['a'] }], { reservedNames: new Set(['mcp_docs__a']) })[0]?.[0]).toMatch(
      /^mcp_docs__a_[0-9a-f]{8}$/,
    );
  });
});

describe('tool namespaces and calls', () => {
  it('toolNamespace returns copies that keep the prototype and leaves inputs alone', () => {
    class Tool {
      type = 'function';
      constructor(readonly name: string) {}
      describe(): string {
        return `tool ${this.name}`;
      }
    }
    const original = new Tool('lookup');
    const [copy] = toolNamespace({ name: 'crm', description: 'CRM', tools: [original] });
    expect(copy).toBeInstanceOf(Tool);
    expect(copy?.describe()).toBe('tool lookup');
    expect(copy).toMatchObject({ namespace: 'crm', namespaceDescription: 'CRM' });
    expect(original).not.toHaveProperty('namespace');
  });

  it('normalize and restore return the same object when nothing changes, else a copy', () => {
    const deferred = { type: 'function', name: 'w', deferLoading: true };
    const call = { type: 'function_call', name: 'w', namespace: 'w', call_id: 'c' };
    const stripped = normalizeToolCallForFunctionTool(call, deferred);
    expect(stripped).toEqual({ type: 'function_call', name: 'w', call_id: 'c' });
    expect(call.namespace).toBe('w');
    expect(normalizeToolCallForFunctionTool(call, { ...deferred, namespace: 'ns' })).toBe(call);

    const bare = { type: 'function_call', name: 'w', call_id: 'c' };
    expect(restoreToolCallRoutingIdentity(bare, { kind: 'bare', name: 'w' })).toBe(bare);
    const restored = restoreToolCallRoutingIdentity(bare, { kind: 'deferred_top_level', name: 'w' });
    expect(restored).toEqual({ ...bare, namespace: 'w' });
    expect(bare).not.toHaveProperty('namespace');
  });

  it('deferLoading is tested for truthiness, and only without an explicit namespace', () => {
    expect(isDeferredTopLevelFunctionTool({ type: 'function', name: 'x', deferLoading: 'yes' })).toBe(true);
    expect(isDeferredTopLevelFunctionTool({ type: 'function', name: 'x', deferLoading: 0 })).toBe(false);
    expect(isDeferredTopLevelFunctionTool({ type: 'function', name: 'x', namespace: 'n', deferLoading: true })).toBe(false);
    expect(isDeferredTopLevelFunctionTool({ type: 'hosted', name: 'x', deferLoading: true })).toBe(false);
  });
});

describe('approval keys', () => {
  const deferred = { type: 'function', name: 'w', deferLoading: true };

  it('the bare alias is blocked only by a visible bare sibling', () => {
    expect(shouldAllowBareNameApprovalAlias(deferred, [deferred, { type: 'function', name: 'w', namespace: 'n' }])).toBe(true);
    expect(shouldAllowBareNameApprovalAlias(deferred, [deferred, { type: 'function', name: 'w' }])).toBe(false);
    expect(shouldAllowBareNameApprovalAlias({ type: 'function', name: 'w' }, [])).toBe(false);
  });

  it('sticky decisions use the exact key; per-call decisions every key; legacy keys are read-only', () => {
    const options = { toolName: 'w', toolNamespace: 'w', toolLookupKey: { kind: 'deferred_top_level', name: 'w' } as const };
    expect(getFunctionToolApprovalKeys({ ...options, allowBareNameAlias: true, includeLegacyDeferredKey: true })).toEqual([
      'w',
      'deferred_top_level:w',
      'w.w',
    ]);
    expect(
      approvalDecisionStorageKeys({ ...options, allowBareNameAlias: true, includeLegacyDeferredKey: true, always: false }),
    ).toEqual(['w', 'deferred_top_level:w']);
    expect(approvalDecisionStorageKeys({ ...options, allowBareNameAlias: true, always: true })).toEqual([
      'deferred_top_level:w',
    ]);
    expect(approvalDecisionStorageKeys({ toolName: '', always: true })).toEqual([]);
  });

  it('an approval item prefers its persisted key and refuses to guess the same-name shape', () => {
    const rawItem = { type: 'function_call', name: 'w', namespace: 'w', call_id: 'c' };
    expect(getToolApprovalItemLookupKey({ rawItem })).toBeUndefined();
    expect(getToolApprovalItemLookupKey({ rawItem, toolLookupKey: { kind: 'deferred_top_level', name: 'w' } })).toEqual({
      kind: 'deferred_top_level',
      name: 'w',
    });
  });
});

describe('lookupKeyId', () => {
  it('uses the JS branded form and parses back only canonical spellings', () => {
    const id = lookupKeyId({ kind: 'namespaced', namespace: 'crm', name: 'lookup' });
    expect(id).toBe('["namespaced","crm","lookup"]');
    expect(parseLookupKeyId(id)).toEqual({ kind: 'namespaced', namespace: 'crm', name: 'lookup' });
    expect(parseLookupKeyId('[ "bare", "x" ]')).toBeUndefined();
    expect(parseLookupKeyId('["bare","x","y"]')).toBeUndefined();
    expect(parseLookupKeyId('["namespaced","x"]')).toBeUndefined();
    expect(parseLookupKeyId('not json')).toBeUndefined();
  });
});
