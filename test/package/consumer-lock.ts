// A package-lock.json for a user's project (the packed tarball next to eslint, typescript-eslint and
// typescript), cut out of this repository's own lockfile so that `npm ci --offline` installs it
// from the npm cache that this repository's `npm ci` filled: tests use no network. Other versions
// than the repository's own are in it as aliased devDependencies (`eslint-min` is
// `npm:eslint@9.0.0`, `typescript-7` is `npm:typescript@7.0.2`); in the consumer they take the
// real names, as a user installs them.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

interface LockEntry {
  name?: string;
  version?: string;
  resolved?: string;
  integrity?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  [key: string]: unknown;
}

interface Lockfile {
  lockfileVersion: number;
  packages: Record<string, LockEntry>;
}

/** The user's packages that come in several versions: each setup's real name, and the repository's package it installs. */
export const SETUPS = {
  min: { eslint: 'eslint-min', typescript: 'typescript-min', 'typescript-eslint': 'typescript-eslint-min' },
  newest: { eslint: 'eslint', typescript: 'typescript', 'typescript-eslint': 'typescript-eslint' },
  // typescript-eslint refuses to load next to TypeScript 7 (it has no compiler API): not installed.
  'typescript-7': { eslint: 'eslint', typescript: 'typescript-7' },
} as const satisfies Record<string, Record<string, string>>;

export type Setup = keyof typeof SETUPS;

const PEERS = ['eslint', 'typescript', 'typescript-eslint'];

export interface ConsumerPackage {
  packageJson: Record<string, unknown>;
  lockfile: Record<string, unknown>;
  /** Versions of the setup's packages the lockfile installs, by real name. */
  versions: Record<string, string>;
}

/**
 * The consumer of one setup (`SETUPS`), with `extra` packages of this repository's lockfile at its
 * root too. `tarball` is the file name of the packed package, next to the consumer's package.json.
 */
export function consumerPackage(repoLockPath: string, tarballPath: string, tarball: string, setup: Setup, extra: readonly string[] = []): ConsumerPackage {
  const lock = JSON.parse(readFileSync(repoLockPath, 'utf8')) as Lockfile;
  const own = lock.packages[''] as LockEntry;
  const aliases: Record<string, string> = SETUPS[setup];
  const renamed = new Map<string, LockEntry>();
  for (const [key, entry] of Object.entries(lock.packages)) {
    if (key === '') continue;
    const mapped = mapPath(key, aliases);
    if (mapped !== undefined) renamed.set(mapped, entry);
  }

  const rootDeps: Record<string, string> = { 'tool-identity-audit': `file:${tarball}` };
  const peerVersions: Record<string, string> = {};
  for (const name of Object.keys(aliases)) {
    const version = (renamed.get(`node_modules/${name}`) as LockEntry).version as string;
    peerVersions[name] = version;
    rootDeps[name] = version;
  }
  // Packages the consumer adds at the repository's own versions (types, a config loader).
  for (const name of extra) rootDeps[name] = (renamed.get(`node_modules/${name}`) as LockEntry).version as string;

  // Keep what the consumer's root reaches by Node's resolution, as npm would have laid it out.
  const kept = new Map<string, LockEntry>();
  const pending: string[] = [];
  const reach = (from: string, name: string): void => {
    const at = resolve(renamed, from, name);
    if (at !== undefined && !kept.has(at)) {
      kept.set(at, renamed.get(at) as LockEntry);
      pending.push(at);
    }
  };
  for (const name of [...Object.keys(own.dependencies ?? {}), ...Object.keys(aliases), ...extra]) reach('', name);
  while (pending.length > 0) {
    const at = pending.pop() as string;
    const entry = kept.get(at) as LockEntry;
    const optionalPeers = new Set(Object.entries(entry.peerDependenciesMeta ?? {}).filter(([, m]) => m.optional).map(([n]) => n));
    const names = [
      ...Object.keys(entry.dependencies ?? {}),
      ...Object.keys(entry.optionalDependencies ?? {}),
      ...Object.keys(entry.peerDependencies ?? {}).filter((n) => !optionalPeers.has(n)),
    ];
    for (const name of names) reach(at, name);
  }

  const packages: Record<string, LockEntry> = {
    '': { name: 'consumer', version: '1.0.0', dependencies: rootDeps },
    'node_modules/tool-identity-audit': {
      version: own.version as string,
      resolved: `file:${tarball}`,
      integrity: `sha512-${createHash('sha512').update(readFileSync(tarballPath)).digest('base64')}`,
      license: own['license'],
      dependencies: own.dependencies,
      bin: own['bin'],
      engines: own['engines'],
      peerDependencies: own.peerDependencies,
      peerDependenciesMeta: own.peerDependenciesMeta,
    },
  };
  for (const key of [...kept.keys()].sort()) {
    // The repository's dev/peer markers describe its own tree, not the consumer's.
    const { dev: _dev, devOptional: _devOptional, peer: _peer, ...entry } = kept.get(key) as LockEntry;
    packages[key] = entry;
  }
  return {
    packageJson: { name: 'consumer', version: '1.0.0', private: true, type: 'module', dependencies: rootDeps },
    lockfile: { name: 'consumer', version: '1.0.0', lockfileVersion: 3, requires: true, packages },
    versions: peerVersions,
  };
}

/**
 * Where a repository lockfile path lands in the consumer: an alias (`eslint-min`) under the real
 * name it stands for in this setup, in place of the repository's own package of that name;
 * undefined when left out. Under a renamed alias, nested copies of the peers are dropped: the
 * consumer's root ones serve.
 */
function mapPath(key: string, aliases: Record<string, string>): string | undefined {
  for (const [name, source] of Object.entries(aliases)) {
    if (source === name) continue;
    const real = `node_modules/${name}`;
    const alias = `node_modules/${source}`;
    if (under(key, real)) return undefined;
    if (under(key, alias)) {
      const mapped = real + key.slice(alias.length);
      return PEERS.some((p) => mapped.includes(`/node_modules/${p}/`) || mapped.endsWith(`/node_modules/${p}`)) ? undefined : mapped;
    }
  }
  return key;
}

function under(key: string, dir: string): boolean {
  return key === dir || key.startsWith(`${dir}/`);
}

/** Node's lookup: `<from>/node_modules/<name>`, then each enclosing package's, then the root's. */
function resolve(packages: ReadonlyMap<string, LockEntry>, from: string, name: string): string | undefined {
  let dir = from;
  for (;;) {
    const candidate = dir === '' ? `node_modules/${name}` : `${dir}/node_modules/${name}`;
    if (packages.has(candidate)) return candidate;
    if (dir === '') return undefined;
    dir = dir.slice(0, dir.lastIndexOf('node_modules/')).replace(/\/$/, '');
  }
}
