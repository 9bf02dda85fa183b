// The facts cache: an index file holding, per file of the last run, what was learnt from its
// bytes: its modification time and size, the sha256 of its content, whether it can hold facts
// beyond its module surface, the relative modules it imports, its inline directives, and its facts
// (with their hash) and parse diagnostic when it was parsed. A file whose time and size are
// unchanged is not even read (ESLint's `metadata` strategy), once the time is older than the run
// that stored it (time-vouches.ts); one whose time moved but whose content hash is the same is
// read and hashed, not parsed. Everything is salted with the tool version, the
// facts format version, the adapter tables and a fingerprint of the extractor's code, so any change
// to what extraction would produce invalidates it. A corrupt or foreign cache is ignored and
// rewritten; a cache that cannot be written is silently skipped.
//
// Both files are JSON lines in ASCII, after a header `{"layout","salt"}`. The index has one line
// per file, `"<path>"<TAB><entry>`; a run appends the lines of the entries it changed, and a later
// line for a path replaces an earlier one, so a warm run after one edit writes one line; the index
// is rewritten whole (and compact) when entries must go or replaced lines would be more than half
// of it. It is read only when an entry is first looked up, and an entry is parsed only then. The
// sections file (`<index>.run.json`, read by every run) has one line per section,
// `["<name>"]<TAB><text>`: the last run's file discovery (discover-cache.ts), its findings before
// suppression (result-cache.ts) and its outcome per file (unchanged-run.ts), with the same rule: a
// later line for a name replaces an earlier one, so a run that changed only small sections (a warm
// run's edits) appends them instead of rewriting a megabyte.
import fs from 'node:fs';
import path from 'node:path';
import type { ToolDiagnostic } from '../checks/finding.js';
import type { FileFacts } from '../facts/types.js';
import type { FileStamp } from './read.js';
import { readTextFile } from './text-file.js';
import { timeVouches } from './time-vouches.js';

/** Name of the index file when `cacheLocation` is a directory. */
export const CACHE_FILE_NAME = 'analyzer-facts.json';
/** Layout of the index file itself. */
const CACHE_LAYOUT = 4;

/** Everything a run learns from one file's bytes. */
export interface CacheEntry {
  /** The file's time and size when read; stored with the time `UNVOUCHED` when it was too new to vouch (time-vouches.ts). */
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
  /** sha256 of the facts' JSON, with them: the linked project changes only when one of these does. */
  factsHash?: string;
  diagnostics: ToolDiagnostic[];
}

/** The stored time of an entry whose time did not vouch for its bytes: the next run compares by content. */
const UNVOUCHED = -1;

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
    (facts === undefined ? v['factsHash'] === undefined : isFacts(facts) && typeof v['factsHash'] === 'string') &&
    Array.isArray(diagnostics) && diagnostics.every(isDiagnostic)
  );
}

