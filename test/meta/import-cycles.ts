// The import graph of src/ and its cycles, for test/meta/import-cycles.test.ts. Every relative
// import, re-export and `import('...')` of every file is an edge, marked type-only when it carries
// no value at run time (`import type`, `export type`, an import whose every name is `type`, an
// `import('...')` type); the cycles are the strongly connected components of that graph.
import fs from 'node:fs';
import path from 'node:path';
import { ts } from 'ts-morph';

export interface Edge {
  from: string;
  to: string;
  typeOnly: boolean;
}

/** Every .ts file under `dir` (relative to `root`, POSIX), sorted. */
export function sourceFiles(root: string, dir: string): string[] {
  return fs
    .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => path.posix.join(dir, f.split(path.sep).join('/')))
    .sort();
}

/** `./x.js` from `src/a/b.ts` -> `src/a/x.ts` (or `src/a/x/index.ts`), when that file is in `files`. */
function resolve(from: string, specifier: string, files: ReadonlySet<string>): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  const candidates = [base.replace(/\.[cm]?js$/, '.ts'), base.replace(/\.[cm]?js$/, '.tsx'), `${base}.ts`, `${base}/index.ts`];
  return candidates.find((c) => files.has(c));
}

/** The module edges of one file's text. */
export function importsOf(file: string, text: string, files: ReadonlySet<string>): Edge[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const edges: Edge[] = [];
  const add = (specifier: ts.Node | undefined, typeOnly: boolean): void => {
    if (!specifier || !ts.isStringLiteralLike(specifier)) return;
    const to = resolve(file, specifier.text, files);
    if (to === undefined) {
      if (specifier.text.startsWith('.')) throw new Error(`${file}: cannot resolve ${specifier.text}`);
      return;
    }
    edges.push({ from: file, to, typeOnly });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      // `import './x.js'` runs the module; `import { type A, type B }` carries no value.
      const bindings = clause?.namedBindings;
      const allTypeNames =
        clause !== undefined &&
        clause.name === undefined &&
        bindings !== undefined &&
        ts.isNamedImports(bindings) &&
        bindings.elements.length > 0 &&
        bindings.elements.every((e) => e.isTypeOnly);
      add(node.moduleSpecifier, clause !== undefined && (clause.isTypeOnly || allTypeNames));
    } else if (ts.isExportDeclaration(node)) {
      const clause = node.exportClause;
      const allTypeNames = clause !== undefined && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly);
      add(node.moduleSpecifier, node.isTypeOnly || allTypeNames);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node.moduleReference.expression, node.isTypeOnly);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal, true);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node.arguments[0], false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

/** Every edge among the .ts files under `dirs` of `root`. */
export function importGraph(root: string, dirs: readonly string[]): Edge[] {
  const files = dirs.flatMap((dir) => sourceFiles(root, dir));
  const set = new Set(files);
  return files.flatMap((file) => importsOf(file, fs.readFileSync(path.join(root, file), 'utf8'), set));
}

/** The strongly connected components with a cycle (two or more files, or a file importing itself), each sorted, in order. */
export function cycles(edges: readonly Edge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) {
    next.set(from, [...(next.get(from) ?? []), to]);
    if (!next.has(to)) next.set(to, []);
  }
  // Tarjan's algorithm, iterative enough for a source tree (recursion depth = longest import chain).
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const connect = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter);
    counter += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      const selfLoop = component.length === 1 && (next.get(v) ?? []).includes(v);
      if (component.length > 1 || selfLoop) components.push(component.sort());
    }
  };
  for (const v of [...next.keys()].sort()) if (!index.has(v)) connect(v);
  return components.sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
}

/** One cycle through a component's files, as `a -> b -> a`: what to break. */
export function cyclePath(component: readonly string[], edges: readonly Edge[]): string {
  const inside = new Set(component);
  const start = component[0]!;
  // Breadth-first from start back to start, within the component.
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift()!;
    for (const e of edges) {
      if (e.from !== v || !inside.has(e.to)) continue;
      if (e.to === start) {
        const route = [start];
        for (let at: string | undefined = v; at !== undefined && at !== start; at = previous.get(at)) route.splice(1, 0, at);
        return [...route, start].join(' -> ');
      }
      if (!previous.has(e.to)) {
        previous.set(e.to, v);
        queue.push(e.to);
      }
    }
  }
  return component.join(', ');
}
