// The module surface the linker follows across files: imports, exports, re-exports and the values
// of bindings. Built from top-level statements and the walk's declarations.
import type * as TS from 'typescript';
import type { ExportFact, ValueRef } from '../types.js';
import { bindingValue } from './bindings.js';
import { type Ctx, propertyNameText, spanOf, unwrap } from './context.js';
import { type Decl, type Scope, lookup } from './scope.js';
import { functionRef, toValueRef } from './values.js';
import { packageSpecifier } from './specifier.js';

function hasModifier(ctx: Ctx, node: TS.Node, kind: TS.SyntaxKind): boolean {
  // `node.modifiers` directly: `ts.getModifiers` recomputes the node's modifier flags on every call,
  // and most statements have no modifiers at all. Decorators in the list never match a keyword kind.
  const modifiers = (node as { modifiers?: readonly TS.Node[] }).modifiers;
  if (!modifiers || !ctx.ts.canHaveModifiers(node)) return false;
  for (const modifier of modifiers) if (modifier.kind === kind) return true;
  return false;
}

function boundNames(ctx: Ctx, name: TS.BindingName, out: TS.Identifier[] = []): TS.Identifier[] {
  const { ts } = ctx;
  if (ts.isIdentifier(name)) out.push(name);
  else {
    for (const element of name.elements) if (!ts.isOmittedExpression(element)) boundNames(ctx, element.name, out);
  }
  return out;
}

export function buildModuleSurface(ctx: Ctx): void {
  const { ts, facts } = ctx;
  const scope: Scope = ctx.fileScope;

  for (const decl of scope.decls?.values() ?? []) {
    if (decl.kind === 'import' && !decl.typeOnly && decl.module !== undefined && decl.imported !== undefined) {
      facts.imports.push({ local: decl.name, module: decl.module, imported: decl.imported });
    }
  }

  const K = ts.SyntaxKind;
  const exportLocal = (exported: string, local: TS.Identifier): void => {
    facts.exports.push({ exported, value: toValueRef(ctx, local, scope) });
  };
  for (const statement of ctx.sf.statements) {
    if (ts.isExportDeclaration(statement)) {
      if (statement.isTypeOnly) continue;
      const module = statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) ? packageSpecifier(statement.moduleSpecifier.text) : undefined;
      const clause = statement.exportClause;
      if (!clause) {
        if (module !== undefined) facts.exportAll.push(module);
        continue;
      }
      if (ts.isNamespaceExport(clause)) {
        const exported = propertyNameText(ts, clause.name) ?? clause.name.getText(ctx.sf);
        if (module !== undefined) facts.exports.push({ exported, value: { kind: 're-export', module, imported: '*', span: spanOf(ctx, clause) } });
        continue;
      }
      for (const element of clause.elements) {
        if (element.isTypeOnly) continue;
        const exported = propertyNameText(ts, element.name) ?? element.name.getText(ctx.sf);
        const localName = element.propertyName ?? element.name;
        const local = propertyNameText(ts, localName) ?? localName.getText(ctx.sf);
        if (module !== undefined) {
          facts.exports.push({ exported, value: { kind: 're-export', module, imported: local, span: spanOf(ctx, element) } });
        } else if (ts.isIdentifier(localName)) {
          exportLocal(exported, localName);
        }
      }
      continue;
    }
    if (ts.isExportAssignment(statement)) {
      if (!statement.isExportEquals) facts.exports.push({ exported: 'default', value: toValueRef(ctx, statement.expression, scope) });
      continue;
    }
    if (ts.isExpressionStatement(statement)) {
      facts.exports.push(...commonJsExports(ctx, statement.expression, scope));
      continue;
    }
    if (!hasModifier(ctx, statement, K.ExportKeyword)) continue;
    const isDefault = hasModifier(ctx, statement, K.DefaultKeyword);
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        for (const id of boundNames(ctx, declaration.name)) exportLocal(id.text, id);
      }
    } else if (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) {
      if (statement.name) {
        exportLocal(isDefault ? 'default' : statement.name.text, statement.name);
      } else if (isDefault) {
        const value: ExportFact['value'] = ts.isFunctionDeclaration(statement)
          ? functionRef(ctx, statement)
          : { kind: 'unknown', text: 'class', span: spanOf(ctx, statement) };
        facts.exports.push({ exported: 'default', value });
      }
    } else if (ts.isEnumDeclaration(statement)) {
      exportLocal(statement.name.text, statement.name);
    }
  }
  bindReferenced(ctx);
}

