// The lazy call index: calls by resolved callee, for values (MCP servers) passed as arguments.
import type { ValueRef } from '../types.js';
import type { LinkContext } from './context.js';
import { resolve } from './values.js';

export function callsTo(ctx: LinkContext, fnKey: string): Array<{ file: string; start: number; args: ValueRef[] }> {
  if (!ctx.callsByFunction) {
    ctx.callsByFunction = new Map();
    for (const [file, fi] of ctx.index) {
      for (const call of fi.facts.calls) {
        for (const target of resolve(ctx, file, call.callee, 0)) {
          if (target.t !== 'function') continue;
          const key = `${target.file}#${target.fn.key}`;
          let list = ctx.callsByFunction.get(key);
          if (!list) ctx.callsByFunction.set(key, (list = []));
          list.push({ file, start: call.span.start, args: call.args });
        }
      }
    }
  }
  return ctx.callsByFunction.get(fnKey) ?? [];
}
