// Phase "parse": source text to a TypeScript syntax tree, syntax only (no program, no type checker,
// no lib files, no dependency resolution): the compiler's own `createSourceFile`, the same call the
// parse floor of bench/ makes. A syntax error becomes a `parse-error` diagnostic; the compiler
// recovers, so the tree is still analysed.
import type { ts as TS } from 'ts-morph';
import { compiler } from './compiler.js';
import type { ToolDiagnostic } from '../checks/finding.js';

export interface Parsed {
  sourceFile: TS.SourceFile;
  /** The first syntax error (later ones are usually its echoes), if any. */
  diagnostic: ToolDiagnostic | undefined;
}

export interface Parser {
  parse(abs: string, rel: string, text: string): Parsed;
}

export function createParser(): Parser {
  const ts = compiler();
  const options: TS.CreateSourceFileOptions = {
    // The ESLint front end parses with ScriptTarget.Latest too: the same trees, the same facts.
    languageVersion: ts.ScriptTarget.Latest,
    // No rule reads JSDoc; skipping it is the compiler's cheapest parse (TypeScript 5.3+).
    jsDocParsingMode: ts.JSDocParsingMode.ParseNone,
  };
  return {
    parse(abs, rel, text) {
      // The script kind (TS, TSX, JS, JSX) follows the file name, as in a program.
      const sourceFile = ts.createSourceFile(abs, text, options, true);
      return { sourceFile, diagnostic: syntaxDiagnostic(sourceFile, rel) };
    },
  };
}

function syntaxDiagnostic(sourceFile: TS.SourceFile, rel: string): ToolDiagnostic | undefined {
  // `parseDiagnostics` is internal but has been on every SourceFile since TypeScript 1.x; guarded.
  const all = (sourceFile as { parseDiagnostics?: unknown }).parseDiagnostics;
  if (!Array.isArray(all) || all.length === 0) return undefined;
  const first = all[0] as TS.Diagnostic;
  const text = compiler().flattenDiagnosticMessageText(first.messageText, '\n');
  const more = all.length > 1 ? ` (and ${all.length - 1} more syntax error${all.length === 2 ? '' : 's'})` : '';
  const diagnostic: ToolDiagnostic = { file: rel, kind: 'parse-error', message: `Syntax error: ${text}${more}` };
  if (typeof first.start === 'number') {
    const { line, character } = sourceFile.getLineAndCharacterOfPosition(first.start);
    // Line 1-based, column 0-based: the convention of finding positions (reporters add 1).
    diagnostic.line = line + 1;
    diagnostic.column = character;
  }
  return diagnostic;
}
