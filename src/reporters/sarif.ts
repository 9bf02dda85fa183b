// SARIF 2.1.0 for GitHub code scanning and SARIF viewers. One run; every catalog rule is listed so
// `ruleIndex` is stable from run to run; `results` is always present (an empty array says the run
// completed); tool errors go to invocation notifications, never to results.
import type * as Sarif from 'sarif';
import { catalog, defaultSeverityOf, ruleIds, type RuleId, type RuleMeta } from '../checks/catalog.js';
import type { Finding, Severity, ToolDiagnostic } from '../checks/finding.js';
import { fingerprintSorted } from '../checks/fingerprint.js';
import type { Span } from '../facts/types.js';
import {
  diagnosticColumn,
  diagnosticDescriptions,
  diagnosticKinds,
  diagnosticSeverity,
  displayRange,
  escapeMarkdown,
  sortDiagnostics,
  sortEdits,
  sortFindings,
} from './shared.js';
import type { ReportContext, Reporter } from './types.js';

export const SARIF_SCHEMA_URI = 'https://json.schemastore.org/sarif-2.1.0.json';

/**
 * Our own line-independent identity in `partialFingerprints`. We never write
 * `primaryLocationLineHash`: upload-sarif computes it from the source and never overwrites a value,
 * so an invented one would only be worse.
 */
export const SARIF_FINGERPRINT_KEY = 'toolIdentityAudit/v1';

/** Locations are relative to this base id, which GitHub and CodeQL resolve to the checkout root. */
export const SARIF_SRCROOT = '%SRCROOT%';

const levels: Record<Severity, Sarif.Result.level> = { error: 'error', warning: 'warning', info: 'note' };

// Lone surrogates make encodeURIComponent throw; paths read from disk should never have them.
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function encodeSegment(segment: string): string {
  return encodeURIComponent(segment.replace(loneSurrogate, '\uFFFD'));
}

/** Repo-relative POSIX path as a relative URI, each segment percent-encoded (`:` too: no false scheme). */
export function artifactUri(file: string): string {
  return file.split('/').map(encodeSegment).join('/');
}

/**
 * `file:` URI with a trailing slash for an absolute POSIX, drive-letter or UNC directory; undefined
 * for anything else, and the base id is then left for the consumer to resolve.
 */
export function directoryUri(directory: string): string | undefined {
  const drive = /^([A-Za-z]:)[\\/]/.exec(directory);
  let path: string;
  let authority = '';
  if (drive) path = directory.replaceAll('\\', '/');
  else if (directory.startsWith('\\\\')) {
    const [server = '', ...rest] = directory.slice(2).split('\\');
    authority = server;
    path = rest.join('/');
  } else if (directory.startsWith('/')) path = directory.slice(1);
  else return undefined;
  const segments = path.split('/').filter((segment) => segment !== '');
  const encoded = segments.map((segment, index) => (index === 0 && drive ? segment : encodeSegment(segment)));
  return `file://${authority}/${encoded.map((segment) => `${segment}/`).join('')}`;
}

function artifactLocation(file: string): Sarif.ArtifactLocation {
  return { uri: artifactUri(file), uriBaseId: SARIF_SRCROOT };
}

function location(file: string, span: Span): Sarif.Location {
  const range = displayRange(span);
  return {
    physicalLocation: {
      artifactLocation: artifactLocation(file),
      region: { startLine: range.line, startColumn: range.column, endLine: range.endLine, endColumn: range.endColumn },
    },
  };
}

/** `no-tool-name-collision` → `NoToolNameCollision`: SARIF suggests an identifier-like `name`. */
function pascalCase(id: string): string {
  return id
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}

function ruleDescriptor(meta: RuleMeta): Sarif.ReportingDescriptor {
  return {
    id: meta.id,
    name: pascalCase(meta.id),
    shortDescription: { text: meta.description },
    fullDescription: { text: meta.rationale },
    help: {
      text: `${meta.description}.\n\n${meta.rationale}\n\nDocumentation: ${meta.docsUrl}`,
      markdown: `**${escapeMarkdown(meta.description)}**\n\n${escapeMarkdown(meta.rationale)}\n\n[Rule documentation](${meta.docsUrl})`,
    },
    helpUri: meta.docsUrl,
    // Rules that are off by default still describe the level they report at when switched on.
    defaultConfiguration: { enabled: meta.defaultSeverity !== 'off', level: levels[defaultSeverityOf(meta.id)] },
    properties: {
      tags: ['agent-tools', meta.type === 'problem' ? 'correctness' : 'maintainability'],
      // Problems are decided by the reference runtime; suggestions rest on naming heuristics.
      precision: meta.type === 'problem' ? 'very-high' : 'high',
      'problem.severity':
        meta.defaultSeverity === 'error' ? 'error' : meta.defaultSeverity === 'warn' ? 'warning' : 'recommendation',
    },
  };
}

