// ESLint glue shared by every rule: get the file's TypeScript syntax tree, extract facts once,
// link (across the program's files when type information is available), run one check, and
// report the findings that fall in the linted file.
import { isCallIdTypeName } from '../src/facts/extract/call-ids.js';
import { TOOL_CALL_DISCRIMINANT, TOOL_CALL_TYPE } from '../src/facts/extract/tool-call-values.js';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as TS from 'typescript';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { extractFacts, mayHaveFacts } from '../src/facts/extract.js';
import { linkFacts } from '../src/facts/resolve.js';
import { namingIn } from '../src/facts/adapters/index.js';
import type { FrameworkAdapter } from '../src/facts/adapters/types.js';
import { declaredAdapters } from '../src/facts/adapters/declarations.js';
import { parseDeclarations } from '../src/facts/adapters/declarations-schema.js';
import { PLUGIN_NAMESPACE } from '../src/checks/catalog.js';
import type { FileFacts } from '../src/facts/types.js';
import type { LinkedProject } from '../src/facts/resolved.js';
import { checks, type Finding, type RuleId, type RuleOptions } from '../src/checks/index.js';
import { ruleOptions } from '../src/checks/rule-option-schemas.js';
import type { CheckInput } from '../src/checks/input.js';
import { runtimeDependencyProbe } from '../src/checks/runtime-dependency.js';
import { compiler } from '../src/analyzer/compiler.js';

// The project's own TypeScript, as typescript-eslint has it (the trees and programs it hands over
// are that compiler's): through `require`, because an `import` of this CommonJS module makes Node
// scan all 9 MB of it for export names on every ESLint start (about a second), even when
// typescript-eslint loaded it already. Where the package named `typescript` has no compiler API
// (TypeScript 7, whose main entry holds only its version, and which typescript-eslint cannot run
// on) or is absent (a JavaScript project on ESLint's own parser), the rules parse each file with
// the compiler ts-morph bundles, loaded as the CLI loads it: its compiler module alone, not the
// rest of ts-morph (importing the plugin there took about 0.6 s instead of 0.4).
const load = createRequire(import.meta.url);
const ts = projectTypeScript() ?? (compiler() as unknown as typeof TS);

function projectTypeScript(): typeof TS | undefined {
  let candidate: Partial<typeof TS>;
  try {
    candidate = load('typescript') as Partial<typeof TS>;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'MODULE_NOT_FOUND') return undefined;
    throw error;
  }
  return typeof candidate.createSourceFile === 'function' ? (candidate as typeof TS) : undefined;
}

type AnyContext = Readonly<TSESLint.RuleContext<string, readonly unknown[]>>;

interface LinkedFiles {
  files: FileFacts[];
  linked: LinkedProject;
  findings: Map<string, Finding[]>;
  /** package.json reads for suggestions, per program (or file alone): an edit to one is seen next time. */
  canImportRuntime: (file: string, shown: string) => boolean;
}

// Facts depend only on the syntax tree (and, in a program, on the checker's view of call-ID types):
// one extraction per SourceFile object, shared by all rules.
const factsByAdapters = new WeakMap<readonly FrameworkAdapter[], WeakMap<TS.SourceFile, FileFacts>>();
const typeSeams = new WeakMap<TS.Program, TypeSeams>();

interface TypeSeams {
  isCallIdExpression: (node: TS.Expression) => boolean;
  isToolCallExpression: (node: TS.Expression) => boolean;
  isPresentString: (node: TS.Expression) => boolean;
}
// With type information the whole program is linked once and each rule's findings computed once.
// Keyed by the adapters of the run too: the project's declared wrappers (settings) change facts.
const linkedByProgram = new WeakMap<readonly FrameworkAdapter[], WeakMap<TS.Program, LinkedFiles>>();
const linkedBySourceFile = new WeakMap<readonly FrameworkAdapter[], WeakMap<TS.SourceFile, LinkedFiles>>();

