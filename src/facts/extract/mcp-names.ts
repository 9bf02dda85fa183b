// MCP server-prefixed tool names, by what the values are rather than by one framework's spelling.
// A client that mounts the tools of several MCP servers in one set prefixes each tool's name with
// its server's: `${serverName}_${toolName}`, `mcp__${server}__${tool.name}`, `${this.name}.${tool.name}`.
// A name is recognised by its parts (a server's name, then a tool's name), joined by one of the
// separators clients use, with nothing else in the string but an optional prefix word (`mcp__`).
// The same parts are read back by lookups that split the name or strip its prefix by hand; those
// are recorded too (`McpNameLookupFact`), so the check can compare them with how the names are built.
import type * as TS from 'typescript';
import type { McpNameLookupFact, McpNameScheme } from '../types.js';
import { type Ctx, isStringLike, parentOf, shortText, spanOf, terminalName, textOf, unwrap } from './context.js';

/** Separators between a server's name and a tool's: `_` (Mastra, VS Code), `__` (Claude, LangChain), `-`, `.`, `/`. */
const SEPARATORS: ReadonlySet<string> = new Set(['__', '_', '-', '.', '/']);
/** A literal prefix word before the server: `mcp__`, `mcp_`, `mcp.`, `tool-`. No spaces: a name, not text. */
const PREFIX_LITERAL = /^[A-Za-z][A-Za-z0-9]*(?:__|[_\-./])$/;
/** Names that say "server" as a word: `server`, `serverName`, `mcpServer`, `SERVER_ID` (not `observer`). */
const SERVER_NAME = /(?:^|_)server|Server|SERVER|^mcp|Mcp|MCP/;
/** Objects whose `name`/`id` is a server's name: a server, an MCP client or connection (`clientInfo.name`, `this.client.id`). */
const SERVER_HOLDER = /(?:^|_)(?:server|client|connection)|Server|Client|Connection|SERVER|CLIENT|^mcp|Mcp|MCP/;
/** Fields that name the object holding them. */
const NAME_FIELD = /^(?:name|id|key|slug|alias)$/i;
/**
 * A server's address or settings, not its name: `serverUrl`, `serverPath`, `serverConfig`. Joined
 * with a tool name they make a URL or a path.
 */
const NOT_A_NAME: ReadonlySet<string> = new Set([
  'url', 'uri', 'host', 'hostname', 'port', 'path', 'dir', 'directory', 'endpoint', 'origin', 'address', 'command', 'cmd', 'version', 'count',
  'index', 'idx', 'size', 'status', 'state', 'config', 'configs', 'options', 'opts', 'params', 'args', 'env', 'timeout', 'type', 'types',
]);

