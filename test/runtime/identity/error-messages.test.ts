import { describe, expect, it } from 'vitest';
import {
  ToolIdentityError,
  buildFunctionToolLookupMap,
  lookupKeyId,
  mcpUnprefixedToolNames,
  resolveToolNameCollisions,
  toolNamespace,
  validateFunctionToolLookupConfiguration,
  validateFunctionToolName,
  validateFunctionToolNamespaceShape,
  validatePersistedToolIdentity,
  validateToolNameCollisionPolicy,
  type LookupKey,
} from '../../../src/runtime/identity/index.js';

/** Runs `fn`, asserts it threw a ToolIdentityError, and returns that error. */
function thrown(fn: () => unknown): ToolIdentityError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ToolIdentityError);
    expect((error as Error).name).toBe('ToolIdentityError');
    return error as ToolIdentityError;
  }
  throw new Error('expected a ToolIdentityError, nothing was thrown');
}

describe('error messages name the offending tool and namespace', () => {
  it('reserved same-name namespace', () => {
    const error = thrown(() => validateFunctionToolNamespaceShape('search', 'search'));
    expect(error.message).toBe(
      'Responses tool-search reserves the synthetic namespace `search.search` for deferred top-level function ' +
        'tools. Rename the namespace or tool name to avoid ambiguous dispatch.',
    );
    expect(error).toMatchObject({ toolName: 'search', namespace: 'search' });
  });

  it('reserved shape found by configuration validation, with the tool fields set', () => {
    const error = thrown(() =>
      validateFunctionToolLookupConfiguration([{ type: 'function', name: 'lookup', namespace: 'lookup' }]),
    );
    expect(error.message).toContain('`lookup.lookup`');
    expect(error).toMatchObject({ toolName: 'lookup', namespace: 'lookup' });
  });

  it('deferred duplicate names the deferred tool', () => {
    const tools = [
      { type: 'function', name: 'lookup_account', deferLoading: true },
      { type: 'function', name: 'lookup_account', deferLoading: true },
    ];
    const error = thrown(() => buildFunctionToolLookupMap(tools));
    expect(error.message).toBe(
      'Ambiguous function tool configuration: the deferred top-level tool name `lookup_account` is used by ' +
        'multiple tools. Rename one of the deferred-loading top-level function tools to avoid ambiguous dispatch.',
    );
    expect(error.toolName).toBe('lookup_account');
  });

  it('qualified duplicate names the namespace-qualified name', () => {
    const tools = [
      { type: 'function', name: 'crm.lookup' },
      { type: 'function', name: 'lookup', namespace: 'crm' },
    ];
    const error = thrown(() => validateFunctionToolLookupConfiguration(tools));
    expect(error.message).toBe(
      'Ambiguous function tool configuration: the qualified name `crm.lookup` is used by multiple tools. ' +
        'Rename the namespace-wrapped function or dotted top-level tool to avoid ambiguous dispatch.',
    );
    expect(error).toMatchObject({ toolName: 'lookup', namespace: 'crm' });
  });

  it('toolNamespace errors name the namespace and the member', () => {
    expect(thrown(() => toolNamespace({ name: '  ', description: 'd', tools: [] })).message).toContain("'  '");
    const noDescription = thrown(() => toolNamespace({ name: ' crm ', description: ' ', tools: [] }));
    expect(noDescription.message).toContain("namespace 'crm'");
    expect(noDescription.namespace).toBe('crm');
    const shell = thrown(() => toolNamespace({ name: 'crm', description: 'd', tools: [{ type: 'shell', name: 'sh' }] }));
    expect(shell.message).toContain("'sh'");
    expect(shell.message).toContain("'crm'");
    expect(shell).toMatchObject({ toolName: 'sh', namespace: 'crm' });
    const reserved = thrown(() =>
      toolNamespace({ name: ' lookup ', description: 'd', tools: [{ type: 'function', name: 'lookup' }] }),
    );
    expect(reserved.message).toContain('`lookup.lookup`');
    expect(reserved).toMatchObject({ toolName: 'lookup', namespace: 'lookup' });
  });

  it('collision errors name the colliding tool name', () => {
    const error = thrown(() =>
      resolveToolNameCollisions(
        [
          { type: 'function', name: 'lookup' },
          { type: 'function', name: 'lookup' },
        ],
        [],
        { policy: 'error' },
      ),
    );
    expect(error.message).toBe(
      'Ambiguous function tool configuration: the tool name `lookup` is used by multiple tools. Assign a unique ' +
        'routed name to every colliding function tool with `name_override=`, `tool_name=`, or a namespace.',
    );
    expect(error.toolName).toBe('lookup');
  });

  it('an invalid collision policy names the value', () => {
    expect(thrown(() => validateToolNameCollisionPolicy('erorr')).message).toBe(
      "toolNameCollisionPolicy must be either 'warn' or 'error'; got 'erorr'.",
    );
    expect(thrown(() => validateToolNameCollisionPolicy(null)).message).toContain('got null');
  });

  it('generated function names are named in Python repr', () => {
    const error = thrown(() => validateFunctionToolName('Café'));
    expect(error.message).toContain("callable class 'Café'");
    expect(error.toolName).toBe('Café');
    expect(thrown(() => validateFunctionToolName('A'.repeat(65))).message).toContain(`'${'A'.repeat(65)}'`);
    expect(thrown(() => validateFunctionToolName(42)).message).toContain('callable class 42.');
  });

  it('MCP duplicates list every duplicated name, code-point sorted, with the prefix hint', () => {
    const error = thrown(() =>
      mcpUnprefixedToolNames([
        { name: 'server_1', tools: ['zeta', 'alpha', 'solo'] },
        { name: 'server_2', tools: ['alpha', 'zeta'] },
      ]),
    );
    expect(error.message).toMatch(/^Duplicate tool names found across MCP servers: alpha, zeta\. Pass `include_server_in_tool_names=True`/);
    expect(error.toolName).toBe('alpha');
  });

  it('a persisted identity mismatch names the key and the call', () => {
    const key: LookupKey = { kind: 'namespaced', namespace: 'crm', name: 'lookup' };
    const error = thrown(() => validatePersistedToolIdentity({ name: 'lookup', namespace: 'billing' }, key));
    expect(error.message).toBe(
      "Persisted tool identity ('namespaced', 'crm', 'lookup') does not match raw tool call billing.lookup. " +
        'Restore a consistent RunState before resuming.',
    );
    expect(error).toMatchObject({ toolName: 'lookup', namespace: 'billing' });
    expect(() => validatePersistedToolIdentity({ name: 'other' }, key)).toThrow(ToolIdentityError);
    expect(validatePersistedToolIdentity({ name: 'lookup' }, key)).toBeUndefined();
    expect(validatePersistedToolIdentity({ name: 'lookup', namespace: 'crm' }, key)).toBeUndefined();
  });

  it('lookupKeyId rejects a value that is not a key', () => {
    expect(thrown(() => lookupKeyId({ kind: 'namespaced', name: 'x' } as unknown as LookupKey)).message).toContain(
      'lookupKeyId() requires a valid lookup key',
    );
  });
});
