// A configuration as the TypeScript a user writes with `tool-identity-audit/runtime`: tools and
// namespaces in `tools.ts`, shared arrays in `shared.ts`, tools that call addTools in `loaders.ts`,
// agents (and the tools that run an agent) in `specialists.ts` and `agents.ts`; or all of it in one
// module. Every declaration is on one line, so a finding's line names the entity.
import type { Config, Member } from './model.js';
import { loaderName } from './model.js';

export type EntityKind = 'tool' | 'namespace' | 'loader' | 'shared' | 'agent' | 'agentTool';
export interface Entity {
  kind: EntityKind;
  index: number;
}

export interface Emitted {
  /** Paths relative to the project root, under `dir`. */
  files: Record<string, string>;
  /** `file:line` of each declaration. */
  at: Map<string, Entity>;
}

const PARAMS = `parameters: { type: 'object', properties: {} }`;

export function memberSource(m: Member): string {
  switch (m.kind) {
    case 'tool':
      return `tool${m.tool}`;
    case 'namespace':
      return `...ns${m.namespace}`;
    case 'shared':
      return `...shared${m.shared}`;
    case 'agentTool':
      return `askAgent${m.agent}`;
    case 'loader':
      return `loader${m.loader}`;
  }
}

/** The tool that runs agent `i` is named after it, lower-cased: `agentAsToolDefaultName`'s style. */
export function agentToolName(config: Config, i: number): string {
  return (config.agents[i]?.name ?? '').toLowerCase();
}

interface Declaration {
  text: string;
  entity: Entity;
  /** Exported names of other modules it uses, and the runtime exports it calls. */
  uses: string[];
  runtime: string[];
}

interface Module {
  file: string;
  declarations: Declaration[];
}

function usesOf(members: readonly Member[]): string[] {
  return members.map((m) => memberSource(m).replace('...', ''));
}

function handoffSource(h: Config['agents'][number]['handoffs'][number]): string {
  if (h.form === 'agent') return `agent${h.agent}`;
  if (h.form === 'handoff') return `handoff(agent${h.agent})`;
  return `handoff(agent${h.agent}, { toolNameOverride: '${h.override}' })`;
}

function modules(config: Config): Module[] {
  const tools: Declaration[] = [
    ...config.tools.map((t, i) => ({
      text: `export const tool${i} = defineTool({ name: '${t.name}', description: 'tool ${i}', ${PARAMS},${t.defer ? ' deferLoading: true,' : ''} execute: () => 'ok' });`,
      entity: { kind: 'tool' as const, index: i },
      uses: [],
      runtime: ['defineTool'],
    })),
    ...config.namespaces.map((ns, i) => ({
      text: `export const ns${i} = toolNamespace({ name: '${ns.name}', description: 'namespace ${i}', tools: [${ns.tools.map((t) => `tool${t}`).join(', ')}] });`,
      entity: { kind: 'namespace' as const, index: i },
      uses: ns.tools.map((t) => `tool${t}`),
      runtime: ['toolNamespace'],
    })),
  ];
  const shared: Declaration[] = config.shared.map((members, i) => ({
    text: `export const shared${i} = [${members.map(memberSource).join(', ')}];`,
    entity: { kind: 'shared', index: i },
    uses: usesOf(members),
    runtime: [],
  }));
  const loaders: Declaration[] = config.loaders.map((l, i) => ({
    text: `export const loader${i} = defineTool({ name: '${loaderName(i)}', description: 'loader ${i}', ${PARAMS}, execute: (_args, ctx) => { ctx.addTools([${l.adds.map(memberSource).join(', ')}]); return 'loaded'; } });`,
    entity: { kind: 'loader', index: i },
    uses: usesOf(l.adds),
    runtime: ['defineTool'],
  }));
  const asTools = new Set(config.agents.flatMap((a) => a.tools).flatMap((m) => (m.kind === 'agentTool' ? [m.agent] : [])));
  const agents: Declaration[] = config.agents.flatMap((agent, i) => {
    const declaration: Declaration = {
      text: `export const agent${i} = new Agent({ name: '${agent.name}', tools: [${agent.tools.map(memberSource).join(', ')}], handoffs: [${agent.handoffs.map(handoffSource).join(', ')}], toolNameCollisionPolicy: '${agent.policy}' });`,
      entity: { kind: 'agent', index: i },
      uses: [...usesOf(agent.tools), ...agent.handoffs.map((h) => `agent${h.agent}`)],
      runtime: ['Agent', ...(agent.handoffs.some((h) => h.form !== 'agent') ? ['handoff'] : [])],
    };
    if (!asTools.has(i)) return [declaration];
    const asTool: Declaration = {
      text: `export const askAgent${i} = defineTool({ name: '${agentToolName(config, i)}', description: 'agent tool ${i}', ${PARAMS}, execute: async () => (await agent${i}.run('q', { model: new ScriptedModel([{ text: 'ok' }]) })).finalOutput ?? '' });`,
      entity: { kind: 'agentTool', index: i },
      uses: [`agent${i}`],
      runtime: ['ScriptedModel', 'defineTool'],
    };
    return [declaration, asTool];
  });
  const specialist = (d: Declaration): boolean => d.entity.index < config.split;
  return [
    { file: 'tools.ts', declarations: tools },
    { file: 'shared.ts', declarations: shared },
    { file: 'loaders.ts', declarations: loaders },
    { file: 'specialists.ts', declarations: agents.filter(specialist) },
    { file: 'agents.ts', declarations: agents.filter((d) => !specialist(d)) },
  ].filter((m) => m.declarations.length > 0);
}

