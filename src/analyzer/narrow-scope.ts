// What a narrowed run looks at (paths given, no --tsconfig): the directories on the way to each
// path and everything under a directory given, then the whole directory of each project that owns
// a path. The walk enters nothing else and the layout loads no other tsconfig or workspace member,
// so a pre-commit run over two files of a large monorepo neither walks the whole tree nor lists
// every package's tsconfig. A project owns a file through its nearest tsconfig at or above it, so
// the projects that can own a path all lie on the way to it or under it.
import { isWithin } from './source-paths.js';

export interface NarrowScope {
  /** The directory (relative POSIX, '' for cwd) is walked and the projects in it are loaded. */
  covers(dirRel: string): boolean;
  /** Adds a project's directory (an owner of a path, analysed whole) and all below it; false when covered already. */
  widen(dirRel: string): boolean;
}

export function narrowScope(targets: ReadonlyArray<{ rel: string; directory: boolean }>): NarrowScope {
  const under = targets.filter((t) => t.directory).map((t) => t.rel);
  const added: string[] = [];
  return {
    covers: (dirRel) => targets.some((t) => isWithin(t.rel, dirRel)) || under.some((dir) => isWithin(dirRel, dir)) || added.some((dir) => isWithin(dirRel, dir)),
    widen(dirRel) {
      if (under.some((dir) => isWithin(dirRel, dir)) || added.some((dir) => isWithin(dirRel, dir))) return false;
      added.push(dirRel);
      return true;
    },
  };
}
