// The single walk over a file: it builds lexical scopes (declarations of every kind, hoisting
// included, because all declarations are known before any candidate is interpreted) and collects
// the candidate nodes that later steps turn into facts. One `ts.forEachChild` recursion, no
// checker, linear in the size of the file.
import type * as TS from 'typescript';
import { type Ctx, type TsModule, accessName, isAssignmentOperator, parentOf, propertyNameText, startOf, unwrap } from './context.js';
import { packageSpecifier } from './specifier.js';

export type DeclKind = 'const' | 'let' | 'var' | 'param' | 'function' | 'class' | 'enum' | 'import' | 'other';

export interface FnInfo {
  /** `fn@<start>`: `FunctionFact.key` and `ValueRef.function.key`. */
  key: string;
  node: TS.FunctionLikeDeclaration;
  name: string | undefined;
  params: string[];
  /** The function's own scope (parameters; an arrow's expression body is resolved here). */
  scope?: Scope;
}

export interface Decl {
  kind: DeclKind;
  name: string;
  /** `<name>@<start of the declared identifier>`: `ValueRef.binding.key`. */
  key: string;
  nameNode: TS.Node;
  /** The scope the declaration lives in: initialisers are resolved from here. */
  scope: Scope;
  /** Initialiser of `const x = init` (a plain identifier declaration). */
  init?: TS.Expression;
  /** Element of a binding pattern: `const { a: { b } } = root` → root and path `['a', 'b']` (undefined: not static). */
  pattern?: { root: TS.Expression; path: string[] | undefined };
  /** Assigned (`x = ...`, `x++`) somewhere in the file after its declaration. */
  reassigned: boolean;
  /** param: the function; function: the declared function. */
  fn?: FnInfo;
  paramIndex?: number;
  /** Declaration node of a function, class or enum; the parameter node of a parameter. */
  node?: TS.Node;
  /** import: the module and the exported name (`default`, `*` for a namespace). */
  module?: string;
  imported?: string;
  typeOnly?: boolean;
}

export interface Scope {
  parent: Scope | undefined;
  /** Made on the first declaration: most blocks declare nothing, and the walk runs cold in ESLint. */
  decls: Map<string, Decl> | undefined;
  /** Function or file scope (`var` declarations go here). */
  isFunctionScope: boolean;
}

export interface Candidate {
  node: TS.Node;
  scope: Scope;
}

export interface WalkResult {
  candidates: Candidate[];
  functions: FnInfo[];
  fnByNode: Map<TS.Node, FnInfo>;
  /** Every variable declaration with the scope of its names (bindings are built from these). */
  variables: Array<{ node: TS.VariableDeclaration; scope: Scope }>;
  /** Module specifiers of `require('x')` calls (they enable adapters like imports). */
  requires: string[];
}

export function newScope(parent: Scope | undefined, isFunctionScope: boolean): Scope {
  return { parent, decls: undefined, isFunctionScope };
}

export function lookup(scope: Scope, name: string): Decl | undefined {
  for (let s: Scope | undefined = scope; s; s = s.parent) {
    const decl = s.decls?.get(name);
    if (decl) return decl;
  }
  return undefined;
}

export function fnKeyOf(ctx: Ctx, node: TS.Node): string {
  return `fn@${startOf(ctx, node)}`;
}

function declare(ctx: Ctx, scope: Scope, kind: DeclKind, nameNode: TS.Identifier, extra: Partial<Decl> = {}): Decl {
  const name = nameNode.text;
  const existing = scope.decls?.get(name);
  if (existing) return existing; // overloads, merged declarations, `var` redeclared: the first one wins
  const decl: Decl = { kind, name, key: `${name}@${startOf(ctx, nameNode)}`, nameNode, scope, reassigned: false, ...extra };
  (scope.decls ??= new Map()).set(name, decl);
  ctx.declared.push(decl);
  return decl;
}

function functionScopeOf(scope: Scope): Scope {
  let s = scope;
  while (!s.isFunctionScope && s.parent) s = s.parent;
  return s;
}

/** `require('m')` with a literal specifier. */
export function requireSpecifier(ctx: Ctx, expr: TS.Expression | undefined): string | undefined {
  if (!expr) return undefined;
  const { ts } = ctx;
  const e = unwrap(ts, expr);
  if (
    ts.isCallExpression(e) &&
    ts.isIdentifier(e.expression) &&
    e.expression.text === 'require' &&
    e.arguments.length === 1 &&
    ts.isStringLiteral(e.arguments[0]!)
  ) {
    return (e.arguments[0] as TS.StringLiteral).text;
  }
  return undefined;
}

