// A project's own definers, sets and registrations, declared in its configuration (`adapters` in
// tool-identity-audit.config.json, or the ESLint setting of the same name) in the adapter
// vocabulary. A declaration either extends a built-in adapter ("`registerPaidTool(server, name, …)`
// registers `name` on `server` like `registerTool`"), so its tools behave as that framework's, or
// is an adapter of its own. Every shape it declares is a project callable: matched by the name it
// is declared or imported under (`wrapper` in `CallShape`), in every file that writes that name.
// The schema that validates declarations is declarations-schema.ts: zod is loaded only when
// something was declared.
import type { AdapterDeclaration, DeclaredCallShape } from './declarations-schema.js';
import { adapters as builtins } from './index.js';
import type { CallShape, ExposureSpec, FrameworkAdapter, McpDispatchSpec, McpRegistrationSpec, McpServerSpec, PassThroughSpec, ToolDefiner } from './types.js';

export type { AdapterDeclaration } from './declarations-schema.js';


const verbatim = (name: string): string => name;

function asWrappers(shapes: readonly DeclaredCallShape[]): CallShape[] {
  return shapes.map((shape) => ({ ...shape, wrapper: true }) as CallShape);
}

function withWrapperShapes<T extends { match: readonly DeclaredCallShape[] }>(list: readonly T[] | undefined): Array<Omit<T, 'match'> & { match: CallShape[] }> {
  return (list ?? []).map((spec) => ({ ...spec, match: asWrappers(spec.match) }));
}

function declaredPieces(declaration: AdapterDeclaration): Pick<FrameworkAdapter, 'tools' | 'exposures' | 'mcpServers' | 'mcpRegistrations' | 'mcpDispatches' | 'passThrough'> {
  return {
    tools: withWrapperShapes(declaration.tools) as ToolDefiner[],
    exposures: withWrapperShapes(declaration.exposures) as ExposureSpec[],
    mcpServers: withWrapperShapes(declaration.mcpServers).map((spec) => ({ ...spec, role: 'server' as const })) as McpServerSpec[],
    mcpRegistrations: withWrapperShapes(declaration.mcpRegistrations) as McpRegistrationSpec[],
    passThrough: withWrapperShapes(declaration.passThrough) as PassThroughSpec[],
    mcpDispatches: withWrapperShapes(declaration.mcpDispatches) as McpDispatchSpec[],
  };
}

const cached = new WeakMap<readonly AdapterDeclaration[], readonly FrameworkAdapter[]>();

/**
 * The adapters of a run: the built-in ones, each extended by the declarations that name it, then
 * the declared adapters of their own. The built-in list itself when nothing is declared.
 */
export function declaredAdapters(declarations: readonly AdapterDeclaration[] | undefined): readonly FrameworkAdapter[] {
  if (!declarations || declarations.length === 0) return builtins;
  let list = cached.get(declarations);
  if (list) return list;
  const extended = builtins.map((adapter): FrameworkAdapter => {
    const extensions = declarations.filter((declaration) => declaration.extends === adapter.id);
    if (extensions.length === 0) return adapter;
    const added = extensions.map(declaredPieces);
    return {
      ...adapter,
      tools: [...(adapter.tools ?? []), ...added.flatMap((piece) => piece.tools ?? [])],
      exposures: [...(adapter.exposures ?? []), ...added.flatMap((piece) => piece.exposures ?? [])],
      mcpServers: [...(adapter.mcpServers ?? []), ...added.flatMap((piece) => piece.mcpServers ?? [])],
      mcpRegistrations: [...(adapter.mcpRegistrations ?? []), ...added.flatMap((piece) => piece.mcpRegistrations ?? [])],
      passThrough: [...(adapter.passThrough ?? []), ...added.flatMap((piece) => piece.passThrough ?? [])],
      mcpDispatches: [...(adapter.mcpDispatches ?? []), ...added.flatMap((piece) => piece.mcpDispatches ?? [])],
    };
  });
  const own = declarations.flatMap((declaration): FrameworkAdapter[] =>
    declaration.extends === undefined && declaration.id !== undefined
      ? [
          {
            id: declaration.id,
            title: declaration.title ?? declaration.id,
            enablers: [],
            dispatch: declaration.dispatch ?? 'last',
            ...declaredPieces(declaration),
            naming: { tool: verbatim, namespace: verbatim, handoff: (agentName) => `transfer_to_${agentName}`, agentTool: verbatim },
          },
        ]
      : [],
  );
  list = [...extended, ...own];
  cached.set(declarations, list);
  return list;
}

/** The adapter with this id in a run's list. */
export function adapterIn(list: readonly FrameworkAdapter[], id: string): FrameworkAdapter | undefined {
  return list.find((adapter) => adapter.id === id);
}
