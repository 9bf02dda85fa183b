// services/*.ts: the HTTP client every service and tool goes through, one service class per
// entity, and a small in-memory store.
import type { AppPlan, EntityPlan } from './plan.js';

export function apiClientModule(app: AppPlan): string {
  return `// HTTP access to the ${app.slug} API: auth, retries and errors live in one place.
const BASE_URL = 'https://api.example.test/${app.slug}';
const RETRIES = 2;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

let token: string | undefined;

export function setToken(value: string | undefined): void {
  token = value;
}

async function send<T>(method: string, path: string, body?: unknown, query: Record<string, string> = {}): Promise<T> {
  const url = new URL(BASE_URL + path);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  let lastError: unknown;
  for (let attempt = 0; attempt <= RETRIES; attempt++) {
    try {
      const response = await fetch(url, {
        method,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: \`Bearer \${token}\` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (response.status >= 500) throw new ApiError(response.status, \`\${method} \${path}: \${response.statusText}\`);
      if (!response.ok) return Promise.reject(new ApiError(response.status, await response.text()));
      return (await response.json()) as T;
    } catch (error) {
      lastError = error;
      if (error instanceof ApiError && error.status < 500) throw error;
    }
  }
  throw lastError;
}

export function apiGet<T = unknown>(path: string, query: Record<string, string> = {}): Promise<T> {
  return send<T>('GET', path, undefined, query);
}

export function apiPost<T = unknown>(path: string, body: unknown): Promise<T> {
  return send<T>('POST', path, body);
}
`;
}

export function serviceModule(app: AppPlan, entity: EntityPlan): string {
  const t = entity.type;
  const total = entity.numeric === undefined ? 'page.items.length' : `page.items.reduce((sum, item) => sum + item.${entity.numeric}, 0)`;
  return `// Reads and writes ${entity.name} records.
import type { ${t}, ${t}Filter, ${t}Patch } from '../types/${entity.name}.js';
import type { Page } from '../utils/paginate.js';
import { buildQuery } from '../utils/query.js';
import { apiGet, apiPost } from './api-client.js';

export class ${t}Service {
  constructor(private readonly basePath = '/${entity.name}s') {}

  list(filter: ${t}Filter): Promise<Page<${t}>> {
    return apiGet<Page<${t}>>(this.basePath, buildQuery(filter));
  }

  get(id: string): Promise<${t}> {
    return apiGet<${t}>(\`\${this.basePath}/\${encodeURIComponent(id)}\`);
  }

  update(id: string, patch: ${t}Patch): Promise<${t}> {
    return apiPost<${t}>(\`\${this.basePath}/\${encodeURIComponent(id)}\`, patch);
  }

  async total(filter: ${t}Filter): Promise<number> {
    const page = await this.list(filter);
    return ${total};
  }
}

export const ${entity.name}Service = new ${t}Service();
`;
}

export function storeModule(app: AppPlan): string {
  return `// A small observable store for the ${app.slug} screens (no framework needed).
type Listener<T> = (state: T) => void;

export interface Store<T> {
  get(): T;
  set(update: Partial<T>): void;
  subscribe(listener: Listener<T>): () => void;
}

export function createStore<T extends object>(initial: T): Store<T> {
  let state = initial;
  const listeners = new Set<Listener<T>>();
  return {
    get: () => state,
    set(update) {
      state = { ...state, ...update };
      for (const listener of listeners) listener(state);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const ${app.slug.replaceAll('-', '')}Ui = createStore({ selectedId: undefined as string | undefined, pageSize: ${app.pageSize}, locale: '${app.locale}' });
`;
}
