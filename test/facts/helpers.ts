// Shared helpers for the fact-extractor tests: run the extractor through both compilers (ts-morph's
// bundled TypeScript and the project's `typescript`) on the same text, require identical results
// that survive a JSON round trip, and compute expected positions independently of any compiler.
import ts from 'typescript';
import { Project, ts as morphTs } from 'ts-morph';
import { expect } from 'vitest';
import { adapterNaming } from '../../src/facts/adapters/index.js';
import { extractFacts, type ExtractOptions } from '../../src/facts/extract.js';
import { linkFacts } from '../../src/facts/resolve.js';
import type { FileFacts, NameValue, Position, Span, ValueRef } from '../../src/facts/types.js';

const project = new Project({
  useInMemoryFileSystem: true,
  compilerOptions: { target: morphTs.ScriptTarget.ES2022, module: morphTs.ModuleKind.NodeNext, strict: true },
  skipFileDependencyResolution: true,
});

let counter = 0;

export function viaTsMorph(file: string, code: string, options: Omit<ExtractOptions, 'file'> = {}): FileFacts {
  // A fresh directory per call: the in-memory project keeps files, and tests reuse names.
  const sf = project.createSourceFile(`/p${counter++}/${file}`, code, { overwrite: true });
  const facts = extractFacts(morphTs, sf.compilerNode, { ...options, file });
  project.removeSourceFile(sf);
  return facts;
}

export function viaTypeScript(file: string, code: string, options: Omit<ExtractOptions, 'file'> = {}): FileFacts {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, kind);
  return extractFacts(ts, sf, { ...options, file });
}

/** Facts of `code`, asserted identical through both compilers and across a JSON round trip. */
export function extract(code: string, file = 'src/agents.ts', options: Omit<ExtractOptions, 'file'> = {}): FileFacts {
  const morph = viaTsMorph(file, code, options);
  const plain = viaTypeScript(file, code, options);
  expect(morph).toStrictEqual(plain);
  expect(JSON.parse(JSON.stringify(plain))).toStrictEqual(plain);
  return plain;
}

/** Line (1-based) and column (0-based, UTF-16) of the `nth` occurrence of `needle`, computed from the text. */
export function pos(code: string, needle: string, nth = 0): Position {
  let index = -1;
  for (let i = 0; i <= nth; i++) {
    index = code.indexOf(needle, index + 1);
    if (index < 0) throw new Error(`"${needle}" occurs fewer than ${nth + 1} times`);
  }
  const before = code.slice(0, index).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length };
}

/** Offset of the `nth` occurrence of `needle`. */
export function offset(code: string, needle: string, nth = 0): number {
  let index = -1;
  for (let i = 0; i <= nth; i++) {
    index = code.indexOf(needle, index + 1);
    if (index < 0) throw new Error(`"${needle}" occurs fewer than ${nth + 1} times`);
  }
  return index;
}

/** The span a compiler must report for exactly `needle` (its `nth` occurrence). */
export function spanOfText(code: string, needle: string, nth = 0): Span {
  const start = offset(code, needle, nth);
  const end = start + needle.length;
  const before = code.slice(0, end).split('\n');
  return {
    start,
    end,
    loc: { start: pos(code, needle, nth), end: { line: before.length, column: before[before.length - 1]!.length } },
  };
}

/** `value` of a static name, `imported:<module>#<name>.<path>`, `concat:<part>+<part>`, or `dynamic:<text>`. */
export function nameOf(name: NameValue | undefined): string | undefined {
  if (!name) return undefined;
  if (name.kind === 'static') return name.value;
  if (name.kind === 'imported') return `imported:${name.module}#${[name.imported, ...name.path].join('.')}`;
  if (name.kind === 'concat') return `concat:${name.parts.map((part) => nameOf(part)).join('+')}`;
  return `dynamic:${name.text}`;
}

/** A compact, span-free rendering of a value, for readable assertions. */
export function show(ref: ValueRef | undefined): string {
  if (!ref) return 'none';
  switch (ref.kind) {
    case 'tool':
    case 'agent':
    case 'mcp-server':
    case 'namespace':
    case 'handoff':
      return `${ref.kind}:${ref.id}`;
    case 'function':
      return `function:${ref.key}`;
    case 'class':
      return `class:${ref.id}`;
    case 'instance':
      return `new ${show(ref.of)}`;
    case 'subclass':
      return `class extends ${show(ref.of)}`;
    case 'call-result':
      return `${show(ref.fn)}()`;
    case 'param':
      return `param:${ref.fn}#${ref.index}:${ref.name}`;
    case 'string':
      return JSON.stringify(ref.value);
    case 'array':
      return `[${ref.elements.map(show).join(', ')}]`;
    case 'spread':
      return `...${show(ref.of)}`;
    case 'object':
      return `{${ref.properties.map((p) => `${p.key}: ${show(p.value)}`).join(', ')}}`;
    case 'binding':
      return `binding:${ref.key}`;
    case 'import':
      return `import:${ref.module}#${ref.imported}`;
    case 'member':
      return `${show(ref.object)}.${ref.property}`;
    case 'unknown':
      return `unknown(${ref.text})`;
  }
}

/** `tool@<offset of needle>` style ids, computed from the text. */
export function idAt(prefix: string, code: string, needle: string, nth = 0): string {
  return `${prefix}@${offset(code, needle, nth)}`;
}

/** The model-facing names the linker gives one file's tools and namespaces (naming lives in the linker). */
export function linkedNames(facts: FileFacts): { tools: Map<string, string | undefined>; namespaces: Map<string, string | undefined> } {
  const linked = linkFacts([facts], { resolveModule: () => undefined, naming: adapterNaming });
  const id = (key: string): string => key.slice(key.indexOf('#') + 1);
  return {
    tools: new Map(linked.tools.map((t) => [id(t.key), t.name])),
    namespaces: new Map(linked.namespaces.map((n) => [id(n.key), n.name])),
  };
}

/** `linkedNames(facts).tools` in the order of `facts.tools`. */
export function publicNames(facts: FileFacts): Array<string | undefined> {
  const names = linkedNames(facts).tools;
  return facts.tools.map((t) => names.get(t.id));
}
