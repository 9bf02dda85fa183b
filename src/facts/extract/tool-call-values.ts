// What a value is, for the call-ID rule: one tool call (whose `id` is the provider's call ID) or a
// list of tool calls. Decided by what the code says of the value, whatever the variable is called:
// its declared type, a discriminant guard (`block.type === 'tool_use'`, a `switch` on `type`),
// being an element of a list of tool calls (`for (const c of message.tool_calls)`, `.map((c) => …)`,
// `content.filter((b) => b.type === 'tool_use')`), or, in typed ESLint, the checker's type.
import type * as TS from 'typescript';
import { type Ctx, accessName, chainText, isFunctionLike, isStringLike, parentOf, propertyNameText, terminalName, unwrap } from './context.js';
import { type Decl, type Scope, lookup } from './scope.js';

/** A value named like one tool call (`toolCall`, `tc`, `tool_use`, `functionCall`). */
const TOOL_CALL_NAME = /^(?:tool_?call|tc|tool_?use|function_?call|tool_?call_?part|tool_?call_?chunk)$/i;
/** The same as the last word of a longer name (`deltaToolCall`, `pending_tool_call`), as ID and type names are read. */
const TOOL_CALL_LAST_WORD = /(?:[a-z\d]ToolCall(?:Part|Chunk)?|[a-z\d]_tool_call(?:_part|_chunk)?)$/;
export const TOOL_CALL_VALUE: { test(name: string): boolean } = {
  test: (name) => TOOL_CALL_NAME.test(name) || TOOL_CALL_LAST_WORD.test(name),
};
/** Lists of tool calls: `tool_calls`, `toolCallChunks`, `toolUses`, `functionCalls`. */
const TOOL_CALL_LIST = /tool_?call(?:_?chunk)?s|tool_?uses|function_?calls/i;
/**
 * Framework tool-call types, by the name written in an annotation (`ToolCall`, `ContentBlock.Tools.ToolCall`,
 * `ToolCallPart`, `FunctionCallItem`, `ToolUseBlock`, `ChatCompletionMessageToolCall`): their `id` is the call ID.
 */
export const TOOL_CALL_TYPE = /^(?:\w*ToolCall(?:Part|Item|Chunk|Block)?|FunctionCall(?:Item)?|ToolUse(?:Block)?(?:Param)?)$/;
/**
 * `type` values of one tool call whose `id` is the call ID: Anthropic's `tool_use` blocks (and the server
 * and MCP variants), LangChain's `tool_call` blocks and chunks, the AI SDK's `tool-call` parts and the
 * `tool-input-*` stream parts. Not `function_call`: a Responses item's `id` is the item's, its call ID is `call_id`.
 */
export const TOOL_CALL_DISCRIMINANT = /^(?:(?:server_|mcp_)?tool_use|tool[-_]?call(?:[-_]chunk|[-_]delta)?|tool-input-(?:start|delta|end))$/i;
/** Array methods whose callback's first parameter is an element of the receiver. */
export const ELEMENT_CALLBACKS: ReadonlySet<string> = new Set(['map', 'forEach', 'filter', 'find', 'findLast', 'findIndex', 'some', 'every', 'flatMap']);
/** Array methods that return (part of) the receiver's elements. */
export const SAME_ELEMENTS: ReadonlySet<string> = new Set(['filter', 'slice', 'toReversed', 'toSorted', 'sort', 'reverse', 'concat']);
/** Array methods that return one of the receiver's elements. */
const ONE_ELEMENT = new Set(['find', 'findLast', 'at', 'pop', 'shift']);
const MAX_DEPTH = 6;

/** Is `expr` one tool call? `at`: the node reading it, for discriminant guards around that read. */
export function isToolCallValue(ctx: Ctx, expr: TS.Expression, scope: Scope | undefined, at?: TS.Node, depth = 0): boolean {
  const { ts } = ctx;
  const e = unwrap(ts, expr);
  const name = terminalName(ts, e);
  if (name !== undefined && TOOL_CALL_VALUE.test(name)) return true;
  if (depth > MAX_DEPTH) return false;
  if (ts.isElementAccessExpression(e) && isToolCallList(ctx, e.expression, scope, depth + 1)) return true;
  if (ts.isCallExpression(e)) {
    const callee = unwrap(ts, e.expression);
    if (ts.isPropertyAccessExpression(callee) && ONE_ELEMENT.has(callee.name.text)) {
      if (isToolCallList(ctx, callee.expression, scope, depth + 1)) return true;
      const test = e.arguments[0];
      if (test && (callee.name.text === 'find' || callee.name.text === 'findLast') && callbackTestsDiscriminant(ctx, test)) return true;
    }
  }
  if (at && isGuarded(ctx, e, at)) return true;
  const decl = scope && ts.isIdentifier(e) ? lookup(scope, e.text) : undefined;
  if (decl && isToolCallDecl(ctx, decl, depth + 1)) return true;
  // The checker last: each question costs a type lookup, and syntax settles most.
  return ctx.options.isToolCallExpression?.(e) === true;
}

