// Shared state of one extraction and small syntax helpers. Nothing here imports `typescript`
// values: the module comes in as `ctx.ts`, so nodes from typescript-eslint's parser and from
// ts-morph's bundled compiler are handled by their own compiler.
import type * as TS from 'typescript';
import type tsDefault from 'typescript';
import type { FrameworkAdapter } from '../adapters/types.js';
import type { FileFacts, Span } from '../types.js';
import type { Def } from './definitions.js';
import type { Decl, FnInfo, Scope } from './scope.js';

/** The compiler module: `import ts from 'typescript'` or `import * as ts from 'typescript'` both fit. */
export type TsModule = typeof tsDefault;

export interface ExtractOptions {
  /** The path recorded as `FileFacts.file` (the caller decides relative vs absolute). */
  file: string;
  /**
   * Seam for type information: called for an expression in a coercion position that syntax alone
   * does not show to be a call ID (`String(x)`, `` `${x}` ``...). Return true when the checker knows
   * it is one; the fact then has evidence 'type'. Syntax-only callers leave it out.
   */
  isCallIdExpression?: (node: TS.Expression) => boolean;
  /** Seam for type information: the checker's type of this value is one tool call (`ToolUseBlock`, a narrowed union member). */
  isToolCallExpression?: (node: TS.Expression) => boolean;
  /** Seam for type information: this value is a `string` that cannot be missing, so a fallback on it cannot run. */
  isPresentString?: (node: TS.Expression) => boolean;
  /** Adapters to consider; defaults to the registry (`src/facts/adapters/index.ts`). */
  adapters?: readonly FrameworkAdapter[];
}

export interface Ctx {
  ts: TsModule;
  sf: TS.SourceFile;
  text: string;
  options: ExtractOptions;
  facts: FileFacts;
  /** Every adapter considered (`options.adapters` or the registry). */
  adapters: readonly FrameworkAdapter[];
  /** Adapters enabled by this file's imports, in registry order. */
  enabled: FrameworkAdapter[];
  /** Only when the parser did not set `node.parent`. */
  parents: Map<TS.Node, TS.Node> | undefined;
  fileScope: Scope;
  /** Ids already handed out (`tool@12`), to keep them unique. */
  usedIds: Set<string>;
  /** Definition calls, classified once (null: not a definition). */
  defs: Map<TS.Node, Def | null>;
  /** Functions of the file (filled by the walk). */
  fnByNode: Map<TS.Node, FnInfo>;
  /** Functions named by some `function`/`param` value: they get a `FunctionFact`. */
  referencedFunctions: Set<TS.Node>;
  /** Every declaration, in walk order (bindings are built from these). */
  declared: Decl[];
  /** Property names that hold an agent's or a context's tools after construction (`agent.tools`). */
  liveProperties: ReadonlySet<string>;
}

/**
 * The compiler members the extractor uses. `typescript`'s module object holds some 2,000 exports as
 * getters on a dictionary-mode object, so every `ts.isIdentifier(...)` is a hash lookup plus a getter
 * call; on the cold code ESLint runs (interpreter, no optimised inline caches) that was a large part
 * of extraction. `compilerView` copies these members once per compiler module into a small object.
 */