const ruleIndex = new Map<RuleId, number>(ruleIds.map((id, index) => [id, index]));

function result(finding: Finding, fingerprint: string): Sarif.Result {
  const sarifResult: Sarif.Result = {
    ruleId: finding.ruleId,
    ruleIndex: ruleIndex.get(finding.ruleId) ?? -1,
    level: levels[finding.severity],
    message: { text: finding.message },
    locations: [location(finding.file, finding.span)],
    partialFingerprints: { [SARIF_FINGERPRINT_KEY]: fingerprint },
  };
  if (finding.related.length > 0) {
    sarifResult.relatedLocations = finding.related.map((related, index) => ({
      id: index + 1,
      ...location(related.file, related.span),
      message: { text: related.message },
    }));
  }
  // SARIF requires at least one replacement per change.
  const fixable = finding.suggestions.filter((suggestion) => suggestion.edits.length > 0);
  if (fixable.length > 0) {
    sarifResult.fixes = fixable.map((suggestion) => ({
      description: { text: suggestion.desc },
      artifactChanges: [
        {
          artifactLocation: artifactLocation(finding.file),
          // Offsets are UTF-16 code units, matching the run's columnKind.
          replacements: sortEdits(suggestion.edits).map((edit) => ({
            deletedRegion: { charOffset: edit.range[0], charLength: edit.range[1] - edit.range[0] },
            insertedContent: { text: edit.text },
          })),
        },
      ],
    }));
  }
  return sarifResult;
}

const notificationIndex = new Map(diagnosticKinds.map((kind, index) => [kind, index]));

function notification(diagnostic: ToolDiagnostic): Sarif.Notification {
  const sarifNotification: Sarif.Notification = {
    level: diagnosticSeverity(diagnostic.kind),
    message: { text: diagnostic.message },
    descriptor: { id: diagnostic.kind, index: notificationIndex.get(diagnostic.kind) ?? -1 },
  };
  if (diagnostic.file !== '') {
    const physicalLocation: Sarif.PhysicalLocation = { artifactLocation: artifactLocation(diagnostic.file) };
    if (diagnostic.line !== undefined) {
      const startColumn = diagnosticColumn(diagnostic);
      physicalLocation.region = startColumn === undefined ? { startLine: diagnostic.line } : { startLine: diagnostic.line, startColumn };
    }
    sarifNotification.locations = [{ physicalLocation }];
  }
  return sarifNotification;
}

export function sarifLog(findings: readonly Finding[], ctx: ReportContext): Sarif.Log {
  const sorted = sortFindings(findings);
  const fingerprints = fingerprintSorted(sorted);
  const root = directoryUri(ctx.cwd);
  const run: Sarif.Run = {
    tool: {
      driver: {
        name: ctx.toolName,
        version: ctx.toolVersion,
        semanticVersion: ctx.toolVersion,
        informationUri: ctx.informationUri,
        rules: ruleIds.map((id) => ruleDescriptor(catalog[id])),
        notifications: diagnosticKinds.map((kind) => ({ id: kind, shortDescription: { text: diagnosticDescriptions[kind] } })),
      },
    },
    invocations: [
      {
        executionSuccessful: ctx.executionSuccessful,
        toolExecutionNotifications: sortDiagnostics(ctx.diagnostics).map(notification),
        properties: { filesAnalyzed: ctx.filesAnalyzed },
      },
    ],
    ...(root === undefined ? {} : { originalUriBaseIds: { [SARIF_SRCROOT]: { uri: root } } }),
    columnKind: 'utf16CodeUnits',
    results: sorted.map((finding, index) => result(finding, fingerprints[index] ?? '')),
  };
  return { $schema: SARIF_SCHEMA_URI, version: '2.1.0', runs: [run] };
}

export const sarif: Reporter = (findings, ctx) => `${JSON.stringify(sarifLog(findings, ctx), null, 2)}\n`;