/** JSON text with every character beyond ASCII escaped (`\u2026`): the same values, ASCII bytes, which text-file.ts reads fast. */
function asciiJson(text: string): string {
  return text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
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

/** The file of the sections (`x.json` → `x.run.json`): read whole by every run. */
export function sectionsFilePath(indexFile: string): string {
  return indexFile.replace(/(\.json)?$/i, '.run.json');
}

/** What a cache file (the index, the sections) held as the last run left it: what an append must know. */
interface Stored {
  entries: Map<string, string>;
  /** Characters of lines a later line for the same path replaced: what a rewrite would drop. */
  deadChars: number;
  /** Characters of the whole file as read. */
  chars: number;
  endsWithNewline: boolean;
}

export class FactsCache {
  /** The previous run's index, read when an entry is first asked for (never, when none is). */
  private stored: Stored | undefined | null = null;
  /** This run's entries; `raw` is the stored text while the entry is the one read. */
  private readonly current = new Map<string, { entry: CacheEntry; raw?: string }>();
  /** Files seen this run (cached or not): their old entries are never carried over. */
  private readonly seen = new Set<string>();
  private dirty = false;
  /** An entry of the index must go (a file gone or unreadable): only a rewrite drops lines. */
  private dropped = false;
  private readonly currentSections = new Map<string, string>();

  private constructor(
    private readonly file: string,
    private readonly salt: string,
    /** The sections file as read (undefined when missing, foreign or differently salted). */
    private readonly storedSections: Stored | undefined,
    /** When the run started: a file's time vouches for what it read only when older (time-vouches.ts). */
    private readonly startedAt: number,
  ) {}

  /** Reads the sections; the index of entries is read when first needed. */
  static open(file: string, salt: string, startedAt: number): FactsCache {
    return new FactsCache(file, salt, keyedLines(linesOf(sectionsFilePath(file), salt), (key) => (Array.isArray(key) && typeof key[0] === 'string' ? key[0] : undefined)), startedAt);
  }

  private get previousSections(): ReadonlyMap<string, string> {
    return this.storedSections?.entries ?? new Map();
  }

  /** The index as last written; undefined when missing, foreign or differently salted (then rewritten). */
  private index(): Stored | undefined {
    if (this.stored !== null) return this.stored;
    const stored = keyedLines(linesOf(this.file, this.salt), (rel) => (typeof rel === 'string' ? rel : undefined));
    if (!stored) this.dirty = true;
    return (this.stored = stored);
  }

  private get previous(): ReadonlyMap<string, string> {
    return this.index()?.entries ?? new Map();
  }

  /** A section as this run set it, else as the last run stored it: `discovery` (discover-cache.ts), `findings` (result-cache.ts), `run` (unchanged-run.ts). */
  section(name: string): string | undefined {
    return this.currentSections.get(name) ?? this.previousSections.get(name);
  }

  /** The stored entry for `rel`, whatever its file's state (a run that did not read the index asks for facts). */
  peek(rel: string): CacheEntry | undefined {
    return this.entryOf(rel)?.entry;
  }

  /** This run's text of a section, when it was made anew. */
  setSection(name: string, text: string): void {
    // As it will be read back, so that an unchanged section compares equal.
    this.currentSections.set(name, asciiJson(text));
  }

  /** The entry for `rel` when its modification time and size are the ones recorded. */
  byStamp(rel: string, stamp: FileStamp): CacheEntry | undefined {
    const stored = this.entryOf(rel);
    if (!stored || stored.entry.stamp.mtimeMs !== stamp.mtimeMs || stored.entry.stamp.size !== stamp.size) return undefined;
    this.seen.add(rel);
    this.current.set(rel, stored);
    return stored.entry;
  }

  /** The entry for `rel` when its content hash matches (the time moved: a checkout, a touch). */
  byHash(rel: string, hash: string, stamp: FileStamp): CacheEntry | undefined {
    this.seen.add(rel);
    const stored = this.entryOf(rel);
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
    // A time too new to vouch is not kept: the next run reads and hashes the file.
    const stored = timeVouches(entry.stamp.mtimeMs, this.startedAt) ? entry : { ...entry, stamp: { ...entry.stamp, mtimeMs: UNVOUCHED } };
    this.current.set(rel, { entry: stored });
    this.dirty = true;
  }

  /** A file seen this run with no cacheable result (unreadable, binary...): drop its old entry. */
  forget(rel: string): void {
    this.seen.add(rel);
    this.current.delete(rel);
    if (this.previous.has(rel)) {
      this.dirty = true;
      this.dropped = true;
    }
  }

  /**
   * Stores this run's sections and entries (the sections that changed: see `saveSections`).
   * A run that changed a few entries appends their lines to the index (a later line for a path wins
   * when it is read), so a warm run after one edit writes one line, not the whole index; the index
   * is rewritten whole (temp file + rename) when it was missing or foreign, when an entry must go
   * (its file is gone), or when replaced lines would make up more than half of it. Entries of files
   * outside this run (another `paths` selection) are kept while the file still exists. A run that
   * never read the index only appends to it.
   */
  save(cwd: string): void {
    this.saveSections();
    if (this.stored === null) {
      const lines = [...this.current.keys()].sort().map((rel) => `${JSON.stringify(rel)}\t${JSON.stringify(this.current.get(rel)!.entry)}`);
      if (lines.length > 0) appendTo(this.file, `\n${lines.join('\n')}\n`);
      return;
    }
    const kept = new Map<string, string>();
    for (const [rel, raw] of this.previous) {
      if (this.seen.has(rel)) continue;
      if (fs.existsSync(path.resolve(cwd, rel))) kept.set(rel, raw);
      else this.dropped = this.dirty = true;
    }
    if (!this.dirty) return;
    const changed: string[] = [];
    let replacedChars = 0;
    for (const rel of [...this.current.keys()].sort()) {
      const { entry, raw } = this.current.get(rel)!;
      if (raw !== undefined) continue;
      changed.push(`${JSON.stringify(rel)}\t${JSON.stringify(entry)}`);
      replacedChars += this.previous.get(rel)?.length ?? 0;
    }
    const stored = this.stored;
    if (stored && !this.dropped && 2 * (stored.deadChars + replacedChars) <= stored.chars) {
      if (changed.length > 0) appendTo(this.file, `${stored.endsWithNewline ? '' : '\n'}${changed.join('\n')}\n`);
      return;
    }
    const lines = new Map(kept);
    for (const [rel, { entry, raw }] of this.current) lines.set(rel, raw ?? JSON.stringify(entry));
    const body = [this.header()];
    for (const rel of [...lines.keys()].sort()) body.push(`${JSON.stringify(rel)}\t${lines.get(rel)}`);
    rewrite(this.file, `${body.join('\n')}\n`);
  }

  private header(): string {
    return JSON.stringify({ layout: CACHE_LAYOUT, salt: this.salt });
  }

  /**
   * The sections that changed: appended when they are under a tenth of the file and the lines they
   * replace keep it at least half live (a warm run's edits), else the file is rewritten whole.
   */
  private saveSections(): void {
    const changed = [...this.currentSections].filter(([name, raw]) => raw !== this.previousSections.get(name)).sort(([a], [b]) => (a < b ? -1 : 1));
    if (changed.length === 0) return;
    const line = (name: string, raw: string): string => `${JSON.stringify([name])}\t${raw}`;
    const file = sectionsFilePath(this.file);
    const stored = this.storedSections;
    if (stored) {
      const appended = changed.map(([name, raw]) => line(name, raw));
      const appendedChars = appended.reduce((sum, text) => sum + text.length + 1, 0);
      const replacedChars = changed.reduce((sum, [name]) => sum + (stored.entries.get(name)?.length ?? 0), 0);
      if (10 * appendedChars < stored.chars && 2 * (stored.deadChars + replacedChars) <= stored.chars) {
        appendTo(file, `${stored.endsWithNewline ? '' : '\n'}${appended.join('\n')}\n`);
        return;
      }
    }
    const sections = new Map([...this.previousSections, ...this.currentSections]);
    const body = [this.header(), ...[...sections.keys()].sort().map((name) => line(name, sections.get(name)!))];
    rewrite(file, `${body.join('\n')}\n`);
  }

  /** A well-formed stored entry for `rel` with its text; a malformed one counts as absent. */
  private entryOf(rel: string): { entry: CacheEntry; raw: string } | undefined {
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

/** Appends lines to a cache file (ASCII, as every line of it). */
function appendTo(file: string, text: string): void {
  try {
    fs.appendFileSync(file, asciiJson(text));
  } catch {
    // A read-only checkout: run without a cache.
  }
}

/**
 * A cache file's lines by key (`keyOf` of the line's key; lines without one are skipped): a later
 * line for a key (appended by a later run) replaces the earlier one, whose characters count as dead.
 */
function keyedLines(read: ReturnType<typeof linesOf>, keyOf: (key: unknown) => string | undefined): Stored | undefined {
  if (!read) return undefined;
  const stored: Stored = { entries: new Map(), deadChars: read.deadChars, chars: read.chars, endsWithNewline: read.endsWithNewline };
  for (const [key, raw, length] of read.lines) {
    const name = keyOf(key);
    if (name === undefined) continue;
    const before = stored.entries.get(name);
    if (before !== undefined) stored.deadChars += before.length + length - raw.length + 1;
    stored.entries.set(name, raw);
  }
  return stored;
}

/** Writes a file whole, through a temp file and a rename (a reader sees the old or the new). */
function rewrite(file: string, text: string): void {
  const temp = `${file}.${process.pid}.tmp`;
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(temp, asciiJson(text));
    fs.renameSync(temp, file);
  } catch {
    // A read-only checkout: run without a cache.
    try {
      fs.rmSync(temp, { force: true });
    } catch {
      // Nothing to clean up.
    }
  }
}

/**
 * The lines of a cache file after its header, as `[key, text, line length]`, when the header has
 * this layout and salt; a torn line (a run stopped while appending) counts as dead characters.
 */
function linesOf(file: string, salt: string): { lines: Array<[unknown, string, number]>; deadChars: number; chars: number; endsWithNewline: boolean } | undefined {
  let text: string;
  try {
    text = readTextFile(file);
  } catch {
    return undefined;
  }
  const lines = text.split('\n');
  let header: unknown;
  try {
    header = JSON.parse(lines[0] ?? '');
  } catch {
    return undefined;
  }
  if (!isObject(header) || header['layout'] !== CACHE_LAYOUT || header['salt'] !== salt) return undefined;
  const out: Array<[unknown, string, number]> = [];
  let deadChars = 0;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    const tab = line.indexOf('\t');
    if (tab < 0) continue;
    try {
      out.push([JSON.parse(line.slice(0, tab)), line.slice(tab + 1), line.length]);
    } catch {
      deadChars += line.length + 1;
    }
  }
  return { lines: out, deadChars, chars: text.length, endsWithNewline: text.endsWith('\n') };
}
