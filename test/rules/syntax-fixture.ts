// Reusable: the ESLint plugin WITHOUT type information (no project service: every file on its
// own, as in an editor without a tsconfig) on a fixture project, every rule on, reduced to the
// EXPECTED.md row shape. A test names the EXPECTED.md rows that syntax alone must find; findings
// that need other modules (the cross-file rows) are not among them.
import path from 'node:path';
import parser from '@typescript-eslint/parser';
import { ESLint, type Linter } from 'eslint';
import plugin from '../../src/plugin.js';
import { readExpected } from '../analyzer/expected-md.js';

export interface SyntaxRow {
  ruleId: string;
  file: string;
  line: number;
  /** 1-based, as EXPECTED.md. */
  column: number;
  messageId: string | undefined;
}

/** Every rule finding ESLint reports on `fixtureDir`'s `.ts` files, syntax only, sorted like the CLI. */
export async function syntaxOnlyRows(fixtureDir: string): Promise<SyntaxRow[]> {
  const ns = plugin.meta.namespace;
  const config: Linter.Config[] = [
    {
      files: ['**/*.ts', '**/*.tsx'],
      languageOptions: { parser },
      plugins: { [ns]: plugin as never },
      rules: Object.fromEntries(Object.keys(plugin.rules).map((id) => [`${ns}/${id}`, 'warn'])),
    },
  ];
  const eslint = new ESLint({ cwd: fixtureDir, overrideConfigFile: true, overrideConfig: config });
  const results = await eslint.lintFiles(['.']);
  const rows = results.flatMap((result) =>
    result.messages
      .filter((m) => m.ruleId !== null)
      .map((m) => ({
        ruleId: String(m.ruleId).slice(ns.length + 1),
        file: path.relative(fixtureDir, result.filePath).split(path.sep).join('/'),
        line: m.line,
        column: m.column,
        messageId: m.messageId,
      })),
  );
  const key = (r: SyntaxRow): string => `${r.file}\0${String(r.line).padStart(6, '0')}\0${String(r.column).padStart(6, '0')}\0${r.ruleId}`;
  return rows.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** The EXPECTED.md rows numbered `rows` (the table's `#` column), in the SyntaxRow shape. */
export function expectedRows(fixtureDir: string, rows: readonly number[]): SyntaxRow[] {
  const findings = readExpected(fixtureDir).findings;
  return rows.map((n) => {
    const row = findings[n - 1];
    if (!row) throw new Error(`${fixtureDir}/EXPECTED.md has no row ${n}`);
    return { ruleId: row.ruleId, file: row.file, line: row.line, column: row.column, messageId: row.messageId };
  });
}
