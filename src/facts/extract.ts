// Fact extraction from one TypeScript syntax tree.
//
// `extractFacts(ts, sourceFile, { file })` takes the compiler module as a parameter and never imports
// `typescript` values, so the same code runs on a `ts.SourceFile` from typescript-eslint's parser
// (with the project's `typescript`) and on one from ts-morph (`import { ts } from 'ts-morph'`,
// `sourceFile.compilerNode`). Pass nodes and module of the same compiler. Syntax only: no checker
// is needed; `options.isCallIdExpression` is the seam for type information.
//
// One walk per file (`./extract/scope.ts`) builds scopes and collects candidate nodes; candidates are
// then interpreted in source order by the adapter-driven framework step, the call-ID step and the
// identity-string step. Files whose text mentions no enabler module and no identity token skip the
// walk: only their module surface (imports, exports, top-level bindings) is read, so constants they
// export still resolve across files.
import type * as TS from 'typescript';
import type { ts as MorphTs } from 'ts-morph';
import { adapterEnabledBy, liveProperties, adapters as registry } from './adapters/index.js';
import { collectCallIdCoercion } from './extract/call-ids.js';
import { type Ctx, type ExtractOptions, type TsModule, compilerView, emptyFacts, isFunctionLike, parentOf, spanOf, unwrap } from './extract/context.js';
import { addImportedRun, addParameterRegistration } from './extract/calls.js';
import { wrapperPattern } from './extract/match.js';
import { escapeRegExp } from './reg-exp.js';
import { collectSurfaceToolkits, createFrameworkState, finishFrameworks, handleCallOrNew, queueLiveProperty } from './extract/frameworks.js';
import { collectGeneratedCode } from './extract/generated-code.js';
import { collectIdentityString } from './extract/identity-strings.js';
import { collectMcpNameLookup } from './extract/mcp-names.js';
import { addExportedFunctionFacts } from './extract/exported-functions.js';
import { buildModuleSurface } from './extract/module-surface.js';
import { type FnInfo, type Scope, declareImports, newScope, walk } from './extract/scope.js';
import { handleClass } from './extract/frameworks.js';
import { toValueRef } from './extract/values.js';
import type { FrameworkAdapter } from './adapters/types.js';
import type { FileFacts, FunctionFact, ValueRef } from './types.js';

export type { ExtractOptions, TsModule };

/**
 * Tokens of the framework-independent facts (call IDs, identity strings). A file that mentions none
 * of them and no enabler module cannot produce a fact beyond its module surface.
 */