function within<K extends object, V>(outer: WeakMap<readonly FrameworkAdapter[], WeakMap<K, V>>, adapters: readonly FrameworkAdapter[]): WeakMap<K, V> {
  let inner = outer.get(adapters);
  if (!inner) outer.set(adapters, (inner = new WeakMap()));
  return inner;
}

function factsOf(sourceFile: TS.SourceFile, adapters: readonly FrameworkAdapter[], program?: TS.Program): FileFacts {
  const cache = within(factsByAdapters, adapters);
  let facts = cache.get(sourceFile);
  if (!facts) {
    facts = extractFacts(ts, sourceFile, { file: sourceFile.fileName, adapters, ...(program ? typeSeamsOf(program) : {}) });
    cache.set(sourceFile, facts);
  }
  return facts;
}

/**
 * What the checker knows that syntax does not: a value whose type is named `…CallId` (a branded
 * `ToolCallId`) is a call ID even when neither its name nor where it was read from says so; a value
 * whose type is a framework's tool call (`ToolUseBlock`, or a union member narrowed by a guard the
 * extractor does not follow) has the call ID as its `id`; a value typed `string` (no `undefined`,
 * `null`, `any`) cannot be missing, so a fallback on it never runs. The CLI is syntax-only and sees
 * declared types only.
 */
function typeSeamsOf(program: TS.Program): TypeSeams {
  let seams = typeSeams.get(program);
  if (!seams) {
    const checker = program.getTypeChecker();
    const membersOf = (type: TS.Type): readonly TS.Type[] => (type.isUnion() ? type.types : [type]);
    // Without strictNullChecks `id?: string` reads as `string`: the type says nothing of presence.
    const options = program.getCompilerOptions();
    const nullChecked = options.strictNullChecks ?? options.strict ?? false;
    seams = {
      isCallIdExpression: (node) => membersOf(checker.getTypeAtLocation(node)).some((t) => isCallIdTypeName(t.aliasSymbol?.name ?? '')),
      isToolCallExpression: (node) => {
        const members = membersOf(checker.getNonNullableType(checker.getTypeAtLocation(node)));
        return members.length > 0 && members.every((t) => isToolCallObjectType(checker, t));
      },
      isPresentString: (node) => {
        if (!nullChecked) return false;
        const type = checker.getTypeAtLocation(node);
        const members = membersOf(type);
        return members.length > 0 && members.every((t) => (t.flags & ts.TypeFlags.StringLike) !== 0);
      },
    };
    typeSeams.set(program, seams);
  }
  return seams;
}

/** A framework tool-call type by name, or an object type whose `type` is a tool-call discriminant. */
function isToolCallObjectType(checker: TS.TypeChecker, type: TS.Type): boolean {
  const name = type.aliasSymbol?.name ?? type.getSymbol()?.name;
  if (name !== undefined && TOOL_CALL_TYPE.test(name)) return true;
  const discriminant = type.getProperty('type');
  if (!discriminant) return false;
  const declared = checker.getTypeOfSymbol(discriminant);
  const literals = declared.isUnion() ? declared.types : [declared];
  return literals.every((t) => t.isStringLiteral() && TOOL_CALL_DISCRIMINANT.test(t.value));
}

/** The linted file's TypeScript tree: typescript-eslint's own when present, else parsed here. */
function sourceFileOf(context: AnyContext): { sourceFile: TS.SourceFile; program: TS.Program | undefined } {
  const services = context.sourceCode.parserServices as
    | { program?: TS.Program | null; esTreeNodeToTSNodeMap?: { get(node: TSESTree.Node): TS.Node } }
    | undefined;
  const program = services?.program ?? undefined;
  const mapped = services?.esTreeNodeToTSNodeMap?.get(context.sourceCode.ast as TSESTree.Node);
  if (mapped && ts.isSourceFile(mapped)) return { sourceFile: mapped, program };
  return { sourceFile: parsedSourceFile(context.filename, context.sourceCode.text), program: undefined };
}

