// Findings from the cache. Link and check are a pure function of: the linked files' facts (in
// order), every file the module resolver knows, the discovery (aliases, workspace packages), the
// rules and their options, the adapters and the code of the linker and the checks, and the
// package.json files the runtime-dependency probe read. When all of those are as the last run had
// them, its findings (before narrowing and suppression, which are applied anew) are this run's: an
// edit that leaves every file's facts as they were (a comment, a function body outside any tool,
// an ordinary module) neither links nor checks. The linked project itself is built on demand.
import { createHash } from 'node:crypto';
import type { Finding } from '../checks/finding.js';
import type { FactsCache } from './cache.js';
import { linkerFingerprint } from './cache-salt.js';
import type { FileState } from './collect.js';
import type { PlainDiscovery } from './discover.js';
import { inputsUnchanged, stateOf } from './fs-inputs.js';
import type { RuleSettings } from './types.js';

const SECTION = 'findings';

interface Stored {
  key: string;
  at: number;
  /** Paths the checks read (package.json files), with their state then. */
  inputs: Array<[string, string]>;
  findings: Finding[];
}

export interface ResultKeyInput {
  discovery: PlainDiscovery;
  states: readonly FileState[];
  rules: RuleSettings | undefined;
}

/**
 * What link and check read, hashed; undefined when the run cannot be keyed (a linked file's facts
 * without their hash).
 */
export function resultKey({ discovery, states, rules }: ResultKeyInput): string | undefined {
  const hash = createHash('sha256');
  hash.update(linkerFingerprint());
  hash.update('\0');
  hash.update(JSON.stringify(rules ?? null));
  hash.update('\0');
  hash.update(JSON.stringify(discovery));
  for (const state of states) {
    if (state.linked && state.entry.factsHash === undefined) return undefined;
    hash.update(`\0${state.rel}\0${state.linked ? state.entry.factsHash : ''}`);
  }
  return hash.digest('hex');
}

/** The last run's findings (and what its checks read) when it had the same key and those files are unchanged. */
export function cachedFindings(cache: FactsCache, key: string): { findings: Finding[]; inputs: Array<[string, string]> } | undefined {
  const raw = cache.section(SECTION);
  if (raw === undefined) return undefined;
  let stored: Stored;
  try {
    stored = JSON.parse(raw) as Stored;
  } catch {
    return undefined;
  }
  // The cache's salt vouches for the shape of what this version wrote; a foreign key never matches.
  if (stored?.key !== key || !Array.isArray(stored.findings) || !Array.isArray(stored.inputs)) return undefined;
  return inputsUnchanged(stored.inputs, stored.at) ? { findings: stored.findings, inputs: stored.inputs } : undefined;
}

/** Records paths read (from `at` on), to be stored with what was made of them. */
export function readsRecorder(at: number): { note(abs: string): void; inputs(): Array<[string, string]>; at: number } {
  const seen = new Map<string, string>();
  return {
    at,
    note: (abs) => {
      if (!seen.has(abs)) seen.set(abs, stateOf(abs));
    },
    inputs: () => [...seen].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  };
}

export function storeFindings(cache: FactsCache, key: string, reads: ReturnType<typeof readsRecorder>, findings: readonly Finding[]): void {
  const stored: Stored = { key, at: reads.at, inputs: reads.inputs(), findings: [...findings] };
  cache.setSection(SECTION, JSON.stringify(stored));
}
