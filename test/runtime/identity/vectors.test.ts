import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as identity from '../../../src/runtime/identity/index.js';
import type {
  ApprovalDecisionStorageKeyOptions,
  FunctionToolApprovalKeyOptions,
  LookupKey,
  McpServerTools,
} from '../../../src/runtime/identity/index.js';

type Input = Record<string, unknown>;

interface Vector {
  id: string;
  helper: string;
  input: Input;
  expected: unknown;
}

const vectorFile = JSON.parse(
  readFileSync(new URL('../../vectors/identity-vectors.json', import.meta.url), 'utf8'),
) as { vectors: Vector[] };

const THROWS = { throws: true };

function list(value: unknown): unknown[] {
  expect(Array.isArray(value), 'vector input must hold an array here').toBe(true);
  return value as unknown[];
}

/** Frozen all the way down, so any mutation of a helper's input throws (ESM is strict). */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const child of Object.values(value)) {
      deepFreeze(child);
    }
    Object.freeze(value);
  }
  return value;
}

/** `null` in `expected` means the helper returned undefined or null. */
function expectValue(actual: unknown, expected: unknown): void {
  if (expected === null) {
    expect(actual ?? null).toBeNull();
  } else {
    expect(actual).toEqual(expected);
  }
}

function expectOutcome(run: () => unknown, expected: unknown): void {
  if (typeof expected === 'object' && expected !== null && 'throws' in expected) {
    expect(expected).toEqual(THROWS);
    expect(run).toThrow(identity.ToolIdentityError);
    return;
  }
  expectValue(run(), expected);
}

/** Helpers returning nothing; `"ok"` in `expected` means the call did not throw. */
function validator(run: (i: Input) => unknown): (i: Input, expected: unknown) => void {
  return (i, expected) => {
    if (expected === 'ok') {
      expect(run(i)).toBeUndefined();
    } else {
      expect(expected).toEqual(THROWS);
      expect(() => run(i)).toThrow(identity.ToolIdentityError);
    }
  };
}

function value(run: (i: Input) => unknown): (i: Input, expected: unknown) => void {
  return (i, expected) => expectOutcome(() => run(i), expected);
}

