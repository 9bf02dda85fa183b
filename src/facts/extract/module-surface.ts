// The module surface the linker follows across files: imports, exports, re-exports and the values
// of bindings. Built from top-level statements and the walk's declarations.
import type * as TS from 'typescript';
import type { ExportFact } from '../types.js';
import { type Ctx, propertyNameText, spanOf } from './context.js';
import type { Scope } from './scope.js';
import { bindingValue, functionRef, toValueRef } from './values.js';

function hasModifier(ctx: Ctx, node: TS.Node, kind: TS.SyntaxKind): boolean {
  const { ts } = ctx;
  const modifiers = ts.canHaveModifiers(node) ? ts.getModifiers(node) : undefined;
  return !!modifiers?.some((m) => m.kind === kind);
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

  for (const decl of scope.decls.values()) {
    if (decl.kind === 'import' && !decl.typeOnly && decl.module !== undefined && decl.imported !== undefined) {
      facts.imports.push({ local: decl.name, module: decl.module, imported: decl.imported });
    }
  }

  for (const decl of ctx.declared) {
    const value = bindingValue(ctx, decl);
    if (value) facts.bindings[decl.key] = value;
  }

  const K = ts.SyntaxKind;
  const exportLocal = (exported: string, local: TS.Identifier): void => {
    facts.exports.push({ exported, value: toValueRef(ctx, local, scope) });
  };
  for (const statement of ctx.sf.statements) {
    if (ts.isExportDeclaration(statement)) {
      if (statement.isTypeOnly) continue;
      const module = statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : undefined;
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
}
