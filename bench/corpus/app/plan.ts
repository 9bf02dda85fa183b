// What the ordinary application code of an area is about: its entities, their fields and a few
// settings, drawn once per area so types, services, components and tests agree.
import type { Rng } from '../prng.js';
import { FIELDS, pascal } from '../words.js';

export interface EntityPlan {
  name: string;
  type: string;
  fields: ReadonlyArray<{ key: string; ts: string }>;
  statuses: string[];
  /** A numeric field to total, if the entity has one. */
  numeric: string | undefined;
}

export interface AppPlan {
  slug: string;
  purpose: string;
  entities: EntityPlan[];
  locale: string;
  currency: string;
  pageSize: number;
}

const STATUS_SETS: readonly string[][] = [
  ['draft', 'active', 'archived'],
  ['pending', 'approved', 'rejected'],
  ['open', 'in_progress', 'closed'],
  ['new', 'scheduled', 'done', 'cancelled'],
];

export function planApp(rng: Rng, slug: string, purpose: string, entities: readonly string[]): AppPlan {
  return {
    slug,
    purpose,
    entities: entities.map((name) => {
      const fields = rng.sample(FIELDS, rng.int(3, 6)).map(({ key, ts }) => ({ key, ts }));
      return { name, type: pascal(name), fields, statuses: rng.pick(STATUS_SETS), numeric: fields.find((f) => f.ts === 'number')?.key };
    }),
    locale: rng.pick(['en-GB', 'en-US', 'de-DE', 'fr-FR', 'nl-NL']),
    currency: rng.pick(['EUR', 'GBP', 'USD']),
    pageSize: rng.pick([10, 20, 25, 50]),
  };
}