/** The last word of a camelCase or snake_case name, lower-cased: `serverUrl` → `url`. */
function lastWord(name: string): string {
  return (name.split(/_|(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/).filter(Boolean).at(-1) ?? name).toLowerCase();
}

/** A server's address or settings (`serverUrl`, `server.path`), not its name. */
function isNotAName(name: string): boolean {
  return NOT_A_NAME.has(lastWord(name));
}
/** A tool's name: a local or field whose name contains `name` or `tool` (`tool.name`, `t.name`, `name`). */
const TOOL_NAME = /name|tool/i;
/** Parts that belong to the prefix itself (`${prefix}__${server}__${tool}`), not to the name's values. */
const PREFIX_PART = /prefix$/i;
/** String methods that return a transformed copy of their receiver (`serverId.replace(/-/g, '')`). */
const TRANSFORMS: ReadonlySet<string> = new Set([
  'replace', 'replaceAll', 'toLowerCase', 'toUpperCase', 'toLocaleLowerCase', 'toLocaleUpperCase', 'trim', 'trimStart', 'trimEnd',
  'normalize', 'slice', 'substring', 'toString',
]);

/** A value seen through string transforms and sanitising functions: `slugify(server.id)` → `server.id`. */
function transformed(ctx: Ctx, expr: TS.Expression, test: (e: TS.Expression) => boolean, depth = 0): boolean {
  const { ts } = ctx;
  const e = unwrap(ts, expr);
  if (depth > 4) return false;
  if (ts.isCallExpression(e)) {
    const callee = unwrap(ts, e.expression);
    if (ts.isPropertyAccessExpression(callee) && TRANSFORMS.has(callee.name.text)) return transformed(ctx, callee.expression, test, depth + 1);
    // A plain function of one value (`sanitize(name)`, `slugify(server.id)`) derives its result from it.
    if (ts.isIdentifier(callee)) return e.arguments.length > 0 && transformed(ctx, e.arguments[0]!, test, depth + 1);
    return false;
  }
  if (ts.isBinaryExpression(e)) {
    const op = e.operatorToken.kind;
    if (op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken) {
      return transformed(ctx, e.left, test, depth + 1) || transformed(ctx, e.right, test, depth + 1);
    }
    return false;
  }
  return test(e);
}

/** The class a `this` belongs to (arrow functions see their outer `this`). */
function enclosingClassName(ctx: Ctx, node: TS.Node): string | undefined {
  const { ts } = ctx;
  for (let current = parentOf(ctx, node); current; current = parentOf(ctx, current)) {
    if (ts.isClassLike(current)) return current.name?.text;
    if (ts.isFunctionDeclaration(current) || ts.isFunctionExpression(current)) return undefined;
  }
  return undefined;
}

/** The object a field is read from, through an index (`servers[i].name` → `servers`). */
function holderName(ctx: Ctx, receiver: TS.Expression): string | undefined {
  const { ts } = ctx;
  const r = unwrap(ts, receiver);
  if (r.kind === ts.SyntaxKind.ThisKeyword) return enclosingClassName(ctx, r);
  if (ts.isElementAccessExpression(r) && terminalName(ts, r) === undefined) return terminalName(ts, r.expression);
  return terminalName(ts, r);
}

/** A name alone (no transform): the name says server, or it is the name field of a server or client. */
function isServerName(ctx: Ctx, e: TS.Expression): boolean {
  const { ts } = ctx;
  const name = terminalName(ts, e);
  if (name === undefined || isNotAName(name)) return false;
  if (SERVER_NAME.test(name)) return !/tool/i.test(name);
  if (!NAME_FIELD.test(name) || !(ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e))) return false;
  const holder = holderName(ctx, e.expression);
  return holder !== undefined && SERVER_HOLDER.test(holder) && !isNotAName(holder);
}

/** A server's name, possibly transformed on the way: `serverName`, `this.name` in an `McpClient`, `slugify(server.id)`. */
export function isServerPart(ctx: Ctx, expr: TS.Expression): boolean {
  const { ts } = ctx;
  const e = unwrap(ts, expr);
  // `normalizeServerName(x)`, `getServerId()`: the function says what it returns.
  if (ts.isCallExpression(e)) {
    const callee = terminalName(ts, e.expression);
    if (callee !== undefined && SERVER_NAME.test(callee) && !isNotAName(callee) && !/tool/i.test(callee)) return true;
  }
  return transformed(ctx, e, (x) => isServerName(ctx, x));
}

/** An MCP server's other primitives: a prompt's or a resource's name is renamed for the client too, but it is no tool's. */
const OTHER_PRIMITIVE = /prompt|resource/i;

/** The list a loop or callback variable walks: `prompts` for `p` in `for (const p of prompts)` or `prompts.map((p) => …)`. */
function elementSource(ctx: Ctx, id: TS.Identifier): TS.Expression | undefined {
  const { ts } = ctx;
  for (let node = parentOf(ctx, id); node; node = parentOf(ctx, node)) {
    if (ts.isForOfStatement(node) && ts.isVariableDeclarationList(node.initializer)) {
      const decl = node.initializer.declarations[0];
      if (decl && ts.isIdentifier(decl.name) && decl.name.text === id.text) return node.expression;
    }
    if ((ts.isArrowFunction(node) || ts.isFunctionExpression(node)) && node.parameters.some((p) => ts.isIdentifier(p.name) && p.name.text === id.text)) {
      const call = parentOf(ctx, node);
      if (!call || !ts.isCallExpression(call)) return undefined;
      const callee = unwrap(ts, call.expression);
      return ts.isPropertyAccessExpression(callee) ? callee.expression : undefined;
    }
  }
  return undefined;
}

