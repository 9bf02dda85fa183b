// Source quoted in a message: a finding is read on one line (an editor's hover, a CI annotation, a
// terminal row), so a message quotes at most the first line of an expression, cut at about 80
// characters. Every rule that quotes the code it reports uses this one function.

/** Longest quote, in code points, before the cut (the ellipsis comes on top). */
export const MAX_QUOTE = 80;

/**
 * `text` as a message quotes it: its first line, runs of spaces and tabs collapsed, cut at
 * `MAX_QUOTE` code points; an ellipsis says that something was left off.
 */
export function quoteSource(text: string): string {
  const lines = text.trim().split(/\r?\n|\r/);
  let quote = lines[0]!.replace(/[ \t]+/g, ' ').trimEnd();
  let cut = lines.length > 1;
  // Code points, so an emoji or an astral character is never split in half.
  const points = Array.from(quote);
  if (points.length > MAX_QUOTE) {
    quote = points.slice(0, MAX_QUOTE).join('').trimEnd();
    cut = true;
  }
  return cut ? `${quote}…` : quote;
}
