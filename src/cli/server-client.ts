// The launcher's side of the resident server (`tool-identity-audit server start`): when one of this
// installation listens, the run is sent to it and its output written here, so the compiler and the
// CLI's code are already loaded. Without one, the cost is one `stat` of the socket.
import fs from 'node:fs';
import { isPrivateDirectory, type ServerPlace } from './server-place.js';
import { frame, messageReader, type Reply } from './server-protocol.js';

export interface ClientIo {
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  cwd: string;
  env: Record<string, string | undefined>;
}

/**
 * Runs `argv` on the server of `place`; resolves to its exit code, or undefined when no server of
 * this code answered before writing anything (none runs, it is another build, it went away): then
 * the caller runs the CLI itself.
 */
export async function runOnServer(place: ServerPlace | undefined, argv: readonly string[], io: ClientIo): Promise<number | undefined> {
  if (place === undefined || !fs.existsSync(place.socket) || !isPrivateDirectory(place.directory)) return undefined;
  const net = await import('node:net');
  return new Promise((resolve) => {
    let wrote = false;
    let settled = false;
    const settle = (code: number | undefined): void => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(code);
    };
    const socket = net.connect(place.socket);
    socket.on('connect', () => {
      socket.write(
        frame({
          type: 'run',
          fingerprint: place.fingerprint,
          argv: [...argv],
          cwd: io.cwd,
          env: io.env,
          isTTY: { stdout: io.stdout.isTTY === true, stderr: io.stderr.isTTY === true },
          columns: { ...(io.stdout.columns ? { stdout: io.stdout.columns } : {}), ...(io.stderr.columns ? { stderr: io.stderr.columns } : {}) },
        }),
      );
    });
    socket.on(
      'data',
      messageReader(
        (message) => {
          const reply = message as Reply;
          if (reply.type === 'stdout' || reply.type === 'stderr') {
            wrote = true;
            io[reply.type].write(reply.text);
          } else if (reply.type === 'exit') settle(reply.code);
          else if (reply.type === 'mismatch') settle(undefined);
        },
        () => lost(),
      ),
    );
    // Refused (a socket left by a server that died), gone, or closed mid-run.
    const lost = (): void => {
      if (settled) return;
      if (!wrote) return settle(undefined);
      io.stderr.write('tool-identity-audit: the server stopped during the run; run again\n');
      settle(2);
    };
    socket.on('error', lost);
    socket.on('close', lost);
  });
}
