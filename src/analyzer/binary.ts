// Is this file binary? Decided by what its leading bytes look like as a whole, never by one byte:
// a source file may hold a NUL (or another control character) inside a string or template literal
// and is still source the compiler parses. Binary means a known file signature, a run of control
// bytes, or a share of control bytes or invalid UTF-8 that no hand-written source has.
import { isAscii, isUtf8 } from 'node:buffer';

/** Bytes looked at; git sniffs the same 8 KiB. */
export const BINARY_SNIFF_BYTES = 8 * 1024;
/** Consecutive control bytes (not whitespace) that text never has. */
const CONTROL_RUN = 8;
/** Shares of the sample above which it is not text. */
const CONTROL_SHARE = 0.1;
const INVALID_UTF8_SHARE = 0.1;

/** Leading signatures of formats that turn up in source trees (images, fonts, archives, binaries). */
const SIGNATURES: ReadonlyArray<{ name: string; bytes: readonly number[] }> = [
  { name: 'PNG image', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { name: 'JPEG image', bytes: [0xff, 0xd8, 0xff] },
  { name: 'GIF image', bytes: [0x47, 0x49, 0x46, 0x38] },
  { name: 'PDF document', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { name: 'ZIP archive', bytes: [0x50, 0x4b, 0x03, 0x04] },
  { name: 'gzip archive', bytes: [0x1f, 0x8b] },
  { name: '7z archive', bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c] },
  { name: 'ELF executable', bytes: [0x7f, 0x45, 0x4c, 0x46] },
  { name: 'WebAssembly module', bytes: [0x00, 0x61, 0x73, 0x6d] },
  { name: 'Mach-O executable', bytes: [0xcf, 0xfa, 0xed, 0xfe] },
  { name: 'Mach-O executable', bytes: [0xce, 0xfa, 0xed, 0xfe] },
  { name: 'Java class file', bytes: [0xca, 0xfe, 0xba, 0xbe] },
  { name: 'WOFF font', bytes: [0x77, 0x4f, 0x46, 0x46] },
  { name: 'WOFF2 font', bytes: [0x77, 0x4f, 0x46, 0x32] },
  { name: 'SQLite database', bytes: [0x53, 0x51, 0x4c, 0x69, 0x74, 0x65, 0x20, 0x66, 0x6f, 0x72, 0x6d, 0x61, 0x74, 0x20, 0x33, 0x00] },
];

/** Why `bytes` (UTF-8 or unknown; callers handle BOM-marked UTF-16 first) is binary, or undefined for text. */
export function binaryReason(bytes: Uint8Array): string | undefined {
  for (const signature of SIGNATURES) {
    if (signature.bytes.length <= bytes.length && signature.bytes.every((b, i) => bytes[i] === b)) return `${signature.name} signature`;
  }
  const sample = bytes.subarray(0, BINARY_SNIFF_BYTES);
  if (sample.length === 0) return undefined;
  // Source files: no control byte, and valid UTF-8 (most often ASCII), each found by one native scan.
  const clean = !CONTROL_BYTE.test(Buffer.from(sample.buffer, sample.byteOffset, sample.byteLength).toString('latin1'));
  if (clean && (isAscii(sample) || isUtf8(sample))) return undefined;
  let control = 0;
  let run = 0;
  for (let i = 0; i < sample.length; i++) {
    if (isControl(sample[i] as number)) {
      control++;
      if (++run >= CONTROL_RUN) return `${CONTROL_RUN} control bytes in a row at byte ${i - CONTROL_RUN + 1}`;
    } else run = 0;
  }
  if (control / sample.length > CONTROL_SHARE) return `${percent(control, sample.length)} control bytes in the first ${kib(sample.length)}`;
  const invalid = invalidUtf8Bytes(sample);
  if (invalid / sample.length > INVALID_UTF8_SHARE) return `${percent(invalid, sample.length)} invalid UTF-8 in the first ${kib(sample.length)}`;
  return undefined;
}

/** A byte `isControl` counts, in the sample read as Latin-1. */
// eslint-disable-next-line no-control-regex -- control bytes are what it looks for
const CONTROL_BYTE = /[\x00-\x08\x0e-\x1a\x1c-\x1f\x7f]/;

/** C0 controls and DEL, except the whitespace source files use (tab, LF, VT, FF, CR) and ESC. */
function isControl(byte: number): boolean {
  return (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0b && byte !== 0x0c && byte !== 0x0d && byte !== 0x1b) || byte === 0x7f;
}

/**
 * Bytes that are not part of a well-formed UTF-8 sequence. A sequence cut off by the end of the
 * sample is not counted: the sample may end mid-character.
 */
function invalidUtf8Bytes(bytes: Uint8Array): number {
  let invalid = 0;
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i] as number;
    const length = lead < 0x80 ? 1 : lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
    if (length === 0) {
      invalid++;
      i++;
      continue;
    }
    let ok = true;
    for (let k = 1; k < length; k++) {
      if (i + k >= bytes.length) return invalid;
      const next = bytes[i + k] as number;
      if ((next & 0xc0) !== 0x80) {
        ok = false;
        break;
      }
    }
    if (ok) i += length;
    else {
      invalid++;
      i++;
    }
  }
  return invalid;
}

function percent(part: number, whole: number): string {
  return `${Math.round((part / whole) * 100)}%`;
}

function kib(size: number): string {
  return size >= 1024 ? `${Math.round(size / 1024)} KiB` : `${size} bytes`;
}
