// What discovery read from the disk: every directory it listed, every file it read and every path
// it probed, each with the state it had (times, size, inode; or absent). A later run compares
// those states instead of walking the tree and reading the tsconfigs again: a directory's time
// moves when an entry is added, removed or renamed in it, a file's when it is written.
import fs from 'node:fs';
import path from 'node:path';
import { timeVouches } from './time-vouches.js';

/** `read`: the content matters; `probe`: only whether (and as what) the path exists. */
type Use = 'read' | 'probe';

let recording: Map<string, { state: string; use: Use }> | undefined;

/** The state of a path: link and target, each `mtime:size:inode`; `-` when absent. */
export function stateOf(abs: string): string {
  let link: fs.Stats;
  try {
    link = fs.lstatSync(abs);
  } catch {
    return '-';
  }
  const own = `${link.mtimeMs}:${link.size}:${link.ino}`;
  if (!link.isSymbolicLink()) return own;
  try {
    const target = fs.statSync(abs);
    return `${own}>${target.mtimeMs}:${target.size}:${target.ino}`;
  } catch {
    return `${own}>-`;
  }
}

/** A directory listed or a file read: its state is part of the result. */
export function noteRead(abs: string): void {
  note(abs, 'read');
}

/** A path whose existence or kind was asked for. */
export function noteProbe(abs: string): void {
  note(abs, 'probe');
}

function note(abs: string, use: Use): void {
  if (!recording) return;
  const key = path.resolve(abs);
  const known = recording.get(key);
  if (known) {
    if (use === 'read') known.use = 'read';
    return;
  }
  recording.set(key, { state: stateOf(key), use });
}

/**
 * Runs `run` and returns what it read (`reads`: the paths whose content or listing was used, the
 * rest were only probed). Probes of paths in a directory that was listed are left out of `inputs`:
 * replacing or removing an entry changes its directory's time.
 */
export function recordInputs<T>(run: () => T): { result: T; inputs: Array<[string, string]>; reads: string[] } {
  const outer = recording;
  recording = new Map();
  try {
    const result = run();
    const seen = recording;
    const inputs: Array<[string, string]> = [];
    for (const [abs, { state, use }] of seen) {
      if (use === 'probe' && seen.get(path.dirname(abs))?.use === 'read') continue;
      inputs.push([abs, state]);
    }
    const reads = [...seen].filter(([, { use }]) => use === 'read').map(([abs]) => abs);
    return { result, inputs: inputs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)), reads: reads.sort() };
  } finally {
    recording = outer;
  }
}

/** Every input still has its recorded state, and each recorded time vouches for it (time-vouches.ts). */
export function inputsUnchanged(inputs: ReadonlyArray<readonly [string, string]>, recordedAt: number): boolean {
  for (const [abs, state] of inputs) {
    if (stateOf(abs) !== state) return false;
    if (!vouched(state, recordedAt)) return false;
  }
  return true;
}

function vouched(state: string, recordedAt: number): boolean {
  for (const part of state.split('>')) {
    const mtime = Number(part.split(':')[0]);
    if (Number.isFinite(mtime) && !timeVouches(mtime, recordedAt)) return false;
  }
  return true;
}
