import { describe, expect, it } from 'vitest';
import {
  REDACTED_TOOL_NAME_COLLISION_WARNING,
  ToolIdentityError,
  findFunctionToolLookupConfigurationProblems,
  findToolNameCollisions,
  resolveToolNameCollisions,
  validateFunctionToolLookupConfiguration,
} from '../../../src/runtime/identity/index.js';

const fn = (name: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  type: 'function',
  name,
  ...extra,
});

describe('findToolNameCollisions', () => {
  it('groups bare owners in insertion order with members, message and winner', () => {
    const tools = [fn('a'), fn('b'), fn('a'), fn('b'), fn('c'), fn('a', { namespace: 'ns' }), fn('a', { deferLoading: true })];
    const handoffs = [{ toolName: 'b', agentName: 'B' }, { toolName: 'c', agentName: 'C' }, { toolName: 'c', agentName: 'C2' }];
    const groups = findToolNameCollisions(tools, handoffs);
    expect(groups.map(({ name, members, winner }) => ({ name, members, winner }))).toEqual([
      {
        name: 'a',
        members: [
          { kind: 'tool', index: 0 },
          { kind: 'tool', index: 2 },
        ],
        winner: { kind: 'tool', index: 2 },
      },
      {
        name: 'b',
        members: [
          { kind: 'tool', index: 1 },
          { kind: 'tool', index: 3 },
          { kind: 'handoff', index: 0 },
        ],
        winner: { kind: 'handoff', index: 0 },
      },
      {
        name: 'c',
        members: [
          { kind: 'tool', index: 4 },
          { kind: 'handoff', index: 1 },
          { kind: 'handoff', index: 2 },
        ],
        winner: { kind: 'handoff', index: 2 },
      },
    ]);
    expect(groups[0]?.message).toContain('Ambiguous function tool configuration: the tool name `a`');
    expect(groups[1]?.message).toContain('Ambiguous tool routing configuration: the tool name `b` is used by both');
    expect(groups.every((group) => group.derivedAgents === undefined)).toBe(true);
  });

  it('ignores non-function tools, empty handoff names and non-array input', () => {
    expect(findToolNameCollisions([{ type: 'shell', name: 'x' }, fn('x')], [{ toolName: '', agentName: 'A' }])).toEqual([]);
    expect(findToolNameCollisions('x' as never, { length: 2 } as never)).toEqual([]);
  });

  it('uses the derived-agent message only for two entries derived from two distinct agents', () => {
    const billing = { agentName: 'Billing Agent', derivedName: 'transfer_to_billing_agent' };
    const billingLower = { agentName: 'billing agent', derivedName: 'transfer_to_billing_agent' };
    const handoffs = [
      { toolName: 'transfer_to_billing_agent', agentName: 'Billing Agent', defaultIdentity: billing },
      { toolName: 'transfer_to_billing_agent', agentName: 'billing agent', defaultIdentity: billingLower },
    ];
    const [group] = findToolNameCollisions([], handoffs);
    expect(group?.derivedAgents).toEqual(['Billing Agent', 'billing agent']);
    expect(group?.message).toBe(
      "Ambiguous handoff configuration: agents 'Billing Agent' and 'billing agent' both derive the handoff tool " +
        'name `transfer_to_billing_agent`. Pass an explicit `tool_name_override=` to one of them.',
    );

    const mixed = findToolNameCollisions(
      [fn('transfer_to_billing_agent', { defaultIdentity: { agentName: "Bob's agent", derivedName: 'transfer_to_billing_agent' } })],
      [handoffs[0]],
    );
    expect(mixed[0]?.message).toBe(
      `Ambiguous agent routing configuration: agents "Bob's agent" and 'Billing Agent' both derive the tool name ` +
        '`transfer_to_billing_agent`. Pass an explicit `tool_name=` or `tool_name_override=` to one of them.',
    );

    const agentTools = findToolNameCollisions(
      [
        fn('refund', { defaultIdentity: { agentName: 'Refund', derivedName: 'refund' } }),
        fn('refund', { defaultIdentity: { agentName: 'refund', derivedName: 'refund' } }),
      ],
      [],
    );
    expect(agentTools[0]?.message).toContain("Ambiguous agent tool configuration: agents 'Refund' and 'refund'");
    expect(agentTools[0]?.message).toContain('Pass an explicit `tool_name=` to one of them.');

    // Same agent twice, a renamed copy, or three entries: the generic texts.
    const sameAgent = findToolNameCollisions([], [handoffs[0], handoffs[0]]);
    expect(sameAgent[0]?.derivedAgents).toBeUndefined();
    expect(sameAgent[0]?.message).toContain('Ambiguous handoff configuration: the handoff tool name');
    const renamed = findToolNameCollisions(
      [fn('x', { defaultIdentity: { agentName: 'A', derivedName: 'a' } }), fn('x', { defaultIdentity: { agentName: 'B', derivedName: 'x' } })],
      [],
    );
    expect(renamed[0]?.derivedAgents).toBeUndefined();
    const three = findToolNameCollisions(
      [],
      [...handoffs, { toolName: 'transfer_to_billing_agent', agentName: 'X' }],
    );
    expect(three[0]?.derivedAgents).toBeUndefined();
  });
});