/** `prompt.name`, `promptName`, `p.name` of `prompts.map((p) => …)`: the name of a prompt or resource. */
function isOtherPrimitiveName(ctx: Ctx, e: TS.Expression): boolean {
  const { ts } = ctx;
  const says = (x: TS.Expression | undefined): boolean => {
    const name = x && terminalName(ts, unwrap(ts, x));
    return name !== undefined && OTHER_PRIMITIVE.test(name) && !/tool/i.test(name);
  };
  if (says(e)) return true;
  if (!ts.isPropertyAccessExpression(e)) return false;
  const holder = unwrap(ts, e.expression);
  if (says(holder)) return true;
  return ts.isIdentifier(holder) && says(elementSource(ctx, holder));
}

/** A tool's name, possibly transformed, that is not a server's, a prompt's or a resource's. */
export function isToolPart(ctx: Ctx, expr: TS.Expression): boolean {
  return !isServerPart(ctx, expr) && transformed(ctx, expr, (x) => TOOL_NAME.test(terminalName(ctx.ts, x) ?? '') && !isOtherPrimitiveName(ctx, x));
}

function isPrefixPart(ctx: Ctx, expr: TS.Expression): boolean {
  return PREFIX_PART.test(terminalName(ctx.ts, expr) ?? '');
}

/** The server-prefixed name a construction builds, and its parts. */
export interface McpNameMatch {
  scheme: McpNameScheme;
  server: TS.Expression;
  tool: TS.Expression;
}

function literalText(ctx: Ctx, e: TS.Expression | undefined): string | undefined {
  const u = e && unwrap(ctx.ts, e);
  return u && isStringLike(ctx.ts, u) ? u.text : undefined;
}

/**
 * A sequence of literal texts and values (template, `+` chain or join, flattened) as a prefixed
 * name: [prefix?] server SEP tool, nothing after the tool. A literal prefix is a word and a
 * separator (`mcp__`); a value prefix is a part named `…prefix` followed by a separator.
 */
function matchSequence(ctx: Ctx, items: ReadonlyArray<string | TS.Expression>): McpNameMatch | undefined {
  const parts = items.filter((item) => item !== '');
  if (parts.length < 3) return undefined;
  const [tool, sep, server] = [parts.at(-1)!, parts.at(-2)!, parts.at(-3)!];
  if (typeof tool === 'string' || typeof sep !== 'string' || typeof server === 'string' || !SEPARATORS.has(sep)) return undefined;
  const before = parts.slice(0, -3);
  let prefix: string;
  if (before.length === 0) prefix = '';
  else if (before.length === 1 && typeof before[0] === 'string' && PREFIX_LITERAL.test(before[0])) prefix = before[0];
  else if (before.length === 2 && typeof before[0] !== 'string' && isPrefixPart(ctx, before[0]!) && typeof before[1] === 'string' && SEPARATORS.has(before[1])) {
    prefix = `\${${textOf(ctx, before[0]!)}}${before[1]}`;
  } else if (before.length === 1 && typeof before[0] !== 'string' && isPrefixPart(ctx, before[0]!)) {
    // `${MCP_PREFIX}${server}__${tool}`: a prefix constant (often imported) that holds its own separator.
    prefix = `\${${textOf(ctx, before[0]!)}}`;
  } else return undefined;
  // After a literal `mcp` prefix the first value is the server whatever it is called (`mcp__${key}__${tool}`).
  const serverOk = isServerPart(ctx, server) || (/^mcp/i.test(prefix) && !isToolPart(ctx, server));
  if (!serverOk || !isToolPart(ctx, tool)) return undefined;
  return { scheme: { prefix, separator: sep }, server, tool };
}

