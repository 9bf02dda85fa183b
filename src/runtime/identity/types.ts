/**
 * Collision-free internal identity of a function tool or call (runtime-identity.md a.4).
 * The three kinds never compare equal to each other, which is what keeps a bare `x`, a
 * namespaced `x` and a deferred `x` apart.
 */
export type LookupKey =
  | { kind: 'bare'; name: string }
  | { kind: 'namespaced'; namespace: string; name: string }
  | { kind: 'deferred_top_level'; name: string };

/** The `kind` of a {@link LookupKey}. */
export type LookupKeyKind = LookupKey['kind'];

/** Plain JSON form of a lookup key as persisted in run state (runtime-identity.md a.4). */
export type SerializedLookupKey = LookupKey;

/** Records that a name was derived from an agent name rather than given (runtime-identity.md §0). */
export interface DefaultIdentity {
  agentName: string;
  derivedName: string;
}

/**
 * Anything tool-shaped. Only `type: 'function'` has a function-tool identity; helpers return
 * undefined/false/[] for other types and for names that are not non-empty strings.
 */
export interface ToolLike {
  type: string;
  name?: unknown;
  /** EXPLICIT namespace only, as set by `toolNamespace()`. */
  namespace?: unknown;
  namespaceDescription?: unknown;
  /** Truthy = deferred loading. */
  deferLoading?: unknown;
  traceName?: unknown;
  defaultIdentity?: DefaultIdentity;
}

/** A handoff as it takes part in routing: the tool name the model sees and its target agent. */
export interface HandoffLike {
  toolName: string;
  agentName: string;
  defaultIdentity?: DefaultIdentity;
}

/** Provider wire payload of one call, as the Responses API sends it. */
export interface ToolCallLike {
  type?: unknown;
  name?: unknown;
  namespace?: unknown;
  call_id?: unknown;
  callId?: unknown;
  id?: unknown;
  arguments?: unknown;
}
