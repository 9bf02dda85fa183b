import type * as Sarif from 'sarif';
import { describe, expect, it } from 'vitest';
import { catalog, ruleIds } from '../../src/checks/catalog.js';
import { findingFingerprint } from '../../src/checks/fingerprint.js';
import { artifactUri, directoryUri, sarif, SARIF_FINGERPRINT_KEY } from '../../src/reporters/sarif.js';
import { allFindings, binaryFile, coercion, collision, context, duplicateA, duplicateB, oddName, parseError } from './fixtures.js';
import { sarifSchemaErrors } from './sarif-schema.js';

function parse(output: string): Sarif.Log {
  return JSON.parse(output) as Sarif.Log;
}

function onlyRun(log: Sarif.Log): Sarif.Run {
  expect(log.runs).toHaveLength(1);
  const [run] = log.runs;
  if (!run) throw new Error('no run');
  return run;
}

describe('sarif', () => {
  const full = sarif(allFindings, context({ diagnostics: [parseError, binaryFile] }));

  it('is valid against the official SARIF 2.1.0 schema', () => {
    expect(sarifSchemaErrors(parse(full))).toEqual([]);
  });

  it('the schema check can fail: a result without a message is rejected', () => {
    const log = parse(full);
    const result = onlyRun(log).results?.[0] as unknown as Record<string, unknown>;
    delete result.message;
    expect(sarifSchemaErrors(log)).toContain('/runs/0/results/0 must have required property \'message\'');
    // Formats are checked too: informationUri must be an absolute URI.
    expect(sarifSchemaErrors(parse(sarif([], context({ informationUri: 'not a uri' }))))).toEqual([
      '/runs/0/tool/driver/informationUri must match format "uri"',
    ]);
  });

  it('matches the full report snapshot', async () => {
    await expect(full).toMatchFileSnapshot('__snapshots__/sarif.json');
  });

  it('describes every catalog rule with helpUri, and results point at them by id and index', () => {
    const run = onlyRun(parse(full));
    const rules = run.tool.driver.rules ?? [];
    expect(rules.map((rule) => rule.id)).toEqual([...ruleIds]);
    for (const rule of rules) {
      const meta = catalog[rule.id as (typeof ruleIds)[number]];
      expect(rule.helpUri).toBe(meta.docsUrl);
      expect(rule.shortDescription?.text).toBe(meta.description);
      expect(rule.fullDescription?.text).toBe(meta.rationale);
      expect(rule.properties?.['precision']).toMatch(/^(very-high|high)$/);
      expect(rule.properties?.['security-severity']).toBeUndefined();
    }
    expect(run.results).toHaveLength(allFindings.length);
    for (const result of run.results ?? []) expect(rules[result.ruleIndex ?? -1]?.id).toBe(result.ruleId);
    expect(run.tool.driver).toMatchObject({ name: 'tool-identity-audit', version: '0.1.0', informationUri: context().informationUri });
  });

  it('writes 1-based columns, relative URIs and the other side of a collision as a related location', () => {
    const run = onlyRun(parse(sarif([collision], context())));
    expect(run.results?.[0]).toMatchObject({
      ruleId: 'no-tool-name-collision',
      level: 'error',
      message: { text: collision.message },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: 'src/agents/researcher.ts', uriBaseId: '%SRCROOT%' },
            region: { startLine: 12, startColumn: 5, endLine: 12, endColumn: 17 },
          },
        },
      ],
      relatedLocations: [
        {
          id: 1,
          physicalLocation: {
            artifactLocation: { uri: 'src/tools/web.ts', uriBaseId: '%SRCROOT%' },
            region: { startLine: 4, startColumn: 21, endLine: 4, endColumn: 29 },
          },
          message: { text: 'Other tool named "search" (dispatch picks this one)' },
        },
      ],
    });
    expect(run.originalUriBaseIds).toEqual({ '%SRCROOT%': { uri: 'file:///home/ci/repo/' } });
  });

  it('sets its own line-independent partial fingerprint and never primaryLocationLineHash', () => {
    const run = onlyRun(parse(full));
    const fingerprints = (run.results ?? []).map((result) => result.partialFingerprints ?? {});
    for (const entry of fingerprints) expect(Object.keys(entry)).toEqual([SARIF_FINGERPRINT_KEY]);
    expect(new Set(fingerprints.map((entry) => entry[SARIF_FINGERPRINT_KEY])).size).toBe(allFindings.length);
    expect(full).not.toContain('primaryLocationLineHash');
    const duplicates = onlyRun(parse(sarif([duplicateB, duplicateA], context()))).results ?? [];
    expect(duplicates.map((result) => result.partialFingerprints?.[SARIF_FINGERPRINT_KEY])).toEqual([
      findingFingerprint(duplicateA),
      `${findingFingerprint(duplicateA)}:1`,
    ]);
  });

  it('maps levels error/warning/note and suggestions to fixes', () => {
    const run = onlyRun(parse(full));
    expect((run.results ?? []).map((result) => result.level)).toEqual(
      ['error', 'note', 'error', 'error', 'error', 'warning', 'error', 'error'],
    );
    const fix = onlyRun(parse(sarif([coercion], context()))).results?.[0]?.fixes;
    expect(fix).toEqual([
      {
        description: { text: 'Use extractToolCallId(item) instead.' },
        artifactChanges: [
          {
            artifactLocation: { uri: 'src/runner/approve.ts', uriBaseId: '%SRCROOT%' },
            replacements: [
              { deletedRegion: { charOffset: 0, charLength: 0 }, insertedContent: { text: "import { extractToolCallId } from 'tool-identity-audit/runtime';\n" } },
              { deletedRegion: { charOffset: 1058, charLength: 19 }, insertedContent: { text: 'extractToolCallId(item)' } },
            ],
          },
        ],
      },
    ]);
  });

  it('puts tool diagnostics in invocations[0].toolExecutionNotifications, not results', () => {
    const run = onlyRun(parse(sarif([], context({ diagnostics: [parseError, binaryFile], executionSuccessful: false }))));
    expect(run.results).toEqual([]);
    expect(run.invocations).toEqual([
      {
        executionSuccessful: false,
        toolExecutionNotifications: [
          {
            level: 'warning',
            message: { text: 'File contains NUL bytes.' },
            descriptor: { id: 'binary', index: 1 },
            locations: [{ physicalLocation: { artifactLocation: { uri: 'assets/logo.ts', uriBaseId: '%SRCROOT%' } } }],
          },
          {
            level: 'error',
            message: { text: "')' expected." },
            descriptor: { id: 'parse-error', index: 0 },
            locations: [
              {
                physicalLocation: {
                  artifactLocation: { uri: 'src/broken.ts', uriBaseId: '%SRCROOT%' },
                  region: { startLine: 3, startColumn: 5 },
                },
              },
            ],
          },
        ],
        properties: { filesAnalyzed: 42 },
      },
    ]);
    expect(run.tool.driver.notifications?.[1]?.id).toBe('binary');
    expect(run.tool.driver.notifications?.[0]?.id).toBe('parse-error');
  });

  it('keeps results: [] in an empty run, which is still valid', () => {
    const output = sarif([], context());
    const run = onlyRun(parse(output));
    expect(output).toContain('"results": []');
    expect(run.results).toEqual([]);
    expect(run.invocations?.[0]?.executionSuccessful).toBe(true);
    expect(sarifSchemaErrors(parse(output))).toEqual([]);
  });

  it('percent-encodes each path segment, so `:` never reads as a URI scheme', () => {
    expect(artifactUri('src/odd,dir/tools:v2.ts')).toBe('src/odd%2Cdir/tools%3Av2.ts');
    expect(artifactUri('src/a b/#1?.ts')).toBe('src/a%20b/%231%3F.ts');
    expect(artifactUri('src/\uD800.ts')).toBe('src/%EF%BF%BD.ts');
    const run = onlyRun(parse(sarif([oddName], context())));
    expect(run.results?.[0]?.locations?.[0]?.physicalLocation?.artifactLocation?.uri).toBe('src/odd%2Cdir/tools%3Av2.ts');
  });

  it('turns absolute working directories into file URIs and leaves relative ones out', () => {
    expect(directoryUri('/home/ci/my repo')).toBe('file:///home/ci/my%20repo/');
    expect(directoryUri('/')).toBe('file:///');
    expect(directoryUri('C:\\work\\repo')).toBe('file:///C:/work/repo/');
    expect(directoryUri('\\\\server\\share\\repo')).toBe('file://server/share/repo/');
    expect(directoryUri('relative/dir')).toBeUndefined();
    const run = onlyRun(parse(sarif([collision], context({ cwd: 'relative/dir' }))));
    expect(run.originalUriBaseIds).toBeUndefined();
    expect(sarifSchemaErrors(parse(sarif([collision], context({ cwd: 'C:\\work\\repo' }))))).toEqual([]);
  });
});
