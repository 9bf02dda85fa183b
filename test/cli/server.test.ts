// The resident server (`tool-identity-audit server`), as users run it: the built executable starts
// it, later runs of the same executable are sent to it, and what they print and exit with is what
// a run in its own process gives. Each test has its own temporary directory (TMPDIR), so its server
// is never another test's.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { agentTs, helpdeskProject, removeProjects, run, toolsTs, writeFiles } from './helpers.js';
import { bin, binEnv, repoRoot, type BinResult } from './spawn.js';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tia-server-test-'));
const started: Array<{ tmp: string }> = [];

afterEach(() => {
  // A test that failed half-way still stops its server.
  for (const { tmp } of started.splice(0)) {
    cli(tmp, process.cwd(), ['server', 'stop']);
  }
});
afterAll(() => {
  removeProjects();
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** A fresh TMPDIR: the server's socket directory is `<tmp>/tia-<uid>`. */
function freshTmp(): string {
  return fs.mkdtempSync(path.join(scratch, 't-'));
}

function cli(tmp: string, cwd: string, args: readonly string[]): BinResult {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd, env: binEnv({ TMPDIR: tmp }), encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function start(tmp: string, cwd: string): BinResult {
  started.push({ tmp });
  return cli(tmp, cwd, ['server', 'start', '--idle', '10']);
}

function socketDir(tmp: string): string {
  return path.join(tmp, `tia-${process.getuid!()}`);
}

function socketOf(tmp: string): string {
  const sockets = fs.readdirSync(socketDir(tmp)).filter((name) => name.endsWith('.sock'));
  expect(sockets).toHaveLength(1);
  return path.join(socketDir(tmp), sockets[0]!);
}

/** Runs answered so far, from `server status`. */
function runsServed(tmp: string): number {
  const status = cli(tmp, process.cwd(), ['server', 'status']);
  expect(status.status, status.stdout + status.stderr).toBe(0);
  return Number(/, (\d+) runs?,/.exec(status.stdout)?.[1]);
}

/**
 * The fingerprint the server answers to: a status request with the right one is answered with the
 * status, so it is found by asking as the executable does (a `server status` of the same build).
 */
async function serverFingerprint(tmp: string, cwd: string): Promise<string> {
  const { serverPlace } = await import('../../src/cli/server-place.js');
  const { packageInfo } = await import('../../src/version.js');
  const place = serverPlace(bin, path.join(path.dirname(bin), '..', 'cli.cjs'), packageInfo.version)!;
  const replies = await rawRequest(socketOf(tmp), { type: 'status', fingerprint: place.fingerprint });
  expect((replies[0] as { type: string }).type, `status from ${cwd}`).toBe('status');
  return place.fingerprint;
}

/** Sends one raw request line to the socket; resolves to the reply lines. */
function rawRequest(socket: string, request: unknown): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const client = net.connect(socket, () => client.write(`${JSON.stringify(request)}\n`));
    let text = '';
    client.on('data', (chunk) => (text += chunk.toString('utf8')));
    client.on('error', reject);
    client.on('close', () => resolve(text.split('\n').filter(Boolean).map((line) => JSON.parse(line) as unknown)));
  });
}

