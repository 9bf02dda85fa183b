// No import cycles in the built sources (src/ and rules/), runtime or type-only (test/meta/import-cycles.ts
// finds them), but for the known ones below. Each is listed by the edges that close it, with the
// reason it stands; removing them must leave no cycle, and each listed edge must still exist, be
// of the kind listed and close a cycle, so an entry goes when its cycle does.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cyclePath, cycles, importGraph, type Edge } from './import-cycles.js';

const root = path.resolve(import.meta.dirname, '../..');

interface KnownCycle {
  /** The edges that close the cycle(s), `from -> to`. */
  edges: ReadonlyArray<readonly [string, string]>;
  kind: 'type-only' | 'runtime';
  reason: string;
}

const KNOWN: readonly KnownCycle[] = [
  {
    edges: [['src/checks/finding.ts', 'src/checks/catalog.ts']],
    kind: 'type-only',
    reason: "a finding names its rule by the catalog's RuleId, and the catalog types rule defaults with the finding's Severity; no value crosses",
  },
  {
    edges: [
      ['src/facts/extract/context.ts', 'src/facts/extract/definitions.ts'],
      ['src/facts/extract/context.ts', 'src/facts/extract/scope.ts'],
    ],
    kind: 'type-only',
    reason: "the walker's shared context (context.ts) is typed with the Def and Scope shapes that definitions.ts and scope.ts build from it",
  },
  {
    edges: [
      ['src/runtime/loop/handoff.ts', 'src/runtime/loop/agent.ts'],
      ['src/runtime/loop/run.ts', 'src/runtime/loop/agent.ts'],
      ['src/runtime/loop/run-state.ts', 'src/runtime/loop/agent.ts'],
      ['src/runtime/loop/stream.ts', 'src/runtime/loop/run.ts'],
      ['src/runtime/loop/define-tool.ts', 'src/runtime/loop/context.ts'],
      ['src/runtime/loop/middleware.ts', 'src/runtime/loop/context.ts'],
    ],
    kind: 'type-only',
    reason:
      'the reference runtime loop: Agent runs through run.ts, handoffs and run state, which refer back to the Agent type; a tool definition and middleware are typed with the invocation context that holds them',
  },
];

const key = (from: string, to: string): string => `${from} -> ${to}`;
const edges = importGraph(root, ['src', 'rules']);
const known = new Map(KNOWN.flatMap((k) => k.edges.map(([from, to]) => [key(from, to), k] as const)));
const rest: Edge[] = edges.filter((e) => !known.has(key(e.from, e.to)));

describe('import cycles in src/ and rules/', () => {
  it('reads the imports (a guard against a finder that finds nothing)', () => {
    expect(edges.length).toBeGreaterThan(500);
    expect(edges.filter((e) => e.typeOnly).length).toBeGreaterThan(100);
    expect(edges).toContainEqual({ from: 'src/plugin.ts', to: 'rules/index.ts', typeOnly: false });
  });

  it('has no cycle, runtime or type-only, but the known ones', () => {
    const found = cycles(rest).map((component) => `${component.length} files: ${cyclePath(component, rest)}`);
    expect(found, 'import cycles: break them, or list them in KNOWN with the reason').toEqual([]);
  });

  it('lists as known only edges that exist, are of the kind listed and close a cycle', () => {
    const onCycle = new Set(cycles(edges).flat());
    for (const [edge, entry] of known) {
      const found = edges.filter((e) => key(e.from, e.to) === edge);
      expect(found.length, `${edge} (${entry.reason}) is no import any more: delete it from KNOWN`).toBeGreaterThan(0);
      expect(found.every((e) => e.typeOnly), `${edge}: listed as ${entry.kind}`).toBe(entry.kind === 'type-only');
      const [from, to] = edge.split(' -> ') as [string, string];
      expect(onCycle.has(from) && onCycle.has(to) && cycles(edges).some((c) => c.includes(from) && c.includes(to)), `${edge} closes no cycle: delete it from KNOWN`).toBe(true);
    }
  });
});
