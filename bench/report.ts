// Ratios, the issue's targets and the Markdown tables of a benchmark run.

export interface Stat {
  wallMs: number;
  rssMB: number;
  samplesMs: number[];
}

export interface SizeResult {
  files: number;
  ordinaryFiles: number;
  frameworkFiles: number;
  /** Median wall time and peak RSS per command id; absent when not measured at this size. */
  commands: Record<string, Stat>;
  collisions: { expected: number; found: number; ok: boolean };
  eslintTiming?: { pluginRulesMs: number; allRulesMs: number; shareOfRules: number; shareOfWall: number };
  phases?: Record<string, number>;
  warmCache?: string;
}

export interface Target {
  id: string;
  text: string;
  value: number | undefined;
  limit: number;
  unit: string;
  status: 'met' | 'missed' | 'not measured';
  /** Context for absolute times: Node's own start on the same machine in the same run. */
  note?: string;
}

export type Ratios = Record<string, Record<string, number | undefined>>;

/** `--project <dir>`: the floor and the cold CLI on an existing project (a large real repository). */
export interface ProjectResult {
  dir: string;
  floorFiles: number;
  cliFiles: number;
  floor: Stat;
  cli: Stat;
}

const ratio = (a: Stat | undefined, b: Stat | undefined): number | undefined => (a && b ? a.wallMs / b.wallMs : undefined);

export function ratios(sizes: readonly SizeResult[]): Ratios {
  const base = sizes.find((s) => s.files === 1000) ?? sizes[0];
  const perFile = (s: SizeResult, id: string): number | undefined => {
    const stat = s.commands[id];
    const ref = base?.commands[id];
    return stat && ref && base ? stat.wallMs / s.files / (ref.wallMs / base.files) : undefined;
  };
  const out: Ratios = {};
  for (const s of sizes) {
    const c = s.commands;
    out[s.files] = {
      cliOverFloor: ratio(c['cli-cold'], c.floor),
      firstOverFloor: ratio(c['cli-first'], c.floor),
      cliOverTsc: ratio(c['cli-cold'], c.tsc),
      warmToolOverCold: ratio(c['cli-warm-tool'], c['cli-cold']),
      warmPlainOverCold: ratio(c['cli-warm-plain'], c['cli-cold']),
      serverToolOverCold: ratio(c['cli-server-tool'], c['cli-cold']),
      serverPlainOverCold: ratio(c['cli-server-plain'], c['cli-cold']),
      eslintPluginOverBase: ratio(c['eslint-plugin'], c.eslint),
      cliPerFileVsBase: perFile(s, 'cli-cold'),
      floorPerFileVsBase: perFile(s, 'floor'),
    };
  }
  return out;
}

export function targets(sizes: readonly SizeResult[], r: Ratios, startup: Record<string, Stat>, project?: ProjectResult): Target[] {
  const at = (files: number, key: string): number | undefined => r[files]?.[key];
  const rss16k = sizes.find((s) => s.files === 16000)?.commands['cli-cold']?.rssMB;
  const make = (id: string, text: string, value: number | undefined, limit: number, unit = 'x'): Target => ({
    id,
    text,
    value,
    limit,
    unit,
    status: value === undefined || Number.isNaN(value) ? 'not measured' : value <= limit ? 'met' : 'missed',
  });
  const node = startup['node -e 0']?.wallMs;
  const withNode = (target: Target): Target => (node === undefined || target.value === undefined ? target : { ...target, note: `\`node -e 0\`: ${node.toFixed(0)} ms` });
  return [
    make('cli-floor-4k', 'Cold CLI / floor at 4k files', at(4000, 'cliOverFloor'), 0.7),
    make('first-floor-4k', 'First CLI run (no code cache either) / floor at 4k files', at(4000, 'firstOverFloor'), 0.7),
    make('cli-tsc-4k', 'Cold CLI / `tsc --noEmit` at 4k files', at(4000, 'cliOverTsc'), 0.1),
    make('warm-cold-4k', 'Warm CLI (one tool module changed) / cold at 4k files', at(4000, 'warmToolOverCold'), 0.15),
    make('warm-plain-cold-4k', 'Warm CLI (one ordinary file changed) / cold at 4k files', at(4000, 'warmPlainOverCold'), 0.15),
    make('server-cold-4k', 'Warm CLI through a running server (one tool module changed) / cold at 4k files', at(4000, 'serverToolOverCold'), 0.15),
    make('server-plain-cold-4k', 'Warm CLI through a running server (one ordinary file changed) / cold at 4k files', at(4000, 'serverPlainOverCold'), 0.15),
    withNode(make('version', '`--version` wall time', startup['--version']?.wallMs, 150, 'ms')),
    withNode(make('demo', '`fixtures/demo` wall time', startup['fixtures/demo']?.wallMs, 1000, 'ms')),
    make('per-file-16k', 'Cold CLI per-file cost at 16k / at 1k', at(16000, 'cliPerFileVsBase'), 1.2),
    make('rss-16k', 'Cold CLI peak RSS at 16k files', rss16k, 400, 'MB'),
    make('eslint-4k', 'ESLint + plugin `recommended` / without, at 4k files', at(4000, 'eslintPluginOverBase'), 1.05),
    make('real-repo', `CLI / floor on a large real repository (13k files)${project ? `: ${project.cliFiles} files` : ''}`, project ? project.cli.wallMs / project.floor.wallMs : undefined, 0.8),
  ];
}