describe('resolveToolNameCollisions', () => {
  const tools = [fn('a'), fn('a'), fn('b')];

  it('keeps the winners in input order and returns the same objects', () => {
    const handoffs = [{ toolName: 'b', agentName: 'B' }];
    const result = resolveToolNameCollisions(tools, handoffs, { policy: 'warn' });
    expect(result.tools).toEqual([tools[1]]);
    expect(result.tools[0]).toBe(tools[1]);
    expect(result.handoffs[0]).toBe(handoffs[0]);
    expect(result.warnings).toEqual(findToolNameCollisions(tools, handoffs).map((group) => group.message));
  });

  it('defaults to warn and redacts warnings on request', () => {
    expect(resolveToolNameCollisions(tools, []).warnings).toHaveLength(1);
    expect(resolveToolNameCollisions(tools, [], { redact: true }).warnings).toEqual([
      REDACTED_TOOL_NAME_COLLISION_WARNING,
    ]);
  });

  it('throws the first group under error, unredacted even when redact is set', () => {
    const ordered = [fn('b'), fn('a'), fn('b'), fn('a')];
    expect(() => resolveToolNameCollisions(ordered, [], { policy: 'error', redact: true })).toThrow(/the tool name `b`/);
  });

  it('raises lookup-configuration errors under every policy, and rejects bad policies first', () => {
    const broken = [fn('lookup', { namespace: 'crm' }), fn('lookup', { namespace: 'crm' })];
    expect(() => resolveToolNameCollisions(broken, [], { policy: 'warn' })).toThrow(ToolIdentityError);
    expect(() => resolveToolNameCollisions([], [], { policy: null })).toThrow(/toolNameCollisionPolicy/);
  });
});

describe('findFunctionToolLookupConfigurationProblems', () => {
  it('reports every problem in order, and validation throws the first with the same message', () => {
    const tools = [
      fn('crm.lookup'),
      fn('lookup', { namespace: 'crm' }),
      fn('x', { namespace: 'x' }),
      fn('d', { deferLoading: true }),
      { type: 'shell', name: 'crm.lookup' },
      fn('d', { deferLoading: 1 }),
      fn('d'),
      fn('dup', { namespace: 'ns' }),
      fn('dup', { namespace: 'ns' }),
    ];
    const problems = findFunctionToolLookupConfigurationProblems(tools);
    expect(problems.map(({ message: _message, ...rest }) => rest)).toEqual([
      { kind: 'qualified-duplicate', index: 1, firstIndex: 0, name: 'lookup', namespace: 'crm', qualifiedName: 'crm.lookup' },
      { kind: 'reserved-namespace', index: 2, name: 'x', namespace: 'x', qualifiedName: 'x.x' },
      { kind: 'deferred-duplicate', index: 5, firstIndex: 3, name: 'd', qualifiedName: 'd' },
      { kind: 'qualified-duplicate', index: 8, firstIndex: 7, name: 'dup', namespace: 'ns', qualifiedName: 'ns.dup' },
    ]);
    expect(problems[0]?.message).toContain('the qualified name `crm.lookup`');
    expect(problems[1]?.message).toContain('`x.x`');
    expect(problems[2]?.message).toContain('deferred top-level tool name `d`');
    expect(() => validateFunctionToolLookupConfiguration(tools)).toThrow(problems[0]?.message);
  });

  it('allows bare duplicates and bare-versus-deferred, and reports nothing for junk', () => {
    expect(findFunctionToolLookupConfigurationProblems([fn('a'), fn('a'), fn('a', { deferLoading: true })])).toEqual([]);
    expect(findFunctionToolLookupConfigurationProblems(null as never)).toEqual([]);
    expect(findFunctionToolLookupConfigurationProblems([null, 1, 'x', [], { type: 'function' }])).toEqual([]);
  });

  it('rejects a deferred dotted name next to the namespaced one, in either order', () => {
    const deferred = fn('crm.lookup', { deferLoading: true });
    const namespaced = fn('lookup', { namespace: 'crm' });
    expect(findFunctionToolLookupConfigurationProblems([deferred, namespaced])).toHaveLength(1);
    expect(findFunctionToolLookupConfigurationProblems([namespaced, deferred])).toHaveLength(1);
  });
});
