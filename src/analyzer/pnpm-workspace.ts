// The `packages` list of a pnpm-workspace.yaml. Only that key is needed, and it is always a flat
// list of glob strings, so this reads the two YAML forms pnpm's docs and real repositories use
// (a block sequence under `packages:`, or a flow sequence on the same line) rather than taking a
// YAML dependency. Anything else in the file (catalogs, overrides, settings) is skipped.

/** The globs (negations keep their `!`), or undefined when the file has no `packages` key. */
export function parsePnpmWorkspacePackages(text: string): string[] | undefined {
  const lines = text.split(/\r?\n/);
  const start = lines.findIndex((line) => /^packages\s*:/.test(line));
  if (start === -1) return undefined;
  const inline = stripComment((lines[start] as string).replace(/^packages\s*:/, '')).trim();
  if (inline.startsWith('[')) {
    const body = inline.replace(/^\[/, '').replace(/\]\s*$/, '');
    return body
      .split(',')
      .map((item) => unquote(item.trim()))
      .filter((item) => item !== '');
  }
  const globs: string[] = [];
  for (const line of lines.slice(start + 1)) {
    const content = stripComment(line);
    if (content.trim() === '') continue;
    // The next top-level key ends the list.
    if (!/^\s/.test(content) && !content.startsWith('-')) break;
    const item = /^\s*-\s*(.*)$/.exec(content);
    if (!item) break;
    const value = unquote((item[1] as string).trim());
    if (value !== '') globs.push(value);
  }
  return globs;
}

/** Drops a `#` comment that is not inside quotes. */
function stripComment(line: string): string {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quote) {
      if (ch === quote) quote = undefined;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '#' && (i === 0 || /\s/.test(line[i - 1] as string))) return line.slice(0, i);
  }
  return line;
}

function unquote(value: string): string {
  if (value.length >= 2 && (value[0] === '"' || value[0] === "'") && value[value.length - 1] === value[0]) return value.slice(1, -1);
  return value;
}
