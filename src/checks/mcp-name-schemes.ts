// MCP server-prefixed names made one way and looked up another: `${server}__${tool}` where the
// names are made, `name.split('_')[1]`, `name.replace(`${server}_`, '')` or
// `tools.get(`${server}_${name}`)` where they are looked up. Each file's lookups are compared with
// the names the file makes, or, when it makes none, with those the modules it imports make (the
// CLI and typed ESLint, through `LinkedProject.mcpNameImports`; one import deep). The reference a
// message names is a helper definition when there is one (the project's single definition of the
// scheme), else the first name made.
import type { FileFacts, IdentityStringFact, McpNameLookupFact, McpNameScheme, Span } from '../facts/types.js';
import type { CheckInput } from './input.js';

/** Where the names are built the way others are compared with. */
export interface SchemeReference {
  scheme: McpNameScheme;
  file: string;
  span: Span;
}

export interface Disagreement {
  /** What the disagreeing code does, for the message: `splits it on "_"`. */
  how: string;
  reference: SchemeReference;
}

/** `mcp__<server>__<tool>`: a scheme as the message shows it. */
export function schemeText(scheme: McpNameScheme): string {
  return `${scheme.prefix}<server>${scheme.separator}<tool>`;
}

type Built = IdentityStringFact & { scheme: McpNameScheme };

/** A name this file really builds (not log text, a fingerprint, generated code or prose), helper definitions included. */
function isBuild(fact: IdentityStringFact): fact is Built {
  return fact.form === 'mcp-name' && fact.scheme !== undefined && !fact.inErrorMessage && (fact.quiet === undefined || fact.quiet === 'helper-definition');
}

function sameScheme(a: McpNameScheme, b: McpNameScheme): boolean {
  return a.prefix === b.prefix && a.separator === b.separator;
}

/** Names a file makes (helper definitions first), and names it builds only to look one up. */
function namesOf(facts: FileFacts | undefined): { made: Built[]; lookups: Built[] } {
  const built = facts ? facts.identityStrings.filter(isBuild) : [];
  const made = built.filter((fact) => fact.lookup !== true);
  made.sort((a, b) => Number(b.quiet === 'helper-definition') - Number(a.quiet === 'helper-definition'));
  return { made, lookups: built.filter((fact) => fact.lookup === true && fact.quiet === undefined) };
}

function referenceOf(file: string, fact: Built): SchemeReference {
  return { scheme: fact.scheme, file, span: fact.span };
}

/** `_` and `__`, `mcp_` and `mcp__`: one is part of the other, the classic off-by-one separator. */
function sameFamily(a: string, b: string): boolean {
  return a !== b && a !== '' && b !== '' && (a.includes(b) || b.includes(a));
}

/** What `lookup` does, when it disagrees with every scheme in `schemes`; undefined when it agrees with one or says nothing. */
function lookupDisagreement(lookup: McpNameLookupFact, schemes: readonly McpNameScheme[]): string | undefined {
  const disagrees = (scheme: McpNameScheme): boolean => {
    if (lookup.kind === 'split' && lookup.separator !== undefined) {
      return lookup.separator !== scheme.separator && (lookup.readsServer === true || sameFamily(lookup.separator, scheme.separator));
    }
    if (lookup.separator !== undefined) return lookup.separator !== scheme.separator;
    if (lookup.prefix !== undefined) return !scheme.prefix.includes('${') && sameFamily(lookup.prefix, scheme.prefix);
    if (lookup.separatorLength !== undefined) return scheme.prefix === '' && lookup.separatorLength !== scheme.separator.length;
    return false;
  };
  if (schemes.length === 0 || !schemes.every(disagrees)) return undefined;
  if (lookup.kind === 'split') return `splits it on "${lookup.separator}"`;
  const verb = lookup.kind === 'prefix-test' ? 'tests for the prefix' : 'strips the prefix';
  if (lookup.separator !== undefined) return `${verb} "<server>${lookup.separator}"`;
  if (lookup.prefix !== undefined) return `${verb} "${lookup.prefix}"`;
  const n = lookup.separatorLength!;
  return `skips ${n} character${n === 1 ? '' : 's'} after the server name`;
}

export interface McpNameDisagreements {
  /** Names built by hand to look one up, with another scheme than the names are made with. */
  builds: Map<IdentityStringFact, Disagreement>;
  /** Lookups that disagree with every scheme the names are built with. */
  lookups: Array<{ file: string; lookup: McpNameLookupFact; disagreement: Disagreement }>;
}

export function mcpNameDisagreements(input: CheckInput): McpNameDisagreements {
  const builds = new Map<IdentityStringFact, Disagreement>();
  const lookups: McpNameDisagreements['lookups'] = [];
  const byFile = new Map(input.files.map((facts) => [facts.file, facts]));
  const imports = input.linked.mcpNameImports ?? {};
  for (const facts of input.files) {
    const own = namesOf(facts);
    if (own.lookups.length === 0 && facts.mcpNameLookups.length === 0) continue;
    // The names this file's lookups must match: its own, else those of the modules it imports.
    let made = own.made.map((fact) => referenceOf(facts.file, fact));
    if (made.length === 0) {
      const imported = (imports[facts.file] ?? []).flatMap((file) => namesOf(byFile.get(file)).made.map((fact) => ({ file, fact })));
      imported.sort((a, b) => Number(b.fact.quiet === 'helper-definition') - Number(a.fact.quiet === 'helper-definition'));
      made = imported.map(({ file, fact }) => referenceOf(file, fact));
    }
    const reference = made[0];
    if (!reference) continue;
    const schemes = made.map((ref) => ref.scheme);
    for (const fact of own.lookups) {
      if (!schemes.some((scheme) => sameScheme(scheme, fact.scheme))) builds.set(fact, { how: `looks it up as ${schemeText(fact.scheme)}`, reference });
    }
    for (const lookup of facts.mcpNameLookups) {
      const how = lookupDisagreement(lookup, schemes);
      if (how !== undefined) lookups.push({ file: facts.file, lookup, disagreement: { how, reference } });
    }
  }
  return { builds, lookups };
}