/** A declaration that holds one tool call: by its declared type, its initialiser, or the list it iterates. */
function isToolCallDecl(ctx: Ctx, decl: Decl, depth: number): boolean {
  const { ts } = ctx;
  const type = declaredType(ctx, decl);
  if (type && isToolCallType(ctx, type)) return true;
  if (decl.init && (decl.kind === 'const' || !decl.reassigned)) return isToolCallValue(ctx, decl.init, decl.scope, undefined, depth);
  const holder = parentOf(ctx, decl.nameNode);
  if (!holder) return false;
  if (ts.isVariableDeclaration(holder)) return isForOfElement(ctx, holder, decl.scope, depth);
  if (ts.isParameter(holder)) return isCallbackElement(ctx, holder, decl.scope, depth);
  return false;
}

/** `for (const c of <list>)`: is `<list>` a list of tool calls? */
function isForOfElement(ctx: Ctx, decl: TS.VariableDeclaration, scope: Scope, depth: number): boolean {
  const { ts } = ctx;
  const list = parentOf(ctx, decl);
  const loop = list && parentOf(ctx, list);
  return !!loop && ts.isForOfStatement(loop) && loop.initializer === list && isToolCallList(ctx, loop.expression, scope, depth);
}

/** `<list>.map((c) => …)`: the callback's element parameter, over a list of tool calls. */
function isCallbackElement(ctx: Ctx, param: TS.ParameterDeclaration, scope: Scope, depth: number): boolean {
  const { ts } = ctx;
  const fn = parentOf(ctx, param);
  if (!fn || !(ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) || fn.parameters[0] !== param) return false;
  const call = parentOf(ctx, fn);
  if (!call || !ts.isCallExpression(call) || call.arguments[0] !== fn) return false;
  const callee = unwrap(ts, call.expression);
  return ts.isPropertyAccessExpression(callee) && ELEMENT_CALLBACKS.has(callee.name.text) && isToolCallList(ctx, callee.expression, scope, depth);
}

/** Is `expr` a list of tool calls (or tool-call blocks)? */
export function isToolCallList(ctx: Ctx, expr: TS.Expression, scope: Scope | undefined, depth = 0): boolean {
  const { ts } = ctx;
  const e = unwrap(ts, expr);
  const name = terminalName(ts, e);
  if (name !== undefined && TOOL_CALL_LIST.test(name)) return true;
  if (depth > MAX_DEPTH) return false;
  if (ts.isBinaryExpression(e) && (e.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken || e.operatorToken.kind === ts.SyntaxKind.BarBarToken)) {
    return isToolCallList(ctx, e.left, scope, depth + 1);
  }
  if (ts.isCallExpression(e)) {
    const callee = unwrap(ts, e.expression);
    if (!ts.isPropertyAccessExpression(callee) || !SAME_ELEMENTS.has(callee.name.text)) return false;
    if (isToolCallList(ctx, callee.expression, scope, depth + 1)) return true;
    // `content.filter((b) => b.type === 'tool_use')`, `blocks.filter((b): b is ToolUseBlock => …)`.
    const test = e.arguments[0];
    return callee.name.text === 'filter' && test !== undefined && callbackTestsDiscriminant(ctx, test);
  }
  if (!scope || !ts.isIdentifier(e)) return false;
  const decl = lookup(scope, e.text);
  if (!decl) return false;
  const type = declaredType(ctx, decl);
  if (type && isToolCallListType(ctx, type)) return true;
  return !!decl.init && (decl.kind === 'const' || !decl.reassigned) && isToolCallList(ctx, decl.init, decl.scope, depth + 1);
}