/** Imports of the file (top-level declarations), declared before the walk. */
export function declareImports(ctx: Ctx, scope: Scope): string[] {
  const { ts } = ctx;
  const specifiers: string[] = [];
  for (const statement of ctx.sf.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const module = packageSpecifier(statement.moduleSpecifier.text);
      specifiers.push(module);
      const clause = statement.importClause;
      if (!clause) continue;
      const clauseTypeOnly = clause.isTypeOnly;
      if (clause.name) declare(ctx, scope, 'import', clause.name, { module, imported: 'default', typeOnly: clauseTypeOnly });
      const bindings = clause.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) {
        declare(ctx, scope, 'import', bindings.name, { module, imported: '*', typeOnly: clauseTypeOnly });
      } else if (bindings) {
        for (const element of bindings.elements) {
          const imported = element.propertyName ? propertyNameText(ts, element.propertyName) ?? element.name.text : element.name.text;
          declare(ctx, scope, 'import', element.name, { module, imported, typeOnly: clauseTypeOnly || element.isTypeOnly });
        }
      }
    } else if (
      ts.isImportEqualsDeclaration(statement) &&
      ts.isExternalModuleReference(statement.moduleReference) &&
      ts.isStringLiteral(statement.moduleReference.expression)
    ) {
      const module = packageSpecifier(statement.moduleReference.expression.text);
      specifiers.push(module);
      declare(ctx, scope, 'import', statement.name, { module, imported: '*', typeOnly: statement.isTypeOnly });
    }
  }
  return specifiers;
}

/** Names bound by a binding pattern, with their property path from the pattern's root. */
function declarePattern(
  ctx: Ctx,
  scope: Scope,
  kind: DeclKind,
  pattern: TS.BindingName,
  root: TS.Expression | undefined,
  path: string[] | undefined,
): void {
  const { ts } = ctx;
  if (ts.isIdentifier(pattern)) {
    if (kind === 'const' || kind === 'let' || kind === 'var') {
      const module = root ? requireSpecifier(ctx, root) : undefined;
      if (module !== undefined && path && path.length === 1) {
        declare(ctx, scope, 'import', pattern, { module, imported: path[0]! });
        return;
      }
      declare(ctx, scope, kind, pattern, root ? { pattern: { root, path } } : {});
    } else {
      declare(ctx, scope, kind, pattern);
    }
    return;
  }
  if (ts.isObjectBindingPattern(pattern)) {
    for (const element of pattern.elements) {
      const key = element.dotDotDotToken ? undefined : propertyNameText(ts, element.propertyName ?? element.name);
      declarePattern(ctx, scope, kind, element.name, root, path && key !== undefined ? [...path, key] : undefined);
    }
    return;
  }
  pattern.elements.forEach((element, index) => {
    if (ts.isOmittedExpression(element)) return;
    const key = element.dotDotDotToken ? undefined : String(index);
    declarePattern(ctx, scope, kind, element.name, root, path && key !== undefined ? [...path, key] : undefined);
  });
}

function declareVariable(ctx: Ctx, scope: Scope, node: TS.VariableDeclaration): void {
  const { ts } = ctx;
  const list = parentOf(ctx, node);
  let kind: DeclKind = 'var';
  if (list && ts.isVariableDeclarationList(list)) {
    const blockScoped = list.flags & ts.NodeFlags.BlockScoped;
    if (blockScoped === ts.NodeFlags.Let) kind = 'let';
    else if (blockScoped !== 0) kind = 'const'; // const, using, await using
  } else if (list && ts.isCatchClause(list)) {
    kind = 'other';
  }
  const target = kind === 'var' ? functionScopeOf(scope) : scope;
  if (ts.isIdentifier(node.name)) {
    const module = requireSpecifier(ctx, node.initializer);
    if (module !== undefined) {
      declare(ctx, target, 'import', node.name, { module, imported: '*' });
      return;
    }
    declare(ctx, target, kind, node.name, node.initializer ? { init: node.initializer } : {});
    return;
  }
  declarePattern(ctx, target, kind, node.name, node.initializer, node.initializer ? [] : undefined);
}

// What the walk does with a node of a given kind (`visitActions`). Plain numbers, not an enum:
// with `isolatedModules` a `const enum` is emitted as an object and every use is a property load.
/** Look at the children only. */
const DESCEND = 0;
/** Nothing: tokens and identifiers (no children), types, interfaces, imports (declared before the walk). */
const SKIP = 1;
const FUNCTION = 2;
const CLASS = 3;
const ENUM = 4;
/** A block-scoped construct: its children get a new scope. */
const BLOCK = 5;
const VARIABLE = 6;
const BINARY = 7;
const UNARY = 8;
/** Call, `new`, template and conditional expressions. */
const CANDIDATE = 9;
const PROPERTY_ACCESS = 10;

const actionTables = new WeakMap<object, Uint8Array>();