/** Operands of a `+` chain, left to right. */
function plusOperands(ctx: Ctx, node: TS.Expression, out: TS.Expression[] = []): TS.Expression[] {
  const { ts } = ctx;
  const e = unwrap(ts, node);
  if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    plusOperands(ctx, e.left, out);
    plusOperands(ctx, e.right, out);
  } else out.push(node);
  return out;
}

/** `${serverName}_${toolName}`, `'mcp__' + server + '__' + tool`, `[server, tool.name].join('.')`. */
export function matchMcpName(ctx: Ctx, node: TS.Node): McpNameMatch | undefined {
  const { ts } = ctx;
  if (ts.isTemplateExpression(node)) {
    const items: Array<string | TS.Expression> = [node.head.text];
    for (const span of node.templateSpans) items.push(span.expression, span.literal.text);
    return matchSequence(ctx, items);
  }
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    return matchSequence(ctx, plusOperands(ctx, node).map((e) => literalText(ctx, e) ?? e));
  }
  if (ts.isCallExpression(node)) {
    const callee = unwrap(ts, node.expression);
    const sep = literalText(ctx, node.arguments[0]);
    if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== 'join' || sep === undefined || !SEPARATORS.has(sep)) return undefined;
    const list = unwrap(ts, callee.expression);
    if (!ts.isArrayLiteralExpression(list) || list.elements.some((e) => ts.isSpreadElement(e))) return undefined;
    const items: Array<string | TS.Expression> = [];
    list.elements.forEach((element, i) => {
      if (i > 0) items.push(sep);
      items.push(literalText(ctx, element) ?? element);
    });
    // `['mcp', server, tool].join('__')`: a literal first element is the prefix word.
    if (typeof items[0] === 'string') items.splice(0, 2, `${items[0]}${sep}`);
    return matchSequence(ctx, items);
  }
  return undefined;
}

/** The name a lookup reads: a tool's name or a prefixed name (`name`, `tool.name`, `prefixedName`). */
function isNameReceiver(ctx: Ctx, expr: TS.Expression): boolean {
  const name = terminalName(ctx.ts, expr);
  return name !== undefined && TOOL_NAME.test(name) && !isServerPart(ctx, expr);
}

/** `${server}__`, `server + '__'`: a server's name and a separator, as a prefix to strip or test. */
function serverPrefix(ctx: Ctx, pattern: TS.Expression): string | undefined {
  const { ts } = ctx;
  const p = unwrap(ts, pattern);
  let items: Array<string | TS.Expression>;
  if (ts.isTemplateExpression(p)) {
    items = [p.head.text];
    for (const span of p.templateSpans) items.push(span.expression, span.literal.text);
  } else if (ts.isBinaryExpression(p) && p.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    items = plusOperands(ctx, p).map((e) => literalText(ctx, e) ?? e);
  } else return undefined;
  const parts = items.filter((item) => item !== '');
  const [sep, server] = [parts.at(-1), parts.at(-2)];
  if (typeof sep !== 'string' || !SEPARATORS.has(sep) || server === undefined || typeof server === 'string') return undefined;
  const before = parts.slice(0, -2);
  const prefixOk = before.length === 0 || (before.length === 1 && typeof before[0] === 'string' && PREFIX_LITERAL.test(before[0]));
  return prefixOk && isServerPart(ctx, server) ? sep : undefined;
}

/** A literal prefix to strip: `'mcp__'`, or a regex literal anchored at the start (`/^mcp__/`). */
function literalPrefix(ctx: Ctx, pattern: TS.Expression): string | undefined {
  const { ts } = ctx;
  const p = unwrap(ts, pattern);
  const text = literalText(ctx, p);
  if (text !== undefined) return PREFIX_LITERAL.test(text) ? text : undefined;
  if (p.kind === ts.SyntaxKind.RegularExpressionLiteral) {
    const source = /^\/\^((?:[A-Za-z0-9_-]|\\[./])+)\/[a-z]*$/.exec(p.getText(ctx.sf))?.[1]?.replace(/\\/g, '');
    return source !== undefined && PREFIX_LITERAL.test(source) ? source : undefined;
  }
  return undefined;
}