/** A test of a `type` literal: by default, "is one tool call" (`TOOL_CALL_DISCRIMINANT`). */
export type DiscriminantTest = (literal: string) => boolean;
const isToolCallDiscriminant: DiscriminantTest = (literal) => TOOL_CALL_DISCRIMINANT.test(literal);

/** `(b) => b.type === 'tool_use'`, or a type predicate `(b): b is ToolUseBlock => …`. */
export function callbackTestsDiscriminant(ctx: Ctx, callback: TS.Expression, test: DiscriminantTest = isToolCallDiscriminant): boolean {
  const { ts } = ctx;
  const fn = unwrap(ts, callback);
  if (!ts.isArrowFunction(fn) && !ts.isFunctionExpression(fn)) return false;
  const param = fn.parameters[0];
  if (!param || !ts.isIdentifier(param.name)) return false;
  if (test === isToolCallDiscriminant && fn.type && ts.isTypePredicateNode(fn.type) && fn.type.type && isToolCallType(ctx, fn.type.type)) return true;
  const body = fn.body;
  let condition: TS.Expression | undefined;
  if (!ts.isBlock(body)) condition = body;
  else if (body.statements.length === 1 && ts.isReturnStatement(body.statements[0]!)) condition = (body.statements[0] as TS.ReturnStatement).expression;
  return condition !== undefined && implies(ctx, condition, param.name.text, true, test);
}

/** The type annotation written on a parameter or variable declaration, if any. */
export function declaredType(ctx: Ctx, decl: Decl): TS.TypeNode | undefined {
  const { ts } = ctx;
  if (decl.kind === 'param' && decl.node && ts.isParameter(decl.node)) return decl.node.type;
  const parent = parentOf(ctx, decl.nameNode);
  return parent && (ts.isVariableDeclaration(parent) || ts.isParameter(parent)) ? parent.type : undefined;
}

/** A type that says "one tool call": named like a framework's, or declared in the file with a tool-call `type`. */
export function isToolCallType(ctx: Ctx, type: TS.TypeNode, depth = 0): boolean {
  const { ts } = ctx;
  if (ts.isTypeReferenceNode(type)) {
    const name = ts.isIdentifier(type.typeName) ? type.typeName.text : type.typeName.right.text;
    if (TOOL_CALL_TYPE.test(name)) return true;
    const local = depth < MAX_DEPTH ? localTypeMembers(ctx, name) : undefined;
    return local !== undefined && hasToolCallDiscriminant(ctx, local);
  }
  if (ts.isTypeLiteralNode(type)) return hasToolCallDiscriminant(ctx, type.members);
  if (ts.isUnionTypeNode(type) || ts.isIntersectionTypeNode(type)) return type.types.some((member) => isToolCallType(ctx, member, depth + 1));
  if (ts.isParenthesizedTypeNode(type)) return isToolCallType(ctx, type.type, depth + 1);
  return false;
}

/** `ToolCall[]`, `Array<ToolCall>`, `ReadonlyArray<ToolCall>`. */
function isToolCallListType(ctx: Ctx, type: TS.TypeNode): boolean {
  const { ts } = ctx;
  if (ts.isArrayTypeNode(type)) return isToolCallType(ctx, type.elementType);
  if (ts.isTypeOperatorNode(type)) return isToolCallListType(ctx, type.type);
  if (ts.isUnionTypeNode(type)) return type.types.some((member) => isToolCallListType(ctx, member));
  if (ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && /^(?:Readonly)?Array$/.test(type.typeName.text)) {
    const element = type.typeArguments?.[0];
    return element !== undefined && isToolCallType(ctx, element);
  }
  return false;
}

// The file's top-level interfaces and object type aliases, indexed once per file: asked for every
// annotation a call-ID question meets.
const typeMembersByFile = new WeakMap<TS.SourceFile, Map<string, readonly TS.TypeElement[]>>();

/** Members of an interface or object type alias declared at the top of this file. */
export function localTypeMembers(ctx: Ctx, name: string): readonly TS.TypeElement[] | undefined {
  const { ts } = ctx;
  let members = typeMembersByFile.get(ctx.sf);
  if (!members) {
    members = new Map();
    for (const statement of ctx.sf.statements) {
      // The first declaration of a name wins, as the scan did.
      if (ts.isInterfaceDeclaration(statement) && !members.has(statement.name.text)) members.set(statement.name.text, statement.members);
      else if (ts.isTypeAliasDeclaration(statement) && ts.isTypeLiteralNode(statement.type) && !members.has(statement.name.text)) members.set(statement.name.text, statement.type.members);
    }
    typeMembersByFile.set(ctx.sf, members);
  }
  return members.get(name);
}

