// Inline `eslint-disable` directives, so the CLI drops what ESLint drops for the same file. Pure:
// source text in, per-rule suppressed ranges out. Only this plugin's rules (`tool-identity/<id>`)
// and the rule-less forms matter here; a directive naming only other rules suppresses nothing of ours.
//
// ESLint 10's semantics (as its docs describe them and its own tests show; written here, checked
// against the real ESLint class by test/analyzer/directives-parity.test.ts):
// - `eslint-disable-line` and `eslint-disable-next-line` work in `//` and `/* */` comments; the
//   first covers the comment's own line (a block comment spanning lines is ignored, ESLint reports
//   it), the second the line after the comment's last line.
// - `/* eslint-disable */` and `/* eslint-enable */` work in block comments only; a rule is disabled
//   from the disable comment's start until an enable that names it (or names no rule), else to the
//   end of the file. An enable naming a rule also ends a rule-less disable for that rule.
// - A `--` with whitespace on both sides starts a description, which is ignored. Rule names are
//   comma-separated and may be quoted.
// - A finding is suppressed by its start position.
// Comments are found with the compiler's scanner, never by matching raw text, so a string or a
// template that merely contains `// eslint-disable` suppresses nothing. Regular expressions and
// template literals are told apart from division and code with the usual previous-token heuristic
// (the scanner alone cannot know); JSX text is scanned as code.
import type { ts as TS } from 'ts-morph';
import { compiler } from './compiler.js';
import { PLUGIN_NAMESPACE, ruleIds, type RuleId } from '../checks/catalog.js';
import type { Position } from '../facts/types.js';

export type DirectiveKind = 'disable' | 'enable' | 'disable-line' | 'disable-next-line';

/** One directive comment as ESLint reads it (any plugin's rules). */
export interface DirectiveComment {
  kind: DirectiveKind;
  /** Rule names as written (quotes stripped, duplicates dropped); empty means every rule. */
  rules: string[];
  /** The text after ` -- `, if any. */
  justification: string;
  /** Where the comment starts and ends (end exclusive): line 1-based, column 0-based. */
  start: Position;
  end: Position;
}

/** Positions from `start` (inclusive) to `end` (exclusive; undefined: the end of the file). */
export interface SuppressedRange {
  start: Position;
  end: Position | undefined;
}

/** Suppressed ranges per rule of this plugin; rules with none are absent. */
export type FileDirectives = ReadonlyMap<RuleId, readonly SuppressedRange[]>;

const NO_DIRECTIVES: FileDirectives = new Map();

/** The cheap gate: only text containing one of these words can hold a directive. */
export function mayHaveDirectives(text: string): boolean {
  return text.includes('eslint-disable') || text.includes('eslint-enable');
}

/** The ranges in which each of this plugin's rules is disabled by directive comments in `text`. */
export function parseDirectives(text: string): FileDirectives {
  const comments = findDirectiveComments(text);
  return comments.length === 0 ? NO_DIRECTIVES : suppressedRanges(comments);
}

/** Whether a finding of `ruleId` starting at `start` is suppressed. */
export function isSuppressed(directives: FileDirectives, ruleId: RuleId, start: Position): boolean {
  const ranges = directives.get(ruleId);
  if (!ranges) return false;
  return ranges.some((range) => comparePositions(range.start, start) <= 0 && (range.end === undefined || comparePositions(start, range.end) < 0));
}

