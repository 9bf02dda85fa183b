// Hand-built identity strings (framework independent): qualified names, `qualifiedName ?? name`
// fallbacks, lookup and approval keys, `${agent}:${callId}` keys and trace names, each with the
// canonical helper that builds it. Whether a file is a helper module is the check's decision.
import type * as TS from 'typescript';
import type { IdentityStringFact } from '../types.js';
import { type Ctx, accessName, flattenPlus, isStringLike, outerParent, shortText, spanOf, terminalName, textOf, unwrap } from './context.js';
import { isLogCall, onlyReachesLogText, onlyReachesPersonText, quietReason, usedAsKey, usedAsLookup } from './identity-uses.js';
import { matchMcpName } from './mcp-names.js';

const NAMESPACE_PART = /namespace|^ns$/i;
const NAME_PART = /name|tool/i;
const AGENT_PART = /agent/i;
const CALL_ID_PART = /call_?id/i;
/** The item type a call ID is read with: `item.type`, `rawItem.type`, `itemType`. */
const ITEM_TYPE_PART = /^(type|item_?type)$/i;
/** `function_call:`, `shell_call:`: a literal item type before the call ID. */
const CALL_TYPE_PREFIX = /(?:^|[^A-Za-z0-9_])[a-z]+_call:$/;
/** Tool names read from an item, used as approval keys: `item.toolName`, `raw.name` (locals only inside a `??` chain). */
const BARE_NAME = /^(tool_?name|name|raw_?name)$/i;
/** A store of approval decisions: `approvals`, `toolApprovals`, `approvalDecisions`. */
const APPROVAL_STORE = /approvals$|approvalDecisions$/i;
/** Receivers whose tool name already is a canonical key (`identity.toolName` from a key parser). */
const KEY_RECEIVER = /identity|key/i;
/**
 * The canonical qualified-name helpers: they return undefined only when the name itself is
 * missing, so `?? tool.name` after them (or `ns ? helper(name, ns) : name`) changes nothing.
 */
const CANONICAL_QUALIFIERS = new Set(['toolQualifiedName', 'getFunctionToolQualifiedName', 'toolDisplayName', 'toolTraceName']);
const KEY_METHODS = new Set(['set', 'get', 'has', 'add', 'delete']);
const APPROVAL_PREFIX = 'deferred_top_level:';
const LOOKUP_KINDS = new Set(['namespaced', 'bare', 'deferred_top_level']);

const HELPERS: Record<IdentityStringFact['form'], string> = {
  'qualified-name': 'toolQualifiedName',
  'qualified-fallback': 'getFunctionToolQualifiedName',
  'lookup-key': 'lookupKeyId',
  'approval-key': 'getFunctionToolApprovalKeys',
  'call-key': 'extractToolCallId',
  'trace-name': 'toolTraceName',
  'mcp-name': 'mcpPrefixedToolNames',
};

export interface IdentityState {
  /** Qualified-name constructions already reported as part of a trace name. */
  consumed: Set<TS.Node>;
}

function partMatches(ctx: Ctx, expr: TS.Expression, pattern: RegExp): boolean {
  const name = terminalName(ctx.ts, expr);
  return name !== undefined && pattern.test(name);
}

function isNamespacePart(ctx: Ctx, expr: TS.Expression): boolean {
  return partMatches(ctx, expr, NAMESPACE_PART);
}

function isNamePart(ctx: Ctx, expr: TS.Expression): boolean {
  return partMatches(ctx, expr, NAME_PART);
}

/** `${agentName}:${callId}`, `${toolName}:${callId}`, `${item.type}:${item.callId}`. */
function isCallKey(ctx: Ctx, left: TS.Expression, right: TS.Expression): boolean {
  return (
    (partMatches(ctx, left, AGENT_PART) || partMatches(ctx, left, NAME_PART) || partMatches(ctx, left, ITEM_TYPE_PART)) &&
    partMatches(ctx, right, CALL_ID_PART)
  );
}

/** The call ID after a literal item type (`function_call:${id}`): `callId`, `call_id` or a bare `id`. */
function isTypedCallId(ctx: Ctx, expr: TS.Expression): boolean {
  return partMatches(ctx, expr, CALL_ID_PART) || terminalName(ctx.ts, expr) === 'id';
}

