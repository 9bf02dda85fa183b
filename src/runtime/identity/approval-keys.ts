import { getFunctionToolLookupKey, normalizeLookupKey } from './lookup-keys.js';
import { toolQualifiedName } from './qualified-names.js';
import { readField } from './records.js';
import { nonEmptyString } from './strings.js';
import {
  getExplicitFunctionToolNamespace,
  getFunctionToolPublicName,
  hasFunctionToolShape,
  isDeferredTopLevelFunctionTool,
} from './tool-shape.js';
import type { LookupKey } from './types.js';

/**
 * Canonical approval-key string of a lookup key: `name`, `ns.name` or
 * `deferred_top_level:name`, so a deferred tool's decisions never land on the same-named bare
 * tool's key (runtime-identity.md a.5). Undefined for an invalid key.
 */
export function functionToolApprovalKeyForLookupKey(key: unknown): string | undefined {
  const normalized = normalizeLookupKey(key);
  switch (normalized?.kind) {
    case undefined:
      return undefined;
    case 'bare':
      return normalized.name;
    case 'namespaced':
      return `${normalized.namespace}.${normalized.name}`;
    case 'deferred_top_level':
      return `deferred_top_level:${normalized.name}`;
  }
}

/**
 * True when a deferred top-level tool may also be approved under its bare name: no other
 * function tool in the enabled set (`allTools`) has the same public name while being visible
 * and bare. Namespaced or deferred siblings and non-function tools do not block it; the tool
 * itself is skipped by identity (runtime-identity.md a.5, Python
 * `should_allow_bare_name_approval_alias`).
 */
export function shouldAllowBareNameApprovalAlias(tool: unknown, allTools: readonly unknown[]): boolean {
  if (!isDeferredTopLevelFunctionTool(tool)) {
    return false;
  }
  const name = getFunctionToolPublicName(tool);
  const others: readonly unknown[] = Array.isArray(allTools) ? allTools : [];
  return !others.some(
    (other) =>
      other !== tool &&
      hasFunctionToolShape(other) &&
      getFunctionToolPublicName(other) === name &&
      getExplicitFunctionToolNamespace(other) === undefined &&
      !isDeferredTopLevelFunctionTool(other),
  );
}

/** Options of {@link getFunctionToolApprovalKeys} (runtime-identity.md a.5). */
export interface FunctionToolApprovalKeyOptions {
  toolName?: string | null;
  toolNamespace?: string | null;
  /** Result of {@link shouldAllowBareNameApprovalAlias} for the tool. */
  allowBareNameAlias?: boolean;
  /** Persisted or forced lookup key; takes precedence over name/namespace. */
  toolLookupKey?: LookupKey | null;
  /** Treat `namespace === name` as the legacy `x.x` spelling (no lookup key). */
  preferLegacySameNameNamespace?: boolean;
  /** Also emit the legacy `x.x`/`x` key of a deferred tool, for reading old run states. */
  includeLegacyDeferredKey?: boolean;
}

/**
 * Keys under which a function-tool approval decision is stored or looked up, in Python's order
 * (runtime-identity.md a.5): the bare alias when allowed; then the lookup key's canonical
 * string (plus the legacy qualified spelling of a deferred key when asked), or the qualified
 * name when there is no lookup key; duplicates dropped, first kept. `[]` when `toolName` is not
 * a non-empty string; never empty otherwise.
 */
export function getFunctionToolApprovalKeys(options: FunctionToolApprovalKeyOptions): string[] {
  const toolName = nonEmptyString(readField(options, 'toolName'));
  if (toolName === undefined) {
    return [];
  }
  const toolNamespace = readField(options, 'toolNamespace');
  const explicitKey = readField(options, 'toolLookupKey');
  const hasExplicitKey = explicitKey !== undefined && explicitKey !== null;
  const legacySameName =
    readField(options, 'preferLegacySameNameNamespace') === true && toolNamespace === toolName;
  const lookupKey = hasExplicitKey
    ? normalizeLookupKey(explicitKey)
    : legacySameName
      ? undefined
      : getFunctionToolLookupKey(toolName, toolNamespace);
  const keys: string[] = [];
  if (readField(options, 'allowBareNameAlias') === true) {
    keys.push(toolName);
  }
  const qualified = toolQualifiedName(toolName, toolNamespace) ?? toolName;
  const canonical = functionToolApprovalKeyForLookupKey(lookupKey);
  if (canonical !== undefined) {
    keys.push(canonical);
    if (readField(options, 'includeLegacyDeferredKey') === true && lookupKey?.kind === 'deferred_top_level') {
      keys.push(qualified);
    }
  } else {
    keys.push(qualified);
  }
  return [...new Set(keys)];
}

/** Options of {@link approvalDecisionStorageKeys}: the key options plus the decision's scope. */
export interface ApprovalDecisionStorageKeyOptions extends FunctionToolApprovalKeyOptions {
  /** A sticky ("always approve/reject") decision rather than a per-call one. */
  always: boolean;
}

/**
 * Keys a decision is recorded under (runtime-identity.md a.5, "Where a decision is recorded").
 * A sticky decision goes only under the exact key (the last key computed without the alias,
 * e.g. `deferred_top_level:x`), so "always approve" for a deferred tool never authorises the
 * same-named bare tool; a per-call decision is mirrored under every key, alias included.
 * `preferLegacySameNameNamespace` defaults to "no lookup key", as Python's callers pass it, and
 * the legacy deferred key is never written (it exists only for reading old states).
 */
export function approvalDecisionStorageKeys(options: ApprovalDecisionStorageKeyOptions): string[] {
  const lookupKey = readField(options, 'toolLookupKey');
  const preferLegacy = readField(options, 'preferLegacySameNameNamespace');
  const base: FunctionToolApprovalKeyOptions = {
    toolName: readField(options, 'toolName') as string | null | undefined,
    toolNamespace: readField(options, 'toolNamespace') as string | null | undefined,
    toolLookupKey: lookupKey as LookupKey | null | undefined,
    allowBareNameAlias: readField(options, 'allowBareNameAlias') === true,
    preferLegacySameNameNamespace:
      typeof preferLegacy === 'boolean' ? preferLegacy : lookupKey === undefined || lookupKey === null,
    includeLegacyDeferredKey: false,
  };
  if (readField(options, 'always') !== true) {
    return getFunctionToolApprovalKeys(base);
  }
  const exact = getFunctionToolApprovalKeys({ ...base, allowBareNameAlias: false }).at(-1);
  return exact === undefined ? [] : [exact];
}
