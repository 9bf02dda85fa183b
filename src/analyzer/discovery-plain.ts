// A discovery from its plain form (as the cache stores it): its own module, so that a run whose
// file list comes from the cache loads none of discovery's walking and matching.
import type { Discovery, PlainDiscovery } from './discover.js';
import { isWithin } from './source-paths.js';

export function fromPlain(plain: PlainDiscovery): Discovery {
  const owners = new Map(plain.owners);
  const { targets } = plain;
  return {
    files: plain.files,
    available: plain.available,
    diagnostics: plain.diagnostics,
    tsconfig: plain.tsconfig,
    projects: plain.projects,
    packages: plain.packages,
    declarations: plain.declarations,
    aliasesFor: (rel) => {
      const index = owners.get(rel);
      return index === undefined ? undefined : plain.aliases[index];
    },
    reported: targets === null ? () => true : (rel) => targets.some((t) => (t.directory ? isWithin(rel, t.rel) : rel === t.rel)),
    plain: () => plain,
  };
}
