// What `binaryReason` (src/analyzer/binary.ts) calls binary, on both sides of its fast path (no
// control byte and valid UTF-8 in the sniffed bytes: text, decided by two native scans).
import { describe, expect, it } from 'vitest';
import { BINARY_SNIFF_BYTES, binaryReason } from '../../src/analyzer/binary.js';

const source = "import { tool } from 'ai';\nexport const search = tool({ description: 'Search the catalog' });\n";

describe('binaryReason', () => {
  it('passes ASCII and UTF-8 source', () => {
    expect(binaryReason(Buffer.from(source))).toBeUndefined();
    expect(binaryReason(Buffer.from(`${source}// Größe, 名前, 🚀\n`))).toBeUndefined();
  });

  it('passes a character cut by the end of the sniffed bytes (the slow path counts it as incomplete)', () => {
    const head = 'x'.repeat(BINARY_SNIFF_BYTES - 1);
    const bytes = Buffer.from(`${head}€ and more text after it\n`);
    expect(bytes[BINARY_SNIFF_BYTES - 1]).toBe(0xe2);
    expect(binaryReason(bytes)).toBeUndefined();
  });

  it('passes a lone NUL or escape in a string literal', () => {
    expect(binaryReason(Buffer.from(`${source}const sep = '\u0000';\nconst esc = '\u001b[0m';\n`))).toBeUndefined();
  });

  it('names a run of control bytes, a share of invalid UTF-8 and a file signature', () => {
    expect(binaryReason(Buffer.from(`${source}\u0001\u0002\u0003\u0004\u0005\u0006\u0007\u0008`))).toBe(`8 control bytes in a row at byte ${source.length}`);
    const invalid = Buffer.concat([Buffer.from(source), Buffer.alloc(40, 0xff)]);
    expect(binaryReason(invalid)).toBe(`30% invalid UTF-8 in the first ${source.length + 40} bytes`);
    expect(binaryReason(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00]))).toBe('PNG image signature');
  });
});
