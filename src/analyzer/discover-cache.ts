// Discovery from the cache: the last run's file list is used again when every directory it listed,
// every configuration file it read (tsconfigs and what they extend, package.json, .gitignore,
// pnpm-workspace.yaml) and every path it probed is as it was (fs-inputs.ts). Then the run neither
// walks the tree nor loads the compiler to read tsconfigs: one `lstat` per input. Any difference,
// other options, or an unreadable entry: discovered anew and stored.
import path from 'node:path';
import type { FactsCache } from './cache.js';
import type { DiscoverOptions } from './discover.js';
import { fromPlain, type Discovery, type PlainDiscovery } from './discovery.js';
import { inputsUnchanged, recordInputs } from './fs-inputs.js';

/** The last run's discovery as stored; the cache's salt vouches for the rest of its shape. */
interface Stored {
  key: string;
  at: number;
  inputs: Array<[string, string]>;
  discovery: PlainDiscovery;
}

// Checked by hand, as cache.ts checks its entries: no schema library to load for one object.
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStringPair = (v: unknown): boolean => Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && typeof v[1] === 'string';

function isStored(v: unknown): v is Stored {
  if (!isObject(v) || typeof v['key'] !== 'string' || typeof v['at'] !== 'number') return false;
  const { inputs, discovery } = v;
  return (
    Array.isArray(inputs) && inputs.every(isStringPair) &&
    isObject(discovery) && Array.isArray(discovery['files']) && Array.isArray(discovery['available']) && Array.isArray(discovery['owners']) &&
    Array.isArray(discovery['declarations']) && discovery['declarations'].every((d) => typeof d === 'string')
  );
}

/** What the discovery depends on besides the disk. */
function keyOf(options: DiscoverOptions): string {
  return JSON.stringify({
    cwd: path.resolve(options.cwd),
    paths: options.paths ?? null,
    tsconfig: options.tsconfig ?? null,
    include: options.include ?? null,
    exclude: options.exclude ?? null,
    platform: process.platform,
  });
}

/** Discovery, from the cache when it holds; discovery's own modules are loaded only to discover anew. */
export async function discoverCached(options: DiscoverOptions, cache: FactsCache | undefined, timed: <T>(run: () => T) => T = (run) => run()): Promise<{ discovery: Discovery; fromCache: boolean }> {
  if (cache) {
    const stored = timed(() => readStored(cache.section('discovery')));
    if (stored && stored.key === keyOf(options) && timed(() => inputsUnchanged(stored.inputs, stored.at))) {
      return { discovery: timed(() => fromPlain(stored.discovery)), fromCache: true };
    }
  }
  const { discoverFiles } = await import('./discover.js');
  if (!cache) return { discovery: timed(() => discoverFiles(options)), fromCache: false };
  const at = Date.now();
  const { result, inputs } = timed(() => recordInputs(() => discoverFiles(options)));
  cache.setSection('discovery', JSON.stringify({ key: keyOf(options), at, inputs, discovery: result.plain() }));
  return { discovery: result, fromCache: false };
}

function readStored(raw: string | undefined): Stored | undefined {
  if (raw === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isStored(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}
