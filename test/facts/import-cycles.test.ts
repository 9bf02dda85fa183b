// The fact layers import one way: no runtime import cycle anywhere in src/, and none at all (type
// imports included) through the adapter vocabulary or the linker (`src/facts/resolve/`), whose
// files each import only files above them.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(`${dir}/${entry.name}`) : entry.name.endsWith('.ts') ? [`${dir}/${entry.name}`] : [],
  );
}

/** Relative imports and re-exports of each file; `runtime` leaves out those erased at compile time. */
function importGraph(runtime: boolean): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles('src')) {
    const sf = ts.createSourceFile(file, readFileSync(path.join(root, file), 'utf8'), ts.ScriptTarget.Latest);
    const targets: string[] = [];
    for (const statement of sf.statements) {
      if (!(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement))) continue;
      const specifier = statement.moduleSpecifier;
      if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) continue;
      if (runtime && isErased(statement)) continue;
      targets.push(path.posix.join(path.posix.dirname(file), specifier.text.replace(/\.js$/, '.ts')));
    }
    graph.set(file, targets);
  }
  return graph;
}

function isErased(statement: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(statement)) {
    const clause = statement.exportClause;
    return statement.isTypeOnly || (clause !== undefined && ts.isNamedExports(clause) && clause.elements.every((e) => e.isTypeOnly));
  }
  const clause = statement.importClause;
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  const named = clause.namedBindings;
  return !clause.name && named !== undefined && ts.isNamedImports(named) && named.elements.every((e) => e.isTypeOnly);
}

/** Strongly connected components of more than one file (Tarjan), each sorted. */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) out.push(component.sort());
  }
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
}

describe('import cycles', () => {
  it('no runtime import cycle in src/', () => {
    expect(cycles(importGraph(true))).toEqual([]);
  });

  it('none through the adapter vocabulary, the fact types or the linker, type imports included', () => {
    const touches = (component: string[]): boolean =>
      component.some((file) => file.startsWith('src/facts/adapters/') || file.startsWith('src/facts/resolve') || file === 'src/facts/types.ts');
    expect(cycles(importGraph(false)).filter(touches)).toEqual([]);
  });
});
