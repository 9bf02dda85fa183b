// no-identity-helper-bypass: hand-built identity strings outside the configured helper modules.
import picomatch from 'picomatch';
import type { IdentityStringFact } from '../facts/types.js';
import type { RuleOptions } from './rule-option-schemas.js';
import type { Finding } from './finding.js';
import type { CheckInput } from './input.js';
import { makeFinding } from './make-finding.js';
import { RUNTIME_MODULE, helperImport } from './import-edit.js';
import { quoteSource } from './quote.js';
import { isTestFile } from './test-files.js';
import type { FileFacts, Span } from '../facts/types.js';
import { type Disagreement, mcpNameDisagreements, schemeText } from './mcp-name-schemes.js';

const RULE = 'no-identity-helper-bypass';

/** The runtime's own identity module builds these strings by definition; dependencies are not the user's code. */
function alwaysAllowed(path: string): boolean {
  return /(?:^|\/)runtime\/identity\//.test(path) || /(?:^|\/)node_modules\//.test(path);
}

const whatText: Record<IdentityStringFact['form'], string> = {
  'qualified-name': 'qualified tool name',
  'lookup-key': 'tool lookup key',
  'approval-key': 'approval key',
  'trace-name': 'trace name',
  'qualified-fallback': 'qualified-name fallback',
  'call-key': 'call key',
  'mcp-name': 'MCP server-prefixed tool name',
};

/** Names of identity helpers: a file importing one already has its own place to build identities. */
const OWN_HELPER = /(QualifiedName|DisplayName|TraceName|LookupKeys?(Id)?|ApprovalKeys?|ToolCallName|ToolCallNamespace|ToolNames?|CallId|Identity)$/;

/** The first import of an identity helper from a module that is not this package's runtime. */
function ownHelperImport(facts: FileFacts): { imported: string; module: string } | undefined {
  return facts.imports.find(
    (i) => OWN_HELPER.test(i.imported) && i.module !== RUNTIME_MODULE && !i.module.startsWith('tool-identity-audit'),
  );
}

/** Forms whose canonical helper takes exactly the extracted parts, so the edit is safe. */
const REPLACEABLE: ReadonlySet<IdentityStringFact['form']> = new Set(['qualified-name', 'trace-name']);

// Compiling globs costs more than checking a file, and ESLint calls the check once per file:
// compile each configured list once, and only when there is one.
const matchers = new Map<string, (path: string) => boolean>();
function helperModuleMatcher(globs: readonly string[]): (path: string) => boolean {
  if (globs.length === 0) return alwaysAllowed;
  const key = JSON.stringify(globs);
  let matcher = matchers.get(key);
  if (!matcher) {
    const configured = picomatch([...globs], { dot: true });
    matchers.set(key, (matcher = (path) => alwaysAllowed(path) || configured(path)));
  }
  return matcher;
}

/** `line 4` in the same file, `src/names.ts:4` in another. */
function whereText(input: CheckInput, file: string, reference: Disagreement['reference']): string {
  const line = reference.span.loc.start.line;
  if (reference.file === file) return `line ${line}`;
  return `${input.matchPath ? input.matchPath(reference.file) : reference.file}:${line}`;
}

/** A name built, or a lookup written, against another scheme than the one the names are built with. */
function mismatchFinding(input: CheckInput, file: string, at: Span, text: string, disagreement: Disagreement, key: string): Finding {
  const { how, reference } = disagreement;
  return makeFinding(RULE, 'mcpNameMismatch', {
    at: { file, span: at },
    data: { text: quoteSource(text), how, scheme: schemeText(reference.scheme), at: whereText(input, file, reference) },
    related: [{ file: reference.file, span: reference.span, message: `the names are built as ${schemeText(reference.scheme)} here` }],
    key,
  });
}

export function checkIdentityHelperBypass(input: CheckInput, options: RuleOptions<'no-identity-helper-bypass'>): Finding[] {
  const isHelperModule = helperModuleMatcher(options.helperModules);
  const findings: Finding[] = [];
  const disagreements = mcpNameDisagreements(input);
  const skipped = new Set<string>();
  for (const facts of input.files) {
    const path = input.matchPath ? input.matchPath(facts.file) : facts.file;
    if (isHelperModule(path) || isTestFile(path)) {
      skipped.add(facts.file);
      continue;
    }
    const own = ownHelperImport(facts);
    for (const fact of facts.identityStrings) {
      if (fact.quiet) continue;
      if (fact.inErrorMessage && options.ignoreErrorMessages) continue;
      const mismatch = disagreements.builds.get(fact);
      if (mismatch) {
        findings.push(mismatchFinding(input, facts.file, fact.span, fact.text, mismatch, `${fact.form}|mismatch|${fact.parts.join(',')}`));
        continue;
      }
      const suggestions = [];
      if (own && fact.form !== 'call-key') {
        // The project has its own helpers: pointing it at this package's runtime would be wrong.
        findings.push(
          makeFinding(RULE, 'handBuiltIdentityOwnHelpers', {
            at: { file: facts.file, span: fact.span },
            data: { what: whatText[fact.form], text: quoteSource(fact.text), imported: own.imported, module: own.module },
            key: `${fact.form}|${fact.parts.join(',')}`,
          }),
        );
        continue;
      }
      // Without the runtime among the file's dependencies there is no edit to offer: the inline form
      // of the helper is the hand-built name this rule reports.
      const helper = REPLACEABLE.has(fact.form) && fact.parts.length > 0 ? helperImport(input, facts, fact.helper) : undefined;
      if (helper) {
        const { name, edits } = helper;
        const replacement = `${name}(${fact.parts.join(', ')})`;
        const { start, end, inTemplate } = fact.replace;
        suggestions.push({
          messageId: 'useHelper',
          data: { replacement: quoteSource(replacement) },
          edits: [...edits, { range: [start, end] as [number, number], text: inTemplate ? `\${${replacement}}` : replacement }],
        });
      }
      if (fact.form === 'call-key') {
        findings.push(
          makeFinding(RULE, 'handBuiltCallKey', {
            at: { file: facts.file, span: fact.span },
            data: { text: quoteSource(fact.text) },
            key: `${fact.form}|${fact.parts.join(',')}`,
          }),
        );
        continue;
      }
      findings.push(
        makeFinding(RULE, 'handBuiltIdentity', {
          at: { file: facts.file, span: fact.span },
          data: { what: whatText[fact.form], text: quoteSource(fact.text), helper: fact.helper },
          suggestions,
          key: `${fact.form}|${fact.parts.join(',')}`,
        }),
      );
    }
  }
  for (const { file, lookup, disagreement } of disagreements.lookups) {
    if (skipped.has(file)) continue;
    findings.push(mismatchFinding(input, file, lookup.span, lookup.text, disagreement, `mcp-lookup|${lookup.kind}|${lookup.text}`));
  }
  return findings;
}
