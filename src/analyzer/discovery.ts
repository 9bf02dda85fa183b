// What discovery finds (discover.ts), and the same from its plain form as the cache stores it: a
// module of its own, so that a run whose file list comes from the cache loads none of discovery's
// walking and matching.
import type { ToolDiagnostic } from '../checks/finding.js';
import type { LayoutPackage } from './layout.js';
import { isWithin } from './source-paths.js';
import type { AliasConfig } from './tsconfig.js';
import type { DiscoveredFile } from './walk.js';

export interface Discovery {
  /** What is analysed: the files of the projects that own a file under the paths. Sorted by `rel` (code-point order), no duplicates. */
  files: DiscoveredFile[];
  /**
   * The files of the other projects, when paths narrow the run: never read unless the linker
   * reaches one from an analysed file (a tool imported from another workspace package).
   */
  available: DiscoveredFile[];
  /** Directories that could not be listed, configuration that could not be read. */
  diagnostics: ToolDiagnostic[];
  /** The tsconfig the run started from, absolute; undefined without one. */
  tsconfig: string | undefined;
  /**
   * Each project in the order it was found, with the number of files it contributed: every project
   * for a run over the whole directory, the ones that own files under the paths otherwise.
   */
  projects: ProjectReport[];
  /** Workspace packages other packages import by name. */
  packages: LayoutPackage[];
  /** Module aliases for a file (from the tsconfig project that lists it). */
  aliasesFor(rel: string): AliasConfig | undefined;
  /** Whether a finding or diagnostic in this file (relative POSIX) is reported: it lies under the paths. */
  reported(rel: string): boolean;
  /** Declaration files given as paths (relative POSIX): their projects are analysed, nothing in them is checked. */
  declarations: string[];
  /** The same as plain data (for the cache: `fromPlain` gives it back). */
  plain(): PlainDiscovery;
}

/** A discovery as JSON can hold it: the owners' aliases by file, the paths that narrow the report. */
export interface PlainDiscovery extends Pick<Discovery, 'files' | 'available' | 'diagnostics' | 'tsconfig' | 'projects' | 'packages' | 'declarations'> {
  aliases: AliasConfig[];
  /** File → index into `aliases`, for the files whose project has aliases. */
  owners: Array<[string, number]>;
  /** The paths given, or null for a run over the whole directory. */
  targets: Array<{ rel: string; directory: boolean }> | null;
}

export interface ProjectReport {
  /** Its tsconfig, or `<dir> (default globs)`, relative to cwd. */
  label: string;
  /** Files it contributed (a file listed by two projects counts for the one nearest to it). */
  files: number;
}

export function fromPlain(plain: PlainDiscovery): Discovery {
  const owners = new Map(plain.owners);
  const { targets } = plain;
  return {
    files: plain.files,
    available: plain.available,
    diagnostics: plain.diagnostics,
    tsconfig: plain.tsconfig,
    projects: plain.projects,
    packages: plain.packages,
    declarations: plain.declarations,
    aliasesFor: (rel) => {
      const index = owners.get(rel);
      return index === undefined ? undefined : plain.aliases[index];
    },
    reported: targets === null ? () => true : (rel) => targets.some((t) => (t.directory ? isWithin(rel, t.rel) : rel === t.rel)),
    plain: () => plain,
  };
}