function write(files: Record<string, string>, at: Map<string, Entity>, path: string, imports: string[], declarations: readonly Declaration[]): void {
  const lines = [...imports, ''];
  for (const d of declarations) {
    lines.push(d.text);
    at.set(`${path}:${lines.length}`, d.entity);
  }
  files[path] = `${lines.join('\n')}\n`;
}

const sorted = (names: Iterable<string>): string => [...new Set(names)].sort().join(', ');

/** Several modules that import each other: the CLI and typed ESLint follow the imports. */
export function emit(config: Config, dir: string): Emitted {
  const files: Record<string, string> = {};
  const at = new Map<string, Entity>();
  const list = modules(config);
  const owner = new Map(list.flatMap((m) => m.declarations.map((d) => [exportedName(d), m.file] as const)));
  for (const m of list) {
    const imports = [`import { ${sorted(m.declarations.flatMap((d) => d.runtime))} } from 'tool-identity-audit/runtime';`];
    const byModule = new Map<string, string[]>();
    for (const name of m.declarations.flatMap((d) => d.uses)) {
      const from = owner.get(name);
      if (from === undefined || from === m.file) continue;
      byModule.set(from, [...(byModule.get(from) ?? []), name]);
    }
    for (const [from, names] of [...byModule].sort(([a], [b]) => (a < b ? -1 : 1))) imports.push(`import { ${sorted(names)} } from './${from.replace(/\.ts$/, '.js')}';`);
    write(files, at, `${dir}/${m.file}`, imports, m.declarations);
  }
  return { files, at };
}

/** Everything in one module: what ESLint decides without type information, file by file. */
export function emitSingle(config: Config, dir: string): Emitted {
  const files: Record<string, string> = {};
  const at = new Map<string, Entity>();
  const declarations = modules(config).flatMap((m) => m.declarations);
  write(files, at, `${dir}/all.ts`, [`import { ${sorted(declarations.flatMap((d) => d.runtime))} } from 'tool-identity-audit/runtime';`], declarations);
  return { files, at };
}

function exportedName(d: Declaration): string {
  return /^export const (\w+)/.exec(d.text)?.[1] ?? '';
}

/** All files of one configuration as one printable text, for failure reports. */
export function printable(emitted: Emitted): string {
  return Object.entries(emitted.files)
    .map(([file, text]) => `// ---- ${file}\n${text}`)
    .join('');
}