/**
 * `SyntaxKind` → action, once per compiler module (kind numbers differ between compiler versions).
 * The walk reads one table entry per node instead of comparing its kind with some thirty
 * `SyntaxKind` members one property load at a time.
 */
function visitActions(ts: TsModule): Uint8Array {
  const cached = actionTables.get(ts.SyntaxKind);
  if (cached) return cached;
  const K = ts.SyntaxKind;
  const table = new Uint8Array(K.Count); // DESCEND
  const set = (action: number, ...kinds: TS.SyntaxKind[]): void => {
    for (const kind of kinds) table[kind] = action;
  };
  for (let kind = 0; kind <= K.LastToken; kind++) table[kind] = SKIP;
  for (let kind = K.FirstTypeNode; kind <= K.LastTypeNode; kind++) table[kind] = SKIP;
  set(SKIP, K.InterfaceDeclaration, K.TypeAliasDeclaration, K.ImportDeclaration, K.ImportEqualsDeclaration);
  set(FUNCTION, K.FunctionDeclaration, K.FunctionExpression, K.ArrowFunction, K.MethodDeclaration, K.Constructor, K.GetAccessor, K.SetAccessor);
  set(CLASS, K.ClassDeclaration);
  set(ENUM, K.EnumDeclaration);
  set(BLOCK, K.Block, K.ForStatement, K.ForInStatement, K.ForOfStatement, K.CatchClause, K.CaseBlock, K.ModuleBlock);
  set(VARIABLE, K.VariableDeclaration);
  set(BINARY, K.BinaryExpression);
  set(UNARY, K.PrefixUnaryExpression, K.PostfixUnaryExpression);
  set(CANDIDATE, K.CallExpression, K.NewExpression, K.TemplateExpression, K.ConditionalExpression, K.ReturnStatement, K.BindingElement);
  set(PROPERTY_ACCESS, K.PropertyAccessExpression, K.ElementAccessExpression);
  actionTables.set(ts.SyntaxKind, table);
  return table;
}

