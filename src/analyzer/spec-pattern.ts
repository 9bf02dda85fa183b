// A tsconfig's `include` and `exclude` specs, matched one path segment at a time by the compiler's
// rules (typescript.js `getSubPatternFromSpec`), so a directory walk carries each directory's
// match state to its children instead of testing every absolute path against one big expression.
//
// The rules, for `include`: `**` is any number of segments, none starting with a dot and none named
// node_modules, bower_components or jspm_packages; a segment with `*` or `?` never matches those
// three names either; a `*` or `?` at the start of a segment does not match a leading dot; in a file
// name a `*` does not run into a trailing `.min.js`. For `exclude`: `*` and `?` match any character,
// `**` any segments, and a spec excludes everything below what it matches. A spec whose last segment
// has no `.`, `*` or `?` names a directory: it stands for `<spec>/**/*`. Case follows the host.
import { escapeRegExp } from '../facts/reg-exp.js';

/** One segment of a spec: `**`, or a test for a directory's name and one for a file's name. */
type Component = { globstar: true; test: (name: string) => boolean } | { globstar: false; dir: (name: string) => boolean; file: (name: string) => boolean };

/** Where each spec stands after a path: for spec `i`, the indexes of the components it may match next. */
export type SpecState = readonly (readonly number[])[];

const PACKAGE_DIRS = '(?!(?:node_modules|bower_components|jspm_packages)$)';
/** `*` in a directory name, and in a file name (not into a trailing `.min.js`). */
const DIR_STAR = '[^/]*';
const FILE_STAR = '(?:[^./]|\\.(?!min\\.js$))*';
/** The compiler's `.+?` for an excluded `**`: no line terminators. */
const EXCLUDE_GLOBSTAR = /^[^\n\r\u2028\u2029]+$/;

export class SpecSet {
  /** The specs that take part, in order (empty ones and includes ending in `**` do not). */
  readonly kept: readonly string[];
  private readonly specs: readonly Component[][];
  /** For spec `i`, whether position `p` can end the spec without consuming more (only `**` left). */
  private readonly ends: readonly boolean[][];

  /** `specs` relative to the absolute, normalised `basePath`; empty specs match nothing, as in tsc. */
  constructor(specs: readonly string[], basePath: string, usage: 'include' | 'exclude', caseSensitive: boolean) {
    const compiled = specs.filter((spec) => spec !== '').map((spec) => ({ spec, components: compile(spec, basePath, usage, caseSensitive) }));
    const kept = compiled.filter((c): c is { spec: string; components: Component[] } => c.components !== undefined);
    this.kept = kept.map((c) => c.spec);
    this.specs = kept.map((c) => c.components);
    this.ends = this.specs.map((components) => {
      const ends = new Array<boolean>(components.length + 1).fill(false);
      ends[components.length] = true;
      for (let p = components.length - 1; p >= 0 && components[p]?.globstar === true; p--) ends[p] = true;
      return ends;
    });
  }

  get size(): number {
    return this.specs.length;
  }

  /** The state after an absolute path's segments (from the root), and whether a prefix of it already matched a whole spec. */
  walk(absolute: string): { state: SpecState; matched: boolean } {
    let state: SpecState = this.specs.map((components) => this.closure(components, [], 0));
    let matched = false;
    for (const segment of absolute.split('/').filter((s, i) => i === 0 || s !== '')) {
      state = this.step(state, segment);
      matched ||= this.complete(state);
    }
    return { state, matched };
  }

  /** The state inside the directory `name`; every spec's list empty when none can match below it. */
  step(state: SpecState, name: string): SpecState {
    return this.specs.map((components, i) => {
      const next: number[] = [];
      for (const p of state[i] ?? []) {
        const component = components[p];
        if (component === undefined) continue;
        if (component.globstar) {
          if (component.test(name)) this.closure(components, next, p);
        } else if (component.dir(name)) {
          this.closure(components, next, p + 1);
        }
      }
      return next;
    });
  }

  /** Some spec can still match in or below this state. */
  live(state: SpecState): boolean {
    return state.some((positions) => positions.length > 0);
  }

  /** Some spec matches the path this state stands for, whole. */
  complete(state: SpecState): boolean {
    return state.some((positions, i) => positions.some((p) => this.ends[i]?.[p] === true));
  }

