// Inline `eslint-disable` directives: the analyzer drops exactly what ESLint drops. The reference
// is the real ESLint class running the built plugin with type information (as test/parity.test.ts
// does), on a temp project where every directive form meets findings it does and does not
// suppress. The facts cache must not change the answer.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import parser from '@typescript-eslint/parser';
import { ESLint, type Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeProject, type AnalysisResult } from '../../src/analyzer/index.js';
import { allRules, tempProject } from './helpers.js';

const root = path.resolve(import.meta.dirname, '../..');

let plugin: { rules: Record<string, unknown>; meta: { namespace: string } };
beforeAll(async () => {
  plugin = (await import(pathToFileURL(path.join(root, 'dist/src/plugin.js')).href)).default;
});

const TSCONFIG = JSON.stringify({
  compilerOptions: { target: 'es2023', module: 'nodenext', moduleResolution: 'nodenext', strict: true, skipLibCheck: true, noEmit: true },
  include: ['src'],
});

// `// reported` / `// suppressed` mark what ESLint does with the coercion on that line.
const IDS = `type Item = { call_id?: string; name: string };

// Each coerced ID becomes a key (a Set entry, through the local helper), where no-call-id-coercion reports it.
const seen = new Set<string>();
function remember(first: string, second = ''): void {
  seen.add(first);
  seen.add(second);
}

export function keys(item: Item): string[] {
  remember(String(item.call_id)); // reported
  // eslint-disable-next-line tool-identity/no-call-id-coercion
  remember(String(item.call_id)); // suppressed
  // eslint-disable-next-line tool-identity/no-call-id-coercion -- the key is only logged
  remember(String(item.call_id)); // suppressed
  remember(String(item.call_id)); /* eslint-disable-line tool-identity/no-call-id-coercion */
  remember(String(item.call_id)); // eslint-disable-line
  // eslint-disable-next-line other/rule
  remember(String(item.call_id)); // reported
  // eslint-disable-next-line no-call-id-coercion
  remember(String(item.call_id)); // reported
  // eslint-disable-next-line tool-identity/no-tool-name-collision
  remember(String(item.call_id)); // reported
  // eslint-disable-next-line other/rule, 'tool-identity/no-call-id-coercion'
  remember(String(item.call_id)); // suppressed
  // eslint-disable-next-line tool-identity/no-call-id-coercion--no separator, so no such rule
  remember(String(item.call_id)); // reported
  const note = '// eslint-disable-next-line';
  remember(String(item.call_id), note); // reported
  remember(String(item.call_id), \`\${item.name} // eslint-disable-line\`); // reported
  remember(String(item.call_id), /\\/\\/ eslint-disable-line/.source); // reported
  remember(\`\${{ a: 1 }.a} /* eslint-disable \${'*/'}\`, String(item.call_id)); // reported
  /* eslint-disable tool-identity/no-call-id-coercion */
  remember(String(item.call_id)); // suppressed
  remember(\`\${item.call_id}\`); // suppressed
  /* eslint-enable tool-identity/no-call-id-coercion */
  remember(String(item.call_id)); // reported
  /* eslint-disable */
  remember(String(item.call_id)); // suppressed
  /* eslint-enable tool-identity/no-call-id-coercion -- this rule only */
  remember(String(item.call_id)); // reported
  /* eslint-enable */
  // eslint-disable tool-identity/no-call-id-coercion
  remember(String(item.call_id)); // reported: a line comment cannot hold a block directive
  /* eslint-disable-next-line
     tool-identity/no-call-id-coercion */
  remember(String(item.call_id)); // suppressed
  /* eslint-disable-line tool-identity/no-call-id-coercion
   */ remember(String(item.call_id)); // reported: a multi-line disable-line is ignored
  remember(String(item.call_id)); /* eslint-disable tool-identity/no-call-id-coercion */ remember(String(item.call_id)); // reported once
  remember(String(item.call_id)); // suppressed until the end of the file
  return [...seen];
}
`;

const MIDDLEWARE = `import { Agent, type FunctionMiddleware } from 'tool-identity-audit/runtime';

const audit: FunctionMiddleware = async (ctx, next) => {
  console.info(ctx.function.name);
  next();
};

const trace: FunctionMiddleware = async (ctx, next) => {
  console.info(ctx.function.name);
  next(); // eslint-disable-line tool-identity/no-call-id-coercion
};

const quiet: FunctionMiddleware = async (ctx, next) => {
  console.info(ctx.function.name);
  next(); // eslint-disable-line tool-identity/middleware-await-next -- fire and forget, on purpose
};

export const ledger = new Agent({ name: 'ledger', middleware: [audit, trace, quiet] });
`;

