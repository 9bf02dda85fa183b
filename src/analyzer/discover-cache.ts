// Discovery from the cache: the last run's file list is used again when every directory it listed,
// every configuration file it read (tsconfigs and what they extend, package.json, .gitignore,
// pnpm-workspace.yaml) and every path it probed is as it was (fs-inputs.ts). Then the run neither
// walks the tree nor loads the compiler to read tsconfigs: one `lstat` per input. Any difference,
// other options, or an unreadable entry: discovered anew and stored.
import path from 'node:path';
import { z } from 'zod';
import type { FactsCache } from './cache.js';
import { discoverFiles, fromPlain, type DiscoverOptions, type Discovery, type PlainDiscovery } from './discover.js';
import { inputsUnchanged, recordInputs } from './fs-inputs.js';

const storedSchema = z.object({
  key: z.string(),
  at: z.number(),
  inputs: z.array(z.tuple([z.string(), z.string()])),
  discovery: z.looseObject({ files: z.array(z.unknown()), available: z.array(z.unknown()), owners: z.array(z.unknown()), declarations: z.array(z.string()) }),
});

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

export function discoverCached(options: DiscoverOptions, cache: FactsCache | undefined): { discovery: Discovery; fromCache: boolean } {
  if (!cache) return { discovery: discoverFiles(options), fromCache: false };
  const key = keyOf(options);
  const stored = readStored(cache.discovery());
  if (stored && stored.key === key && inputsUnchanged(stored.inputs, stored.at)) {
    return { discovery: fromPlain(stored.discovery as unknown as PlainDiscovery), fromCache: true };
  }
  const at = Date.now();
  const { result, inputs } = recordInputs(() => discoverFiles(options));
  cache.setDiscovery(JSON.stringify({ key, at, inputs, discovery: result.plain() }));
  return { discovery: result, fromCache: false };
}

function readStored(raw: string | undefined): z.infer<typeof storedSchema> | undefined {
  if (raw === undefined) return undefined;
  try {
    const parsed = storedSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
