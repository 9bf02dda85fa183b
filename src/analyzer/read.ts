// Reading one source file before any parsing: the file becomes text, or a ToolDiagnostic that says
// why not (binary, too large, unreadable, a symlink loop). Never throws.
import fs from 'node:fs';
import type { ToolDiagnostic } from '../checks/finding.js';
import { binaryReason } from './binary.js';
import { sha256 } from './sha256.js';
import { textOf } from './text-file.js';
import { isSymlink } from './fs-probes.js';

/** Files larger than this are skipped (`too-large`): generated bundles, not hand-written tools. */
export const MAX_FILE_BYTES = 2 * 1024 * 1024;

export type ReadResult =
  /** `hash`: the sha256 of the bytes when asked for, else ''. */
  | { ok: true; text: string; hash: string }
  | { ok: false; diagnostic: ToolDiagnostic };

/** What the facts cache compares before it reads a file: modification time and size. */
export interface FileStamp {
  mtimeMs: number;
  size: number;
}

export type StatResult = { ok: true; stamp: FileStamp } | { ok: false; diagnostic: ToolDiagnostic };

function failure(rel: string, kind: ToolDiagnostic['kind'], message: string): { ok: false; diagnostic: ToolDiagnostic } {
  return { ok: false, diagnostic: { file: rel, kind, message } };
}

/** The stat half of reading: a regular file of an acceptable size, or why not. */
export function statSource(abs: string, rel: string): StatResult {
  let stat: fs.Stats;
  try {
    // stat (not lstat) follows symlinks: a loop fails here with ELOOP, a dangling link with ENOENT.
    stat = fs.statSync(abs);
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ELOOP') return failure(rel, 'symlink-loop', 'Symbolic link loop: the link never resolves to a file.');
    if (code === 'ENOENT' && isSymlink(abs)) return failure(rel, 'unreadable', 'Dangling symbolic link: its target does not exist.');
    return failure(rel, 'unreadable', `Cannot read file (${code}).`);
  }
  // Directories named like source files, FIFOs (opening one would block), sockets, devices.
  if (!stat.isFile()) return failure(rel, 'unreadable', `Cannot read file: ${stat.isDirectory() ? 'it is a directory' : 'not a regular file'}.`);
  if (stat.size > MAX_FILE_BYTES) {
    return failure(rel, 'too-large', `File is ${formatMiB(stat.size)}; files larger than ${formatMiB(MAX_FILE_BYTES)} are skipped.`);
  }
  return { ok: true, stamp: { mtimeMs: stat.mtimeMs, size: stat.size } };
}

/**
 * Reads a file `statSource` accepted (pass its result to spare a second stat), with the sha256 of
 * its bytes when `hash` says so (the facts cache's content key).
 */
export function readSource(abs: string, rel: string, stat: StatResult = statSource(abs, rel), hash = false): ReadResult {
  if (!stat.ok) return stat;
  let bytes: Buffer;
  try {
    bytes = readBytes(abs);
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ELOOP') return failure(rel, 'symlink-loop', 'Symbolic link loop: the link never resolves to a file.');
    return failure(rel, 'unreadable', `Cannot read file (${code}).`);
  }
  if (bytes.length > MAX_FILE_BYTES) {
    return failure(rel, 'too-large', `File is ${formatMiB(bytes.length)}; files larger than ${formatMiB(MAX_FILE_BYTES)} are skipped.`);
  }
  const decoded = decode(bytes);
  if (!decoded.ok) return failure(rel, 'binary', `Binary file (${decoded.reason}): not analysed.`);
  return { ok: true, text: decoded.text, hash: hash ? sha256(bytes) : '' };
}

// Every file is read into this one buffer (grown as needed), decoded and hashed before the next is
// read: a run reads thousands of files, and a fresh buffer for each (as `readFileSync` allocates)
// was a fifth of the time of reading them, in page faults and in the collector's external memory.
let scratch = Buffer.allocUnsafeSlow(64 * 1024);

/** The file's bytes up to end of file, or the first `MAX_FILE_BYTES + 1`; valid until the next call. */
function readBytes(abs: string): Buffer {
  const fd = fs.openSync(abs, 'r');
  try {
    let length = 0;
    for (;;) {
      if (length === scratch.length) {
        if (length > MAX_FILE_BYTES) break;
        const grown = Buffer.allocUnsafeSlow(scratch.length * 2);
        scratch.copy(grown, 0, 0, length);
        scratch = grown;
      }
      const read = fs.readSync(fd, scratch, length, scratch.length - length, null);
      if (read === 0) break;
      length += read;
    }
    return scratch.subarray(0, length);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Text as the TypeScript compiler reads it: UTF-16 with a byte-order mark decoded as such, UTF-8
 * otherwise, and the BOM dropped (ESLint drops it too, so offsets agree); or why it is binary.
 */
function decode(bytes: Buffer): { ok: true; text: string } | { ok: false; reason: string } {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return { ok: true, text: bytes.subarray(2).toString('utf16le') };
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    const swapped = Buffer.from(bytes.subarray(2, bytes.length - (bytes.length % 2)));
    swapped.swap16();
    return { ok: true, text: swapped.toString('utf16le') };
  }
  const reason = binaryReason(bytes);
  if (reason !== undefined) return { ok: false, reason };
  return { ok: true, text: textOf(bytes) };
}

function formatMiB(size: number): string {
  return `${(size / (1024 * 1024)).toFixed(1)} MiB`;
}

function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException | undefined)?.code ?? 'EUNKNOWN';
}