/** True when the string only feeds an error or a log message. */
export function inErrorMessage(ctx: Ctx, node: TS.Node): boolean {
  const { ts } = ctx;
  let current = node;
  for (;;) {
    const { parent, child } = outerParent(ctx, current);
    if (!parent) return false;
    if (ts.isThrowStatement(parent)) return true;
    if (ts.isTemplateSpan(parent)) {
      current = parent;
      continue;
    }
    if (ts.isTemplateExpression(parent)) {
      current = parent;
      continue;
    }
    if (ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      current = parent;
      continue;
    }
    if (ts.isConditionalExpression(parent) && parent.condition !== child) {
      current = parent;
      continue;
    }
    if ((ts.isCallExpression(parent) || ts.isNewExpression(parent)) && parent.expression !== child) return isLogCall(ctx, parent);
    return false;
  }
}

function push(ctx: Ctx, form: IdentityStringFact['form'], node: TS.Node, parts: TS.Expression[], region?: Match['region'], scheme?: Match['scheme']): void {
  const span = spanOf(ctx, node);
  const logText = inErrorMessage(ctx, node) || onlyReachesLogText(ctx, node);
  // UI text and prompts are quiet whatever `ignoreErrorMessages` says; log and error text is the option's.
  const quiet = quietReason(ctx, form, node) ?? (!logText && onlyReachesPersonText(ctx, node) ? 'text' : undefined);
  ctx.facts.identityStrings.push({
    form,
    helper: HELPERS[form],
    parts: parts.map((part) => textOf(ctx, part)),
    text: shortText(ctx, node),
    inErrorMessage: logText,
    ...(quiet ? { quiet } : {}),
    ...(scheme ? { scheme, ...(usedAsLookup(ctx, node) ? { lookup: true as const } : {}) } : {}),
    span,
    replace: region ?? { start: span.start, end: span.end, inTemplate: false },
  });
}


/** `region`: the part of the expression the identity string occupies (see `IdentityStringFact.replace`). */
type Match = {
  form: IdentityStringFact['form'];
  parts: TS.Expression[];
  region?: IdentityStringFact['replace'];
  scheme?: IdentityStringFact['scheme'];
};

/** An MCP server-prefixed name (`./mcp-names.ts`), as a match. */
function mcpMatch(ctx: Ctx, node: TS.Node): Match | undefined {
  const found = matchMcpName(ctx, node);
  return found && { form: 'mcp-name', parts: [found.server, found.tool], scheme: found.scheme };
}

