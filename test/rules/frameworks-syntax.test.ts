// Framework fixtures linted by ESLint without type information: exactly the EXPECTED.md rows that
// one file alone shows. The other rows need the module graph (CLI, typed ESLint: test/parity.test.ts).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES } from '../analyzer/helpers.js';
import { expectedRows, syntaxOnlyRows } from './syntax-fixture.js';

/** Fixture under fixtures/frameworks/ → the EXPECTED.md rows that syntax alone must find (all others must not appear). */
const syntaxRows: Record<string, readonly number[]> = {
  // Row 1 needs server.ts's call graph; rows 2 and 3 sit in one function on a typed `server: McpServer`.
  'mcp-v2': [2, 3],
};

describe.each(Object.entries(syntaxRows))('fixtures/frameworks/%s without type information', (name, rows) => {
  it('reports exactly the rows one file shows', async () => {
    const dir = path.join(FIXTURES, 'frameworks', name);
    expect(await syntaxOnlyRows(dir)).toEqual(expectedRows(dir, rows));
  });
});
