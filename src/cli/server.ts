// `tool-identity-audit server`: a resident process that keeps the CLI's code and the compiler loaded
// between runs. A run started while it listens is sent to it (server-client.ts) and runs there as it
// would in its own process (`main` with the client's arguments, working directory, environment and
// terminal), one at a time, with the same caches on disk, so its report is the same. What it saves
// is what every new process pays before analysing: Node's start aside, loading the CLI's code and
// the compiler, about 250 ms of a run after one edit.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Command } from 'commander';
import { packageInfo } from '../version.js';
import { CliError, ExitCode, errorMessage } from './errors.js';
import { isPrivateDirectory, type ServerPlace } from './server-place.js';
import { frame, messageReader, type Reply, type Request, type RunRequest, type ServerStatus } from './server-protocol.js';
import type { CliIo } from './cli-io.js';

export const DEFAULT_IDLE_MINUTES = 30;
/** How long `server start` waits for the new server to answer. */
const START_TIMEOUT_MS = 15_000;

type Main = (argv: readonly string[], io: CliIo) => Promise<number>;

/** Adds `server run|start|stop|status`; `done` receives the exit code. */
export function registerServerCommand(program: Command, io: CliIo, main: Main, done: (code: number) => void): void {
  const server = program
    .command('server')
    .description('Keep the CLI and the compiler loaded between runs: runs started while it listens are sent to it (one per user and installation).')
    .helpOption('-h, --help', 'show this help');
  const idleOption = (command: Command): Command =>
    command.option('--idle <minutes>', `stop after this many minutes without a run (default: ${DEFAULT_IDLE_MINUTES})`);
  idleOption(server.command('start').description('start a server in the background and return once it answers'))
    .helpOption('-h, --help', 'show this help')
    .action(async (options: { idle?: string }) => done(await startServer(placeOf(io), idleMinutes(options.idle), io)));
  idleOption(server.command('run').description('run a server in the foreground (what `start` runs; for process managers)'))
    .helpOption('-h, --help', 'show this help')
    .action(async (options: { idle?: string }) => done(await serve(placeOf(io), idleMinutes(options.idle), io, main)));
  server
    .command('stop')
    .description('stop the running server')
    .helpOption('-h, --help', 'show this help')
    .action(async () => done(await stopServer(placeOf(io), io)));
  server
    .command('status')
    .description('say whether a server runs, and since when (exit code 1 when none)')
    .helpOption('-h, --help', 'show this help')
    .action(async () => done(await showStatus(placeOf(io), io)));
}

function placeOf(io: CliIo): ServerPlace {
  if (io.server === null) throw new CliError('server: not available on Windows (a named pipe cannot be made private to its user from Node)');
  if (!io.server) throw new CliError('server: only the installed executable can run or reach a server');
  return io.server;
}

/** The longest wait a timer can take (2^31 - 1 ms, about 24 days), in whole minutes. */
const MAX_IDLE_MINUTES = Math.floor((2 ** 31 - 1) / 60_000);

function idleMinutes(given: string | undefined): number {
  if (given === undefined) return DEFAULT_IDLE_MINUTES;
  const minutes = Number(given);
  if (!/^\d+(?:\.\d+)?$/.test(given.trim()) || !(minutes > 0)) throw new CliError(`--idle ${given}: expected a number of minutes above 0`);
  // A longer timer fires at once (Node clamps it to 1 ms): the server would stop as it starts.
  if (minutes > MAX_IDLE_MINUTES) throw new CliError(`--idle ${given}: at most ${MAX_IDLE_MINUTES} minutes`);
  return minutes;
}

/** A request line as the client sends it: anything else (another program on the socket) is hung up on. */
function isRequest(message: unknown): message is Request {
  const request = message as (Partial<Omit<RunRequest, 'type'>> & { type?: unknown }) | null;
  if (typeof request !== 'object' || request === null || typeof request.fingerprint !== 'string') return false;
  if (request.type === 'status' || request.type === 'stop') return true;
  return (
    request.type === 'run' &&
    Array.isArray(request.argv) &&
    request.argv.every((arg) => typeof arg === 'string') &&
    typeof request.cwd === 'string' &&
    typeof request.env === 'object' &&
    request.env !== null &&
    typeof request.isTTY === 'object' &&
    request.isTTY !== null &&
    typeof request.columns === 'object' &&
    request.columns !== null
  );
}