const COLLISION = `import { Agent, defineTool } from 'tool-identity-audit/runtime';

const lookupOrder = defineTool({ name: 'lookup', description: 'Order', parameters: {}, execute: async () => 'order' });
const lookupParcel = defineTool({ name: 'lookup', description: 'Parcel', parameters: {}, execute: async () => 'parcel' });
const lookupInvoice = defineTool({ name: 'lookup', description: 'Invoice', parameters: {}, execute: async () => 'invoice' });

/* eslint-disable tool-identity/no-tool-name-collision -- the runtime policy keeps the first */
export const desk = new Agent({ name: 'desk', tools: [lookupOrder, lookupParcel] });
/* eslint-enable tool-identity/no-tool-name-collision */
export const counter = new Agent({ name: 'counter', tools: [lookupOrder, lookupInvoice] });
`;

interface Row {
  at: string;
  rule: string;
  message: string;
}

async function eslintRows(cwd: string): Promise<{ reported: Row[]; suppressed: number }> {
  const ns = plugin.meta.namespace;
  const config: Linter.Config[] = [
    {
      files: ['**/*.ts'],
      languageOptions: { parser, parserOptions: { projectService: true, tsconfigRootDir: cwd } },
      plugins: { [ns]: plugin as never },
      rules: Object.fromEntries(Object.keys(plugin.rules).map((id) => [`${ns}/${id}`, 'warn'])),
    },
  ];
  const eslint = new ESLint({ cwd, overrideConfigFile: true, overrideConfig: config });
  const results = await eslint.lintFiles(['src']);
  const ours = (ruleId: string | null): boolean => ruleId?.startsWith(`${ns}/`) === true && Object.hasOwn(plugin.rules, ruleId.slice(ns.length + 1));
  const reported = results.flatMap((r) =>
    r.messages
      // Unknown rules named in directives (`no-call-id-coercion`, `other/rule`, a misspelt
      // `tool-identity/...`) are ESLint's own errors about the comment, not findings.
      .filter((m) => ours(m.ruleId))
      .map((m) => ({ at: `${path.relative(cwd, r.filePath)}:${m.line}:${m.column}`, rule: String(m.ruleId).slice(ns.length + 1), message: m.message })),
  );
  const suppressed = results.reduce((n, r) => n + r.suppressedMessages.filter((m) => ours(m.ruleId)).length, 0);
  return { reported: reported.sort(compareRows), suppressed };
}

function analyzerRows(result: AnalysisResult): Row[] {
  return result.findings
    .map((f) => ({ at: `${f.file}:${f.span.loc.start.line}:${f.span.loc.start.column + 1}`, rule: f.ruleId, message: f.message }))
    .sort(compareRows);
}

function compareRows(a: Row, b: Row): number {
  return a.at.localeCompare(b.at, 'en', { numeric: true }) || a.rule.localeCompare(b.rule) || a.message.localeCompare(b.message);
}

/** Lines of `source` marked `// reported`. */
function markedLines(source: string, mark: string): number[] {
  return source.split('\n').flatMap((line, index) => (line.includes(`// ${mark}`) ? [index + 1] : []));
}

describe('inline eslint-disable directives: the analyzer drops what ESLint drops', () => {
  it('every directive form, on a project the ESLint plugin lints with type information', async () => {
    const cwd = tempProject({ 'tsconfig.json': TSCONFIG, 'src/ids.ts': IDS, 'src/middleware.ts': MIDDLEWARE, 'src/agents.ts': COLLISION });
    const reference = await eslintRows(cwd);
    const result = await analyzeProject({ cwd, rules: allRules() });

    expect(analyzerRows(result)).toEqual(reference.reported);
    expect(result.suppressed).toBe(reference.suppressed);

    // The test means what it says: the marked lines are what is reported in src/ids.ts.
    const idsLines = result.findings.filter((f) => f.file === 'src/ids.ts').map((f) => f.span.loc.start.line);
    expect(idsLines.sort((a, b) => a - b)).toEqual(markedLines(IDS, 'reported'));
    expect(result.findings.filter((f) => f.file === 'src/middleware.ts').map((f) => [f.ruleId, f.span.loc.start.line])).toEqual([
      ['middleware-await-next', 5],
      ['middleware-await-next', 10],
    ]);
    expect(result.findings.filter((f) => f.file === 'src/agents.ts').map((f) => [f.ruleId, f.span.loc.start.line])).toEqual([
      ['no-tool-name-collision', 10],
    ]);
    expect(result.suppressed).toBeGreaterThanOrEqual(12);
  });

  it('the facts cache does not hide directives, and a directive edit takes effect', async () => {
    const cwd = tempProject({ 'tsconfig.json': TSCONFIG, 'src/ids.ts': IDS, 'src/middleware.ts': MIDDLEWARE, 'src/agents.ts': COLLISION });
    const fresh = await analyzeProject({ cwd, rules: allRules(), cacheLocation: '.cache/' });
    const cached = await analyzeProject({ cwd, rules: allRules(), cacheLocation: '.cache/' });
    expect(cached.cache).toEqual({ hits: 3, misses: 0 });
    expect(analyzerRows(cached)).toEqual(analyzerRows(fresh));
    expect(cached.suppressed).toBe(fresh.suppressed);
    expect(fresh.suppressed).toBeGreaterThan(0);
  });
});
