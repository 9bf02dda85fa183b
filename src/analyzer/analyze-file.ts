// Parse and extract one file: what the main thread and an extraction worker (extract-worker.ts)
// both run, so a file's facts do not depend on the thread that made them.
import type { ToolDiagnostic } from '../checks/finding.js';
import { extractFacts } from '../facts/extract.js';
import type { FrameworkAdapter } from '../facts/adapters/types.js';
import type { FileFacts } from '../facts/types.js';
import { compiler } from './compiler.js';
import type { Parsed, Parser } from './parse.js';

export interface Analysed {
  facts: FileFacts | undefined;
  diagnostics: ToolDiagnostic[];
}

/** Runs `run` and adds its time to a phase (the caller's clock). */
export type PhaseClock = <T>(phase: 'parse' | 'extract', run: () => T) => T;

/**
 * A crash in parsing or extraction (a compiler or extractor bug on unusual code) is an
 * `internal-error` diagnostic for that file, never the end of the run.
 */
export function analyzeSource(
  file: { abs: string; rel: string },
  text: string,
  parser: Parser,
  timed: PhaseClock,
  adapters: readonly FrameworkAdapter[] | undefined,
): Analysed {
  const diagnostics: ToolDiagnostic[] = [];
  let parsed: Parsed | undefined;
  try {
    parsed = timed('parse', () => parser.parse(file.abs, file.rel, text));
    if (parsed.diagnostic) diagnostics.push(parsed.diagnostic);
    const sourceFile = parsed.sourceFile;
    const facts = timed('extract', () => extractFacts(compiler(), sourceFile, { file: file.rel, ...(adapters ? { adapters } : {}) }));
    return { facts, diagnostics };
  } catch (error) {
    const stage = parsed ? 'Fact extraction' : 'Parsing';
    diagnostics.push({ file: file.rel, kind: 'internal-error', message: `${stage} failed: ${describe(error)}` });
    return { facts: undefined, diagnostics };
  }
}

function describe(error: unknown): string {
  // The compiler's parser and the extractor recurse per nesting level: a few thousand levels of
  // generated code exhaust the stack. That is a property of the file, said as such.
  if (error instanceof RangeError && /call stack/i.test(error.message)) return 'the code is nested too deeply (maximum call stack size exceeded)';
  return error instanceof Error ? error.message : String(error);
}