/** Serves runs until stopped, idle for `minutes`, or its code changes under it. */
export async function serve(place: ServerPlace, minutes: number, io: CliIo, main: Main): Promise<number> {
  ensurePrivateDirectory(place.directory);
  const existing = await ask(place, { type: 'status', fingerprint: place.fingerprint });
  if (existing?.type === 'status') {
    io.stderr.write(`tool-identity-audit: a server already runs (pid ${existing.pid})\n`);
    return ExitCode.Fatal;
  }
  // A socket left by a server that died refuses connections: take its place.
  fs.rmSync(place.socket, { force: true });
  await warmUp(io);

  const since = new Date().toISOString();
  let runs = 0;
  let busy = false;
  const queue: Array<{ request: RunRequest; socket: net.Socket }> = [];
  let idleTimer: NodeJS.Timeout | undefined;
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));

  const server = net.createServer((socket) => {
    socket.on('error', () => {}); // A client that went away: its output is dropped.
    socket.on(
      'data',
      messageReader(
        (message) => (isRequest(message) ? answer(message, socket) : socket.destroy()),
        () => socket.destroy(),
      ),
    );
  });
  // The socket file this server made: a server that stops while its successor starts (code changed
  // under it) must not remove the successor's.
  const own: { socket?: number } = {};
  const stop = (): void => {
    if (idleTimer) clearTimeout(idleTimer);
    server.close();
    for (const waiting of queue.splice(0)) waiting.socket.destroy();
    if (own.socket !== undefined && inodeOf(place.socket) === own.socket) fs.rmSync(place.socket, { force: true });
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    finish();
  };
  const armIdle = (): void => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (busy || queue.length > 0) armIdle();
      else stop();
    }, minutes * 60_000);
  };
  const send = (socket: net.Socket, reply: Reply): void => {
    if (!socket.destroyed) socket.write(frame(reply));
  };

  function answer(request: Request, socket: net.Socket): void {
    armIdle();
    if (request.fingerprint !== place.fingerprint) {
      // The package changed on disk since this server started: its code is not the client's.
      socket.end(frame({ type: 'mismatch' }));
      stop();
      return;
    }
    if (request.type === 'status') {
      const status: ServerStatus = { type: 'status', pid: process.pid, version: packageInfo.version, since, runs, idleMinutes: minutes };
      socket.end(frame(status));
    } else if (request.type === 'stop') {
      socket.end(frame({ type: 'stopping' }));
      stop();
    } else {
      queue.push({ request, socket });
      void next();
    }
  }

  // One run at a time: runs are CPU-bound, and each may write the same cache.
  async function next(): Promise<void> {
    if (busy) return;
    const job = queue.shift();
    if (!job) return;
    busy = true;
    const { request, socket } = job;
    let code: number;
    try {
      code = await main(request.argv, clientIo(request, (reply) => send(socket, reply)));
    } catch (error) {
      send(socket, { type: 'stderr', text: `tool-identity-audit: ${errorMessage(error)}\n` });
      code = ExitCode.Fatal;
    }
    runs++;
    if (!socket.destroyed) socket.end(frame({ type: 'exit', code }));
    busy = false;
    armIdle();
    void next();
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(place.socket, () => resolve());
  }).catch((error: unknown) => {
    throw new CliError(`server: cannot listen on ${place.socket}: ${errorMessage(error)}`);
  });
  own.socket = inodeOf(place.socket);
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  armIdle();
  io.stderr.write(`tool-identity-audit: server ${process.pid} listening on ${place.socket} (stops after ${minutes} idle minutes)\n`);
  await finished;
  return ExitCode.Ok;
}

function clientIo(request: RunRequest, send: (reply: Reply) => void): CliIo {
  return {
    stdout: { write: (text: string) => send({ type: 'stdout', text: String(text) }), ...(request.columns.stdout ? { columns: request.columns.stdout } : {}) },
    stderr: { write: (text: string) => send({ type: 'stderr', text: String(text) }), ...(request.columns.stderr ? { columns: request.columns.stderr } : {}) },
    cwd: request.cwd,
    env: request.env,
    isTTY: request.isTTY,
  };
}