// Other parsers (espree for .js) give no TS tree: parse once per text.
let lastParsed: { file: string; text: string; sourceFile: TS.SourceFile } | undefined;
function parsedSourceFile(file: string, text: string): TS.SourceFile {
  if (lastParsed?.file === file && lastParsed.text === text) return lastParsed.sourceFile;
  const ext = path.extname(file).toLowerCase();
  const kind =
    ext === '.tsx' ? ts.ScriptKind.TSX : ext === '.jsx' ? ts.ScriptKind.JSX : /\.[cm]?js$/.test(ext) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const sourceFile = ts.createSourceFile(file.split(path.sep).join('/'), text, ts.ScriptTarget.Latest, true, kind);
  lastParsed = { file, text, sourceFile };
  return sourceFile;
}

function isProjectFile(program: TS.Program, sourceFile: TS.SourceFile): boolean {
  return (
    !sourceFile.isDeclarationFile &&
    !program.isSourceFileFromExternalLibrary(sourceFile) &&
    !sourceFile.fileName.includes('/node_modules/')
  );
}

function linkProgram(program: TS.Program, adapters: readonly FrameworkAdapter[]): LinkedFiles {
  const linkedHere = within(linkedByProgram, adapters);
  let entry = linkedHere.get(program);
  if (entry) return entry;
  const files = program
    .getSourceFiles()
    .filter((sf) => isProjectFile(program, sf))
    .map((sf) => factsOf(sf, adapters, program));
  const options = program.getCompilerOptions();
  const cache = ts.createModuleResolutionCache(program.getCurrentDirectory(), (x) => x, options);
  const linked = linkFacts(files, {
    resolveModule: (from, specifier) =>
      ts.resolveModuleName(specifier, from, options, ts.sys, cache).resolvedModule?.resolvedFileName,
    naming: namingIn(adapters),
  });
  entry = { files, linked, findings: new Map(), canImportRuntime: runtimeDependencyProbe() };
  linkedHere.set(program, entry);
  return entry;
}

function linkSingle(sourceFile: TS.SourceFile, adapters: readonly FrameworkAdapter[]): LinkedFiles {
  const cache = within(linkedBySourceFile, adapters);
  let entry = cache.get(sourceFile);
  if (entry) return entry;
  const files = [factsOf(sourceFile, adapters)];
  // Without a program nothing outside this file is known; relative imports stay unresolved.
  const linked = linkFacts(files, { resolveModule: () => undefined, naming: namingIn(adapters) });
  entry = { files, linked, findings: new Map(), canImportRuntime: runtimeDependencyProbe() };
  cache.set(sourceFile, entry);
  return entry;
}

// The plugin's shared setting `settings: { 'tool-identity': { adapters: [...] } }` declares the
// project's own wrappers, as `adapters` does in the CLI's configuration. Validated once per settings
// object; a bad declaration throws an error naming the key (ESLint shows a configuration error).
const bySettings = new WeakMap<object, readonly FrameworkAdapter[]>();

export function settingsAdapters(settings: Readonly<Record<string, unknown>> | undefined): readonly FrameworkAdapter[] {
  if (!settings) return declaredAdapters(undefined);
  let adapters = bySettings.get(settings);
  if (adapters) return adapters;
  const own = settings[PLUGIN_NAMESPACE] as { adapters?: unknown } | undefined;
  if (own === undefined || own.adapters === undefined) adapters = declaredAdapters(undefined);
  else {
    const parsed = parseDeclarations(own.adapters, `settings["${PLUGIN_NAMESPACE}"].adapters`);
    if (!parsed.ok) throw new Error(`${PLUGIN_NAMESPACE}: invalid adapter declaration: ${parsed.problems.join('; ')}`);
    adapters = declaredAdapters(parsed.declarations);
  }
  bySettings.set(settings, adapters);
  return adapters;
}

// ESLint hands every file the same options object; parse each distinct value once.
const optionsCache = new Map<string, unknown>();
function cachedOptions<Id extends RuleId>(ruleId: Id, raw: unknown): RuleOptions<Id> {
  const key = `${ruleId}\0${JSON.stringify(raw ?? {})}`;
  let options = optionsCache.get(key);
  if (options === undefined) optionsCache.set(key, (options = ruleOptions(ruleId, raw)));
  return options as RuleOptions<Id>;
}