describe('tool-identity-audit server', () => {
  it('starts, answers runs with the same output and exit code as a run in its own process, and stops', async () => {
    const tmp = freshTmp();
    const cwd = helpdeskProject();
    const none = cli(tmp, cwd, ['server', 'status']);
    expect(none).toEqual({ status: 1, stdout: 'tool-identity-audit: no server runs\n', stderr: '' });

    const alone = { json: cli(freshTmp(), cwd, ['--format', 'json']), stylish: cli(freshTmp(), cwd, ['--no-color']), help: cli(freshTmp(), cwd, ['--help']) };
    expect(alone.json.status).toBe(1);
    // The other commands, on the repository's fixtures.
    const graphArgs = ['graph', 'fixtures/demo', '-f', 'dot'];
    const toolsArgs = ['tools', 'fixtures/tool-lists/dumps', '--no-color'];
    const others = { graph: cli(freshTmp(), repoRoot, graphArgs), tools: cli(freshTmp(), repoRoot, toolsArgs) };
    expect([others.graph.status, others.tools.status]).toEqual([0, 1]);

    const up = start(tmp, cwd);
    expect(up.status, up.stderr).toBe(0);
    expect(up.stdout).toMatch(/^tool-identity-audit: server \d+ started; it stops after 10 idle minutes \(tool-identity-audit server stop\)\n$/);
    expect(fs.statSync(socketDir(tmp)).mode & 0o777).toBe(0o700);
    expect(runsServed(tmp)).toBe(0);

    expect(cli(tmp, cwd, ['--format', 'json'])).toEqual(alone.json);
    expect(cli(tmp, cwd, ['--no-color'])).toEqual(alone.stylish);
    expect(cli(tmp, cwd, ['--help'])).toEqual(alone.help);
    expect(cli(tmp, repoRoot, graphArgs)).toEqual(others.graph);
    expect(cli(tmp, repoRoot, toolsArgs)).toEqual(others.tools);
    // A fatal error's message and exit code come back too.
    const fatal = cli(tmp, cwd, ['--rule', 'no-such-rule=warn']);
    expect(fatal.status).toBe(2);
    expect(fatal.stderr).toMatch(/^tool-identity-audit: --rule no-such-rule=warn: unknown rule "no-such-rule"/);
    expect(runsServed(tmp)).toBe(6);

    const again = start(tmp, cwd);
    expect(again.stdout).toMatch(/^tool-identity-audit: a server already runs \(pid \d+\)\n$/);

    const socket = socketOf(tmp);
    expect(cli(tmp, cwd, ['server', 'stop'])).toEqual({ status: 0, stdout: 'tool-identity-audit: server stopped\n', stderr: '' });
    expect(fs.existsSync(socket)).toBe(false);
    expect(cli(tmp, cwd, ['server', 'status']).status).toBe(1);
    // Without it, the next run is the process's own, with the same report.
    expect(cli(tmp, cwd, ['--format', 'json'])).toEqual(alone.json);
  });

  it('sees edits between runs, with the facts cache as a run of its own would', () => {
    const tmp = freshTmp();
    const cwd = helpdeskProject();
    expect(start(tmp, cwd).status).toBe(0);
    const args = ['--format', 'json', '--cache'];
    const first = cli(tmp, cwd, args);
    expect(first.status).toBe(1);
    expect(first.stdout).toContain('search_orders');

    // The second tool renamed: the collision is gone.
    writeFiles(cwd, { 'src/tools.ts': toolsTs.replace("name: 'search_orders',\n  description: 'Find orders, including", "name: 'search_all_orders',\n  description: 'Find orders, including") });
    const served = cli(tmp, cwd, args);
    const alone = cli(freshTmp(), cwd, args);
    expect(served).toEqual(alone);
    expect(served.stdout).not.toContain('no-tool-name-collision');

    // A new module that lists the same tool twice.
    writeFiles(cwd, { 'src/second.ts': agentTs.replace("name: 'helpdesk'", "name: 'second'").replace('[searchOrders, searchArchivedOrders]', '[searchOrders, searchOrders]') });
    const added = cli(tmp, cwd, args);
    expect(added).toEqual(cli(freshTmp(), cwd, args));
    expect(added.stdout).toContain('src/second.ts');
    expect(runsServed(tmp)).toBe(3);
  });

  it('stops when its code is not the client\'s, and leaves the run to the client', async () => {
    const tmp = freshTmp();
    const cwd = helpdeskProject();
    expect(start(tmp, cwd).status).toBe(0);
    const socket = socketOf(tmp);
    const replies = await rawRequest(socket, { type: 'run', fingerprint: 'an older build', argv: [], cwd, env: {}, isTTY: { stdout: false, stderr: false }, columns: {} });
    expect(replies).toEqual([{ type: 'mismatch' }]);
    expect(cli(tmp, cwd, ['server', 'status']).status).toBe(1);
    expect(fs.existsSync(socket)).toBe(false);
  });

  it('hangs up on a line that is not a request, and goes on serving', async () => {
    const tmp = freshTmp();
    const cwd = helpdeskProject();
    expect(start(tmp, cwd).status).toBe(0);
    const socket = socketOf(tmp);
    expect(await rawRequest(socket, null)).toEqual([]);
    expect(await rawRequest(socket, 'status')).toEqual([]);
    // Its own code's fingerprint, but no arguments: not a run it could answer.
    const fingerprint = await serverFingerprint(tmp, cwd);
    expect(await rawRequest(socket, { type: 'run', fingerprint, cwd })).toEqual([]);
    expect(runsServed(tmp)).toBe(0);
    expect(cli(tmp, cwd, ['--format', 'json'])).toEqual(cli(freshTmp(), cwd, ['--format', 'json']));
    expect(runsServed(tmp)).toBe(1);
  });

  it('is not reached through a socket directory others can open, and refuses to start in one', () => {
    const tmp = freshTmp();
    const cwd = helpdeskProject();
    expect(start(tmp, cwd).status).toBe(0);
    const alone = cli(freshTmp(), cwd, ['--format', 'json']);
    fs.chmodSync(socketDir(tmp), 0o755);
    expect(cli(tmp, cwd, ['--format', 'json'])).toEqual(alone);
    fs.chmodSync(socketDir(tmp), 0o700);
    expect(runsServed(tmp)).toBe(0);

    const shared = freshTmp();
    fs.mkdirSync(socketDir(shared), { mode: 0o755 });
    fs.chmodSync(socketDir(shared), 0o755);
    const refused = cli(shared, cwd, ['server', 'start']);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toBe(`tool-identity-audit: server: ${socketDir(shared)} must be a directory of yours that no one else can open (mode 700)\n`);
  });

  it('takes the place of a server that died, whose socket is left behind', async () => {
    const tmp = freshTmp();
    const cwd = helpdeskProject();
    const up = start(tmp, cwd);
    const pid = Number(/server (\d+) started/.exec(up.stdout)?.[1]);
    expect(pid).toBeGreaterThan(0);
    const socket = socketOf(tmp);
    process.kill(pid, 'SIGKILL');
    await refused(socket);
    expect(fs.existsSync(socket)).toBe(true);

    const alone = cli(freshTmp(), cwd, ['--format', 'json']);
    expect(cli(tmp, cwd, ['--format', 'json'])).toEqual(alone);
    expect(start(tmp, cwd).status).toBe(0);
    expect(cli(tmp, cwd, ['--format', 'json'])).toEqual(alone);
    expect(runsServed(tmp)).toBe(1);
  });

  it('names a bad --idle and exits 2', () => {
    const tmp = freshTmp();
    const result = cli(tmp, process.cwd(), ['server', 'start', '--idle', 'soon']);
    expect(result).toEqual({ status: 2, stdout: '', stderr: 'tool-identity-audit: --idle soon: expected a number of minutes above 0\n' });
    // Longer than a timer can wait: it would fire at once.
    const tooLong = cli(tmp, process.cwd(), ['server', 'run', '--idle', '50000']);
    expect(tooLong).toEqual({ status: 2, stdout: '', stderr: 'tool-identity-audit: --idle 50000: at most 35791 minutes\n' });
    expect(fs.existsSync(socketDir(tmp))).toBe(false);
  });

  it('is only reached from the executable: main() without a server place says so', async () => {
    const result = await run(['server', 'status'], { cwd: process.cwd() });
    expect(result).toEqual({ code: 2, stdout: '', stderr: 'tool-identity-audit: server: only the installed executable can run or reach a server\n' });
  });
});

/** Resolves once connecting to `socket` is refused: its server is gone (a killed process may take a moment). */
async function refused(socket: string): Promise<void> {
  for (;;) {
    const code = await new Promise<string | undefined>((resolve) => {
      const client = net.connect(socket, () => {
        client.destroy();
        resolve(undefined);
      });
      client.on('error', (error: NodeJS.ErrnoException) => resolve(error.code));
    });
    if (code === 'ECONNREFUSED') return;
  }
}
