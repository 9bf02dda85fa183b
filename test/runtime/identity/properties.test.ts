import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as identity from '../../../src/runtime/identity/index.js';
import type { LookupKey } from '../../../src/runtime/identity/index.js';

// Field names and values the helpers look at, so generated junk often reaches the real checks
// instead of failing at the first missing field.
const FIELD_NAMES = [
  'type', 'name', 'namespace', 'namespaceDescription', 'deferLoading', 'traceName', 'defaultIdentity',
  'agentName', 'derivedName', 'toolName', 'call_id', 'callId', 'id', 'rawItem', 'raw_item', 'providerData',
  'provider_data', 'server_label', 'kind', 'tools', 'toolLookupKey', 'toolNamespace', 'allowBareNameAlias',
  'preferLegacySameNameNamespace', 'includeLegacyDeferredKey', 'always', 'policy', 'redact', 'reservedNames',
  'description', 'servers', '__proto__', 'constructor', 'toString',
] as const;
const FIELD_VALUES = [
  'function', 'function_call', 'shell', 'mcp_approval_request', 'hosted_tool_call', 'bare', 'namespaced',
  'deferred_top_level', 'warn', 'error', 'lookup', 'crm', 'crm.lookup', 'https://u:p@Host.test:8443/x?q#f',
  'sse: http://[::1]:80/p', '', ' ',
] as const;

const junkOptions = {
  withBoxedValues: true,
  withSet: true,
  withMap: true,
  withObjectString: true,
  withNullPrototype: true,
  withBigInt: true,
  withDate: true,
  withTypedArray: true,
  withSparseArray: true,
  stringUnit: 'binary',
} as const;

const anything = fc.anything(junkOptions);
const shaped = fc.anything({
  ...junkOptions,
  maxDepth: 4,
  key: fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string()),
  values: [
    fc.constantFrom(...FIELD_VALUES),
    fc.string({ unit: 'binary' }),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.bigInt(),
    fc.constant(null),
    fc.constant(undefined),
  ],
});
const junk = fc.oneof(anything, shaped, fc.array(shaped, { maxLength: 6 }));

function sameKey(a: LookupKey, b: LookupKey): boolean {
  if (a.kind !== b.kind || a.name !== b.name) {
    return false;
  }
  return a.kind !== 'namespaced' || (b.kind === 'namespaced' && a.namespace === b.namespace);
}

// Small alphabets force equal and near-equal parts; the characters attack JSON's separators.
const tinyPart = fc.constantFrom('a', 'b', 'a.b', 'b.a', 'a:b', ':', '"', ',', '\\', '["a"]', 'a","b', '\ud800');
const part = fc.oneof(tinyPart, fc.string({ minLength: 1, unit: 'binary' }));
const keyArb: fc.Arbitrary<LookupKey> = fc.oneof(
  fc.record({ kind: fc.constant('bare' as const), name: part }),
  fc.record({ kind: fc.constant('namespaced' as const), namespace: part, name: part }),
  fc.record({ kind: fc.constant('deferred_top_level' as const), name: part }),
);
const maybeName = fc.oneof(tinyPart, fc.string({ unit: 'binary' }), fc.constantFrom(null, undefined, 0, 1, true));