/** A `type: 'tool_use'` member (or a union of such literals). */
function hasToolCallDiscriminant(ctx: Ctx, members: readonly TS.TypeElement[]): boolean {
  const { ts } = ctx;
  for (const member of members) {
    if (!ts.isPropertySignature(member) || propertyNameText(ts, member.name) !== 'type' || !member.type) continue;
    const literals = ts.isUnionTypeNode(member.type) ? member.type.types : [member.type];
    return literals.every(
      (t) => ts.isLiteralTypeNode(t) && isStringLike(ts, t.literal) && TOOL_CALL_DISCRIMINANT.test(t.literal.text),
    );
  }
  return false;
}

/**
 * A discriminant test on `receiver` that holds where `at` runs: inside the true branch of
 * `if (b.type === 'tool_use')`, a `&&` or a conditional, a `case 'tool_use':` of `switch (b.type)`,
 * or after `if (b.type !== 'tool_use') continue;` earlier in an enclosing block.
 */
export function isGuarded(ctx: Ctx, receiver: TS.Expression, at: TS.Node, test: DiscriminantTest = isToolCallDiscriminant): boolean {
  const { ts } = ctx;
  const text = receiverText(ctx, receiver);
  if (text === undefined) return false;
  let child: TS.Node = at;
  for (let parent = parentOf(ctx, child); parent && !ts.isSourceFile(parent); child = parent, parent = parentOf(ctx, child)) {
    if (ts.isIfStatement(parent)) {
      if (child === parent.thenStatement && implies(ctx, parent.expression, text, true, test)) return true;
      if (child === parent.elseStatement && implies(ctx, parent.expression, text, false, test)) return true;
    } else if (ts.isConditionalExpression(parent)) {
      if (child === parent.whenTrue && implies(ctx, parent.condition, text, true, test)) return true;
      if (child === parent.whenFalse && implies(ctx, parent.condition, text, false, test)) return true;
    } else if (ts.isBinaryExpression(parent) && child === parent.right) {
      if (parent.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken && implies(ctx, parent.left, text, true, test)) return true;
      if (parent.operatorToken.kind === ts.SyntaxKind.BarBarToken && implies(ctx, parent.left, text, false, test)) return true;
    } else if (ts.isCaseClause(parent) && child !== parent.expression) {
      if (caseSelects(ctx, parent, text, test)) return true;
    } else if (ts.isBlock(parent) || ts.isCaseClause(parent) || ts.isDefaultClause(parent)) {
      if (exitedBefore(ctx, parent.statements, child, text, test)) return true;
    }
    if (isFunctionLike(ts, parent)) {
      // A callback's parameter: guards outside it speak of another binding of the same text.
      if (parent.parameters.some((p) => ts.isIdentifier(p.name) && text.split(/[.[]/)[0] === p.name.text)) return false;
    }
  }
  return false;
}

function receiverText(ctx: Ctx, receiver: TS.Expression): string | undefined {
  const { ts } = ctx;
  const e = unwrap(ts, receiver);
  if (!ts.isIdentifier(e) && !ts.isPropertyAccessExpression(e) && !ts.isElementAccessExpression(e)) return undefined;
  return chainText(ctx, e);
}

/** Does `condition` being `truth` imply `<receiver>.type` is a tool-call discriminant? */
function implies(ctx: Ctx, condition: TS.Expression, receiver: string, truth: boolean, test: DiscriminantTest = isToolCallDiscriminant): boolean {
  const { ts } = ctx;
  const K = ts.SyntaxKind;
  const e = unwrap(ts, condition);
  if (ts.isPrefixUnaryExpression(e) && e.operator === K.ExclamationToken) return implies(ctx, e.operand, receiver, !truth, test);
  if (!ts.isBinaryExpression(e)) return false;
  const op = e.operatorToken.kind;
  // `a && b` true: both hold; `a || b` false: both fail.
  if ((op === K.AmpersandAmpersandToken && truth) || (op === K.BarBarToken && !truth)) {
    return implies(ctx, e.left, receiver, truth, test) || implies(ctx, e.right, receiver, truth, test);
  }
  const equal = op === K.EqualsEqualsEqualsToken || op === K.EqualsEqualsToken;
  const unequal = op === K.ExclamationEqualsEqualsToken || op === K.ExclamationEqualsToken;
  if (!equal && !unequal) return false;
  if (equal !== truth) return false;
  const [left, right] = [unwrap(ts, e.left), unwrap(ts, e.right)];
  const literal = isStringLike(ts, right) ? right : isStringLike(ts, left) ? left : undefined;
  const access = literal === right ? left : right;
  return literal !== undefined && test(literal.text) && isTypeOf(ctx, access, receiver);
}

/** `<receiver>.type` (or `<receiver>['type']`). */
function isTypeOf(ctx: Ctx, access: TS.Expression, receiver: string): boolean {
  const { ts } = ctx;
  if (!ts.isPropertyAccessExpression(access) && !ts.isElementAccessExpression(access)) return false;
  return accessName(ts, access) === 'type' && receiverText(ctx, access.expression) === receiver;
}

/** `case 'tool_use':` (or a run of empty cases falling into this one) of `switch (<receiver>.type)`. */
function caseSelects(ctx: Ctx, clause: TS.CaseClause, receiver: string, test: DiscriminantTest): boolean {
  const { ts } = ctx;
  const block = parentOf(ctx, clause);
  const statement = block && parentOf(ctx, block);
  if (!block || !ts.isCaseBlock(block) || !statement || !ts.isSwitchStatement(statement)) return false;
  if (!isTypeOf(ctx, unwrap(ts, statement.expression), receiver)) return false;
  const index = block.clauses.indexOf(clause);
  const selects = (c: TS.CaseOrDefaultClause): boolean => {
    if (!ts.isCaseClause(c)) return false;
    const value = unwrap(ts, c.expression);
    return isStringLike(ts, value) && test(value.text);
  };
  // Every case that reaches these statements must select a tool call: `case 'text': case 'tool_use':` does not.
  for (let i = index; i >= 0; i--) {
    const c = block.clauses[i]!;
    if (i < index && c.statements.length > 0) break;
    if (!selects(c)) return false;
  }
  return true;
}

/** `if (<receiver>.type !== 'tool_use') continue;` (or return, throw, break) before `child` in `statements`. */
function exitedBefore(ctx: Ctx, statements: TS.NodeArray<TS.Statement>, child: TS.Node, receiver: string, test: DiscriminantTest): boolean {
  const { ts } = ctx;
  const K = ts.SyntaxKind;
  for (const statement of statements) {
    if (statement === child) return false;
    if (!ts.isIfStatement(statement) || statement.elseStatement) continue;
    const then = statement.thenStatement;
    const last = ts.isBlock(then) ? then.statements[then.statements.length - 1] : then;
    const exits = !!last && (ts.isReturnStatement(last) || ts.isThrowStatement(last) || last.kind === K.ContinueStatement || last.kind === K.BreakStatement);
    if (exits && implies(ctx, statement.expression, receiver, false, test)) return true;
  }
  return false;
}

/**
 * The object a destructuring pattern reads from is one tool call: `const { id } = toolCall`,
 * `for (const { id } of message.tool_calls)`, `calls.map(({ id }) => …)`, `({ id }: ToolUseBlock) => …`,
 * or a nested `{ toolCall: { id } }`.
 */
export function isToolCallPattern(ctx: Ctx, pattern: TS.ObjectBindingPattern, scope: Scope): boolean {
  const { ts } = ctx;
  const owner = parentOf(ctx, pattern);
  if (!owner) return false;
  if (ts.isBindingElement(owner)) {
    const key = propertyNameText(ts, owner.propertyName ?? owner.name);
    return key !== undefined && TOOL_CALL_VALUE.test(key);
  }
  if (ts.isVariableDeclaration(owner)) {
    if (owner.type && isToolCallType(ctx, owner.type)) return true;
    if (owner.initializer) return isToolCallValue(ctx, owner.initializer, scope, owner.initializer);
    return isForOfElement(ctx, owner, scope, 0);
  }
  if (ts.isParameter(owner)) return (owner.type !== undefined && isToolCallType(ctx, owner.type)) || isCallbackElement(ctx, owner, scope, 0);
  return false;
}