const COMPILER_MEMBERS = [
  'NodeFlags',
  'SyntaxKind',
  'canHaveModifiers',
  'forEachChild',
  'getModifiers',
  'isArrayLiteralExpression',
  'isArrowFunction',
  'isAsExpression',
  'isAwaitExpression',
  'isBinaryExpression',
  'isBlock',
  'isCallExpression',
  'isCaseBlock',
  'isCaseClause',
  'isCatchClause',
  'isClassDeclaration',
  'isClassLike',
  'isComputedPropertyName',
  'isConditionalExpression',
  'isConstructorDeclaration',
  'isDefaultClause',
  'isDeleteExpression',
  'isElementAccessExpression',
  'isEnumDeclaration',
  'isExportAssignment',
  'isExportDeclaration',
  'isExpressionStatement',
  'isExternalModuleReference',
  'isForInStatement',
  'isForOfStatement',
  'isFunctionDeclaration',
  'isFunctionExpression',
  'isFunctionLike',
  'isGetAccessorDeclaration',
  'isIdentifier',
  'isIfStatement',
  'isImportDeclaration',
  'isImportEqualsDeclaration',
  'isMethodDeclaration',
  'isNamespaceExport',
  'isNamespaceImport',
  'isNewExpression',
  'isNoSubstitutionTemplateLiteral',
  'isNonNullExpression',
  'isNumericLiteral',
  'isObjectBindingPattern',
  'isObjectLiteralExpression',
  'isOmittedExpression',
  'isParameter',
  'isParenthesizedExpression',
  'isPostfixUnaryExpression',
  'isPrefixUnaryExpression',
  'isPrivateIdentifier',
  'isPropertyAccessExpression',
  'isPropertyAssignment',
  'isReturnStatement',
  'isSatisfiesExpression',
  'isSetAccessorDeclaration',
  'isShorthandPropertyAssignment',
  'isSourceFile',
  'isSpreadAssignment',
  'isSpreadElement',
  'isStringLiteral',
  'isTaggedTemplateExpression',
  'isTemplateExpression',
  'isTemplateSpan',
  'isThrowStatement',
  'isTypeAssertionExpression',
  'isTypeOfExpression',
  'isTypeReferenceNode',
  'isVariableDeclaration',
  'isVariableDeclarationList',
  'isVariableStatement',
  'isVoidExpression',
] as const;

const views = new WeakMap<object, TsModule>();

/**
 * A fast view of the compiler module: the members above as plain data properties, everything else
 * still reachable through the prototype (only slower), so a member missing from the list is no bug.
 */
export function compilerView(ts: TsModule): TsModule {
  let view = views.get(ts);
  if (!view) {
    const members: PropertyDescriptorMap = {};
    for (const name of COMPILER_MEMBERS) members[name] = { value: (ts as unknown as Record<string, unknown>)[name] };
    view = Object.create(ts, members) as TsModule;
    views.set(ts, view);
  }
  return view;
}

export function emptyFacts(file: string): FileFacts {
  return {
    file,
    adapters: [],
    imports: [],
    exports: [],
    exportAll: [],
    bindings: {},
    tools: [],
    namespaces: [],
    handoffs: [],
    agents: [],
    mcpServers: [],
    mcpRegistrations: [],
    functions: [],
    calls: [],
    exposures: [],
    agentMutations: [],
    callIdCoercions: [],
    identityStrings: [],
    mcpNameLookups: [],
    generatedCode: [],
    contextUses: [],
    runReferences: [],
    middleware: [],
  };
}

export function parentOf(ctx: Ctx, node: TS.Node): TS.Node | undefined {
  return (node.parent as TS.Node | undefined) ?? ctx.parents?.get(node);
}

export function startOf(ctx: Ctx, node: TS.Node): number {
  return node.getStart(ctx.sf);
}

export function spanOf(ctx: Ctx, node: TS.Node): Span {
  return spanFromOffsets(ctx, node.getStart(ctx.sf), node.getEnd());
}

export function spanFromOffsets(ctx: Ctx, start: number, end: number): Span {
  const lineStarts = ctx.sf.getLineStarts();
  const startLine = lineOf(lineStarts, start);
  // Most spans sit on one line: try the start's line before searching again.
  const endLine = end < (lineStarts[startLine + 1] ?? Infinity) ? startLine : lineOf(lineStarts, end);
  return {
    start,
    end,
    loc: {
      start: { line: startLine + 1, column: start - lineStarts[startLine]! },
      end: { line: endLine + 1, column: end - lineStarts[endLine]! },
    },
  };
}

/**
 * 0-based line of `position`: what `sf.getLineAndCharacterOfPosition` computes, by one plain binary
 * search instead of the compiler's generic one (key selector, comparer, result object per call).
 */
function lineOf(lineStarts: readonly number[], position: number): number {
  let low = 0;
  let high = lineStarts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (lineStarts[middle]! <= position) low = middle;
    else high = middle - 1;
  }
  return low;
}

