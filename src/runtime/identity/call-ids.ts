import { normalizeLookupKey } from './lookup-keys.js';
import { isObjectLike, readField } from './records.js';
import { nonEmptyString } from './strings.js';
import { getToolCallName, getToolCallNamespace, getFunctionToolLookupKeyForCall } from './tool-calls.js';
import type { LookupKey } from './types.js';

/** Identity of a hosted MCP approval request; absent parts are `null` (runtime-identity.md (h)). */
export interface HostedMcpApprovalRequestIdentity {
  /** Invocation identity of this request (its call ID). */
  requestId: string | null;
  serverLabel: string | null;
  toolName: string | null;
}

/**
 * The raw item of an approval item (`{ rawItem }`, or Python's `raw_item`), or the value itself
 * when it is already a raw item (runtime-identity.md (h), `raw = value.raw_item ?? value`).
 */
function rawItemOf(value: unknown): unknown {
  const raw = readField(value, 'rawItem') ?? readField(value, 'raw_item');
  return raw ?? value;
}

function providerDataOf(raw: unknown): unknown {
  return readField(raw, 'providerData') ?? readField(raw, 'provider_data');
}

/**
 * The provider's call ID of a raw item: `call_id || id` (so `""`, `null` and `0` fall through
 * to `id`), returned only when it already is a string, never coerced. Can be `""` when both are
 * empty, as in Python's `extract_tool_call_id` (runtime-identity.md (h)).
 */
export function extractToolCallId(raw: unknown): string | undefined {
  const candidate = readField(raw, 'call_id') || readField(raw, 'id');
  return typeof candidate === 'string' ? candidate : undefined;
}

/**
 * Identity of a hosted MCP approval request, or undefined for any other item
 * (runtime-identity.md (h), Python normative). A raw `mcp_approval_request` uses its own `id`
 * and `name`. A `hosted_tool_call` wrapping one uses `providerData.id` when present, with no
 * fallback even if it is invalid, otherwise the wrapper's `call_id` then `id`; the tool name is
 * the provider's, else the wrapper's. Only non-empty strings count.
 */
export function getHostedMcpApprovalRequestIdentity(value: unknown): HostedMcpApprovalRequestIdentity | undefined {
  const raw = rawItemOf(value);
  const type = readField(raw, 'type');
  if (type === 'mcp_approval_request') {
    return {
      requestId: nonEmptyString(readField(raw, 'id')) ?? null,
      serverLabel: nonEmptyString(readField(raw, 'server_label')) ?? null,
      toolName: nonEmptyString(readField(raw, 'name')) ?? null,
    };
  }
  const request = providerDataOf(raw);
  if (type !== 'hosted_tool_call' || readField(request, 'type') !== 'mcp_approval_request') {
    return undefined;
  }
  const providerId = readField(request, 'id');
  const requestId =
    providerId !== undefined && providerId !== null
      ? nonEmptyString(providerId)
      : (nonEmptyString(readField(raw, 'call_id')) ?? nonEmptyString(readField(raw, 'id')));
  return {
    requestId: requestId ?? null,
    serverLabel: nonEmptyString(readField(request, 'server_label')) ?? null,
    toolName: nonEmptyString(readField(request, 'name')) ?? nonEmptyString(readField(raw, 'name')) ?? null,
  };
}

/**
 * Call ID of an approval item (`{ rawItem, toolLookupKey? }` or a raw item): a hosted MCP
 * approval's request ID with no further fallback; otherwise `call_id || id` when that is a
 * non-empty string. `call_id: 123` gives undefined, not `id`, because the number is truthy and
 * no value is ever coerced (runtime-identity.md (h)).
 */
export function getToolApprovalItemCallId(value: unknown): string | undefined {
  const hosted = getHostedMcpApprovalRequestIdentity(value);
  if (hosted !== undefined) {
    return hosted.requestId ?? undefined;
  }
  const raw = rawItemOf(value);
  return nonEmptyString(readField(raw, 'call_id') || readField(raw, 'id'));
}

/**
 * Lookup key an approval item gets when none was persisted: for a `function_call`, the key of
 * its name and namespace, except that `namespace === name` yields undefined, because that
 * shape may be a deferred tool or a legacy same-name namespace and Python refuses to guess
 * (runtime-identity.md a.5, j.5). Other items have none.
 */
export function toolApprovalItemDefaultLookupKey(rawItem: unknown): LookupKey | undefined {
  if (readField(rawItem, 'type') !== 'function_call') {
    return undefined;
  }
  const name = getToolCallName(rawItem);
  if (name !== undefined && getToolCallNamespace(rawItem) === name) {
    return undefined;
  }
  return getFunctionToolLookupKeyForCall(rawItem);
}

/**
 * Lookup key of an approval item: its persisted `toolLookupKey` (or `tool_lookup_key`) when
 * valid, else {@link toolApprovalItemDefaultLookupKey} of its raw item (runtime-identity.md a.5,
 * "Which key a lookup key feeds").
 */
export function getToolApprovalItemLookupKey(value: unknown): LookupKey | undefined {
  const persisted = isObjectLike(value)
    ? (readField(value, 'toolLookupKey') ?? readField(value, 'tool_lookup_key'))
    : undefined;
  return normalizeLookupKey(persisted) ?? toolApprovalItemDefaultLookupKey(rawItemOf(value));
}
