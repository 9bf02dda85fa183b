// Where a hand-built identity string goes, for no-identity-helper-bypass precision: the body of a
// function named as that identity's helper, a namespace path, a value scoped by the agent object
// next to it, a fingerprint of three or more values, source code being generated, or text that only
// ever reaches a log line, a person or a model. Anything else is a use that matters.
import type * as TS from 'typescript';
import type { IdentityStringFact } from '../types.js';
import { type Ctx, isFunctionLike, isStringLike, outerParent, parentOf, propertyNameText, terminalName, unwrap } from './context.js';
import { inGeneratedCode, isCodeSink, isCodeTemplate } from './generated-code.js';
import { MEMO_PARTS } from './memo-parts.js';

type Form = IdentityStringFact['form'];
export type Quiet = NonNullable<IdentityStringFact['quiet']>;

/** Function names that say "I am the helper that builds this identity". */
const HELPER_NAMES: Record<Form, RegExp> = {
  'qualified-name': /(qualified|display|trace)(tool)?names?$/i,
  'trace-name': /(qualified|display|trace)(tool)?names?$/i,
  'qualified-fallback': /(qualified|display|trace)(tool)?names?$/i,
  'lookup-key': /lookupkeys?(id)?$/i,
  'approval-key': /approvalkeys?$/i,
  'call-key': /(invocation|call|run|approval)(key|identity)$/i,
  'mcp-name': /(prefixed|qualified|mcp)\w*names?$|(namespace|prefix)(d|ed)?tools?(names?)?$|tool_?(name|id|key)s?$|tool_?names?(from|for)\w*(mcp|server)/i,
};

const NAMESPACE_BINDING = /namespace$|^ns$/i;
/** Properties whose value is prose for a person or a model: a tool's description, a prompt, UI text. */
const PROSE_PROPERTY = /^(?:description|instructions|prompt|systemPrompt|system|content|text|message|markdown|summary|tooltip|placeholder|hint|help|caption)$/i;
/** Functions that return prose (`buildPrompt`, `describeTools`, `toMarkdown`), unless they say they return a name, key or ID. */
const PROSE_FUNCTION = /prompt|instruction|description|describe|markdown|message|summar|usage|help/i;
const NAMED_RESULT = /(?:name|key|id)s?$/i;
/** Parts that belong to a name's prefix (`${prefix}__${server}__${tool}`): not one of the values a fingerprint joins. */
const PREFIX_PART = /prefix$/i;
const LOG_METHODS = new Set(['log', 'debug', 'info', 'warn', 'warning', 'error', 'trace', 'fatal']);
/** Array/string methods whose result is derived from the receiver (`names.join(', ')`). */
const DERIVING_METHODS = new Set([
  'join', 'filter', 'map', 'flatMap', 'includes', 'slice', 'concat', 'sort', 'toSorted', 'some', 'every', 'find', 'indexOf', 'at',
  'toString', 'trim', 'padEnd', 'padStart', 'toUpperCase', 'toLowerCase', 'replace', 'split',
]);

/** Name of the function a node belongs to: declaration, method, `const f = () =>`, `{ f() {} }`. */
export function functionName(ctx: Ctx, fn: TS.Node): string | undefined {
  const { ts } = ctx;
  if ((ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn) || ts.isFunctionExpression(fn)) && fn.name) {
    return propertyNameText(ts, fn.name);
  }
  const { parent } = outerParent(ctx, fn);
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent)) return propertyNameText(ts, parent.name);
  if (parent && ts.isPropertyDeclaration(parent)) return propertyNameText(ts, parent.name);
  return undefined;
}

/**
 * The function whose return value `node` is, climbing only through shapes that keep the value:
 * conditional branches, `??`/`||`, an array or object literal around it, `return` and an arrow body.
 */
