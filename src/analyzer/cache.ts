// The facts cache: one index file holding, per file of the last run, what was learnt from its
// bytes: its modification time and size, the sha256 of its content, whether it can hold facts
// beyond its module surface, the relative modules it imports, its inline directives, and its facts
// and parse diagnostic when it was parsed. A file whose time and size are unchanged is not even
// read (ESLint's `metadata` strategy); one whose time moved but whose content hash is the same is
// read and hashed, not parsed. The whole index is salted with the tool version, the facts format
// version, the adapter tables and a fingerprint of the extractor's code, so any change to what
// extraction would produce invalidates it. A corrupt or foreign cache is ignored and rewritten; a
// cache that cannot be written is silently skipped.
//
// The file is JSON lines: a header `{"layout","salt"}`, then one line per file, `"<path>"<TAB><entry>`,
// and `null<TAB><discovery>` for the last run's file discovery (discover-cache.ts).
// An entry is parsed only when its file is looked up, and an entry that did not change is written
// back as the text it was read as: a warm run after one edit serialises one entry, not all.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ToolDiagnostic } from '../checks/finding.js';
import type { FileFacts } from '../facts/types.js';
import type { FileStamp } from './read.js';

/** Name of the index file when `cacheLocation` is a directory. */
export const CACHE_FILE_NAME = 'analyzer-facts.json';
/** Layout of the index file itself. */
const CACHE_LAYOUT = 3;

/** Everything a run learns from one file's bytes. */
export interface CacheEntry {
  stamp: FileStamp;
  hash: string;
  /** The text can yield facts beyond the module surface: the file is always parsed. */
  relevant: boolean;
  /** Relative module specifiers the file imports (followed to files outside the listed ones). */
  follows: string[];
  /** Inline directives, as `[ruleId, ranges]` pairs; absent when the file has none. */
  directives?: Array<[string, unknown[]]>;
  /** Present once the file was parsed: always for a relevant file, on demand for the others. */
  facts?: FileFacts;
  diagnostics: ToolDiagnostic[];
}

const FACT_ARRAYS = [
  'adapters', 'imports', 'exports', 'exportAll', 'tools', 'namespaces', 'handoffs', 'agents', 'mcpServers',
  'mcpRegistrations', 'functions', 'calls', 'exposures', 'agentMutations', 'callIdCoercions', 'identityStrings', 'contextUses',
  'runReferences', 'middleware',
] as const;

const DIAGNOSTIC_KINDS: ReadonlySet<string> = new Set<ToolDiagnostic['kind']>([
  'parse-error', 'binary', 'unreadable', 'symlink-loop', 'symlink-outside-root', 'too-large', 'internal-error', 'config-unreadable',
]);

// Checked by hand, not with a schema: a warm run checks thousands of entries, and a schema
// library's generic walk over each was a tenth of the run.
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): boolean => v === undefined || Number.isInteger(v);

function isDiagnostic(v: unknown): boolean {
  return isObject(v) && typeof v['file'] === 'string' && typeof v['kind'] === 'string' && DIAGNOSTIC_KINDS.has(v['kind']) && typeof v['message'] === 'string' && isInt(v['line']) && isInt(v['column']);
}

function isFacts(v: unknown): boolean {
  return isObject(v) && typeof v['file'] === 'string' && isObject(v['bindings']) && FACT_ARRAYS.every((key) => Array.isArray(v[key]));
}

/** The shape `CacheEntry` promises (facts: their top-level arrays; the salt vouches for the rest). */
function isEntry(v: unknown): v is CacheEntry {
  if (!isObject(v)) return false;
  const { stamp, hash, relevant, follows, directives, facts, diagnostics } = v;
  return (
    isObject(stamp) && typeof stamp['mtimeMs'] === 'number' && typeof stamp['size'] === 'number' &&
    typeof hash === 'string' &&
    typeof relevant === 'boolean' &&
    Array.isArray(follows) && follows.every((f) => typeof f === 'string') &&
    (directives === undefined || (Array.isArray(directives) && directives.every((d) => Array.isArray(d) && d.length === 2 && typeof d[0] === 'string' && Array.isArray(d[1])))) &&
    (facts === undefined || isFacts(facts)) &&
    Array.isArray(diagnostics) && diagnostics.every(isDiagnostic)
  );
}