describe('lookup keys', () => {
  it('derive collision-free keys: equal ids exactly when name and effective namespace are equal', () => {
    const effectiveNamespace = (namespace: unknown): string | null =>
      typeof namespace === 'string' && namespace.length > 0 ? namespace : null;
    fc.assert(
      fc.property(maybeName, maybeName, maybeName, maybeName, (name1, ns1, name2, ns2) => {
        const k1 = identity.getFunctionToolLookupKey(name1, ns1);
        const k2 = identity.getFunctionToolLookupKey(name2, ns2);
        expect(k1 === undefined).toBe(!(typeof name1 === 'string' && name1.length > 0));
        if (k1 === undefined || k2 === undefined) {
          return;
        }
        const samePair = name1 === name2 && effectiveNamespace(ns1) === effectiveNamespace(ns2);
        expect(identity.lookupKeyId(k1) === identity.lookupKeyId(k2)).toBe(samePair);
      }),
      { numRuns: 500 },
    );
  });

  it('round-trip through serialize/deserialize, JSON and lookupKeyId', () => {
    fc.assert(
      fc.property(keyArb, (key) => {
        const serialized = identity.serializeFunctionToolLookupKey(key);
        expect(serialized).toEqual(key);
        expect(identity.deserializeFunctionToolLookupKey(serialized)).toEqual(key);
        expect(identity.deserializeFunctionToolLookupKey(JSON.parse(JSON.stringify(serialized)))).toEqual(key);
        expect(identity.parseLookupKeyId(identity.lookupKeyId(key))).toEqual(key);
      }),
      { numRuns: 500 },
    );
  });

  it('lookupKeyId is injective over generated keys', () => {
    fc.assert(
      fc.property(keyArb, keyArb, (a, b) => {
        expect(identity.lookupKeyId(a) === identity.lookupKeyId(b)).toBe(sameKey(a, b));
      }),
      { numRuns: 1000 },
    );
    // Many distinct keys at once: every pair among them must get distinct ids.
    const structural = (key: LookupKey): string =>
      [key.kind, key.kind === 'namespaced' ? key.namespace : '', key.name].map((p) => `${p.length}:${p}`).join('');
    fc.assert(
      fc.property(fc.uniqueArray(keyArb, { selector: structural, minLength: 2, maxLength: 40 }), (keys) => {
        expect(new Set(keys.map((key) => identity.lookupKeyId(key))).size).toBe(keys.length);
      }),
      { numRuns: 300 },
    );
  });
});

const toolArb = fc.record(
  {
    type: fc.constantFrom('function', 'function', 'function', 'shell'),
    name: fc.constantFrom('a', 'b', 'a.b', 'ns.a', '', undefined),
    namespace: fc.constantFrom('a', 'b', 'ns', '', undefined, undefined, undefined),
    deferLoading: fc.constantFrom(true, false, 1, 0, undefined),
  },
  { requiredKeys: ['type'] },
);
const callArb = fc.record(
  {
    type: fc.constant('function_call'),
    name: fc.constantFrom('a', 'b', 'a.b', 'ns.a', ''),
    namespace: fc.constantFrom('a', 'b', 'ns', ''),
    call_id: fc.constant('call_1'),
  },
  { requiredKeys: ['type', 'call_id'] },
);
const handoffArb = fc.record({
  toolName: fc.constantFrom('a', 'b', 'a.b', ''),
  agentName: fc.constantFrom('A', 'B'),
});

function buildOrUndefined<T>(tools: readonly T[]): Map<string, T> | undefined {
  try {
    return identity.buildFunctionToolLookupMap(tools);
  } catch (error) {
    expect(error).toBeInstanceOf(identity.ToolIdentityError);
    expect(() => identity.validateFunctionToolLookupConfiguration(tools)).toThrow(identity.ToolIdentityError);
    return undefined;
  }
}

