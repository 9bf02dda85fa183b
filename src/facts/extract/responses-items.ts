// Responses API items that carry their call ID in `call_id` (`function_call`, `computer_call`, ...):
// their own `id` is the item's (`fc_...`), not the call's. A guard or a filter on the item's `type`
// says so whatever the value is named, so `toolCall.id` over `output.filter((i) => i.type ===
// 'function_call')` is an item ID.
import type * as TS from 'typescript';
import type { Ctx } from './context.js';
import { pickedByType } from './picked-by-type.js';
import type { Scope } from './scope.js';

const ITEM_WITH_CALL_ID = /^(?:function_call|custom_tool_call|computer_call|local_shell_call|shell_call|apply_patch_call)(?:_output)?$/;

/** `expr` is known, by a guard or a filter on its `type`, to be an item whose call ID is its `call_id`. */
export function isItemWithOwnCallId(ctx: Ctx, expr: TS.Expression, scope: Scope | undefined, at: TS.Node): boolean {
  return pickedByType(ctx, expr, scope, at, (literal) => ITEM_WITH_CALL_ID.test(literal));
}