function returnedBy(ctx: Ctx, node: TS.Node): TS.Node | undefined {
  const { ts } = ctx;
  let current = node;
  for (let depth = 0; depth < 12; depth++) {
    const { parent, child } = outerParent(ctx, current);
    if (!parent) return undefined;
    if (ts.isReturnStatement(parent)) {
      let up: TS.Node | undefined = parent;
      while (up && !isFunctionLike(ts, up)) up = parentOf(ctx, up);
      return up;
    }
    if (isFunctionLike(ts, parent) && (parent as TS.ArrowFunction).body === child) return parent;
    const keeps =
      (ts.isConditionalExpression(parent) && parent.condition !== child) ||
      (ts.isBinaryExpression(parent) &&
        (parent.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken || parent.operatorToken.kind === ts.SyntaxKind.BarBarToken)) ||
      ts.isArrayLiteralExpression(parent) ||
      (ts.isPropertyAssignment(parent) && parent.initializer === child) ||
      ts.isObjectLiteralExpression(parent);
    if (!keeps) return undefined;
    current = parent;
  }
  return undefined;
}

/** A function named as the helper of `form` whose return value is this construction. */
function isHelperDefinition(ctx: Ctx, form: Form, node: TS.Node): boolean {
  const fn = returnedBy(ctx, node);
  const name = fn && functionName(ctx, fn);
  return name !== undefined && HELPER_NAMES[form].test(name);
}

/** `const nestedNamespace = prefix ? `${prefix}.${ns.name}` : ns.name`: the result is a namespace. */
function isNamespacePath(ctx: Ctx, node: TS.Node): boolean {
  const { ts } = ctx;
  let current = node;
  for (;;) {
    const { parent, child } = outerParent(ctx, current);
    if (!parent) return false;
    if (ts.isConditionalExpression(parent) && parent.condition !== child) {
      current = parent;
      continue;
    }
    if (ts.isVariableDeclaration(parent) && parent.initializer === child) {
      return ts.isIdentifier(parent.name) && NAMESPACE_BINDING.test(parent.name.text);
    }
    if (ts.isPropertyAssignment(parent) && parent.initializer === child) {
      return NAMESPACE_BINDING.test(propertyNameText(ts, parent.name) ?? '');
    }
    if (ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken && parent.right === child) {
      return NAMESPACE_BINDING.test(terminalName(ts, parent.left) ?? '');
    }
    return false;
  }
}

/** `{ agent, value: `${item.type}:${callId}` }`: the key travels with the agent object it belongs to. */
function isAgentScoped(ctx: Ctx, node: TS.Node): boolean {
  const { ts } = ctx;
  const { parent, child } = outerParent(ctx, node);
  if (!parent || !ts.isPropertyAssignment(parent) || parent.initializer !== child) return false;
  const literal = parentOf(ctx, parent);
  if (!literal || !ts.isObjectLiteralExpression(literal)) return false;
  return literal.properties.some(
    (p) => p !== parent && (ts.isShorthandPropertyAssignment(p) || ts.isPropertyAssignment(p)) && /^agent$/i.test(propertyNameText(ts, p.name) ?? ''),
  );
}

/** A call whose arguments are text for people: an Error constructed or called, a console or logger method. */
export function isLogCall(ctx: Ctx, call: TS.CallExpression | TS.NewExpression): boolean {
  const { ts } = ctx;
  const callee = unwrap(ts, call.expression);
  if (ts.isNewExpression(call)) return /Error$/.test(terminalName(ts, callee) ?? '');
  if (ts.isIdentifier(callee)) return /Error$/.test(callee.text);
  if (!ts.isPropertyAccessExpression(callee)) return false;
  const owner = terminalName(ts, callee.expression) ?? '';
  return owner === 'console' || (/^log(ger)?$|logger$/i.test(owner) && LOG_METHODS.has(callee.name.text));
}

interface Flow {
  visited: Set<TS.Node>;
  budget: number;
  /**
   * `log`: log lines, the console and errors; `person`: those, UI text (JSX) and prose for a model;
   * `code`: templates that generate source code and code writers.
   */
  sinks: 'log' | 'person' | 'code';
}

/** Source code being generated: a span of a code template, or an argument of a code writer. */
function isCodeDestination(ctx: Ctx, parent: TS.Node, child: TS.Node): boolean {
  const { ts } = ctx;
  if (ts.isTemplateSpan(parent)) {
    const template = parentOf(ctx, parent);
    return template !== undefined && ts.isTemplateExpression(template) && isCodeTemplate(ctx, template);
  }
  return ts.isCallExpression(parent) && parent.expression !== child && isCodeSink(ctx, parent);
}