/** The walk. `shallow` declares only the top-level statements (pre-filtered files keep their module surface). */
export function walk(ctx: Ctx, shallow: boolean): WalkResult {
  const { ts } = ctx;
  const result: WalkResult = { candidates: [], functions: [], fnByNode: new Map(), variables: [], requires: [] };
  const reassignments: Array<{ name: string; scope: Scope }> = [];
  const parents = ctx.parents;
  const K = ts.SyntaxKind;

  const fnInfo = (node: TS.FunctionLikeDeclaration, name: string | undefined): FnInfo => {
    const info: FnInfo = {
      key: fnKeyOf(ctx, node),
      node,
      name,
      params: node.parameters.map((p) => (ts.isIdentifier(p.name) ? p.name.text : ctx.text.slice(p.name.getStart(ctx.sf), p.name.getEnd()))),
    };
    result.functions.push(info);
    result.fnByNode.set(node, info);
    return info;
  };

  const functionName = (node: TS.FunctionLikeDeclaration): string | undefined => {
    if (node.name) return propertyNameText(ts, node.name);
    if (ts.isConstructorDeclaration(node)) return 'constructor';
    const parent = parentOf(ctx, node);
    if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
    if (parent && ts.isPropertyAssignment(parent)) return propertyNameText(ts, parent.name);
    return undefined;
  };

  // The visitor is ONE function handed straight to `ts.forEachChild`, with the parent and the scope
  // in closure variables: the walk runs once per file on cold code inside ESLint, where every extra
  // call per node (a trampoline, a closure per node) costs about as much as the work itself.
  let currentParent: TS.Node = ctx.sf;
  let currentScope: Scope = ctx.fileScope;

  /** Visits the children of `node` in `scope` (restoring the current parent and scope after). */
  const descend = (node: TS.Node, scope: Scope): void => {
    const savedParent = currentParent;
    const savedScope = currentScope;
    currentParent = node;
    currentScope = scope;
    ts.forEachChild(node, visit);
    currentParent = savedParent;
    currentScope = savedScope;
  };

  const visitFunction = (node: TS.FunctionLikeDeclaration, outer: Scope): void => {
    const fnScope = newScope(outer, true);
    const info = fnInfo(node, functionName(node));
    info.scope = fnScope;
    if (ts.isFunctionDeclaration(node) && node.name) {
      declare(ctx, outer, 'function', node.name, { fn: info, node });
    } else if (ts.isFunctionExpression(node) && node.name) {
      declare(ctx, fnScope, 'function', node.name, { fn: info, node });
    }
    node.parameters.forEach((param, index) => {
      if (ts.isIdentifier(param.name)) declare(ctx, fnScope, 'param', param.name, { fn: info, paramIndex: index, node: param });
      else declarePattern(ctx, fnScope, 'other', param.name, undefined, undefined);
    });
    descend(node, fnScope);
  };

  // Returns undefined always: a truthy result would stop `ts.forEachChild`.
  const actions = visitActions(ts);
  const visit = (node: TS.Node): undefined => {
    if (parents) parents.set(node, currentParent);
    const action = actions[node.kind];
    // Most nodes are leaves (identifiers, literals, keywords) or only have children to look at.
    if (action === SKIP) return;
    const scope = currentScope;
    switch (action) {
      case DESCEND:
        break;
      case FUNCTION:
        visitFunction(node as TS.FunctionLikeDeclaration, scope);
        return;
      case CLASS: {
        const cls = node as TS.ClassDeclaration;
        if (cls.name) declare(ctx, scope, 'class', cls.name, { node });
        if (cls.heritageClauses) result.candidates.push({ node, scope });
        break;
      }
      case ENUM:
        declare(ctx, scope, 'enum', (node as TS.EnumDeclaration).name, { node });
        break;
      case BLOCK:
        descend(node, newScope(scope, false));
        return;
      case VARIABLE: {
        const decl = node as TS.VariableDeclaration;
        declareVariable(ctx, scope, decl);
        result.variables.push({ node: decl, scope });
        const module = requireSpecifier(ctx, decl.initializer);
        if (module !== undefined) result.requires.push(packageSpecifier(module));
        break;
      }
      case BINARY: {
        const bin = node as TS.BinaryExpression;
        if (isAssignmentOperator(ts, bin.operatorToken.kind)) collectAssigned(bin.left, scope);
        result.candidates.push({ node, scope });
        break;
      }
      case UNARY: {
        const unary = node as TS.PrefixUnaryExpression | TS.PostfixUnaryExpression;
        if (unary.operator === K.PlusPlusToken || unary.operator === K.MinusMinusToken) collectAssigned(unary.operand, scope);
        break;
      }
      case CANDIDATE:
        result.candidates.push({ node, scope });
        break;
      case PROPERTY_ACCESS: {
        // `x.tools`, and `x['tools']` written with a string key.
        const name = accessName(ts, node as TS.PropertyAccessExpression | TS.ElementAccessExpression);
        if (name !== undefined && ctx.liveProperties.has(name)) result.candidates.push({ node, scope });
        break;
      }
      default:
        break;
    }
    // Same scope: only the parent changes.
    const savedParent = currentParent;
    currentParent = node;
    ts.forEachChild(node, visit);
    currentParent = savedParent;
    return undefined;
  };

  const collectAssigned = (target: TS.Expression, scope: Scope): void => {
    const t = unwrap(ts, target);
    if (ts.isIdentifier(t)) {
      reassignments.push({ name: t.text, scope });
    } else if (ts.isArrayLiteralExpression(t)) {
      for (const element of t.elements) collectAssigned(ts.isSpreadElement(element) ? element.expression : element, scope);
    } else if (ts.isObjectLiteralExpression(t)) {
      for (const prop of t.properties) {
        if (ts.isShorthandPropertyAssignment(prop)) reassignments.push({ name: prop.name.text, scope });
        else if (ts.isPropertyAssignment(prop)) collectAssigned(prop.initializer, scope);
        else if (ts.isSpreadAssignment(prop)) collectAssigned(prop.expression, scope);
      }
    } else if (ts.isBinaryExpression(t) && t.operatorToken.kind === K.EqualsToken) {
      collectAssigned(t.left, scope); // destructuring default: `[a = 1] = xs`
    }
  };

  const fileScope = ctx.fileScope;
  if (shallow) {
    for (const statement of ctx.sf.statements) {
      if (parents) parents.set(statement, ctx.sf);
      if (ts.isVariableStatement(statement)) {
        for (const decl of statement.declarationList.declarations) {
          if (parents) {
            parents.set(statement.declarationList, statement);
            parents.set(decl, statement.declarationList);
          }
          declareVariable(ctx, fileScope, decl);
          result.variables.push({ node: decl, scope: fileScope });
        }
      } else if (ts.isFunctionDeclaration(statement) && statement.name) {
        declare(ctx, fileScope, 'function', statement.name, { fn: fnInfo(statement, statement.name.text), node: statement });
      } else if (ts.isClassDeclaration(statement) && statement.name) {
        declare(ctx, fileScope, 'class', statement.name, { node: statement });
      } else if (ts.isEnumDeclaration(statement)) {
        declare(ctx, fileScope, 'enum', statement.name, { node: statement });
      }
    }
  } else {
    ts.forEachChild(ctx.sf, visit);
  }

  for (const { name, scope } of reassignments) {
    const decl = lookup(scope, name);
    if (decl) decl.reassigned = true;
  }
  return result;
}
