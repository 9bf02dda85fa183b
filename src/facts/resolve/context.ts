// What every phase of the linker reads: the project's index and the caller's options, passed as
// one context object (as the extractor passes its `Ctx`).
import type { Naming } from '../adapters/types.js';
import type { ValueRef } from '../types.js';
import type { FileIndex } from './project-index.js';

export interface LinkOptions {
  /** Resolves an import specifier to a file whose facts are in `files`; undefined = outside the project. */
  resolveModule(fromFile: string, specifier: string): string | undefined;
  /** Naming rules of an adapter id: the one place written names become model-facing names. */
  naming(adapterId: string): Naming;
}

export interface LinkContext {
  readonly index: Map<string, FileIndex>;
  readonly options: LinkOptions;
  /** Calls by resolved callee function (`file#key`), for MCP servers passed as arguments. */
  callsByFunction: Map<string, Array<{ file: string; start: number; args: ValueRef[] }>> | undefined;
}