  /** The first spec (of those `among` marks, else of all) that matches the file `name` in this state's directory; -1 when none does. */
  firstMatch(state: SpecState, name: string, among?: readonly boolean[]): number {
    for (let i = 0; i < this.specs.length; i++) if ((!among || among[i] === true) && this.matchesFile(i, state[i] ?? [], name)) return i;
    return -1;
  }

  private matchesFile(spec: number, positions: readonly number[], name: string): boolean {
    const components = this.specs[spec] ?? [];
    const ends = this.ends[spec] ?? [];
    for (const p of positions) {
      const component = components[p];
      if (component === undefined) continue;
      if (component.globstar ? ends[p] === true && component.test(name) : ends[p + 1] === true && component.file(name)) return true;
    }
    return false;
  }

  /** Adds `p` to `into`, and the positions after it a `**` may skip to. */
  private closure(components: readonly Component[], into: number[], p: number): number[] {
    for (let q = p; q <= components.length; q++) {
      if (!into.includes(q)) into.push(q);
      if (components[q]?.globstar !== true) break;
    }
    return into;
  }
}

/** A spec's components from the root (`''` on POSIX, `c:` on Windows); undefined for an include ending in `**`, which tsc drops. */
function compile(spec: string, basePath: string, usage: 'include' | 'exclude', caseSensitive: boolean): Component[] | undefined {
  const segments = normalizedSegments(isRooted(spec) ? spec : `${basePath}/${spec}`);
  const last = segments[segments.length - 1] ?? '';
  if (usage === 'include' && last === '**') return undefined;
  if (!/[.*?]/.test(last)) segments.push('**', '*');
  const flags = caseSensitive ? '' : 'i';
  return segments.map((segment): Component => {
    if (segment === '**') {
      if (usage === 'exclude') return { globstar: true, test: (name) => EXCLUDE_GLOBSTAR.test(name) };
      const visible = new RegExp(`^${PACKAGE_DIRS}[^.]`, flags);
      return { globstar: true, test: (name) => visible.test(name) };
    }
    if (!/[*?]/.test(segment)) {
      if (caseSensitive) return { globstar: false, dir: (name) => name === segment, file: (name) => name === segment };
      const literal = new RegExp(`^${escapeRegExp(segment)}$`, flags);
      return { globstar: false, dir: (name) => literal.test(name), file: (name) => literal.test(name) };
    }
    if (usage === 'exclude') {
      const wild = new RegExp(`^${wildcard(segment, DIR_STAR, false)}$`, flags);
      return { globstar: false, dir: (name) => wild.test(name), file: (name) => wild.test(name) };
    }
    const dir = new RegExp(`^${PACKAGE_DIRS}${wildcard(segment, DIR_STAR, true)}$`, flags);
    const file = new RegExp(`^${PACKAGE_DIRS}${wildcard(segment, FILE_STAR, true)}$`, flags);
    return { globstar: false, dir: (name) => dir.test(name), file: (name) => file.test(name) };
  });
}

/** A segment with `*`/`?` as a regular expression body; `hideDot`: a wildcard at its start does not match a leading dot. */
function wildcard(segment: string, star: string, hideDot: boolean): string {
  let body = '';
  for (let i = 0; i < segment.length; i++) {
    const char = segment.charAt(i);
    if (char === '*') body += hideDot && i === 0 ? `(?:[^./]${star})?` : star;
    else if (char === '?') body += hideDot && i === 0 ? '[^./]' : '[^/]';
    else body += escapeRegExp(char);
  }
  return body;
}


/** Rooted as the compiler sees it: `/x`, `\x`, `c:`. */
export function isRooted(p: string): boolean {
  return /^(?:[/\\]|[a-zA-Z]:)/.test(p);
}

/** `/`-separated segments with `.` and `..` resolved (a `..` at the root is dropped); the first is the root. */
export function normalizedSegments(p: string): string[] {
  const [root = '', ...rest] = p.replace(/\\/g, '/').split('/');
  const segments = [root];
  for (const segment of rest) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.length > 1 && segments[segments.length - 1] !== '..') segments.pop();
      continue;
    }
    segments.push(segment);
  }
  return segments;
}
