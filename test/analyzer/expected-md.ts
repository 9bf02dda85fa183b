// Reads the findings and diagnostics tables of a fixture's EXPECTED.md (format: fixtures/README.md),
// so the analyzer tests assert exactly what the fixture authors wrote down.
import fs from 'node:fs';
import path from 'node:path';

export interface ExpectedFinding {
  /** The row's explanation cell (rows found only from the workspace root say "cross-package"). */
  explanation: string;
  ruleId: string;
  file: string;
  line: number;
  /** 1-based. */
  column: number;
  messageId: string;
  /** `file:line:column` locations named in the row's "related" cell. */
  related: string[];
}

export interface ExpectedDiagnostic {
  kind: string;
  file: string;
  /** Undefined for a diagnostic about a whole file. */
  line: number | undefined;
  /** 1-based. */
  column: number | undefined;
}

const unquote = (cell: string): string => cell.trim().replace(/^`|`$/g, '');

/** Table rows (cells trimmed) of the first table after the `## <heading>` line. */
function tableRows(markdown: string, heading: string): string[][] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.trim() === `## ${heading}`);
  if (start === -1) return [];
  const rows: string[][] = [];
  let inTable = false;
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('## ')) break;
    if (!line.startsWith('|')) {
      if (inTable) break;
      continue;
    }
    inTable = true;
    // Split on pipes that are not inside backticks.
    const cells: string[] = [];
    let current = '';
    let code = false;
    for (const ch of line.slice(1, line.trimEnd().endsWith('|') ? line.trimEnd().length - 1 : undefined)) {
      if (ch === '`') code = !code;
      if (ch === '|' && !code) {
        cells.push(current.trim());
        current = '';
      } else current += ch;
    }
    cells.push(current.trim());
    rows.push(cells);
  }
  // Drop the header and the |---| separator.
  return rows.slice(2);
}

/**
 * The `file:line:column` locations of a row's "related" cell, in order; `:line:column` alone is in
 * the file named last before it (`names \`src/a.ts:10:9\` and \`:17:9\``).
 */
export function relatedLocations(cell: string): string[] {
  let file: string | undefined;
  return [...cell.matchAll(/`([\w./-]+\.[cm]?[jt]sx?)?(:\d+:\d+)`/g)].map((m) => {
    file = m[1] ?? file;
    if (file === undefined) throw new Error(`a related location with no file before it: ${m[0]} in ${cell}`);
    return `${file}${m[2] as string}`;
  });
}

export function readExpected(fixtureDir: string): { findings: ExpectedFinding[]; diagnostics: ExpectedDiagnostic[] } {
  const file = path.join(fixtureDir, 'EXPECTED.md');
  if (!fs.existsSync(file)) throw new Error(`${fixtureDir} has no EXPECTED.md: write one, or list it in GOLDEN_ONLY (test/fixture-projects.ts) with the reason`);
  const markdown = fs.readFileSync(file, 'utf8');
  const findings = tableRows(markdown, 'Findings')
    .filter((cells) => /^\d+$/.test(cells[0] ?? ''))
    .map((cells) => ({
      ruleId: unquote(cells[1] ?? ''),
      file: unquote(cells[2] ?? ''),
      line: Number(cells[3]),
      column: Number(cells[4]),
      messageId: unquote(cells[5] ?? ''),
      explanation: cells[8] ?? '',
      related: relatedLocations(cells[7] ?? ''),
    }));
  // A diagnostic about a whole file (binary, a tsconfig that could not be read) has no position: `–`.
  const position = (cell: string | undefined): number | undefined => (/^\d+$/.test(cell ?? '') ? Number(cell) : undefined);
  const diagnostics = tableRows(markdown, 'Diagnostics').map((cells) => ({
    kind: unquote(cells[0] ?? ''),
    file: unquote(cells[1] ?? ''),
    line: position(cells[2]),
    column: position(cells[3]),
  }));
  return { findings, diagnostics };
}
