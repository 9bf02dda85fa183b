// A monorepo as narrowed runs meet it (issue 23, second pass), written here for the CLI and the
// discovery tests: a solution-style root tsconfig referencing the packages (one of them broken),
// an npm workspace over packages/*, a tool in one package listed by an agent in another (imported
// by name), a collision of its own in an unrelated package, and example apps with their own
// tsconfigs that the root leaves out.
const compilerOptions = { target: 'es2023', module: 'nodenext', moduleResolution: 'nodenext', strict: true, skipLibCheck: true };
const tool = (exported: string, name: string, what: string): string =>
  [
    "import { tool } from '@openai/agents';",
    "import { z } from 'zod';",
    '',
    `export const ${exported} = tool({`,
    `  name: '${name}',`,
    `  description: '${what}',`,
    '  parameters: z.object({ id: z.string() }),',
    '  execute: async ({ id }) => id,',
    '});',
    '',
  ].join('\n');
const agent = (name: string, imports: string[], tools: string[]): string =>
  ["import { Agent } from '@openai/agents';", ...imports, '', `export const ${name} = new Agent({`, `  name: '${name}',`, "  instructions: 'Help.',", `  tools: [${tools.join(', ')}],`, '});', ''].join('\n');
const pkg = (name: string): string => JSON.stringify({ name, version: '1.0.0', type: 'module', exports: { '.': { types: './dist/index.d.ts', import: './dist/index.js' } } }, null, 2);
const ownTsconfig = JSON.stringify({ extends: '../../tsconfig.base.json', compilerOptions: { outDir: 'dist' }, include: ['src'] }, null, 2);

export const solutionMonorepo: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'order-desk', private: true, workspaces: ['packages/*'] }, null, 2),
  'tsconfig.base.json': JSON.stringify({ compilerOptions }, null, 2),
  'tsconfig.json': JSON.stringify({ files: [], references: ['agents', 'tools', 'billing', 'broken'].map((p) => ({ path: `packages/${p}` })) }, null, 2),
  '.gitignore': 'dist\nnode_modules\n',
  'packages/tools/package.json': pkg('@order-desk/tools'),
  'packages/tools/tsconfig.json': ownTsconfig,
  'packages/tools/src/index.ts': tool('lookupOrder', 'lookup_order', 'Find an order by id.'),
  'packages/agents/package.json': pkg('@order-desk/agents'),
  'packages/agents/tsconfig.json': ownTsconfig,
  'packages/agents/src/desk.ts': agent('desk', ["import { lookupOrder } from '@order-desk/tools';", "import { lookupOrderV1 } from './legacy.js';"], ['lookupOrder', 'lookupOrderV1']),
  'packages/agents/src/legacy.ts': tool('lookupOrderV1', 'lookup_order', 'Find an order in the old system.'),
  'packages/agents/src/prompts.ts': "export const greeting = 'Hello';\n",
  'packages/agents/src/types.d.ts': 'export interface Order {\n  id: string;\n}\n',
  'packages/billing/package.json': pkg('@order-desk/billing'),
  'packages/billing/tsconfig.json': ownTsconfig,
  'packages/billing/src/refunds.ts': tool('refund', 'refund', 'Refund an order.'),
  'packages/billing/src/agent.ts': agent('billing', ["import { refund } from './refunds.js';", "import { refund as refundAgain } from './refunds.js';"], ['refund', 'refundAgain']),
  'packages/broken/package.json': pkg('@order-desk/broken'),
  'packages/broken/tsconfig.json': '{ "include": ["src"], \n',
  'packages/broken/src/index.ts': 'export const broken = 1;\n',
  'examples/support-bot/tsconfig.json': JSON.stringify({ compilerOptions, include: ['src'] }, null, 2),
  'examples/support-bot/src/bot.ts': agent('support', ["import { ask, askAgain } from './tools.js';"], ['ask', 'askAgain']),
  'examples/support-bot/src/tools.ts': tool('ask', 'ask', 'Ask a question.') + tool('askAgain', 'ask', 'Ask again.').split('\n').slice(2).join('\n'),
  'examples/kiosk/tsconfig.json': JSON.stringify({ compilerOptions, include: ['src'] }, null, 2),
  'examples/kiosk/src/main.ts': "export const kiosk = 'kiosk';\n",
  'examples/kiosk/src/screens/home.ts': "export const home = 'home';\n",
};