/** Prose for a person or a model: JSX, a description or prompt property, a prose function's result. */
function isProseSink(ctx: Ctx, parent: TS.Node, child: TS.Node): boolean {
  const { ts } = ctx;
  if (ts.isJsxExpression(parent) || ts.isJsxAttribute(parent)) return true;
  if (ts.isPropertyAssignment(parent) && parent.initializer === child) return PROSE_PROPERTY.test(propertyNameText(ts, parent.name) ?? '');
  if (ts.isShorthandPropertyAssignment(parent)) return PROSE_PROPERTY.test(parent.name.text);
  return false;
}

function isProseFunction(name: string | undefined): boolean {
  return name !== undefined && PROSE_FUNCTION.test(name) && !NAMED_RESULT.test(name);
}

/** Calls of the function `name` in the file (`name(...)`), or undefined when it may be called elsewhere. */
function callSites(ctx: Ctx, fn: TS.Node, name: string): TS.CallExpression[] | undefined {
  const { ts } = ctx;
  if (ts.canHaveModifiers(fn) && ts.getModifiers(fn)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) return undefined;
  const decl = parentOf(ctx, fn);
  const statement = decl && ts.isVariableDeclaration(decl) ? parentOf(ctx, parentOf(ctx, decl) ?? decl) : undefined;
  if (statement && ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) return undefined;
  const calls: TS.CallExpression[] = [];
  let escapes = false;
  const visit = (n: TS.Node): void => {
    if (ts.isIdentifier(n) && n.text === name) {
      const p = parentOf(ctx, n);
      if (p && ts.isCallExpression(p) && p.expression === n) calls.push(p);
      else if (!(p && (ts.isFunctionDeclaration(p) || ts.isVariableDeclaration(p)) && p.name === n)) escapes = true;
    }
    ts.forEachChild(n, visit);
  };
  visit(ctx.sf);
  return escapes ? undefined : calls;
}

/** Reads of the local `name` declared by `decl`, within the block that declares it. */
function readsOf(ctx: Ctx, decl: TS.VariableDeclaration, name: string): TS.Identifier[] {
  const { ts } = ctx;
  let scope: TS.Node | undefined = parentOf(ctx, decl);
  while (scope && !ts.isBlock(scope) && !ts.isSourceFile(scope) && !isFunctionLike(ts, scope)) scope = parentOf(ctx, scope);
  const reads: TS.Identifier[] = [];
  const visit = (n: TS.Node): void => {
    if (ts.isIdentifier(n) && n.text === name && n !== decl.name) {
      const p = parentOf(ctx, n);
      if (!(p && ts.isPropertyAccessExpression(p) && p.name === n)) reads.push(n);
    }
    ts.forEachChild(n, visit);
  };
  if (scope) visit(scope);
  return reads;
}

/**
 * True when every place the value can reach is one of `flow.sinks` (text for a log line, console
 * output or an error; also UI text and prose; or generated code): followed through templates, `+`,
 * array methods, plain function arguments, the locals it is bound to and the callers of the function
 * returning it. A field of an object (a structured log record, a request) is a use that matters,
 * unless it is a prose field; so is anything this does not follow.
 */
