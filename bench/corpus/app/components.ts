// components/*.tsx: a list and a card component per entity, React function components.
import type { AppPlan, EntityPlan } from './plan.js';

export function cardComponent(app: AppPlan, entity: EntityPlan): string {
  const t = entity.type;
  const rows = entity.fields
    .map((f) => {
      const value =
        f.ts === 'number' ? (f.key === 'amount' ? `formatMoney(${entity.name}.${f.key})` : `${entity.name}.${f.key}`) : f.ts === 'boolean' ? `${entity.name}.${f.key} ? 'yes' : 'no'` : `${entity.name}.${f.key}`;
      return `        <dt>${f.key}</dt>\n        <dd>{${value}}</dd>`;
    })
    .join('\n');
  const money = entity.fields.some((f) => f.key === 'amount');
  return `// One ${entity.name} as a card in the ${app.slug} screens.
import type { ${t} } from '../types/${entity.name}.js';
import { formatDate${money ? ', formatMoney' : ''} } from '../utils/format.js';

export interface ${t}CardProps {
  ${entity.name}: ${t};
  selected: boolean;
  onSelect(id: string): void;
}

export function ${t}Card({ ${entity.name}, selected, onSelect }: ${t}CardProps) {
  return (
    <article className={selected ? 'card card--selected' : 'card'} onClick={() => onSelect(${entity.name}.id)}>
      <header>
        <span className={\`status status--\${${entity.name}.status}\`}>{${entity.name}.status}</span>
        <time dateTime={${entity.name}.updatedAt}>{formatDate(${entity.name}.updatedAt)}</time>
      </header>
      <dl>
${rows}
      </dl>
    </article>
  );
}
`;
}

export function listComponent(app: AppPlan, entity: EntityPlan): string {
  const t = entity.type;
  const label = entity.fields.find((f) => f.ts === 'string')?.key ?? 'id';
  return `// The ${entity.name} list: search, status filter and paging.
import { useMemo, useState } from 'react';
import type { ${t}, ${t}Status } from '../types/${entity.name}.js';
import { ${entity.name.toUpperCase()}_STATUSES } from '../types/${entity.name}.js';
import { formatCount } from '../utils/format.js';
import { pageCount, paginate } from '../utils/paginate.js';
import { sortBy } from '../utils/sort.js';
import { matches } from '../utils/text.js';
import { ${t}Card } from './${t}Card.js';

export interface ${t}ListProps {
  items: readonly ${t}[];
  onOpen(id: string): void;
}

export function ${t}List({ items, onOpen }: ${t}ListProps) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<${t}Status | 'all'>('all');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string | undefined>(undefined);

  const visible = useMemo(() => {
    const filtered = items.filter((item) => (status === 'all' || item.status === status) && matches(String(item.${label}), search));
    return paginate(sortBy(filtered, (item) => item.updatedAt, 'desc'), page, ${app.pageSize});
  }, [items, search, status, page]);

  return (
    <section>
      <input value={search} placeholder="Search ${entity.name}s" onChange={(event: { target: { value: string } }) => setSearch(event.target.value)} />
      <select value={status} onChange={(event: { target: { value: string } }) => setStatus(event.target.value as ${t}Status | 'all')}>
        <option value="all">All</option>
        {${entity.name.toUpperCase()}_STATUSES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
      <p>{formatCount(visible.total, '${entity.name}')}</p>
      {visible.items.map((item) => (
        <${t}Card
          key={item.id}
          ${entity.name}={item}
          selected={item.id === selected}
          onSelect={(id) => {
            setSelected(id);
            onOpen(id);
          }}
        />
      ))}
      <nav>
        <button disabled={page <= 1} onClick={() => setPage(page - 1)}>Previous</button>
        <span>
          {page} / {pageCount(visible)}
        </span>
        <button disabled={page >= pageCount(visible)} onClick={() => setPage(page + 1)}>Next</button>
      </nav>
    </section>
  );
}
`;
}
