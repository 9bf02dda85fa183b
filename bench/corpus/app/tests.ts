// __tests__/<util>.test.ts: vitest tests of the area's helpers.
import type { AppPlan } from './plan.js';
import type { UtilStem } from './utils.js';

export function testModule(app: AppPlan, stem: UtilStem): string {
  const body: Record<UtilStem, string> = {
    query: `import { buildQuery, parseQuery } from '../utils/query.js';

describe('buildQuery', () => {
  it('drops empty values and joins arrays', () => {
    expect(buildQuery({ page: 2, search: '', tags: ['a', 'b'], status: undefined })).toEqual({ page: '2', tags: 'a,b' });
  });
  it('round-trips through parseQuery', () => {
    expect(parseQuery('?page=3&search=${app.slug}')).toEqual({ page: '3', search: '${app.slug}' });
  });
});`,
    format: `import { formatCount, formatDate } from '../utils/format.js';

describe('format', () => {
  it('pluralises counts', () => {
    expect(formatCount(1, 'item')).toBe('1 item');
    expect(formatCount(${app.pageSize}, 'item')).toBe('${app.pageSize} items');
  });
  it('shows a dash for invalid dates', () => {
    expect(formatDate('not a date')).toBe('—');
  });
});`,
    paginate: `import { pageCount, paginate } from '../utils/paginate.js';

describe('paginate', () => {
  const items = Array.from({ length: ${app.pageSize * 3 + 1} }, (_, i) => i);
  it('slices one page', () => {
    expect(paginate(items, 2, ${app.pageSize}).items[0]).toBe(${app.pageSize});
  });
  it('counts pages', () => {
    expect(pageCount(paginate(items, 1, ${app.pageSize}))).toBe(4);
  });
});`,
    sort: `import { sortBy, toggleDirection } from '../utils/sort.js';

describe('sortBy', () => {
  it('keeps equal keys in order', () => {
    const rows = [{ k: 2, n: 'a' }, { k: 1, n: 'b' }, { k: 2, n: 'c' }];
    expect(sortBy(rows, (r) => r.k).map((r) => r.n)).toEqual(['b', 'a', 'c']);
  });
  it('toggles', () => {
    expect(toggleDirection('asc')).toBe('desc');
  });
});`,
    group: `import { countBy, groupBy } from '../utils/group.js';

describe('groupBy', () => {
  it('groups by key', () => {
    expect(groupBy(['ab', 'ac', 'b'], (s) => s.charAt(0))).toEqual({ a: ['ab', 'ac'], b: ['b'] });
  });
  it('counts by key', () => {
    expect(countBy(['x', 'y', 'x'], (s) => s).get('x')).toBe(2);
  });
});`,
    debounce: `import { debounce } from '../utils/debounce.js';

describe('debounce', () => {
  it('returns a function', () => {
    const calls: number[] = [];
    const debounced = debounce((n: number) => calls.push(n), 0);
    debounced(1);
    expect(calls.length).toBe(0);
  });
});`,
    text: `import { matches, slugify, truncate } from '../utils/text.js';

describe('text', () => {
  it('slugifies', () => {
    expect(slugify('Déjà Vu ${app.slug}!')).toBe('deja-vu-${app.slug}');
  });
  it('truncates long labels', () => {
    expect(truncate('x'.repeat(500)).length).toBeLessThan(500);
  });
  it('matches case-insensitively', () => {
    expect(matches('${app.purpose}', '${app.purpose.split(' ')[0]?.toUpperCase()}')).toBe(true);
  });
});`,
    validate: `import { inRange, maxLength, required, validate } from '../utils/validate.js';

describe('validate', () => {
  it('collects messages', () => {
    expect(validate('', [required, maxLength(3)])).toEqual(['Required']);
  });
  it('checks ranges', () => {
    expect(inRange(1, ${app.pageSize})(${app.pageSize + 1})).toBe('Between 1 and ${app.pageSize}');
  });
});`,
  };
  return `import { describe, expect, it } from 'vitest';
${body[stem]}
`;
}