/** The report data key that carries a cross-file finding's other places (create-rule.ts `eslintMessages`). */
export const OTHER_PLACES = 'otherPlaces';

/** Places named in one message at most; the CLI's related locations list them all. */
const MAX_OTHER_PLACES = 3;

/**
 * " Also at src/tools.ts:12, src/agent.ts:4." for a finding whose related locations lie in other
 * files (as the CLI lists them, in their order, one per file and line), relative to ESLint's cwd;
 * "" when every related place is in the linted file, which the editor shows anyway.
 */
export function otherPlacesText(finding: Pick<Finding, 'file' | 'message'> & { related: ReadonlyArray<{ file: string; span: { loc: { start: { line: number } } } }> }, cwd: string): string {
  const places: string[] = [];
  for (const related of finding.related) {
    if (related.file === finding.file) continue;
    const place = `${path.relative(cwd, related.file).split(path.sep).join('/')}:${related.span.loc.start.line}`;
    // A message that names the place itself (`built as <server>__<tool> (src/names.ts:3)`) says it once.
    if (!places.includes(place) && !finding.message.includes(place)) places.push(place);
  }
  if (places.length === 0) return '';
  const shown = places.slice(0, MAX_OTHER_PLACES).join(', ');
  const more = places.length - MAX_OTHER_PLACES;
  return ` Also at ${shown}${more > 0 ? ` and ${more} more ${more === 1 ? 'place' : 'places'}` : ''}.`;
}

// Whether a file's text can yield facts beyond its module surface, once per file for all rules.
const mayMatter = new WeakMap<object, boolean>();

/** Runs one rule's check and reports its findings located in the linted file. */
export function reportFindings<Id extends RuleId>(context: AnyContext, ruleId: Id, rawOptions: unknown): void {
  const code = context.sourceCode;
  const adapters = settingsAdapters(context.settings);
  let matters = mayMatter.get(code);
  if (matters === undefined) mayMatter.set(code, (matters = mayHaveFacts(code.text, adapters)));
  // Alone, a file that can hold no tool, set or call ID has nothing to report (most files of an
  // app): the CLI's parse-on-demand verdict, for the editor. In a program it may hold a constant
  // another file's finding names, so the program is linked as always.
  if (!matters && !(code.parserServices as { program?: unknown } | undefined)?.program) return;
  const { sourceFile, program } = sourceFileOf(context);
  const options = cachedOptions(ruleId, rawOptions);
  const entry = program && program.getSourceFile(sourceFile.fileName) === sourceFile ? linkProgram(program, adapters) : linkSingle(sourceFile, adapters);
  const cacheKey = `${ruleId}\0${JSON.stringify(options)}`;
  let all = entry.findings.get(cacheKey);
  if (!all) {
    const cwd = context.cwd;
    const matchPath = (file: string): string => path.relative(cwd, file).split(path.sep).join('/');
    const probe = entry.canImportRuntime;
    const input: CheckInput = {
      files: entry.files,
      linked: entry.linked,
      matchPath,
      canImportRuntime: (file) => probe(path.resolve(cwd, file), matchPath(file)),
      adapters,
    };
    all = (checks[ruleId] as (input: CheckInput, options: RuleOptions<Id>) => Finding[])(input, options);
    entry.findings.set(cacheKey, all);
  }
  for (const finding of all) {
    if (finding.file !== sourceFile.fileName) continue;
    context.report({
      messageId: finding.messageId,
      data: { ...finding.data, [OTHER_PLACES]: otherPlacesText(finding, context.cwd) },
      loc: {
        start: { line: finding.span.loc.start.line, column: finding.span.loc.start.column },
        end: { line: finding.span.loc.end.line, column: finding.span.loc.end.column },
      },
      suggest: finding.suggestions.map((s) => ({
        messageId: s.messageId,
        data: s.data,
        fix: (fixer: TSESLint.RuleFixer) => s.edits.map((e) => fixer.replaceTextRange(e.range, e.text)),
      })),
    });
  }
}
