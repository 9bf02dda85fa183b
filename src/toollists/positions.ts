// Offsets in a JSON text to the spans findings carry: 1-based lines, 0-based UTF-16 columns, as
// ESLint and every reporter expect.
import type { Position, Span } from '../facts/types.js';

export class LineIndex {
  /** Offset of the first character of each line. */
  private readonly starts: number[] = [0];

  constructor(text: string) {
    for (let i = 0; i < text.length; i += 1) {
      const ch = text.charCodeAt(i);
      // \r\n counts once; a lone \r or \n ends a line too (as ESLint counts lines).
      if (ch === 10 || (ch === 13 && text.charCodeAt(i + 1) !== 10)) this.starts.push(i + 1);
    }
  }

  position(offset: number): Position {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((this.starts[mid] ?? 0) <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - (this.starts[low] ?? 0) };
  }

  span(start: number, end: number): Span {
    return { start, end, loc: { start: this.position(start), end: this.position(end) } };
  }
}