export function textOf(ctx: Ctx, node: TS.Node): string {
  return ctx.text.slice(node.getStart(ctx.sf), node.getEnd());
}

const MAX_TEXT = 160;

/** Source text for `unknown`/`dynamic` values, bounded so huge expressions do not bloat facts. */
export function shortText(ctx: Ctx, node: TS.Node): string {
  const text = textOf(ctx, node);
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

/** A deterministic id, unique within the file: `tool@<start>` (`tool@<start>:<end>` on a tie). */
export function makeId(ctx: Ctx, prefix: string, node: TS.Node): string {
  let id = `${prefix}@${startOf(ctx, node)}`;
  if (ctx.usedIds.has(id)) id = `${id}:${node.getEnd()}`;
  ctx.usedIds.add(id);
  return id;
}

let wrapperKindsOf: TsModule['SyntaxKind'] | undefined;
let wrapperKinds: Uint8Array = new Uint8Array(0);

/**
 * `wrapperKinds[kind]` is 1 for parentheses, `as`, `satisfies`, `!` and `<T>x`. `unwrap` runs many
 * times per candidate: one table read per level instead of five `ts.isX` calls (remembered for the
 * last compiler module seen; kind numbers differ between compiler versions).
 */
function wrappers(ts: TsModule): Uint8Array {
  const K = ts.SyntaxKind;
  if (wrapperKindsOf !== K) {
    wrapperKinds = new Uint8Array(K.Count);
    for (const kind of [K.ParenthesizedExpression, K.AsExpression, K.SatisfiesExpression, K.NonNullExpression, K.TypeAssertionExpression]) {
      wrapperKinds[kind] = 1;
    }
    wrapperKindsOf = K;
  }
  return wrapperKinds;
}

/** Strips parentheses, `as`, `satisfies`, `!` and `<T>x` (they do not change the value). */
export function unwrap(ts: TsModule, node: TS.Expression): TS.Expression {
  const isWrapper = wrappers(ts);
  let current = node;
  while (isWrapper[current.kind] === 1) current = (current as TS.ParenthesizedExpression).expression;
  return current;
}

/** Parent of `node` seen through parentheses/`as`/`!` wrappers, with the outermost wrapper. */
export function outerParent(ctx: Ctx, node: TS.Node): { parent: TS.Node | undefined; child: TS.Node } {
  const isWrapper = wrappers(ctx.ts);
  let child = node;
  let parent = parentOf(ctx, child);
  while (parent && isWrapper[parent.kind] === 1) {
    child = parent;
    parent = parentOf(ctx, child);
  }
  return { parent, child };
}

/** `x as const` (possibly inside `satisfies`/parentheses). */
export function isAsConst(ts: TsModule, node: TS.Expression): boolean {
  let current: TS.Expression = node;
  for (;;) {
    if (ts.isAsExpression(current)) {
      const type = current.type;
      if (ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && type.typeName.text === 'const') return true;
      current = current.expression;
    } else if (ts.isParenthesizedExpression(current) || ts.isSatisfiesExpression(current)) {
      current = current.expression;
    } else {
      return false;
    }
  }
}

/** A string literal or a template literal without substitutions. */
export function isStringLike(ts: TsModule, node: TS.Node): node is TS.StringLiteral | TS.NoSubstitutionTemplateLiteral {
  return ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);
}

/** Operands of a `+` chain, left to right: `a + '.' + b` → [a, '.', b]. */
export function flattenPlus(ctx: Ctx, node: TS.Expression, out: TS.Expression[] = []): TS.Expression[] {
  const { ts } = ctx;
  const e = unwrap(ts, node);
  if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    flattenPlus(ctx, e.left, out);
    flattenPlus(ctx, e.right, out);
  } else {
    out.push(node);
  }
  return out;
}

/** The static text of a property name (`a`, `'a'`, `1`, `['a']`), or undefined. */
export function propertyNameText(ts: TsModule, name: TS.PropertyName | TS.BindingName | undefined): string | undefined {
  if (!name) return undefined;
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name)) return name.text;
  if (ts.isStringLiteral(name) || ts.isNumericLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name)) return name.text;
  if (ts.isComputedPropertyName(name)) {
    const expr = unwrap(ts, name.expression);
    if (isStringLike(ts, expr) || ts.isNumericLiteral(expr)) return expr.text;
  }
  return undefined;
}

