// The floor of the benchmark: read every source file of a project and parse it with TypeScript's
// createSourceFile, nothing else (no binding, no type checking, no linking). A linter that parses
// every file cannot be faster than this; one that skips what cannot matter can.
//   node <out>/floor.js <dir>      (walks <dir>/src when it exists, else <dir>, skipping node_modules)
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const KINDS: Record<string, ts.ScriptKind> = {
  '.ts': ts.ScriptKind.TS,
  '.tsx': ts.ScriptKind.TSX,
  '.mts': ts.ScriptKind.TS,
  '.cts': ts.ScriptKind.TS,
  '.js': ts.ScriptKind.JS,
  '.jsx': ts.ScriptKind.JSX,
  '.mjs': ts.ScriptKind.JS,
  '.cjs': ts.ScriptKind.JS,
};
const SKIP = new Set(['node_modules', 'dist', '.git']);

function walk(dir: string, out: string[]): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (entry.isFile() && path.extname(entry.name) in KINDS && !entry.name.endsWith('.d.ts')) out.push(full);
  }
}

const root = path.resolve(process.argv[2] ?? '.');
const start = fs.existsSync(path.join(root, 'src')) ? path.join(root, 'src') : root;
const files: string[] = [];
walk(start, files);
let statements = 0;
for (const file of files) {
  const text = fs.readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, KINDS[path.extname(file)]);
  statements += source.statements.length;
}
process.stdout.write(`${JSON.stringify({ files: files.length, statements })}\n`);