/** Every `eslint-disable*` / `eslint-enable` directive comment in `text`, in source order. */
export function findDirectiveComments(text: string): DirectiveComment[] {
  if (!mayHaveDirectives(text)) return [];
  const found: DirectiveComment[] = [];
  let lineStarts: number[] | undefined;
  const ts = compiler();
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, text);
  // The last two tokens that are not trivia: enough to tell a regular expression from a division.
  let previous: TS.SyntaxKind | undefined;
  let beforePrevious: TS.SyntaxKind | undefined;
  // Open `{` and template `${`: a `}` closing the latter continues the template.
  const braces: Array<'brace' | 'template'> = [];

  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    switch (kind) {
      case ts.SyntaxKind.SingleLineCommentTrivia:
      case ts.SyntaxKind.MultiLineCommentTrivia: {
        const start = scanner.getTokenStart();
        const end = scanner.getTokenEnd();
        const block = kind === ts.SyntaxKind.MultiLineCommentTrivia;
        const value = text.slice(start + 2, block && text.startsWith('*/', end - 2) && end - start >= 4 ? end - 2 : end);
        if (!value.includes('eslint-')) continue;
        const directive = parseDirectiveText(value);
        // Line comments can only hold the two line forms.
        if (!directive || (!block && (directive.kind === 'disable' || directive.kind === 'enable'))) continue;
        lineStarts ??= computeLineStarts(text);
        const from = positionAt(lineStarts, start);
        const to = positionAt(lineStarts, end);
        // ESLint reports a multi-line `eslint-disable-line` as a problem and does not apply it.
        if (directive.kind === 'disable-line' && from.line !== to.line) continue;
        found.push({ ...directive, start: from, end: to });
        continue;
      }
      case ts.SyntaxKind.WhitespaceTrivia:
      case ts.SyntaxKind.NewLineTrivia:
      case ts.SyntaxKind.ShebangTrivia:
      case ts.SyntaxKind.ConflictMarkerTrivia:
        continue;
      case ts.SyntaxKind.SlashToken:
      case ts.SyntaxKind.SlashEqualsToken:
        if (regexMayStart(previous, beforePrevious)) kind = scanner.reScanSlashToken();
        break;
      case ts.SyntaxKind.OpenBraceToken:
        braces.push('brace');
        break;
      case ts.SyntaxKind.TemplateHead:
        braces.push('template');
        break;
      case ts.SyntaxKind.CloseBraceToken:
        if (braces.at(-1) === 'template') {
          kind = scanner.reScanTemplateToken(false);
          if (kind === ts.SyntaxKind.TemplateTail) braces.pop();
        } else {
          braces.pop();
        }
        break;
    }
    beforePrevious = previous;
    previous = kind;
  }
  return found;
}

/**
 * The directive in a comment's text (without `//` or the block delimiters), read as ESLint reads
 * directive comments; undefined for any other comment.
 */
