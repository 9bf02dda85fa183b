// The seeded generator of benchmark projects: N source files in areas of 50 (10 agent-framework
// files: a constants module, four tool modules, a barrel, two agents or servers, the area's entry
// point and an MCP server; 40 ordinary files: types, services, utilities, tests and React
// components that import no framework), plus tsconfig.json, package.json and the stub packages.
// `generateCorpus` is pure: the same size and seed give the same bytes.
import { planApp, type AppPlan } from './app/plan.js';
import { cardComponent, listComponent } from './app/components.js';
import { apiClientModule, serviceModule, storeModule } from './app/services.js';
import { testModule } from './app/tests.js';
import { typesModule } from './app/types.js';
import { UTIL_STEMS, utilModule } from './app/utils.js';
import { barrelModule, namesModule, roleOf, standaloneMcpModule } from './frameworks/common.js';
import { TEMPLATES } from './frameworks/index.js';
import { FRAMEWORKS, planArea, type Area, type Framework } from './model.js';
import { Rng } from './prng.js';
import { stubFiles } from './stubs.js';
import { DOMAINS } from './words.js';

export const AREA_SIZE = 50;
export const DEFAULT_SEED = 12;

export interface Corpus {
  /** Relative path → content, sorted by path. Source files live under src/. */
  files: Map<string, string>;
  /** Source files (what the CLI analyses), relative paths. */
  sources: string[];
  /** Tool modules: the files edited between warm runs ("one tool module changed"). */
  toolModules: string[];
  /** Ordinary files that import no framework (the other warm-run edit). */
  ordinary: string[];
  /** Files per framework (agent-framework files only). */
  frameworkFiles: Record<Framework, number>;
  /** Planted duplicate tool names: one `no-tool-name-collision` finding each. */
  expectedCollisions: Array<{ file: string; name: string }>;
}

function assertDisjointEntities(): void {
  const seen = new Set<string>();
  for (const domain of DOMAINS) {
    for (const entity of domain.entities) {
      if (seen.has(entity)) throw new Error(`entity "${entity}" appears in two domains`);
      seen.add(entity);
    }
  }
}

function areaFiles(area: Area, app: AppPlan): Array<[string, string, 'tool' | 'framework' | 'ordinary']> {
  const t = TEMPLATES[area.framework];
  const base = `src/features/${area.dir}`;
  const out: Array<[string, string, 'tool' | 'framework' | 'ordinary']> = [];
  out.push([`${base}/names.ts`, namesModule(area), 'framework']);
  for (const module of area.toolModules) out.push([`${base}/tools/${module.stem}.ts`, t.toolModule(area, module), 'tool']);
  out.push([`${base}/tools/index.ts`, barrelModule(area), 'framework']);
  for (const k of [0, 1] as const) out.push([`${base}/agents/${roleOf(area, k)}.ts`, t.agent(area, k), 'framework']);
  out.push([`${base}/${t.wiringStem}.ts`, t.wiring(area), 'framework']);
  out.push([`${base}/mcp.ts`, standaloneMcpModule(area), 'framework']);
  for (const entity of app.entities) out.push([`${base}/types/${entity.name}.ts`, typesModule(app, entity), 'ordinary']);
  out.push([`${base}/services/api-client.ts`, apiClientModule(app), 'ordinary']);
  for (const entity of app.entities) out.push([`${base}/services/${entity.name}-service.ts`, serviceModule(app, entity), 'ordinary']);
  out.push([`${base}/services/store.ts`, storeModule(app), 'ordinary']);
  for (const stem of UTIL_STEMS) out.push([`${base}/utils/${stem}.ts`, utilModule(app, stem), 'ordinary']);
  for (const stem of UTIL_STEMS) out.push([`${base}/__tests__/${stem}.test.ts`, testModule(app, stem), 'ordinary']);
  for (const entity of app.entities.slice(0, 5)) {
    out.push([`${base}/components/${entity.type}Card.tsx`, cardComponent(app, entity), 'ordinary']);
    out.push([`${base}/components/${entity.type}List.tsx`, listComponent(app, entity), 'ordinary']);
  }
  if (out.length !== AREA_SIZE) throw new Error(`an area has ${out.length} files, expected ${AREA_SIZE}`);
  return out;
}

const TSCONFIG = {
  compilerOptions: {
    target: 'es2023',
    lib: ['es2023', 'dom'],
    module: 'nodenext',
    moduleResolution: 'nodenext',
    jsx: 'react-jsx',
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  },
  include: ['src'],
};

export interface GenerateOptions {
  seed?: number;
  /** Every how many areas one holds a planted duplicate (the first always does); default 8. */
  defectEvery?: number;
}

/** A project of exactly `size` source files (a multiple of 50, at least 50). */
export function generateCorpus(size: number, options: GenerateOptions = {}): Corpus {
  const { seed = DEFAULT_SEED, defectEvery = 8 } = options;
  if (!Number.isInteger(size) || size < AREA_SIZE || size % AREA_SIZE !== 0) throw new Error(`size must be a multiple of ${AREA_SIZE}, got ${size}`);
  assertDisjointEntities();
  const rng = new Rng(seed);
  const files = new Map<string, string>();
  const corpus: Corpus = {
    files,
    sources: [],
    toolModules: [],
    ordinary: [],
    frameworkFiles: Object.fromEntries(FRAMEWORKS.map((f) => [f, 0])) as Record<Framework, number>,
    expectedCollisions: [],
  };
  const byFramework = new Map<Framework, Area>();
  for (let index = 0; index < size / AREA_SIZE; index++) {
    const domain = DOMAINS[index % DOMAINS.length] as (typeof DOMAINS)[number];
    const round = Math.floor(index / DOMAINS.length);
    const framework = FRAMEWORKS[index % FRAMEWORKS.length] as Framework;
    const area = planArea(rng, index, domain, round, byFramework.get(framework), index % defectEvery === 0);
    byFramework.set(framework, area);
    const app = planApp(rng, area.dir, domain.purpose, area.entities);
    for (const [file, text, kind] of areaFiles(area, app)) {
      files.set(file, text);
      corpus.sources.push(file);
      if (kind === 'ordinary') corpus.ordinary.push(file);
      else corpus.frameworkFiles[framework]++;
      if (kind === 'tool') corpus.toolModules.push(file);
    }
    if (area.defect) {
      const copy = area.toolModules[3]?.tools.at(-1);
      corpus.expectedCollisions.push({ file: `src/features/${area.dir}/agents/${roleOf(area, 0)}.ts`, name: copy?.name ?? '' });
    }
  }
  files.set('tsconfig.json', `${JSON.stringify(TSCONFIG, null, 2)}\n`);
  files.set('package.json', `${JSON.stringify({ name: 'bench-corpus', version: '1.0.0', private: true, type: 'module' }, null, 2)}\n`);
  for (const [file, text] of stubFiles()) files.set(file, text);
  corpus.files = new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return corpus;
}
