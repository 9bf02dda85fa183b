// A warm run that changes nothing the rules see. The last run's outcome (which files were linked,
// the findings before narrowing and suppression, the files' diagnostics) is this run's when the
// file list came from the cache, the options and the checks' code are the same, the files the
// checks read and the directories unresolved imports point into are as they were, and every file
// the last run analysed either has the modification time and size it had (a time older than that
// run by more than a filesystem tick: time-vouches.ts), or, edited, means the
// same: it can hold facts or not as before, imports the same relative modules, and, when it can
// hold facts or was linked, has the same facts and no diagnostic. Then only each file's stat is
// taken (an edited file is read, and parsed when it can hold facts): the index of facts is not
// read and nothing is resolved, linked or checked. Inline directives are what an edit may change
// without changing the outcome: they are kept per file and applied anew. Anything else: the full
// run, which records its outcome for the next. What a warm run learnt (the edited files' times and
// directives) goes into a small section of its own, on top of the record it read, so that the
// record (a line per file) is not rewritten after every edit.
import { createHash } from 'node:crypto';
import type { Finding, ToolDiagnostic } from '../checks/finding.js';
import type { FrameworkAdapter } from '../facts/adapters/types.js';
import type { FileFacts } from '../facts/types.js';
import type { CacheEntry, FactsCache } from './cache.js';
import { linkerFingerprint } from './cache-salt.js';
import { entryFromText, entryWithFacts, type FileState, type Timed } from './collect.js';
import { inputsUnchanged } from './fs-inputs.js';
import { readSource, statSource, type FileStamp } from './read.js';
import { joinerFrom } from './source-paths.js';
import { timeVouches } from './time-vouches.js';
import type { RuleSettings } from './types.js';

const SECTION = 'run';
const EDITS_SECTION = 'run-edits';
const LINKED = 1;
const RELEVANT = 2;

/** One analysed file: path, time, size, flags (linked, relevant), relative imports, facts hash. */
type FileRecord = [rel: string, mtimeMs: number, size: number, flags: number, follows: string[], factsHash: string | null];

interface RunRecord {
  key: string;
  at: number;
  /** Paths the run's outcome depends on besides the files (package.json files, directories of unresolved imports), with their state then. */
  inputs: Array<[string, string]>;
  files: FileRecord[];
  directives: Record<string, Array<[string, unknown[]]>>;
  findings: Finding[];
  diagnostics: ToolDiagnostic[];
}

/** Warm runs' changes to one record (`base`, its `at`), applied when it is read. */
interface RunEdits {
  key: string;
  base: number;
  at: number;
  /** Edited files: time, size and directives (null where an edit removed them all). Pairs, not an object: a path is no property name. */
  files: Array<[rel: string, mtimeMs: number, size: number, directives: Array<[string, unknown[]]> | null]>;
}

export interface RunKeyInput {
  /** The discovery as stored in the cache (the run's file list came from there). */
  discovery: string;
  rules: RuleSettings | undefined;
  prefilter: boolean;
}

export function runKey({ discovery, rules, prefilter }: RunKeyInput): string {
  // The stored discovery is ASCII (cache.ts escapes the rest): hashed as Latin-1, the same bytes
  // without the UTF-8 encoding of half a megabyte.
  return createHash('sha256').update(linkerFingerprint()).update('\0').update(JSON.stringify({ rules: rules ?? null, prefilter })).update('\0').update(discovery, 'latin1').digest('hex');
}

/** The outcome of the last run, taken for this one. */
export interface UnchangedRun {
  /** The files in the order analysed, as the full run's states (entries without facts). */
  states: FileState[];
  findings: Finding[];
  diagnostics: ToolDiagnostic[];
  directives: Map<string, Array<[string, unknown[]]>>;
  hits: number;
  misses: number;
  parsed: number;
  /** The linked files' facts, from the index, or parsed when it no longer holds them. */
  linkedFacts(): FileFacts[];
}

export interface UnchangedOptions {
  cwd: string;
  key: string;
  /** When this run began, before any file was looked at. */
  startedAt: number;
  timed: Timed;
  adapters: readonly FrameworkAdapter[] | undefined;
}

