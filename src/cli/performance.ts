// `--performance`: where the time went, per analyzer phase (knip's timerify table, smaller).
import type { AnalysisResult, Phase } from '../analyzer/types.js';
import { plural } from '../reporters/shared.js';

export const phases: readonly Phase[] = ['discover', 'read', 'parse', 'extract', 'link', 'check'];

/** A fixed-width table on stderr; times in milliseconds with one decimal. */
export function renderTimings(result: Pick<AnalysisResult, 'timings' | 'filesAnalyzed' | 'filesParsed' | 'cache'> & Partial<Pick<AnalysisResult, 'findingsFromCache'>>): string {
  const rows: Array<[string, string]> = phases.map((phase) => [phase, formatMs(result.timings[phase] ?? 0)]);
  const total = phases.reduce((sum, phase) => sum + (result.timings[phase] ?? 0), 0);
  rows.push(['total', formatMs(total)]);
  const header: [string, string] = ['Phase', 'Time (ms)'];
  const nameWidth = Math.max(header[0].length, ...rows.map(([name]) => name.length));
  const timeWidth = Math.max(header[1].length, ...rows.map(([, time]) => time.length));
  const line = ([name, time]: [string, string]): string => `${name.padEnd(nameWidth)}  ${time.padStart(timeWidth)}`;
  const rule = `${'-'.repeat(nameWidth)}  ${'-'.repeat(timeWidth)}`;
  const lines = [line(header), rule, ...rows.slice(0, -1).map(line), rule, line(rows[rows.length - 1] as [string, string])];
  lines.push(
    `${plural(result.filesAnalyzed, 'file')} analysed, ${result.filesParsed} parsed; cache: ${plural(result.cache.hits, 'hit')}, ${plural(result.cache.misses, 'miss', 'misses')}${result.findingsFromCache ? '; findings from the cache' : ''}`,
  );
  return `${lines.join('\n')}\n`;
}

function formatMs(ms: number): string {
  return (Math.round(ms * 10) / 10).toFixed(1);
}