describe('dispatch', () => {
  it('a lookup map never resolves a call to a tool with a different key, and picks the last owner', () => {
    fc.assert(
      fc.property(fc.array(toolArb, { maxLength: 8 }), fc.array(callArb, { maxLength: 6 }), (tools, calls) => {
        const map = buildOrUndefined(tools);
        if (map === undefined) {
          return;
        }
        for (const call of calls) {
          const resolved = identity.resolveFunctionToolCall(map, call);
          expect(identity.resolveFunctionToolCall(tools, call)).toBe(resolved);
          const callKey = identity.getFunctionToolLookupKeyForCall(call);
          const owners = tools.filter((tool) => {
            const toolKey = identity.getFunctionToolLookupKeyForTool(tool);
            return toolKey !== undefined && callKey !== undefined && sameKey(toolKey, callKey);
          });
          expect(resolved).toBe(owners.at(-1));
          if (resolved !== undefined && callKey !== undefined) {
            const toolKey = identity.getFunctionToolLookupKeyForTool(resolved);
            expect(toolKey && identity.lookupKeyId(toolKey)).toBe(identity.lookupKeyId(callKey));
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it('warn mode keeps exactly the winner dispatch picks, and error mode throws exactly when a group exists', () => {
    fc.assert(
      fc.property(fc.array(toolArb, { maxLength: 8 }), fc.array(handoffArb, { maxLength: 4 }), (tools, handoffs) => {
        if (buildOrUndefined(tools) === undefined) {
          expect(() => identity.resolveToolNameCollisions(tools, handoffs, { policy: 'warn' })).toThrow(
            identity.ToolIdentityError,
          );
          return;
        }
        const groups = identity.findToolNameCollisions(tools, handoffs);
        const result = identity.resolveToolNameCollisions(tools, handoffs, { policy: 'warn' });
        expect(result.warnings).toEqual(groups.map((group) => group.message));
        for (const group of groups) {
          const { winner } = group;
          const lastHandoff = handoffs.findLastIndex((handoff) => handoff.toolName === group.name);
          if (lastHandoff >= 0) {
            expect(winner).toEqual({ kind: 'handoff', index: lastHandoff });
          } else {
            const call = { type: 'function_call', name: group.name, call_id: 'c' };
            expect(identity.resolveFunctionToolCall(tools, call)).toBe(tools[winner.index]);
          }
          const kept = group.members.filter((member) =>
            member.kind === 'tool'
              ? result.tools.includes(tools[member.index] as (typeof tools)[number])
              : result.handoffs.includes(handoffs[member.index] as (typeof handoffs)[number]),
          );
          expect(kept).toEqual([winner]);
        }
        const run = (): unknown => identity.resolveToolNameCollisions(tools, handoffs, { policy: 'error' });
        if (groups.length > 0) {
          expect(run).toThrow(groups[0]?.message);
        } else {
          expect(run).not.toThrow();
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('call-ID helpers', () => {
  const callish = fc.record(
    {
      type: fc.oneof(fc.constantFrom('function_call', 'mcp_approval_request', 'hosted_tool_call'), anything),
      call_id: anything,
      id: anything,
      name: anything,
      server_label: anything,
      providerData: fc.record(
        { type: fc.oneof(fc.constant('mcp_approval_request'), anything), id: anything, name: anything, server_label: anything },
        { requiredKeys: [] },
      ),
    },
    { requiredKeys: [] },
  );
  const input = fc.oneof(junk, callish, fc.record({ rawItem: callish }), fc.record({ rawItem: junk }));
  const isStringOrAbsent = (value: unknown): boolean => value === undefined || typeof value === 'string';

  it('never return a non-string, non-null value', () => {
    fc.assert(
      fc.property(input, (value) => {
        expect(isStringOrAbsent(identity.extractToolCallId(value))).toBe(true);
        const callId = identity.getToolApprovalItemCallId(value);
        expect(isStringOrAbsent(callId)).toBe(true);
        expect(callId).not.toBe('');
        const hosted = identity.getHostedMcpApprovalRequestIdentity(value);
        if (hosted !== undefined) {
          for (const field of [hosted.requestId, hosted.serverLabel, hosted.toolName]) {
            expect(field === null || (typeof field === 'string' && field.length > 0)).toBe(true);
          }
        }
      }),
      { numRuns: 1000 },
    );
  });
});

type Helper = (...args: never[]) => unknown;

const nonThrowing: Record<string, Helper> = {
  isNonEmptyString: identity.isNonEmptyString,
  nonEmptyString: identity.nonEmptyString,
  toolQualifiedName: identity.toolQualifiedName,
  toolTraceName: identity.toolTraceName,
  isReservedSyntheticToolNamespace: identity.isReservedSyntheticToolNamespace,
  getFunctionToolLookupKey: identity.getFunctionToolLookupKey,
  normalizeLookupKey: identity.normalizeLookupKey,
  isLookupKey: identity.isLookupKey,
  serializeFunctionToolLookupKey: identity.serializeFunctionToolLookupKey,
  deserializeFunctionToolLookupKey: identity.deserializeFunctionToolLookupKey,
  parseLookupKeyId: identity.parseLookupKeyId,
  hasFunctionToolShape: identity.hasFunctionToolShape,
  getFunctionToolPublicName: identity.getFunctionToolPublicName,
  getExplicitFunctionToolNamespace: identity.getExplicitFunctionToolNamespace,
  getFunctionToolNamespace: identity.getFunctionToolNamespace,
  getFunctionToolNamespaceDescription: identity.getFunctionToolNamespaceDescription,
  isDeferredTopLevelFunctionTool: identity.isDeferredTopLevelFunctionTool,
  getFunctionToolLookupKeyForTool: identity.getFunctionToolLookupKeyForTool,
  getFunctionToolLookupKeys: identity.getFunctionToolLookupKeys,
  getFunctionToolDispatchName: identity.getFunctionToolDispatchName,
  getFunctionToolQualifiedName: identity.getFunctionToolQualifiedName,
  getFunctionToolTraceName: identity.getFunctionToolTraceName,
  getToolTraceNameForTool: identity.getToolTraceNameForTool,
  findFunctionToolLookupConfigurationProblems: identity.findFunctionToolLookupConfigurationProblems,
  findToolNameCollisions: identity.findToolNameCollisions,
  functionToolApprovalKeyForLookupKey: identity.functionToolApprovalKeyForLookupKey,
  shouldAllowBareNameApprovalAlias: identity.shouldAllowBareNameApprovalAlias,
  getFunctionToolApprovalKeys: identity.getFunctionToolApprovalKeys,
  approvalDecisionStorageKeys: identity.approvalDecisionStorageKeys,
  extractToolCallId: identity.extractToolCallId,
  getHostedMcpApprovalRequestIdentity: identity.getHostedMcpApprovalRequestIdentity,
  getToolApprovalItemCallId: identity.getToolApprovalItemCallId,
  toolApprovalItemDefaultLookupKey: identity.toolApprovalItemDefaultLookupKey,
  getToolApprovalItemLookupKey: identity.getToolApprovalItemLookupKey,
  getToolCallName: identity.getToolCallName,
  getToolCallNamespace: identity.getToolCallNamespace,
  getToolCallQualifiedName: identity.getToolCallQualifiedName,
  getToolCallTraceName: identity.getToolCallTraceName,
  getFunctionToolLookupKeyForCall: identity.getFunctionToolLookupKeyForCall,
  normalizeToolCallForFunctionTool: identity.normalizeToolCallForFunctionTool,
  restoreToolCallRoutingIdentity: identity.restoreToolCallRoutingIdentity,
  describeFunctionStyleTransform: identity.describeFunctionStyleTransform,
  transformStringFunctionStyle: identity.transformStringFunctionStyle,
  handoffDefaultToolName: identity.handoffDefaultToolName,
  agentAsToolDefaultName: identity.agentAsToolDefaultName,
  mcpPrefixedToolNames: identity.mcpPrefixedToolNames,
  mcpSafeToolNamePart: identity.mcpSafeToolNamePart,
  mcpShortenToolName: identity.mcpShortenToolName,
  mcpServerDisplayName: identity.mcpServerDisplayName,
};

// These may throw by contract; on junk they must throw nothing but ToolIdentityError.
const throwing: Record<string, Helper> = {
  lookupKeyId: identity.lookupKeyId,
  validateFunctionToolNamespaceShape: identity.validateFunctionToolNamespaceShape,
  toolNamespace: identity.toolNamespace,
  validateFunctionToolLookupConfiguration: identity.validateFunctionToolLookupConfiguration,
  buildFunctionToolLookupMap: identity.buildFunctionToolLookupMap,
  resolveFunctionToolCall: identity.resolveFunctionToolCall,
  resolveToolNameCollisions: identity.resolveToolNameCollisions,
  validateToolNameCollisionPolicy: identity.validateToolNameCollisionPolicy,
  validateFunctionToolName: identity.validateFunctionToolName,
  mcpUnprefixedToolNames: identity.mcpUnprefixedToolNames,
  validatePersistedToolIdentity: identity.validatePersistedToolIdentity,
};

const junkArgs = fc.tuple(junk, junk, junk);

describe('robustness on arbitrary input', () => {
  it('covers every exported function', () => {
    const exported = Object.entries(identity)
      .filter(([name, value]) => typeof value === 'function' && name !== 'ToolIdentityError')
      .map(([name]) => name)
      .sort();
    expect(exported).toEqual([...Object.keys(nonThrowing), ...Object.keys(throwing)].sort());
  });

  for (const [name, helper] of Object.entries(nonThrowing)) {
    it(`${name} never throws`, () => {
      fc.assert(
        fc.property(junkArgs, (args) => {
          (helper as (...a: unknown[]) => unknown)(...args);
        }),
        { numRuns: 150 },
      );
    });
  }

  for (const [name, helper] of Object.entries(throwing)) {
    it(`${name} throws only ToolIdentityError`, () => {
      fc.assert(
        fc.property(junkArgs, (args) => {
          try {
            (helper as (...a: unknown[]) => unknown)(...args);
          } catch (error) {
            expect(error).toBeInstanceOf(identity.ToolIdentityError);
          }
        }),
        { numRuns: 150 },
      );
    });
  }
});
