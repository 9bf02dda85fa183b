// What a run looked at, for the user: the `--debug` list of projects and the files each
// contributed, and the reason a run that analysed nothing fails (it is never a clean result).
import type { AnalysisResult } from '../analyzer/types.js';
import { plural as count } from '../reporters/shared.js';
import { CliError } from './errors.js';

type Looked = Pick<AnalysisResult, 'projects' | 'filesAnalyzed' | 'filesFound'>;

/** Projects that contributed at least one file (the count in the stylish summary). */
export function contributingProjects(result: Pick<AnalysisResult, 'projects'>): number {
  return result.projects.filter((project) => project.files > 0).length;
}

/** `--debug`: each project in the order found, with its file count, aligned. */
export function renderProjects(toolName: string, result: Looked): string {
  const width = Math.max(0, ...result.projects.map((project) => project.label.length));
  const lines = result.projects.map((project) => `  ${project.label.padEnd(width)}  ${count(project.files, 'file')}`);
  return `${toolName}: ${count(result.projects.length, 'project')}, ${count(result.filesFound, 'file')} found, ${count(result.filesAnalyzed, 'file')} analysed\n${lines.join('\n')}\n`;
}

/**
 * The error for a run that analysed no file, saying which projects matched nothing (or that every
 * file found was skipped); undefined when something was analysed.
 */
export function emptyRunError(result: Looked, paths: readonly string[]): CliError | undefined {
  if (result.filesAnalyzed > 0) return undefined;
  if (result.filesFound > 0) {
    return new CliError(
      `no file could be analysed: ${count(result.filesFound, 'file')} found, all skipped (the report lists why); a run that analysed nothing is not a pass`,
    );
  }
  const where = paths.length === 0 || (paths.length === 1 && (paths[0] === '.' || paths[0] === './')) ? '' : ` under ${paths.join(', ')}`;
  const projects = result.projects.map((project) => project.label);
  const matched = projects.length === 0 ? 'no project was found' : `${projects.join(', ')} matched no source files${where}`;
  return new CliError(
    `nothing to analyse: ${matched}. Check the tsconfig's "include"/"files", the paths given, and "include"/"exclude" in the configuration; a run that analysed nothing is not a pass`,
  );
}
