// The facts cache: one JSON index file holding, per analysed file, the sha256 of its bytes, its
// facts and its parse diagnostic. The whole index is salted with the tool version, the facts
// format version, the adapter tables and a fingerprint of the extractor's code, so any change to
// what extraction would produce invalidates it. A hit skips parsing and extraction. A corrupt or
// foreign cache is ignored and rewritten; a cache that cannot be written is silently skipped.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { ToolDiagnostic } from '../checks/finding.js';
import type { FileFacts } from '../facts/types.js';

/** Name of the index file when `cacheLocation` is a directory. */
export const CACHE_FILE_NAME = 'analyzer-facts.json';
/** Layout of the index file itself. */
const CACHE_LAYOUT = 1;

export interface CacheEntry {
  facts: FileFacts;
  diagnostics: ToolDiagnostic[];
}

const FACT_ARRAYS = [
  'adapters', 'imports', 'exports', 'exportAll', 'tools', 'namespaces', 'handoffs', 'agents', 'mcpServers',
  'mcpRegistrations', 'functions', 'calls', 'exposures', 'agentMutations', 'callIdCoercions', 'identityStrings', 'contextUses',
  'runReferences', 'middleware',
] as const;

const diagnosticSchema = z.object({
  file: z.string(),
  kind: z.enum(['parse-error', 'binary', 'unreadable', 'symlink-loop', 'symlink-outside-root', 'too-large', 'internal-error', 'config-unreadable']),
  message: z.string(),
  line: z.number().int().optional(),
  column: z.number().int().optional(),
});

const entrySchema = z.object({
  hash: z.string(),
  facts: z.looseObject({
    file: z.string(),
    bindings: z.record(z.string(), z.unknown()),
    ...Object.fromEntries(FACT_ARRAYS.map((key) => [key, z.array(z.unknown())])),
  }),
  diagnostics: z.array(diagnosticSchema),
});

const indexSchema = z.object({
  layout: z.literal(CACHE_LAYOUT),
  salt: z.string(),
  entries: z.record(z.string(), z.unknown()),
});

type StoredEntry = z.infer<typeof entrySchema>;

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
  private readonly previous: Record<string, unknown>;
  private readonly current = new Map<string, StoredEntry>();
  /** Files seen this run (cached or not): their old entries are never carried over. */
  private readonly seen = new Set<string>();
  private dirty = false;

  private constructor(
    private readonly file: string,
    private readonly salt: string,
    previous: Record<string, unknown> | undefined,
  ) {
    this.previous = previous ?? {};
    // A missing, corrupt or differently salted index is rewritten at the end of the run.
    if (!previous) this.dirty = true;
  }

  static open(file: string, salt: string): FactsCache {
    let previous: Record<string, unknown> | undefined;
    try {
      const parsed = indexSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
      if (parsed.success && parsed.data.salt === salt) previous = parsed.data.entries;
    } catch {
      // Missing or not JSON: start empty.
    }
    return new FactsCache(file, salt, previous);
  }

  /** The entry for `rel` when its content hash matches; a malformed entry counts as a miss. */
  get(rel: string, hash: string): CacheEntry | undefined {
    this.seen.add(rel);
    const raw = Object.hasOwn(this.previous, rel) ? this.previous[rel] : undefined;
    if (raw === undefined) return undefined;
    const parsed = entrySchema.safeParse(raw);
    if (!parsed.success || parsed.data.hash !== hash || parsed.data.facts.file !== rel) {
      this.dirty = true;
      return undefined;
    }
    this.current.set(rel, parsed.data);
    return { facts: parsed.data.facts as unknown as FileFacts, diagnostics: parsed.data.diagnostics as ToolDiagnostic[] };
  }

  set(rel: string, hash: string, entry: CacheEntry): void {
    this.seen.add(rel);
    this.current.set(rel, { hash, facts: entry.facts as unknown as StoredEntry['facts'], diagnostics: entry.diagnostics });
    this.dirty = true;
  }

  /** A file seen this run with no cacheable result (unreadable, binary...): drop its old entry. */
  forget(rel: string): void {
    this.seen.add(rel);
    if (Object.hasOwn(this.previous, rel)) this.dirty = true;
  }

  /**
   * Writes the index atomically (temp file + rename). Entries of files outside this run (another
   * `paths` selection) are kept while the file still exists.
   */
  save(cwd: string): void {
    const entries: Record<string, unknown> = {};
    for (const [rel, raw] of Object.entries(this.previous)) {
      if (this.seen.has(rel)) continue;
      if (fs.existsSync(path.resolve(cwd, rel))) entries[rel] = raw;
      else this.dirty = true;
    }
    if (!this.dirty) return;
    for (const rel of [...this.current.keys()].sort()) entries[rel] = this.current.get(rel);
    const temp = `${this.file}.${process.pid}.tmp`;
    try {
      fs.mkdirSync(path.dirname(this.file), { recursive: true });
      fs.writeFileSync(temp, JSON.stringify({ layout: CACHE_LAYOUT, salt: this.salt, entries }));
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
}