/** `const [server, tool] = name.split('_')`, `name.split('_')[0] === serverName`: the parts are read as server and tool. */
function splitReadsServer(ctx: Ctx, call: TS.CallExpression): boolean {
  const { ts } = ctx;
  let node: TS.Node = call;
  let parent = parentOf(ctx, node);
  while (parent && (ts.isParenthesizedExpression(parent) || ts.isNonNullExpression(parent) || ts.isAsExpression(parent))) {
    node = parent;
    parent = parentOf(ctx, node);
  }
  if (!parent) return false;
  if (ts.isVariableDeclaration(parent) && parent.initializer === node && ts.isArrayBindingPattern(parent.name)) {
    return parent.name.elements.some((element) => ts.isBindingElement(element) && ts.isIdentifier(element.name) && SERVER_NAME.test(element.name.text));
  }
  if (ts.isElementAccessExpression(parent) && parent.expression === node) {
    const compare = parentOf(ctx, parent);
    if (compare && ts.isBinaryExpression(compare)) {
      const other = compare.left === parent ? compare.right : compare.left;
      return isServerPart(ctx, other);
    }
  }
  return false;
}

const LOOKUP_METHODS: ReadonlySet<string> = new Set(['split', 'replace', 'replaceAll', 'startsWith', 'slice', 'substring', 'substr']);

/**
 * A lookup that splits a server-prefixed name or takes its prefix off by hand: `name.split('_')`,
 * `name.replace(`${server}_`, '')`, `name.startsWith('mcp__')`, `name.slice(server.length + 1)`.
 */
export function collectMcpNameLookup(ctx: Ctx, call: TS.CallExpression): void {
  const { ts } = ctx;
  const callee = unwrap(ts, call.expression);
  if (!ts.isPropertyAccessExpression(callee) || !LOOKUP_METHODS.has(callee.name.text)) return;
  const method = callee.name.text;
  const receiver = callee.expression;
  const arg = call.arguments[0];
  if (!arg || !isNameReceiver(ctx, receiver)) return;
  let lookup: Omit<McpNameLookupFact, 'text' | 'span'> | undefined;
  if (method === 'split') {
    const sep = literalText(ctx, arg);
    if (sep !== undefined && SEPARATORS.has(sep)) lookup = { kind: 'split', separator: sep, ...(splitReadsServer(ctx, call) ? { readsServer: true } : {}) };
  } else if (method === 'replace' || method === 'replaceAll' || method === 'startsWith') {
    // `replace` strips only when the replacement is empty.
    if (method !== 'startsWith' && literalText(ctx, call.arguments[1]) !== '') return;
    const kind = method === 'startsWith' ? 'prefix-test' : 'strip';
    const sep = serverPrefix(ctx, arg);
    const prefix = sep === undefined ? literalPrefix(ctx, arg) : undefined;
    if (sep !== undefined) lookup = { kind, separator: sep };
    else if (prefix !== undefined) lookup = { kind, prefix };
  } else {
    // `name.slice(`${server}_`.length)`, `name.slice(server.length + 1)`: the characters skipped after the server.
    const a = unwrap(ts, arg);
    if (ts.isPropertyAccessExpression(a) && a.name.text === 'length') {
      const sep = serverPrefix(ctx, a.expression);
      if (sep !== undefined) lookup = { kind: 'strip', separator: sep };
    } else if (ts.isBinaryExpression(a) && a.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      const left = unwrap(ts, a.left);
      const right = unwrap(ts, a.right);
      if (ts.isPropertyAccessExpression(left) && left.name.text === 'length' && isServerPart(ctx, left.expression) && ts.isNumericLiteral(right)) {
        lookup = { kind: 'strip', separatorLength: Number(right.text) };
      }
    }
  }
  if (!lookup) return;
  ctx.facts.mcpNameLookups.push({ ...lookup, text: shortText(ctx, call), span: spanOf(ctx, call) });
}
