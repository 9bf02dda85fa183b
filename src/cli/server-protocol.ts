// What the CLI and its resident server say to each other over the socket: one JSON object per line.
// The client sends one request; the server answers with the run's output as it is written, then its
// exit code, and closes.
import { StringDecoder } from 'node:string_decoder';

export interface RunRequest {
  type: 'run';
  fingerprint: string;
  argv: string[];
  cwd: string;
  env: Record<string, string | undefined>;
  isTTY: { stdout: boolean; stderr: boolean };
  columns: { stdout?: number; stderr?: number };
}

export type Request = RunRequest | { type: 'status'; fingerprint: string } | { type: 'stop'; fingerprint: string };

export interface ServerStatus {
  type: 'status';
  pid: number;
  version: string;
  /** When the server started (ISO time), and how many runs it has answered. */
  since: string;
  runs: number;
  /** Minutes without a request after which it stops. */
  idleMinutes: number;
}

export type Reply =
  | { type: 'stdout' | 'stderr'; text: string }
  | { type: 'exit'; code: number }
  /** The server's code is not the client's: it stops, and the client runs in its own process. */
  | { type: 'mismatch' }
  | ServerStatus
  | { type: 'stopping' };

/** Splits a byte stream into lines and hands each parsed line to `onMessage`; a line that is not JSON ends the stream with `onBad`. */
export function messageReader(onMessage: (message: unknown) => void, onBad: () => void): (chunk: Buffer) => void {
  // A chunk can end inside a character: the decoder keeps its first bytes for the next one.
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let bad = false;
  return (chunk) => {
    if (bad) return;
    pending += decoder.write(chunk);
    let newline = pending.indexOf('\n');
    while (newline !== -1) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      let message: unknown;
      try {
        message = JSON.parse(line);
      } catch {
        bad = true;
        onBad();
        return;
      }
      onMessage(message);
      newline = pending.indexOf('\n');
    }
  };
}

export function frame(message: Request | Reply): string {
  return `${JSON.stringify(message)}\n`;
}
