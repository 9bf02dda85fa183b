// Phase "parse": source text to a TypeScript syntax tree with ts-morph, syntax only (no type
// checker, no lib files, no dependency resolution). A syntax error becomes a `parse-error`
// diagnostic; the compiler recovers, so the tree is still analysed.
import { Project, ts } from 'ts-morph';
import type { ToolDiagnostic } from '../checks/finding.js';

export interface Parsed {
  sourceFile: ts.SourceFile;
  /** The first syntax error (later ones are usually its echoes), if any. */
  diagnostic: ToolDiagnostic | undefined;
  /** Drops the file from the project so memory stays flat over a long run. */
  release(): void;
}

export interface Parser {
  parse(abs: string, rel: string, text: string): Parsed;
}

export function createParser(): Parser {
  const project = new Project({
    // The text is read by read.ts already; an in-memory host spares ts-morph's own file-system
    // work and roughly halves parse time on large projects (bench/README.md).
    useInMemoryFileSystem: true,
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: true,
    skipLoadingLibFiles: true,
    compilerOptions: {
      noEmit: true,
      skipLibCheck: true,
      types: [],
      allowJs: true,
      // The ESLint front end parses with ScriptTarget.Latest too: the same trees, the same facts.
      target: ts.ScriptTarget.Latest,
    },
  });
  return {
    parse(abs, rel, text) {
      const wrapped = project.createSourceFile(abs, text, { overwrite: true });
      const sourceFile = wrapped.compilerNode;
      return {
        sourceFile,
        diagnostic: syntaxDiagnostic(sourceFile, rel),
        release: () => project.removeSourceFile(wrapped),
      };
    },
  };
}

function syntaxDiagnostic(sourceFile: ts.SourceFile, rel: string): ToolDiagnostic | undefined {
  // `parseDiagnostics` is internal but has been on every SourceFile since TypeScript 1.x; guarded.
  const all = (sourceFile as { parseDiagnostics?: unknown }).parseDiagnostics;
  if (!Array.isArray(all) || all.length === 0) return undefined;
  const first = all[0] as ts.Diagnostic;
  const text = ts.flattenDiagnosticMessageText(first.messageText, '\n');
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