/** `name` of `a.name`, `'name'` of `a['name']`, or undefined. */
export function accessName(ts: TsModule, node: TS.Expression): string | undefined {
  if (ts.isPropertyAccessExpression(node)) return node.name.text;
  if (ts.isElementAccessExpression(node)) {
    const arg = unwrap(ts, node.argumentExpression);
    if (isStringLike(ts, arg) || ts.isNumericLiteral(arg)) return arg.text;
  }
  return undefined;
}

/** The last name of an identifier or a property chain (`tool.namespace` → `namespace`). */
export function terminalName(ts: TsModule, node: TS.Expression): string | undefined {
  const expr = unwrap(ts, node);
  if (ts.isIdentifier(expr)) return expr.text;
  return accessName(ts, expr);
}

/** The text of a value as a chain reads it, without `?.` and `!` (`a?.b!.c` → `a.b.c`): one value, however guarded. */
export function chainText(ctx: Ctx, node: TS.Expression): string {
  return textOf(ctx, unwrap(ctx.ts, node)).replace(/\?\./g, '.').replace(/!/g, '');
}

/** True for an identifier or a property chain of identifiers (`item`, `event.data.item`, `this.x`). */
export function isSimpleChain(ts: TsModule, node: TS.Expression): boolean {
  const expr = unwrap(ts, node);
  if (ts.isIdentifier(expr) || expr.kind === ts.SyntaxKind.ThisKeyword) return true;
  if (ts.isPropertyAccessExpression(expr)) return isSimpleChain(ts, expr.expression);
  if (ts.isElementAccessExpression(expr)) return accessName(ts, expr) !== undefined && isSimpleChain(ts, expr.expression);
  return false;
}

export function isFunctionLike(ts: TsModule, node: TS.Node): node is TS.FunctionLikeDeclaration {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  );
}

export function isAssignmentOperator(ts: TsModule, kind: TS.SyntaxKind): boolean {
  return kind >= ts.SyntaxKind.FirstAssignment && kind <= ts.SyntaxKind.LastAssignment;
}

export function own<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return record && Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}

/**
 * The branches `node` sits in, up to its function: `<if start>:then|else`, `<switch start>:<clause>`,
 * `<conditional start>:then|else`. Two places whose paths differ at one statement never both run.
 */
export function branchPath(ctx: Ctx, node: TS.Node): string[] {
  const { ts } = ctx;
  const path: string[] = [];
  let child: TS.Node = node;
  for (let parent = node.parent; parent && !ts.isSourceFile(parent) && !ts.isFunctionLike(parent); parent = parent.parent) {
    if (ts.isIfStatement(parent) && child !== parent.expression) {
      path.push(`${parent.getStart(ctx.sf)}:${child === parent.thenStatement ? 'then' : 'else'}`);
    } else if (ts.isConditionalExpression(parent) && child !== parent.condition) {
      path.push(`${parent.getStart(ctx.sf)}:${child === parent.whenTrue ? 'then' : 'else'}`);
    } else if (ts.isCaseBlock(parent) && (ts.isCaseClause(child) || ts.isDefaultClause(child))) {
      path.push(`${parent.parent.getStart(ctx.sf)}:${parent.clauses.indexOf(child)}`);
    }
    child = parent;
  }
  return path.reverse();
}

/** The method (or arrow-function property) `name` of a class: what `this.name(...)` runs there. */
export function classMethod(ctx: Ctx, cls: TS.ClassLikeDeclaration, name: string): TS.FunctionLikeDeclaration | undefined {
  const { ts } = ctx;
  for (const member of cls.members) {
    if (propertyNameText(ts, member.name) !== name) continue;
    if (ts.isMethodDeclaration(member) && member.body) return member;
    if (ts.isPropertyDeclaration(member) && member.initializer) {
      const init = unwrap(ts, member.initializer);
      if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return init;
    }
  }
  return undefined;
}
