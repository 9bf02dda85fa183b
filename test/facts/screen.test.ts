// `mayHaveFacts` (src/facts/extract.ts) screens a file's text for enabler modules and wrapper calls
// with one alternation over all adapters (`mentionsEnabler`, `mentionsWrapper`); each must answer
// exactly as a search per enabler and per adapter does (the references below), for the built-in
// adapters and for a project's declared ones, on every fixture file and on texts at the edges of
// each pattern.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mentionsEnabler, mentionsWrapper } from '../../src/facts/extract.js';
import { declaredAdapters } from '../../src/facts/adapters/declarations.js';
import { adapters as builtins } from '../../src/facts/adapters/index.js';
import type { FrameworkAdapter } from '../../src/facts/adapters/types.js';
import { wrapperPattern } from '../../src/facts/extract/match.js';
import { FIXTURES } from '../analyzer/helpers.js';

function enablerReference(text: string, adapters: readonly FrameworkAdapter[]): boolean {
  return (
    adapters.some((adapter) => adapter.enablers.some((enabler) => text.includes(`'${enabler}`) || text.includes(`"${enabler}`))) ||
    (text.includes('npm:') && adapters.some((adapter) => adapter.enablers.some((enabler) => text.includes(`npm:${enabler}`))))
  );
}

function wrapperReference(text: string, adapters: readonly FrameworkAdapter[]): boolean {
  return adapters.some((adapter) => wrapperPattern(adapter)?.test(text));
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) =>
    entry.isFile() && /\.[cm]?[jt]sx?$/.test(entry.name) ? [fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8')] : [],
  );
}

// A declared adapter has no enablers (its shapes are wrappers, found by name); one with an enabler
// of its own stands for a table a later release may add.
const declared: readonly FrameworkAdapter[] = [
  ...declaredAdapters([{ id: 'desk-bus', title: 'Desk bus', tools: [{ match: [{ type: 'call', name: 'busTool' }], kind: 'function', name: [{ from: 'option', argument: 0, path: ['name'] }] }] }]),
  { ...builtins[0]!, id: 'acme', enablers: ['@acme/desk-bus', 'desk.bus'] },
];

const EDGES = [
  "import { Agent } from '@openai/agents-core';",
  'import { Agent } from "@openai/agents";',
  "const { tool } = require('ai/rsc');",
  "const aim = 'aim';",
  "import { z } from 'zod';",
  'import { tool } from "npm:ai@4";',
  'import { tool } from "npm:zod";',
  'const r = await client.chat.completions.create({ model });',
  'const r = await client.chat . completions ?. create({ model });',
  'const r = await mychat.completions.create({ model });',
  "import x from '@acme/desk-bus/server';",
  "import x from 'deskXbus';",
  'export const t = busTool({ name: "a" });',
  'export const t = myBusTool({ name: "a" });',
  '',
];

describe('mayHaveFacts screen', () => {
  const texts = [...sourceFiles(FIXTURES), ...EDGES];

  for (const [label, list] of [
    ['built-in adapters', builtins],
    ['declared adapters', declared],
    ['no adapters', [] as FrameworkAdapter[]],
  ] as const) {
    it(`answers as one search per enabler and per adapter, with ${label}`, () => {
      expect(texts.filter((text) => mentionsEnabler(text, list) !== enablerReference(text, list))).toEqual([]);
      expect(texts.filter((text) => mentionsWrapper(text, list) !== wrapperReference(text, list))).toEqual([]);
    });
  }

  it('has texts on both sides of each pattern', () => {
    expect(texts.length).toBeGreaterThan(200);
    expect(EDGES.map((text) => enablerReference(text, declared))).toEqual([true, true, true, true, false, true, false, false, false, false, true, false, false, false, false]);
    expect(EDGES.map((text) => wrapperReference(text, declared))).toEqual([false, false, false, false, false, false, false, true, true, false, false, false, true, false, false]);
  });
});