/**
 * CommonJS exports at the top level: `module.exports = { a, b: c }`, `module.exports.a = a`,
 * `exports.a = a` (with `module` and `exports` not declared in the file), as named exports.
 */
function commonJsExports(ctx: Ctx, expression: TS.Expression, scope: Scope): ExportFact[] {
  const { ts } = ctx;
  const e = unwrap(ts, expression);
  if (!ts.isBinaryExpression(e) || e.operatorToken.kind !== ts.SyntaxKind.EqualsToken) return [];
  const left = unwrap(ts, e.left);
  if (!ts.isPropertyAccessExpression(left)) return [];
  const isGlobal = (node: TS.Expression, name: string): boolean => ts.isIdentifier(node) && node.text === name && !lookup(scope, name);
  const target = unwrap(ts, left.expression);
  if (isGlobal(left.expression, 'module') && left.name.text === 'exports') {
    const right = unwrap(ts, e.right);
    if (!ts.isObjectLiteralExpression(right)) return [];
    const out: ExportFact[] = [];
    for (const prop of right.properties) {
      const key = ts.isSpreadAssignment(prop) ? undefined : propertyNameText(ts, prop.name);
      if (key === undefined) continue;
      if (ts.isShorthandPropertyAssignment(prop)) out.push({ exported: key, value: toValueRef(ctx, prop.name, scope) });
      else if (ts.isPropertyAssignment(prop)) out.push({ exported: key, value: toValueRef(ctx, prop.initializer, scope) });
      else if (ts.isMethodDeclaration(prop)) out.push({ exported: key, value: functionRef(ctx, prop) });
    }
    return out;
  }
  const onExports = isGlobal(target, 'exports') || (ts.isPropertyAccessExpression(target) && isGlobal(target.expression, 'module') && target.name.text === 'exports');
  return onExports ? [{ exported: left.name.text, value: toValueRef(ctx, e.right, scope) }] : [];
}

/**
 * Values of the bindings that facts refer to, and of the bindings those values refer to in turn.
 * Only these are ever followed by the linker; building a value for every local `const` of every
 * function would be most of the extractor's work on large files.
 */
function bindReferenced(ctx: Ctx): void {
  const byKey = new Map<string, Decl>();
  for (const decl of ctx.declared) byKey.set(decl.key, decl); // no [key, decl] pair per declaration
  const values = new Map<string, ValueRef>();
  const pending: string[] = [];
  collectBindingKeys(ctx.facts, pending);
  for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
    if (values.has(key)) continue;
    const decl = byKey.get(key);
    const value = decl && bindingValue(ctx, decl);
    if (!value) continue;
    values.set(key, value);
    collectBindingKeys(value, pending);
  }
  // Declaration order, so the facts do not depend on the order references were found in.
  for (const decl of ctx.declared) {
    const value = values.get(decl.key);
    if (value) ctx.facts.bindings[decl.key] = value;
  }
}

function collectBindingKeys(value: unknown, out: string[]): void {
  if (Array.isArray(value)) {
    for (const item of value) collectBindingKeys(item, out);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const record = value as Record<string, unknown>;
  if (record['kind'] === 'binding' && typeof record['key'] === 'string') out.push(record['key']);
  for (const key in record) {
    // Spans are most of the objects in facts and never hold a value.
    if (key === 'span' || key === 'loc' || key.endsWith('Span')) continue;
    const child = record[key];
    if (child !== null && typeof child === 'object') collectBindingKeys(child, out);
  }
}