function onlyReaches(ctx: Ctx, node: TS.Node, flow: Flow): boolean {
  const { ts } = ctx;
  if (flow.visited.has(node)) return true;
  flow.visited.add(node);
  if (--flow.budget < 0) return false;
  const { parent, child } = outerParent(ctx, node);
  if (!parent) return false;
  if (ts.isThrowStatement(parent)) return flow.sinks !== 'code';
  if (flow.sinks === 'person' && isProseSink(ctx, parent, child)) return true;
  if (flow.sinks === 'code' && isCodeDestination(ctx, parent, child)) return true;
  if ((ts.isCallExpression(parent) || ts.isNewExpression(parent)) && parent.expression !== child) {
    if (flow.sinks !== 'code' && isLogCall(ctx, parent)) return true;
    const callee = unwrap(ts, parent.expression);
    // A plain function (`formatList(names)`, `new Set(names)`) derives its result from the argument.
    if (ts.isIdentifier(callee)) return onlyReaches(ctx, parent, flow);
    return false;
  }
  if (
    ts.isTemplateSpan(parent) ||
    ts.isTemplateExpression(parent) ||
    ts.isArrayLiteralExpression(parent) ||
    ts.isSpreadElement(parent) ||
    ts.isPrefixUnaryExpression(parent) ||
    (ts.isConditionalExpression(parent) && parent.condition !== child) ||
    (ts.isBinaryExpression(parent) &&
      [ts.SyntaxKind.PlusToken, ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(parent.operatorToken.kind))
  ) {
    return onlyReaches(ctx, parent, flow);
  }
  if (ts.isPropertyAccessExpression(parent) && parent.expression === child) {
    const call = parentOf(ctx, parent);
    if (parent.name.text === 'length') return onlyReaches(ctx, parent, flow);
    if (call && ts.isCallExpression(call) && call.expression === parent && DERIVING_METHODS.has(parent.name.text)) return onlyReaches(ctx, call, flow);
    return false;
  }
  if (ts.isVariableDeclaration(parent) && parent.initializer === child && ts.isIdentifier(parent.name)) {
    const reads = readsOf(ctx, parent, parent.name.text);
    return reads.length > 0 && reads.every((read) => onlyReaches(ctx, read, flow));
  }
  let fn: TS.Node | undefined;
  if (ts.isReturnStatement(parent)) {
    fn = parent;
    while (fn && !isFunctionLike(ts, fn)) fn = parentOf(ctx, fn);
  } else if (isFunctionLike(ts, parent) && (parent as TS.ArrowFunction).body === child) {
    fn = parent;
  }
  if (!fn) return false;
  const { parent: holder } = outerParent(ctx, fn);
  // A callback of `items.flatMap(cb)` / `names.filter(cb)`: the call's result carries the value on.
  if (holder && ts.isCallExpression(holder) && holder.expression !== fn) {
    const callee = unwrap(ts, holder.expression);
    if (ts.isPropertyAccessExpression(callee) && DERIVING_METHODS.has(callee.name.text)) return onlyReaches(ctx, holder, flow);
    return false;
  }
  const name = functionName(ctx, fn);
  if (flow.sinks === 'person' && isProseFunction(name)) return true;
  if (!name || (holder && ts.isPropertyAssignment(holder))) return false;
  const calls = callSites(ctx, fn, name);
  return calls !== undefined && calls.length > 0 && calls.every((call) => onlyReaches(ctx, call, flow));
}

/**
 * How many values a template, `+` chain or `[...].join()` joins: substitutions and non-literal
 * operands or elements, not counting a name's prefix part. Other constructions join none.
 */
function joinedValues(ctx: Ctx, node: TS.Node): number {
  const { ts } = ctx;
  const counts = (e: TS.Expression): boolean => {
    const u = unwrap(ts, e);
    return !isStringLike(ts, u) && !PREFIX_PART.test(terminalName(ts, u) ?? '');
  };
  if (ts.isTemplateExpression(node)) return node.templateSpans.filter((span) => counts(span.expression)).length;
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const operands: TS.Expression[] = [];
    const flatten = (e: TS.Expression): void => {
      const u = unwrap(ts, e);
      if (ts.isBinaryExpression(u) && u.operatorToken.kind === ts.SyntaxKind.PlusToken) {
        flatten(u.left);
        flatten(u.right);
      } else operands.push(u);
    };
    flatten(node);
    return operands.filter(counts).length;
  }
  if (ts.isCallExpression(node)) {
    const callee = unwrap(ts, node.expression);
    if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'join') {
      const list = unwrap(ts, callee.expression);
      if (ts.isArrayLiteralExpression(list)) return list.elements.filter(counts).length;
    }
  }
  return 0;
}

/** Why a construction is not a bypass, or undefined when it is one. */
export function quietReason(ctx: Ctx, form: Form, node: TS.Node): Quiet | undefined {
  if (isHelperDefinition(ctx, form, node)) return 'helper-definition';
  if ((form === 'qualified-name' || form === 'trace-name') && isNamespacePath(ctx, node)) return 'namespace-path';
  if (form === 'call-key' && isAgentScoped(ctx, node)) return 'agent-scoped';
  // A signature or fingerprint of three or more values (the call-ID rule's memo strings).
  if (joinedValues(ctx, node) >= MEMO_PARTS) return 'fingerprint';
  if (inGeneratedCode(ctx, node) || onlyReaches(ctx, node, { visited: new Set(), budget: 200, sinks: 'code' })) return 'generated-code';
  if (neverRead(ctx, node)) return 'unused';
  if (privateKey(ctx, node)) return 'private-key';
  return undefined;
}