export function sha256(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** The index file for a `cacheLocation` (relative to `cwd`): a directory unless it names a .json file. */
export function cacheFilePath(cwd: string, cacheLocation: string): string {
  const abs = path.resolve(cwd, cacheLocation);
  if (/[\\/]$/.test(cacheLocation)) return path.join(abs, CACHE_FILE_NAME);
  try {
    if (fs.statSync(abs).isDirectory()) return path.join(abs, CACHE_FILE_NAME);
  } catch {
    // Does not exist yet.
  }
  return abs.toLowerCase().endsWith('.json') ? abs : path.join(abs, CACHE_FILE_NAME);
}

export class FactsCache {
  /** The previous run's entries, as the text of each line after the path. */
  private readonly previous: Map<string, string>;
  /** This run's entries; `raw` is the stored text while the entry is the one read. */
  private readonly current = new Map<string, { entry: CacheEntry; raw?: string }>();
  /** Files seen this run (cached or not): their old entries are never carried over. */
  private readonly seen = new Set<string>();
  private dirty = false;
  private previousDiscovery: string | undefined;
  private currentDiscovery: string | undefined;

  private constructor(
    private readonly file: string,
    private readonly salt: string,
    previous: Map<string, string> | undefined,
  ) {
    this.previous = previous ?? new Map();
    // A missing, corrupt or differently salted index is rewritten at the end of the run.
    if (!previous) this.dirty = true;
  }

  static open(file: string, salt: string): FactsCache {
    let previous: Map<string, string> | undefined;
    let discovery: string | undefined;
    try {
      const lines = fs.readFileSync(file, 'utf8').split('\n');
      const header: unknown = JSON.parse(lines[0] ?? '');
      if (isObject(header) && header['layout'] === CACHE_LAYOUT && header['salt'] === salt) {
        previous = new Map();
        for (let i = 1; i < lines.length; i++) {
          const line = lines[i]!;
          const tab = line.indexOf('\t');
          if (tab < 0) continue;
          const rel: unknown = JSON.parse(line.slice(0, tab));
          if (typeof rel === 'string') previous.set(rel, line.slice(tab + 1));
          else if (rel === null) discovery = line.slice(tab + 1);
        }
      }
    } catch {
      // Missing or not JSON lines: start empty.
    }
    const cache = new FactsCache(file, salt, previous);
    cache.previousDiscovery = discovery;
    return cache;
  }

  /** The last run's discovery, as stored (discover-cache.ts reads it). */
  discovery(): string | undefined {
    return this.previousDiscovery;
  }

  /** This run's discovery, when it was made anew. */
  setDiscovery(raw: string): void {
    this.currentDiscovery = raw;
    if (raw !== this.previousDiscovery) this.dirty = true;
  }

  /** The entry for `rel` when its modification time and size are the ones recorded. */
  byStamp(rel: string, stamp: FileStamp): CacheEntry | undefined {
    const stored = this.stored(rel);
    if (!stored || stored.entry.stamp.mtimeMs !== stamp.mtimeMs || stored.entry.stamp.size !== stamp.size) return undefined;
    this.seen.add(rel);
    this.current.set(rel, stored);
    return stored.entry;
  }

  /** The entry for `rel` when its content hash matches (the time moved: a checkout, a touch). */
  byHash(rel: string, hash: string, stamp: FileStamp): CacheEntry | undefined {
    this.seen.add(rel);
    const stored = this.stored(rel);
    if (!stored || stored.entry.hash !== hash) {
      if (this.previous.has(rel)) this.dirty = true;
      return undefined;
    }
    const restamped = { ...stored.entry, stamp };
    this.set(rel, restamped);
    return restamped;
  }

  set(rel: string, entry: CacheEntry): void {
    this.seen.add(rel);
    this.current.set(rel, { entry });
    this.dirty = true;
  }

  /** A file seen this run with no cacheable result (unreadable, binary...): drop its old entry. */
  forget(rel: string): void {
    this.seen.add(rel);
    this.current.delete(rel);
    if (this.previous.has(rel)) this.dirty = true;
  }

  /**
   * Writes the index atomically (temp file + rename). Entries of files outside this run (another
   * `paths` selection) are kept while the file still exists.
   */
  save(cwd: string): void {
    const lines = new Map<string, string>();
    for (const [rel, raw] of this.previous) {
      if (this.seen.has(rel)) continue;
      if (fs.existsSync(path.resolve(cwd, rel))) lines.set(rel, raw);
      else this.dirty = true;
    }
    if (!this.dirty) return;
    for (const [rel, { entry, raw }] of this.current) lines.set(rel, raw ?? JSON.stringify(entry));
    const body = [JSON.stringify({ layout: CACHE_LAYOUT, salt: this.salt })];
    const discovery = this.currentDiscovery ?? this.previousDiscovery;
    if (discovery !== undefined) body.push(`null\t${discovery}`);
    for (const rel of [...lines.keys()].sort()) body.push(`${JSON.stringify(rel)}\t${lines.get(rel)}`);
    const temp = `${this.file}.${process.pid}.tmp`;
    try {
      fs.mkdirSync(path.dirname(this.file), { recursive: true });
      fs.writeFileSync(temp, `${body.join('\n')}\n`);
      fs.renameSync(temp, this.file);
    } catch {
      // A read-only checkout: run without a cache.
      try {
        fs.rmSync(temp, { force: true });
      } catch {
        // Nothing to clean up.
      }
    }
  }

  /** A well-formed stored entry for `rel` with its text; a malformed one counts as absent. */
  private stored(rel: string): { entry: CacheEntry; raw: string } | undefined {
    const raw = this.previous.get(rel);
    if (raw === undefined) return undefined;
    let entry: unknown;
    try {
      entry = JSON.parse(raw);
    } catch {
      entry = undefined;
    }
    if (!isEntry(entry) || (entry.facts && entry.facts.file !== rel)) {
      this.dirty = true;
      return undefined;
    }
    return { entry, raw };
  }
}