/** Loads what every run needs, so the first run is as quick as the next. */
async function warmUp(io: CliIo): Promise<void> {
  const { startCompileCache } = await import('./compile-cache.js');
  const store = startCompileCache(io.env, io.cwd, undefined);
  try {
    await import('../analyzer/analyze.js');
    (await import('../analyzer/compiler.js')).compiler();
  } finally {
    store();
  }
}

/** The socket's directory exists, is this user's, and no one else can enter it. */
function ensurePrivateDirectory(directory: string): void {
  fs.mkdirSync(directory, { recursive: true, mode: 0o700 });
  if (!isPrivateDirectory(directory)) throw new CliError(`server: ${directory} must be a directory of yours that no one else can open (mode 700)`);
}

/** Sends one request and resolves to the first reply; undefined when nothing answers. */
function ask(place: ServerPlace, request: Request): Promise<Reply | undefined> {
  if (!fs.existsSync(place.socket) || !isPrivateDirectory(place.directory)) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const socket = net.connect(place.socket);
    const settle = (reply: Reply | undefined): void => {
      socket.destroy();
      resolve(reply);
    };
    socket.on('connect', () => socket.write(frame(request)));
    socket.on('data', messageReader((message) => settle(message as Reply), () => settle(undefined)));
    socket.on('error', () => settle(undefined));
    socket.on('close', () => settle(undefined));
  });
}

async function startServer(place: ServerPlace, minutes: number, io: CliIo): Promise<number> {
  const running = await ask(place, { type: 'status', fingerprint: place.fingerprint });
  if (running?.type === 'status') {
    io.stdout.write(`tool-identity-audit: a server already runs (pid ${running.pid})\n`);
    return ExitCode.Ok;
  }
  ensurePrivateDirectory(place.directory);
  // Its messages (a socket it cannot open, say) go to a log beside the socket, shown if it fails.
  const log = `${place.socket.replace(/\.sock$/, '')}.log`;
  const out = fs.openSync(log, 'w', 0o600);
  const [node, ...args] = place.launcher;
  const child = spawn(node!, [...args, 'server', 'run', '--idle', String(minutes)], {
    cwd: io.cwd,
    env: io.env as NodeJS.ProcessEnv,
    detached: true,
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  let exited: number | null | undefined;
  child.on('exit', (code) => (exited = code));
  child.unref();
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline && exited === undefined) {
    const reply = await ask(place, { type: 'status', fingerprint: place.fingerprint });
    if (reply?.type === 'status') {
      io.stdout.write(`tool-identity-audit: server ${reply.pid} started; it stops after ${minutes} idle minutes (tool-identity-audit server stop)\n`);
      return ExitCode.Ok;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const said = readOrEmpty(log).trim();
  throw new CliError(`server: the server did not start${exited !== undefined ? ` (exit code ${exited})` : ''}${said ? `:\n${said}` : ''}`);
}

async function stopServer(place: ServerPlace, io: CliIo): Promise<number> {
  const reply = await ask(place, { type: 'stop', fingerprint: place.fingerprint });
  // A server of other code answers `mismatch` and stops all the same.
  io.stdout.write(reply ? 'tool-identity-audit: server stopped\n' : 'tool-identity-audit: no server runs\n');
  return ExitCode.Ok;
}

async function showStatus(place: ServerPlace, io: CliIo): Promise<number> {
  const reply = await ask(place, { type: 'status', fingerprint: place.fingerprint });
  if (reply?.type !== 'status') {
    io.stdout.write('tool-identity-audit: no server runs\n');
    return ExitCode.Findings;
  }
  io.stdout.write(
    `tool-identity-audit: server ${reply.pid} (version ${reply.version}) on ${path.basename(place.socket)}, since ${reply.since}, ${reply.runs} ${reply.runs === 1 ? 'run' : 'runs'}, stops after ${reply.idleMinutes} idle minutes\n`,
  );
  return ExitCode.Ok;
}

function inodeOf(file: string): number | undefined {
  return fs.statSync(file, { throwIfNoEntry: false })?.ino;
}

function readOrEmpty(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