/** Collection methods that store a key, and those that look one up. */
const STORE_METHODS = new Set(['set', 'add']);
const FIND_METHODS = new Set(['get', 'has', 'delete', 'includes']);

/** `recv.method(id)`, with `id` the first argument: the receiver's text and the method, or undefined. */
function keyedCall(ctx: Ctx, id: TS.Node): { receiver: string; method: string } | undefined {
  const { ts } = ctx;
  const { parent, child } = outerParent(ctx, id);
  if (!parent || !ts.isCallExpression(parent) || parent.arguments[0] !== child) return undefined;
  const callee = unwrap(ts, parent.expression);
  if (!ts.isPropertyAccessExpression(callee)) return undefined;
  const method = callee.name.text;
  if (!STORE_METHODS.has(method) && !FIND_METHODS.has(method)) return undefined;
  return { receiver: unwrap(ts, callee.expression).getText(ctx.sf), method };
}

/** A collection this file owns: a field of its class (`this.allowed`) or a local made here (`new Set()`, `[]`), not one passed in. */
function ownCollection(ctx: Ctx, receiver: string): boolean {
  const { ts } = ctx;
  if (/^this\.#?\w+$/.test(receiver)) return true;
  if (!/^\w+$/.test(receiver)) return false;
  let made = false;
  const visit = (n: TS.Node): void => {
    if (made) return;
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.name.text === receiver && n.initializer) {
      const init = unwrap(ts, n.initializer);
      made = ts.isNewExpression(init) || ts.isArrayLiteralExpression(init);
    }
    ts.forEachChild(n, visit);
  };
  visit(ctx.sf);
  return made;
}

/**
 * \`const key = \`\${server}__\${tool}\`\` stored in a collection and looked up in it through the same local,
 * and the file keys that collection by nothing else: a private key space that agrees with itself, so
 * no helper's format can disagree with it (an allow-list or memo built and read in one place).
 */
function privateKey(ctx: Ctx, node: TS.Node): boolean {
  const { ts } = ctx;
  const { parent, child } = outerParent(ctx, node);
  if (!parent || !ts.isVariableDeclaration(parent) || parent.initializer !== child || !ts.isIdentifier(parent.name)) return false;
  const local = parent.name.text;
  const reads = readsOf(ctx, parent, local);
  const uses = reads.map((read) => keyedCall(ctx, read));
  if (uses.length === 0 || uses.some((use) => use === undefined)) return false;
  const receivers = new Set(uses.map((use) => use!.receiver));
  if (![...receivers].every((receiver) => ownCollection(ctx, receiver))) return false;
  if (!uses.some((use) => STORE_METHODS.has(use!.method)) || !uses.some((use) => FIND_METHODS.has(use!.method))) return false;
  // Every key the file stores in or looks up in those collections is this local.
  let other = false;
  const visit = (n: TS.Node): void => {
    if (other) return;
    if (ts.isCallExpression(n) && n.arguments.length > 0) {
      const callee = unwrap(ts, n.expression);
      if (ts.isPropertyAccessExpression(callee) && (STORE_METHODS.has(callee.name.text) || FIND_METHODS.has(callee.name.text))) {
        const arg = unwrap(ts, n.arguments[0]!);
        if (receivers.has(unwrap(ts, callee.expression).getText(ctx.sf)) && !(ts.isIdentifier(arg) && reads.includes(arg))) other = true;
      }
    }
    if (ts.isElementAccessExpression(n) && receivers.has(unwrap(ts, n.expression).getText(ctx.sf))) other = true;
    ts.forEachChild(n, visit);
  };
  visit(ctx.sf);
  return !other;
}

/**
 * `const key = \`${server}__${tool}\`;` and nothing reads `key`: the string names nothing, so it
 * bypasses no helper (an exported binding is read elsewhere; any same-named identifier counts as a read).
 */
function neverRead(ctx: Ctx, node: TS.Node): boolean {
  const { ts } = ctx;
  const { parent, child } = outerParent(ctx, node);
  if (!parent || !ts.isVariableDeclaration(parent) || parent.initializer !== child || !ts.isIdentifier(parent.name)) return false;
  const statement = parentOf(ctx, parentOf(ctx, parent) ?? parent);
  if (statement && ts.isVariableStatement(statement) && statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) return false;
  return readsOf(ctx, parent, parent.name.text).length === 0;
}

