// A package-lock.json for a user's project (the packed tarball next to eslint, typescript-eslint and
// typescript), cut out of this repository's own lockfile so that `npm ci --offline` installs it
// from the npm cache that this repository's `npm ci` filled: tests use no network. The lowest
// supported versions are in this repository as aliased devDependencies (`eslint-min` is
// `npm:eslint@9.0.0`); in the consumer they take the real names, as a user installs them.
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

/** The user's packages whose lowest supported versions this repository installs as `<name>-min`. */
export const PEERS = ['eslint', 'typescript', 'typescript-eslint'] as const;

export interface ConsumerPackage {
  packageJson: Record<string, unknown>;
  lockfile: Record<string, unknown>;
  /** Versions of the peers the lockfile installs, by name. */
  versions: Record<string, string>;
}

/**
 * `versions: 'min'` installs `<name>-min` under each peer's name, `'newest'` the repository's own
 * pins. `tarball` is the file name of the packed package, next to the consumer's package.json.
 */
export function consumerPackage(repoLockPath: string, tarballPath: string, tarball: string, versions: 'min' | 'newest'): ConsumerPackage {
  const lock = JSON.parse(readFileSync(repoLockPath, 'utf8')) as Lockfile;
  const own = lock.packages[''] as LockEntry;
  const renamed = new Map<string, LockEntry>();
  for (const [key, entry] of Object.entries(lock.packages)) {
    if (key === '') continue;
    const mapped = mapPath(key, versions);
    if (mapped !== undefined) renamed.set(mapped, entry);
  }

  const rootDeps: Record<string, string> = { 'tool-identity-audit': `file:${tarball}` };
  const peerVersions: Record<string, string> = {};
  for (const peer of PEERS) {
    const version = (renamed.get(`node_modules/${peer}`) as LockEntry).version as string;
    peerVersions[peer] = version;
    rootDeps[peer] = version;
  }

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
  for (const name of [...Object.keys(own.dependencies ?? {}), ...PEERS]) reach('', name);
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
 * Where a repository lockfile path lands in the consumer: a `-min` alias under the peer's own name
 * (with 'min'), the repository's own peer where it is (with 'newest'), undefined when left out.
 * Under a renamed alias, nested copies of the peers are dropped: the consumer's root ones serve.
 */
function mapPath(key: string, versions: 'min' | 'newest'): string | undefined {
  for (const peer of PEERS) {
    const real = `node_modules/${peer}`;
    const alias = `node_modules/${peer}-min`;
    if (under(key, real)) return versions === 'min' ? undefined : key;
    if (under(key, alias)) {
      if (versions === 'newest') return undefined;
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