const runners: Record<string, (i: Input, expected: unknown) => void> = {
  toolQualifiedName: value((i) => identity.toolQualifiedName(i.name, i.namespace)),
  toolTraceName: value((i) => identity.toolTraceName(i.name, i.namespace)),
  isReservedSyntheticToolNamespace: value((i) => identity.isReservedSyntheticToolNamespace(i.name, i.namespace)),
  getFunctionToolLookupKey: value((i) => identity.getFunctionToolLookupKey(i.name, i.namespace)),
  validateFunctionToolNamespaceShape: validator((i) => identity.validateFunctionToolNamespaceShape(i.name, i.namespace)),

  getToolCallName: value((i) => identity.getToolCallName(i.toolCall)),
  getToolCallNamespace: value((i) => identity.getToolCallNamespace(i.toolCall)),
  getToolCallQualifiedName: value((i) => identity.getToolCallQualifiedName(i.toolCall)),
  getToolCallTraceName: value((i) => identity.getToolCallTraceName(i.toolCall)),
  getFunctionToolLookupKeyForCall: value((i) => identity.getFunctionToolLookupKeyForCall(i.toolCall)),

  getFunctionToolLookupKeyForTool: value((i) => identity.getFunctionToolLookupKeyForTool(i.tool)),
  getFunctionToolLookupKeys: value((i) => identity.getFunctionToolLookupKeys(i.tool)),
  isDeferredTopLevelFunctionTool: value((i) => identity.isDeferredTopLevelFunctionTool(i.tool)),
  getFunctionToolDispatchName: value((i) => identity.getFunctionToolDispatchName(i.tool)),
  getFunctionToolQualifiedName: value((i) => identity.getFunctionToolQualifiedName(i.tool)),
  getFunctionToolTraceName: value((i) => identity.getFunctionToolTraceName(i.tool)),
  getToolTraceNameForTool: value((i) => identity.getToolTraceNameForTool(i.tool)),

  serializeFunctionToolLookupKey: value((i) => identity.serializeFunctionToolLookupKey(i.lookupKey)),
  deserializeFunctionToolLookupKey: value((i) => identity.deserializeFunctionToolLookupKey(i.data)),

  toolNamespace: (i, expected) => {
    const run = (): unknown => identity.toolNamespace(i as unknown as identity.ToolNamespaceOptions);
    if (typeof expected === 'object' && expected !== null && 'throws' in expected) {
      expectOutcome(run, expected);
      return;
    }
    const tools = identity.toolNamespace(i as unknown as identity.ToolNamespaceOptions);
    const inputTools = list(i.tools);
    expect(tools).toHaveLength(inputTools.length);
    tools.forEach((tool, index) => {
      expect(tool).not.toBe(inputTools[index]);
      expect(tool.namespace).toBe(tools[0]?.namespace);
      expect(tool.namespaceDescription).toBe(tools[0]?.namespaceDescription);
      expect(identity.getExplicitFunctionToolNamespace(tool)).toBe(tool.namespace);
    });
    expect({
      namespace: tools[0]?.namespace,
      description: tools[0]?.namespaceDescription,
      qualifiedNames: tools.map((tool) => identity.getFunctionToolQualifiedName(tool)),
    }).toEqual(expected);
  },

  validateFunctionToolLookupConfiguration: validator((i) =>
    identity.validateFunctionToolLookupConfiguration(list(i.tools)),
  ),

  buildFunctionToolLookupMap: (i, expected) => {
    const tools = list(i.tools);
    if (typeof expected === 'object' && expected !== null && 'throws' in expected) {
      expectOutcome(() => identity.buildFunctionToolLookupMap(tools), expected);
      return;
    }
    const map = identity.buildFunctionToolLookupMap(tools);
    const entries = (expected as { entries: Array<{ key: LookupKey; toolIndex: number }> }).entries;
    const expectedIds = entries.map((entry) => identity.lookupKeyId(entry.key));
    expect([...map.keys()].sort()).toEqual([...expectedIds].sort());
    entries.forEach((entry, index) => {
      expect(map.get(expectedIds[index] ?? '')).toBe(tools[entry.toolIndex]);
    });
  },

  resolveFunctionToolCall: (i, expected) => {
    const tools = list(i.tools);
    const resolved = identity.resolveFunctionToolCall(tools, i.toolCall);
    if (expected === null) {
      expect(resolved).toBeUndefined();
    } else {
      expect(typeof expected).toBe('number');
      expect(resolved).toBe(tools[expected as number]);
    }
  },

  resolveToolNameCollisions: (i, expected) => {
    const tools = list(i.tools);
    const handoffs = list(i.handoffs);
    const run = (): identity.ResolvedToolNameCollisions<unknown, unknown> =>
      identity.resolveToolNameCollisions(tools, handoffs, { policy: i.policy });
    if (typeof expected === 'object' && expected !== null && 'throws' in expected) {
      expectOutcome(run, expected);
      return;
    }
    const result = run();
    expect({
      tools: result.tools.map((tool) => tools.indexOf(tool)),
      handoffs: result.handoffs.map((handoff) => handoffs.indexOf(handoff)),
      warningCount: result.warnings.length,
    }).toEqual(expected);
  },

  validateToolNameCollisionPolicy: value((i) => identity.validateToolNameCollisionPolicy(i.policy)),

  shouldAllowBareNameApprovalAlias: value((i) => {
    const allTools = list(i.allTools);
    return identity.shouldAllowBareNameApprovalAlias(i.tool ?? allTools[i.toolIndex as number], allTools);
  }),
  getFunctionToolApprovalKeys: value((i) =>
    identity.getFunctionToolApprovalKeys(i as FunctionToolApprovalKeyOptions),
  ),
  approvalDecisionStorageKeys: value((i) =>
    identity.approvalDecisionStorageKeys(i as unknown as ApprovalDecisionStorageKeyOptions),
  ),

  normalizeToolCallForFunctionTool: value((i) => identity.normalizeToolCallForFunctionTool(i.toolCall, i.tool)),
  restoreToolCallRoutingIdentity: value((i) => identity.restoreToolCallRoutingIdentity(i.toolCall, i.lookupKey)),

  extractToolCallId: value((i) => identity.extractToolCallId(i.raw)),
  getToolApprovalItemCallId: value((i) => identity.getToolApprovalItemCallId(i.value)),
  getHostedMcpApprovalRequestIdentity: value((i) => identity.getHostedMcpApprovalRequestIdentity(i.value)),
  toolApprovalItemDefaultLookupKey: value((i) => identity.toolApprovalItemDefaultLookupKey(i.rawItem)),

  handoffDefaultToolName: value((i) => identity.handoffDefaultToolName(i.agentName)),
  agentAsToolDefaultName: value((i) => identity.agentAsToolDefaultName(i.agentName)),
  transformStringFunctionStyle: value((i) => identity.transformStringFunctionStyle(i.name)),
  validateFunctionToolName: validator((i) => identity.validateFunctionToolName(i.name)),

  mcpPrefixedToolNames: value((i) =>
    identity.mcpPrefixedToolNames(i.servers as McpServerTools[], {
      reservedNames: i.reservedNames as string[] | undefined,
    }),
  ),
  mcpUnprefixedToolNames: value((i) => identity.mcpUnprefixedToolNames(i.servers as McpServerTools[])),
  mcpSafeToolNamePart: value((i) => identity.mcpSafeToolNamePart(i.value, i.fallback as string)),
  mcpShortenToolName: value((i) => identity.mcpShortenToolName(i.baseName, i.seed, i.forceHash)),
  mcpServerDisplayName: value((i) => identity.mcpServerDisplayName(i.serverName)),
};

describe('identity vectors', () => {
  it('holds all 191 vectors with unique ids', () => {
    expect(vectorFile.vectors).toHaveLength(191);
    expect(new Set(vectorFile.vectors.map((v) => v.id)).size).toBe(191);
  });

  for (const vector of vectorFile.vectors) {
    it(`${vector.id} ${vector.helper}`, () => {
      const runner = runners[vector.helper];
      if (runner === undefined) {
        throw new Error(`No runner for helper ${vector.helper} (vector ${vector.id})`);
      }
      runner(deepFreeze(structuredClone(vector.input)), vector.expected);
    });
  }
});