export const IDENTITY_TOKENS =
  /call_?id|tool[-_]?call|tool_?use|function_?call|\btc\b|qualifiedName|deferred_top_level|namespace|\bns\b|['"`]bare['"`]|_call:|approvals\b|approvalDecisions|\}__?\$\{|\bmcp__/i;

/**
 * MCP server-prefixed names and their lookups: two values joined by a separator (`${a}-${b}`,
 * `a + '.' + b`, `[a, b].join('/')`) or a name split on `_`/`__`, in a file that mentions servers or
 * clients. Both halves are common alone; together they are rare.
 */
const MCP_NAME_JOIN = /\}(?:__?|[-./])\$\{|['"](?:__?|[-./])['"]\s*[+)]|\.(?:split|replace|startsWith|slice)\(\s*(?:['"]__?['"]|`\$\{)/;
const MCP_NAME_CONTEXT = /server|mcp|client|connection/i;

/** True when the file's text could yield facts beyond its module surface. */
export function mayHaveFacts(text: string, adapters: readonly FrameworkAdapter[] = registry): boolean {
  return (
    mentionsEnabler(text, adapters) ||
    IDENTITY_TOKENS.test(text) ||
    (MCP_NAME_JOIN.test(text) && MCP_NAME_CONTEXT.test(text)) ||
    liveMutationPattern(adapters).test(text) ||
    runCallPattern(adapters).test(text) ||
    registrationCallPattern(adapters).test(text) ||
    mentionsWrapper(text, adapters)
  );
}

/** The text names an adapter's enabler module: quoted, as an import or require writes it, or after `npm:`. */
export function mentionsEnabler(text: string, adapters: readonly FrameworkAdapter[] = registry): boolean {
  const screen = screenOf(adapters);
  // Quoted: a short enabler, two letters say, is part of many words.
  return screen.quotedEnabler.test(text) || (text.includes('npm:') && screen.npmEnabler.test(text));
}

/** The text calls one of the adapters' wrapper shapes (a method on a client, by its receiver path). */
export function mentionsWrapper(text: string, adapters: readonly FrameworkAdapter[] = registry): boolean {
  return screenOf(adapters).wrapper.test(text);
}

/**
 * The screen's patterns over a list of adapters, each one scan of the text: every enabler after a
 * quote (what `'<enabler>` or `"<enabler>` anywhere finds), after `npm:`, and any adapter's wrapper
 * call. One alternation instead of a search per enabler and adapter: on a 7,000-file monorepo the
 * searches were half of all the time spent judging files from their bytes.
 */
interface Screen {
  quotedEnabler: RegExp;
  npmEnabler: RegExp;
  wrapper: RegExp;
}

const screens = new WeakMap<readonly FrameworkAdapter[], Screen>();

function screenOf(adapters: readonly FrameworkAdapter[]): Screen {
  let screen = screens.get(adapters);
  if (!screen) {
    const enablers = [...new Set(adapters.flatMap((adapter) => adapter.enablers))].map(escapeRegExp);
    const either = (prefix: string): RegExp => (enablers.length === 0 ? /(?!)/ : new RegExp(`${prefix}(?:${enablers.join('|')})`));
    const wrappers = adapters.flatMap((adapter) => wrapperPattern(adapter)?.source ?? []);
    screen = { quotedEnabler: either(`['"]`), npmEnabler: either('npm:'), wrapper: wrappers.length === 0 ? /(?!)/ : new RegExp(wrappers.join('|')) };
    screens.set(adapters, screen);
  }
  return screen;
}

const runPatterns = new WeakMap<readonly FrameworkAdapter[], RegExp>();

/** `agent.generate(msg, { activeTools })` on an imported agent, in a module that imports no framework. */
function runCallPattern(adapters: readonly FrameworkAdapter[]): RegExp {
  let pattern = runPatterns.get(adapters);
  if (!pattern) {
    const names = [...runMethodNames(adapters)].map((name) => name.replace(/[$]/g, '\\$&'));
    pattern = names.length === 0 ? /(?!)/ : new RegExp(`\\.(?:${names.join('|')})\\s*\\(`);
    runPatterns.set(adapters, pattern);
  }
  return pattern;
}

const registrationPatterns = new WeakMap<readonly FrameworkAdapter[], RegExp>();

/**
 * `server.tool('search', ...)` on a server passed in, in a module that imports no framework: a
 * registration method followed by what its first argument starts with: a written name (a string or
 * template literal), an options object (`.addTool({`) or a list of them (`.addTools([`).
 */
function registrationCallPattern(adapters: readonly FrameworkAdapter[]): RegExp {
  let pattern = registrationPatterns.get(adapters);
  if (!pattern) {
    // What the call's first argument starts with: the name, an options object, a list of them.
    const byOpening = new Map<string, Set<string>>([[`['"\`]`, new Set()], ['\\{', new Set()], ['\\[', new Set()]]);
    for (const adapter of adapters) {
      for (const spec of adapter.mcpRegistrations ?? []) {
        if (spec.server) continue;
        const opening = spec.list ? '\\[' : spec.name[0]?.from === 'option' ? '\\{' : `['"\`]`;
        for (const shape of spec.match) if (shape.type === 'method') byOpening.get(opening)!.add(shape.method.replace(/[$]/g, '\\$&'));
      }
    }
    const alternatives = [...byOpening].filter(([, names]) => names.size > 0).map(([opening, names]) => `\\.(?:${[...names].join('|')})\\s*\\(\\s*${opening}`);
    pattern = alternatives.length === 0 ? /(?!)/ : new RegExp(alternatives.join('|'));
    registrationPatterns.set(adapters, pattern);
  }
  return pattern;
}

const mutationPatterns = new WeakMap<readonly FrameworkAdapter[], RegExp>();

/**
 * `triage.handoffs.push(billing)` in a wiring module that imports only the app's own agents: the
 * mutation of an agent defined elsewhere is a fact even though no framework is imported here.
 */
function liveMutationPattern(adapters: readonly FrameworkAdapter[]): RegExp {
  let pattern = mutationPatterns.get(adapters);
  if (!pattern) {
    const names = [...liveProperties(adapters)].map((name) => name.replace(/[$]/g, '\\$&'));
    pattern = names.length === 0 ? /(?!)/ : new RegExp(`\\.(?:${names.join('|')})\\s*(?:\\.\\s*(?:push|unshift|splice)\\s*\\(|=(?!=))`);
    mutationPatterns.set(adapters, pattern);
  }
  return pattern;
}

const runMethodsOf = new WeakMap<readonly FrameworkAdapter[], ReadonlySet<string>>();

/** Method names of the adapters' run shapes (`agent.generate(...)`). */
function runMethodNames(adapters: readonly FrameworkAdapter[]): ReadonlySet<string> {
  let names = runMethodsOf.get(adapters);
  if (!names) {
    const set = new Set<string>();
    for (const adapter of adapters) for (const run of adapter.runs ?? []) for (const shape of run.match) if (shape.type === 'method') set.add(shape.method);
    runMethodsOf.set(adapters, (names = set));
  }
  return names;
}

function isRunCandidate(ts: TsModule, node: TS.CallExpression, methods: ReadonlySet<string>): boolean {
  const callee = unwrap(ts, node.expression);
  return ts.isPropertyAccessExpression(callee) && methods.has(callee.name.text);
}

/** Methods whose calls the call-ID and identity-string checks read (`x.toString()`, `[a, b].join('.')`...). */
const CHECKED_METHODS: ReadonlySet<string> = new Set(['toString', 'join', 'stringify']);
/** Map and set methods whose key the identity-string check reads (`approvals.set(toolName, …)`). */
const KEY_METHODS: ReadonlySet<string> = new Set(['set', 'get', 'has', 'add', 'delete']);
/** String methods that split a server-prefixed MCP name or take its prefix off (`name.split('_')`). */
const MCP_LOOKUP_METHODS: ReadonlySet<string> = new Set(['split', 'replace', 'replaceAll', 'startsWith', 'slice', 'substring', 'substr']);

export function extractFacts(ts: TsModule, sourceFile: TS.SourceFile, options: ExtractOptions): FileFacts;
export function extractFacts(ts: typeof MorphTs, sourceFile: MorphTs.SourceFile, options: ExtractOptions): FileFacts;
export function extractFacts(tsModule: TsModule | typeof MorphTs, source: TS.SourceFile | MorphTs.SourceFile, options: ExtractOptions): FileFacts {
  // Both compilers build the same node shapes; only the declaration files differ.
  const ts = compilerView(tsModule as TsModule);
  const sf = source as TS.SourceFile;
  const adapters = options.adapters ?? registry;
  const first = sf.statements[0];
  const ctx: Ctx = {
    ts,
    sf,
    text: sf.text,
    options,
    facts: emptyFacts(options.file),
    adapters,
    enabled: [],
    parents: first && !first.parent ? new Map() : undefined,
    fileScope: newScope(undefined, true),
    usedIds: new Set(),
    defs: new Map(),
    fnByNode: new Map(),
    referencedFunctions: new Set(),
    declared: [],
    liveProperties: liveProperties(adapters),
  };
  const specifiers = declareImports(ctx, ctx.fileScope);

  if (!mayHaveFacts(ctx.text, adapters)) {
    collectSurfaceToolkits(ctx, walk(ctx, true).variables);
    buildModuleSurface(ctx);
    addExportedFunctionFacts(ctx, undefined);
    return finalize(ctx.facts);
  }

  const result = walk(ctx, false);
  ctx.fnByNode = result.fnByNode;
  const modules = [...specifiers, ...result.requires];
  // The screen's wrapper pattern is every adapter's in one alternation: one scan says whether any
  // adapter's own needs testing (most files call no wrapper).
  const wrappers = mentionsWrapper(ctx.text, adapters);
  ctx.enabled = adapters.filter((adapter) => modules.some((module) => adapterEnabledBy(adapter, module)) || (wrappers && wrapperPattern(adapter)?.test(ctx.text)));
  ctx.facts.adapters = ctx.enabled.map((adapter) => adapter.id);

  const frameworks = createFrameworkState();
  const runMethods = runMethodNames(adapters);
  const returns: Array<{ node: TS.ReturnStatement; scope: Scope }> = [];
  const identity = { consumed: new Set<TS.Node>() };
  const templates: TS.TemplateExpression[] = [];
  const enabled = ctx.enabled.length > 0;
  // Lists of tools assembled in a module that imports no framework (`collectToolkits`).
  const toolkitsOpen = !enabled && adapters.some((adapter) => adapter.toolkitArrays || adapter.toolkitRecords);
  const parameterRegistrations = !enabled && registrationCallPattern(adapters).test(ctx.text);
  const K = ts.SyntaxKind;
  // An index loop: `for...of` runs the iterator protocol, which the interpreter does not shortcut.
  const candidates = result.candidates;
  for (let i = 0; i < candidates.length; i++) {
    const { node, scope } = candidates[i]!;
    switch (node.kind) {
      case K.CallExpression: {
        if (enabled) handleCallOrNew(ctx, frameworks, node as TS.CallExpression, scope);
        else if (runMethods.size > 0 && isRunCandidate(ts, node as TS.CallExpression, runMethods)) addImportedRun(ctx, node as TS.CallExpression, scope);
        else if (parameterRegistrations) addParameterRegistration(ctx, node as TS.CallExpression, scope);
        // Both checks only ever match `String(x)`, `x.toString()`, `[a, b].join(sep)` and
        // `JSON.stringify([...])`: test the callee here instead of running them on every call.
        const callee = unwrap(ts, (node as TS.CallExpression).expression);
        const calleeKind = callee.kind;
        if (
          (calleeKind === K.Identifier && (callee as TS.Identifier).text === 'String') ||
          (calleeKind === K.PropertyAccessExpression && CHECKED_METHODS.has((callee as TS.PropertyAccessExpression).name.text))
        ) {
          collectCallIdCoercion(ctx, node, scope);
          collectIdentityString(ctx, identity, node);
        } else if (calleeKind === K.PropertyAccessExpression && KEY_METHODS.has((callee as TS.PropertyAccessExpression).name.text)) {
          collectIdentityString(ctx, identity, node);
        } else if (calleeKind === K.PropertyAccessExpression && MCP_LOOKUP_METHODS.has((callee as TS.PropertyAccessExpression).name.text)) {
          collectMcpNameLookup(ctx, node as TS.CallExpression);
        }
        break;
      }
      case K.NewExpression:
        if (enabled) handleCallOrNew(ctx, frameworks, node as TS.NewExpression, scope);
        break;
      case K.ClassDeclaration:
        if (enabled) handleClass(ctx, node as TS.ClassDeclaration, scope);
        break;
      case K.ReturnStatement:
        if ((enabled || toolkitsOpen) && (node as TS.ReturnStatement).expression) returns.push({ node: node as TS.ReturnStatement, scope });
        break;
      case K.PropertyAccessExpression:
      case K.ElementAccessExpression:
        // Without a framework import only mutations of imported agents can come out of it.
        queueLiveProperty(frameworks, node as TS.PropertyAccessExpression | TS.ElementAccessExpression, scope);
        break;
      case K.BinaryExpression: {
        // Coercions and identity strings are `+`, `??` and `||` expressions; most binaries are not.
        const op = (node as TS.BinaryExpression).operatorToken.kind;
        if (op === K.EqualsToken || op === K.QuestionQuestionEqualsToken || op === K.BarBarEqualsToken) {
          // `if (!id) id = ''`, `id ??= ''`: a fallback assigned to a call ID.
          collectCallIdCoercion(ctx, node, scope);
          break;
        }
        if (op !== K.PlusToken && op !== K.QuestionQuestionToken && op !== K.BarBarToken) break;
        collectCallIdCoercion(ctx, node, scope);
        collectIdentityString(ctx, identity, node);
        break;
      }
      case K.BindingElement:
        // `{ id = '' }`: a destructuring default.
        if ((node as TS.BindingElement).initializer) collectCallIdCoercion(ctx, node, scope);
        break;
      case K.TemplateExpression:
        collectCallIdCoercion(ctx, node, scope);
        collectIdentityString(ctx, identity, node);
        templates.push(node as TS.TemplateExpression);
        break;
      case K.ConditionalExpression:
        collectCallIdCoercion(ctx, node, scope);
        collectIdentityString(ctx, identity, node);
        break;
      default:
        break;
    }
  }
  // Code templates only matter around a call-ID coercion (the identity step asks about its own nodes).
  const coercions = ctx.facts.callIdCoercions;
  if (coercions.length > 0) {
    for (const template of templates) {
      const start = template.getStart(sf);
      const end = template.getEnd();
      if (coercions.some((c) => c.span.start >= start && c.span.end <= end)) collectGeneratedCode(ctx, template);
    }
  }
  if (enabled || toolkitsOpen || frameworks.pendingProperties.length > 0) {
    // What functions return: statements, and arrows' expression bodies.
    const returned = returns.map(({ node, scope }) => ({ node: node.expression!, scope }));
    for (const info of result.functions) {
      const body = info.node.body;
      if (body && !ts.isBlock(body) && info.scope) returned.push({ node: body, scope: info.scope });
    }
    finishFrameworks(ctx, frameworks, result.variables, returned);
  }
  // Deferred facts (add-tools sets) join the source order.
  ctx.facts.exposures.sort((a, b) => a.span.start - b.span.start);

  // Registrations on parameters need the functions they sit in, for the linker to follow callers.
  if (!enabled && ctx.facts.mcpRegistrations.length === 0) {
    buildModuleSurface(ctx);
    addExportedFunctionFacts(ctx, result.functions);
    return finalize(ctx.facts);
  }
  // Functions first: their return values refer to bindings the module surface must then bind.
  const returnsByFunction = groupReturns(ctx, returns);
  const recorded = new Set<TS.Node>();
  const functions: FunctionFact[] = [];
  const record = (info: FnInfo): void => {
    recorded.add(info.node);
    const fact: FunctionFact = { key: info.key, name: info.name, params: info.params, span: spanOf(ctx, info.node) };
    const values = returnValues(ctx, info, returnsByFunction);
    if (values.some((value) => value.kind !== 'unknown')) fact.returns = values;
    functions.push(fact);
  };
  for (const info of result.functions) {
    const node = info.node;
    const parent = parentOf(ctx, node);
    const named =
      ts.isFunctionDeclaration(node) ||
      (ts.isMethodDeclaration(node) && !!parent && ts.isClassLike(parent)) ||
      (!!parent && ts.isVariableDeclaration(parent) && parent.initializer === node);
    if (named || ctx.referencedFunctions.has(node)) record(info);
  }
  ctx.facts.functions = functions;
  buildModuleSurface(ctx);
  // Functions the module surface referred to (an exported arrow, say) join after it.
  for (const info of result.functions) if (!recorded.has(info.node) && ctx.referencedFunctions.has(info.node)) record(info);
  ctx.facts.functions = functions.sort((a, b) => a.span.start - b.span.start);
  addExportedFunctionFacts(ctx, result.functions);
  return finalize(ctx.facts);
}

/** Return statements by the function they return from (nested functions return for themselves). */
function groupReturns(ctx: Ctx, returns: ReadonlyArray<{ node: TS.ReturnStatement; scope: Scope }>): Map<TS.Node, Array<{ node: TS.ReturnStatement; scope: Scope }>> {
  const byFunction = new Map<TS.Node, Array<{ node: TS.ReturnStatement; scope: Scope }>>();
  for (const entry of returns) {
    let fn = parentOf(ctx, entry.node);
    while (fn && !isFunctionLike(ctx.ts, fn)) fn = parentOf(ctx, fn);
    if (!fn) continue;
    let list = byFunction.get(fn);
    if (!list) byFunction.set(fn, (list = []));
    list.push(entry);
  }
  return byFunction;
}

/** What a function returns: its return statements, or an arrow's expression body. */
function returnValues(ctx: Ctx, info: FnInfo, byFunction: ReturnType<typeof groupReturns>): ValueRef[] {
  const { ts } = ctx;
  const body = info.node.body;
  if (body && !ts.isBlock(body) && info.scope) return [toValueRef(ctx, body, info.scope)];
  return (byFunction.get(info.node) ?? []).map(({ node, scope }) => toValueRef(ctx, node.expression!, scope));
}

/** Drops `undefined` properties so the facts survive a JSON round trip unchanged. */
function finalize(facts: FileFacts): FileFacts {
  stripUndefined(facts);
  return facts;
}

function stripUndefined(value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) stripUndefined(item);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const record = value as Record<string, unknown>;
  for (const key in record) {
    const child = record[key];
    if (child === undefined) delete record[key];
    // Spans (`span`, `nameSpan`, `loc`...) are most of the objects in facts and are only ever built
    // by `spanFromOffsets`, complete: no need to descend into them.
    else if (child !== null && typeof child === 'object' && key !== 'span' && key !== 'loc' && !key.endsWith('Span')) stripUndefined(child);
  }
}
