// utils/*.ts: eight small helpers of the kind every application grows (queries, formatting,
// paging, sorting, grouping, debouncing, text, validation), varied per area.
import type { AppPlan } from './plan.js';

export const UTIL_STEMS = ['query', 'format', 'paginate', 'sort', 'group', 'debounce', 'text', 'validate'] as const;
export type UtilStem = (typeof UTIL_STEMS)[number];

export function utilModule(app: AppPlan, stem: UtilStem): string {
  switch (stem) {
    case 'query':
      return `// Turns a filter object into URL query parameters, dropping empty values.
export function buildQuery(params: object): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    query[key] = Array.isArray(value) ? value.join(',') : String(value);
  }
  return query;
}

export function parseQuery(search: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const part of search.replace(/^\\?/, '').split('&')) {
    if (!part) continue;
    const [key, value = ''] = part.split('=');
    if (key) result[decodeURIComponent(key)] = decodeURIComponent(value);
  }
  return result;
}
`;
    case 'format':
      return `// Display formatting for ${app.slug}: money in ${app.currency}, dates in ${app.locale}.
const money = new Intl.NumberFormat('${app.locale}', { style: 'currency', currency: '${app.currency}' });
const day = new Intl.DateTimeFormat('${app.locale}', { year: 'numeric', month: 'short', day: 'numeric' });

export function formatMoney(amount: number): string {
  return money.format(Math.round(amount * 100) / 100);
}

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : day.format(date);
}

export function formatCount(count: number, singular: string, plural = \`\${singular}s\`): string {
  return \`\${count} \${count === 1 ? singular : plural}\`;
}
`;
    case 'paginate':
      return `// Client-side paging, shaped like the API's paged responses.
export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

export const DEFAULT_PAGE_SIZE = ${app.pageSize};

export function paginate<T>(items: readonly T[], page: number, pageSize = DEFAULT_PAGE_SIZE): Page<T> {
  const start = Math.max(0, (page - 1) * pageSize);
  return { items: items.slice(start, start + pageSize), page, pageSize, total: items.length };
}

export function pageCount(page: Page<unknown>): number {
  return Math.max(1, Math.ceil(page.total / page.pageSize));
}
`;
    case 'sort':
      return `// Stable sorting by one or more keys.
export type Direction = 'asc' | 'desc';

export function sortBy<T>(items: readonly T[], key: (item: T) => string | number, direction: Direction = 'asc'): T[] {
  const factor = direction === 'asc' ? 1 : -1;
  return items
    .map((item, index) => ({ item, index, value: key(item) }))
    .sort((a, b) => (a.value < b.value ? -factor : a.value > b.value ? factor : a.index - b.index))
    .map((entry) => entry.item);
}

export function toggleDirection(direction: Direction): Direction {
  return direction === 'asc' ? 'desc' : 'asc';
}
`;
    case 'group':
      return `// Grouping and counting helpers for the ${app.slug} dashboards.
export function groupBy<T, K extends string>(items: readonly T[], key: (item: T) => K): Record<K, T[]> {
  const groups = {} as Record<K, T[]>;
  for (const item of items) {
    const k = key(item);
    (groups[k] ??= []).push(item);
  }
  return groups;
}

export function countBy<T>(items: readonly T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}
`;
    case 'debounce':
      return `// Debounce for search boxes: waits ${150 + app.pageSize * 5} ms after the last keystroke.
export function debounce<A extends unknown[]>(fn: (...args: A) => void, wait = ${150 + app.pageSize * 5}): (...args: A) => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (...args: A) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => fn(...args), wait);
  };
}
`;
    case 'text':
      return `// Text helpers for labels and search.
export function truncate(text: string, max = ${40 + app.pageSize}): string {
  return text.length <= max ? text : \`\${text.slice(0, max - 1)}…\`;
}

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\\u0300-\\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function matches(text: string, search: string): boolean {
  return text.toLowerCase().includes(search.trim().toLowerCase());
}
`;
    case 'validate':
      return `// Form validation: each check returns an error message or undefined.
export type Check<T> = (value: T) => string | undefined;

export const required: Check<string> = (value) => (value.trim() === '' ? 'Required' : undefined);

export const maxLength =
  (max: number): Check<string> =>
  (value) =>
    value.length > max ? \`At most \${max} characters\` : undefined;

export const inRange =
  (min: number, max: number): Check<number> =>
  (value) =>
    value < min || value > max ? \`Between \${min} and \${max}\` : undefined;

export function validate<T>(value: T, checks: ReadonlyArray<Check<T>>): string[] {
  return checks.map((check) => check(value)).filter((message): message is string => message !== undefined);
}
`;
  }
}