/** A qualified-name, call-key or approval-key construction (template, `+` chain or `[a, b].join('.')`). */
function matchConstruction(ctx: Ctx, node: TS.Node): Match | undefined {
  const { ts } = ctx;
  if (ts.isTemplateExpression(node)) {
    const texts = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
    const exprs = node.templateSpans.map((span) => span.expression);
    for (let i = 0; i < exprs.length; i++) {
      if (texts[i]!.endsWith(APPROVAL_PREFIX)) return { form: 'approval-key', parts: [exprs[i]!] };
      if (CALL_TYPE_PREFIX.test(texts[i]!) && isTypedCallId(ctx, exprs[i]!)) return { form: 'call-key', parts: [exprs[i]!] };
    }
    for (let i = 0; i + 1 < exprs.length; i++) {
      // Plain reads: array destructuring runs the iterator protocol in the interpreter.
      const left = exprs[i]!;
      const right = exprs[i + 1]!;
      const sep = texts[i + 1];
      if (sep === '.' && isNamespacePart(ctx, left) && isNamePart(ctx, right)) {
        // From the `${` before the namespace to the `}` after the name, so text around it survives.
        const before = i === 0 ? node.head : node.templateSpans[i - 1]!.literal;
        const after = node.templateSpans[i + 1]!.literal;
        const whole = texts[i] === '' && i === 0 && exprs.length === 2 && texts[2] === '';
        const region = whole
          ? undefined
          : { start: before.getEnd() - 2, end: after.getStart(ctx.sf) + 1, inTemplate: true };
        return { form: 'qualified-name', parts: [right, left], ...(region ? { region } : {}) };
      }
      if (sep === ':' && isCallKey(ctx, left, right)) return { form: 'call-key', parts: [left, right] };
    }
    return mcpMatch(ctx, node);
  }
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const operands = flattenPlus(ctx, node);
    const literal = (e: TS.Expression | undefined): string | undefined => {
      const u = e && unwrap(ts, e);
      return u && isStringLike(ts, u) ? u.text : undefined;
    };
    for (let i = 0; i + 1 < operands.length; i++) {
      const text = literal(operands[i]);
      if (text?.endsWith(APPROVAL_PREFIX) && literal(operands[i + 1]) === undefined) return { form: 'approval-key', parts: [operands[i + 1]!] };
    }
    for (let i = 0; i + 2 < operands.length; i++) {
      const left = operands[i]!;
      const sep = literal(operands[i + 1]);
      const right = operands[i + 2]!;
      if (literal(left) !== undefined || literal(right) !== undefined) continue;
      if (sep === '.' && isNamespacePart(ctx, left) && isNamePart(ctx, right)) {
        // `'tool_calls.' + ns + '.' + name`: only `ns + '.' + name` becomes the helper call.
        const region =
          operands.length === 3 ? undefined : { start: left.getStart(ctx.sf), end: right.getEnd(), inTemplate: false };
        return { form: 'qualified-name', parts: [right, left], ...(region ? { region } : {}) };
      }
      if (sep === ':' && isCallKey(ctx, left, right)) return { form: 'call-key', parts: [left, right] };
    }
    return mcpMatch(ctx, node);
  }
  if (ts.isCallExpression(node)) {
    const callee = unwrap(ts, node.expression);
    if (!ts.isPropertyAccessExpression(callee)) return undefined;
    const target = unwrap(ts, callee.expression);
    const arg = node.arguments[0];
    if (callee.name.text === 'join' && ts.isArrayLiteralExpression(target) && arg) {
      const sep = unwrap(ts, arg);
      const elements = target.elements;
      if (elements.length === 2 && !elements.some((e) => ts.isSpreadElement(e)) && isStringLike(ts, sep) && sep.text === '.') {
        const left = elements[0]!;
        const right = elements[1]!;
        if (isNamespacePart(ctx, left) && isNamePart(ctx, right)) return { form: 'qualified-name', parts: [right, left] };
      }
      return mcpMatch(ctx, node);
    }
    if (callee.name.text === 'stringify' && ts.isIdentifier(target) && target.text === 'JSON' && arg) {
      const list = unwrap(ts, arg);
      if (!ts.isArrayLiteralExpression(list) || list.elements.length < 2) return undefined;
      const kind = unwrap(ts, list.elements[0]!);
      if (!isStringLike(ts, kind) || !LOOKUP_KINDS.has(kind.text) || list.elements.some((e) => ts.isSpreadElement(e))) return undefined;
      const rest = list.elements.slice(1);
      return { form: 'lookup-key', parts: rest.length === 2 ? [rest[1]!, rest[0]!] : [...rest] };
    }
  }
  return undefined;
}

function isOuterPlus(ctx: Ctx, node: TS.BinaryExpression): boolean {
  const { ts } = ctx;
  const { parent } = outerParent(ctx, node);
  return !(parent && ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.PlusToken);
}

function isCanonicalQualifierCall(ctx: Ctx, expr: TS.Expression): boolean {
  const e = unwrap(ctx.ts, expr);
  return ctx.ts.isCallExpression(e) && CANONICAL_QUALIFIERS.has(terminalName(ctx.ts, e.expression) ?? '');
}

/**
 * A tool name read from an item (`item.toolName`, `raw.name`, `action.name`), or a `??`/`||` chain
 * of names. A plain local of that name is not one: in code that keeps approval maps it usually
 * already is the canonical key, copied from one map to another.
 */
function isBareName(ctx: Ctx, expr: TS.Expression, inChain = false): boolean {
  const { ts } = ctx;
  const e = unwrap(ts, expr);
  if (ts.isBinaryExpression(e) && (e.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken || e.operatorToken.kind === ts.SyntaxKind.BarBarToken)) {
    return isBareName(ctx, e.left, true) && isBareName(ctx, e.right, true);
  }
  if (ts.isIdentifier(e)) return inChain && BARE_NAME.test(e.text);
  if (!ts.isPropertyAccessExpression(e) && !ts.isElementAccessExpression(e)) return false;
  return BARE_NAME.test(terminalName(ts, e) ?? '') && !KEY_RECEIVER.test(terminalName(ts, e.expression) ?? '');
}

