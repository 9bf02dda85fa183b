// Shared by the CLI tests: run `main` in-process with captured streams, and build small projects
// in temporary directories.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { main, type CliIo } from '../../src/cli/main.js';

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  cwd: string;
  env?: Record<string, string | undefined>;
  isTTY?: { stdout: boolean; stderr: boolean };
  analyze?: CliIo['analyze'];
  columns?: number;
}

/** Runs the CLI in-process. The environment is empty unless given: no CI, no NO_COLOR, no GitHub. */
export async function run(argv: string[], options: RunOptions): Promise<RunResult> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const io: CliIo = {
    stdout: { write: (text: string) => stdout.push(text) },
    stderr: { write: (text: string) => stderr.push(text), columns: options.columns ?? 80 },
    cwd: options.cwd,
    env: options.env ?? {},
    isTTY: options.isTTY ?? { stdout: false, stderr: false },
  };
  if (options.analyze) io.analyze = options.analyze;
  const code = await main(argv, io);
  return { code, stdout: stdout.join(''), stderr: stderr.join('') };
}

const created: string[] = [];

/** A project in a fresh temporary directory; `files` maps POSIX paths to contents. */
export function makeProject(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tia-cli-'));
  created.push(dir);
  writeFiles(dir, files);
  return dir;
}

export function writeFiles(dir: string, files: Record<string, string>): void {
  for (const [file, text] of Object.entries(files)) {
    const full = path.join(dir, ...file.split('/'));
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, text);
  }
}

export function removeProjects(): void {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export const packageJson = `${JSON.stringify(
  {
    name: 'helpdesk-bot',
    version: '1.0.0',
    private: true,
    type: 'module',
    dependencies: { '@openai/agents': '^0.20.0', zod: '^4.6.7' },
  },
  null,
  2,
)}\n`;

export const tsconfigJson = `${JSON.stringify(
  {
    compilerOptions: { target: 'es2023', module: 'nodenext', moduleResolution: 'nodenext', strict: true, skipLibCheck: true },
    include: ['src'],
  },
  null,
  2,
)}\n`;

/** Two tools named `search_orders`, both given to one agent. */
export const toolsTs = `import { tool } from '@openai/agents';
import { z } from 'zod';

export const searchOrders = tool({
  name: 'search_orders',
  description: 'Find the orders of a customer by email address.',
  parameters: z.object({ email: z.string() }),
  execute: async ({ email }) => \`orders of \${email}\`,
});

export const searchArchivedOrders = tool({
  name: 'search_orders',
  description: 'Find orders, including archived ones, by email address.',
  parameters: z.object({ email: z.string() }),
  execute: async ({ email }) => \`all orders of \${email}\`,
});
`;

export const agentTs = `import { Agent } from '@openai/agents';
import { searchArchivedOrders, searchOrders } from './tools.js';

export const helpdesk = new Agent({
  name: 'helpdesk',
  instructions: 'Answer questions about orders.',
  tools: [searchOrders, searchArchivedOrders],
});
`;

/** A hand-built qualified name: a no-identity-helper-bypass warning. */
export const logTs = `export function toolLabel(tool: { name: string; namespace?: string }): string {
  return tool.namespace ? \`\${tool.namespace}.\${tool.name}\` : tool.name;
}
`;

/** The helpdesk project: one error (the collision) and one warning (the hand-built name). */
export function helpdeskProject(extra: Record<string, string> = {}): string {
  return makeProject({
    'package.json': packageJson,
    'tsconfig.json': tsconfigJson,
    'src/tools.ts': toolsTs,
    'src/agent.ts': agentTs,
    'src/log.ts': logTs,
    ...extra,
  });
}