/** The construction only ever reaches text for a log, the console or an error. */
export function onlyReachesLogText(ctx: Ctx, node: TS.Node): boolean {
  return onlyReaches(ctx, node, { visited: new Set(), budget: 200, sinks: 'log' });
}

/** The construction only ever reaches text for a person or a model: logs and errors, UI text, descriptions and prompts. */
export function onlyReachesPersonText(ctx: Ctx, node: TS.Node): boolean {
  return onlyReaches(ctx, node, { visited: new Set(), budget: 200, sinks: 'person' });
}

const KEY_METHODS = new Set(['set', 'get', 'has', 'add', 'delete']);
/** Methods that look a key up without storing it. */
const LOOKUP_METHODS = new Set(['get', 'has', 'includes', 'indexOf', 'lastIndexOf', 'delete']);

/** `tools.get(x)`, `tools[x]` read, `name === x`, `case x:`: the value finds something, it stores nothing. */
function directLookupUse(ctx: Ctx, node: TS.Node): boolean {
  const { ts } = ctx;
  const K = ts.SyntaxKind;
  const { parent, child } = outerParent(ctx, node);
  if (!parent) return false;
  if (ts.isCallExpression(parent) && parent.arguments[0] === child) {
    const callee = unwrap(ts, parent.expression);
    return ts.isPropertyAccessExpression(callee) && LOOKUP_METHODS.has(callee.name.text);
  }
  if (ts.isElementAccessExpression(parent) && parent.argumentExpression === child) {
    const { parent: outer, child: access } = outerParent(ctx, parent);
    return !(outer && ts.isBinaryExpression(outer) && outer.left === access && outer.operatorToken.kind >= K.FirstAssignment && outer.operatorToken.kind <= K.LastAssignment);
  }
  if (ts.isBinaryExpression(parent)) {
    const op = parent.operatorToken.kind;
    return op === K.EqualsEqualsEqualsToken || op === K.ExclamationEqualsEqualsToken || op === K.EqualsEqualsToken || op === K.ExclamationEqualsToken;
  }
  return ts.isCaseClause(parent) && parent.expression === child;
}

/** The construction looks a name up (directly or through the local it is bound to) instead of making one. */
export function usedAsLookup(ctx: Ctx, node: TS.Node): boolean {
  const { ts } = ctx;
  if (directLookupUse(ctx, node)) return true;
  const { parent, child } = outerParent(ctx, node);
  if (parent && ts.isVariableDeclaration(parent) && parent.initializer === child && ts.isIdentifier(parent.name)) {
    const reads = readsOf(ctx, parent, parent.name.text);
    return reads.length > 0 && reads.every((read) => directLookupUse(ctx, read));
  }
  return false;
}

function directKeyUse(ctx: Ctx, node: TS.Node): boolean {
  const { ts } = ctx;
  const { parent, child } = outerParent(ctx, node);
  if (!parent) return false;
  if (ts.isCallExpression(parent) && parent.arguments[0] === child) {
    const callee = unwrap(ts, parent.expression);
    return ts.isPropertyAccessExpression(callee) && KEY_METHODS.has(callee.name.text);
  }
  if (ts.isElementAccessExpression(parent) && parent.argumentExpression === child) return true;
  if (ts.isComputedPropertyName(parent)) return true;
  const fn = returnedBy(ctx, node);
  return fn !== undefined && /key$/i.test(functionName(ctx, fn) ?? '');
}

/**
 * A map key, a set entry, an index, or the return value of a key function (`…Key`), directly or
 * through the local it is bound to.
 */
export function usedAsKey(ctx: Ctx, node: TS.Node): boolean {
  const { ts } = ctx;
  if (directKeyUse(ctx, node)) return true;
  const { parent, child } = outerParent(ctx, node);
  if (parent && ts.isVariableDeclaration(parent) && parent.initializer === child && ts.isIdentifier(parent.name)) {
    return readsOf(ctx, parent, parent.name.text).some((read) => directKeyUse(ctx, read));
  }
  return false;
}