/** `approvals.set(item.toolName ?? raw.name, decision)`: an approval keyed by a bare or raw tool name. */
function collectBareApprovalKey(ctx: Ctx, node: TS.CallExpression): void {
  const { ts } = ctx;
  const callee = unwrap(ts, node.expression);
  const key = node.arguments[0];
  if (!ts.isPropertyAccessExpression(callee) || !KEY_METHODS.has(callee.name.text) || !key) return;
  if (!APPROVAL_STORE.test(terminalName(ts, callee.expression) ?? '') || !isBareName(ctx, key)) return;
  push(ctx, 'approval-key', key, [key]);
}

export function collectIdentityString(ctx: Ctx, state: IdentityState, node: TS.Node): void {
  const { ts } = ctx;
  if (state.consumed.has(node)) return;
  if (ts.isConditionalExpression(node)) {
    const condition = unwrap(ts, node.condition);
    // `t.namespace ? qualify(t) : t.name` as a key: the fallback identity the helper exists for.
    if (
      isNamespacePart(ctx, condition) &&
      terminalName(ts, node.whenFalse) === 'name' &&
      matchConstruction(ctx, unwrap(ts, node.whenTrue))?.form !== 'qualified-name' &&
      !isCanonicalQualifierCall(ctx, node.whenTrue) &&
      usedAsKey(ctx, node)
    ) {
      push(ctx, 'qualified-fallback', node, [node.whenFalse]);
      return;
    }
    if (!ts.isBinaryExpression(condition)) return;
    const K = ts.SyntaxKind;
    const op = condition.operatorToken.kind;
    if (op !== K.EqualsEqualsEqualsToken && op !== K.EqualsEqualsToken && op !== K.ExclamationEqualsEqualsToken && op !== K.ExclamationEqualsToken) return;
    let ns: TS.Expression | undefined;
    let name: TS.Expression | undefined;
    if (isNamespacePart(ctx, condition.left) && isNamePart(ctx, condition.right) && !isNamespacePart(ctx, condition.right)) {
      [ns, name] = [condition.left, condition.right];
    } else if (isNamespacePart(ctx, condition.right) && isNamePart(ctx, condition.left) && !isNamespacePart(ctx, condition.left)) {
      [ns, name] = [condition.right, condition.left];
    }
    if (!ns || !name) return;
    for (const branch of [node.whenTrue, node.whenFalse]) {
      const b = unwrap(ts, branch);
      if (matchConstruction(ctx, b)?.form === 'qualified-name') {
        state.consumed.add(b);
        push(ctx, 'trace-name', node, [name, ns]);
        return;
      }
    }
    return;
  }
  if (ts.isTemplateExpression(node)) {
    const { parent } = outerParent(ctx, node);
    if (parent && ts.isTaggedTemplateExpression(parent)) return;
  }
  if (ts.isBinaryExpression(node)) {
    const op = node.operatorToken.kind;
    if (op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken) {
      const left = unwrap(ts, node.left);
      const right = unwrap(ts, node.right);
      if (
        (ts.isPropertyAccessExpression(left) || ts.isElementAccessExpression(left)) &&
        accessName(ts, left) === 'qualifiedName' &&
        (ts.isPropertyAccessExpression(right) || ts.isElementAccessExpression(right)) &&
        accessName(ts, right) === 'name'
      ) {
        push(ctx, 'qualified-fallback', node, [left.expression]);
      } else if (
        ts.isCallExpression(left) &&
        /qualifiedName$/i.test(terminalName(ts, left.expression) ?? '') &&
        !isCanonicalQualifierCall(ctx, left) &&
        terminalName(ts, right) === 'name' &&
        usedAsKey(ctx, node)
      ) {
        // `qualifiedName(t) ?? t.name` as a key: a bare name stands in when the qualified one is missing.
        push(ctx, 'qualified-fallback', node, [left.arguments[0] ?? left]);
      }
      return;
    }
    if (op !== ts.SyntaxKind.PlusToken || !isOuterPlus(ctx, node)) return;
  }
  if (ts.isCallExpression(node)) collectBareApprovalKey(ctx, node);
  const match = matchConstruction(ctx, node);
  if (match) push(ctx, match.form, node, match.parts, match.region, match.scheme);
}