export function unchangedRun(cache: FactsCache, options: UnchangedOptions): UnchangedRun | undefined {
  const read = options.timed('read', () => readRecord(cache, options.key));
  if (!read) return undefined;
  const { record, edits } = read;
  if (!options.timed('read', () => inputsUnchanged(record.inputs, record.at))) return undefined;
  const withDiagnostics = new Set(record.diagnostics.map((d) => d.file));
  const directives = new Map(Object.entries(record.directives));
  // One stat per file, timed as one step (per-file timing cost a tenth of this loop at 4k files).
  const absolute = joinerFrom(options.cwd);
  const paths = record.files.map((recorded) => absolute(recorded[0]));
  const stats = options.timed('read', () => {
    const out: FileStamp[] = [];
    for (let index = 0; index < record.files.length; index++) {
      const stat = statSource(paths[index]!, record.files[index]![0]);
      if (!stat.ok) return undefined;
      out.push(stat.stamp);
    }
    return out;
  });
  if (!stats) return undefined;
  const states: FileState[] = [];
  let hits = 0;
  let parsed = 0;
  const edited: Array<[string, CacheEntry]> = [];
  for (let index = 0; index < record.files.length; index++) {
    // Indexed, not destructured: this loop runs once per file, before the JIT has optimised it.
    const recorded = record.files[index]!;
    const rel = recorded[0];
    const flags = recorded[3];
    const follows = recorded[4];
    const stamp = stats[index]!;
    const abs = paths[index]!;
    const linked = (flags & LINKED) !== 0;
    const relevant = (flags & RELEVANT) !== 0;
    let entry: CacheEntry;
    // A time as new as the last run may hide a write in the same tick as its read: compared by content.
    if (stamp.mtimeMs === recorded[1] && stamp.size === recorded[2] && timeVouches(recorded[1], record.at)) {
      hits++;
      entry = { stamp, hash: '', relevant, follows, diagnostics: [] };
    } else {
      // Edited: the same meaning, or the full run.
      const read = options.timed('read', () => readSource(abs, rel, { ok: true, stamp }, true));
      if (!read.ok) return undefined;
      entry = options.timed('read', () => entryFromText(read.text, read.hash, stamp, options.adapters));
      if (entry.relevant !== relevant || JSON.stringify(entry.follows) !== JSON.stringify(follows)) return undefined;
      if (linked || relevant) {
        if (withDiagnostics.has(rel)) return undefined;
        parsed++;
        const withFacts = entryWithFacts({ abs, rel }, read.text, entry, cache, options.timed, options.adapters);
        if (!withFacts || withFacts.factsHash !== recorded[5] || withFacts.diagnostics.length > 0) return undefined;
        entry = withFacts;
      }
      edited.push([rel, entry]);
      if (entry.directives) directives.set(rel, entry.directives);
      else directives.delete(rel);
    }
    states.push({ abs, rel, entry, linked, directives: undefined });
  }
  // The index learns the edits (appended, without reading it); the record their times, through
  // the edits on top of it (`edits.at`: every state was checked by this run, so it vouches from this
  // run's start on).
  for (const [rel, entry] of edited) cache.set(rel, entry);
  if (edited.length > 0) {
    const files = new Map(edits.files.map((f) => [f[0], f]));
    for (const [rel, entry] of edited) files.set(rel, [rel, entry.stamp.mtimeMs, entry.stamp.size, entry.directives ?? null]);
    cache.setSection(EDITS_SECTION, JSON.stringify({ ...edits, at: options.startedAt, files: [...files.values()] } satisfies RunEdits));
  }
  const hashes = new Map(record.files.map((f) => [f[0], f[5]]));
  return {
    states,
    findings: record.findings,
    diagnostics: record.diagnostics,
    directives,
    hits,
    misses: edited.length,
    parsed,
    linkedFacts: () =>
      states.flatMap((state) => {
        if (!state.linked) return [];
        const cached = cache.peek(state.rel);
        if (cached?.facts && cached.factsHash === hashes.get(state.rel)) return [cached.facts];
        const read = readSource(state.abs, state.rel);
        const entry = read.ok ? entryWithFacts(state, read.text, state.entry, undefined, options.timed, options.adapters) : undefined;
        return entry?.facts ? [entry.facts] : [];
      }),
  };
}

/** Records a full run's outcome for the next run. */
export function recordRun(
  cache: FactsCache,
  run: { key: string; at: number; inputs: Array<[string, string]>; states: readonly FileState[]; findings: readonly Finding[]; diagnostics: readonly ToolDiagnostic[] },
): void {
  const files: FileRecord[] = run.states.map((state) => [
    state.rel,
    state.entry.stamp.mtimeMs,
    state.entry.stamp.size,
    (state.linked ? LINKED : 0) | (state.entry.relevant ? RELEVANT : 0),
    state.entry.follows,
    state.linked || state.entry.relevant ? (state.entry.factsHash ?? null) : null,
  ]);
  // A linked file whose facts have no hash (parsed without a cache) cannot be compared: no record.
  if (files.some((f) => (f[3] & LINKED) !== 0 && f[5] === null)) return;
  const directives = Object.fromEntries(run.states.flatMap((state) => (state.entry.directives ? [[state.rel, state.entry.directives] as const] : [])));
  const record: RunRecord = { key: run.key, at: run.at, inputs: run.inputs, files, directives, findings: [...run.findings], diagnostics: [...run.diagnostics] };
  cache.setSection(SECTION, JSON.stringify(record));
}

/** The last full run's record under `key`, with the warm runs' edits since applied, and those edits. */
function readRecord(cache: FactsCache, key: string): { record: RunRecord; edits: RunEdits } | undefined {
  const record = parsed<RunRecord>(cache.section(SECTION));
  // The cache's salt vouches for the shape this version wrote; another key is another run.
  if (record?.key !== key || !Array.isArray(record.files)) return undefined;
  const stored = parsed<RunEdits>(cache.section(EDITS_SECTION));
  // Edits of another record (an older one, which a full run replaced since) do not apply.
  if (stored?.key !== key || stored.base !== record.at || !Array.isArray(stored.files)) return { record, edits: { key, base: record.at, at: record.at, files: [] } };
  const edited = new Map(stored.files.map((f) => [f[0], f]));
  const files = record.files.map((f): FileRecord => {
    const edit = edited.get(f[0]);
    return edit ? [f[0], edit[1], edit[2], f[3], f[4], f[5]] : f;
  });
  const directives = new Map(Object.entries(record.directives));
  for (const [rel, , , value] of stored.files) {
    if (value) directives.set(rel, value);
    else directives.delete(rel);
  }
  return { record: { ...record, at: stored.at, files, directives: Object.fromEntries(directives) }, edits: stored };
}

function parsed<T>(raw: string | undefined): T | undefined {
  if (raw === undefined) return undefined;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return undefined;
  }
}
