// A file's text, fast where it is ASCII: decoded as Latin-1 (the same characters) instead of as
// UTF-8, which Node 20's readers take 10-15 ms per MB for. Anything else is UTF-8, its byte-order
// mark dropped. For every source file (read.ts) and the large files the analyzer reads whole: the
// facts cache and the compiler.
import { isAscii } from 'node:buffer';
import fs from 'node:fs';

/** UTF-8 bytes as text, without a byte-order mark. */
export function textOf(bytes: Buffer): string {
  if (isAscii(bytes)) return bytes.toString('latin1');
  const text = bytes.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

export function readTextFile(file: string): string {
  return textOf(fs.readFileSync(file));
}
