// The tool-list files of a run: paths expanded (a directory holds one file per server), each file
// read and parsed as JSON with comments and trailing commas allowed. A file that cannot be read
// or parsed becomes a diagnostic; a path that does not exist stops the run.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import type { ToolDiagnostic } from '../checks/finding.js';
import { compareStrings } from '../checks/finding.js';
import { LineIndex } from './positions.js';
import { ToolListInputError } from './errors.js';

export const TOOL_LIST_EXTENSIONS = ['.json', '.jsonc'] as const;

/** One parsed file. `file` is the display path (POSIX, relative to cwd when inside it). */
export interface ToolListFile {
  file: string;
  /** The file name without its extension: the server name of a single-server dump. */
  stem: string;
  root: Node;
  lines: LineIndex;
}

export interface ReadResult {
  files: ToolListFile[];
  diagnostics: ToolDiagnostic[];
}

function displayPath(cwd: string, file: string): string {
  const relative = path.relative(cwd, file);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return file.split(path.sep).join('/');
  return relative.split(path.sep).join('/');
}

function isToolListName(name: string): boolean {
  return TOOL_LIST_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext));
}

/** Files named by `paths`, in the order given; a directory contributes its .json/.jsonc files, sorted. */
export function expandPaths(cwd: string, paths: readonly string[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const add = (file: string): void => {
    if (!seen.has(file)) {
      seen.add(file);
      out.push(file);
    }
  };
  for (const given of paths) {
    const absolute = path.resolve(cwd, given);
    let isDirectory: boolean;
    try {
      isDirectory = statSync(absolute).isDirectory();
    } catch {
      throw new ToolListInputError(`${given}: no such file or directory`);
    }
    if (!isDirectory) {
      add(absolute);
      continue;
    }
    const names = readdirSync(absolute, { withFileTypes: true })
      .filter((entry) => !entry.isDirectory() && isToolListName(entry.name))
      .map((entry) => entry.name)
      .sort(compareStrings);
    if (names.length === 0) throw new ToolListInputError(`${given}: the directory has no ${TOOL_LIST_EXTENSIONS.join(' or ')} files`);
    for (const name of names) add(path.join(absolute, name));
  }
  return out;
}

/** "ValueExpected" -> "value expected". */
function describeParseError(error: ParseError): string {
  return printParseErrorCode(error.error)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
}

export function readToolListFiles(cwd: string, paths: readonly string[]): ReadResult {
  const files: ToolListFile[] = [];
  const diagnostics: ToolDiagnostic[] = [];
  for (const absolute of expandPaths(cwd, paths)) {
    const file = displayPath(cwd, absolute);
    let text: string;
    try {
      text = readFileSync(absolute, 'utf8');
    } catch (error) {
      const code = error && typeof error === 'object' && 'code' in error ? String((error as { code: unknown }).code) : '';
      diagnostics.push({ file, kind: 'unreadable', message: `Cannot read the file${code ? ` (${code})` : ''}.` });
      continue;
    }
    // Editors do not count a BOM as a column, and JSON parsers reject it.
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    const lines = new LineIndex(text);
    const errors: ParseError[] = [];
    const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false, allowEmptyContent: false });
    const [first] = errors;
    if (first !== undefined || root === undefined) {
      const at = lines.position(first?.offset ?? 0);
      diagnostics.push({
        file,
        kind: 'parse-error',
        message: `Malformed JSON: ${first ? describeParseError(first) : 'no value'}.`,
        line: at.line,
        column: at.column,
      });
      continue;
    }
    const base = path.basename(absolute);
    const ext = TOOL_LIST_EXTENSIONS.find((candidate) => base.toLowerCase().endsWith(candidate));
    files.push({ file, stem: ext ? base.slice(0, -ext.length) : base, root, lines });
  }
  return { files, diagnostics };
}