export function parseDirectiveText(value: string): Pick<DirectiveComment, 'kind' | 'rules' | 'justification'> | undefined {
  const separator = /\s-{2,}\s/u.exec(value);
  const directivePart = (separator ? value.slice(0, separator.index) : value).trim();
  const justification = separator ? value.slice(separator.index + separator[0].length).trim() : '';
  const label = /^([a-z]+(?:-[a-z]+)*)(?:\s|$)/u.exec(directivePart)?.[1];
  if (label !== 'eslint-disable' && label !== 'eslint-enable' && label !== 'eslint-disable-line' && label !== 'eslint-disable-next-line') {
    return undefined;
  }
  const rules = new Set<string>();
  for (const item of directivePart.slice(label.length).split(',')) {
    const name = item.trim().replace(/^(?<quote>['"]?)(?<ruleId>.*)\k<quote>$/su, '$<ruleId>');
    if (name) rules.add(name);
  }
  return { kind: label.slice('eslint-'.length) as DirectiveKind, rules: [...rules], justification };
}

/**
 * Per rule of this plugin, the ranges its directives disable. ESLint applies block directives and
 * line directives in two passes and a finding is suppressed when either pass suppresses it; within
 * the block pass a rule is disabled from a disable that applies to it until the next enable that does.
 */
export function suppressedRanges(comments: readonly DirectiveComment[]): FileDirectives {
  const result = new Map<RuleId, SuppressedRange[]>();
  for (const id of ruleIds) {
    const name = `${PLUGIN_NAMESPACE}/${id}`;
    const ranges: SuppressedRange[] = [];
    let open: Position | undefined;
    // Comments come in source order, which is the order ESLint sorts block directives in.
    for (const comment of comments) {
      if (comment.rules.length > 0 && !comment.rules.includes(name)) continue;
      switch (comment.kind) {
        case 'disable':
          open ??= comment.start;
          break;
        case 'enable':
          if (open) ranges.push({ start: open, end: comment.start });
          open = undefined;
          break;
        case 'disable-line':
          ranges.push(wholeLine(comment.start.line));
          break;
        case 'disable-next-line':
          ranges.push(wholeLine(comment.end.line + 1));
          break;
      }
    }
    if (open) ranges.push({ start: open, end: undefined });
    if (ranges.length > 0) result.set(id, ranges.sort((a, b) => comparePositions(a.start, b.start)));
  }
  return result;
}

function wholeLine(line: number): SuppressedRange {
  return { start: { line, column: 0 }, end: { line: line + 1, column: 0 } };
}

function comparePositions(a: Position, b: Position): number {
  return a.line - b.line || a.column - b.column;
}

type Compiler = ReturnType<typeof compiler>;

// Tokens after which a `/` divides; after anything else it starts a regular expression.
const endsExpression = (ts: Compiler): Set<TS.SyntaxKind> => new Set<TS.SyntaxKind>([
  ts.SyntaxKind.Identifier,
  ts.SyntaxKind.PrivateIdentifier,
  ts.SyntaxKind.NumericLiteral,
  ts.SyntaxKind.BigIntLiteral,
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.RegularExpressionLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateTail,
  ts.SyntaxKind.CloseParenToken,
  ts.SyntaxKind.CloseBracketToken,
  ts.SyntaxKind.CloseBraceToken,
  ts.SyntaxKind.PlusPlusToken,
  ts.SyntaxKind.MinusMinusToken,
]);

// Keywords after which an expression (so a regular expression) may start. Other keywords are
// values (`this`, `null`) or contextual words used as names (`type`, `as`), after which `/` divides.
const beforeExpression = (ts: Compiler): Set<TS.SyntaxKind> => new Set<TS.SyntaxKind>([
  ts.SyntaxKind.ReturnKeyword,
  ts.SyntaxKind.TypeOfKeyword,
  ts.SyntaxKind.InstanceOfKeyword,
  ts.SyntaxKind.InKeyword,
  ts.SyntaxKind.OfKeyword,
  ts.SyntaxKind.NewKeyword,
  ts.SyntaxKind.DeleteKeyword,
  ts.SyntaxKind.VoidKeyword,
  ts.SyntaxKind.ThrowKeyword,
  ts.SyntaxKind.CaseKeyword,
  ts.SyntaxKind.DoKeyword,
  ts.SyntaxKind.ElseKeyword,
  ts.SyntaxKind.YieldKeyword,
  ts.SyntaxKind.AwaitKeyword,
]);

let kinds: { ts: Compiler; ends: Set<TS.SyntaxKind>; before: Set<TS.SyntaxKind> } | undefined;

function regexMayStart(previous: TS.SyntaxKind | undefined, beforePrevious: TS.SyntaxKind | undefined): boolean {
  if (previous === undefined) return true;
  const { ts, ends, before } = (kinds ??= { ts: compiler(), ends: endsExpression(compiler()), before: beforeExpression(compiler()) });
  if (ends.has(previous)) return false;
  if (previous >= ts.SyntaxKind.FirstKeyword && previous <= ts.SyntaxKind.LastKeyword) {
    // `a.return / 2`: a keyword after `.` is a property name.
    if (beforePrevious === ts.SyntaxKind.DotToken || beforePrevious === ts.SyntaxKind.QuestionDotToken) return false;
    return before.has(previous);
  }
  return true;
}

/** Line starts with the line breaks ESLint and the compiler both use: CRLF, CR, LF, U+2028, U+2029. */
function computeLineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x0d) {
      if (text.charCodeAt(i + 1) === 0x0a) i++;
      starts.push(i + 1);
    } else if (code === 0x0a || code === 0x2028 || code === 0x2029) {
      starts.push(i + 1);
    }
  }
  return starts;
}

function positionAt(lineStarts: readonly number[], offset: number): Position {
  let low = 0;
  let high = lineStarts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((lineStarts[mid] as number) <= offset) low = mid;
    else high = mid - 1;
  }
  return { line: low + 1, column: offset - (lineStarts[low] as number) };
}
