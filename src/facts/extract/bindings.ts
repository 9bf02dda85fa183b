// The value each declaration binds (`FileFacts.bindings`). Its own file because a class binding
// needs both the value IR (`./values.ts`) and class tools (`./classes.ts`, whose subclass refs read
// values): here neither of those imports the other back.
import type * as TS from 'typescript';
import type { ValueRef } from '../types.js';
import { isStringLike, propertyNameText, shortText, spanOf, unwrap, type Ctx } from './context.js';
import { subclassRef } from './classes.js';
import { classify } from './definitions.js';
import type { Decl } from './scope.js';
import { functionRef, toValueRef, unknownRef } from './values.js';

/** The value a declaration binds, for `FileFacts.bindings` (undefined: not a binding). */
export function bindingValue(ctx: Ctx, decl: Decl): ValueRef | undefined {
  const { ts } = ctx;
  switch (decl.kind) {
    case 'const':
    case 'let':
    case 'var': {
      if (decl.reassigned) return decl.init || decl.pattern ? unknownRef(ctx, decl.nameNode) : undefined;
      if (decl.init) return toValueRef(ctx, decl.init, decl.scope);
      if (decl.pattern?.path) {
        let value = toValueRef(ctx, decl.pattern.root, decl.scope);
        for (const property of decl.pattern.path) value = { kind: 'member', object: value, property, span: spanOf(ctx, decl.nameNode) };
        return value;
      }
      return undefined;
    }
    case 'function':
      // Function declarations only: a named function expression's own name is not visible outside it.
      return decl.fn && decl.node && ts.isFunctionDeclaration(decl.node) ? functionRef(ctx, decl.fn.node) : undefined;
    case 'class': {
      if (!decl.node) return undefined;
      const def = classify(ctx, decl.node, decl.scope);
      if (def?.kind === 'tool') return { kind: 'class', id: def.id, span: spanOf(ctx, decl.nameNode) };
      // A subclass of an MCP server is one server, for every instance of it (`addClassMcpServer`).
      if (def?.kind === 'mcp-server') return { kind: 'mcp-server', id: def.id, span: spanOf(ctx, decl.nameNode) };
      const cls = decl.node as TS.ClassLikeDeclaration;
      return (ts.isClassLike(cls) && subclassRef(ctx, cls, decl.scope)) || unknownRef(ctx, decl.nameNode);
    }
    case 'enum': {
      const node = decl.node;
      if (!node || !ts.isEnumDeclaration(node)) return undefined;
      const properties = node.members.map((member) => {
        const key = propertyNameText(ts, member.name) ?? shortText(ctx, member.name);
        const init = member.initializer && unwrap(ts, member.initializer);
        const value: ValueRef =
          init && isStringLike(ts, init) ? { kind: 'string', value: init.text, span: spanOf(ctx, init) } : unknownRef(ctx, member);
        return { key, value };
      });
      return { kind: 'object', properties, span: spanOf(ctx, node) };
    }
    default:
      return undefined;
  }
}
