// types/<entity>.ts: the record, filter and patch types of one entity.
import type { AppPlan, EntityPlan } from './plan.js';

export function typesModule(app: AppPlan, entity: EntityPlan): string {
  const t = entity.type;
  return `// ${t} records of ${app.purpose}, as the API returns them.
export type ${t}Status = ${entity.statuses.map((s) => `'${s}'`).join(' | ')};

export interface ${t} {
  id: string;
  status: ${t}Status;
${entity.fields.map((f) => `  ${f.key}: ${f.ts};`).join('\n')}
  createdAt: string;
  updatedAt: string;
}

export interface ${t}Filter {
  status?: ${t}Status;
  search?: string;
  page: number;
  pageSize: number;
}

export type ${t}Patch = Partial<Omit<${t}, 'id' | 'createdAt' | 'updatedAt'>>;

export const ${entity.name.toUpperCase()}_STATUSES: readonly ${t}Status[] = [${entity.statuses.map((s) => `'${s}'`).join(', ')}];

export function is${t}Status(value: string): value is ${t}Status {
  return (${entity.name.toUpperCase()}_STATUSES as readonly string[]).includes(value);
}
`;
}