const ms = (stat: Stat | undefined): string => (stat ? stat.wallMs.toFixed(0) : '—');
const mb = (stat: Stat | undefined): string => (stat ? stat.rssMB.toFixed(0) : '—');
const x = (value: number | undefined): string => (value === undefined ? '—' : `${value.toFixed(2)}x`);
const pct = (value: number | undefined): string => (value === undefined ? '—' : `${(100 * value).toFixed(1)}%`);
const row = (cells: string[]): string => `| ${cells.join(' | ')} |`;
const sep = (n: number): string => row(Array.from({ length: n }, () => '---'));

export function markdown(sizes: readonly SizeResult[], r: Ratios, startup: Record<string, Stat>, t: readonly Target[], heavyMax: number, project?: ProjectResult): string {
  const lines: string[] = [];
  if (project) {
    lines.push(`Project \`${project.dir}\` (floor: ${project.floorFiles} files, CLI: ${project.cliFiles} analysed), median ms / peak MB:`, '');
    lines.push(row(['floor', 'CLI cold', 'CLI / floor']), sep(3), row([`${ms(project.floor)} / ${mb(project.floor)}`, `${ms(project.cli)} / ${mb(project.cli)}`, x(project.cli.wallMs / project.floor.wallMs)]), '');
  }
  lines.push('Median wall time (ms):', '');
  const timeHead = ['files', 'floor', 'CLI cold', 'CLI first run', 'CLI warm, tool edit', 'CLI warm, plain edit', 'server, tool edit', 'server, plain edit', '`tsc --noEmit`', 'ESLint', 'ESLint + plugin'];
  lines.push(row(timeHead), sep(timeHead.length));
  for (const s of sizes) {
    const c = s.commands;
    lines.push(row([String(s.files), ms(c.floor), ms(c['cli-cold']), ms(c['cli-first']), ms(c['cli-warm-tool']), ms(c['cli-warm-plain']), ms(c['cli-server-tool']), ms(c['cli-server-plain']), ms(c.tsc), ms(c.eslint), ms(c['eslint-plugin'])]));
  }
  lines.push('', 'Ratios:', '');
  const ratioHead = ['files', 'CLI / floor', 'first run / floor', 'CLI / tsc', 'warm / cold (tool)', 'warm / cold (plain)', 'server / cold (tool)', 'server / cold (plain)', 'ESLint with / without plugin', 'plugin rules (TIMING): of rule time / of wall', 'CLI per file vs 1k', 'floor per file vs 1k'];
  lines.push(row(ratioHead), sep(ratioHead.length));
  for (const s of sizes) {
    const q = r[s.files] ?? {};
    const timing = s.eslintTiming ? `${pct(s.eslintTiming.shareOfRules)} / ${pct(s.eslintTiming.shareOfWall)}` : '—';
    lines.push(row([String(s.files), x(q.cliOverFloor), x(q.firstOverFloor), x(q.cliOverTsc), x(q.warmToolOverCold), x(q.warmPlainOverCold), x(q.serverToolOverCold), x(q.serverPlainOverCold), x(q.eslintPluginOverBase), timing, x(q.cliPerFileVsBase), x(q.floorPerFileVsBase)]));
  }
  lines.push('', 'Peak RSS (MB):', '');
  const rssHead = ['files', 'floor', 'CLI cold', 'CLI warm', '`tsc`', 'ESLint + plugin'];
  lines.push(row(rssHead), sep(rssHead.length));
  for (const s of sizes) {
    const c = s.commands;
    lines.push(row([String(s.files), mb(c.floor), mb(c['cli-cold']), mb(c['cli-warm-tool']), mb(c.tsc), mb(c['eslint-plugin'])]));
  }
  if (sizes.some((s) => s.files > heavyMax)) lines.push('', `\`tsc\` and ESLint are measured up to ${heavyMax} files only (\`--heavy-max\`).`);
  lines.push('', 'Start-up (ms, median wall):', '');
  lines.push(row(Object.keys(startup)), sep(Object.keys(startup).length), row(Object.values(startup).map(ms)));
  lines.push('', 'Targets (issue 25):', '');
  lines.push(row(['target', 'limit', 'measured', 'status']), sep(4));
  // The issue's absolute limits assume an idle machine; the note gives Node's start alongside.
  for (const target of t) {
    const measured = target.value === undefined ? '—' : target.unit === 'x' ? x(target.value) : `${target.value.toFixed(0)} ${target.unit}`;
    const value = target.note ? `${measured} (${target.note})` : measured;
    const limit = target.unit === 'x' ? `≤ ${target.limit.toFixed(2)}x` : `< ${target.limit} ${target.unit}`;
    lines.push(row([target.text, limit, value, target.status === 'met' ? 'met' : target.status === 'missed' ? '**missed**' : 'not measured']));
  }
  return `${lines.join('\n')}\n`;
}
